"""The map of the Nest as numbers its templates draw (templates/packet/map.svg.j2 and map.txt.j2).

A naturalist's cross-section of the mound: the Levels are bands of soil one under the next below the
mound's skin; every keyed Room is a chamber in its Level's band; a tunnel runs from each Room to each
Room its lookups reveal (a Shortcut's drawn apart); a Level's spare Rooms are stacked at the right of its
band; the Heart lies at the bottom. ``tree`` reads the Rooms and their tunnels off the packet (dungeon.py
keyed them); ``map_pages`` lays them out on as many map pages as they need; ``text_tree`` orders them for
the plaintext map. Nothing here draws: the templates do, from these numbers.

The drawing's unit is a tenth of a column of the page grid, and its text is set at the page's own type
size (nests.render.paper.cell_shape shapes the drawing like the page it fills, so it prints at that scale):
one character is ten units wide, and on the A5 booklet every text of the map is as large as the booklet's
body text (grid.BOOKLET_TYPE_PT or more).

The layout is a layered tree: a Level's band holds its Rooms in rows, a Room one step further from the
Entrance a row lower; each row's Rooms are placed under the Room that revealed them, pushed apart just
enough not to touch, within the page. The Heart lies under the Rooms that lead into it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from nests.document import LinkArea
from nests.generators.packet.dungeon import spare_level
from nests.text import grid

# the text: one character ten units wide, as on the page grid
FONT = 10 / grid.GLYPH_ADVANCE
PITCH = round(FONT * 1.25, 1)      # one line of text to the next
MARGIN = 12                         # the page's edge to the drawing's
LEGEND_CELL = 290                   # a legend entry: its symbol and at most 23 characters
RY = 25                             # a chamber's half height: its code and page inside, a line each
GAP = 26                            # chambers in one row at least this far apart: a tunnel passes between
ROW_MIN, ROW_MAX = 2 * RY + 16, 2 * RY + 64   # a row of chambers, its tunnels' room included
LANE, LANES = 14, 4                 # the Shortcuts' lanes: how far apart, how many at most
STACK_RX, STACK_RY = 38, 13         # the front chamber of a spare Rooms' stack ("spares" in it)
TOP_FIRST = round(3.6 * PITCH, 1)   # Outside, the mound's dome and its skin, above Level 1
STUB = 14                           # a tunnel on to a spare Room: how far it is drawn


def _r(v: float) -> float:
    return round(v, 1)


@dataclass(frozen=True)
class Reveal:
    """A tunnel from a Room to one its lookups reveal: ``kind`` tunnel, shortcut (a Shortcut's, across
    Levels) or spare (on to a Level's spare Rooms: ``to`` is then "spare:N")."""
    kind: str
    to: str


def links(room) -> list[Reveal]:
    """The Rooms a Room's printed lookups reveal, each once, in the order its key prints them."""
    out: dict[str, Reveal] = {}
    for lk in room.all_lookups():
        for e in lk.events:
            if e.leads_to and e.leads_to not in out:
                became = e
                while became.side == "secret":          # a Secret reveals what the Event it became reveals
                    became = became.view.event
                kind = "spare" if spare_level(e.leads_to) is not None else \
                    "shortcut" if became.side == "shortcut" else "tunnel"
                out[e.leads_to] = Reveal(kind, e.leads_to)
    return list(out.values())


@dataclass
class Tree:
    """The keyed Rooms (the Heart's included, the spare Rooms apart) and their tunnels."""
    rooms: list                        # model.Room, in the order keyed, Level by Level
    parent: dict[str, str | None]      # the Room whose lookup revealed it, when that Room is keyed
    depth: dict[str, int]              # its distance from the Entrance, through the Rooms that revealed it
    links: dict[str, list[Reveal]]     # each Room's tunnels
    spares: dict[int, list]            # Level → its spare Rooms
    heart: str
    into_heart: list[str]              # the Rooms that reveal the Heart


def tree(packet) -> Tree:
    keyed = [r for r in packet.rooms() if not r.spare]
    ids = {r.id for r in keyed}
    entrance = packet.levels[0].rooms[0].id
    # a hand-crafted side Room (ruling oneshot-side-rooms) lies beside the Entrance: a tunnel from it
    parent = {r.id: entrance if r.side else r.found_in if r.found_in in ids else None for r in keyed}
    depth: dict[str, int] = {}
    for r in keyed:
        up, chain = r.id, []
        while up is not None and up not in depth and up not in chain:
            chain.append(up)
            up = parent[up]
        for k, room in enumerate(reversed(chain)):
            depth[room] = (depth[up] + 1 if up in depth else 0) + k
    heart = packet.heart.rooms[0].id
    tunnels = {r.id: links(r) for r in keyed}
    tunnels[entrance] = [Reveal("tunnel", r.id) for r in keyed if r.side] + tunnels[entrance]
    spares = {lv.number: [r for r in lv.rooms if r.spare] for lv in packet.levels}
    return Tree(keyed, parent, depth, tunnels, {k: v for k, v in spares.items() if v}, heart,
                [r.id for r in keyed if any(lk.to == heart for lk in tunnels[r.id])])


# ------------------------------------------------------------------------------------------------------------
# The drawing

@dataclass
class RoomAt:
    """A keyed Room as a chamber: its centre, its half width and height, the page of its key."""
    id: str
    name: str
    level: int
    page: int
    x: float
    rx: float
    ry: float
    heart: bool = False
    y: float = 0.0
    row: float = 0.0                   # its row's height: the gaps above and below it are half of it


@dataclass
class Tunnel:
    """A tunnel drawn through ``points``: bending from each to the next, upright at each (``curve``), or a line
    with rounded corners. ``kind``: tunnel, shortcut, or stub (on to a Level's spare Rooms, its open end last)."""
    kind: str
    points: tuple[tuple[float, float], ...]
    curve: bool
    src: str
    dst: str


@dataclass
class Label:
    """A Room's code and page written where a tunnel leaves for another map page (at its foot) or comes from
    one (at its head)."""
    x: float
    y: float
    code: str
    page: int


@dataclass
class SpareStack:
    """A Level's spare Rooms, stacked: the front chamber at (x, y), each Room's code and page on a line below."""
    level: int
    x: float
    y: float
    rooms: list[tuple[str, int, float]]    # (code, page, baseline)


@dataclass
class Stratum:
    """A Level as a band of soil across the page."""
    level: int
    rating: int
    heart: bool
    top: float
    bottom: float
    deep: float                        # 0 at the skin … 1 at the Heart: the soil's shade


@dataclass
class MapPage:
    width: float
    height: float
    font: float
    pitch: float
    first: bool                        # the first map page: Outside, the dome and the skin above the bands
    ground: float                      # the skin's line (first page), or the top of the bands
    bands: list[Stratum] = field(default_factory=list)
    entrance: RoomAt | None = None     # the Entrance's chamber, under the way in (first page, keyed map)
    chambers: list[RoomAt] = field(default_factory=list)
    tunnels: list[Tunnel] = field(default_factory=list)
    stacks: list[SpareStack] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    cuts: list[float] = field(default_factory=list)    # where tunnels leave for or come from another map page
    legend: list[str] = field(default_factory=list)    # the kinds of symbol drawn on this page, in KINDS' order
    legend_top: float = 0.0
    legend_columns: int = 1
    stack: tuple[float, float] = (STACK_RX, STACK_RY)   # the half width and height of a spare Rooms' stack
    areas: list[LinkArea] = field(default_factory=list)


# The kinds of symbol a map may draw, in the order its legend lists them.
KINDS = ("outside", "level", "chamber", "heart", "tunnel", "shortcut", "stub", "spares", "off")


def _spread(items: list[tuple[float, object]], sep: float, left: float, right: float) -> list[tuple[float, object]]:
    """Items at their wished-for x (sorted), pushed apart to ``sep`` at least, within [left, right]: as
    near their wish as that allows (closer together when the width does not hold them)."""
    n = len(items)
    if not n:
        return []
    sep = min(sep, (right - left) / n)
    xs = [x for x, _ in items]
    xs[0] = max(xs[0], left + sep / 2)
    for i in range(1, n):
        xs[i] = max(xs[i], xs[i - 1] + sep)
    xs[-1] = min(xs[-1], right - sep / 2)
    for i in range(n - 2, -1, -1):
        xs[i] = min(xs[i], xs[i + 1] - sep)
    return [(x, obj) for x, (_, obj) in zip(xs, items)]


def _rows(t: Tree, pages: dict, rx: float, left: float, right: float) -> dict[int, list[list[RoomAt]]]:
    """Each Level's chambers in rows (a row for each step from the Entrance; a row that does not fit the width
    in more), each placed under the Room that revealed it, the Heart under the Rooms that lead into it."""
    sep = 2 * rx + GAP
    per_row = max(1, int((right - left) // sep))
    order = {r.id: k for k, r in enumerate(t.rooms)}
    x: dict[str, float] = {}
    out: dict[int, list[list[RoomAt]]] = {}
    for level in sorted({r.level for r in t.rooms}):
        steps: dict[int, list] = {}
        for r in t.rooms:
            if r.level == level:
                steps.setdefault(t.depth.get(r.id, 0), []).append(r)
        for step in sorted(steps):
            rooms = steps[step]
            wish = {}
            for p in dict.fromkeys(t.parent[r.id] for r in rooms):
                kids = [r for r in rooms if t.parent[r.id] == p]
                centre = x.get(p, (left + right) / 2)
                for k, r in enumerate(kids):
                    wish[r.id] = centre + (k - (len(kids) - 1) / 2) * sep
            into = [x[s] for s in t.into_heart if s in x]
            if t.heart in wish and into:
                wish[t.heart] = sum(into) / len(into)
            rooms = sorted(rooms, key=lambda r: (wish[r.id], order[r.id]))
            for k in range(0, len(rooms), per_row):
                row = []
                for cx, r in _spread([(wish[r.id], r) for r in rooms[k:k + per_row]], sep, left, right):
                    x[r.id] = cx
                    heart = r.id == t.heart
                    row.append(RoomAt(r.id, r.name, level, pages[r.id], _r(cx), rx + (12 if heart else 0),
                                       RY + (6 if heart else 0), heart))
                out.setdefault(level, []).append(row)
    return out


@dataclass
class _Band:
    level: object                      # model.LevelKey
    rows: list[list[RoomAt]]
    spares: list                       # its spare Rooms

    def height(self, row: float) -> float:
        """Its name's line and its rows of chambers, or its name beside its spare Rooms' stack."""
        stack = 2 * STACK_RY + 14 + PITCH * len(self.spares) if self.spares else 0.0
        return max(PITCH + 6 + row * len(self.rows), stack, 2 * PITCH)


@dataclass
class _Frame:
    """What every page of one map shares: its size, the chambers' half width, the columns."""
    width: float
    height: float | None
    rx: float
    right: float                       # the chambers' room ends here; the Shortcuts' lanes, then the stacks
    lanes: list[float]                 # the Shortcuts' lanes, outermost first
    stack_x: float
    legend_columns: int


def map_pages(packet, pages: dict, blank: bool, columns: int, lines: int | None, shape: float,
              at_least: int = 1) -> list[MapPage]:
    """The map drawn on pages of ``columns`` × ``lines`` cells of the page grid, a cell ``shape`` times as
    tall as wide (``lines`` None: one drawing as tall as the map needs, for the SVG file); at least
    ``at_least`` pages when the map's text takes that many. ``blank``: the players' copy, the Levels alone."""
    width = columns * 10
    t = tree(packet)
    if blank:                          # the players' map: no Room on it
        t = replace(t, rooms=[], spares={})
    code_chars = max([len(r.id) for r in t.rooms] + [len(f"p.{pages[r.id]}") for r in t.rooms] + [0])
    spare_chars = max([len(f"{r.id} p.{pages[r.id]}") for rs in t.spares.values() for r in rs] + [0])
    stack_w = 0 if blank or not t.spares else max(2 * STACK_RX + 16, 10 * spare_chars + 16)
    shortcuts = [] if blank else _shortcuts(t)
    lane_right = width - MARGIN - stack_w - 10
    lanes = [lane_right - LANE * k for k in range(min(len(shortcuts), LANES))]
    frame = _Frame(width, None if lines is None else lines * 10 * shape, 5 * code_chars + 16,
                   lane_right - LANE * len(lanes) - (6 if lanes else -10), lanes, width - MARGIN - stack_w / 2,
                   max(1, int((width - 2 * MARGIN) // LEGEND_CELL)))
    rows = {} if blank else _rows(t, pages, frame.rx, MARGIN, frame.right)
    bands = [_Band(lv, rows.get(lv.number, []), [] if blank else t.spares.get(lv.number, [])) for lv in packet.levels]
    row_min = 2 * PITCH if blank else ROW_MIN

    def fits(group: list[_Band], first: bool) -> bool:
        legend = _legend_height(_kinds(t, group, first, blank), frame)
        return sum(b.height(row_min) for b in group) <= _room(frame.height, first, legend)

    groups = [bands]
    if frame.height is not None:
        groups = [[]]
        for b in bands:
            if groups[-1] and not fits(groups[-1] + [b], len(groups) == 1):
                groups.append([])
            groups[-1].append(b)
        if len(groups) < at_least <= len(bands):
            # the map's text takes more pages than the drawing: the bands shared out evenly among them
            per = len(bands) / at_least
            groups = [bands[round(k * per):round((k + 1) * per)] for k in range(at_least)]
    out = [_page(packet, t, group, n == 0, frame, _kinds(t, group, n == 0, blank), pages)
           for n, group in enumerate(groups)]
    _tunnels(t, out, frame, {pair: k for k, pair in enumerate(shortcuts)}, pages)
    return out


def _shortcuts(t: Tree) -> list[tuple[str, str]]:
    """The Shortcuts between keyed Rooms, the longest first: the first gets the outermost lane."""
    level = {r.id: r.level for r in t.rooms}
    pairs = [(src, lk.to) for src, tunnels in t.links.items() for lk in tunnels
             if lk.kind == "shortcut" and lk.to in level]
    return sorted(pairs, key=lambda p: (level[p[0]] - level[p[1]], level[p[0]]))


def _legend_height(kinds: list[str], frame: _Frame) -> float:
    return PITCH * math.ceil(len(kinds) / frame.legend_columns) + 16


def _room(height: float, first: bool, legend: float) -> float:
    """The height a map page leaves its bands: less Outside above the first page's, the strip at the head of
    any other (the tunnels from the page before), the strip at the foot and the legend."""
    return height - (TOP_FIRST if first else 1.4 * PITCH) - 1.4 * PITCH - legend - 8


def _page(packet, t: Tree, group: list[_Band], first: bool, frame: _Frame, kinds: list[str], pages) -> MapPage:
    legend_h = _legend_height(kinds, frame)
    top = TOP_FIRST if first else 1.4 * PITCH
    rows = sum(len(b.rows) for b in group)
    height = frame.height
    if height is None:
        row, extra = (ROW_MIN + ROW_MAX) / 2, 0.0
        height = top + sum(b.height(row) for b in group) + 1.4 * PITCH + legend_h + 8
    else:
        room = _room(height, first, legend_h)
        # the rows as tall as the page lets them be (up to ROW_MAX), the height left over shared among the bands
        low, high = 0.0, float(ROW_MAX)
        for _ in range(40):
            mid = (low + high) / 2
            low, high = (mid, high) if sum(b.height(mid) for b in group) <= room else (low, mid)
        row = math.floor(low * 10) / 10 if rows else ROW_MAX
        extra = max(0.0, (room - sum(b.height(row) for b in group)) / max(len(group), 1))
    last = packet.levels[-1].number
    page = MapPage(frame.width, _r(height), _r(FONT), PITCH, first, _r(TOP_FIRST if first else 0.0),
                   legend=kinds, legend_columns=frame.legend_columns)
    y = top
    for b in group:
        h = b.height(row) + extra
        lv = b.level
        page.bands.append(Stratum(lv.number, lv.rating, lv.heart, _r(y), _r(y + h), _r(lv.number / last)))
        at = y + PITCH + 6 + extra / 2          # the rows in the middle of the band
        for chambers in b.rows:
            for c in chambers:
                c.y, c.row = _r(at + row / 2), _r(row)
                page.chambers.append(c)
                page.areas.append(LinkArea(_r(c.x - c.rx), _r(c.y - c.ry), _r(2 * c.rx), _r(2 * c.ry), c.page))
            at += row
        if b.spares:
            sy = y + PITCH * 0.5 + STACK_RY + 8
            lines = []
            for k, s in enumerate(b.spares):
                base = sy + STACK_RY + 6 + PITCH * k + FONT * 0.8
                text = f"{s.id} p.{pages[s.id]}"
                lines.append((s.id, pages[s.id], _r(base)))
                page.areas.append(LinkArea(_r(frame.stack_x - 5 * len(text)), _r(base - FONT * 0.8), 10 * len(text),
                                           _r(FONT), pages[s.id]))
            page.stacks.append(SpareStack(lv.number, _r(frame.stack_x), _r(sy), lines))
        y += h
    page.legend_top = _r(height - legend_h - 4)
    if first and t.rooms:
        page.entrance = next((c for c in page.chambers if c.id == t.rooms[0].id), None)
    return page


def _tunnels(t: Tree, out: list[MapPage], frame: _Frame, lane: dict, pages: dict) -> None:
    """Each Room's tunnels to the Rooms it reveals, on the page of each end. A Shortcut runs down a lane of its
    own at the right of the chambers, along the gaps between rows. A tunnel whose other end is on another map
    page runs to the cut at this page's foot (or from the one at that page's head), that Room's code and page
    written beside it. A way on to a Level's spare Rooms is a short tunnel, open at its end: rightward for
    its own Level's, downward for a deeper one's."""
    where = {c.id: (n, c) for n, page in enumerate(out) for c in page.chambers}
    for src in t.rooms:
        if src.id not in where:
            continue
        n, a = where[src.id]
        for lk in t.links[src.id]:
            level = spare_level(lk.to)
            if level is not None:
                angle = math.radians(20 if level == src.level else 65)
                dx, dy = math.cos(angle), math.sin(angle)
                x0, y0 = a.x + a.rx * dx, a.y + a.ry * dy
                out[n].tunnels.append(Tunnel("stub", _pts(x0, y0, x0 + STUB * dx, y0 + STUB * dy), False, src.id, lk.to))
                continue
            if lk.to not in where:
                continue
            m, b = where[lk.to]
            x = frame.lanes[min(lane[src.id, lk.to], LANES - 1)] if lk.kind == "shortcut" else None
            leave = (a.x, a.y + a.ry)
            arrive = (b.x, b.y - b.ry)
            if m == n:
                if x is None:
                    out[n].tunnels.append(Tunnel(lk.kind, _through(out[n], frame, leave, arrive), True, src.id, lk.to))
                else:
                    below, above = a.y + a.row / 2, b.y - b.row / 2
                    out[n].tunnels.append(Tunnel(lk.kind, _pts(*leave, a.x, below, x, below, x, above, b.x, above, *arrive),
                                                 False, src.id, lk.to))
                continue
            # across map pages: down to the foot of this one, in from the head of that one
            foot = out[n].legend_top - 1.4 * PITCH
            head = out[m].ground + 1.4 * PITCH
            if x is None:
                out[n].tunnels.append(Tunnel(lk.kind, _through(out[n], frame, leave, (b.x, foot)), True, src.id, lk.to))
                out[m].tunnels.append(Tunnel(lk.kind, _through(out[m], frame, (a.x, head), arrive), True, src.id, lk.to))
            else:
                below, above = a.y + a.row / 2, b.y - b.row / 2
                out[n].tunnels.append(Tunnel(lk.kind, _pts(*leave, a.x, below, x, below, x, foot), False, src.id, lk.to))
                out[m].tunnels.append(Tunnel(lk.kind, _pts(x, head, x, above, b.x, above, *arrive), False, src.id, lk.to))
            _label(out[n], b.x if x is None else x, foot + FONT * 1.05, lk.to, pages[lk.to])
            _label(out[m], a.x if x is None else x, head - PITCH * 0.45, src.id, pages[src.id])
            for page, y in ((out[n], foot), (out[m], head)):
                if _r(y) not in page.cuts:
                    page.cuts.append(_r(y))
    for page in out:
        page.labels = _apart(page.labels, page.width)
        page.areas += [LinkArea(_r(lb.x - 5 * len(_text(lb))), _r(lb.y - FONT * 0.8), 10 * len(_text(lb)), _r(FONT),
                                lb.page) for lb in page.labels]


def _pts(*xy: float) -> tuple[tuple[float, float], ...]:
    return tuple((_r(x), _r(y)) for x, y in zip(xy[::2], xy[1::2]))


def _through(page: MapPage, frame: _Frame, start: tuple[float, float], end: tuple[float, float]):
    """The points a tunnel from ``start`` down to ``end`` passes: at each row of chambers between them, the gap
    between two chambers (or beside the row) nearest its straight way, so that it never runs behind a Room."""
    rows: dict[float, list[RoomAt]] = {}
    for c in page.chambers:
        if start[1] < c.y < end[1] and not (c.x, c.y - c.ry) == end:
            rows.setdefault(c.y, []).append(c)
    points = [start]
    for y in sorted(rows):
        row = sorted(rows[y], key=lambda c: c.x)
        wish = start[0] + (end[0] - start[0]) * (y - start[1]) / (end[1] - start[1])
        if all(abs(wish - c.x) > c.rx + GAP / 2 for c in row):
            points.append((wish, y))
            continue
        gaps = [row[0].x - row[0].rx - GAP / 2, row[-1].x + row[-1].rx + GAP / 2]
        gaps += [(a.x + a.rx + b.x - b.rx) / 2 for a, b in zip(row, row[1:]) if b.x - b.rx - a.x - a.rx >= GAP * 0.8]
        free = [g for g in gaps if MARGIN <= g <= frame.right + GAP] or gaps
        points.append((min(free, key=lambda g: (abs(g - wish), g)), y))
    points.append(end)
    return tuple((_r(x), _r(y)) for x, y in points)


def _text(lb: Label) -> str:
    return f"{lb.code} p.{lb.page}"


def _label(page: MapPage, x: float, y: float, code: str, number: int) -> None:
    if not any(lb.code == code and lb.y == _r(y) for lb in page.labels):
        page.labels.append(Label(_r(x), _r(y), code, number))


def _apart(labels: list[Label], width: float) -> list[Label]:
    """The labels of each strip pushed apart so that none overlaps the next."""
    out = []
    for y in sorted({lb.y for lb in labels}):
        strip = sorted((lb for lb in labels if lb.y == y), key=lambda lb: (lb.x, lb.code))
        sep = 10 * max(len(_text(lb)) for lb in strip) + 2 * GAP
        for x, lb in _spread([(lb.x, lb) for lb in strip], sep, MARGIN, width - MARGIN):
            out.append(Label(_r(x), y, lb.code, lb.page))
    return out


def _kinds(t: Tree, group: list[_Band], first: bool, blank: bool) -> list[str]:
    """The kinds of symbol a map page draws (its legend lists them): ``group``, its bands."""
    kinds = {"level"} | ({"outside"} if first else set())
    if not blank:
        here = {c.id for b in group for row in b.rows for c in row}
        drawn = {r.id for r in t.rooms}
        kinds |= {"heart" if room == t.heart else "chamber" for room in here}
        if first and t.rooms and t.rooms[0].id in here:
            kinds.add("tunnel")                    # the way in, from the skin down to the Entrance
        for src, tunnels in t.links.items():
            for lk in tunnels:
                if lk.kind == "spare":
                    kinds |= {"stub"} if src in here else set()
                elif lk.to in drawn and (src in here or lk.to in here):
                    kinds.add(lk.kind)
                    if (src in here) != (lk.to in here):
                        kinds.add("off")
        if any(b.spares for b in group):
            kinds.add("spares")
    return [k for k in KINDS if k in kinds]


# ------------------------------------------------------------------------------------------------------------
# The plaintext map

@dataclass
class TreeLine:
    """One Room of the plaintext map's tree: how deep in its Level's tree, whether its parent has Rooms
    after it (``last``: none), which of its ancestors do (``open``: their line runs on past it), whether it
    reveals Rooms of its own Level (drawn under it), and its other tunnels."""
    room: object
    depth: int
    open: tuple[bool, ...]
    last: bool
    children: bool
    came_from: list[str]               # a Level's first Rooms: the Room above that revealed it (the Heart: all that do)
    links: list[Reveal]


@dataclass
class Section:
    level: object                      # model.LevelKey
    lines: list[TreeLine]
    spares: list                       # its spare Rooms


def text_tree(packet) -> list[Section]:
    """The keyed Rooms Level by Level, each Level's a tree under the Rooms that lead into it from above (the
    Entrance's, from Outside), each Room's Rooms of its own Level under it; its tunnels to other Levels and
    to the spare Rooms named on its line."""
    t = tree(packet)
    by_id = {r.id: r for r in t.rooms}
    out = []
    for lv in packet.levels:
        rooms = [r for r in t.rooms if r.level == lv.number]
        kids = {r.id: [c for c in rooms if t.parent[c.id] == r.id] for r in rooms}
        roots = [r for r in rooms if t.parent[r.id] is None or by_id[t.parent[r.id]].level != lv.number]
        lines: list[TreeLine] = []

        def walk(r, depth: int, open_: tuple, last: bool) -> None:
            came = [t.parent[r.id]] if depth == 0 and t.parent[r.id] else []
            if r.id == t.heart:
                came = [s.id for s in t.rooms if any(lk.to == t.heart for lk in t.links[s.id])]
            own = kids[r.id]
            lines.append(TreeLine(r, depth, open_, last, bool(own), came,
                                  [lk for lk in t.links[r.id] if lk.to not in {c.id for c in own}]))
            for k, c in enumerate(own):
                walk(c, depth + 1, open_ + ((not last,) if depth else ()), k == len(own) - 1)

        for r in roots:
            walk(r, 0, (), True)
        out.append(Section(lv, lines, t.spares.get(lv.number, [])))
    return out
