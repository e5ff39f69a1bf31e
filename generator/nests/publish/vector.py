"""A plaintext page's drawing glyphs as vector shapes, for the PDF.

In print the lines of a page are taller than a glyph of the font, so a
box-drawing character set as text leaves gaps between one line and the next.
Terminal emulators meet the same problem and draw these glyphs themselves
from the character grid; so does the PDF: each box-drawing or block glyph
(what it is made of comes from ``nests.text.glyphs.shapes``) becomes
rectangles at its cell. Runs of cells that continue one another merge into
one rectangle, so a frame line is a single unbroken shape at any resolution.

The template chooses the measures (cell, line, stroke weights, gap of double
lines, in points) and calls ``vector_shapes``; the glyphs stay in the page's
text layer in a blank font (``frames_font``), so the page copies out as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from nests.text.glyphs import DOUBLE, DOWN, HEAVY, LEFT, NONE, RIGHT, UP, shapes

_EPSILON = 1e-6


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    ink: float = 1.0            # 1 black; the shades less


@dataclass(frozen=True)
class Stroke:
    """A diagonal line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    width: float


@dataclass(frozen=True)
class Shapes:
    rects: list[Rect]
    strokes: list[Stroke]


class _Cell:
    """A cell at the origin: its size, centre and the stroke measures, in points.
    A glyph's shapes are made here once, then moved to each cell it is in."""

    def __init__(self, cell: float, height: float, light: float, heavy: float, gap: float):
        self.x = self.y = 0.0
        self.w, self.h = cell, height
        self.cx, self.cy = cell / 2, height / 2
        self.light, self.heavy, self.gap = light, heavy, gap

    def weight(self, arm_weight: int) -> float:
        return self.heavy if arm_weight == HEAVY else self.light


def _reach(arms: tuple[int, ...], arm: int, offset: int) -> float:
    """How far past the cell's centre the line ``offset`` (-1, 0, +1 gaps to the
    side of the first/second perpendicular arm) of ``arm`` runs, in gaps.

    A double arm's line bends into the double arm on its own side (stopping
    short, -1), or reaches round the far line of a double arm on the other
    side (+1). A single arm stops at the near line of a double line that runs
    straight through, reaches the far line of a double arm on one side only,
    and meets single lines at the centre.
    """
    first, second = (UP, DOWN) if arm in (LEFT, RIGHT) else (LEFT, RIGHT)
    if offset:
        own, other = (first, second) if offset < 0 else (second, first)
        if arms[own] == DOUBLE:
            return -1
        if arms[own] != NONE:
            return 0
        return 1 if arms[other] == DOUBLE else 0
    doubles = (arms[first] == DOUBLE) + (arms[second] == DOUBLE)
    return {0: 0, 1: 1, 2: -1}[doubles]


def _arm_rects(c: _Cell, arms: tuple[int, ...], arm: int) -> list[Rect]:
    weight = arms[arm]
    across = [w for side, w in enumerate(arms) if w not in (NONE, DOUBLE) and (side % 2) != (arm % 2)]
    out = []
    for offset in ((-1, 1) if weight == DOUBLE else (0,)):
        thickness = c.weight(weight)
        # Past the meeting point by half the thickest stroke there, so corners are square.
        past = _reach(arms, arm, offset) * c.gap + max([thickness] + [c.weight(w) for w in across]) / 2
        if arm in (LEFT, RIGHT):
            y = c.cy + offset * c.gap - thickness / 2
            x0, x1 = (c.cx - past, c.x + c.w) if arm == RIGHT else (c.x, c.cx + past)
            out.append(Rect(x0, y, x1 - x0, thickness))
        else:
            x = c.cx + offset * c.gap - thickness / 2
            y0, y1 = (c.cy - past, c.y + c.h) if arm == DOWN else (c.y, c.cy + past)
            out.append(Rect(x, y0, thickness, y1 - y0))
    return out


def _dash_rects(c: _Cell, arms: tuple[int, ...], dashes: int) -> list[Rect]:
    """A dashed line: ``dashes`` dashes per cell, each half of its share, centred in it."""
    horizontal = arms[LEFT] != NONE
    thickness = c.weight(max(arms))
    out = []
    for i in range(dashes):
        if horizontal:
            share = c.w / dashes
            out.append(Rect(c.x + (i + .25) * share, c.cy - thickness / 2, share / 2, thickness))
        else:
            share = c.h / dashes
            out.append(Rect(c.cx - thickness / 2, c.y + (i + .25) * share, thickness, share / 2))
    return out


def _glyph_shapes(shape, c: _Cell) -> tuple[list[Rect], list[Stroke]]:
    """One glyph's shapes in the cell ``c``."""
    rects: list[Rect] = []
    strokes: list[Stroke] = []
    if shape.dashes:
        rects += _dash_rects(c, shape.arms, shape.dashes)
    else:
        for arm in (UP, RIGHT, DOWN, LEFT):
            if shape.arms[arm] != NONE:
                rects += _arm_rects(c, shape.arms, arm)
    for x0, y0, x1, y1, ink in shape.fills:
        rects.append(Rect(x0 * c.w, y0 * c.h, (x1 - x0) * c.w, (y1 - y0) * c.h, ink))
    for diagonal in shape.diagonals:
        y_left, y_right = (c.h, 0.0) if diagonal == "/" else (0.0, c.h)
        strokes.append(Stroke(0.0, y_left, c.w, y_right, c.light))
    return sorted(rects, key=lambda r: r.x), strokes           # left to right, as the line is read


@lru_cache(maxsize=4)
def _drawing_runs(glyphs: tuple[str, ...]) -> re.Pattern:
    """A pattern that finds a run of one of ``glyphs`` (the characters that have
    shapes) repeated: a frame's top line is one match, not ninety."""
    return re.compile("([" + "".join(re.escape(g) for g in sorted(glyphs)) + "])\\1*")


@lru_cache(maxsize=512)
def _glyph(char: str, cell: float, line: float, light: float, heavy: float, gap: float):
    """A glyph's rectangles at the origin, its strokes, and whether no two of its
    rectangles share a band. Rectangles of one band that continue one another
    (the two arms of ─) are one: (y, h, ink, x, end_x, end_w), the last of
    them ending at end_x + end_w, so that a page's sums are the ones the
    rectangles would make one by one."""
    rects, strokes = _glyph_shapes(shapes()[char], _Cell(cell, line, light, heavy, gap))
    merged: list[list[float]] = []
    last: dict[tuple[float, float, float], list[float]] = {}
    for r in rects:                                     # left to right
        band = (r.y, r.h, r.ink)
        run = last.get(band)
        if run is not None and r.x <= run[4] + run[5] + _EPSILON:
            if r.x + r.w > run[4] + run[5]:
                run[4], run[5] = r.x, r.w
            continue
        run = last[band] = [r.y, r.h, r.ink, r.x, r.x, r.w]
        merged.append(run)
    return [tuple(m) for m in merged], strokes, len(last) == len(merged)


def _extend(open_runs: dict, rows: list, first: int, n: int, cell: float, y: float, h: float, ink: float,
            rx: float, ex: float, ew: float) -> None:
    """Lay a rectangle (from ``rx`` to ``ex + ew`` in its cell) in ``n`` cells from
    column ``first`` along one band: each continues the band's open run when it
    starts where that run ends, or opens a new one. A rectangle as wide as its
    cell continues itself from copy to copy; a narrower one stands apart each time."""
    key = (y, h, ink)
    x = first * cell
    start = x + rx
    run = open_runs.get(key)
    if run is not None and start <= run[2] + _EPSILON:
        if (x + ex) + ew > run[2]:
            run[2] = (x + ex) + ew
    else:
        run = open_runs[key] = [start, y, (x + ex) + ew, h, ink]
        rows.append(run)
    if n == 1:
        return
    reach = (ex + ew) - rx
    if reach >= cell - _EPSILON / 2:
        end = ((first + n - 1) * cell + ex) + ew
        if end > run[2]:
            run[2] = end
    elif reach <= cell - 2 * _EPSILON:
        for k in range(first + 1, first + n):
            x = k * cell
            run = open_runs[key] = [x + rx, y, (x + ex) + ew, h, ink]
            rows.append(run)
    else:                                   # too close to call: one copy at a time
        for k in range(first + 1, first + n):
            _extend(open_runs, rows, k, 1, cell, y, h, ink, rx, ex, ew)


def vector_shapes(text: str, cell: float, line: float, light: float, heavy: float, gap: float) -> Shapes:
    """The drawing glyphs of ``text`` (lines of a page) as rectangles and
    diagonal strokes, in points from the page's top-left corner.

    Along each line, a rectangle that continues one of the same band and ink
    extends it (frame tops and bottoms, the bottom shadow); then rectangles
    that continue one another down a column join (frame sides, the side shadow).
    """
    runs = _drawing_runs(tuple(shapes()))
    made: dict[str, tuple] = {}                     # this page's glyphs (a page has a few dozen)
    rows: list[list[float]] = []                    # [x0, y, x1, h, ink]
    strokes: list[Stroke] = []
    for row, text_line in enumerate(text.split("\n")):
        y = row * line
        open_runs: dict[tuple[float, float, float], list[float]] = {}
        for match in runs.finditer(text_line):        # a page is mostly words: visit only the glyphs
            column, count, char = match.start(), match.end() - match.start(), match.group(1)
            glyph = made.get(char)
            if glyph is None:
                glyph = made[char] = _glyph(char, cell, line, light, heavy, gap)
            glyph_rects, glyph_strokes, apart = glyph
            # A run of one glyph whose bands are its own is done rectangle by rectangle,
            # all its copies at once; otherwise copy by copy, as the line is read.
            if count > 1 and apart:
                for ry, h, ink, rx, ex, ew in glyph_rects:
                    _extend(open_runs, rows, column, count, cell, y + ry, h, ink, rx, ex, ew)
            else:
                for k in range(column, column + count):
                    x = k * cell
                    for ry, h, ink, rx, ex, ew in glyph_rects:      # _extend of one copy, inline: the hot path
                        key = (y + ry, h, ink)
                        start = x + rx
                        run = open_runs.get(key)
                        if run is not None and start <= run[2] + _EPSILON:
                            if (x + ex) + ew > run[2]:
                                run[2] = (x + ex) + ew
                        else:
                            run = open_runs[key] = [start, key[0], (x + ex) + ew, h, ink]
                            rows.append(run)
            for k in range(count) if glyph_strokes else ():
                x = (column + k) * cell
                for s in glyph_strokes:
                    strokes.append(Stroke(x + s.x1, y + s.y1, x + s.x2, y + s.y2, s.width))
    # Down the columns: same left edge, width and ink, touching from one line to the next.
    rows.sort(key=itemgetter(0, 2, 4, 1))
    rects: list[Rect] = []
    current = None
    for x0, y0, x1, h, ink in rows:
        if (current is not None and current[0] == x0 and current[2] == x1 and current[4] == ink
                and y0 <= current[3] + _EPSILON):
            if y0 + h > current[3]:
                current[3] = y0 + h
            continue
        if current:
            rects.append(Rect(current[0], current[1], current[2] - current[0], current[3] - current[1], current[4]))
        current = [x0, y0, x1, y0 + h, ink]
    if current:
        rects.append(Rect(current[0], current[1], current[2] - current[0], current[3] - current[1], current[4]))
    rects.sort(key=lambda r: (r.ink, r.y, r.x))
    return Shapes(rects, strokes)
