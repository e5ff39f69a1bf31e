"""The page grid of a plaintext sheet, checked before any of its fields is read.

A printed sheet is whole pages of 50 lines, every line as wide as the first:
the page's top border, its body lines between the frame's sides, its bottom
border, its shadow line. Every box line that leaves a glyph downwards meets
one that comes from above. A sheet that breaks any of this (a line deleted,
repeated or moved, a frame character lost, characters added or cut, a file
truncated) stops at the first line that shows it, so that what is read is
never a shifted or partial sheet.

Lines here are one character per display column (see nests.content.sheets.reader): box
drawing or ``--ascii``, both are checked through their ASCII stand-ins.
"""

from __future__ import annotations

from nests.text import grid
from nests.text.glyphs import DOWN, NONE, UP, shapes, to_ascii


class Damaged(Exception):
    def __init__(self, line: int, message: str):
        self.line, self.message = line, message


def check_pages(lines: list[str]) -> None:
    """Raise Damaged at the first line that does not stand where a sheet's page puts it."""
    size = grid.PAGE_LINES
    width = len(lines[0]) + 1                 # the top border's last column is a blank: stripped
    shown = [to_ascii(line) for line in lines]
    for n, line in enumerate(shown, 1):
        at, page = (n - 1) % size, (n - 1) // size + 1
        if n == len(shown) and len(line) < width - (at == 0):
            raise Damaged(n, "the sheet ends in the middle of this line: it is truncated")
        if at == 0:
            if not (line.startswith("+") and line.endswith("+") and len(line) == width - 1):
                raise Damaged(n, f"page {page} should start here with its top border; each page is {size} lines, "
                                 "so a line above was added or deleted")
            continue
        if at == size - 1:
            if line != " " + "#" * (width - 1):
                raise Damaged(n, "the page's shadow line (under its bottom border) should be here")
            continue
        if at == size - 2:
            _bottom(shown, n, page, width)
        elif not (line[:1] in "|+" and line[-2:] in ("|#", "+#")):
            if _is_bottom(line) or line == " " + "#" * (width - 1):
                raise Damaged(n, f"page {page} ends here, {size - 1 - at} lines early; each page is {size} lines, "
                                 "so a line above was deleted")
            raise Damaged(n, "this line has lost the page's frame (a side of the page at each end)")
        if len(line) != width:
            raise Damaged(n, f"this line is {len(line)} columns wide where the sheet's lines are {width}: "
                             "characters were added or deleted")
        _joins(lines, n)
    if len(lines) % size:
        raise Damaged(len(lines), f"the sheet ends on line {len(lines)}, inside page {len(lines) // size + 1}: "
                                  "it is truncated")


def _is_bottom(line: str) -> bool:
    return line.startswith("+=") and line.endswith("+#")


def _bottom(shown: list[str], n: int, page: int, width: int) -> None:
    line = shown[n - 1]
    if _is_bottom(line):
        return
    if line == " " + "#" * (width - 1):
        raise Damaged(n, f"page {page} is a line short: a line above was deleted (each page is "
                         f"{grid.PAGE_LINES} lines)")
    if n < len(shown) and _is_bottom(shown[n]):
        raise Damaged(n, f"page {page} is a line long: a line above was added or repeated (each page is "
                         f"{grid.PAGE_LINES} lines)")
    raise Damaged(n, f"page {page}'s bottom border should be on this line; each page is {grid.PAGE_LINES} lines")


def _joins(lines: list[str], n: int) -> None:
    """Line ``n``'s box lines meet those of the line above: a glyph leaving downwards
    above one coming from above, and the other way round (box drawing only; in
    ASCII, a "|" between two lines that carry it on)."""
    above, line = lines[n - 2], lines[n - 1]
    table = shapes()
    for column in range(min(len(above), len(line))):
        a, b = above[column], line[column]
        if a in table or b in table:
            down = a in table and table[a].arms[DOWN] != NONE
            up = b in table and table[b].arms[UP] != NONE
            if down != up:
                raise Damaged(n, f"column {column + 1}: a box's side breaks off here: a line was deleted, "
                                 "repeated or moved, or a frame character lost")
        elif (b == "|" and a not in "|+") or (a == "|" and b not in "|+"):
            raise Damaged(n, f"column {column + 1}: a box's side breaks off here: a line was deleted, "
                             "repeated or moved, or a frame character lost")
