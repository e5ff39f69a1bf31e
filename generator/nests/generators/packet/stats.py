"""What a batch of packets counts: every roll where it was drawn, and one summary row per packet.

* ``drawn_rolls(packet)``: each ``Rolled`` of the packet once, where it was drawn.
  An Item's Form rolls are printed twice (in the Room that found it and in the
  Item Key) and counted once, in the Room; each Form's Function is rolled once
  for the whole Nest and counted once per packet (Items > Known Items).
  A batch counts a one-shot as drawn before its depth is chosen (the first
  packet ``build_packet`` makes): the depth kept depends on how the Levels'
  rolls play, so the printed Levels are a chosen few.
* ``tally(packet, pt)``: how often each result of each table came up.
* ``table_stats(counts, pt)``: the batch's frequencies beside the exact
  probability of each result from its table's die (stats.json).
* ``summary(packet, pages, pt)``: the packet's row of batch-<seed>-<count>.csv.

A table whose file fixes its die (a die table, an event table) is counted by its
file's stem, each row's result against the faces it covers; a roll whose die
depends on the Level (a Quantification on Table 27) or on a stat block (a
Wounds die) is counted per die, ``<stem>@<die>``, each face a result of its own.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields, is_dataclass
from typing import Iterator

from nests.generators.packet.model import ItemKeyEntry, Packet, Rolled
from nests.model import Die

# engine records and shared tables the packet carries beside what it prints
_NOT_PRINTED = {"found", "guards_found", "chain", "tables"}


_FIELDS: dict[type, tuple[str, ...]] = {}


def _printed_fields(cls: type) -> tuple[str, ...]:
    """A record's fields that hold what the packet prints (an Item's Form rolls are counted
    in the Room that drew them), read once per class."""
    if cls not in _FIELDS:
        skip = _NOT_PRINTED | ({"form_rolls"} if issubclass(cls, ItemKeyEntry) else set())
        _FIELDS[cls] = tuple(f.name for f in fields(cls) if f.name not in skip)
    return _FIELDS[cls]


def drawn_rolls(packet: Packet) -> Iterator[Rolled]:
    """Every roll, in the order the packet holds them. One stack, not a generator a level:
    a batch of 2,000 packets walks some 8,000 records a packet."""
    stack = [packet]
    while stack:
        value = stack.pop()
        if isinstance(value, Rolled):
            yield value
        elif isinstance(value, (list, tuple)):
            stack.extend(reversed(value))
        elif isinstance(value, dict):
            stack.extend(reversed(list(value.values())))
        elif is_dataclass(value) and not isinstance(value, type):
            stack.extend(getattr(value, name) for name in reversed(_printed_fields(type(value))))


def _stem(table: str) -> str:
    return table.rsplit("/", 1)[-1]


def table_key(r: Rolled, pt) -> tuple[str, object]:
    """The stats key of a roll's table and the face table that names its results (None: faces are results)."""
    table = pt.face_table_of(r.table)
    if table is not None or pt.fixed_die(r.table):
        return _stem(r.table), table
    return f"{_stem(r.table)}@{r.die}", None


def tally(packet: Packet, pt) -> Counter:
    """(table key, table, die, result) → how many times it was drawn in this packet."""
    counts: Counter = Counter()
    for r in drawn_rolls(packet):
        key, table = table_key(r, pt)
        counts[key, r.table, r.die, table.row(r.roll).result if table is not None else str(r.roll)] += 1
    return counts


def table_stats(counts: Counter, pt) -> dict:
    """stats.json's tables: each table's die, its total, and every result's observed count beside
    its exact probability ("a/b": the faces that give it out of the die's faces)."""
    by_key: dict[str, dict] = {}
    for (key, name, die_name, result), n in counts.items():
        entry = by_key.setdefault(key, {"die": die_name, "table": name, "observed": Counter()})
        entry["observed"][result] += n
    out = {}
    for key in sorted(by_key):
        die_name, observed = by_key[key]["die"], by_key[key]["observed"]
        die = Die.parse(die_name)
        table = pt.face_table_of(by_key[key]["table"])
        faces: dict[str, int] = {}
        if table is not None:
            for row in table.rows:
                faces[row.result] = faces.get(row.result, 0) + len(row.faces)
        else:
            faces = {str(face): 1 for face in die.face_range()}
        out[key] = {"die": die_name, "total": sum(observed.values()),
                    "results": {result: {"observed": observed.get(result, 0), "probability": f"{n}/{die.faces}"}
                                for result, n in faces.items()}}
    return {"tables": out}


def heart_depth(packet: Packet) -> int:
    """How many Levels the quickest way to the Heart passes through, the Entrance's and the Heart's
    included: one Level at a time, or a keyed Room's Shortcut straight to the Level it leads to
    (without a Shortcut, every Level of the chain)."""
    jumps: dict[int, set[int]] = {}
    for lv in packet.levels:
        for room in lv.rooms:
            for _, shortcut in room.shortcuts():
                jumps.setdefault(lv.number, set()).add(shortcut.to_level)
    last = len(packet.levels)
    moves = {1: 0}
    for number in range(1, last):          # Levels only lead deeper: one pass in order finds the fewest
        for to in {number + 1} | jumps.get(number, set()):
            if to <= last:
                moves[to] = min(moves.get(to, last), moves[number] + 1)
    return moves[last] + 1


def met(packet: Packet) -> Counter:
    """How many of each creature the packet's Encounters bring (a Secret's too)."""
    out: Counter = Counter()

    def count(e):
        if e.side == "encounter":
            for g in e.view.groups:
                out[g.enemy] += g.count
        elif e.side == "secret":
            count(e.view.event)

    for room in packet.rooms():
        for lookups in room.lookups.values():
            for lk in lookups:
                for e in lk.events:
                    count(e)
    return out


def castes(packet: Packet, pt) -> list[str]:
    """The creatures of the Nest's encounter table, in its order: the CSV's caste columns."""
    nest = pt.nests[packet.nest][0]
    return [row.id for row in pt.tables.encounters[nest["encounters"]].rows]


def difficulty(session) -> float:
    """One figure to sort a batch by: how many of the party go down in a session, in percent."""
    down = list(session.down_percent.values())
    return round(sum(down) / len(down), 1)


def summary(packet: Packet, pages: int, pt) -> dict:
    """One CSV row: seed, levels, heart_depth, pages, the count of each caste met, difficulty (the glance
    page's estimate: the percent of the party's members who go down in a session, averaged over the members)."""
    found = met(packet)
    return {"seed": packet.seed, "levels": len(packet.levels), "heart_depth": heart_depth(packet), "pages": pages,
            **{caste: found.get(caste, 0) for caste in castes(packet, pt)},
            "difficulty": difficulty(packet.session)}
