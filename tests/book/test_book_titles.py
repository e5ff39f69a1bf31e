"""A book's title, author and release where its source states them, and an author's own
contents (issue 30, point 4):
Sphinx's conf.py as sphinx-quickstart writes it (read as Python's syntax, never run),
and an XML book whose single top section is its title. The sources are in
tests/book/sources/ (our own words)."""

from pathlib import Path

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk

SOURCES = Path(__file__).parent / "sources"


def test_a_quickstart_conf_names_the_book_by_its_latex_documents_title_and_author():
    book = read_book(str(SOURCES / "termite-sphinx" / "index.rst"))
    # latex_documents = [(master_doc, '….tex', u'Building Termite Mounds', author, 'manual')]:
    # master_doc and author are names standing for values set above them
    assert (book.title, book.running_head) == ("Building Termite Mounds", "Building Termite Mounds")
    assert (book.author, book.version) == ("The Mound Builders", "2.1")
    words = " ".join(m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph))
    assert "Release 2.1 of" in words
    # the pages Sphinx makes for the web are named, not warned of
    assert [m.plain(i.blocks[0].children) for i in walk(book.blocks) if isinstance(i, m.ListItem)] == [
        "Index", "Search Page"]
    assert book.warnings == []


def test_conf_py_is_never_run_and_a_value_it_cannot_read_plainly_is_left_aside(tmp_path):
    touched = tmp_path / "touched"
    (tmp_path / "conf.py").write_text(
        f"open({str(touched)!r}, 'w')\n"
        "project = 'Ants'\nauthor = compute_author()\nname = project + ' Manual'\n"
        "latex_documents = [('index', 'x.tex', name, author, 'manual')]\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text("Ants\n====\n\nWords.\n", encoding="utf-8")
    book = read_book(str(tmp_path / "index.rst"))
    assert (book.title, book.author) == ("Ants Manual", "")
    assert not touched.exists()


def test_several_latex_authors_are_listed_with_commas(tmp_path):
    (tmp_path / "conf.py").write_text("latex_documents = [('index', 'x.tex', 'Wasps', 'Ann \\\\and Bo', 'howto')]\n",
                                      encoding="utf-8")
    (tmp_path / "index.rst").write_text("Wasps\n=====\n\nWords.\n", encoding="utf-8")
    assert read_book(str(tmp_path / "index.rst")).author == "Ann, Bo"


def test_an_xml_books_single_top_section_is_its_title():
    book = read_book(str(SOURCES / "firefly-signals.xml"))
    assert book.title == "Firefly Signals"
    headings = [(h.level, m.plain(h.title), h.numbered) for h in walk(book.blocks) if isinstance(h, m.Heading)]
    # sections nested in sections go one level deeper each; the top one is the unnumbered title
    assert headings == [(1, "Firefly Signals", False), (2, "Short Flashes", True), (3, "Double Flashes", True),
                        (2, "Long Glows", True)]
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == ["flashes"]     # an id is an anchor
    assert book.warnings == []


def _read_md(tmp_path, text: str):
    (tmp_path / "book.md").write_text(text, encoding="utf-8")
    return read_book(str(tmp_path / "book.md"))


CHAPTERS = "## Eggs\n\nLaid.\n\n## Larvae\n\nFed.\n\n### Moults\n\nShed.\n\n## Adults\n\nFly.\n"


def test_an_authors_own_contents_is_left_out_with_its_heading_and_one_note(tmp_path):
    book = _read_md(tmp_path, "# Wasp Life\n\n## Table of Contents\n\n1. [Eggs](#eggs)\n2. [Larvae](#larvae)\n"
                              "    - [Moults](#moults)\n3. [Adults](#adults)\n\n" + CHAPTERS)
    titles = [m.plain(h.title) for h in walk(book.blocks) if isinstance(h, m.Heading)]
    assert titles == ["Wasp Life", "Eggs", "Larvae", "Moults", "Adults"]
    assert not [b for b in walk(book.blocks) if isinstance(b, m.ListBlock)]
    assert [(w.line, w.message) for w in book.warnings] == [
        (5, "the author's own list of contents (4 entries) is left out: the book prints its contents from its headings")]


def test_a_list_that_is_not_only_links_to_headings_is_kept(tmp_path):
    for lists in ("- [Eggs](#eggs)\n- [Larvae](#larvae)\n",                          # two links: a "see also"
                  "- [Eggs](#eggs)\n- [Larvae](#larvae)\n- Adults, later\n",         # words of its own
                  "- [Eggs](#eggs)\n- [Larvae](#larvae)\n- [Wasps](https://example.org/wasps)\n"):   # the web
        book = _read_md(tmp_path, "# Wasp Life\n\n" + lists + "\n" + CHAPTERS)
        assert [b for b in walk(book.blocks) if isinstance(b, m.ListBlock)], lists
        assert not [w for w in book.warnings if "contents" in w.message]


def test_conf_values_set_together_and_an_author_list_are_read(tmp_path):
    (tmp_path / "conf.py").write_text("project = 'Moths'\nversion = release = '3.2'\nauthor = 'Ann'\n"
                                      "doc_title = f'{project} Field Guide'\n"
                                      "latex_documents = [(master_doc, project + '.tex', doc_title, [author, 'Bo'], "
                                      "'manual')]\n", encoding="utf-8")
    (tmp_path / "index.rst").write_text("Moths\n=====\n\nWords.\n", encoding="utf-8")
    book = read_book(str(tmp_path / "index.rst"))
    assert (book.title, book.author, book.version) == ("Moths Field Guide", "Ann, Bo", "3.2")


def test_typed_conf_values_are_read_too(tmp_path):
    (tmp_path / "conf.py").write_text("from typing import List, Tuple\nmaster_doc: str = 'start'\n"
                                      "author: str = 'Cy'\nlatex_documents: List[Tuple[str, ...]] = [\n"
                                      "    (master_doc, 'x.tex', 'Typed Termites', author, 'manual'),\n]\n",
                                      encoding="utf-8")
    (tmp_path / "start.rst").write_text("Start\n=====\n\nWords.\n", encoding="utf-8")
    book = read_book(str(tmp_path))                     # the folder: its master document, start.rst
    assert (book.title, book.author) == ("Typed Termites", "Cy")
