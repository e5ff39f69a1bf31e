"""The packet's pages: ``model.Packet`` → framed plaintext pages with bookmarks and page references.

Python decides only what goes on which page: it renders each block through
templates/packet/ and counts its lines. Every code printed with its page
(``E2 p.14``) needs the page numbers first, so the layout runs again with the
pages of the last run until they stop changing (twice, nearly always).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from nests.document import Drawing
from nests.errors import NestsError
from nests.render import render
from nests.render.grid import BODY_LINES as BODY


@dataclass
class Page:
    part: str
    lines: list[str]
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)           # the codes this page holds
    whole: tuple | None = None                                # (template, context): the body, rendered last
    full: bool = False                                        # whole is a full-page template (a sheet)
    drawing: Drawing | None = None
    text: str = ""


def block(template: str, **ctx) -> list[str]:
    return render(template, **ctx).rstrip("\n").split("\n")


class Flow:
    """Pages of one part, filled block by block; a block never splits."""

    def __init__(self, part: str, bookmark: tuple[int, str] | None = None):
        self.part = part
        self.pages = [Page(part, [], [bookmark] if bookmark else [])]

    def add(self, lines: list[str], bookmark: tuple[int, str] | None = None, codes=(), new_page: bool = False) -> None:
        page = self.pages[-1]
        if page.lines and (new_page or len(page.lines) + len(lines) > BODY):
            page = Page(self.part, [])
            self.pages.append(page)
        page.lines += lines
        if bookmark:
            page.bookmarks.append(bookmark)
        page.codes += list(codes)


def _levels(packet, pages) -> list[Page]:
    """Levels 1–6 (one-shot) or every Level (full), then the spare Rooms, then the Heart. A Level
    starts a new page unless it fits whole after the one before; a Room key never splits."""
    spare = [lv for lv in packet.levels if any(r.spare for r in lv.rooms)]
    keyed = [lv for lv in packet.levels if lv.rooms and lv not in spare and not lv.heart]
    flow = Flow("Room Keys")
    flow.pages = []

    top = 1 if packet.depth == "oneshot" else 2          # a full packet's contents lists "Room Keys", not every Level

    def level(lv, part):
        lines = block("packet/blocks.txt.j2", block="level", level=lv, packet=packet)
        rooms = [block("packet/room.txt.j2", room=room, level=lv, pages=pages) for room in lv.rooms]
        whole = len(lines) + sum(len(r) for r in rooms)
        if not flow.pages or len(flow.pages[-1].lines) + whole > BODY:
            flow.pages.append(Page(part, [], [(1, "Room Keys")] if top == 2 and not flow.pages else []))
        label = f"Level {lv.number}" + (" · the Heart" if lv.heart else "")
        flow.add(lines, (1 if lv.heart else top, label), [f"Level {lv.number}"])
        for room, box in zip(lv.rooms, rooms):
            flow.add(box, ((2 if lv.heart else top + 1), f"Room {room.id} · {room.name}"), [room.id])

    for lv in keyed:
        level(lv, "Room Keys")
    if spare:
        flow.part = "Deeper Levels"
        flow.pages.append(Page("Deeper Levels", []))
        flow.add(block("packet/blocks.txt.j2", block="deeper", packet=packet, spare=spare, pages=pages),
                 (1, "Deeper Levels: spare Rooms"))
        for lv in spare:
            for room in lv.rooms:
                flow.add(block("packet/room.txt.j2", room=room, level=lv, pages=pages), (2, f"Room {room.id} · {room.name}"),
                         [room.id, f"Level {lv.number}"])
    flow.part = "The Heart"
    flow.pages.append(Page("The Heart", []))
    level(packet.heart, "The Heart")
    return [p for p in flow.pages if p.lines]


def stand_in(packet, level):
    """The keyed Room a Level without one plays (ruling packet-spare-rooms): the nearest keyed Level of its
    band before it, else the first after it (the Heart's band)."""
    same = [lv for lv in packet.levels if lv.rooms and lv.band == level.band]
    before = [lv for lv in same if lv.number < level.number]
    pick = before[-1] if before else next((lv for lv in same if lv.number > level.number), None)
    return pick.rooms[0] if pick else None


def _glance(packet, pages) -> list[Page]:
    """The chain, the express routes, the session line, then the map (on the same page when it fits).
    In the PDF a drawing covers the text map."""
    flow = Flow("The Nest at a Glance", (1, "The Nest at a glance"))
    routes = [(room, lk, e) for lv in packet.levels for room in lv.rooms for lk, e in room.shortcuts()]
    flow.add(block("packet/glance.txt.j2", part="head", packet=packet, pages=pages, routes=routes))
    for lv in packet.levels:                 # a long chain runs on; a Level without a keyed Room is found here
        own = bool(lv.rooms)                 # a Level keyed by a spare Room is found at that Room
        flow.add(block("packet/glance.txt.j2", part="row", lv=lv, packet=packet, pages=pages, routes=routes,
                       stand_in=None if lv.rooms else stand_in(packet, lv)),
                 codes=[] if own else [f"Level {lv.number}"])
    flow.add(block("packet/glance.txt.j2", part="tail", packet=packet, pages=pages, routes=routes))
    lines = block("packet/map.txt.j2", packet=packet, pages=pages, blank=False)
    flow.add(lines, (1, "Map of the Nest"))
    page = flow.pages[-1]
    first = len(page.lines) - len(lines) + 2                 # the "Outside" line, counting the top border as 0
    covered = BODY - first + 1 if page.lines == lines else len(lines) - 1     # alone on its page: the whole page
    page.drawing = Drawing(render("packet/map.svg.j2", packet=packet, pages=pages, blank=False, rows=covered - 1),
                           first, covered)
    return flow.pages


def _creatures(content, packet) -> list[Page]:
    from nests.generators.enemy import enemy

    flow = Flow("Stat Blocks", (1, "Stat Blocks"))
    for c in packet.creatures:
        flow.add(block("packet/statblock.txt.j2", enemy=enemy(content, c["enemy"]), code=c["id"]),
                 (2, f"{c['id']} {c['name']}"), [c["id"]])
    return flow.pages


def _items(packet, pages) -> list[Page]:
    flow = Flow("Item Key", (1, "Item Key"))
    flow.add(block("packet/items.txt.j2", packet=packet, pages=pages, part="table"), codes=[i.id for i in packet.items])
    flow.add(block("packet/items.txt.j2", packet=packet, pages=pages, part="notes"))
    return flow.pages


def members(content, packet) -> list[tuple[str, int]]:
    """Each party member's name and Wounds Max, for the trackers."""
    from nests.generators.sheet import character

    return [(content.class_documents[cid].data["name"], character(content, cid).wounds_max) for cid in packet.party]


def _trackers(content, packet) -> list[Page]:
    """The Environment Pool and the party's Hunger and Wounds, then the rulings, flowing on."""
    flow = Flow("Trackers and Rulings", (1, "Trackers"))
    flow.add(block("packet/pool.txt.j2", packet=packet, gq=True, members=members(content, packet)))
    flow.add(block("packet/blocks.txt.j2", block="rulings_head"), (1, "Rulings"))
    for r in packet.rulings:
        flow.add(block("packet/blocks.txt.j2", block="ruling", ruling=r))
    return flow.pages


def sheets(content, packet) -> list[Page]:
    from nests.generators.sheet import character, class_sheet_context

    out = []
    for i, cid in enumerate(packet.party):
        char = character(content, cid)
        marks = ([(1, "Character Sheets")] if i == 0 else []) + [(2, char.character_class.name)]
        out.append(Page("Character Sheet", [], marks, whole=("packet/sheet.txt.j2", class_sheet_context(content, cid)),
                        full=True))
    return out


def stamp(packet) -> str:
    return f"seed {packet.seed} · v{packet.version} · {packet.content_hash}"


def command(packet) -> str:
    return (f"nests packet --seed {packet.seed} --party {','.join(packet.party)} --nest {packet.nest}"
            + (f" --depth {packet.depth}" if packet.depth != "oneshot" else ""))


def _layout(content, packet, pages: dict, tail: list[Page]) -> list[Page]:
    """The packet's pages with these page numbers; ``tail`` (stat blocks onward) holds no page reference."""
    tables = packet.extra["tables"]
    front = [Page("Cover", [], [(1, "Cover"), (1, "The Job")], whole=("packet/cover.txt.j2", {
        "packet": packet, "job": packet.job, "command": command(packet), "pages": pages})),
        Page("How to Run", [], [(1, "How to run this packet")], whole=("packet/howto.txt.j2", {
            "packet": packet, "exploration": tables.exploration}))]
    return front + _glance(packet, pages) + _levels(packet, pages) + tail


def page_numbers(laid: list[Page]) -> dict[str, int]:
    out = {}
    for number, page in enumerate(laid, 1):
        for code in page.codes:
            out.setdefault(code, number)
    return out


def contents(laid: list[Page]) -> list[tuple[str, int]]:
    out, seen = [], set()
    for number, page in enumerate(laid, 1):
        for level, label in page.bookmarks:
            if level == 1 and label not in seen:
                seen.add(label)
                out.append((label, number))
    return out


def finish(packet, laid: list[Page], extra: dict | None = None) -> list[Page]:
    """Number and stamp every page through templates/packet/page.txt.j2 (or its own whole-page template)."""
    mark = stamp(packet)
    for number, page in enumerate(laid, 1):
        if len(page.lines) > BODY:
            raise NestsError(f"packet page {number} ({page.part}) has {len(page.lines)} body lines; a page holds {BODY}")
        if page.full:
            template, ctx = page.whole
            page.text = render(template, part=page.part, number=number, stamp=mark, **ctx)
        else:
            if page.whole:
                template, ctx = page.whole
                page.lines = block(template, **ctx, **(extra or {}))
            if len(page.lines) > BODY:
                raise NestsError(f"packet page {number} ({page.part}) has {len(page.lines)} body lines; a page holds {BODY}")
            page.text = render("packet/page.txt.j2", part=page.part, lines=page.lines, number=number, stamp=mark)
        page.text = page.text.rstrip("\n") + "\n"
    return laid


def packet_pages(content, packet) -> list[Page]:
    """Every page of the GQ's packet, in the one-shot issue's order, numbered, stamped, cross-referenced."""
    pages: dict = defaultdict(lambda: 99)
    tail = _creatures(content, packet) + _items(packet, pages) + _trackers(content, packet) + sheets(content, packet)
    for _ in range(5):
        laid = _layout(content, packet, pages, tail)
        found = page_numbers(laid)
        found["Item Key"] = found.get("I1", 0)
        if found == dict(pages):
            break
        pages = defaultdict(lambda: 99, found)
    packet.extra["pages"] = dict(pages)
    return finish(packet, laid, {"contents": contents(laid)})


def handout_pages(content, packet) -> list[Page]:
    """The players' handout: the Job as the client tells it, how exploring works, the Environment Pool
    tracker, a blank map (the chain's shape only) and the party's sheets. None of the GQ's secrets."""
    tables = packet.extra["tables"]
    laid = [Page("The Job", [], [(1, "The Job"), (1, "Exploring the Nest")], whole=("packet/handout.txt.j2", {
                "job": packet.job, "packet": packet, "exploration": tables.exploration,
                "events": [(word, tables.events[stem].source, [(row.name, str(row.chance)) for row in tables.events[stem].rows])
                           for word, stem in tables.exploration_tables.items()]})),
            Page("Environment Pool", [], [(1, "Environment Pool")], whole=("packet/pool.txt.j2", {"packet": packet, "gq": False,
                                                                                      "members": members(content, packet)}))]
    lines = block("packet/map.txt.j2", packet=packet, pages={}, blank=True)
    laid.append(Page("Map", lines, [(1, "Map")], drawing=Drawing(
        render("packet/map.svg.j2", packet=packet, pages={}, blank=True, rows=BODY - 2), 2, BODY - 1)))
    return finish(packet, laid + sheets(content, packet))
