"""The Nest as a dungeon: ``key_nest(builder, levels, reach)`` keys the Rooms the printed lookups reveal.

A Room is spent once (Environment Pool: "Environments can only be spent once"), so each keyed Room
is played by one Exploration Action, and its lookups are what that action finds. Every lookup that adds
an Environment to the party's Pool (a Room Reward, a Passage that leads to a Room, a Level Reward, a
Shortcut, a Secret that becomes one of these: each procedure's ``leads_to``) names the Room it reveals,
and that Room is keyed in turn: breadth-first from the Entrance (of Rooms as far from it, the deeper
first), up to the packet's reach (content/packet.yaml ``reach``), and past it a second Room for a Level that
keys only one. A lookup that leads past the reach
names the spare Rooms of its Level's band of Table 27, keyed at the back at the band's first Level and used
in order, each for one Room (ruling packet-spare-rooms; a band none of whose Levels has a keyed Room gets
two). Every way down into the Heart leads to its one Room.

What this returns, the simulation plays (rules/simulate.py): the Rooms, and each lookup's ``links``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

from nests.rules.procedures import PROCEDURES

SPARE = "spare:"                   # a link to a Level's spare Rooms: "spare:2"


def spare_link(level: int) -> str:
    return f"{SPARE}{level}"


def spare_level(link: str) -> int | None:
    """The Level a link to spare Rooms names, or None for a keyed Room's id."""
    return int(link[len(SPARE):]) if link.startswith(SPARE) else None


def leads_to(event, level: int) -> int | None:
    """The Level of the Room an Event adds to the Environment Pool, or None: its procedure says
    (``Procedure.leads_to``); a void Event (a second Level in one action) adds none."""
    if event.void or event.resolution is None:
        return None
    return PROCEDURES[event.resolution.procedure].leads_to(event.resolution, level)


@dataclass(order=True)
class _Found:
    """A Room a keyed lookup reveals, waiting to be keyed: nearer the Entrance first, then deeper, then in
    the order found."""
    distance: int
    deeper: int                    # minus its Level: of Rooms as far from the Entrance, the deeper first
    order: int
    level: int = field(compare=False)
    path: str = field(compare=False)           # its place in the tree: the name of its random sub-stream
    found_in: str | None = field(compare=False)
    slot: tuple | None = field(compare=False)  # (lookup, event index) that reveals it


@dataclass(frozen=True)
class Reach:
    """How far a packet keys: ``rooms`` Rooms in all (the Heart apart), at most ``per_level`` on one
    Level (None: no bound), and ``spares`` spare Rooms for each Level a link leads past them."""
    rooms: int
    per_level: int | None
    spares: int


def key_nest(b, levels, reach: Reach, ids: dict[str, str] | None = None, sides: int = 0) -> list[str]:
    """Key the Rooms of ``levels`` (model.LevelKey, the Heart last, its Room keyed already) from the
    Entrance, filling each Level's ``rooms`` and each lookup's ``links``. ``b.room(lv, room_id, path,
    spare, found_in)`` keys one Room. ``ids``: a re-rolled packet's Room ids as first rolled, by path.
    ``sides``: hand-crafted side Rooms of Level 1 in the party's Pool from the start, beside the Entrance
    (ruling oneshot-side-rooms), keyed first after it; their ids are returned."""
    heart = levels[-1]
    heart_id = heart.rooms[0].id
    count = {lv.number: 0 for lv in levels}
    if ids:                 # a re-rolled packet: a Room still found where it was keeps its id, a new one the next free
        for rid in ids.values():
            number, _, k = rid.partition(".")
            count[int(number)] = max(count.get(int(number), 0), int(k))

    def new_id(number: int, path: str) -> str:
        if ids and path in ids and ids[path] not in used:
            return ids[path]
        count[number] += 1
        return f"{number}.{count[number]}"

    used: set[str] = {heart_id}
    home = spare_homes(levels)
    waiting = [_Found(0, -1, 0, 1, "entrance", None, None)]
    waiting += [_Found(1, -1, k, 1, f"side/{k}", None, None) for k in range(1, sides + 1)]
    order = sides + 1
    side_ids: list[str] = []
    keyed = 0
    on_level: dict[int, int] = {}
    spares: set[int] = set()

    def link(slot, target: str) -> None:
        lk, i = slot
        lk.links[i] = target

    while waiting:
        found = heapq.heappop(waiting)
        lv = levels[found.level - 1]
        here = on_level.get(lv.number, 0)
        full = keyed >= reach.rooms or (reach.per_level is not None and here >= reach.per_level)
        # Past the reach, a Level whose one keyed Room reveals another of it still gets that second Room (at
        # most one more per Level): a party that finds a Level has somewhere to go on it besides the spares.
        if full and here == 1 and (reach.per_level is None or reach.per_level > 1):
            full = False
        side = found.slot is None and found.path != "entrance"      # a side Room: no printed line reveals it
        if side:
            full = False
        if full:
            spares.add(home[lv.number])
            link(found.slot, spare_link(home[lv.number]))
            continue
        keyed += 1
        on_level[lv.number] = on_level.get(lv.number, 0) + 1
        room_id = new_id(lv.number, found.path)
        used.add(room_id)
        room = b.room(lv, room_id, found.path, False, found.found_in, (ids or {}).get(found.path, room_id))
        lv.rooms.append(room)
        if side:
            room.side = True
            side_ids.append(room_id)
        if found.slot is not None:
            link(found.slot, room_id)
        for lk, i, to in _reveals(room, lv.number):
            if to >= heart.number:
                lk.links[i] = heart_id
                continue
            path = f"{found.path}/{lk.kind}{lk.ordinal}.{i}"
            heapq.heappush(waiting, _Found(found.distance + 1, -to, order, to, path, room_id, (lk, i)))
            order += 1
    for lv in levels:                           # a re-rolled packet's new Rooms after the ones it kept
        lv.rooms.sort(key=lambda r: int(r.id.partition(".")[2]))
    # The spare Rooms of each Level a link leads past its keyed Rooms, and of each Level their own links
    # lead to in turn (a spare Room's Room leads to the next spare of its Level).
    todo = sorted(spares)
    while todo:
        number = todo.pop(0)
        lv = levels[number - 1]
        # a Level only spare Rooms enter gets two, so that a Room found there leads on to another
        for k in range(1, max(reach.spares, 1 if lv.rooms else 2) + 1):
            path = f"spare-{number}/{k}"
            room_id = new_id(number, path)
            used.add(room_id)
            room = b.room(lv, room_id, path, True, None, (ids or {}).get(path, room_id))
            lv.rooms.append(room)
            for lk, i, to in _reveals(room, number):
                lk.links[i] = heart_id if to >= heart.number else spare_link(home[to])
                if to < heart.number and home[to] not in spares:
                    spares.add(home[to])
                    todo.append(home[to])
    return side_ids


def spare_homes(levels) -> dict[int, int]:
    """Each Level above the Heart → the Level its band's spare Rooms are keyed at: the band's first Level."""
    first: dict[str, int] = {}
    return {lv.number: first.setdefault(lv.band, lv.number) for lv in levels[:-1]}


def _reveals(room, level: int):
    """(lookup, event index, Level it leads to) for every Event of the Room that adds an Environment to
    the Pool, in the order the key prints them."""
    for lk in room.all_lookups():
        for i, e in enumerate(lk.found):
            to = leads_to(e, level)
            if to is not None:
                yield lk, i, to


def way_through(levels) -> list[str]:
    """The shortest chain of keyed Rooms (spares aside) from the Entrance to the Heart, each revealed by a
    printed lookup of the one before; [] when there is none."""
    rooms = {r.id: r for lv in levels for r in lv.rooms if not r.spare}
    heart = levels[-1].rooms[0].id
    first = levels[0].rooms[0].id if levels[0].rooms else None
    if first is None:
        return []
    before: dict[str, str | None] = {first: None}
    queue = [first]
    while queue:
        here = queue.pop(0)
        if here == heart:
            path = [here]
            while before[path[-1]] is not None:
                path.append(before[path[-1]])
            return path[::-1]
        room = rooms.get(here)
        if room is None:
            continue
        for lk in room.all_lookups():
            for t in lk.links:
                if t is not None and t not in before and (t in rooms or t == heart):
                    before[t] = here
                    queue.append(t)
    return []
