"""The one layout, on books built by hand from the model: every node a reader may
produce, including those the Nests markup lacks. Each book passes the whole-book checks."""

import re

from nests.book import model as m
from nests.generators.rulebook.flow import width
from nests.publish.txt import join_pages

from .checks import check_book, contents_entries, lines_of


def T(text):
    return m.Text(text)


def P(text):
    return m.Paragraph([T(text)])


def item(*blocks):
    return m.ListItem(list(blocks))


def body(book) -> list[str]:
    """Body lines inside the frame, box walls and margins stripped."""
    out = []
    for page in book.pages:
        if page.kind == "body":
            for line in lines_of(page)[1:-2]:
                line = line[2:-3].rstrip()
                while line.startswith("│ "):
                    line = line[2:].rstrip(" │")
                out.append(line)
    return out


def text_of(book) -> str:
    return join_pages([p.text for p in book.pages])


def page_holding(book, words: str):
    return next(p for p in book.pages if p.kind == "body" and words in p.text)


def test_headings_six_levels_deep_numbered_and_not(typeset_blocks):
    book = typeset_blocks([m.Heading(level, [T(f"Level {level}")]) for level in range(1, 7)]
                          + [m.Heading(2, [T("Appendix")], numbered=False), m.Heading(3, [T("After it")])])
    check_book(book)
    lines = body(book)
    for label in ("1 Level 1", "1.1 Level 2", "1.1.1 Level 3", "1.1.1.1 Level 4",
                  "1.1.1.1.1 Level 5", "1.1.1.1.1.1 Level 6", "Appendix", "1.1.2 After it"):
        assert label in lines
    assert [label for label, _ in contents_entries(book)][-2:] == ["Appendix", "1.1.2 After it"]


def test_a_book_may_pad_its_heading_numbers(content):
    from nests.generators.rulebook import typeset

    headings = [m.Heading(1, [T("One")]), m.Heading(2, [T("Two")]), m.Heading(1, [T("Three")])]
    padded = typeset(m.Book("Padded", headings, "padded.md", number_parts=4), content)
    assert [label for label, _ in contents_entries(padded)] == ["1.0.0.0 One", "1.1.0.0 Two", "2.0.0.0 Three"]


def test_nested_lists_three_deep_hang_under_their_markers(typeset_blocks):
    long = "words " * 25
    book = typeset_blocks([m.ListBlock(False, [
        item(P("outer " + long), m.ListBlock(True, [
            item(P("middle"), m.ListBlock(False, [item(P("inner " + long)), item(P("inner two"))])),
            item(P("middle two"))], start=3)),
        item(P("outer two"))])])
    check_book(book)
    lines = body(book)
    outer = lines.index(next(s for s in lines if s.startswith("• outer")))
    assert lines[outer + 1].startswith("  words")
    assert "  3. middle" in lines and "  4. middle two" in lines
    inner = next(s for s in lines if "inner words" in s)
    assert inner.startswith("     ▪ inner")      # the third depth of nesting and lines[lines.index(inner) + 1].startswith("       words")
    assert "• outer two" in lines
    assert " ".join(" ".join(lines).split()).count("words") == 50


def test_definition_lists_indent_their_definitions(typeset_blocks):
    book = typeset_blocks([m.DefinitionList([m.Definition([m.Strong([T("Threshold")])], [P("A number " * 20)]),
                                             m.Definition([T("Bennie")], [P("A token.")])])])
    check_book(book)
    lines = body(book)
    at = lines.index("Threshold")
    assert lines[at + 1].startswith("    A number") and lines[at + 2].startswith("    ") and lines[at + 2][4] != " "
    assert lines[lines.index("Bennie") + 1] == "    A token."


def test_a_105_column_table_wraps_its_cells_inside_the_page(typeset_blocks):
    header = [m.Cell([T(f"Heading{k}")]) for k in range(9)]
    rows = [[m.Cell([T(f"r{r}c{k} " + "longword " * (k % 3))]) for k in range(9)] for r in range(4)]
    raw = "|" + "|".join(f" {c.children[0].text:<10} " for c in header) + "|"
    assert len(raw) >= 105                   # as wide as the widest Markdown table of the shared books
    book = typeset_blocks([m.Table([header], rows, caption=[T("Wide")], numbered=True)])
    check_book(book)
    text = " ".join(body(book))
    for row in [header] + rows:
        for cell in row:
            for word in cell.children[0].text.split():
                assert word in text
    assert text.count("longword") == 4 * 3 * (0 + 1 + 2)
    assert "Table 1: Wide" in text


def test_a_long_word_in_a_narrow_cell_is_cut_not_lost(typeset_blocks):
    cells = [m.Cell([T("x" * 60)]), m.Cell([T("y" * 60)])]
    book = typeset_blocks([m.Table([], [cells])])
    check_book(book)
    rows = [line.split() for line in body(book) if line.strip()]
    assert [len(r) for r in rows] == [2, 2]
    for k, letter in enumerate("xy"):              # each part but the last ends with a hyphen
        assert rows[0][k].endswith("-") and not rows[1][k].endswith("-")
        assert rows[0][k][:-1] + rows[1][k] == letter * 60


def test_table_columns_share_the_width_by_their_content(typeset_blocks):
    wordy = "a description that goes on about what the thing does and where it is found " * 3
    heads = ("Name", "Cost", "Guards against", "Found in", "Description")
    rows = [[m.Cell([T(f"Item {n}")]), m.Cell([T(f"{n * 15} gp")]), m.Cell([T("resistance to fire, cold and lightning")]),
             m.Cell([T("the northern caves under the old mill")]), m.Cell([T(wordy)])] for n in range(1, 4)]
    book = typeset_blocks([m.Table([[m.Cell([T(h)]) for h in heads]], rows)])
    check_book(book)
    lines = [line for line in body(book) if line.strip()]
    starts = [lines[0].index(h) for h in heads]
    widths = [b - a for a, b in zip(starts, starts[1:])]
    description = max(len(s) for s in lines) - starts[-1]
    assert description > 2 * max(widths)                         # the wordy column gets the room
    for n in range(1, 4):                                        # the short cells are never wrapped
        assert any(f"Item {n}" in s and f"{n * 15} gp" in s for s in lines)
    assert not any(s.rstrip().endswith("-") for s in lines)        # no word broken: every one fits its column


def test_boxes_hold_tables_and_nested_boxes(typeset_blocks):
    table = m.Table([[m.Cell([T("Die")]), m.Cell([T("Result")])]],
                    [[m.Cell([T(str(n))]), m.Cell([T(f"outcome {n} " * 6)])] for n in range(1, 7)],
                    caption=[T("Rolls")], numbered=True)
    inner = m.Box("warning", [], [P("Careful.")])
    book = typeset_blocks([m.Box("example", [T("Boxed")], [P("Before the table."), table, inner], numbered=True)])
    check_book(book)
    lines = body(book)
    assert lines[0].startswith("┌[Example 1: Boxed]")
    assert any(s.startswith("┌[Warning]") for s in lines)
    assert "Table 1: Rolls" in " ".join(lines)


def test_a_box_longer_than_a_page_is_closed_and_reopened(typeset_blocks):
    book = typeset_blocks([m.Box("note", [T("Long")], [P(f"Paragraph {n}.") for n in range(40)])])
    check_book(book)
    tops = [s for s in body(book) if s.startswith("┌[")]
    assert tops[0].startswith("┌[Long]") and tops[1].startswith("┌[Long (continued)]")
    assert " ".join(body(book)).count("Paragraph") == 40


def test_cross_references_print_the_page_they_point_to(typeset_blocks):
    filler = [P(f"Filler paragraph {n}.") for n in range(60)]
    book = typeset_blocks([
        m.Paragraph([T("See "), m.Ref("far"), T(" and "), m.Ref("table", [T("the odds")]), T(".")]),
        *filler,
        m.Heading(2, [T("Far Away")], anchor="far"),
        m.Table([], [[m.Cell([T("a")])]], caption=[T("Odds")], numbered=True, anchor="table"),
    ])
    check_book(book)
    far = next(p for p in book.pages if any(t == "Far Away" for _, _, t in p.headings)).number
    odds = page_holding(book, "Table 1: Odds").number
    assert f"See 1 Far Away (page {far}) and the odds (page {odds})." in body(book)
    assert far > 2 and book.warnings == []


def test_a_sentence_that_gives_the_page_does_not_get_it_twice(typeset_blocks):
    filler = [P(f"Filler paragraph {n}.") for n in range(60)]
    book = typeset_blocks([
        m.Paragraph([T("See Section "), m.Ref("far", number=True), T(" on page "), m.Ref("far", page=True),
                     T(", Table "), m.Ref("table", number=True), T(" and "), m.Ref("plain", number=True), T(".")]),
        m.Paragraph([T("On page "), m.Ref("far", page=True), T(" ("), m.Emphasis([m.Ref("far")]), T(").")]),
        *filler,
        m.Heading(1, [T("Near")]), m.Heading(2, [T("Far Away")], anchor="far"),
        m.Table([], [[m.Cell([T("a")])]], caption=[T("Odds")], numbered=True, anchor="table"),
        m.Heading(2, [T("Plain")], anchor="plain", numbered=False),
    ])
    check_book(book)
    far = next(p for p in book.pages if any(t == "Far Away" for _, _, t in p.headings)).number
    odds = page_holding(book, "Table 1: Odds").number
    lines = body(book)
    assert f"See Section 1.1 on page {far}, Table 1 (page {odds}) and Plain (page {far})." in lines
    assert f"On page {far} (1.1 Far Away)." in lines


def test_footnotes_are_numbered_in_order_of_mention(typeset_blocks):
    book = typeset_blocks([
        m.Paragraph([T("First"), m.FootnoteRef("b"), T(" then"), m.FootnoteRef("a"), T(".")]),
        m.Footnote("a", [P("Note a.")]), m.Footnote("b", [P("Note b.")])])
    check_book(book)
    lines = body(book)
    assert "First[1] then[2]." in lines and "[2] Note a." in lines and "[1] Note b." in lines


def test_missing_formula_figure_symbol_and_breaks(typeset_blocks):
    book = typeset_blocks([
        m.Missing("04-combat.md"),
        m.Paragraph([T("Roll "), m.Symbol("d6-3", "⚂"), T(" then"), m.LineBreak(), T("a new line "),
                     m.Missing("image: face.png"), T(" "), m.Math("x ≥ √y"), T(" "), m.Code("code")]),
        m.Formula("P(success) → 1 − (1 − p)³"),
        m.Figure([T("The board")], numbered=True),
        m.Figure([], alt="A die, showing three"),
        m.Verbatim(["def roll():", "    return 3"]),
    ])
    check_book(book)
    lines = body(book)
    assert "[missing: 04-combat.md]" in lines
    assert "Roll ⚂ then" in lines and "a new line [missing: image: face.png] x ≥ √y code" in lines
    assert "P(success) → 1 − (1 − p)³" in [s.strip() for s in lines]
    assert "Figure 1: The board" in [s.strip() for s in lines]
    assert "A die, showing three" in [s.strip() for s in lines]
    code = [s.strip() for s in lines if "def roll" in s or "return 3" in s]
    assert code == ["def roll():", "return 3"]


def test_a_long_title_wraps_above_its_leader_line(typeset_blocks):
    title = "A heading whose title is far too long to sit on one line of the contents with its page number"
    book = typeset_blocks([m.Heading(1, [T(title)], numbered=False), P("Text.")])
    check_book(book)
    contents = lines_of(book.pages[0])
    at = next(k for k, s in enumerate(contents) if "A heading whose" in s)
    assert not re.search(r"\.{3,} \d+ ║", contents[at]) and re.search(r"\.{3,} 2 ║▓$", contents[at + 1])
    assert contents_entries(book) == [(title, 2)]


def test_the_outline_holds_the_top_level_and_the_next_when_it_is_alone(typeset_blocks):
    book = typeset_blocks([m.Heading(1, [T("The Book")], numbered=False),
                           m.Heading(3, [T("Part one")]), m.Heading(5, [T("Deep")]), m.Heading(6, [T("Deeper")]),
                           m.Heading(3, [T("Part two")])])
    marks = [mark for p in book.pages for mark in p.bookmarks]
    assert marks == [(1, "Contents"), (1, "The Book"), (2, "1 Part one"), (3, "1.0.1 Deep"),
                     (2, "2 Part two")]


def test_sheets_known_print_unknown_are_placeholders(typeset_blocks):
    book = typeset_blocks([P("Text."), m.SheetPlaceholder("wasp", source="hand.md", line=3),
                           m.SheetPlaceholder("no-such-game", source="hand.md", line=9),
                           m.ListBlock(False, [item(P("In a list:"), m.SheetPlaceholder("malleus-deum"))])],
                          extra_sheets=["template"])
    check_book(book)
    kinds = [p.kind for p in book.pages]
    assert kinds == ["body", "sheet", "body", "body", "sheet", "sheet", "sheet"]      # no heading: no contents
    assert "WASP" in lines_of(book.pages[1])[1]
    assert "[missing: character sheet no-such-game]" in book.pages[2].text
    assert "In a list:" in book.pages[3].text          # a sheet asked for inside a list follows the list
    assert [(w.source, w.line) for w in book.warnings] == [("hand.md", 9)]
    assert all(width(s) == 94 for p in book.pages for s in lines_of(p))
    assert [p.number for p in book.pages] == list(range(1, 8))


def _last_words(page) -> str:
    """The last line of a page's body that holds anything."""
    return next(s for s in reversed(lines_of(page)[1:-2]) if s[1:-3].strip()).strip("║▓ ")


def test_a_heading_never_stands_alone_at_the_foot_of_a_page(typeset_blocks_session):
    """Wherever a run of headings falls (filler of every length before it), the
    headings share their page with the first lines of what they head, or move
    with them to the next: a table longer than a page, a paragraph, a box."""
    para = P("The heading's own text begins here and runs on for a while. " * 6)
    table = m.Table([[m.Cell([T("Roll")]), m.Cell([T("Result")])]],
                    [[m.Cell([T(str(n))]), m.Cell([T(f"outcome {n}")])] for n in range(60)])
    box = m.Box("note", [T("Aside")], [P("Boxed words. " * 30)])
    for follower in (para, table, box):
        for filler in range(1, 47):
            lines = [T("filler")] + [x for k in range(1, filler) for x in (m.LineBreak(), T(f"filler {k}"))]
            book = typeset_blocks_session([m.Paragraph(lines), m.Heading(2, [T("Section")]),
                                           m.Heading(3, [T("Subsection")]), follower, P("After.")])
            pages = [p for p in book.pages if p.kind == "body"]
            for page in pages:
                last = _last_words(page)
                assert "Section" not in last and "Subsection" not in last and set(last) != {"─"}, (filler, last)
            heading_page = next(p for p in pages if "1.1 Subsection" in p.text)
            assert "1 Section" in heading_page.text
