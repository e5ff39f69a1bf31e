"""The Nests & Insects rulebook from ../shared/rulebook/, typeset whole."""

import re

from nests.publish.txt import join_pages

from tests.frames import pages_of

from .checks import check_contents, check_grid, check_no_markup, lines_of


def test_every_page_is_on_the_grid_with_its_frame_closed(book):
    check_grid(book)
    assert len(pages_of(join_pages([p.text for p in book.pages]))) == len(book.pages)


def test_contents_give_the_page_of_every_heading(book, source):
    check_contents(book)
    raw = source.read_text(encoding="utf-8")
    listed = sum(len(p.headings) for p in book.pages)
    assert listed == len(re.findall(r"^\\(chapter|section|subsection|subsubsection)\{", raw, re.M))


def test_no_markup_is_left(book):
    check_no_markup(book)
    for page in book.pages:
        if page.kind in ("body", "contents"):
            for line in lines_of(page):
                assert not re.search(r"(?<![\w*])\*\w[^*]*\w\*(?!\w)", line), line   # *emphasis*
                assert not re.search(r"^║ _\w[^_]*_ ", line), line                  # _Run-in label_


def test_pages_after_the_opening_are_numbered_without_gaps(book):
    kinds = [p.kind for p in book.pages]
    opening = kinds.index("contents")
    assert opening == 2 and all(k == "fixed" for k in kinds[:opening])      # the cover and the credits
    assert [p.number for p in book.pages[opening:]] == list(range(1, len(book.pages) - opening + 1))


def test_every_sheet_is_in_place(book, source):
    wanted = re.findall(r"^\\charsheet\[(\w+)\]", source.read_text(encoding="utf-8"), re.M)
    sheets = [p for p in book.pages if p.kind == "sheet"]
    assert sorted(wanted) == ["ants", "beetle", "ladybug", "scorpion", "spider", "template", "wasp"]
    assert len(sheets) == len(wanted)
    for page, class_id in zip(sheets, wanted):
        lines = lines_of(page)
        assert "►Character Sheet◄" in lines[0]
        assert f" {class_id.upper()} " in lines[1]
        assert f"►{page.number}◄" in lines[-2]


def test_tables_figures_and_examples_are_all_numbered(book, source):
    raw = source.read_text(encoding="utf-8")
    text = join_pages([p.text for p in book.pages])
    tables = len(re.findall(r"^\\label\{.*\}\[table\]", raw, re.M))
    figures = len(re.findall(r"^\\label\{.*\}\[figure\]", raw, re.M))
    assert f"Table {tables}: " in text and f"Table {tables + 1}: " not in text
    assert f"Figure {figures}: " in text and f"Figure {figures + 1}: " not in text
    examples = len(re.findall(r"^\\begin\{example\}", raw, re.M))
    assert f"┌[Example {examples}]" in text and f"┌[Example {examples + 1}]" not in text
    chapters = len(re.findall(r"^\\chapter\{", raw, re.M))
    assert len(re.findall(r"^║ \d+\.0\.0\.0 ", text, re.M)) == 2 * chapters      # on its page and in the contents


def test_the_source_typesets_without_warnings(book):
    assert book.warnings == []


def test_the_pdf_outline_holds_the_chapters(book):
    chapters = [f"{n} {t}" for p in book.pages for level, n, t in p.headings if level == 1]
    top = [label for p in book.pages for level, label in p.bookmarks if level == 1]
    assert top == ["Contents"] + chapters and len(chapters) == 4
