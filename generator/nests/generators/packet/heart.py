"""The Heart as a finale (ruling heart-finale): ``heart_room`` and ``finale`` for ``build_packet``.

The Heart's Room takes the Nest's own name for it (content/nests/<nest>.yaml ``heart``), which no
Room of the Nest's table has. Its finale is pre-rolled on its own sub-stream ("heart", re-rolled with
its Room or Level: ``--reroll room:5.1``): the guards,
one Encounter rolled at the rating of the Level above the Heart, met before the Job's target; and
the way out, one Risk looked up at the Heart's rating, met once the target is taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nests.generators.packet.model import Lookup, PrintedEvent, Rolled, Room
from nests.rules.exploration import ExplorationAction, lookup, resolve_event
from nests.rules.procedures import Context
from nests.rules.resolution import D100

RULINGS = ["heart-finale"]


@dataclass
class Finale:
    """What the Heart's page prints: the Room, its guards, what taking the target sets off, the way out."""
    room: str                        # the Heart Room's id
    guards_rating: int               # the rating the guards' Encounter was rolled at
    guards_found: list               # the engine's Events (rules.exploration.Event): one Encounter
    way_out: Lookup
    taken: str
    leaving: str
    guards: list[PrintedEvent] = field(default_factory=list)

    def groups(self) -> list:
        """The guards' groups (rules.encounter.Group), as the simulation fights them."""
        return [g for e in self.guards_found if e.resolution is not None for g in getattr(e.resolution, "groups", [])]

    def to_json(self) -> dict:
        return {"room": self.room, "guards_rating": self.guards_rating, "guards": [e.to_json() for e in self.guards],
                "taken": self.taken, "way_out": {"text": self.leaving, **self.way_out.to_json()}}


def heart_room(b, lv) -> Room:
    """The Heart's one Room: the Nest's name for it and its Features, on the sub-stream "heart"."""
    feats = b.features(b.streams("heart/room", f"room:{lv.number}.1", f"level:{lv.number}"), lv)
    heart = b.nest["heart"]
    return Room(f"{lv.number}.1", lv.number, heart["result"], heart["flavour"], None, *feats, {})


def finale(b, levels) -> Finale:
    """The guards and the way out, pre-rolled (ruling heart-finale)."""
    heart = levels[-1]
    above = levels[-2].rating if len(levels) > 1 else heart.rating
    parts = (f"room:{heart.rooms[0].id}", f"level:{heart.number}")     # what --reroll may name it by
    rng = b.streams("heart", *parts)
    b.items.enter(heart.rooms[0].id, lambda: b.streams("heart/known-item", *parts))
    ctx = Context(rng, b.tables, above, b.nest["encounters"], b.chain, heart.number, b.perception, ExplorationAction(),
                  )
    guards = [resolve_event(rng, b.tables, "encounter", above, b.nest["encounters"], b.chain, b.perception, ctx.action,
                            ctx=ctx)]
    face = D100.roll(rng)
    stem = b.tables.exploration_tables["Risk"]
    ctx = Context(rng, b.tables, heart.rating, b.nest["encounters"], b.chain, heart.number, b.perception,
                  ExplorationAction(), items=b.items, )
    checks, found = lookup(rng, b.tables, "Risk", heart.rating, face, b.nest["encounters"], b.chain, b.perception,
                           ctx.action, ctx=ctx)
    way_out = Lookup("risk", "way out", Rolled(D100.name, face, stem, b.tables.events[stem].source),
                     {c.name: c.chance for c in checks}, found)
    b.note(RULINGS)
    return Finale(heart.rooms[0].id, above, guards, way_out, b.nest["heart"]["taken"], b.nest["heart"]["way_out"])
