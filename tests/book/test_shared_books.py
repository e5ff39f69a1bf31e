"""The four rulebooks of ../shared/rulebook/, each in another markup, read into the book model.

What each test expects is derived from the source's own lines with a simple
pattern (a ``#`` line, an underline, ``\\section``, a ``…title`` element), not
from the reader under test.
"""

import csv
import re
from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers.common import walk

from .headings import source_headings, words

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "rulebook"
BOOKS = ["base-rules.md", "rules-and-procedures.tex", "basic-rules.rst", "malleus-deum.xml"]

# Markup of the four sources that must never reach the printed words.
LEAKS = ["**", "__", "\\emph", "\\item", "\\textbf", "\\label", "\\ref", ":ref:", ":hoverxref:", ".. ",
         "<section", "</", "/>", "{%", "%}", "{{", "}}", "&amp;", "&lt;", "~", "``", "''", "$",
         "|yellowdie|", "](", "[^"]


@pytest.fixture(scope="module", params=BOOKS)
def book(request, read_once):
    path = SHARED / request.param
    return path, path.read_text(encoding="utf-8").split("\n"), read_once(path)


def headings(book) -> list[m.Heading]:
    return [n for n in walk(book.blocks) if isinstance(n, m.Heading)]


def test_every_heading_of_the_source_is_a_heading(book):
    path, lines, read = book
    expected = source_headings(path, lines)
    assert len(expected) > 5
    assert [words(m.plain(h.title)) for h in headings(read)] == expected


def test_titles_are_unnumbered_headings_and_levels_keep_their_depth(book):
    path, lines, read = book
    found = headings(read)
    levels = [h.level for h in found]
    assert levels[0] == 1
    if path.suffix == ".md":        # #### under ## keeps its depth: level = the rank among the ranks used
        marks = [len(h.group(1)) for h in (re.match(r"^(#{1,6})\s", line) for line in lines) if h]
        assert len(marks) == len(levels) and any(b > a + 1 for a, b in zip(marks, marks[1:]))
        used = sorted(set(marks))
        assert levels == [used.index(k) + 1 for k in marks]
    else:                           # these sources skip no level
        assert all(b <= a + 1 for a, b in zip(levels, levels[1:]))
    if path.suffix in (".md", ".rst", ".xml"):          # a document title is never numbered
        assert found[0].numbered is False
    if path.suffix == ".tex":                           # \subsubsection* is unnumbered, \section is not
        assert [h.numbered for h in found if words(m.plain(h.title)) == "Acrobatics"] == [False]
        assert found[0].numbered is True
    anchors = [h.anchor for h in found]
    assert all(anchors) and len(set(anchors)) == len(anchors)


def test_no_markup_leaks_into_any_text(book):
    path, lines, read = book
    texts = [n.text for n in walk(read.blocks) if isinstance(n, m.Text)]
    texts += [n.what for n in walk(read.blocks) if isinstance(n, m.Missing)]
    assert len(texts) > 100
    for text in texts:
        assert not [leak for leak in LEAKS if leak in text], text
        assert not re.search(r"\\[A-Za-z]+", text), text


def test_every_node_has_its_source_and_line(book):
    path, lines, read = book
    for node in walk(read.blocks):
        assert node.source == str(path) and 1 <= node.line <= len(lines), node


def test_headings_stand_on_their_source_line(book):
    path, lines, read = book
    for heading in headings(read):
        assert words(m.plain(heading.title)).split()[0] in words(lines[heading.line - 1]), heading


def test_warnings_name_a_missing_thing_on_its_line_once(book):
    path, lines, read = book
    assert read.warnings
    assert len(set(read.warnings)) == len(read.warnings)
    for warning in read.warnings:
        assert warning.source == str(path)
        line = lines[warning.line - 1]
        quoted = re.search(r"'([^']+)'", warning.message)
        if quoted:
            thing = quoted.group(1)
            assert all(part in line for part in thing.split("…")), (warning, line)
        elif "own list of contents" in warning.message:
            assert re.match(r"\s*(\d+\.|[-*+])\s+\[", line), (warning, line)
        else:
            assert "csv-table" in warning.message and "csv-table" in line


@pytest.mark.parametrize("name, line, thing", [
    ("base-rules.md", 399, "04-combat.md"), ("base-rules.md", 678, "skills"),
    ("rules-and-procedures.tex", 101, "sec:magic"),
    ("basic-rules.rst", 50, "narrative-dice"), ("basic-rules.rst", 9, "yellow-die.png"),
    ("basic-rules.rst", 139, "csv-table"), ("basic-rules.rst", 151, "csv-table"),
    ("malleus-deum.xml", 604, "fragment_character_creation.xml"),
    ("malleus-deum.xml", 225, "sec:character_creation"), ("malleus-deum.xml", 1754, "table:…_awareness"),
    ("malleus-deum.xml", 2490, "for ability_group in ability_groups"),
])
def test_the_known_missing_things_are_reported(read_once, name, line, thing):
    read = read_once(SHARED / name)
    assert [w for w in read.warnings if w.line == line and thing in w.message]
    placeholders = [n for n in walk(read.blocks) if isinstance(n, m.Missing) and n.line == line]
    if name == "base-rules.md" or thing == "narrative-dice":      # links: their words alone
        assert not placeholders
    elif "csv-table" not in thing and "yellow" not in thing:
        assert placeholders and thing.split(":")[-1].replace("…", "") in placeholders[0].what


def test_csv_tables_keep_every_cell_even_when_not_indented(read_once):
    path = SHARED / "basic-rules.rst"
    lines = path.read_text(encoding="utf-8").split("\n")
    expected = {}
    for i, line in enumerate(lines):
        found = re.match(r"\s*\.\. csv-table:: (.*)", line)
        if found:
            rows = []
            for row in lines[i + 1:]:
                if row.strip().startswith(".. ") or re.match(r"^\S", row):
                    break
                if row.strip().startswith('"'):
                    rows.append([c.replace("*", "") for c in next(csv.reader([row.strip()], skipinitialspace=True))])
            expected[found.group(1)] = rows
    assert len(expected) == 3
    tables = {m.plain(t.caption): t for t in walk(read_once(path).blocks) if isinstance(t, m.Table)}
    for caption, rows in expected.items():
        table = tables[caption]
        assert [[m.plain(c.children) for c in row] for row in table.header + table.rows] == rows
        assert table.widths and len(table.widths) == 2


def test_footnotes_match_their_references(read_once):
    read = read_once(SHARED / "basic-rules.rst")
    refs = [n.label for n in walk(read.blocks) if isinstance(n, m.FootnoteRef)]
    notes = [n.label for n in walk(read.blocks) if isinstance(n, m.Footnote)]
    assert refs == notes == ["1", "2"]


def test_sphinx_roles_become_references_to_the_book(read_once):
    read = read_once(SHARED / "basic-rules.rst")
    assert not [w for w in read.warnings if "role" in w.message]
    anchors = {h.anchor for h in headings(read)} | {t.anchor for t in walk(read.blocks) if isinstance(t, m.Table)}
    refs = [n for n in walk(read.blocks) if isinstance(n, m.Ref)]
    assert len(refs) >= 10 and all(r.target in anchors for r in refs)
    # the dice faces print as words, not as their image's markup
    assert "Roll yellow die by default" in [m.plain(p.children)[:26] for p in walk(read.blocks) if isinstance(p, m.Paragraph)]


def test_latex_formulas_and_quotes_read_as_unicode(read_once):
    read = read_once(SHARED / "rules-and-procedures.tex")
    maths = [n.text for n in walk(read.blocks) if isinstance(n, m.Math)]
    assert maths and set(maths) == {"→"}
    text = " ".join(m.plain(p.children) for p in walk(read.blocks) if isinstance(p, m.Paragraph))
    assert "“I attack”" in text
    lists = [n for n in read.blocks if isinstance(n, m.ListBlock)]
    assert any(isinstance(b, m.ListBlock) for item in lists[1].items for b in item.blocks)   # nested


def test_xml_book_symbols_formulas_sheets_and_latex_leftovers(read_once):
    read = read_once(SHARED / "malleus-deum.xml")
    assert read.title == "Malleus Deum"
    ambush = [h for h in headings(read) if words(m.plain(h.title)) == "Ambush"][0]
    symbols = [n for n in ambush.title if isinstance(n, m.Symbol)]
    assert len(symbols) == 1 and len(symbols[0].glyph) == 1
    formulas = [n.text for n in walk(read.blocks) if isinstance(n, m.Formula)]
    assert "Dice + Bonus ≥ Difficulty" in formulas
    assert [n.sheet for n in walk(read.blocks) if isinstance(n, m.SheetPlaceholder)] == ["malleus-deum"]
    text = " ".join(m.plain(p.children) for p in walk(read.blocks) if isinstance(p, m.Paragraph))
    assert "Malleus Deum is a fantasy" in text and "“turtle”" in text
    magic = [h for h in headings(read) if words(m.plain(h.title)) == "The Laws of Magic"][0]
    assert magic.anchor == "ch:magic"                # \label{ch:magic} inside the title names it


def test_markdown_links_to_chapter_files_print_their_words_and_its_own_contents_is_left_out(read_once):
    """base-rules.md opens with its own list of contents (links to its headings): the book
    prints one from the headings, so the author's is left out, said once. Its links to
    chapter files that are not there print their words, each file warned of once."""
    path = SHARED / "base-rules.md"
    read = read_once(path)
    lines = path.read_text(encoding="utf-8").split("\n")
    links = sum(line.count("](#") for line in lines[:50])
    assert not [b for b in read.blocks if isinstance(b, m.ListBlock) and b.line == 3]
    said = [w for w in read.warnings if "own list of contents" in w.message]
    assert [(w.line, f"({links} entries)" in w.message) for w in said] == [(3, True)]
    chapters = sorted({found for line in lines for found in re.findall(r"\]\((\d\d-[\w-]+\.md)", line)})
    assert len(chapters) >= 4
    for chapter in chapters:
        first = next(k for k, line in enumerate(lines, start=1) if f"]({chapter}" in line)
        assert [w.line for w in read.warnings if f"'{chapter}'" in w.message] == [first]
    assert not [n for n in walk(read.blocks) if isinstance(n, m.Missing)]
    line_399 = " ".join(m.plain(n.children) for n in walk(read.blocks) if isinstance(n, m.Paragraph) and n.line == 399)
    assert "(see \"Rest and Recuperation\")" in line_399.replace("“", '"').replace("”", '"')
    wide = [t for t in walk(read.blocks) if isinstance(t, m.Table) and len(t.header[0]) == 9]
    assert len(wide) == 2 and all(len(row) == 9 for t in wide for row in t.rows)
