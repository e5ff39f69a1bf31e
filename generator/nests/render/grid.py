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
