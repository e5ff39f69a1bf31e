"""The packet's pages: ``model.Packet`` → framed plaintext pages with bookmarks and page references.

Python decides only what goes on which page: it renders each block through
templates/packet/ and counts its lines. Every code printed with its page
(``E2 p.14``) needs the page numbers first, so the layout runs again with the
pages (and the contents) of the last run until they stop changing (twice,
nearly always). The same layout sets the packet at any ``--width`` (the
templates draw at the ``grid`` they are given) and in printable ASCII.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from nests.document import Drawing, Mark
from nests.generators.packet.marks import page_marks
from nests.errors import NestsError
from nests.generators.sheet import FULL, Look
from nests.render import render
from nests.render.environment import render_at
from nests.text.grid import Grid
from nests.text.transliterate import page_to_ascii, transliterate, transliterate_value


def _pieces(text: str) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in text.rstrip("\n").split("\n"):
        if line:
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return [p for p in out if p]


@dataclass
class PacketPage:
    part: str
    lines: list[str]
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)           # the codes this page holds
    drawing: Drawing | None = None
    text: str = ""
    marks: list[Mark] = field(default_factory=list)           # the PDF's links and dice (marks.py)


class PacketLayout:
    """What every packet template sees as its globals (the grid at the packet's width, ``ascii``)
    and how many body lines a page holds (a narrow page keeps its last ones for the stamp).
    ``printed``: the print layout (the PDF's pages, with drawings), at the print width by
    default, or at a booklet's (nests.render.paper.COLUMNS)."""

    def __init__(self, packet, look: Look = FULL, printed: bool | None = None, campaign: dict | None = None):
        self.look, self.grid, self.ascii = look, Grid(look.width), look.ascii
        self.printed = look == FULL if printed is None else printed
        # a campaign's pages (nests.campaign.packet.page_words): the evening they are for, the Level the party
        # stands on, whether they are its story; every template sees it as ``campaign_page`` and words its
        # frame and estimate by it (None: a one-shot's packet)
        self.campaign = campaign
        self.stamp = transliterate(stamp(packet)) if look.ascii else stamp(packet)
        self.body = self.grid.BODY_LINES - len(self.lines("packet/page.txt.j2", part="", lines=[], number=0,
                                                          stamp=self.stamp, footer_only=True))

    def render(self, template: str, **ctx) -> str:
        return render_at(self.grid, self.ascii, template, **{"campaign_page": self.campaign, **ctx})

    def pieces(self, template: str, **ctx) -> list[list[str]]:
        """A block's lines in the pieces a page may break it into (the templates mark a
        break with an empty line)."""
        return _pieces(self.render(template, **ctx))

    def lines(self, template: str, **ctx) -> list[str]:
        return [line for piece in self.pieces(template, **ctx) for line in piece]


def unframed() -> tuple[tuple, tuple]:
    """The ``breaks`` of a block that may break with no lines to end and take it up (no box)."""
    return (), ()


class Flow:
    """Pages of one part, filled block by block, each block flowing on to the free space
    the one before left. A block that fits a page splits only where the page it would
    leave would have a third or more of it free: then, when it may break (``breaks`` given), its
    first pieces fill this page and the rest go on the next. A block longer than a page
    (a Room key on a narrow page) breaks between its pieces. ``breaks()`` gives the lines
    that end a block on one page and take it up on the next (asked for only then)."""

    def __init__(self, lay: PacketLayout, part: str, *bookmarks: tuple[int, str]):
        self.lay, self.part = lay, part
        self.pages = [PacketPage(part, [], list(bookmarks))]

    def page(self) -> PacketPage:
        self.pages.append(PacketPage(self.part, []))
        return self.pages[-1]

    def add(self, pieces: list[list[str]], bookmark: tuple[int, str] | None = None, codes=(), new_page: bool = False,
            breaks=None, bookmarks=()) -> None:
        body = self.lay.body
        page = self.pages[-1]
        total = sum(map(len, pieces))
        free = body - len(page.lines)
        short = 3 * len(page.lines) < 2 * body           # a third of it or more still free
        may_split = total > body or (total > free and short and breaks is not None and len(pieces) > 1)
        close, reopen = (breaks() if breaks else ((), ())) if may_split else ((), ())
        if page.lines and (new_page or total > free):
            # a block starts here only when its first piece fits, and (longer than a page) a fair share of it
            if new_page or not may_split or len(pieces[0]) + len(close) > free or (total > body and free < body // 4):
                page = self.page()
        page.bookmarks += [*bookmarks, *([bookmark] if bookmark else [])]
        page.codes += list(codes)
        for n, piece in enumerate(pieces):
            last = n == len(pieces) - 1
            if n and len(page.lines) + len(piece) + (0 if last else len(close)) > body:
                page.lines += close
                page = self.page()
                page.lines += reopen
            page.lines += piece

    def pack(self, blocks: list[tuple[list[list[str]], tuple, list]]) -> None:
        """Blocks (pieces, bookmark, codes) in their order, but where the next does not fit the
        space left on a page, the longest later block that does fills it first."""
        def size(block):
            return sum(map(len, block[0]))

        waiting = list(blocks)
        while waiting:
            free = self.lay.body - len(self.pages[-1].lines)
            fitting = [b for b in waiting if size(b) <= free]
            pick = waiting[0] if size(waiting[0]) <= free or not fitting else max(fitting, key=size)
            waiting.remove(pick)
            pieces, bookmark, codes = pick
            self.add(pieces, bookmark, codes, breaks=unframed)


def _levels(lay, packet, pages) -> list[PacketPage]:
    """The keyed Rooms Level by Level, in the order they were keyed, flowing on from one page to the next,
    then each Level's spare Rooms (ruling packet-spare-rooms), then the Heart from a page of its own. A
    Level's heading stays with its first Room; a Room key splits only as ``Flow`` splits a block."""
    top = 1 if packet.depth == "oneshot" else 2          # a full packet's contents lists "Room Keys", not every Level
    flow = Flow(lay, "Room Keys", *([(1, "Room Keys")] if top == 2 else []))

    def key(r, lv):
        return lay.pieces("packet/room.txt.j2", room=r, level=lv, pages=pages)

    def room(r, lv, pieces, bookmarks, codes):
        """A Room key with the lines that end and take it up again where a page breaks it."""
        flow.add(pieces, None, codes, bookmarks=bookmarks,
                 breaks=lambda: [lay.lines("packet/room.txt.j2", room=r, level=lv, pages=pages, part=part)
                                 for part in ("close", "reopen")])

    def level(lv, rooms, block: str, label: str, codes: list[str]):
        lines = lay.lines("packet/blocks.txt.j2", block=block, level=lv, packet=packet)
        keys = [key(r, lv) for r in rooms]
        heading = [(top, label)]
        keys[0][0] = lines + keys[0][0]           # the Level's heading stays with its first Room
        for n, (r, pieces) in enumerate(zip(rooms, keys)):
            mark = (top + 1, f"Room {r.id} · {r.name}")
            room(r, lv, pieces, [*heading, mark] if n == 0 else [mark], (codes if n == 0 else []) + [r.id])

    for lv in packet.levels:
        keyed = [r for r in lv.rooms if not r.spare]
        if keyed and not lv.heart:
            level(lv, keyed, "level", f"Level {lv.number}", [f"Level {lv.number}"])
    spare = [lv for lv in packet.levels if any(r.spare for r in lv.rooms)]
    if spare:
        flow.part = "Spare Rooms"
        flow.add(lay.pieces("packet/blocks.txt.j2", block="deeper", packet=packet, spare=spare, pages=pages),
                 (1, "Spare Rooms"), breaks=unframed)
        for lv in spare:
            codes = [f"spare:{lv.number}"] + ([] if any(not r.spare for r in lv.rooms) else [f"Level {lv.number}"])
            level(lv, [r for r in lv.rooms if r.spare], "spare_level", f"Spare Rooms of Level {lv.number}", codes)
    _heart(lay, flow, packet, pages)
    return [p for p in flow.pages if p.lines]


def _heart(lay, flow, packet, pages) -> None:
    """The Heart, the finale, on a page of its own (templates/packet/heart.txt.j2)."""
    lv = packet.heart
    flow.part = "The Heart"
    room = lv.rooms[0]
    flow.add(lay.pieces("packet/heart.txt.j2", packet=packet, pages=pages), None, [f"Level {lv.number}", room.id],
             new_page=True, bookmarks=[(1, f"Level {lv.number} · the Heart"), (2, f"Room {room.id} · {room.name}")],
             breaks=lambda: [lay.lines("packet/room.txt.j2", room=room, level=lv, pages=pages, part=part)
                             for part in ("close", "reopen")])


def _became(e):
    """The Event a Secret became (in turn), or the Event itself."""
    while e.side == "secret":
        e = e.view.event
    return e


def _glance(lay, packet, pages, flow: Flow | None = None) -> list[PacketPage]:
    """The chain, the express routes, the session line; then the map, on a page of its own. Given ``flow``
    (the How-to's, when its last lines went over onto a page of their own), it goes on in that page's space."""
    bookmark = (1, "The Nest at a glance")
    if flow is None:
        flow = Flow(lay, "The Nest at a Glance", bookmark)
        bookmark = None
    else:
        flow.part = "The Nest at a Glance"
    routes = [(room, lk, e) for lv in packet.levels for room in lv.rooms for lk in room.all_lookups()
              for e in map(_became, lk.events) if e.leads_to and e.side == "shortcut"]
    flow.add(lay.pieces("packet/glance.txt.j2", part="head", packet=packet, pages=pages, routes=routes), bookmark)
    for lv in packet.levels:                 # a long chain runs on; a Level without a keyed Room is found here
        own = bool(lv.rooms)                 # a Level keyed by a spare Room is found at that Room
        flow.add(lay.pieces("packet/glance.txt.j2", part="row", lv=lv, packet=packet, pages=pages, routes=routes),
                 codes=[] if own else [f"Level {lv.number}"])
    flow.add(lay.pieces("packet/glance.txt.j2", part="tail", packet=packet, pages=pages, routes=routes))
    return flow.pages + nest_map(lay, packet, pages, "Map of the Nest", "Map of the Nest")


def nest_map(lay, packet, pages, part: str, bookmark: str, blank: bool = False) -> list[PacketPage]:
    """The map on pages of its own: the Rooms' tree as text, and in print the drawing over all of each page but
    its heading, on as many pages as the text or the drawing takes (nestmap.map_pages). ``blank``: the players'."""
    from nests.generators.packet.nestmap import map_pages, text_tree
    from nests.render.paper import cell_shape

    ctx = {"packet": packet, "pages": pages, "blank": blank, "sections": text_tree(packet)}
    flow = Flow(lay, part, (1, bookmark))
    reopen = lay.lines("packet/map.txt.j2", part="reopen", **ctx)
    flow.add(lay.pieces("packet/map.txt.j2", **ctx), breaks=lambda: ([], reopen))
    if lay.printed:
        drawn = map_pages(packet, pages, blank, lay.grid.TEXT_WIDTH, lay.body - 1, cell_shape(lay.grid.PAGE_WIDTH),
                          len(flow.pages))
        while len(flow.pages) < len(drawn):
            flow.page().lines += reopen
        for page, m in zip(flow.pages, drawn):
            page.drawing = Drawing(render("packet/map.svg.j2", m=m, packet=packet, blank=blank), 2, lay.body - 1, 2,
                                   lay.grid.TEXT_WIDTH, (m.width, m.height), m.areas)
    return flow.pages


def map_svg(packet, pages, blank: bool = False, columns: int = 0) -> str:
    """The drawn map as one SVG (``--format svg``, the server's page): the print layout's map page, ``columns``
    wide (the grid's text width by default), when the map fits one; else the whole map on one tall drawing."""
    from nests.generators.packet.nestmap import map_pages
    from nests.render.paper import cell_shape
    from nests.text import grid

    columns = columns or grid.TEXT_WIDTH
    page_width = columns + grid.PAGE_WIDTH - grid.TEXT_WIDTH
    shape = cell_shape(page_width)
    drawn = map_pages(packet, pages, blank, columns, PacketLayout(packet, Look(page_width), True).body - 1, shape)
    if len(drawn) > 1:
        drawn = map_pages(packet, pages, blank, columns, None, shape)
    return render("packet/map.svg.j2", m=drawn[0], packet=packet, blank=blank)


def _creatures(lay, content, packet) -> list[PacketPage]:
    from nests.generators.enemy import enemy

    def block(c):
        e = enemy(content, c.enemy)
        return (lay.pieces("packet/statblock.txt.j2", enemy=transliterate_value(e) if lay.ascii else e, code=c.id),
                (2, f"{c.id} {c.name}"), [c.id])

    flow = Flow(lay, "Stat Blocks", (1, "Stat Blocks"))
    flow.pack([block(c) for c in packet.creatures])      # whole stat blocks, the space a page leaves filled
    return flow.pages


def _items(lay, packet) -> list[PacketPage]:
    flow = Flow(lay, "Item Key", (1, "Item Key"))
    flow.add(lay.pieces("packet/items.txt.j2", packet=packet, part="head"))
    for i in packet.items:
        flow.add(lay.pieces("packet/items.txt.j2", packet=packet, part="item", i=i), codes=[i.id])
    flow.add(lay.pieces("packet/items.txt.j2", packet=packet, part="notes"))
    return flow.pages


def members(content, packet) -> list[tuple[str, int]]:
    """Each party member's name and Wounds Max, for the trackers."""
    from nests.generators.sheet import character

    return [(content.classes[cid].name, character(content, cid).wounds_max) for cid in packet.party]


def pool_entries(content, packet) -> int:
    """Empty rows of the Environment Pool tracker, below the keyed Rooms' own: for Rooms beyond the keys
    (the spare Rooms' ways, a Room the GQ adds by hand), as many as a session's Exploration Actions."""
    return content.packet.settings["session"]["actions"]


def _pool(lay, flow, content, packet, gq: bool) -> None:
    ctx = {"packet": packet, "gq": gq, "members": members(content, packet), "entries": pool_entries(content, packet)}
    flow.add(lay.pieces("packet/pool.txt.j2", **ctx),
             breaks=lambda: [lay.lines("packet/pool.txt.j2", part=part, **ctx) for part in ("close", "reopen")])
    if gq:
        flow.add(lay.pieces("packet/pool.txt.j2", part="creatures", **ctx))


def _trackers(lay, content, packet) -> list[PacketPage]:
    """The Environment Pool and the party's Hunger and Wounds, then the rulings, flowing on."""
    flow = Flow(lay, "Trackers and Rulings", (1, "Trackers"))
    _pool(lay, flow, content, packet, True)
    flow.add(lay.pieces("packet/blocks.txt.j2", block="rulings_head"), (1, "Rulings"))
    for number, r in enumerate(packet.rulings, 1):
        flow.add(lay.pieces("packet/blocks.txt.j2", block="ruling", ruling=r, number=number))
    return flow.pages


def stamp(packet) -> str:
    """The seed, version and content every page carries; the re-rolled parts listed up to
    ``STAMP_REROLLS`` characters and the rest counted ("+3 more"), so the stamp fits its
    field however many parts are re-rolled. (The first page's Rebuild line lists them all.)"""
    from nests.text.grid import STAMP_REROLLS

    parts = [str(r) for r in packet.rerolls]
    listed = ""
    for k, part in enumerate(parts):
        rest = len(parts) - k
        if len(listed) + 1 + len(part) > STAMP_REROLLS or (rest > 1 and len(listed) + 1 + len(part)
                                                              + len(f"+{rest - 1} more") > STAMP_REROLLS):
            listed += f"+{rest} more"
            break
        listed += "+" + part
    return f"seed {packet.seed}{listed} · v{packet.version} · {packet.content_hash}"


def command(packet) -> str:
    return (f"nests packet --seed {packet.seed} --party {','.join(packet.party)} --nest {packet.nest}"
            + (f" --depth {packet.depth}" if packet.depth != "oneshot" else "")
            + (f" --difficulty {packet.difficulty}" if packet.difficulty != "standard" else "")
            + "".join(f" --reroll {r}" for r in packet.rerolls))


def _layout(lay, packet, pages: dict, toc: list, tail: list[PacketPage]) -> list[PacketPage]:
    """The packet's pages with these page numbers and contents; ``tail`` (stat blocks onward) holds no page reference."""
    tables = packet.tables
    cover = Flow(lay, "Cover", (1, "Cover"))
    cover.add(lay.pieces("packet/cover.txt.j2", packet=packet, command=command(packet), contents=toc))
    cover.add(lay.pieces("packet/job.txt.j2", packet=packet, job=packet.job, gq=True, pages=pages), (1, "The Job"), breaks=unframed)
    howto = Flow(lay, "How to Run", (1, "How to run this packet"))
    howto.add(lay.pieces("packet/howto.txt.j2", packet=packet, exploration=tables.exploration))
    if len(howto.pages) > 1 and 2 * len(howto.pages[-1].lines) < lay.body:
        # a narrow page (a booklet's) sends the How-to's last lines over: the glance takes up that page
        return cover.pages + _glance(lay, packet, pages, howto) + _levels(lay, packet, pages) + tail
    return cover.pages + howto.pages + _glance(lay, packet, pages) + _levels(lay, packet, pages) + tail


def page_numbers(laid: list[PacketPage]) -> dict[str, int]:
    out = {}
    for number, page in enumerate(laid, 1):
        for code in page.codes:
            out.setdefault(code, number)
    return out


def contents(laid: list[PacketPage]) -> list[tuple[str, int]]:
    out, seen = [], set()
    for number, page in enumerate(laid, 1):
        for level, label in page.bookmarks:
            if level == 1 and label not in seen:
                seen.add(label)
                out.append((label, number))
    return out


def finish(lay, laid: list[PacketPage], numbers: dict[str, int]) -> list[PacketPage]:
    """Number and stamp every page through templates/packet/page.txt.j2; in the print layout,
    mark its links (to the pages of ``numbers``' codes) and its dice."""
    for number, page in enumerate(laid, 1):
        if len(page.lines) > lay.body:
            raise NestsError(f"packet page {number} ({page.part}) has {len(page.lines)} body lines; a page holds {lay.body}")
        page.text = lay.render("packet/page.txt.j2", part=page.part, lines=page.lines, number=number,
                               stamp=lay.stamp, printed=lay.printed).rstrip("\n") + "\n"
        if lay.ascii:
            page.text = page_to_ascii(page.text)
        if lay.printed:
            page.marks = page_marks(page.text, numbers, len(laid))
    return laid


def as_printed(packet, look: Look):
    """The packet the layout reads: itself, or with --ascii a copy with every text in printable ASCII."""
    if not look.ascii:
        return packet
    shown = {f: transliterate_value(getattr(packet, f)) for f in ("job", "levels", "creatures", "items", "rulings",
                                                                   "party_names", "nest_name", "nest_outside")}
    return replace(packet, **shown, estimate=lambda _: transliterate_value(packet.session),
                   without=lambda _: packet.beside)


class Paged(NamedTuple):
    """The packet's pages and the page of every code they print (``E2``, ``Room 3.1``, ``Level 4``…)."""
    pages: list[PacketPage]
    numbers: dict[str, int]


def packet_pages(content, packet, look: Look = FULL, printed: bool | None = None, opening=None,
                 campaign: dict | None = None) -> Paged:
    """Every page of the GQ's packet, in the one-shot issue's order, numbered, stamped, cross-referenced,
    with the page of every code (the print layout's go in the JSON and on the SVG map). ``printed``:
    the print layout at ``look``'s width (see PacketLayout). A campaign's packet (nests.campaign) gives
    ``opening(lay, shown, pages)``, its own pages laid after the cover and numbered with the rest (``shown``:
    the packet as the layout reads it, ``pages``: the page of every code so far), and ``evening``, the
    evening it is for, which the templates word its pages by; a one-shot gives neither."""
    shown = as_printed(packet, look)
    lay = PacketLayout(shown, look, printed, campaign)
    pages: dict = defaultdict(lambda: 99)
    toc: list = []
    # the party's sheets are not here: they are the players' (nests.packet, packet-<seed>-sheets)
    tail = _creatures(lay, content, shown) + _items(lay, shown) + _trackers(lay, content, shown)
    for _ in range(8):
        laid = _layout(lay, shown, pages, toc, tail)
        if opening is not None:
            at = next(k for k, p in enumerate(laid) if p.part != "Cover")
            laid = laid[:at] + opening(lay, shown, pages) + laid[at:]
        found = page_numbers(laid)
        found["Item Key"] = found.get("I1", 0)
        if found == dict(pages) and contents(laid) == toc:
            break
        pages, toc = defaultdict(lambda: 99, found), contents(laid)
    return Paged(finish(lay, laid, dict(pages)), dict(pages))


def handout_pages(content, packet, look: Look = FULL, printed: bool | None = None) -> list[PacketPage]:
    """The players' handout: the Job as the client tells it, how exploring works, the Environment Pool
    tracker and a blank map (the chain's shape only). None of the GQ's secrets. The party's sheets are
    not in it: each player takes their own from packet-<seed>-sheets (nests.packet)."""
    shown = as_printed(packet, look)
    lay = PacketLayout(shown, look, printed)
    tables = shown.tables
    job = Flow(lay, "The Job", (1, "The Job"), (1, "Exploring the Nest"))
    job.add(lay.pieces("packet/handout.txt.j2", job=shown.job, packet=shown, exploration=tables.exploration,
                       events=[(word, tables.events[stem].source, [(row.name, str(row.chance)) for row in tables.events[stem].rows])
                               for word, stem in tables.exploration_tables.items()]))
    pool = Flow(lay, "Environment Pool", (1, "Environment Pool"))
    _pool(lay, pool, content, shown, False)
    return finish(lay, job.pages + pool.pages + nest_map(lay, shown, {}, "Map", "Map", blank=True), {})
