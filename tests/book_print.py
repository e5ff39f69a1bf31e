"""A book-style PDF read as its reader sees it: each page's lines of text where they print
(for the tests of the page: measure, margins, running heads, hyphens, nothing past the block).

Lines are pdfium's runs of text, gathered by their baseline and cut where a gap across the
middle of the page's text parts them (the two columns of a page). Positions are in points from the
left and bottom of the page as it shows (its media box), whatever the drawing's own origin.
"""

from __future__ import annotations

import io
import re
import statistics
from dataclasses import dataclass, field

import pypdfium2
from pypdf import PdfReader

GUTTER_PT = 12          # a gap this wide across the text's middle, on one baseline, parts two columns
HYPHENS = "-\u2010\u00ad"


@dataclass
class Line:
    text: str
    left: float
    right: float
    bottom: float
    top: float

    @property
    def hyphenated(self) -> bool:
        text = self.text.rstrip()
        return bool(text) and text[-1] in HYPHENS and len(text) > 1 and text[-2].isalpha()


@dataclass
class Page:
    index: int              # from 0, in the PDF
    label: str              # the PDF's page label
    width: float
    height: float
    lines: list[Line]

    def body(self, top_mm: float, bottom_mm: float) -> list[Line]:
        """The lines inside the text block's height: no running head, no page number."""
        mm = 72 / 25.4
        return [ln for ln in self.lines if ln.bottom > bottom_mm * mm - 1 and ln.top < self.height - top_mm * mm + 1]


def _rows(rects: list) -> list[list]:
    """Runs of text gathered into the lines they print on: a run whose middle lies within a
    line's height is of that line (glyph boxes differ in depth; a note's mark rides higher)."""
    rows: list[list] = []
    for rect in sorted(rects, key=lambda r: -(r[1] + r[3])):
        middle = (rect[1] + rect[3]) / 2
        for row in rows:
            bottom, top = min(r[1] for r in row), max(r[3] for r in row)
            if bottom <= middle <= top or rect[1] <= (bottom + top) / 2 <= rect[3]:
                row.append(rect)
                break
        else:
            rows.append([rect])
    return rows


def _line_end_spaces(text) -> list[tuple]:
    """The boxes of the spaces that end a line (a justified line keeps its last space, which
    prints nothing: no line reaches as far as it)."""
    said = text.get_text_range()
    return [text.get_charbox(k) for k in range(len(said) - 1) if said[k] == " " and said[k + 1] in "\r\n"]


def _lines(page, left0: float, bottom0: float) -> list[Line]:
    text = page.get_textpage()
    every = [text.get_rect(i) for i in range(text.count_rects())]
    if not every:
        return []
    spaces = _line_end_spaces(text)
    middle = (min(r[0] for r in every) + max(r[2] for r in every)) / 2     # the text's middle: a gutter's place
    out = []
    for rects in _rows(every):
        rects.sort()
        groups = [[rects[0]]]
        for rect in rects[1:]:
            end = max(r[2] for r in groups[-1])
            if rect[0] - end > GUTTER_PT and end < middle < rect[0]:
                groups.append([rect])
            else:
                groups[-1].append(rect)
        for group in groups:
            left, right = min(r[0] for r in group), max(r[2] for r in group)
            bottom, top = min(r[1] for r in group), max(r[3] for r in group)
            right = next((box[0] for box in spaces if abs(box[2] - right) < 0.3 and bottom <= box[1] <= top), right)
            words = text.get_text_bounded(left - 0.5, bottom + 0.5, right + 0.5, top - 0.5)
            words = " ".join(words.split())
            if words:
                out.append(Line(words, left - left0, right - left0, bottom - bottom0, top - bottom0))
    out.sort(key=lambda line: (-line.top, line.left))
    return out


def read(pdf: bytes, pages: range | list[int] | None = None) -> list[Page]:
    """The pages of ``pdf`` (all, or those of ``pages``, indexes from 0) with their lines."""
    reader = PdfReader(io.BytesIO(pdf))
    labels = list(reader.page_labels)
    document = pypdfium2.PdfDocument(pdf)
    out = []
    for k in (pages if pages is not None else range(len(document))):
        box = reader.pages[k].mediabox
        page = document[k]
        out.append(Page(k, labels[k], float(box.width), float(box.height),
                        _lines(page, float(box.left), float(box.bottom))))
    return out


def columns_of(lines: list[Line], middle: float) -> list[list[Line]]:
    """A page's lines as its columns: those left of ``middle`` and those right of it (top to bottom)."""
    left = [ln for ln in lines if ln.right <= middle]
    right = [ln for ln in lines if ln.left >= middle]
    return [c for c in (left, right) if c]


def measure(pages: list[Page], top_mm: float, bottom_mm: float) -> float:
    """The median count of characters in a full line of text (one as wide as the page's widest
    line of text, within 3%): the measure as a reader counts it."""
    counts = []
    for page in pages:
        lines = page.body(top_mm, bottom_mm)
        if len(lines) < 15:
            continue
        widest = max(ln.right - ln.left for ln in lines)
        counts += [len(ln.text) for ln in lines if ln.right - ln.left >= 0.97 * widest]
    return statistics.median(counts)


def ladders(runs: list[list[Line]], least: float = 0) -> list[list[str]]:
    """Every run of three or more lines in a row ending in a hyphen, in runs of lines in order
    (a column, a page's lines); a line narrower than ``least`` (a table's row of short cells)
    is none of a ladder's."""
    found = []
    for lines in runs:
        run: list[str] = []
        for line in lines + [Line("", 0, 0, 0, 0)]:
            if line.hyphenated and line.right - line.left >= least:
                run.append(line.text)
                continue
            if len(run) >= 3:
                found.append(run)
            run = []
    return found


def words(text: str) -> str:
    """Words as a page's text layer holds them, whatever the lines and hyphens: for finding them."""
    return re.sub(r"[\s\ufffe\u00ad\u2010-]+", "", text).lower()


# ---- a book's defects, as a book designer finds them on its pages (issue 37) ----

MM = 72 / 25.4
HEADING_SCALE = 1.7          # a chapter's (or a part's) heading against the body type: 1.9em (book.css.j2)
STRANDED_SCALE = 1.1         # a section's heading or smaller (1.15em), but for those set in the body's size


@dataclass
class Defects:
    """What a reader of the printed book would mark, page by page (labels as the PDF names them)."""

    pages: int
    measure: float                                            # characters in a full line, median
    page_labels: bool                                          # the PDF labels its pages, the body from "1"
    page_one_recto: bool                                       # page 1 is a right-hand page
    quote_labels: list[str] = field(default_factory=list)     # a "Quote" label printed over a quotation
    heads_inside: list[str] = field(default_factory=list)     # a running head at the gutter's side
    heads_on_openings: list[str] = field(default_factory=list)
    heads_missing: list[str] = field(default_factory=list)    # a page of running text with no head
    ladders: list[list[str]] = field(default_factory=list)    # three hyphenated lines or more in a row
    hyphen_at_end: list[str] = field(default_factory=list)    # a page (or its last column) ending in a hyphen
    past_block: list[tuple[str, str]] = field(default_factory=list)   # words past the text block's edges
    stranded: list[tuple[str, str]] = field(default_factory=list)     # a heading at a page's or column's foot
    notes_apart: list[tuple[str, str]] = field(default_factory=list)  # a footnote not on its mark's page
    notes: int = 0                                             # footnotes found (mark and note linked both ways)
    openings: int = 0                                          # chapter (or part) openings found

    def failures(self, low: float = 60, high: float = 75) -> dict[str, object]:
        """Each defect found, by name (empty: none)."""
        found = {"measure": self.measure} if not low <= self.measure <= high else {}
        found.update({name: value for name, value in (
            ("page labels", not self.page_labels), ("page 1 on a left-hand page", not self.page_one_recto),
            ("quote labels", self.quote_labels), ("heads at the gutter", self.heads_inside),
            ("heads on openings", self.heads_on_openings), ("heads missing", self.heads_missing),
            ("hyphen ladders", self.ladders), ("hyphen at a page's end", self.hyphen_at_end),
            ("past the text block", self.past_block), ("headings at a foot", self.stranded),
            ("footnotes apart from their marks", self.notes_apart)) if value})
        return found


def _letters(page) -> list[tuple[float, float, float, float, float]]:
    """A page's letters as pdfium finds them: each one's box (left, bottom, right, top, in the
    drawing's own coordinates) and its type size."""
    import pypdfium2.raw as raw

    text = page.get_textpage()
    return [(*text.get_charbox(k), raw.FPDFText_GetFontSize(text.raw, k))
            for k, char in enumerate(text.get_text_range()) if char.strip()]


def defects(pdf: bytes, geometry) -> Defects:
    """The defects of a book-style PDF set on ``geometry`` (book_page's PageMeasures): its
    lines read as they print (``read``), the type sizes from pdfium."""
    reader = PdfReader(io.BytesIO(pdf))
    pages = read(pdf)
    document = pypdfium2.PdfDocument(pdf)
    labels = [page.label for page in pages]
    first = labels.index("1") if "1" in labels else None
    found = Defects(len(pages), 0.0, "/PageLabels" in reader.trailer["/Root"] and first is not None,
                    first is not None and first % 2 == 0)
    body = pages[first:] if first is not None else pages
    found.measure = measure(body, geometry.top, geometry.bottom) if any(
        len(p.body(geometry.top, geometry.bottom)) >= 15 for p in body) else 0.0
    # the body type: the commonest size of the book's letters; a page opens a chapter where a
    # heading much larger stands in the top 40% of its text block
    block_height = pages[0].height - (geometry.top + geometry.bottom) * MM if pages else 0
    letters = {page.index: _letters(document[page.index]) for page in pages}
    body_pt = statistics.mode(round(got[4], 1) for page in letters.values() for got in page) if pages else 0.0

    def largest(page, line) -> float:
        """The largest letter of a line of ``page`` (its heading's size, if it is one)."""
        left0 = float(reader.pages[page.index].mediabox.left)
        return max([size for x0, y0, x1, y1, size in letters[page.index] if line.left - 1 <= x0 - left0 <= line.right + 1
                    and line.bottom - 1 <= (y0 + y1) / 2 <= line.top + 1] or [0.0])

    def pictured_below(page, line) -> bool:
        """Whether a picture follows a line, under it in its column (a heading over its figure)."""
        left0 = float(reader.pages[page.index].mediabox.left)
        return any(top <= line.bottom + 2 and left - left0 < line.right and right - left0 > line.left
                   for left, _, right, top in (picture.get_bounds() for picture in
                                               document[page.index].get_objects(filter=(pypdfium2.raw.FPDF_PAGEOBJ_IMAGE,))))

    for page in pages:
        right_hand = page.index % 2 == 0             # the PDF's first page is a right-hand one
        inner, outer = geometry.inner * MM, geometry.outer * MM
        left, right = (inner, page.width - outer) if right_hand else (outer, page.width - inner)
        if page.index == 0 and not [ln for ln in page.lines if ln.top < geometry.bottom * MM]:
            left, right = geometry.side * MM, page.width - geometry.side * MM     # a title page: centred
        top = page.height - geometry.top * MM
        for line in page.lines:
            if line.left < left - 2 or line.right > right + 2:
                found.past_block.append((page.label, line.text[:40]))
        text = page.body(geometry.top, geometry.bottom)
        found.quote_labels += [page.label for line in text if line.text == "Quote"]
        if not text or (first is not None and page.index < first):        # the front matter: no heads to check
            continue
        runs = columns_of(text, (left + right) / 2) if geometry.columns == 2 else [text]
        found.ladders += ladders(runs, 0.8 * geometry.column * MM)
        if text[-1].hyphenated or any(run[-1].hyphenated for run in runs):
            found.hyphen_at_end.append(page.label)
        # a heading at a column's foot whose text follows in the next column (or on the next page:
        # a heading followed by another, an empty section, is the source's own)
        for k, run in enumerate(runs):
            if len(run) > 1 and STRANDED_SCALE * body_pt <= largest(page, run[-1]) < HEADING_SCALE * body_pt \
                    and not pictured_below(page, run[-1]):
                after = (page, runs[k + 1][0]) if k + 1 < len(runs) else next(
                    ((later, later.body(geometry.top, geometry.bottom)[0]) for later in pages[page.index + 1:]
                     if later.body(geometry.top, geometry.bottom)), None)
                if after is None or largest(*after) < STRANDED_SCALE * body_pt:
                    found.stranded.append((page.label, run[-1].text[:40]))
        heads = [ln for ln in page.lines if ln.bottom > top + 1]
        reach = top - 0.4 * block_height          # a chapter's heading opens the page in its top 40%
        opening = max([got[4] for got in letters[page.index] if reach <= got[3] <= top + 2] or [0.0]) >= \
            HEADING_SCALE * body_pt
        found.openings += opening
        if opening and heads:
            found.heads_on_openings.append(page.label)
        elif not opening and not heads and page.label != "1":        # (page 1 opens the body, as a chapter)
            found.heads_missing.append(page.label)
        elif heads and not opening:
            head = heads[0]
            if (head.left + head.right) / 2 < page.width / 2 if right_hand else (head.left + head.right) / 2 > page.width / 2:
                found.heads_inside.append(page.label)
    found.notes, found.notes_apart = _footnotes(pdf, labels)
    return found


def _footnotes(pdf: bytes, labels: list[str]) -> tuple[int, list[tuple[str, str]]]:
    """The footnotes a reader follows from their marks: a mark links to its note and the note's
    number back to the mark (book.html.j2), both words its number; each pair whose two ends lie
    on different pages is a note apart from its mark (its mark's page, its number)."""
    from tests.pdf_links import links

    numbered = [(page, text, lands) for page, text, lands in links(pdf) if text.isdigit() and isinstance(lands, int)]
    pairs = {(page, text, lands) for page, text, lands in numbered if (lands, text, page) in set(numbered)}
    marks = {(page, text, lands) for page, text, lands in pairs if page <= lands}      # (the mark comes first)
    return len(marks), sorted((labels[page - 1], text) for page, text, lands in marks if page != lands)


def _main(argv=None) -> int:
    """``python -m tests.book_print BOOK.pdf [--columns 2]``: a book-style PDF's defects, one
    line each (exit 1 if any)."""
    import argparse

    from nests.generators.rulebook.book_page import book_page
    from nests.render.paper import PAPERS

    parser = argparse.ArgumentParser(description=_main.__doc__)
    parser.add_argument("pdf")
    parser.add_argument("--columns", type=int, default=1, choices=(1, 2))
    args = parser.parse_args(argv)
    pdf = open(args.pdf, "rb").read()
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    size = (float(box.width) / MM, float(box.height) / MM)
    paper = min(PAPERS, key=lambda name: abs(PAPERS[name][0] - size[0]) + abs(PAPERS[name][1] - size[1]))
    found = defects(pdf, book_page(paper, args.columns))
    print(f"{args.pdf}: {found.pages} pages, {found.openings} openings, measure {found.measure:g}")
    low, high = (60, 75) if args.columns == 1 else (40, 60)
    for name, value in found.failures(low, high).items():
        shown = value if not isinstance(value, list) else f"{len(value)}: {value[:6]}"
        print(f"  {name}: {shown}")
    return 1 if found.failures(low, high) else 0


if __name__ == "__main__":
    raise SystemExit(_main())
