"""The book style's page as a book designer measures it (issue 37, points 1, 3 and 5), read
from the PDFs themselves: a line of 60–75 characters, the outer margin wider than the inner,
page 1 on a right-hand page, running heads at the outer edge and none over a chapter's
opening, page labels; quotes set as indented text with no label, and empty ones not at all;
no ladder of hyphens, none at a page's foot or in a name; in two columns, a wide table across
both, no heading at a column's foot, every footnote on its mark's page; nothing past the
text block, anywhere."""

import io
import re

import pypdfium2
import pytest
from pypdf import PdfReader

from nests.generators.rulebook.book_page import book_page
from tests.book_print import columns_of, ladders, measure, read, words

from .conftest import SHARED
from .test_book_style import pdf_of

MM = 72 / 25.4
A4 = book_page("a4")
A4_TWO = book_page("a4", 2)


@pytest.fixture(scope="module")
def base_rules(tmp_path_factory):
    """base-rules.md in the book style, one column: its PDF and its pages' lines."""
    pdf = pdf_of(str(SHARED / "base-rules.md"), tmp_path=tmp_path_factory.mktemp("one"))
    return pdf, read(pdf)


@pytest.fixture(scope="module")
def base_rules_two(tmp_path_factory):
    """base-rules.md in two columns (its 9-column table among them)."""
    pdf = pdf_of(str(SHARED / "base-rules.md"), "--columns", "2", tmp_path=tmp_path_factory.mktemp("two"))
    return pdf, read(pdf)


def body_pages(pages):
    """The pages of the body: from the one labelled 1."""
    first = next(k for k, page in enumerate(pages) if page.label == "1")
    return pages[first:]


def block(page, geometry):
    """The text block's left and right edges on a page, in points: toward the fold on each side."""
    right_hand = page.index % 2 == 0
    left = (geometry.inner if right_hand else geometry.outer) * MM
    return left, page.width - (geometry.outer if right_hand else geometry.inner) * MM


def test_a_line_holds_60_to_75_characters_in_one_column(base_rules):
    _, pages = base_rules
    assert 60 <= measure(body_pages(pages), A4.top, A4.bottom) <= 75
    assert A4.outer > 1.3 * A4.inner


@pytest.mark.parametrize("which", ["base_rules", "base_rules_two"])
def test_the_outer_margin_is_the_wider_and_nothing_prints_past_the_text_block(which, request):
    """Every line of every page of the body (text, tables, heads, numbers) lies inside the text
    block's width, and the block sits toward the fold: on a right-hand page (even in the PDF,
    whose first page is a right one) its left margin is the narrower."""
    _, pages = request.getfixturevalue(which)
    geometry = A4 if which == "base_rules" else A4_TWO
    checked = 0
    for page in body_pages(pages):
        left, right = block(page, geometry)
        for line in page.lines:
            # (2 points: a glyph's ink may reach past its advance, an italic's or a justified line's last)
            assert left - 2 <= line.left and line.right <= right + 2, (page.label, line.text[:40], line.left, line.right)
        text = page.body(geometry.top, geometry.bottom)
        if len(text) >= 10:
            margin_left = min(ln.left for ln in text)
            margin_right = page.width - max(ln.right for ln in text)
            assert (margin_left < margin_right) == (page.index % 2 == 0), page.label
            checked += 1
    assert checked > 10


def test_page_one_is_a_right_hand_page_and_the_pdf_labels_the_pages(base_rules):
    """The title page is i, the front matter counts on in roman, the body from 1 on a right-hand
    page; the PDF's /PageLabels say so, and each number printed at a page's foot is its label."""
    pdf, pages = base_rules
    root = PdfReader(io.BytesIO(pdf)).trailer["/Root"]
    assert "/PageLabels" in root
    labels = [page.label for page in pages]
    first = labels.index("1")
    assert first % 2 == 0 and first >= 2
    assert labels[:first] == ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii"][:first]
    assert labels[first:] == [str(n) for n in range(1, len(pages) - first + 1)]
    assert [ln.text for ln in pages[1].lines] == []                 # the title page's blank back
    for page in pages[2:]:
        foot = [ln for ln in page.lines if ln.top < A4.bottom * MM]
        if page.lines:
            assert [ln.text for ln in foot] == [page.label], page.label
    contents = " ".join(ln.text for ln in pages[2].lines)
    assert contents.startswith("Contents") and pages[2].index % 2 == 0       # the contents open a right page


def chapters_of(pdf: bytes) -> list[str]:
    """The titles of the book's chapters: the outline's first level, but for the title page's
    and the contents' own bookmarks."""
    reader = PdfReader(io.BytesIO(pdf))
    return [item.title for item in reader.outline[2:] if not isinstance(item, list)]


def test_running_heads_sit_at_the_outer_edge_and_not_over_a_chapter_opening(base_rules):
    pdf, pages = base_rules
    # (Markdown's headings unnumbered, as pandoc prints them: a chapter is known by its title)
    chapters = chapters_of(pdf)
    assert "Foreword" in chapters and "Tables" in chapters
    openings, heads = 0, 0
    for page in body_pages(pages):
        head = [ln for ln in page.lines if ln.bottom > page.height - A4.top * MM]
        text = page.body(A4.top, A4.bottom)
        if not text:
            continue
        left, right = block(page, A4)
        if any(text[0].text.startswith(title) for title in chapters):
            assert head == [], (page.label, head)
            openings += 1
            continue
        assert len(head) == 1, page.label
        if page.index % 2 == 0:           # a right-hand page: the chapter, at the right
            assert abs(head[0].right - right) < 2, page.label
            assert head[0].text in chapters, page.label
        else:                             # a left-hand page: the book's title, at the left
            assert abs(head[0].left - left) < 2 and head[0].text == "Base Rules", page.label
        heads += 1
    assert openings >= 5 and heads > 10


QUOTE = """> The quoted words, set apart from the text as a book sets a quotation, indented on both sides of it.
>
> Its second paragraph of quoted words, still inside the same quotation and still indented.
"""
BEFORE = "# Quotes\n\n## Set in the text\n\nBefore the quote, a paragraph of running words that fills the line " \
         "from margin to margin, and more.\n\n"
AFTER = "\nAfter the quotes, a paragraph of running words that fills the line from margin to margin, and more.\n"
EMPTY = ">\n\n> >\n\n>\n>\n"           # Markdown's empty quotes: a ">" alone, a quote of an empty quote


def test_a_quote_is_indented_text_without_a_label_and_an_empty_one_prints_nothing(tmp_path):
    (tmp_path / "empty").mkdir()
    (tmp_path / "plain").mkdir()
    (tmp_path / "empty" / "quotes.md").write_text(BEFORE + EMPTY + "\n" + QUOTE + "\n" + EMPTY + AFTER, encoding="utf-8")
    (tmp_path / "plain" / "quotes.md").write_text(BEFORE + QUOTE + AFTER, encoding="utf-8")
    pages = read(pdf_of(str(tmp_path / "empty" / "quotes.md"), tmp_path=tmp_path / "out"))
    plain_pages = read(pdf_of(str(tmp_path / "plain" / "quotes.md"), tmp_path=tmp_path / "out-plain"))
    assert not re.search(r"\bQuote\b", " ".join(ln.text for page in pages for ln in page.lines))
    assert [[(ln.text, round(ln.left), round(ln.bottom)) for ln in p.lines] for p in pages] == \
        [[(ln.text, round(ln.left), round(ln.bottom)) for ln in p.lines] for p in plain_pages]
    body = body_pages(pages)[0].body(A4.top, A4.bottom)
    text = [ln for ln in body if "running words" in ln.text or "margin" in ln.text]
    quoted = [ln for ln in body if ln not in text and ("quot" in ln.text or "indented" in ln.text)]
    assert text and len(quoted) >= 2
    edge_left, edge_right = min(ln.left for ln in text), max(ln.right for ln in text)
    for line in quoted:
        assert line.left > edge_left + 10 and line.right < edge_right - 10, line.text
    # the text pages leave an empty quote out too, and keep the other framed as before
    txt = (tmp_path / "out" / "quotes.txt").read_text(encoding="utf-8")
    assert txt == (tmp_path / "out-plain" / "quotes.txt").read_text(encoding="utf-8")
    assert len(re.findall(r"\[Quote\]", txt)) == 1          # the one quote, framed and labelled as before


def test_an_indented_rst_block_is_an_indented_quote(tmp_path):
    source = tmp_path / "indent.rst"
    source.write_text("Indents\n=======\n\nThe running text of the page, with words enough to fill its line from "
                      "margin to margin, and then more.\n\n    An indented block that docutils reads as a quote, "
                      "itself long enough to run over a line or two of the page.\n\n        \n", encoding="utf-8")
    pages = read(pdf_of(str(source), tmp_path=tmp_path))
    body = body_pages(pages)[0].body(A4.top, A4.bottom)
    running = [ln for ln in body if "running" in ln.text or "margin" in ln.text]
    indented = [ln for ln in body if "indented" in ln.text or "docutils" in ln.text]
    assert running and indented
    assert min(ln.left for ln in indented) > min(ln.left for ln in running) + 10
    assert not re.search(r"\bQuote\b", " ".join(ln.text for page in pages for ln in page.lines))


LONG_WORDS = ("characteristically institutionalisation responsibilities incomprehensibility "
              "interdisciplinary uncharacteristically counterproductive indistinguishable "
              "Mediterranean Pathfinder Gargantuan Constantinople Tyrannosaurus Massachusetts").split()


def hyphenation_book(tmp_path):
    """A book of long words only, in a measure that must break many of them."""
    import random

    pick = random.Random(37)
    chapters = []
    for c in range(1, 4):
        paragraphs = ["It " + " ".join(pick.choice(LONG_WORDS) for _ in range(pick.randint(30, 90))) + "."
                      for _ in range(14)]
        chapters.append(f"## Chapter {c}\n\n" + "\n\n".join(paragraphs))
    source = tmp_path / "hyphens.md"
    source.write_text("# Hyphens\n\n" + "\n\n".join(chapters) + "\n", encoding="utf-8")
    return source


def hyphen_defects(pdf: bytes, geometry):
    """Ladders of three hyphenated lines or more, pages whose last line ends in a hyphen, and
    names (capitalised words) broken at a line's end."""
    pages = read(pdf)
    found_ladders, foot, names = [], [], []
    for page in pages:
        text = page.body(geometry.top, geometry.bottom)
        if not text:
            continue
        found_ladders += ladders([text])
        if text[-1].hyphenated:
            foot.append((page.label, text[-1].text))
        names += [ln.text for ln in text if ln.hyphenated and re.search(r"(^|\s)[A-Z]\w*\W$", ln.text)]
    return found_ladders, foot, names


def test_no_ladder_of_hyphens_no_hyphen_at_a_page_foot_and_no_name_broken(tmp_path, monkeypatch):
    """What WeasyPrint does alone (the control: each defect is there to find) and as the book
    style teaches it (nests.publish.breaks): none of them."""
    import weasyprint.layout.block
    import weasyprint.layout.inline
    import weasyprint.text.line_break

    from nests.book.readers import read_book
    from nests.generators.rulebook.printed import book_html
    from nests.publish import breaks
    from nests.publish.pdf import html_to_pdf

    html = book_html(read_book(str(hyphenation_book(tmp_path))), "a4")
    taught = html_to_pdf(html)
    with monkeypatch.context() as alone:
        alone.setattr(breaks, "install", lambda: None)
        alone.setattr(weasyprint.layout.block, "iter_line_boxes", weasyprint.layout.inline.iter_line_boxes)
        alone.setattr(weasyprint.layout.inline, "split_first_line", weasyprint.text.line_break.split_first_line)
        untaught = html_to_pdf(html)
    before = hyphen_defects(untaught, A4)
    assert all(before), [len(found) for found in before]
    assert hyphen_defects(taught, A4) == ([], [], [])
    assert words(" ".join(ln.text for p in read(taught) for ln in p.lines)) == \
        words(" ".join(ln.text for p in read(untaught) for ln in p.lines))


def test_hyphens_in_the_shared_books(base_rules, base_rules_two):
    for (_, pages), geometry in ((base_rules, A4), (base_rules_two, A4_TWO)):
        for page in body_pages(pages):
            text = page.body(geometry.top, geometry.bottom)
            if not text:
                continue
            middle = (min(ln.left for ln in text) + max(ln.right for ln in text)) / 2
            runs = columns_of(text, middle) if geometry.columns == 2 else [text]
            assert ladders(runs, 0.8 * geometry.column * MM) == [], page.label
            assert not text[-1].hyphenated, (page.label, text[-1].text)


def test_a_table_too_wide_for_a_column_spans_both(base_rules_two):
    """base-rules.md's table of sizes has nine columns: in two columns it is set across both,
    every row whole on its line, inside the text block (the test above)."""
    _, pages = base_rules_two
    rows = [(page, ln) for page in body_pages(pages) for ln in page.lines if ln.text.startswith("Colossal")]
    assert rows
    for page, first in rows:
        row = [ln for ln in page.lines if abs(ln.bottom - first.bottom) < 1]       # its cells, across the gutter
        left, right = block(page, A4_TWO)
        middle = (left + right) / 2
        assert min(ln.left for ln in row) < middle - 20 and max(ln.right for ln in row) > middle + 20
        assert re.search(r"Colossal 80 .*x256 20ft", " ".join(ln.text for ln in sorted(row, key=lambda ln: ln.left)))


NOTES_MD_PARAGRAPH = ("Words of the paragraph that runs on about the tunnels, the ants that keep them and the "
                      "stores they keep, ")


def notes_book(tmp_path):
    import random

    pick = random.Random(5)
    out = ["# Notes\n", "## Chapter one\n"]
    for n in range(1, 70):
        if n % 12 == 0:
            out.append(f"### Heading number {n} of the chapter\n")
        out.append(NOTES_MD_PARAGRAPH * pick.randint(1, 6) + f"marked here.[^n{n}] And on.\n")
        out.append(f"[^n{n}]: The note of mark {n}, at the foot of its page.\n")
    source = tmp_path / "notes.md"
    source.write_text("\n".join(out), encoding="utf-8")
    return source


def test_in_two_columns_a_note_is_on_its_mark_s_page_and_a_heading_stays_with_its_text(tmp_path):
    pdf = pdf_of(str(notes_book(tmp_path)), "--columns", "2", tmp_path=tmp_path / "out")
    pages = body_pages(read(pdf))
    document = pypdfium2.PdfDocument(pdf)
    marks, notes = {}, {}
    for page in pages:
        text = " ".join(document[page.index].get_textpage().get_text_range().split())
        marks.update({n: page.label for n in re.findall(r"marked here\.\s?(\d+)", text)})
        notes.update({n: page.label for n in re.findall(r"(\d+) The note of mark", text)})
        body = [ln for ln in page.body(A4_TWO.top, A4_TWO.bottom) if "The note of mark" not in ln.text]
        if body:
            middle = (min(ln.left for ln in body) + max(ln.right for ln in body)) / 2
            for column in columns_of(body, middle):
                assert "Heading number" not in column[-1].text, page.label
    assert len(marks) == 69 and marks == notes


def test_an_empty_quote_of_any_markup_leaves_the_text_pages_as_if_it_were_not_there(typeset_blocks):
    """LaTeX's empty quote environment, DocBook's empty blockquote, a quote of blank lines or of
    an empty quote: none is framed; a quote with words, or with a title, still is."""
    from nests.book import model as m

    words = m.Paragraph([m.Text("Words around the quotes.")])
    empty = [m.Box("quote", [], []), m.Box("quote", [], [m.Paragraph([m.Text("  \n ")]), m.Paragraph([])]),
             m.Box("quote", [], [m.Box("quote", [], [m.Paragraph([m.Emphasis([m.Text(" ")]), m.LineBreak()])])])]
    bare = typeset_blocks([words]).pages
    assert [p.text for p in typeset_blocks([words, *empty]).pages] == [p.text for p in bare]
    for kept in (m.Box("quote", [], [m.Paragraph([m.Text("Said.")])]), m.Box("quote", [m.Text("Heard")], [])):
        assert "Said" in "".join(p.text for p in typeset_blocks([words, kept]).pages) or \
            "Heard" in "".join(p.text for p in typeset_blocks([words, kept]).pages)


def test_a_book_without_contents_opens_page_1_on_a_right_hand_page(tmp_path):
    source = tmp_path / "short.md"
    words = "Words of a short text with no heading at all, one paragraph long.\n"
    source.write_text("---\ntitle: A Short Text\n---\n\n" + words, encoding="utf-8")
    pages = read(pdf_of(str(source), tmp_path=tmp_path))
    assert [page.label for page in pages] == ["i", "ii", "1"]
    assert pages[1].lines == [] and "Words of a short text" in " ".join(ln.text for ln in pages[2].lines)
    # with no title at all there is no title page either (as pandoc prints it): page 1 is the first
    source.write_text(words, encoding="utf-8")
    pages = read(pdf_of(str(source), tmp_path=tmp_path))
    assert [page.label for page in pages] == ["1"] and "Words of a short text" in " ".join(ln.text for ln in pages[0].lines)


def test_a_book_in_many_files_takes_two_columns(tmp_path, runner):
    """A folder is a book in the book style, so --columns 2 is no error for it (it was told the
    markup could not be told from the folder's name)."""
    from nests.cli import main

    folder = tmp_path / "srd"
    folder.mkdir()
    (folder / "1-one.md").write_text("# One\n\nThe first file's words.\n", encoding="utf-8")
    (folder / "2-two.md").write_text("# Two\n\nThe second file's words.\n", encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(folder), "--format", "pdf", "--columns", "2", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = " ".join(ln.text for page in read((tmp_path / "out" / "srd.pdf").read_bytes()) for ln in page.lines)
    assert "first file\u2019s words" in text and "second file\u2019s words" in text     # (quotes curled, as pandoc's)
    framed = runner.invoke(main, ["rulebook", str(folder), "--style", "framed", "--columns", "2", "-o", str(tmp_path / "x")])
    assert framed.exit_code == 2 and "--columns 2" in framed.output


def test_pages_before_the_first_chapter_carry_the_books_title(tmp_path):
    """A book whose words run for pages before its first chapter (a preface set by hand, as
    ITDR's is): each of those pages has its running head, the book's title on either side."""
    preface = " ".join(f"Moths gather at the lamp {k}, circling the glass." for k in range(400))
    (tmp_path / "moths.tex").write_text("\\documentclass[a4paper]{book}\n\\title{Moth Lanterns}\n\\begin{document}\n"
                                        f"{preface}\n\n\\chapter{{Wings}}\nDust.\n\\end{{document}}\n")
    pages = body_pages(read(pdf_of(str(tmp_path / "moths.tex"), tmp_path=tmp_path)))
    before = [page for page in pages if page.lines and not any(ln.text.startswith("1 Wings") for ln in page.lines)]
    assert len(before) >= 3
    for page in before[1:]:                # (page 1 opens the body, as a chapter does)
        head = [ln.text for ln in page.lines if ln.bottom > page.height - A4.top * MM]
        assert head == ["Moth Lanterns"], page.label


def test_a_book_opens_its_chapters_on_a_right_hand_page_and_counts_the_blank_before(tmp_path):
    """LaTeX's book class opens each chapter on a right-hand page (openright, its default): a
    chapter that would fall on a left-hand page gets a blank one before it, which is counted,
    in the page labels and the contents; ``openany`` (and an article) opens them as they come.
    Its paper is the one LaTeX prints on: a4paper's, else LaTeX's letter, unless --paper."""
    chapters = "\n".join(f"\\chapter{{Part {k}}}\n" + " ".join(f"Wax cell {j} of comb {k}." for j in range(90 * k))
                         for k in range(1, 5))
    for options, right in (("a4paper", True), ("openany", False)):
        (tmp_path / "comb.tex").write_text(f"\\documentclass[{options}]{{book}}\n\\begin{{document}}\n"
                                           f"\\tableofcontents\n{chapters}\n\\end{{document}}\n")
        pdf = pdf_of(str(tmp_path / "comb.tex"), tmp_path=tmp_path)
        size = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
        assert (round(float(size.width)), round(float(size.height))) == ((595, 842) if right else (612, 792))
        pages, geometry = read(pdf), book_page("a4" if right else "letter")
        openings = [page for page in pages if page.body(geometry.top, geometry.bottom)
                    and re.fullmatch(r"\d Part \d", page.body(geometry.top, geometry.bottom)[0].text)]
        assert len(openings) == 4
        contents = " ".join(ln.text for ln in pages[0].lines + pages[1].lines)
        for page in openings:
            assert f"{page.body(geometry.top, geometry.bottom)[0].text} {page.label}" in contents   # its page
        blanks = [page.label for page in body_pages(pages) if not page.lines]
        if right:
            assert all(page.index % 2 == 0 for page in openings) and blanks
            assert [int(label) for label in blanks] == sorted(int(page.label) - 1 for page in openings
                                                                 if int(page.label) - 1 in map(int, blanks))
        else:
            assert blanks == [] and any(page.index % 2 for page in openings)
    pdf = pdf_of(str(tmp_path / "comb.tex"), "--paper", "a4", tmp_path=tmp_path)
    assert round(float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.width)) == 595


def test_an_html_tables_column_widths_are_kept_and_no_header_word_is_broken(tmp_path):
    """A raw HTML table in Markdown (as pandoc writes one) shares its columns by its <col
    width="…%">, but a column is never narrower than its longest word: "Stamina" and
    "Unarmoured" print whole, not broken over two lines."""
    from nests.book.readers import read_book
    from nests.book.readers.common import walk

    cols = "".join(f'<col width="{w}%" />' for w in (8, 13, 11, 11, 12, 45))
    heads = "".join(f"<th>{h}</th>" for h in ("Tier", "Stamina Bonus", "Wing Span", "Pollen", "Unarmoured Flight",
                                              "Features"))
    rows = "".join(f"<tr><td>{k}th</td><td>+{k}</td><td>1d{k}</td><td>{k}</td><td>+{k}0 ft.</td>"
                   f"<td>Hovering, Waggle Dance, Swarm Sense, Pollen Basket {k}</td></tr>" for k in range(1, 9))
    (tmp_path / "bees.md").write_text(f"# Bees\n\nThe castes.\n\n<table>\n<colgroup>{cols}</colgroup>\n"
                                      f"<thead><tr>{heads}</tr></thead>\n<tbody>{rows}</tbody>\n</table>\n")
    table = next(t for t in walk(read_book(str(tmp_path / "bees.md")).blocks) if type(t).__name__ == "Table")
    assert table.widths == [8, 13, 11, 11, 12, 45]
    lines = [ln.text for page in read(pdf_of(str(tmp_path / "bees.md"), tmp_path=tmp_path)) for ln in page.lines]
    said = " ".join(lines)                # (a word broken over two lines is two pieces here)
    for word in ("Stamina", "Unarmoured", "Features", "Pollen Basket 8"):
        assert word in said, word



def test_a_page_break_on_an_empty_page_makes_no_empty_page(tmp_path):
    """LaTeX's \\clearpage on a page with nothing on it does nothing: two in a row (or one at the
    body's start, or after a chapter's opening break) leave no empty page behind them."""
    (tmp_path / "moths.tex").write_text("\\documentclass[a4paper,openany]{book}\n\\begin{document}\n\\clearpage\n"
                                        "Before the moths.\n\\clearpage\n\\clearpage\n\\newpage\nAfter them.\n"
                                        "\\chapter{Wings}\n\\clearpage\nDust.\n\\end{document}\n")
    pages = body_pages(read(pdf_of(str(tmp_path / "moths.tex"), tmp_path=tmp_path)))
    assert [" ".join(ln.text for ln in page.body(A4.top, A4.bottom)) for page in pages] == [
        "Before the moths.", "After them.", "1 Wings Dust."]


def test_a_title_page_set_by_hand_is_the_books_title_page(tmp_path):
    """LaTeX's titlepage environment (a book with no \\maketitle, as ITDR) prints its own words on the
    title page, before the contents, and nowhere in the body."""
    (tmp_path / "moths.tex").write_text(
        "\\documentclass[a4paper]{book}\n\\begin{document}\n\\begin{titlepage}\n\\begin{center}\n"
        "{\\Huge Moth Lanterns}\\\\\nA guide for the night\n\n\\vfill\nVersion 2, printed by hand.\n"
        "\\end{center}\n\\end{titlepage}\n\\chapter{Wings}\nDust.\n\\end{document}\n")
    pages = read(pdf_of(str(tmp_path / "moths.tex"), tmp_path=tmp_path))
    first = " ".join(ln.text for ln in pages[0].lines)
    assert first.startswith("Moth Lanterns") and "Version 2, printed by hand." in first
    assert pages[0].label == "i" and " ".join(ln.text for ln in pages[2].lines).startswith("Contents")
    body = " ".join(ln.text for page in body_pages(pages) for ln in page.lines)
    assert "Moth Lanterns" not in body and "printed by hand" not in body and "Dust." in body
