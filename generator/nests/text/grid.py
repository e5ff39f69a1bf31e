"""The rulebook's page grid, for the Python that paginates (templates draw it).

A page is 93 columns of frame plus a shadow column, 50 lines: the top border,
47 body lines, the bottom border and the shadow. Inside ║ … ║ there are 91
columns; running text keeps one space from each side, 89 columns.
"""

PAGE_LINES = 50
PAGE_WIDTH = 94          # display columns of every page line, shadow included
FRAME_WIDTH = 93         # the frame alone, without the shadow column
BODY_LINES = 47
INTERIOR = 91            # the whole interior of the frame
TEXT_WIDTH = 89          # running text, one space from each side
NARROWEST = 40           # the narrowest page a sheet or a stat block reflows to (--width N), shadow included
BOX_INSET = 4            # columns a framed box inside the text takes from its text: a wall and a space each side

# The packet's fixed columns: its templates draw them, and the content checks hold a
# table's words to the same numbers.
TRACKER_NAME = 11        # a class name before its colon on the Hunger and Wounds tracker (packet/pool.txt.j2)
STAMP_REROLLS = 20       # characters of re-rolled parts a packet's page stamp lists; the rest it counts
EVENT_NAME = 40          # an Event's name on a Room key's line (packet/room.txt.j2)
# The Item Key's line (packet/items.txt.j2): an Item's id and name, then its Condition,
# Alignment and Ability, each after its die and roll ("d10→9 ").
ITEM_KEY_COLUMNS = (20, 17, 16, 21)
# What those columns leave each table's result: the name is "I12 " and colour and type.
ITEM_KEY_RESULT = {"food-colour": 7, "food-type": 8, "item-condition": 10, "item-alignment": 10,
                   "beneficial-abilities": 14, "harmful-abilities": 14}

# A report printed straight to a terminal (nests simulate) wraps one column short of 80,
# so a terminal that wraps at its last column never breaks a line twice.
REPORT_WIDTH = 79

# A PDF longer than PDF_PARTS_OVER pages is typeset in parts of at most PDF_PART_PAGES
# pages, side by side on every core, and joined (publish/parts.py). The parts follow
# from the page count alone, so the bytes do not depend on the machine; a part costs
# WeasyPrint some half a second of its own, and a shorter one evens out the cores' loads.
PDF_PARTS_OVER = 200
PDF_PART_PAGES = 100
# A book in the book style is typeset in parts when its text is longer than BOOK_PARTS_OVER
# characters (some 200 pages), each part whole chapters of about BOOK_PART_CHARS characters
# (the parts follow from the book alone; a part costs WeasyPrint some two seconds of its own).
BOOK_PARTS_OVER = 480_000
BOOK_PART_CHARS = 240_000
# A part that prints a page of the bound book (a LaTeX \pageref) it could not count itself is
# typeset again with the pages written out, and again while a number's new width moves a page,
# at most BOOK_PAGE_ROUNDS times (publish/bound.py; LaTeX too reruns until its labels settle).
BOOK_PAGE_ROUNDS = 3

# The PDF (templates/pages.html.j2): the grid fills the paper less PAPER_MARGIN_MM at each
# edge, in DejaVu Sans Mono, whose every glyph advances GLYPH_ADVANCE of an em. A page of
# the print layout on A4 or Letter is PAGE_WIDTH columns; a booklet's page (A5, half-Letter)
# is laid out as wide as its paper holds at BOOKLET_TYPE_PT, the smallest body type a
# booklet prints (nests.render.paper.COLUMNS), and imposed at 100%.
PAPER_MARGIN_MM = 10
GLYPH_ADVANCE = 1233 / 2048
BOOKLET_TYPE_PT = 8.5

# The printed cell's shape, for a picture framed on the grid (its frame as many lines
# tall as the picture is, printed): on A4 less 10 mm at each edge a column is
# 190/93 mm wide and a line 277/50 mm tall; a picture's pixel is a CSS pixel, 1/96 in.
COLUMN_MM = 190 / 93
LINE_MM = 277 / 50
PIXEL_MM = 25.4 / 96


class Grid:
    """The same numbers for a page ``page_width`` columns wide (shadow included), under the
    module's names: what a template draws a narrower page by (the packet at --width N)
    when it is given ``grid=Grid(N)`` in place of this module."""

    PAGE_LINES = PAGE_LINES
    BODY_LINES = BODY_LINES
    BOX_INSET = BOX_INSET
    TRACKER_NAME = TRACKER_NAME
    EVENT_NAME = EVENT_NAME
    ITEM_KEY_COLUMNS = ITEM_KEY_COLUMNS

    def __init__(self, page_width: int = PAGE_WIDTH):
        self.PAGE_WIDTH = page_width
        self.FRAME_WIDTH = page_width - (PAGE_WIDTH - FRAME_WIDTH)
        self.INTERIOR = page_width - (PAGE_WIDTH - INTERIOR)
        self.TEXT_WIDTH = page_width - (PAGE_WIDTH - TEXT_WIDTH)
        self.NARROW = page_width < PAGE_WIDTH       # narrower than the printed page: the frame rearranges

    def __eq__(self, other) -> bool:
        return isinstance(other, Grid) and other.PAGE_WIDTH == self.PAGE_WIDTH

    def __hash__(self) -> int:
        return hash(self.PAGE_WIDTH)
