"""The whole book: the real rulebook when it is beside the repository, else the stand-in.

Nothing here skips: without ../shared/rulebook the same checks run on
tests/rulebook/fixtures/small-book.raw.txt.
"""

import re

from tests.frames import check_page, pages_of
from wcwidth import wcswidth

from nests.publish.txt import join_pages

from .conftest import REAL

ENTRY = re.compile(r"^║ ( *)(\d+\.\d+\.\d+\.\d+ .*?) \.+ (\d+) ║▓$")
RAW = re.compile(r"\\(begin|end|label|chapter|section|subsection|subsubsection|newpage|charsheet)\b|^║ +%|/\*|\*/")


def test_every_page_is_50_lines_of_one_width(book):
    text = join_pages([p.text for p in book.pages])
    pages = pages_of(text)
    assert len(pages) == len(book.pages)
    for page in pages:
        assert len(page) == 50
        assert {wcswidth(line) for line in page} == {94}


def test_typeset_pages_keep_the_frame(book):
    for page in book.pages:
        lines = page.text.rstrip("\n").split("\n")
        if page.kind == "contents":
            check_page(lines)
        elif page.kind == "body":
            assert lines[0].startswith("╔►Nests & Insects◄═") and lines[0].endswith("►Rulebook◄═╗ ")
            assert all(line[0] == "║" and line[-2:] == "║▓" for line in lines[1:48])


def test_pages_after_the_opening_are_numbered_without_gaps(book):
    kinds = [p.kind for p in book.pages]
    opening = kinds.index("contents")
    assert all(k == "fixed" for k in kinds[:opening])
    assert [p.number for p in book.pages[opening:]] == list(range(1, len(book.pages) - opening + 1))
    for page in book.pages[opening:]:
        assert f"►{page.number}◄" in page.text.rstrip("\n").split("\n")[-2]


def test_contents_entries_point_at_their_headings(book):
    by_number = {p.number: p for p in book.pages if p.number}
    entries = []
    for page in book.pages:
        if page.kind == "contents":
            entries += [m.groups() for m in map(ENTRY.match, page.text.split("\n")) if m]
    headings = [f"{number} {title}" for p in book.pages for _, number, title in p.headings]
    assert [label for _, label, _ in entries] == headings and headings
    for _, label, number in entries:
        target = by_number[int(number)]
        assert target.kind == "body"
        assert any(line.startswith(f"║ {label}") for line in target.text.split("\n")), (label, number)


def test_every_sheet_is_in_place(book, source):
    wanted = re.findall(r"^\\charsheet\[(\w+)\]", source.read_text(encoding="utf-8"), re.M)
    sheets = [p for p in book.pages if p.kind == "sheet"]
    assert len(sheets) == len(wanted) and sheets
    for page, class_id in zip(sheets, wanted):
        lines = page.text.rstrip("\n").split("\n")
        assert "►Character Sheet◄" in lines[0]
        assert f" {class_id.upper()} " in lines[1]
    if REAL.is_file() and source.samefile(REAL):
        assert sorted(wanted) == ["ants", "beetle", "ladybug", "scorpion", "spider", "template", "wasp"]


def test_no_raw_markup_is_left(book):
    for page in book.pages:
        if page.kind in ("body", "contents"):
            for line in page.text.split("\n"):
                assert not RAW.search(line), line
                assert not re.search(r"(?<![\w*])\*\w[^*]*\w\*(?!\w)", line), line   # *emphasis*
                assert not re.search(r"^║ _\w[^_]*_ ", line), line                  # _Inline heading_


def test_chapters_and_tables_are_all_there(book, source):
    raw = source.read_text(encoding="utf-8")
    text = join_pages([p.text for p in book.pages])
    tables = len(re.findall(r"^\\label\{.*\}\[table\]", raw, re.M))
    figures = len(re.findall(r"^\\label\{.*\}\[figure\]", raw, re.M))
    assert f"Table {tables}: " in text and f"Table {tables + 1}: " not in text
    assert f"Figure {figures}: " in text and f"Figure {figures + 1}: " not in text
    examples = len(re.findall(r"^\\begin\{example\}", raw, re.M))
    assert f"┌[Example {examples}]" in text and f"┌[Example {examples + 1}]" not in text
    assert len(re.findall(r"^║ \d+\.0\.0\.0 ", text, re.M)) == 2 * len(re.findall(r"^\\chapter\{", raw, re.M))


def test_the_real_source_typesets_without_warnings(book, source):
    assert book.warnings == []


def test_pdf_has_one_page_per_plaintext_page_and_an_outline(book):
    import io

    import pypdf

    from nests.document import Page as PdfPage
    from nests.publish.pdf import pdf_bytes

    data = pdf_bytes([PdfPage(p.text, p.bookmarks) for p in book.pages], title="Rulebook", paper="letter")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(book.pages)
    top = [item.title for item in reader.outline if not isinstance(item, list)]
    chapters = [f"{n} {t}" for p in book.pages for level, n, t in p.headings if level == 1]
    assert top == ["Contents"] + chapters
