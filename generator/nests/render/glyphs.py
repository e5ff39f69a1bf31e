"""The one Python module that names drawing glyphs, as data.

Layout draws frames in templates; Python only needs glyphs to recognise them
(reading a sheet back) or to swap them (``--ascii``). ``ASCII`` maps every
box-drawing, block and pointer character the templates use to one printable
ASCII character, so a page keeps its exact grid when translated.
"""

from __future__ import annotations

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


def to_ascii(text: str) -> str:
    """``text`` with every drawing glyph replaced by its one-column ASCII stand-in."""
    return text.translate(ASCII)
