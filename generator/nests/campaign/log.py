"""An evening's log, a YAML file the GQ writes (or the page's form fills in), read into an entry and
checked against where the party stands: every problem one line at its file:line, naming the key and
what is allowed; nothing is recorded unless all of it agrees. Its shape:

    evening: 2                      # optional: the evening it logs (the next one)
    spent: 2.1 2.2 3.1              # the Rooms spent (Exploration Actions), in order (a lone id: 2.1 or '2.10')
    found: 3.1 3.2 2.4              # the Rooms that went in the Environment Pool
    level: 3                        # optional: the deepest Level reached (checked against the Rooms)
    items: {found: [I3], identified: [I3]}       # Forms of the Item Key
    party:                          # each character whose sheet changed, by name
      Vesper: {wounds: 2, hunger: 1, xp: [attributes.speed], items: [{name: I3 Red Fungus, types: [F], rating: 40, known: false}]}
      Ari: {died: true}
    joined:                         # a new character for a dead one
      - {name: Bea, class: ladybug, replaces: Ari, bid: wasp}
    job: done                       # optional, at the Heart: done (brought out) or failed
"""

from __future__ import annotations

import re

from nests.campaign.model import EntryProblem
from nests.errors import NestsError

KEYS = ("evening", "spent", "found", "level", "items", "party", "joined", "job")
MEMBER_KEYS = ("wounds", "hunger", "xp", "items", "died")
ITEM_KEYS = ("name", "types", "rating", "depleted", "known")
JOIN_KEYS = ("name", "class", "replaces", "bid")
JOBS = ("done", "failed")
ROOM = re.compile(r"^\d{1,3}\.\d{1,3}$")
FORM = re.compile(r"^I\d{1,3}$")


def read_log(content, path, shown: str, layout, stand) -> dict:
    """The entry of the log at ``path`` (shown to the user as ``shown``), checked against ``stand`` (which it
    does not change). → the entry, as the store keeps it."""
    from pathlib import Path

    from nests.content.yamlfile import read_yaml

    doc = read_yaml(Path(path), shown)
    return entry_of(content, doc, layout, stand)


def entry_of(content, doc, layout, stand) -> dict:
    """A log already parsed (a YamlDocument: the page's form makes one too) as a checked entry."""
    from nests.campaign.replay import apply, copied

    try:
        entry = shape(content, doc.data, stand, tuple(layout.rooms))
        apply(content, layout, copied(stand), entry)
    except EntryProblem as err:
        raise NestsError(doc.problem(err.path, err.message)) from None
    return entry


def _unknown(data: dict, allowed: tuple, path: tuple) -> None:
    for key in data:
        if key not in allowed:
            raise EntryProblem((*path, key), f"is not a key of an evening's log here; allowed: {', '.join(allowed)}")


def _int(value, path: tuple, low: int, high: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise EntryProblem(path, f"{value!r} is not {what} ({low}–{high})")
    return value


def _rooms(value, path: tuple, most: int, nest: tuple[str, ...] = ()) -> list[str]:
    """Room ids, as one line ("2.1 2.2") or a list of ids. A lone id written bare (``spent: 6.1``, or
    ``[6.1]``) is read by YAML as a number: it stands for the one Room of ``nest`` (the Nest's Room ids) that
    reads as that number; where two do (2.1 and 2.10), it is refused and the line says to quote it."""
    if value is None:
        return []
    if isinstance(value, float):
        value = _room_of_number(value, path, nest)
    elif isinstance(value, list):
        value = [_room_of_number(v, (*path, k), nest) if isinstance(v, float) else v for k, v in enumerate(value)]
    if isinstance(value, str):
        ids = value.replace(",", " ").split()
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        ids = [v.strip() for v in value]
    else:
        raise EntryProblem(path, "is not a list of Room ids (Level.Room, as 2.1)")
    if len(ids) > most:
        raise EntryProblem(path, f"{len(ids)} Rooms; an evening holds at most {most}")
    for k, room in enumerate(ids):
        if not ROOM.match(room):
            raise EntryProblem((*path, k) if isinstance(value, list) else path,
                               f"{room!r} is not a Room id (Level.Room, as 2.1)")
    return ids


def _room_of_number(number: float, path: tuple, nest: tuple[str, ...]) -> str:
    """The Room id a bare number stands for: the one Room of the Nest that reads as it (2.1 is Room 2.1 where
    the Level has no Room 2.10); none, its shortest text (the replay says it is no Room of this Nest)."""
    same = [room for room in nest if float(room) == number]
    if len(same) > 1:
        raise EntryProblem(path, f"{number!r} was read as a number, and Rooms {' and '.join(same)} both read as it; "
                                 f"quote the id: '{same[-1]}', or write the Rooms on one line with another id")
    return same[0] if same else repr(number)


def _forms(value, path: tuple, most: int) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        value = value.replace(",", " ").split()
    if not isinstance(value, list) or len(value) > most:
        raise EntryProblem(path, f"is not a list of at most {most} Item Key Forms (I1, I2 …)")
    for k, form in enumerate(value):
        if not isinstance(form, str) or not FORM.match(form):
            raise EntryProblem((*path, k), f"{form!r} is not an Item Key Form (I1, I2 …)")
    return list(value)


def _text(value, path: tuple, most: int = 60) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > most:
        raise EntryProblem(path, f"is not a text of 1 to {most} characters")
    return value.strip()


def _items(value, path: tuple, slots: int) -> list[dict]:
    if not isinstance(value, list) or len(value) > slots:
        raise EntryProblem(path, f"is not a list of at most {slots} Items (the Inventory's slots)")
    out = []
    for k, item in enumerate(value):
        if isinstance(item, str):
            item = {"name": item}
        if not isinstance(item, dict):
            raise EntryProblem((*path, k), "is not an Item: {name: …, types: [F], rating: 40, known: false}")
        _unknown(item, ITEM_KEYS, (*path, k))
        row = {"name": _text(item.get("name"), (*path, k, "name"), 40)}
        types = item.get("types", [])
        if not isinstance(types, list) or not all(isinstance(t, str) and 0 < len(t) <= 3 for t in types):
            raise EntryProblem((*path, k, "types"), "is not a list of Item types (F, M …)")
        row["types"] = list(types)
        rating = item.get("rating")
        row["rating"] = None if rating is None else _int(rating, (*path, k, "rating"), 0, 100, "a rating")
        for flag, default in (("depleted", False), ("known", True)):
            v = item.get(flag, default)
            if not isinstance(v, bool):
                raise EntryProblem((*path, k, flag), f"{v!r} is not true or false")
            row[flag] = v
        out.append(row)
    return out


def shape(content, data, stand, nest: tuple[str, ...] = ()) -> dict:
    """The log's values in the entry's own form, each checked for its kind and bounds; whether they agree
    with the Nest and the party is the replay's to check (replay.evening). ``nest``: the Nest's Room ids, for
    an id YAML read as a number (an import's JSON holds none)."""
    from nests.campaign.model import settings

    bounds = settings(content)["log"]
    if not isinstance(data, dict) or not data:
        raise EntryProblem((), "is not an evening's log: a mapping of " + ", ".join(KEYS))
    _unknown(data, KEYS, ())
    entry = {"kind": "evening", "evening": stand.evenings + 1}
    if "evening" in data:
        entry["evening"] = _int(data["evening"], ("evening",), 1, 10_000, "an evening's number")
    entry["spent"] = _rooms(data.get("spent"), ("spent",), bounds["most_rooms"], nest)
    entry["found"] = _rooms(data.get("found"), ("found",), bounds["most_rooms"], nest)
    if data.get("level") is not None:
        entry["level"] = _int(data["level"], ("level",), 1, 1000, "a Level")
    items = data.get("items") or {}
    if not isinstance(items, dict):
        raise EntryProblem(("items",), "is not a mapping: {found: [I3], identified: [I3]}")
    _unknown(items, ("found", "identified"), ("items",))
    entry["items"] = {k: _forms(items.get(k), ("items", k), bounds["most_items"]) for k in ("found", "identified")}
    party = data.get("party") or {}
    if not isinstance(party, dict):
        raise EntryProblem(("party",), "is not a mapping of the characters by name")
    slots = content.catalogue["inventory_slots"]
    entry["party"] = {}
    for name, logged in party.items():
        path = ("party", name)
        if logged is None:
            logged = {}
        if not isinstance(name, str) or not isinstance(logged, dict):
            raise EntryProblem(path, "is not a character's changes: {wounds: 2, hunger: 1, xp: […], items: […]}")
        _unknown(logged, MEMBER_KEYS, path)
        out = {}
        if "wounds" in logged:
            out["wounds"] = _int(logged["wounds"], (*path, "wounds"), 0, 100, "Wounds")
        if "hunger" in logged:
            out["hunger"] = _int(logged["hunger"], (*path, "hunger"), 0, 100, "a Hunger")
        if "xp" in logged:
            xp = logged["xp"] or []
            if not isinstance(xp, list) or not all(isinstance(x, str) for x in xp):
                raise EntryProblem((*path, "xp"), "is not a list of Features with an XP tickbox (attributes.speed …)")
            out["xp"] = list(xp)
        if "items" in logged:
            out["items"] = _items(logged["items"] or [], (*path, "items"), slots)
        if "died" in logged:
            if not isinstance(logged["died"], bool):
                raise EntryProblem((*path, "died"), f"{logged['died']!r} is not true or false")
            if logged["died"]:
                out["died"] = True
        entry["party"][name] = out
    joined = data.get("joined") or []
    if not isinstance(joined, list):
        raise EntryProblem(("joined",), "is not a list of new characters: - {name: Bea, class: ladybug, replaces: Ari}")
    entry["joined"] = []
    classes = content.class_ids()
    for k, j in enumerate(joined):
        path = ("joined", k)
        if not isinstance(j, dict):
            raise EntryProblem(path, "is not a new character: {name: Bea, class: ladybug, replaces: Ari}")
        _unknown(j, JOIN_KEYS, path)
        for key in ("name", "class", "replaces"):
            if key not in j:
                raise EntryProblem(path, f"{key}: missing; a new character has a name, a class and the one she replaces")
        out = {"name": _text(j["name"], (*path, "name"), 24), "class": j["class"], "replaces": _text(j["replaces"], (*path, "replaces"))}
        for key in ("class", "bid"):
            if key in j and j[key] not in classes:
                raise EntryProblem((*path, key), f"{j[key]!r} is not a playable class; allowed: {', '.join(classes)}")
        if j.get("bid"):
            out["bid"] = j["bid"]
        entry["joined"].append(out)
    if data.get("job") is not None:
        if data["job"] not in JOBS:
            raise EntryProblem(("job",), f"{data['job']!r} is not how a Job ends; allowed: {', '.join(JOBS)}")
        entry["job"] = data["job"]
    return entry
