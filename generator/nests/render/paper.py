"""Paper sizes, in millimetres, portrait (width, height).

The PDF template sets its page from them (the global ``papers``); a booklet
(publish/impose.py) prints two pages side by side on a sheet turned landscape,
each page the size its sheet folds to (``FOLDED``). ISO A5 is 148 mm wide, half a
millimetre short of half an A4 sheet; half-Letter is exactly half a Letter sheet.

``COLUMNS``: how many columns the print layout's page has on each paper (shadow
included): the grid's on a sheet; on a booklet's page, as many as its width holds
at the booklet's smallest type (grid.BOOKLET_TYPE_PT), so that the packet is laid
out for that page and then imposed without scaling, instead of shrunk onto it.
"""

from nests.text import grid

PAPERS = {
    "a4": (210, 297),
    "letter": (215.9, 279.4),        # 8.5 × 11 in
    "a5": (148, 210),
    "half-letter": (139.7, 215.9),   # 5.5 × 8.5 in
}

SHEETS = ("a4", "letter")            # what --paper names: the sheet that goes through the printer
FOLDED = {"a4": "a5", "letter": "half-letter"}    # a booklet's page: its sheet folded once
BOOKLETS = ("a5",)                   # what --impose names: sheets folded once (A5 on A4, half-Letter on Letter)


def _booklet_columns(paper: str) -> int:
    text_pt = (PAPERS[paper][0] - 2 * grid.PAPER_MARGIN_MM) * 72 / 25.4
    return min(grid.PAGE_WIDTH, int(text_pt / (grid.BOOKLET_TYPE_PT * grid.GLYPH_ADVANCE)))


COLUMNS = {**{sheet: grid.PAGE_WIDTH for sheet in SHEETS}, **{page: _booklet_columns(page) for page in FOLDED.values()}}


def print_width(sheet: str, impose: str | None) -> int:
    """The columns of the print layout's page (the PDF's, the JSON's page numbers): the
    sheet's, or with ``impose`` those of the page the sheet folds to."""
    return COLUMNS[FOLDED[sheet] if impose else sheet]


def cell_shape(page_width: int) -> float:
    """How many times taller than wide a cell of the page grid prints on the paper whose print layout is
    ``page_width`` columns wide (A4's for the grid's own width; the booklet's page for its width), as the
    PDF template sets it (templates/pages.html.j2): a drawing that fills some cells of that page is shaped
    by it, so that it prints at the cell's own scale, its text at the page's type size."""
    paper = next((p for p, columns in COLUMNS.items() if columns == page_width), "a4")
    width, height = PAPERS[paper]
    line = (height - 2 * grid.PAPER_MARGIN_MM) / grid.PAGE_LINES
    return line / ((width - 2 * grid.PAPER_MARGIN_MM) / max(page_width, COLUMNS[paper]))
