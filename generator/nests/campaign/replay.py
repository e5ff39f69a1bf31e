"""Where the party stands: a campaign's entries played over its Nest, one handler a kind of entry
(``HANDLERS``: evening, rest, reroll). A handler checks its entry against where the party stands and
raises ``EntryProblem`` at the first value that does not agree (a log's reader shows it at its line)."""

from __future__ import annotations

import copy

from nests.campaign.model import EntryProblem, Mercenary, Stand, Told
from nests.campaign.nest import Layout


def start(content, campaign) -> Stand:
    """The party at the Entrance before the first evening: each character as her class's sheet starts her."""
    from nests.generators.sheet.characters import new_character

    stand = Stand()
    stand.members = [Mercenary(name, klass, new_character(content, klass, name)) for klass, name in campaign.party]
    return stand


def replay(content, campaign, packet) -> Stand:
    """Every entry of the record in turn (an entry that no longer agrees is the record's fault: an error)."""
    layout = Layout.of(packet)
    stand = start(content, campaign)
    stand.pool = [layout.entrance, *layout.sides]
    stand.found = list(stand.pool)
    for n, entry in enumerate(campaign.entries):
        try:
            apply(content, layout, stand, entry)
        except EntryProblem as err:
            from nests.errors import NestsError

            raise NestsError(f"campaign {campaign.name!r}: entry {n + 1} "
                             f"({'.'.join(map(str, err.path))}): {err.message}") from None
    return stand


def apply(content, layout: Layout, stand: Stand, entry: dict) -> None:
    HANDLERS[entry["kind"]](content, layout, stand, entry)


def _rooms(layout: Layout, stand: Stand, entry: dict) -> tuple[list[str], list[str]]:
    """The Rooms the evening spent, in order, each in the Pool when spent (the Pool at the evening's start,
    or found by a Room spent before it that evening); the Rooms it found, each revealed by a Room it spent
    (a Level's spare Rooms in order, once a Room spent leads on to them). → (spent, found)."""
    spent, found = entry["spent"], entry["found"]
    for k, room in enumerate(found):
        if room not in layout.rooms:
            raise EntryProblem(("found", k), f"{room!r} is no Room of this Nest; Rooms are {_span(layout)}")
        if room in stand.found or found.index(room) < k:
            raise EntryProblem(("found", k), f"Room {room} was already found (evening "
                                             f"{_when(stand, room)}); each Room goes in the Pool once")
    pool = list(stand.pool)
    can = set()               # what the Rooms spent so far reveal
    leads = set()             # the Levels whose spare Rooms they lead on to
    spares = dict(stand.spares_found)
    added: set[str] = set()   # the Rooms found that went in the Pool this evening (spent since, or not)
    for k, room in enumerate(spent):
        if room not in layout.rooms:
            raise EntryProblem(("spent", k), f"{room!r} is no Room of this Nest; Rooms are {_span(layout)}")
        if room in stand.spent or spent.index(room) < k:
            raise EntryProblem(("spent", k), f"Room {room} was already spent; a Room is spent once")
        if room not in pool:
            shown = " ".join(r for r in pool if not r.startswith("spare:")) or "empty"
            raise EntryProblem(("spent", k), f"Room {room} is not in the Environment Pool when spent "
                                             f"(the Pool then: {shown}); a Room is found before it is spent")
        pool.remove(room)
        for to in layout.reveals.get(room, []):
            if to.startswith("spare:"):
                leads.add(int(to[6:]))
            else:
                can.add(to)
            # the Rooms found that this one reveals go in the Pool now, so later ones may be spent
        for f in found:
            if f in added:
                continue
            lv = layout.level(f)
            if f in can or (layout.rooms[f].spare and lv in leads and _next_spare(layout, spares, lv) == f):
                pool.append(f)
                added.add(f)
                if layout.rooms[f].spare:
                    spares[lv] = spares.get(lv, 0) + 1
    for k, f in enumerate(found):
        if f not in added:
            raise EntryProblem(("found", k), f"Room {f} is revealed by no Room spent this evening "
                                             f"(they reveal: {' '.join(sorted(can, key=_order)) or 'none'}"
                                             f"{''.join(f', spare Rooms of Level {lv}' for lv in sorted(leads))})")
    stand.pool = pool
    stand.spares_found = spares
    return spent, found


def _next_spare(layout: Layout, spares: dict, level: int) -> str | None:
    keys = layout.spares.get(level, [])
    used = spares.get(level, 0)
    return keys[used] if used < len(keys) else None


def _order(room: str) -> tuple:
    return tuple(int(p) for p in room.split(".")) if all(p.isdigit() for p in room.split(".")) else (999,)


def _span(layout: Layout) -> str:
    ids = sorted(layout.rooms, key=_order)
    return f"{ids[0]} … {ids[-1]} (Level.Room)"


def _when(stand: Stand, room: str) -> str:
    for told in stand.story:
        if room in told.found:
            return str(told.number)
    return "0, the start"


def evening(content, layout: Layout, stand: Stand, entry: dict) -> None:
    from nests.content.sheets import NESTS, definition

    if stand.job == "done":
        raise EntryProblem(("kind",), "the Job is done and brought out: the campaign is over")
    number = stand.evenings + 1
    if entry["evening"] != number:
        raise EntryProblem(("evening",), f"{entry['evening']} is not the next evening; this is evening {number}")
    spent, found = _rooms(layout, stand, entry)
    deepest = max([stand.level, *(layout.level(r) for r in spent)])
    if entry.get("level") is not None and entry["level"] != deepest:
        raise EntryProblem(("level",), f"Level {entry['level']} does not agree with the Rooms spent: the deepest "
                                       f"is Level {deepest}")
    items = entry["items"]
    for k, form in enumerate(items["found"]):
        if form in stand.items or items["found"].index(form) < k:
            raise EntryProblem(("items", "found", k), f"{form} was already found; an Item Key Form is found once "
                                                      "(more of a Form found later change no key)")
    known = stand.items + items["found"]
    for k, form in enumerate(items["identified"]):
        if form not in known:
            raise EntryProblem(("items", "identified", k), f"{form} has not been found; a Form is identified once "
                                                           f"found (found: {' '.join(known) or 'none'})")
        if form in stand.identified:
            raise EntryProblem(("items", "identified", k), f"{form} was already identified")
    sheet = definition(content, NESTS)
    told = Told("evening", number, spent, found, deepest, list(items["found"]), list(items["identified"]))
    names = [m.name for m in stand.living()]
    for name, logged in entry["party"].items():
        m = stand.member(name)
        if m is None:
            raise EntryProblem(("party", name), f"no character of the party is named {name!r}; the party: "
                                                f"{', '.join(names)}")
        if not m.alive:
            raise EntryProblem(("party", name), f"{name} died on evening {m.died}")
        _update(sheet, m, logged, ("party", name))
        if logged.get("died"):
            m.died = number
            told.died.append(name)
    joined = []
    for k, j in enumerate(entry["joined"]):
        joined.append(_join(content, stand, j, ("joined", k), number))
        told.joined.append((j["name"], content.classes[j["class"]].name, j["replaces"]))
    stand.members += joined
    if spent and layout.heart in spent:
        told.job = entry.get("job") or "failed"
    if entry.get("job") == "done" and layout.heart not in stand.spent + spent:
        raise EntryProblem(("job",), "done: the Job is done at the Heart, and the Heart "
                                     f"(Room {layout.heart}) is not among the Rooms spent")
    stand.job = entry.get("job")
    stand.spent += spent
    stand.found += found
    stand.level = deepest
    stand.items += items["found"]
    stand.identified += items["identified"]
    for m in stand.members:
        _mark_known(m, stand.identified)
    stand.evenings, stand.rested = number, False
    stand.story.append(told)


def _update(sheet, m: Mercenary, logged: dict, path: tuple) -> None:
    """A character's sheet as the log leaves it: Wounds, Hunger, XP ticks and Items."""
    from nests.content.sheets.state import full_rows

    state = dict(m.state)
    if "wounds" in logged:
        if logged["wounds"] > state["wounds_max"]:
            raise EntryProblem((*path, "wounds"), f"{logged['wounds']} is more than {m.name}'s Wounds Max, "
                                                  f"{state['wounds_max']}")
        state["wounds"] = logged["wounds"]
    if "hunger" in logged:
        if state.get("hunger") is None:
            raise EntryProblem((*path, "hunger"), f"{m.name}'s class has no Hunger")
        state["hunger"] = logged["hunger"]
    if "xp" in logged:
        allowed = [f.key for f in sheet.xp_fields("xp")]
        for k, key in enumerate(logged["xp"]):
            if key not in allowed:
                raise EntryProblem((*path, "xp", k), f"{key!r} has no XP tickbox; allowed: {', '.join(allowed)}")
        state["xp"] = list(dict.fromkeys(logged["xp"]))
    if "items" in logged:
        state["items"] = [dict(i) for i in logged["items"]]
    m.state = full_rows(sheet, state)


def _join(content, stand: Stand, j: dict, path: tuple, number: int) -> Mercenary:
    """A new character for a dead one (rulings campaign-same-room, campaign-fresh-character, campaign-bid):
    a free class's sheet as printed, no Items, where the party stands."""
    from nests.errors import NestsError
    from nests.generators.sheet.characters import new_character

    dead = next((m for m in stand.members if m.name == j["replaces"] and not m.alive), None)
    if dead is None:
        dead_names = [m.name for m in stand.members if not m.alive and not _replaced(stand, m.name)]
        raise EntryProblem((*path, "replaces"), f"{j['replaces']!r} is no dead character of the party; "
                                                f"dead and not replaced: {', '.join(dead_names) or 'none'}")
    if _replaced(stand, dead.name):
        raise EntryProblem((*path, "replaces"), f"{dead.name} was already replaced")
    taken = {m.klass: m.name for m in stand.living()}
    if j["class"] in taken:
        raise EntryProblem((*path, "class"), f"{content.classes[j['class']].name} is played by {taken[j['class']]}; "
                                             "pick a free class and bid for this one (bid: CLASS)")
    if any(m.name == j["name"] for m in stand.living()):
        raise EntryProblem((*path, "name"), f"{j['name']!r} is already a living character's name")
    try:
        state = new_character(content, j["class"], j["name"])
    except NestsError as err:
        raise EntryProblem((*path, "name"), err.problems[0].message) from None
    state["items"] = [{**row, "name": "", "types": [], "rating": None, "depleted": False, "known": True}
                      for row in state["items"]]
    return Mercenary(j["name"], j["class"], state, number, replaces=dead.name, bid=j.get("bid"))


def _replaced(stand: Stand, name: str) -> bool:
    return any(m.replaces == name for m in stand.members)


def _mark_known(m: Mercenary, identified: list[str]) -> None:
    """An Item named after an identified Form (``I3 Red Fungus`` or its name) is Known (ruling campaign-identified)."""
    items = m.state.get("items") or []
    for row in items:
        if row.get("name") and not row.get("known", True):
            if any(row["name"].startswith(form + " ") or row["name"] == form for form in identified):
                row["known"] = True


def rest(content, layout: Layout, stand: Stand, entry: dict) -> None:
    """A rest's changes, as rolled when it was taken (rest.py): each character's new figures."""
    if stand.rested:
        raise EntryProblem(("kind",), f"the party already rested after evening {stand.evenings}")
    told = Told("rest", stand.evenings)
    for name, change in entry["party"].items():
        m = stand.member(name)
        if m is None or not m.alive:
            raise EntryProblem(("party", name), f"no living character is named {name!r}")
        m.state = {**m.state, **change["state"]}
        told.lines += [f"{name}: {line}" for line in change["said"]]
    stand.rested = True
    stand.story.append(told)


def reroll(content, layout: Layout, stand: Stand, entry: dict) -> None:
    stand.story.append(Told("reroll", stand.evenings, lines=[entry["part"]]))


HANDLERS = {"evening": evening, "rest": rest, "reroll": reroll}


def copied(stand: Stand) -> Stand:
    return copy.deepcopy(stand)
