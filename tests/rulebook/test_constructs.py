"""One small Nests raw source per markup construct, read, typeset, and the pages read back."""

import re

from tests.frames import check_page, pages_of

from nests.book import model as m
from nests.book.readers import nests as reader
from nests.generators.rulebook import flow
from nests.publish.txt import join_pages


def body(book) -> list[str]:
    """The text inside the frames of every body page, margins stripped."""
    lines = []
    for page in book.pages:
        if page.kind == "body":
            lines += [line[2:-3].rstrip() for line in page.text.split("\n")[1:48]]
    return lines


def test_headings_are_numbered_in_four_levels(typeset_text):
    book = typeset_text(
        "\\chapter{One}\n\\section{Alpha}\n\\subsection{Deep}\n\\subsubsection{Deeper}\n"
        "\\subsubsection{Also deeper}\n\\section{Beta}\n\\chapter{Two}\n\\subsection{Skipped a level}\n")
    lines = body(book)
    for expected in ("1.0.0.0 One", "1.1.0.0 Alpha", "1.1.1.0 Deep", "1.1.1.1 Deeper", "1.1.1.2 Also deeper",
                     "1.2.0.0 Beta", "2.0.0.0 Two", "2.0.1.0 Skipped a level"):
        assert expected in lines
    assert lines[lines.index("1.0.0.0 One") + 1] == "═" * len("1.0.0.0 One")
    assert lines[lines.index("1.1.0.0 Alpha") + 1] == "─" * len("1.1.0.0 Alpha")
    # a chapter opens a page
    two = next(p for p in book.pages if p.kind == "body" and "2.0.0.0 Two" in p.text)
    assert "1.2.0.0 Beta" not in two.text


def test_boxes_number_examples_and_summaries_only(typeset_text):
    book = typeset_text(
        "\\begin*{note_reader}\nFor the reader.\n\\end{note_reader}\n\\begin{note}\nA note.\n\\end{note}\n"
        "\\begin{example}\nFirst.\n\\end{example}\n\\begin{example}\nSecond.\n\\end{example}\n"
        "\\begin{rules_summary}[Rolling]\nRoll it.\n\\end{rules_summary}\n\\begin{box}[Aside]\nBy the way.\n\\end{box}\n")
    tops = [line for line in body(book) if line.startswith("┌[")]
    titles = [re.match(r"┌\[(.*)\]─*┐$", t).group(1) for t in tops]
    assert titles == ["Note to the Reader", "Note", "Example 1", "Example 2", "Rules Summary 1: Rolling", "Aside"]
    for page in book.pages:
        check_page(page.text.rstrip("\n").split("\n"))      # the boxes are closed and aligned


def test_box_text_is_reflowed_inside_the_box(typeset_text):
    words = " ".join(f"word{n}" for n in range(60))
    book = typeset_text(f"\\begin{{note}}\n{words}\n\\end{{note}}\n")
    inside = [line for line in body(book) if line.startswith("│")]
    assert len(inside) > 1
    assert all(len(line) == 89 and line.endswith("│") for line in inside)
    assert " ".join(" ".join(line[1:-1].split()) for line in inside) == words


def test_table_columns_caption_and_continued_caption(typeset_text):
    book = typeset_text(
        "\\begin{table}[6]\nName &  Chance\nHunger   &  50%\nDark & 25%\n\\end{table}\n"
        "\\label{Costs, a caption that}[table]\ncontinues on the next source line.\n\n"
        "\\begin{table}[4]\nA & B\n1 & 2\n\\end{table}\n\nafter\n\n"
        "\\begin{table}[4]\nC & D\n3 & 4\n\\end{table}\n\\label{Drawn as a table.}[figure]\n")
    lines = [line.strip() for line in body(book)]
    # cells padded to the widest of their column, then the [6]-column gap
    assert "Name        Chance" in lines and "Hunger      50%" in lines and "Dark        25%" in lines
    assert "Table 1: Costs, a caption that continues on the next source line." in lines
    assert "A    B" in lines and not any(line.startswith("Table 2") for line in lines)   # no label, no number
    assert "Figure 1: Drawn as a table." in lines


def test_a_table_moves_whole_to_the_next_page(typeset_text):
    filler = "\n\n".join(f"Paragraph {n} of the filler." for n in range(22))   # 43 lines with spacing
    rows = "\n".join(f"row{n} & value{n}" for n in range(6))
    book = typeset_text(f"{filler}\n\n\\begin{{table}}[4]\nHead & Value\n{rows}\n\\end{{table}}\n\\label{{Kept whole.}}[table]\n")
    holding = [p for p in book.pages if "row0" in p.text or "row5" in p.text]
    assert len(holding) == 1 and "Head" in holding[0].text and "Table 1: Kept whole." in holding[0].text
    assert "Paragraph 0 of" in book.pages[0].text and holding[0] is book.pages[1]   # no contents: no heading


def test_figure_lines_are_kept_and_text_above_stays_a_paragraph(typeset_text):
    drawing = ["┌[Food]────────┐", "│ ○ Hunger [0%] │", "└<^Starving>───┘", "────────────────"]
    book = typeset_text("Some words right above it.\n" + "\n".join(drawing) + "\n\\label{Food.}[figure]\n")
    lines = [line.strip() for line in body(book)]
    assert lines[0] == "Some words right above it."
    start = lines.index(drawing[0])
    assert lines[start:start + 4] == drawing and lines[start + 4] == "Figure 1: Food."


def test_drawings_wider_than_the_text_area_still_fit(typeset_text):
    shadowed = "╠►Header◄" + "═" * 80 + "╣▓"          # 90 columns with its shadow
    wide = "┌" + "─" * 89 + "┐"                        # 91 columns
    book = typeset_text(f"{shadowed}\n\\label{{Shadow.}}[figure]\n\n{wide}\n\\label{{Wide.}}[figure]\n")
    text = book.pages[0].text          # no heading: no contents page
    assert shadowed[:-1] in text and shadowed not in text     # the shadow column gave way
    assert "║" + wide + "║▓" in text                          # the margins gave way
    assert pages_of(join_pages([text]))


def test_lists_hang_and_keep_their_paragraphs(typeset_text):
    book = typeset_text(
        "* first bullet " + "long " * 20 + "end\n  continued.\n\n  A second paragraph of it.\n\n"
        "12. a numbered item\n\nBack to plain text.\n")
    lines = body(book)
    assert lines[0].startswith("• first bullet")
    assert lines[1].startswith("  long") or lines[1].startswith("  end")
    assert "  A second paragraph of it." in lines
    assert "12. a numbered item" in lines
    assert "Back to plain text." in lines


def test_inline_heading_emphasis_and_underlined_heading(typeset_text):
    book = typeset_text("_Known Items_ All of them have *one* Form.\n\nDiet: Carnivore\n---------------\n\nText.\n")
    lines = body(book)
    assert lines[0] == "►Known Items◄ All of them have one Form."      # stress prints as plain words
    assert lines[2:4] == ["Diet: Carnivore", "---------------"]


def test_paragraphs_are_reflowed_to_the_text_width(typeset_text):
    words = [f"w{n}" * (n % 7 + 1) for n in range(300)]
    source = "\n".join(" ".join(words[k:k + 9]) for k in range(0, 300, 9))
    lines = [line for line in body(typeset_text(source + "\n")) if line]
    assert all(flow.width(line) <= 89 for line in lines)
    assert max(len(line) for line in lines) > 80            # filled, not left ragged at source width
    assert " ".join(lines).split() == words


def test_comments_are_dropped(typeset_text):
    book = typeset_text("Seen.\n% hidden one\n/*\nhidden two\n*/\n  % hidden three\nAlso seen.\n")
    text = join_pages([p.text for p in book.pages])
    assert "hidden" not in text and "Seen. Also seen." in text
    assert book.warnings == []


def test_newpage_and_charsheet_make_numbered_pages(typeset_text):
    book = typeset_text("Before.\n\\newpage\n\\newpage\nAfter.\n\\charsheet[wasp]\n\\section{Wasp}\n")
    kinds = [p.kind for p in book.pages]
    assert kinds == ["contents", "body", "body", "sheet", "body"]          # no empty page for the double break
    assert [p.number for p in book.pages] == [1, 2, 3, 4, 5]
    sheet = book.pages[3].text.rstrip("\n").split("\n")
    assert "►Character Sheet◄" in sheet[0] and "WASP" in sheet[1] and "►4◄" in sheet[-2]


def test_unknown_markup_is_a_warning_and_its_words_are_kept(typeset_text):
    book = typeset_text("Fine.\n\n\\footnote{odd}\n\\begin{sidebar}\nInside.\n\\end{sidebar}\n\\end{stray}\n")
    assert [(w.line, w.message) for w in book.warnings] == [
        (3, "unknown markup '\\\\footnote{odd}'; its words are kept"),
        (4, "unknown environment \\begin{sidebar}; what it holds is read as text"),
        (7, "\\end{stray} without its \\begin; left out"),
    ]
    text = book.pages[0].text
    assert "odd" in text and "Inside." in text and "\\" not in text


def test_an_unknown_sheet_is_a_placeholder_and_a_warning(typeset_text):
    book = typeset_text("Text.\n\\charsheet[moth]\n")
    assert [(w.line, w.message.split(":")[0]) for w in book.warnings] == [(2, "no character sheet moth to print")]
    assert "[missing: character sheet moth]" in join_pages([p.text for p in book.pages])
    assert [p.kind for p in book.pages] == ["body", "body"]            # no heading: no contents page


def test_cover_page_is_kept_and_padded(typeset_text):
    top = "╔►My cover◄" + "═" * 82
    lines = [top] + ["║" + " " * 91 + "║▓"] * 47 + ["╚" + "═" * 91 + "╝▓", " " + "▀" * 93]
    book = typeset_text("\\begin{coverpage}\n" + "\n".join(lines) + "\n\\end{coverpage}\nText.\n")
    cover = book.pages[0]
    assert cover.kind == "fixed" and cover.number is None
    assert cover.text.split("\n")[0] == top + " "
    assert cover.text.split("\n")[1:50] == lines[1:]
    assert pages_of(join_pages([p.text for p in book.pages]))


def test_reader_keeps_source_line_numbers_and_inline_nodes():
    book = reader.read("\n\\chapter{The *Real* Rules}\n\nWords here.\n\\begin{table}[3]\nx & y\n\\end{table}\n",
                       "book.raw.txt")
    assert [(type(b).__name__, b.line) for b in book.blocks] == [("Heading", 2), ("Paragraph", 4), ("Table", 5)]
    assert book.blocks[2].gap == 3 and book.blocks[2].source == "book.raw.txt"
    heading = book.blocks[0]
    assert heading.title == [m.Text("The ", source="book.raw.txt", line=2),
                             m.Emphasis([m.Text("Real", source="book.raw.txt", line=2)], source="book.raw.txt", line=2),
                             m.Text(" Rules", source="book.raw.txt", line=2)]


def test_a_heading_reads_the_same_in_the_contents_as_on_its_page(typeset_text):
    book = typeset_text("\\chapter{The *Real* Rules}\nText.\n")
    assert "1.0.0.0 The Real Rules ....." in book.pages[0].text
    assert "║ 1.0.0.0 The Real Rules " in book.pages[1].text


def test_lists_group_their_items_and_further_paragraphs():
    book = reader.read("* one\n\n  more of one\n\n* two\n\n1. first\n\n2. second\n\n7. elsewhere\n", "l.raw.txt")
    kinds = [(type(b).__name__, getattr(b, "ordered", None), len(getattr(b, "items", []))) for b in book.blocks]
    assert kinds == [("ListBlock", False, 2), ("ListBlock", True, 2), ("ListBlock", True, 1)]
    assert len(book.blocks[0].items[0].blocks) == 2 and book.blocks[2].start == 7
