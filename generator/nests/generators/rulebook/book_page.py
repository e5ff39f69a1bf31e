"""The book style's page: its type size and its text block, set together.

A book's line is read best at some 60–75 characters (LaTeX's book class gives 65–70), so
the text block is as wide as ``MEASURE`` characters of the body type, not as wide as the
paper allows: the size of the type sets the width of the block. What the paper has left
goes to the margins, the outer one wider than the inner (``INNER_SHARE``), so that the
two blocks of an open book sit close to each other across the fold.

WeasyPrint sets every page of the body with the margins halved between both sides (a
page's side, left or right, is only known once the book is bound: a long book is typeset
in parts, side by side); the binder then moves each page's view of its drawing by
``shift_pt`` toward its fold (nests.publish.bound). The templates (book.css.j2,
heads.html.j2) read these measures as ``page``.
"""

from __future__ import annotations

from dataclasses import dataclass

from nests.render.paper import PAPERS

MM_PER_PT = 25.4 / 72
# Source Serif 4's mean advance in running English text, justified, in ems (measured on the
# books of ../shared/rulebook/: 96 characters a line on 170 mm at 10.5 pt).
ADVANCE_EM = 0.478
MEASURE = 68                 # characters a line in one column
COLUMN_MEASURE = 50          # characters a line in each of two columns, as game books set them
SMALL_COLUMN_MEASURE = 38    # ... on a page of half a sheet (A5, half-Letter)
INNER_SHARE = 0.4            # the inner margin's share of the two side margins (2 : 3)


@dataclass(frozen=True)
class PageMeasures:
    """The measures of a book-style page, in millimetres (type in points)."""

    width: float
    height: float
    columns: int
    body_pt: float
    chars: int               # characters a line of a column holds
    column: float            # the width of a column of text
    gap: float               # between two columns
    top: float
    bottom: float

    @property
    def text(self) -> float:
        """The text block's width."""
        return self.column * self.columns + self.gap * (self.columns - 1)

    @property
    def inner(self) -> float:
        return (self.width - self.text) * INNER_SHARE

    @property
    def outer(self) -> float:
        return self.width - self.text - self.inner

    @property
    def side(self) -> float:
        """Each side margin as WeasyPrint sets it, before the binder moves the page."""
        return (self.width - self.text) / 2

    @property
    def shift_pt(self) -> float:
        """How far a bound page's drawing moves toward the fold, in PDF points."""
        return (self.outer - self.inner) / 2 / MM_PER_PT


def book_page(paper: str, columns: int = 1) -> PageMeasures:
    """The page of a book in the book style on ``paper`` (a name of nests.render.paper.PAPERS)."""
    width, height = PAPERS[paper]
    small = width < 180
    if columns == 2:
        body_pt, chars, gap = (9, SMALL_COLUMN_MEASURE, 4) if small else (9.5, COLUMN_MEASURE, 6)
    else:
        body_pt, chars, gap = (10 if small else 11), MEASURE, 0
    column = round(chars * ADVANCE_EM * body_pt * MM_PER_PT, 1)
    top, bottom = (16, 20) if small else (24, 28)
    return PageMeasures(width, height, columns, body_pt, chars, column, gap, top, bottom)
