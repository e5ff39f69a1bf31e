"""The packet's pages: plain data (``generate.build_packet``) → framed plaintext pages.

Python decides what goes on which page (flowing blocks of lines, splitting a
long Room key into parts); every line is drawn by templates/packet/. Each
page carries the reproduction stamp and its PDF bookmarks.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from nests.render import render
from nests.render.grid import BODY_LINES as BODY, TEXT_WIDTH as FRAMED

TEXT = 87          # columns of text inside a Room key box


@dataclass
class Page:
    part: str
    lines: list[str]
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    text: str = ""                     # the whole page, once numbered


def _block(block: str, **ctx) -> list[str]:
    return render("packet/blocks.txt.j2", block=block, **ctx).rstrip("\n").split("\n")


def _wrap(text: str, width: int, indent: str = "") -> list[str]:
    return textwrap.wrap(text, width, subsequent_indent=indent + "  ", initial_indent=indent, break_on_hyphens=False) or [""]


class Flow:
    """Pages of one part, filled block by block."""

    def __init__(self, part: str, bookmark: str | None = None):
        self.part, self.pages = part, [Page(part, [], [(1, bookmark or part)])]

    def add(self, lines: list[str], bookmark: tuple[int, str] | None = None, keep_with: int = 0) -> None:
        """Add a block; it starts a new page when it (and ``keep_with`` lines after it) would not fit."""
        page = self.pages[-1]
        if page.lines and len(page.lines) + len(lines) + keep_with > BODY:
            page = Page(self.part, [])
            self.pages.append(page)
        page.lines += lines
        if bookmark:
            page.bookmarks.append(bookmark)

    def room(self, title: str, right: str, rows: list[tuple[str, str]]) -> None:
        """A Room key box; split into parts across pages when it is longer than a page."""
        part = 0
        while rows:
            space = BODY - len(self.pages[-1].lines) - 2          # the box's top and bottom lines
            if len(rows) > space and (len(rows) + 2 <= BODY or space < 6) and self.pages[-1].lines:
                self.pages.append(Page(self.part, []))
                continue
            chunk, rows = rows[:space], rows[space:]
            if rows and chunk[-1][0] == "section":                # no heading at the foot of a page
                rows.insert(0, chunk.pop())
            self.pages[-1].lines += _block("box", title=title + (" (continued)" if part else ""),
                                           right=right + (" · continues overleaf" if rows else ""), rows=chunk)
            part += 1
            if rows:
                self.pages.append(Page(self.part, []))
        if len(self.pages[-1].lines) < BODY:
            self.pages[-1].lines += _block("blank")


# -- Room keys ------------------------------------------------------------------
def roll_text(r: dict) -> str:
    return f"{r['die']} → {r['roll']}" + (f" (counts as {r['counts']})" if "counts" in r else "")


def event_detail(e: dict, heart: int) -> str | None:
    """The Nest's side of one Event, in one line of words (None: the players' rolls settle it)."""
    side, name = e["side"], e["name"]
    lead = "[blocked while the Obstacle stands] " if e.get("blocked") else ""
    if side == "void":
        return f"{name}: void, only one Level counts per Exploration Action"
    if side == "players":
        return None
    if side == "boolean":
        return f"{lead}{name}: {roll_text(e['roll'])} against {e['effort']}%: {e['leads_to']}"
    if side == "set":
        what = {"Darkness": "Darkness {}% (when no one has light)", "Obstruction": "Obstruction {}%",
                "Building Resources": "Building Resources {}%"}.get(e["feature"], e["feature"] + " {}%").format(e["rating"])
        if e["feature"] == "Obstruction":
            what += ": later Risks and Rewards of this action are lost while it stands" if e["blocks"] else ": torn down already"
        return f"{lead}{name}: {roll_text(e['roll'])}: {what}"
    if side == "encounter":
        groups = [f"{g['creature']} {g['name']} ×{g['count']} (Wounds Max "
                  + (f"{roll_text(g['wounds_roll'])}: {g['wounds_max']})" if g["wounds_roll"] else f"{g['wounds_max']})")
                  for g in e["groups"]]
        return f"{lead}{name}: {roll_text(e['roll'])}: " + ("; ".join(groups) if groups else "no one comes")
    if side == "food-item":
        if e["reused"]:
            return f"{lead}{name}: {e['item']} {e['item_name']} again (the Item keyed just before; ruling packet-known-item)"
        return f"{lead}{name}: {e['item']} {e['item_name']}; its Function is sealed in the Item Key under {e['item']}"
    if side == "shortcut":
        where = "the Heart" if e["reaches_heart"] else f"Level {e['leads_to_level']} ({e['leads_to_rating']}%)"
        return f"{lead}{name}: {roll_text(e['roll'])}: rating raised to {e['rating']}%: leads to {where}"
    if side == "level":
        if e["leads_to_level"] is None:
            return f"{lead}{name}: none deeper: this is the Heart ({heart}%)"
        return f"{lead}{name}: a Shaft down to Level {e['leads_to_level']} ({e['leads_to_rating']}%)"
    if side == "secret":
        inner = event_detail(e["event"], heart)
        became = f"{roll_text(e['category'])}: {e['category']['result']} · {roll_text(e['choice'])}: {e['choice']['result']}"
        return f"{lead}{name}: {became}" + (f" → {inner}" if inner else " (the players' side)")
    return None


def room_rows(room: dict, heart: int) -> list[tuple[str, str]]:
    title = room["title"]
    named = f" ({roll_text(title)})" if "die" in title else ""
    rows = [("text", line) for line in _wrap(title["flavour"] + named, TEXT)]
    feats = " · ".join(f"{f['feature']} {roll_text(f)}%" for f in room["features"])
    rows += [("text", line) for line in _wrap(feats + " (Darkness: only without light)", TEXT)]
    for key, label in (("cost", "Cost"), ("risk", "Risk"), ("reward", "Reward")):
        rows.append(("section", label))
        for lookup in room[key]:
            names = " · ".join(e["name"] + (" (blocked)" if e.get("blocked") else "") for e in lookup["events"]) or "nothing"
            rows += [("text", line) for line in _wrap(f"{lookup['ordinal']} {roll_text(lookup)}: {names}", TEXT)]
            for e in lookup["events"]:
                detail = event_detail(e, heart)
                if detail:
                    rows += [("text", line) for line in _wrap(detail, TEXT, "    ")]
    return rows


def room_keys(packet: dict) -> list[Page]:
    flow = Flow("Room Keys")
    last = len(packet["levels"])
    for level in packet["levels"]:
        d = level["dice"]
        label = f"Level {level['number']} · {level['rating']}%" + (" · THE HEART" if level["number"] == last else "")
        head = _block("section", text=label)
        text = [f"Dice: Features {d['features']} · Costs/Risks {d['costs_risks']} · Rewards {d['rewards']}",
                f"Rating {roll_text(level['roll'])}: {level['meaning'].split(': ', 1)[-1]}"]
        if level["number"] == last:
            text.append(f"The Job's target is here: {packet['job']['target']['result']}.")
        rooms = [(room, room_rows(room, 100)) for room in level["rooms"]]
        intro = head + _block("text", rows=sum((_wrap(t, FRAMED) for t in text), []))
        # A Level's heading stays on the page of its first Room key (when that key fits on a page).
        first = len(rooms[0][1]) + 2 if rooms else 0
        flow.add(intro, (2, label), keep_with=first if len(intro) + first <= BODY else 12)
        for room, rows in rooms:
            flow.room(f"Room {room['id']} · {room['name']}", label.replace(" · THE HEART", ""), rows)
    return flow.pages


# -- the other parts ----------------------------------------------------------------
def glance(packet: dict) -> list[Page]:
    flow = Flow("The Nest at a Glance")
    levels, last = packet["levels"], len(packet["levels"])
    flow.add(_block("heading", text="The Nest at a glance") + _block("text", rows=_wrap(
        f"{packet['nest_name']}: {last} Levels from the Entrance down to the Heart (100%), "
        f"{len(levels[0]['rooms'])} Rooms keyed on each. Each Level's rating was rolled to increase the one before it "
        "with that Level's Costs/Risks die (ruling new-level-die).", FRAMED)))
    rows = [{**lv, "rolled": f"{roll_text(lv['roll'])}: {lv['meaning'].split(': ', 1)[-1].replace('Level rating ', '')}"}
            for lv in levels]
    flow.add(_block("section", text="Levels and their dice (Table 27)") + _block("levels", levels=rows))
    flow.add(_block("blank"))
    flow.add(_block("map_top", outside=packet["nest_outside"]), keep_with=2)
    for lv in levels:
        rooms = [f"[{r['id']} {r['name']}]" for r in lv["rooms"]]
        flow.add(_block("map", level=lv, heart=lv["number"] == last, rooms=rooms))
    return flow.pages


def item_key(packet: dict) -> list[Page]:
    flow = Flow("Item Key")
    flow.add(_block("heading", text="Item Key · GQ only · sealed") + _block("text", rows=_wrap(
        "Every Food Item of the packet: its Form (what the party sees) and its Function (revealed when a character "
        "identifies or eats it). Each Item is first found in the Room named.", FRAMED)) + _block("blank"))
    if not packet["items"]:
        flow.add(_block("text", rows=["No Food Item turned up in this Nest's lookups."]))
    for item in packet["items"]:
        form, fn = item["form"], item["function"]
        rolls = " · ".join(roll_text(r) for r in form["rolls"])
        text = [f"{item['id']} · {form['name']} · amount {form['amount']} · first in Room {item['room']}"
                + (" (found as Known)" if item["known"] else "") + f" · Form {rolls}",
                f"Condition {roll_text(fn['rolls'][0])}: {fn['condition']}" + (f" ({fn['condition_note']})" if fn["condition_note"] else ""),
                f"Alignment {roll_text(fn['rolls'][1])}: {fn['alignment']} · Ability {roll_text(fn['rolls'][2])}: {fn['ability']}"
                + (f" ({fn['ability_note']})" if fn["ability_note"] else "")]
        rows = _wrap(text[0], FRAMED) + sum((_wrap(t, FRAMED, "    ") for t in text[1:]), [])
        flow.add(_block("text", rows=rows + [""]))
    return flow.pages


def rulings(packet: dict) -> list[Page]:
    flow = Flow("Rulings")
    flow.add(_block("heading", text="Rulings used in this packet") + _block("text", rows=_wrap(
        "Where the rulebook (v1.0.0) is silent, TBD or contradicts itself, this packet chose as follows.", FRAMED)) + _block("blank"))
    for r in packet["rulings"]:
        flow.add(_block("text", rows=_wrap(f"{r['id']}: {r['text']}", FRAMED, "  ")))
    return flow.pages


def _single(part: str, template: str, bookmark: str | None = None, **ctx) -> Page:
    lines = render(template, **ctx).rstrip("\n").split("\n")
    return Page(part, lines, [(1, bookmark or part)])


def stamp(packet: dict) -> str:
    return f"seed {packet['seed']} · v{packet['version']} · {packet['content_hash']}"


def command(packet: dict) -> str:
    return f"nests packet --seed {packet['seed']} --party {','.join(packet['party'])} --nest {packet['nest']}"


def _heart(packet: dict) -> dict:
    heart = packet["levels"][-1]
    return {"number": heart["number"], "rating": heart["rating"],
            "rooms": f"{heart['rooms'][0]['id']}–{heart['rooms'][-1]['id']}" if len(heart["rooms"]) > 1 else heart["rooms"][0]["id"]}


def _finish(packet: dict, pages: list) -> list[Page]:
    """Number and stamp every page: (Page) bodies go through templates/packet/page.txt.j2."""
    mark = stamp(packet)
    for number, page in enumerate(pages, 1):
        if isinstance(page, Page):
            page.text = render("packet/page.txt.j2", part=page.part, lines=page.lines, number=number, stamp=mark)
        else:                                # (part, template, context, bookmarks): a whole-page template
            part, template, ctx, marks = page
            text = render(template, part=part, number=number, stamp=mark, **ctx)
            pages[number - 1] = Page(part, [], marks, text)
    for page in pages:
        page.text = page.text.rstrip("\n") + "\n"
    return pages


def _sheets(content, packet: dict) -> list:
    from nests.generators.sheet import character, class_sheet_context

    out = []
    for i, cid in enumerate(packet["party"]):
        char = character(content, cid)
        marks = ([(1, "Character Sheets")] if i == 0 else []) + [(2, char.character_class.name)]
        out.append(("Character Sheet", "packet/sheet.txt.j2", class_sheet_context(content, cid), marks))
    return out


def packet_pages(content, packet: dict) -> list[Page]:
    """Every page of the GQ's packet, in the design's order, numbered and stamped."""
    from nests.generators.enemy import enemy

    job = packet["job"]
    body = [_single("The Job", "packet/job.txt.j2", job=job, packet=packet, heart=_heart(packet), gq=True),
            _single("How to Run", "packet/howto.txt.j2", "How to run this packet", packet=packet)]
    body += glance(packet) + room_keys(packet)
    for i, c in enumerate(packet["creatures"]):
        marks = ([(1, "Stat Blocks")] if i == 0 else []) + [(2, f"{c['id']} {c['name']}")]
        body.append((f"Stat Block {c['id']}", "packet/enemy.txt.j2", {"enemy": enemy(content, c["enemy"])}, marks))
    body += item_key(packet)
    body.append(_single("Environment Pool", "packet/pool.txt.j2", "Environment Pool tracker"))
    body += rulings(packet) + _sheets(content, packet)
    contents, seen = [], set()
    for number, page in enumerate(body, 2):
        marks = page.bookmarks if isinstance(page, Page) else page[3]
        for level, label in marks:
            if level == 1 and label not in seen:
                seen.add(label)
                contents.append((label, number))
    names = [content.class_documents[cid].data["name"] for cid in packet["party"]]
    cover = _single("Cover", "packet/cover.txt.j2", packet={**packet, "party_names": names}, job=job,
                    command=command(packet), contents=contents)
    return _finish(packet, [cover] + body)


def handout_pages(content, packet: dict) -> list[Page]:
    """The players' handout: the Job as the client tells it, and the party's sheets."""
    job = _single("The Job", "packet/job.txt.j2", job=packet["job"], packet=packet, heart=_heart(packet), gq=False)
    return _finish(packet, [job] + _sheets(content, packet))
