"""Books in many files (issue 30, point 3): mkdocs' nav, mdBook's book.toml and
SUMMARY.md, GitBook's SUMMARY.md, a folder, several files given. The books are in
tests/book/sources/ (our own words); what is expected is written here from them:
the order of the files, each file's headings at the depth its place in the outline
gives it, links between the files leading to the heading they name, a link to a page
the book lacks printing its words (warned once, at its file and line), and nothing
read outside the book's folder."""

import os
import shutil
from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.cli import main
from nests.errors import NestsError
from nests.generators.rulebook import typeset
from tests.rulebook.checks import check_book, check_references, contents_entries

SOURCES = Path(__file__).parent / "sources"


def outline(book) -> list[tuple[int, str, bool]]:
    return [(h.level, m.plain(h.title), h.numbered) for h in walk(book.blocks) if isinstance(h, m.Heading)]


def anchor_of(book, title: str) -> str:
    return next(h.anchor for h in walk(book.blocks) if isinstance(h, m.Heading) and m.plain(h.title) == title)


def links(book) -> list[tuple[str, str]]:
    """Each reference's words and the title of the heading it leads to."""
    titles = {h.anchor: m.plain(h.title) for h in walk(book.blocks) if isinstance(h, m.Heading)}
    return [(m.plain(r.children), titles[r.target]) for r in walk(book.blocks) if isinstance(r, m.Ref)]


def said(book) -> list[tuple[str, int, str]]:
    return [(os.path.relpath(w.source, SOURCES), w.line, w.message) for w in book.warnings]


def test_mkdocs_nav_sets_each_page_at_its_depth_and_names_the_book():
    book = read_book(str(SOURCES / "beetle-docs" / "mkdocs.yml"))
    assert book.title == "Beetle Skirmish Rules" and book.author == "The Carapace Collective"
    # a nav section without a page is a heading over its pages; a folder's index heads its pages
    assert outline(book) == [(1, "Beetle Skirmish", True), (1, "Rules", True), (2, "Moving", True),
                             (3, "Climbing", True), (2, "Fighting", True), (3, "Horns", True), (1, "Lore", True),
                             (2, "The Dung Roller", True), (2, "The First Log", True)]
    assert links(book) == [("Fighting", "Fighting"), ("horn rule", "Horns"), ("the welcome", "Beetle Skirmish"),
                           ("Climbing", "Climbing")]
    assert said(book) == [
        ("beetle-docs/mkdocs.yml", 17, "the nav names '../../outside.md', which is outside the book's folder; "
                                       "left out"),
        ("beetle-docs/docs/index.md", 7, "the author's own list of contents (3 entries) is left out: "
                                         "the book prints its contents from its headings"),
        ("beetle-docs/docs/rules/fighting.md", 7, "link to 'flight.md', which is not in this book (no such file); "
                                                  "its words are printed")]
    words = " ".join(m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph))
    assert "Flying is in Flight, which this site has not written yet; see Flight again" in words
    assert "On this site" not in [t for _, t, _ in outline(book)]       # its heading went with its list


def test_an_mdbook_has_parts_unnumbered_prefix_and_suffix_chapters_and_drafts():
    book = read_book(str(SOURCES / "moth-book" / "book.toml"))
    assert book.title == "Moth Hunting Season" and book.author == "The Lantern Circle"
    assert outline(book) == [(1, "Foreword", False), (1, "Before the Hunt", True), (2, "Lanterns", True),
                             (3, "Wicks", True), (2, "Nets", True), (3, "Mending Nets", True), (1, "The Hunt", True),
                             (2, "Tracking", True), (2, "Night Calls", True), (3, "Owl Warnings", True),
                             (1, "Afterword", False)]
    assert [m.plain(h.title) for h in walk(book.blocks) if isinstance(h, m.Heading) and h.part] == [
        "Before the Hunt", "The Hunt"]
    assert links(book) == [("Tracking", "Tracking"), ("the wicks", "Wicks"), ("nets", "Nets")]
    assert book.warnings == []
    # the same book from its SUMMARY.md alone: the same pages, and no title (mdBook names the book
    # in book.toml alone; the folder's name is not the book's)
    alone = read_book(str(SOURCES / "moth-book" / "src" / "SUMMARY.md"))
    assert outline(alone) == outline(book) and alone.title == "" and not m.has_title_page(alone)


def test_a_gitbook_summary_skips_its_own_title_and_sets_chapters_under_parts():
    book = read_book(str(SOURCES / "hornet-wiki" / "SUMMARY.md"))
    assert outline(book) == [(2, "Hornet Raids", True), (1, "Planning", True), (2, "Scouting", True),
                             (3, "Scent Trails", True), (1, "The Raid", True), (2, "Breaching", True)]
    assert "description" not in " ".join(m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph))
    assert links(book) == [("breaching", "Breaching")]


def test_a_folder_is_read_in_name_order_counting_numbers_as_numbers():
    book = read_book(str(SOURCES / "cricket-chapters"))
    # index first; 1, 2, 10 (not 1, 10, 2); a folder without an index is headed by its name
    assert outline(book) == [(1, "Cricket Songs", True), (1, "Tuning", True), (1, "Chirping", True),
                             (1, "Duets", True), (1, "Appendix", True), (2, "Tempo", True)]
    # a Markdown link and rST's :doc: reach across the files, whatever their markup
    assert links(book) == [("tuned", "Tuning"), ("", "Chirping"), ("", "Tempo")]
    assert book.warnings == []


def test_files_given_are_read_in_their_order_and_links_leave_the_book_as_words(tmp_path):
    shutil.copytree(SOURCES / "cricket-chapters", tmp_path / "songs")
    songs = tmp_path / "songs"
    book = read_book([str(songs / "2-chirping.md"), str(songs / "1-tuning.md")])
    assert outline(book) == [(1, "Chirping", True), (1, "Tuning", True)]
    assert links(book) == [("tuned", "Tuning")]
    book = read_book([str(songs / "10-duets.rst"), str(songs / "1-tuning.md")])
    assert [w.message for w in book.warnings] == [
        "link to the document '2-chirping', which is not in this book; its words are printed",
        "link to the document 'appendix/tempo', which is not in this book; its words are printed"]


def test_headings_keep_their_ranks_across_files_and_anchors_stay_unique(tmp_path):
    (tmp_path / "a.md").write_text("# Stings\n\n## Venom\n\nSee [b's venom](b.md#venom).\n", encoding="utf-8")
    (tmp_path / "b.md").write_text("## Venom\n\nMore venom; [ours](#venom), [a's](a.md#venom).\n", encoding="utf-8")
    book = read_book([str(tmp_path / "a.md"), str(tmp_path / "b.md")])
    assert outline(book) == [(1, "Stings", True), (2, "Venom", True), (2, "Venom", True)]
    first, second = [h.anchor for h in walk(book.blocks) if isinstance(h, m.Heading)][1:]
    assert first != second
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == [second, second, first]


def test_nothing_outside_the_books_folder_is_read(tmp_path):
    (tmp_path / "secret.md").write_text("# Secret\n\nHidden words.\n", encoding="utf-8")
    book_dir = tmp_path / "book"
    book_dir.mkdir()
    (book_dir / "SUMMARY.md").write_text("# Summary\n\n- [Open](open.md)\n- [Secret](../secret.md)\n"
                                         "- [Linked](linked.md)\n", encoding="utf-8")
    (book_dir / "open.md").write_text("# Open\n\nSee [the secret](../secret.md).\n", encoding="utf-8")
    (book_dir / "linked.md").symlink_to(tmp_path / "secret.md")
    book = read_book(str(book_dir / "SUMMARY.md"))
    assert outline(book) == [(1, "Open", True)]
    assert "Hidden" not in " ".join(n.text for n in walk(book.blocks) if isinstance(n, m.Text))
    assert [(w.line, w.message.split(",")[0]) for w in book.warnings if w.source.endswith("SUMMARY.md")] == [
        (4, "the summary names '../secret.md'"), (5, "the summary names 'linked.md'")]
    assert all("outside the book's folder" in w.message for w in book.warnings)
    # a folder: a link out of it is not followed either
    folder = read_book(str(book_dir))
    assert [m.plain(h.title) for h in walk(folder.blocks) if isinstance(h, m.Heading)] == ["Open"]


@pytest.mark.parametrize("source", ["beetle-docs/mkdocs.yml", "moth-book/book.toml", "hornet-wiki/SUMMARY.md",
                                    "cricket-chapters"])
def test_each_book_typesets_whole_with_every_reference_printed(source, content):
    book = read_book(str(SOURCES / source))
    typeset_book = typeset(book, content)
    check_book(typeset_book)
    check_references(book, typeset_book)
    listed = [label for label, _ in contents_entries(typeset_book)]
    headings = [m.plain(h.title) for h in walk(book.blocks) if isinstance(h, m.Heading)]
    assert len(listed) == len(headings) and all(entry.endswith(title) for entry, title in zip(listed, headings))


def test_the_cli_takes_an_outline_a_folder_or_several_files(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(SOURCES / "moth-book" / "book.toml"), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "moth-book.txt").read_text(encoding="utf-8").count("Moth Hunting Season") >= 5
    songs = SOURCES / "cricket-chapters"
    result = runner.invoke(main, ["rulebook", str(songs / "2-chirping.md"), str(songs / "1-tuning.md"),
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "cricket-chapters.txt").read_text(encoding="utf-8")
    assert text.index("Chirping") < text.index("Tuning") and "1 Chirping" not in text    # as pandoc: no numbers
    result = runner.invoke(main, ["rulebook", str(songs / "2-chirping.md"), str(songs / "1-tuning.md"),
                                  "--number-headings", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "cricket-chapters.txt").read_text(encoding="utf-8")
    assert text.index("1 Chirping") < text.index("2 Tuning")                            # numbered, asked
    result = runner.invoke(main, ["rulebook", str(SOURCES / "beetle-docs" / "mkdocs.yml"), "--strict",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 2 and "fighting.md:7: link to 'flight.md'" in result.output
    assert not (tmp_path / "beetle-docs.txt").exists()


def test_a_page_named_twice_is_read_once_and_warnings_name_files_as_given(tmp_path, monkeypatch):
    (tmp_path / "a.md").write_text("# Antennae\n\nFeel [the rest](b.md).\n", encoding="utf-8")
    (tmp_path / "SUMMARY.md").write_text("# Summary\n\n- [A](a.md)\n- [A again](a.md)\n", encoding="utf-8")
    book = read_book(str(tmp_path / "SUMMARY.md"))
    assert outline(book) == [(1, "Antennae", True)]
    assert [(Path(w.source).name, w.line, w.message) for w in book.warnings] == [
        ("SUMMARY.md", 4, "'a.md' is in the book already; not read again"),
        ("a.md", 3, "link to 'b.md', which is not in this book (no such file); its words are printed")]
    monkeypatch.chdir(tmp_path)
    (tmp_path / "b.md").write_text("# Body\n\nSegments.\n", encoding="utf-8")
    book = read_book(["b.md", "a.md"])
    assert [w.source for w in book.warnings] == [] and links(book) == [("the rest", "Body")]
    book = read_book(["a.md", "SUMMARY.md"])               # (a SUMMARY.md among files is a page like any)
    assert [(w.source, w.line) for w in book.warnings] == [("a.md", 3)]


def test_a_folder_whose_book_one_file_holds_is_read_from_that_file(tmp_path):
    # a Sphinx project: its master document, whose toctree reads the others in place (once each)
    sphinx = read_book(str(SOURCES / "termite-sphinx"))
    assert sphinx.title == "Building Termite Mounds"
    assert [m.plain(h.title) for h in walk(sphinx.blocks) if isinstance(h, m.Heading)] == [
        "Welcome to termite-mounds’s documentation!", "Chimneys", "Indices and tables"]    # Sphinx's smartquotes
    # a LaTeX book: the one file no other includes
    (tmp_path / "ch").mkdir()
    (tmp_path / "main.tex").write_text("\\documentclass{book}\n\\begin{document}\n\\chapter{Ants}\n\\input{ch/one}\n"
                                       "\\include{two}\n\\end{document}\n", encoding="utf-8")
    (tmp_path / "ch" / "one.tex").write_text("\\section{One}\nWords.\n", encoding="utf-8")
    (tmp_path / "two.tex").write_text("\\chapter{Two}\nMore.\n", encoding="utf-8")
    latex = read_book(str(tmp_path))
    assert [m.plain(h.title) for h in walk(latex.blocks) if isinstance(h, m.Heading)] == ["Ants", "One", "Two"]
    (tmp_path / "other.tex").write_text("\\documentclass{article}\n\\begin{document}\nX.\n\\end{document}\n",
                                        encoding="utf-8")
    with pytest.raises(NestsError) as err:
        read_book(str(tmp_path))
    assert "holds 2 LaTeX documents that no other includes (main.tex, other.tex)" in str(err.value)
