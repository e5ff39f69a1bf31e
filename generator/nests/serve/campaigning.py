"""The campaign pages' work, done in a worker process (serve/making.py's pools) by the very core calls of
`nests campaign` (nests.campaign.core) on the table's own store file: a campaign started, an evening
recorded, a rest taken, the next evening's files made, what the pages show. Each call opens the campaign
anew, so the command line and the page always see the same campaign. A refusal comes back as a
ValueError whose lines are its problems (serve/web.in_pool shows them on the page); nothing is written
unless the whole call agrees (the core records one entry in one transaction)."""

from __future__ import annotations

from functools import wraps
from pathlib import Path

from nests.errors import NestsError, Problem

# Each download of the next evening's packet: (its document in campaign_documents: 0 the GQ's packet,
# 1 the party's sheets, 2 the players' handout; its format). The page's URLs name these keys, never a file.
FILES = {
    "txt": (0, "txt"),
    "json": (0, "json"),
    "pdf": (0, "pdf"),
    "sheets-txt": (1, "txt"),
    "sheets-pdf": (1, "pdf"),
    "handout-txt": (2, "txt"),
    "handout-pdf": (2, "pdf"),
}
_stores: dict = {}          # the store of each data folder this worker has opened


def _store(folder: str):
    from nests.serve.store import Store

    if folder not in _stores:
        _stores[folder] = Store(Path(folder))
    return _stores[folder]


def _content():
    from nests.serve import making

    return making.worker_content()


def refusals(fn):
    """A core call's refusal (NestsError) as a ValueError the server's thread can be sent: one line a problem."""
    @wraps(fn)
    def call(*args):
        try:
            return fn(*args)
        except NestsError as err:
            raise ValueError("\n".join(str(p) for p in err.problems)) from None
    return call


@refusals
def start(folder: str, name: str, seed: int, party: str) -> int:
    """A new campaign (core.new_campaign, as `nests campaign new`); its id."""
    from nests.campaign.core import new_campaign

    store = _store(folder)
    made = new_campaign(_content(), store, name, seed, party, None)
    return next(c["id"] for c in store.campaigns() if c["name"] == made.name)


class FormLog:
    """An evening's log as the page's form gives it (the mapping a YAML log reads as), and where a problem
    is: the form's field by its label, as a log's file:line names its line (log.entry_of asks ``problem``)."""

    SPOTS = {"spent": "Rooms spent", "found": "Rooms found", "level": "Level reached", "job": "The Job",
             "evening": "Evening", "kind": "Evening", "party": "The party", "joined": "New characters"}
    FIELDS = {"wounds": "Wounds", "hunger": "Hunger", "xp": "XP", "items": "Items", "died": "died"}

    def __init__(self, data: dict):
        self.data = data

    def problem(self, path: tuple, message: str) -> Problem:
        return Problem(message, key=self.spot(tuple(path)))

    def spot(self, path: tuple) -> str:
        if not path:
            return "The evening"
        head = path[0]
        if head == "items" and len(path) > 1:
            return f"Items {path[1]}"
        if head == "party" and len(path) > 2:
            field = self.FIELDS.get(path[2], str(path[2]))
            row = f", row {path[3] + 1}" if path[2] == "items" and len(path) > 3 and isinstance(path[3], int) else ""
            return f"{path[1]}, {field}{row}"
        if head == "party" and len(path) > 1:
            return str(path[1])
        if head == "joined" and len(path) > 1:
            return f"New character {path[1] + 1}" + (f", {path[2]}" if len(path) > 2 else "")
        return self.SPOTS.get(head, str(head))


# What the campaign keeps of a sheet that the player's live sheet takes back after an evening or a rest (the
# rest's healing and raised Features, the Items as recorded, a Form identified now Known, a new character's
# sheet as printed); the rest of the live sheet (Luck, Disposition, Effects, notes) stays the player's.
SHEET_KEYS = ("wounds", "wounds_max", "hunger", "xp", "items")
SHEET_PREFIXES = ("attributes.", "conditions.", "common_abilities.", "specific_abilities.")


def sheets(folder: str, name: str) -> dict[str, dict]:
    """Each living character's class and the figures of her sheet her live sheet takes back."""
    from nests.campaign.core import opened

    _, _, stand = opened(_content(), _store(folder), name)
    return {m.name: {"class": m.klass, "state": {k: v for k, v in m.state.items()
                                                   if k in SHEET_KEYS or k.startswith(SHEET_PREFIXES)}}
            for m in stand.living()}


@refusals
def record(folder: str, name: str, log: dict) -> tuple[int, dict]:
    """An evening from the page's form (core.log_evening, as `nests campaign log`): its number, and the
    party's sheets as it leaves them."""
    from nests.campaign.core import log_evening

    number = log_evening(_content(), _store(folder), name, FormLog(log))["evening"]
    return number, sheets(folder, name)


@refusals
def rest(folder: str, name: str) -> dict[str, dict]:
    """The rest (core.rest, as `nests campaign rest`): the party's sheets as it leaves them."""
    from nests.campaign.core import rest as rest_now

    rest_now(_content(), _store(folder), name)
    return sheets(folder, name)


@refusals
def view(folder: str, name: str) -> dict:
    """What the campaign's pages show of where the party stands, and what its evening form offers."""
    from nests.campaign.core import opened
    from nests.campaign.packet import xp_labels

    content = _content()
    campaign, packet, stand = opened(content, _store(folder), name)
    rooms = {r.id: r for r in packet.rooms()}
    items = {i.id: i for i in packet.items}

    def room(rid: str) -> dict:
        if rid.startswith("spare:"):
            return {"id": rid, "name": "", "level": int(rid[6:]), "spare": True}
        r = rooms[rid]
        return {"id": rid, "name": r.name, "level": r.level, "spare": False}

    members = []
    for k, m in enumerate(stand.members):
        s = m.state
        members.append({"index": k, "name": m.name, "class": m.klass, "class_name": content.classes[m.klass].name,
                        "alive": m.alive, "died": m.died, "joined": m.joined, "replaces": m.replaces, "bid": m.bid,
                        "replaced": any(o.replaces == m.name for o in stand.members),
                        "wounds": s["wounds"], "wounds_max": s["wounds_max"], "hunger": s.get("hunger"),
                        "xp": list(s.get("xp") or []), "items": [dict(i) for i in s.get("items") or []]})
    return {"name": campaign.name, "seed": campaign.seed, "nest_name": packet.nest_name,
            "levels": len(packet.levels), "heart": packet.heart.rooms[0].id, "evenings": stand.evenings,
            "next": stand.evenings + 1, "level": stand.level, "rested": stand.rested, "job": stand.job,
            "pool": [room(r) for r in stand.pool], "path": [room(r) for r in stand.spent],
            "found": list(stand.items), "identified": list(stand.identified),
            "forms": {f: items[f].name for f in stand.items},
            "members": members, "story": [_told(t) for t in stand.story], "rerolls": campaign.rerolls,
            "xp_fields": list(xp_labels(content).items()), "slots": content.catalogue["inventory_slots"],
            "classes": [(c, content.classes[c].name) for c in content.class_ids()]}


def _told(t) -> dict:
    return {"kind": t.kind, "number": t.number, "spent": list(t.spent), "found": list(t.found), "level": t.level,
            "items": list(t.items), "identified": list(t.identified), "died": list(t.died),
            "joined": [list(j) for j in t.joined], "lines": list(t.lines), "job": t.job}


_made: dict = {}       # the next evening's documents of the last campaign record asked for (txt, then JSON…)


def _documents(name: str, folder: str):
    """The next evening's documents with the handout, every format (what `nests campaign packet --handout`
    makes, the same whichever formats it writes): made once a record, for each of its downloads."""
    import json

    from nests.campaign.core import opened
    from nests.campaign.packet import campaign_documents
    from nests.generators.sheet import Look
    from nests.render.paper import print_width
    from nests.serve.making import PAPER

    content = _content()
    campaign, nest, stand = opened(content, _store(folder), name)
    key = (folder, content.content_hash, json.dumps(campaign.to_json(), sort_keys=True))
    if key not in _made:
        _made.clear()
        _made[key] = campaign_documents(content, campaign, stand, nest, True, None, Look(Look.width),
                                        print_width(PAPER, None))
    return _made[key]


@refusals
def packet_file(folder: str, name: str, kind: str) -> tuple[str, bytes]:
    """One file of the next evening's packet: its name and bytes, as `nests campaign packet` writes them."""
    from nests.publish import file_name, render_all
    from nests.serve.making import PAPER

    document, fmt = FILES[kind]
    doc = _documents(name, folder)[document]
    return file_name(doc, fmt), render_all([doc], (fmt,), PAPER)[0][1]


@refusals
def story(folder: str, name: str) -> dict:
    """The story so far as its pages (the txt chapter of `nests campaign story`), each map page's drawing
    with the party's path on it (the PDF's), and the story's file name."""
    from nests.campaign.core import opened
    from nests.campaign.story import story_pages
    from nests.generators.sheet import Look
    from nests.text import grid

    content = _content()
    campaign, nest, stand = opened(content, _store(folder), name)
    pages = story_pages(content, campaign, stand, nest, Look(grid.PAGE_WIDTH), printed=True)
    return {"pages": [{"text": p.text, "svg": p.drawing.svg if p.drawing else None} for p in pages]}


@refusals
def story_file(folder: str, name: str, fmt: str) -> tuple[str, bytes]:
    from nests.campaign.core import opened
    from nests.campaign.story import story_documents
    from nests.generators.sheet import Look
    from nests.publish import file_name, render_all
    from nests.serve.making import PAPER

    content = _content()
    campaign, nest, stand = opened(content, _store(folder), name)
    docs = story_documents(content, campaign, stand, nest, Look(Look.width))
    return file_name(docs[0], fmt), render_all(docs, (fmt,), PAPER)[0][1]
