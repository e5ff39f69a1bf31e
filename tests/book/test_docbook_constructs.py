"""What a reader sees of each DocBook construct once typeset: sections at every
depth in the contents, lists, verbatim lines, boxes, tables, cross-references,
links and footnotes, and a figure's picture.

tests/book/docbook/hive-keeping.xml is a small DocBook 4 book of our own holding
each construct once; every test reads the typeset pages, not only the model."""

from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.generators.rulebook import typeset
from tests.rulebook.checks import (body_text, check_book, check_cells, check_footnotes, check_references,
                                   contents_entries, heading_pages, lines_of)

HIVE = Path(__file__).parent / "docbook" / "hive-keeping.xml"


@pytest.fixture(scope="module")
def hive(content):
    model = read_book(str(HIVE))
    return model, typeset(model, content)


def nodes(model, kind) -> list:
    return [n for n in walk(model.blocks) if isinstance(n, kind)]


def printed(book) -> list[tuple[int, str]]:
    """(page, line inside the frame) for every non-blank line of the body pages."""
    return [(p.number, line[2:-3].rstrip()) for p in book.pages if p.kind == "body"
            for line in lines_of(p)[1:-2] if line[2:-3].strip()]


def run_of(book, expected: list[str]) -> int:
    """The page on which ``expected`` stands as consecutive printed lines (stripped)."""
    lines = printed(book)
    for k in range(len(lines) - len(expected) + 1):
        if [text.strip() for _, text in lines[k:k + len(expected)]] == expected:
            return lines[k][0]
    raise AssertionError(f"not printed as consecutive lines: {expected}")


def test_sect1_to_sect5_and_nested_sections_are_numbered_headings_in_the_contents(hive):
    model, book = hive
    assert [(m.plain(h.title), h.level, h.numbered) for h in nodes(model, m.Heading)] == [
        ("Hive Keeping", 1, False), ("Walls", 2, True), ("Outer Wall", 3, True), ("Second Layer", 4, True),
        ("Third Layer", 5, True), ("Fourth Layer", 6, True), ("Fifth Layer", 7, True),
        ("Loose Section", 3, True), ("Inner Section", 4, True), ("Chores", 2, True)]
    assert [label for label, _ in contents_entries(book)] == [
        "Hive Keeping", "1 Walls", "1.1 Outer Wall", "1.1.1 Second Layer", "1.1.1.1 Third Layer",
        "1.1.1.1.1 Fourth Layer", "1.1.1.1.1.1 Fifth Layer", "1.2 Loose Section", "1.2.1 Inner Section",
        "2 Chores"]
    check_book(book)                     # every page on the grid, each entry on its page, no markup left


def test_ordered_itemized_and_variable_lists_print_as_lists(hive):
    model, book = hive
    ordered, bullets = nodes(model, m.ListBlock)[0], nodes(model, m.ListBlock)[2]
    assert (ordered.ordered, ordered.start, len(ordered.items)) == (True, 3, 2)
    assert (bullets.ordered, len(bullets.items)) == (False, 2)
    (terms,) = nodes(model, m.DefinitionList)          # two entries, one list
    assert [m.plain(d.term) for d in terms.items] == ["Drone, Male", "swarm"]
    run_of(book, ["3. Sweep the brood comb.", "4. Fan the honey.", "◦ Left wing first.",
                  "• Guard the gate.", "• Greet the scouts.",
                  "Drone, Male", "Waits for the flight.", "swarm", "Leaves with the old queen."])


def test_programlisting_and_screen_keep_their_lines_and_indentation(hive):
    model, book = hive
    listing, screen = nodes(model, m.Verbatim)
    assert listing.lines == ['def count(cells):', '    if cells < 10:', '        return "small"',
                             '    return "large"']
    assert screen.lines == ["keeper$ smoke --gentle", "bees calm"]
    lines = [text for _, text in printed(book)]
    first = next(k for k, text in enumerate(lines) if text.strip() == "def count(cells):")
    left = lines[first].index("def")
    assert [text[left:] for text in lines[first:first + 6]] == listing.lines + screen.lines


def test_note_warning_and_tip_are_boxes_with_their_titles(hive):
    model, book = hive
    assert [(b.kind, m.plain(b.title)) for b in nodes(model, m.Box)] == [
        ("note", ""), ("warning", "Stings"), ("tip", "")]
    text = [text for _, text in printed(book)]
    for top, said in (("┌[Note]", "│ Bees remember faces."), ("┌[Stings]", "│ Never swat a guard."),
                      ("┌[Tip]", "│ Move slowly near the gate.")):
        k = next(k for k, line in enumerate(text) if line.startswith(top))
        assert text[k + 1].startswith(said) and text[k + 2].startswith("└")


def test_an_informaltable_prints_its_head_rule_and_every_cell(hive):
    model, book = hive
    (table,) = nodes(model, m.Table)
    assert [[m.plain(c.children) for c in row] for row in table.header] == [["Cell", "Width"]]
    assert [[m.plain(c.children) for c in row] for row in table.rows] == [["Worker", "5 mm"], ["Drone", "6 mm"]]
    assert not table.numbered and not table.caption
    lines = [text.strip() for _, text in printed(book)]
    head = lines.index("Cell     Width")
    assert set(lines[head + 1]) == {"─"} and lines[head + 2:head + 4] == ["Worker   5 mm", "Drone    6 mm"]
    check_cells(model, book)


def test_xref_ulink_and_footnote_print_what_they_point_at(hive):
    model, book = hive
    pages = heading_pages(model, book)
    table_page = run_of(book, ["Worker   5 mm"])
    text = body_text(book)
    # an xref prints its target's number, title and page; endterm's words or the target's xreflabel instead
    assert f"see1.1.1.1.1.1FifthLayer(page{pages['deepest']})forthecellar," in text
    assert f"therim(page{pages['outer']})fortheoutside" in text
    assert f"thecellsizes(page{table_page})forthesizes.[1]" in text
    # a ulink prints its words and where it leads; one without words prints its address once
    assert "Readthekeeper'snotes(https://example.org/hives)orhttps://example.org/barebeforeaharvest." in text
    assert text.count("example.org/bare") == 1
    # the footnote follows the paragraph that mentions it, on its page, before the next heading
    mention = run_of(book, ["[1] Wax melts in summer."])
    lines = [line.strip() for _, line in printed(book)]
    assert lines.index("[1] Wax melts in summer.") == lines.index("1.1 Outer Wall") - 1
    assert mention == pages["walls"]
    check_references(model, book)
    check_footnotes(model, book)


def test_a_footnote_before_a_list_stays_out_of_the_list(hive):
    model, _ = hive
    ordered = nodes(model, m.ListBlock)[0]
    assert not [n for n in walk(ordered.items) if isinstance(n, m.Footnote)]
    (note,) = nodes(model, m.Footnote)
    at = model.blocks.index(note)
    assert isinstance(model.blocks[at - 1], m.Paragraph) and "sizes." in m.plain(model.blocks[at - 1].children)


def test_a_figure_prints_the_picture_a_page_can_print_of_those_it_offers(tmp_path, content):
    from PIL import Image
    (tmp_path / "pics").mkdir()
    Image.new("RGB", (300, 100), "blue").save(tmp_path / "pics" / "comb.png")
    (tmp_path / "pics" / "comb.eps").write_text("%!PS-Adobe-3.0 EPSF-3.0\n")
    book = tmp_path / "figures.xml"
    book.write_text("""<book><title>Combs</title><chapter><title>Shapes</title><para>Look.</para>
<figure id="comb"><title>A comb</title><mediaobject>
  <imageobject><imagedata fileref="pics/comb.eps" format="EPS"/></imageobject>
  <imageobject><imagedata fileref="pics/comb.png" format="PNG"/></imageobject>
  <textobject><phrase>Six sides</phrase></textobject></mediaobject></figure>
<figure><title>Gone</title><mediaobject><imageobject>
  <imagedata fileref="pics/lost.png"/></imageobject></mediaobject></figure>
</chapter></book>
""")
    model = read_book(str(book))
    shown, gone = nodes(model, m.Figure)
    assert (shown.image.name, shown.image.kind, shown.image.width, shown.alt) == ("pics/comb.png", "png", 300,
                                                                                 "Six sides")
    assert gone.image is None and m.plain(gone.caption).startswith("[missing: image: pics/lost.png]")
    assert [(w.line, "pics/lost.png" in w.message) for w in model.warnings] == [(7, True)]
    check_book(typeset(model, content))


def test_a_screen_in_a_table_cell_keeps_its_lines(tmp_path, content):
    book = tmp_path / "framed.xml"
    book.write_text("""<article xmlns="http://docbook.org/ns/docbook"><title>Framed</title>
<para>Ask the hive:</para>
<table frame="box"><tbody><tr><td><screen>
hive$ hive --version
hive 2.0
</screen></td></tr></tbody></table>
</article>
""")
    model = read_book(str(book))
    assert len(nodes(model, m.Table)) == 1
    typeset_book = typeset(model, content)
    run_of(typeset_book, ["hive$ hive --version", "hive 2.0"])
    check_book(typeset_book)


def test_a_tables_numbers_are_bounded_and_refused_at_their_line(tmp_path):
    """A CALS or HTML table's counts (cols, colspan, rowspan…) are read up to a limit far past any
    printed table; a count past it is one error at its line, never a list of that many places."""
    from nests.book.readers.docbook_tables import MOST_COLUMNS
    from nests.errors import NestsError

    def book(attributes: str) -> str:
        return ("<article xmlns='http://docbook.org/ns/docbook' version='5.0'><title>T</title>\n"
                f"<informaltable><tgroup cols='2'><tbody><row>\n<entry {attributes}>a</entry><entry>b</entry>"
                "</row></tbody></tgroup></informaltable></article>\n")

    source = tmp_path / "t.xml"
    for attributes in (f"colspan='{MOST_COLUMNS + 1}'", "morerows='9" + "9" * 400 + "'", "rowspan='1000001'"):
        source.write_text(book(attributes), encoding="utf-8")
        with pytest.raises(NestsError) as refused:
            read_book(str(source))
        assert str(refused.value).startswith("t.xml:3: ") or f"{source}:3: " in str(refused.value), str(refused.value)
        assert "is more than a table may hold" in str(refused.value)
    source.write_text(book("colspan='2'") .replace("<entry>b</entry>", ""), encoding="utf-8")
    assert read_book(str(source)).blocks
