"""The one Python module that names drawing glyphs, as data.

Layout draws frames in templates; Python only needs glyphs to recognise them
(reading a sheet back, finding a page's links and rolls for its PDF) or to swap
them (``--ascii``). ``ASCII`` maps every
box-drawing, block and pointer character the templates use to one printable
ASCII character, so a page keeps its exact grid when translated.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

# Corners, joints and crossings become "+", horizontals "-" or "=", verticals "|".
_CORNERS = "┌┐└┘├┤┬┴┼╔╗╚╝╠╣╦╩╬╒╓╕╖╘╙╛╜╞╟╡╢╤╥╧╨╪╫╭╮╯╰"
_HORIZONTAL = "─━┄┅┈┉╌╍"
_DOUBLE_HORIZONTAL = "═"
_VERTICAL = "│┃┆┇┊┋╎╏║"
_SHADE = "░▒▓█▀▄▌▐"

ASCII: dict[int, str] = {
    **{ord(c): "+" for c in _CORNERS},
    **{ord(c): "-" for c in _HORIZONTAL},
    **{ord(c): "=" for c in _DOUBLE_HORIZONTAL},
    **{ord(c): "|" for c in _VERTICAL},
    **{ord(c): "#" for c in _SHADE},
    ord("►"): ">", ord("◄"): "<", ord("▲"): "^", ord("▼"): "v",
    ord("•"): "*", ord("◦"): "o", ord("▪"): "*", ord("–"): "-", ord("—"): "-", ord("…"): ".",
    ord("→"): ">", ord("×"): "x", ord("✓"): "v",
}


# Marks the typeset text uses between words (the frames are the templates' own).
LABEL_OPEN, LABEL_CLOSE = "►", "◄"      # a run-in label: ►Known Items◄
BULLETS = ("•", "◦", "▪")               # list markers, one per depth of nesting
SHADOW = "▓"                            # a drawn page's drop shadow

# What the templates draw and Python reads back in printed text (a sheet read in, the links
# and rolls of a page found for its PDF): named here, drawn only by the templates.
PAGE_CORNER = "╔"                       # a page's first character, its top left corner
PAGE_SIDE = "║"                         # a page's frame, left and right of every line
BOX_SIDE = "│"                          # a box's wall inside a page
ARROW = "→"                             # a roll and what it gave: d60 → 41
TICK_BOX, TICK_CIRCLE, TICKED, CROSSED = "□", "○", "✓", "✗"   # to tick (a box, a circle); ticked; does not apply
# A tick as --ascii prints it: one column each (nests.text.transliterate), and read back alike.
TICKS_ASCII = {TICK_BOX: "o", TICK_CIRCLE: "o", TICKED: "v", CROSSED: "x"}


def tick_marks(circle: bool = True) -> str:
    """Every tick a printed sheet may show before a label, drawn or in ASCII (for a pattern's
    ``[…]``); without ``circle``, a box's only."""
    drawn = [t for t in TICKS_ASCII if circle or t != TICK_CIRCLE]
    return "".join(drawn) + "".join(dict.fromkeys(TICKS_ASCII[t] for t in drawn))


def is_ticked(mark: str) -> bool:
    """Whether a tick read from a printed sheet is ticked (✓, or v in ASCII)."""
    return mark in (TICKED, TICKS_ASCII[TICKED])


def to_ascii(text: str) -> str:
    """``text`` with every drawing glyph replaced by its one-column ASCII stand-in."""
    return text.translate(ASCII)


# ---------------------------------------------------------------------------
# The PDF draws box-drawing and block glyphs (U+2500–U+259F) as vector shapes
# from the page grid, as terminal emulators do, so that frames join at any
# line height. What each glyph is made of is read from its Unicode name
# ("BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY", "LOWER ONE QUARTER BLOCK"):
# the names are systematic, and reading them cannot mistype a table entry.

NONE, LIGHT, HEAVY, DOUBLE = 0, 1, 2, 3
UP, RIGHT, DOWN, LEFT = 0, 1, 2, 3          # the arms of a cell, from its centre to each edge

_WEIGHTS = {"LIGHT": LIGHT, "SINGLE": LIGHT, "HEAVY": HEAVY, "DOUBLE": DOUBLE}
_DIRECTIONS = {"UP": (UP,), "RIGHT": (RIGHT,), "DOWN": (DOWN,), "LEFT": (LEFT,),
               "HORIZONTAL": (LEFT, RIGHT), "VERTICAL": (UP, DOWN)}
_DASHES = {"DOUBLE DASH": 2, "TRIPLE DASH": 3, "QUADRUPLE DASH": 4}
_FRACTIONS = {"ONE EIGHTH": 1 / 8, "ONE QUARTER": 2 / 8, "THREE EIGHTHS": 3 / 8, "HALF": 4 / 8,
              "FIVE EIGHTHS": 5 / 8, "THREE QUARTERS": 6 / 8, "SEVEN EIGHTHS": 7 / 8}
_QUADRANTS = {"UPPER LEFT": (0, 0, .5, .5), "UPPER RIGHT": (.5, 0, 1, .5),
              "LOWER LEFT": (0, .5, .5, 1), "LOWER RIGHT": (.5, .5, 1, 1)}
_SHADES = {"LIGHT SHADE": .25, "MEDIUM SHADE": .5, "DARK SHADE": .75}
BOX_FIRST, BLOCK_LAST = 0x2500, 0x259F


@dataclass(frozen=True)
class Shape:
    """What one drawing glyph is made of, in its cell.

    ``arms``: the weight of each arm (UP, RIGHT, DOWN, LEFT), NONE for no arm;
    ``dashes``: a dashed line's number of dashes per cell (0: solid);
    ``diagonals``: "/" and "\\" strokes from corner to corner;
    ``fills``: rectangles as fractions of the cell (x0, y0, x1, y1) with the
    share of ink they carry (1 for solid, less for the shades).
    """

    arms: tuple[int, int, int, int] = (NONE, NONE, NONE, NONE)
    dashes: int = 0
    diagonals: str = ""
    fills: tuple[tuple[float, float, float, float, float], ...] = ()


def _box(name: str) -> Shape:
    words = name.removeprefix("BOX DRAWINGS ")
    dashes = 0
    for phrase, count in _DASHES.items():
        if phrase in words:
            dashes, words = count, words.replace(phrase + " ", "")
    if "DIAGONAL" in words:
        return Shape(diagonals={"UPPER RIGHT TO LOWER LEFT": "/", "UPPER LEFT TO LOWER RIGHT": "\\",
                                "CROSS": "/\\"}[words.split("DIAGONAL ")[1]])
    arms = [NONE] * 4
    prefix, pending = NONE, []
    # A weight before its directions ("LIGHT DOWN AND RIGHT") holds for those
    # that follow; a weight after them ("DOWN LIGHT AND RIGHT HEAVY") for those before.
    for word in words.replace(" ARC", "").split():
        if word in _WEIGHTS:
            if pending:
                for arm in pending:
                    arms[arm] = _WEIGHTS[word]
                pending = []
            else:
                prefix = _WEIGHTS[word]
        elif word in _DIRECTIONS:
            for arm in _DIRECTIONS[word]:
                if prefix:
                    arms[arm] = prefix
                else:
                    pending.append(arm)
    return Shape(arms=tuple(arms), dashes=dashes)


def _block(name: str) -> Shape:
    if name in _SHADES:
        return Shape(fills=((0, 0, 1, 1, _SHADES[name]),))
    if name == "FULL BLOCK":
        return Shape(fills=((0, 0, 1, 1, 1),))
    if name.startswith("QUADRANT "):
        return Shape(fills=tuple((*_QUADRANTS[q], 1) for q in name.removeprefix("QUADRANT ").split(" AND ")))
    side, rest = name.split(" ", 1)
    f = _FRACTIONS[rest.removesuffix(" BLOCK")]
    return Shape(fills=({"UPPER": (0, 0, 1, f), "LOWER": (0, 1 - f, 1, 1),
                         "LEFT": (0, 0, f, 1), "RIGHT": (1 - f, 0, 1, 1)}[side] + (1,),))


@lru_cache(maxsize=1)
def shapes() -> dict[str, Shape]:
    """Every glyph from U+2500 to U+259F and its shape."""
    table = {}
    for code in range(BOX_FIRST, BLOCK_LAST + 1):
        glyph = chr(code)
        name = unicodedata.name(glyph)
        table[glyph] = _box(name) if name.startswith("BOX DRAWINGS ") else _block(name)
    return table
