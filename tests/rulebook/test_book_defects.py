"""The defects a book designer marks on a printed book (issue 37), measured on the PDFs of the
books in ../shared/rulebook as the book style sets them (tests/book_print.py's ``defects``:
quote labels, the measure, page labels, page 1 on a right-hand page, running heads at the outer
edge and none over an opening, ladders of hyphens, a page ending on a hyphen, words past the
text block); and the break WeasyPrint moves back into a paragraph, which must not leave a
hyphen at the page's foot (nests.publish.breaks)."""

import dataclasses
import random

import pytest

from nests.generators.rulebook.book_page import book_page
from tests.book_print import defects, read

from .conftest import SHARED
from .test_book_style import pdf_of

# (source, options, columns, chapters at least): the shared books, each as its markup reads it
SHARED_BOOKS = [
    ("base-rules.md", (), 1, 7),
    ("basic-rules.rst", (), 1, 5),
    ("malleus-deum.xml", ("--columns", "2"), 2, 8),
    ("rules-and-procedures.tex", (), 1, 1),
    ("nests-and-insects-1.0.0.raw.txt", ("--style", "book"), 1, 4),
]


@pytest.mark.parametrize("name, options, columns, chapters", SHARED_BOOKS, ids=[b[0] for b in SHARED_BOOKS])
def test_the_shared_books_show_none_of_the_defects(tmp_path, name, options, columns, chapters):
    pdf = pdf_of(str(SHARED / name), *options, tmp_path=tmp_path)
    found = defects(pdf, book_page("a4", columns))
    low, high = (60, 75) if columns == 1 else (40, 60)       # (LaTeX's book class: 65–70; two columns ~50)
    assert found.failures(low, high) == {}
    assert found.openings >= chapters and found.page_labels and found.page_one_recto
    assert found.notes == (2 if name == "basic-rules.rst" else 0)          # (its two notes, each on its mark's page)


def test_the_measures_find_a_book_printed_without_its_page(tmp_path):
    """The control: the same body typeset alone, unbound (no running heads, no page labels, its
    pages not moved toward the fold), fails the measures a bound book passes."""
    from nests.book.readers import read_book
    from nests.generators.rulebook.printed import book_html
    from nests.publish.pdf import html_to_pdf

    pdf = html_to_pdf(book_html(read_book(str(SHARED / "base-rules.md")), "a4"))
    failed = defects(pdf, book_page("a4")).failures()
    assert {"page labels", "heads missing", "past the text block"} <= set(failed), failed


WORDS = ("the tunnels of the colony run under the roots and the stones where the workers keep "
         "their stores of seeds incomprehensibly interdisciplinary characteristically "
         "counterproductive responsibilities institutionalised indistinguishable").split()


def _pulled_back_breaks(seed: int) -> str:
    """Pages each ending in a paragraph laid out whole whose page break WeasyPrint must move back
    into it: what follows it may neither be parted from it nor split (``break-before`` and
    ``break-inside: avoid``) and does not fit, so the break falls ``widows`` lines before the
    paragraph's end."""
    pick = random.Random(seed)
    sections = []
    for _ in range(24):
        filler = "<p>" + " ".join(pick.choice(WORDS) for _ in range(pick.randint(80, 110))) + "</p>"
        target = "<p>" + " ".join(pick.choice(WORDS) for _ in range(36)) + "</p>"
        sections.append(f'<section>{filler}{target}<div class="kept">{"Kept with it. " * 60}</div></section>')
    return ("<html lang='en'><head><style>@page { size: 105mm 150mm; margin: 10mm; } "
            "body { font: 10pt serif; line-height: 1.3; } p { margin: 0; text-align: justify; hyphens: auto; "
            "orphans: 2; widows: 2; } section { break-before: page; } .kept { break-before: avoid; break-inside: avoid; }"
            "</style></head><body>" + "".join(sections) + "</body></html>")


def _page_ends(pdf: bytes) -> list[str]:
    """The last line of each page with text."""
    return [page.lines[-1].text for page in read(pdf) if page.lines]


def test_a_break_moved_back_into_a_paragraph_never_leaves_a_hyphen_at_the_foot(monkeypatch):
    """The control first (WeasyPrint alone leaves hyphens there), then as the book style
    teaches it: none, and no word lost."""
    import weasyprint.layout.block

    from nests.publish import breaks
    from nests.publish.pdf import html_to_pdf
    from tests.book_print import words

    html = _pulled_back_breaks(11)
    taught = html_to_pdf(html)
    with monkeypatch.context() as alone:
        alone.setattr(breaks, "install", lambda: None)
        original = weasyprint.layout.block.find_earlier_page_break
        alone.setattr(weasyprint.layout.block, "find_earlier_page_break",
                      getattr(original, "__wrapped__", original))
        untaught = html_to_pdf(html)
    hyphen = ("-", "\u2010", "\u00ad")
    assert [end for end in _page_ends(untaught) if end.endswith(hyphen)]
    assert [end for end in _page_ends(taught) if end.endswith(hyphen)] == []
    assert words(" ".join(ln.text for p in read(taught) for ln in p.lines)) == \
        words(" ".join(ln.text for p in read(untaught) for ln in p.lines))


def test_a_book_with_no_title_carries_its_chapter_on_both_sides(tmp_path):
    """Markdown with no title (pandoc prints no title page): a left page carries the chapter's
    name, where a titled book carries its title; and every measure holds."""
    pick = random.Random(3)
    chapters = ["# " + name + "\n\n" + "\n\n".join(" ".join(pick.choice(WORDS) for _ in range(90)) for _ in range(14))
                for name in ("Tunnels", "Stores", "Queens")]
    source = tmp_path / "untitled.md"
    source.write_text("\n\n".join(chapters) + "\n", encoding="utf-8")
    pdf = pdf_of(str(source), tmp_path=tmp_path)
    geometry = book_page("a4")
    assert defects(pdf, geometry).failures() == {}
    left = [page for page in read(pdf) if page.index % 2 and page.label.isdigit()]
    heads = {ln.text for page in left for ln in page.lines if ln.bottom > page.height - geometry.top * 72 / 25.4}
    assert heads and heads <= {"Tunnels", "Stores", "Queens"}


def test_the_measures_find_a_heading_left_at_a_page_s_foot():
    """The control of ``stranded``: headings WeasyPrint may leave at a page's foot (no
    ``break-after: avoid``) are found there; the book style's own keep theirs with their text
    (the shared books above)."""
    from nests.publish.pdf import html_to_pdf

    geometry = book_page("a4")
    pick = random.Random(7)
    sections = "".join(f"<section><p>{' '.join(pick.choice(WORDS) for _ in range(n))}</p><h3>Heading {n}</h3>"
                       f"<p>{' '.join(pick.choice(WORDS) for _ in range(200))}</p></section>" for n in range(280, 300))
    html = (f"<html lang='en'><head><style>@page {{ size: 210mm 297mm; margin: {geometry.top}mm {geometry.side}mm "
            f"{geometry.bottom}mm; }} body {{ font: {geometry.body_pt}pt serif; line-height: 1.35; }} "
            "p { margin: 0; text-align: justify; } h3 { font-size: 1.35em; margin: 0.5em 0; break-after: auto; } "
            "section { break-before: page; }</style></head><body>" + sections + "</body></html>")
    found = defects(html_to_pdf(html), dataclasses.replace(geometry, columns=1))
    assert [text for _, text in found.stranded if text.startswith("Heading")]


def _notes_at_a_foot(count: int) -> str:
    """Sections each with a footnote's mark high on a page and, lower, a paragraph whose first
    line falls at the page's foot: WeasyPrint alone meets that paragraph's orphans by sending the
    note on to the next page, in some of them."""
    pick = random.Random(5)
    sections = []
    for n in range(count):
        words = " ".join(pick.choice(WORDS) for _ in range(100 + 2 * n))
        sections.append(f"<section><p>mark{n}x<span class='note'>Note {n}, {' '.join(WORDS[:12])}.</span> "
                        f"{words}</p><p>{' '.join(pick.choice(WORDS) for _ in range(60))}</p></section>")
    return ("<html lang='en'><head><style>@page { size: 105mm 150mm; margin: 10mm; } "
            "body { font: 10pt serif; line-height: 1.3; } p { margin: 0 0 0.4em; text-align: justify; "
            "orphans: 2; widows: 2; } .note { float: footnote; footnote-policy: line; } "
            "section { break-before: page; }</style></head><body>" + "".join(sections) + "</body></html>")


def _notes_apart(pdf: bytes, count: int) -> list[int]:
    """The sections whose note is not on its mark's page."""
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    said = [" ".join(document[k].get_textpage().get_text_range().split()) for k in range(len(document))]
    where = lambda text: next(k for k, page in enumerate(said) if text in page)      # noqa: E731
    return [n for n in range(count) if where(f"mark{n}x") != where(f"Note {n},")]


def test_a_footnote_stays_on_its_mark_s_page(monkeypatch):
    """The control first (WeasyPrint alone sends some notes on), then as the book style teaches
    it: every note on its mark's page, no word lost."""
    import weasyprint.layout.block

    from nests.publish import breaks
    from nests.publish.pdf import html_to_pdf
    from tests.book_print import words

    count = 24
    html = _notes_at_a_foot(count)
    taught = html_to_pdf(html)
    with monkeypatch.context() as alone:
        alone.setattr(breaks, "install", lambda: None)
        original = weasyprint.layout.block._linebox_layout
        alone.setattr(weasyprint.layout.block, "_linebox_layout", getattr(original, "__wrapped__", original))
        untaught = html_to_pdf(html)
    assert _notes_apart(untaught, count)
    assert _notes_apart(taught, count) == []
    # (the same letters, whatever page each note and line now falls on)
    assert sorted(words(" ".join(ln.text for p in read(taught) for ln in p.lines))) == \
        sorted(words(" ".join(ln.text for p in read(untaught) for ln in p.lines)))


def test_the_title_page_centres_every_credit_under_the_title(tmp_path):
    """As \\maketitle sets them: the subtitle, author, version, date and copyright each centred on
    the page, as the title is (not set at the left as a paragraph's one line)."""
    source = tmp_path / "moths.md"
    source.write_text("---\ntitle: Moth Lanterns\nsubtitle: A Guide\nauthor: Ann Wing\ndate: May 2024\n---\n\n"
                      "# One\n\nWords.\n", encoding="utf-8")
    title_page = read(pdf_of(str(source), tmp_path=tmp_path), [0])[0]
    assert [ln.text for ln in title_page.lines] == ["Moth Lanterns", "A Guide", "Ann Wing", "May 2024"]
    for line in title_page.lines:
        assert abs((line.left + line.right) / 2 - title_page.width / 2) < 3, line.text
