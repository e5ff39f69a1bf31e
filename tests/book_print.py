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
from dataclasses import dataclass

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


def _lines(page, left0: float, bottom0: float) -> list[Line]:
    text = page.get_textpage()
    every = [text.get_rect(i) for i in range(text.count_rects())]
    if not every:
        return []
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
