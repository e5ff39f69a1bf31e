"""Books the readers were not written against: small sources of our own in every
markup (tests/book/sources/), each using constructs the shared books use and
many they do not. Each is typeset and must hold what any book must: the grid,
closed frames, every heading of the source in the contents at its page, no
markup left, every cell, reference and footnote printed, each warning once."""

from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.cli import main
from nests.generators.rulebook import typeset
from tests.rulebook.checks import (body_text, check_book, check_cells, check_footnotes, check_references,
                                   check_warnings, contents_entries, lines_of, squeezed)

from .headings import source_headings, words

SOURCES = Path(__file__).parent / "sources"
NAMES = sorted(p.name for p in SOURCES.iterdir() if p.is_file())          # (folders: books in many files)


@pytest.fixture(scope="module")
def typeset_once(content, read_once):
    """name → (its model, the book typeset), each source read and typeset once in this module."""
    made = {}

    def book(name):
        if name not in made:
            model = read_once(SOURCES / name)
            made[name] = model, typeset(model, content)
        return made[name]

    return book


@pytest.fixture(scope="module", params=NAMES)
def book(request, typeset_once):
    return SOURCES / request.param, *typeset_once(request.param)


def test_there_are_two_sources_or_more_of_every_markup():
    for ending in (".md", ".rst", ".tex", ".xml", ".raw.txt"):
        assert len([n for n in NAMES if n.endswith(ending)]) >= 2, ending


def test_the_book_holds_what_every_book_must(book):
    path, model, typeset_book = book
    check_book(typeset_book)
    check_cells(model, typeset_book)
    check_references(model, typeset_book)
    check_footnotes(model, typeset_book)
    check_warnings(typeset_book)


def test_every_heading_of_the_source_is_in_the_contents(book):
    path, model, typeset_book = book
    lines = path.read_text(encoding="utf-8-sig").replace("\r\n", "\n").split("\n")
    listed = [words(label) for label, _ in contents_entries(typeset_book)]
    expected = source_headings(path, lines)
    if model.toc_depth is not None:          # the contents as deep as the source's tool lists them
        found = iter([(words(m.plain(h.title)), h.level) for h in walk(model.blocks) if isinstance(h, m.Heading)])
        levels = [next(level for said, level in found if said == title) for title in expected]
        expected = [title for title, level in zip(expected, levels) if level <= model.toc_depth]
    at = 0
    for heading in expected:
        # in order; an entry reads "3.1 Title": the title ends it
        found = next((k for k in range(at, len(listed)) if listed[k].endswith(heading)), None)
        assert found is not None, (heading, listed[at:])
        at = found + 1


def test_heading_numbers_are_natural_except_in_the_nests_markup(book):
    path, model, typeset_book = book
    numbers = [number for p in typeset_book.pages for _, number, _ in p.headings if number]
    if path.name.endswith(".raw.txt"):
        assert all(len(n.split(".")) >= 4 for n in numbers)
    else:
        assert not [n for n in numbers if n.endswith(".0")], numbers


def test_the_long_sources_exercise_what_they_promise(read_once):
    """The sources hold the constructs this module is about (a guard against a source trimmed by mistake)."""
    def model(name):
        return read_once(SOURCES / name)

    md, rst, tex, xml = (model(n) for n in ("lantern-moths.md", "hive-tithe.rst", "cricket-duel.tex",
                                             "spider-court.xml"))
    for read, depth in ((md, 6), (rst, 8), (tex, 6), (xml, 5)):
        assert max(n.level for n in walk(read.blocks) if isinstance(n, m.Heading)) >= depth
    assert any(len(t.header[0]) == 12 for t in walk(md.blocks) if isinstance(t, m.Table) and t.header)
    assert {b.kind for b in walk(rst.blocks) if isinstance(b, m.Box)} >= {
        "note", "attention", "caution", "danger", "error", "hint", "important", "tip", "warning"}
    assert any(isinstance(n, m.Verbatim) and "right |" in n.lines[1] for n in walk(rst.blocks))  # a table docutils refused
    assert [n.text for n in walk(xml.blocks) if isinstance(n, m.Text) and "Silk Court" in n.text]   # a DOCTYPE entity
    assert any(isinstance(n, m.Ref) and n.number for n in walk(tex.blocks))


def test_markup_leftovers_read_as_words(typeset_once):
    def text(name):
        return body_text(typeset_once(name)[1])

    cricket = text("cricket-duel.tex")
    # (a book class counts its tables within chapters: the first of chapter 1 is Table 1.1)
    for said in ("“like this” and ‘this’", "LaTeX itself", "50% of ties &", "Table 1.1 (page", "Section 1.1 on page 2"):
        assert squeezed(said) in cricket
    assert "TableTable" not in cricket
    # the author's own commands
    assert squeezed("In Cricket Duel two crickets") in cricket and squeezed("rolls 2 dice, the loser scores zero, "
                                                                           "the winner scores one") in cricket
    assert "Listed•first2•second" in cricket                  # a list in a cell keeps its markers, line by line
    assert "Mixedtwoalist:paragraphs•inacell•kept" in text("spider-court.xml")
    notes = text("moth-notes.tex")
    assert squeezed("about a grey moth.") in notes and "newcommand" not in notes
    night = text("short-night.md")
    # (a Markdown heading takes no number: pandoc numbers none unless asked)
    assert squeezed("A heading written in HTML") in night and squeezed("HTML table cell second & last") in night
    assert squeezed("a row left open and cells too still read") in night and squeezed("• left open ◦ and nested") in night
    assert squeezed("An unknown directive Its body is still read, with its markup.") in text("hive-tithe.rst")
    parade = text("ant-parade.raw.txt")
    assert squeezed("• first thing • second thing") in parade and "kept" in parade


@pytest.mark.parametrize("name", ["only-heading.md", "moth-notes.tex"])
def test_a_byte_order_mark_and_crlf_lines_change_nothing(tmp_path, content, name):
    text = (SOURCES / name).read_bytes().decode("utf-8-sig").replace("\r\n", "\n")
    plain, marked = tmp_path / "plain" / name, tmp_path / "marked" / name
    for path, data in ((plain, text.encode()), (marked, b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())):
        path.parent.mkdir()
        path.write_bytes(data)
    first, second = (typeset(read_book(str(p)), content) for p in (plain, marked))
    assert [p.text for p in first.pages] == [p.text for p in second.pages]
    assert [str(w).split(":", 1)[1] for w in first.warnings] == [str(w).split(":", 1)[1] for w in second.warnings]


@pytest.mark.parametrize("name", ["empty.md", "empty.rst", "empty.tex", "empty.xml", "empty.raw.txt"])
def test_an_empty_file_is_an_empty_book(tmp_path, content, name):
    path = tmp_path / name
    path.write_text("", encoding="utf-8")
    book = typeset(read_book(str(path)), content)
    check_book(book)
    # the Nests markup names its game; an empty book has no title of its own, and names none (not its file's)
    top = "╔►Nests & Insects◄" if name.endswith(".raw.txt") else "╔═══"
    assert lines_of(book.pages[0])[0].startswith(top) and m.has_title_page(book.book) is name.endswith(".raw.txt")


def test_the_command_typesets_txt_and_pdf_and_says_each_warning_once(tmp_path):
    from click.testing import CliRunner

    source = SOURCES / "spider-court.xml"
    result = CliRunner().invoke(main, ["rulebook", str(source), "--format", "txt", "--format", "pdf",
                                       "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "spider-court.pdf").read_bytes().startswith(b"%PDF")
    said = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert said and len(said) == len(set(said))
    assert all(line.startswith(f"{source}:") for line in said)
    assert "Traceback" not in result.output
