"""The Heart as a finale written for its Job (ruling heart-finale): ``heart_room`` and ``finale`` for
``build_packet``.

The Heart's chamber is the Job's target's (content/nests/<nest>.yaml ``heart.targets.<id>.chambers``):
drawn as a Room's words are (words.py), among the rows that fit the Features the Heart rolled, on the
sub-stream "heart/chamber"; what the target is doing when the party comes in is one roll on its
``doing`` table ("heart/doing"); the deed is the target's words for the Job's kind, and the guards' stance,
what the deed sets off, the way out and when the Job counts as done are the kind's
(``heart.kinds.<kind>``). All of these are drawn again with the Job (``--reroll job``) or the Heart's
Room or Level. The dice of the finale proper are on the sub-stream "heart": the guards, one Encounter
rolled at the rating of the Level above the Heart, met before the target; and the way out, one Risk
looked up at the rating of the Level above too (the party leaves into it), met once the deed is done. A creature whose stat block keeps it where
it is (``moves: false``) is named in ``still``, so the page never has it come or follow.
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
    """What the Heart's page prints: the Room, its guards, the target and the deed, what the deed sets
    off, the way out; each in the words of the Job's kind and target."""
    room: str                        # the Heart Room's id
    guards_rating: int               # the rating the guards' Encounter (and the way out) was rolled at
    guards_found: list               # the engine's Events (rules.exploration.Event): one Encounter
    way_out: Lookup
    taken: str                       # what the deed sets off (the kind's ``done``)
    leaving: str                     # how the party leaves (the kind's ``way_out``)
    guards: list[PrintedEvent] = field(default_factory=list)
    kind: str = ""                   # the Job's kind, its result in jobs/kinds.yaml
    doing: Rolled | None = None      # what the target is doing, its roll (``result``: the words)
    deed: str = ""                   # how the deed is done to this target
    stance: str = ""                 # how the guards stand (the kind's ``guards``; the Nest's ``unguarded``)
    paid: str = ""                   # when the Job counts as done
    again: str = ""                  # a creature target that the way out's Encounter brings again
    still: tuple[str, ...] = ()      # the enemies that cannot move (their stat block's ``moves: false``)
    rolled_at: str = "above"         # whose rating the guards and the way out are rolled at (packet.yaml ``heart``)

    def groups(self) -> list:
        """The guards' groups (rules.encounter.Group), as the simulation fights them."""
        return _groups(self.guards_found)

    @staticmethod
    def met(events: list[PrintedEvent]) -> list:
        """The creature groups (views.GroupView) that the printed Encounters among ``events`` bring, a
        Secret's inner one too: the Heart's page says of each what its stat block keeps it from doing."""
        out = []
        for e in events:
            e = e.view.event if e.side == "secret" else e
            out += list(e.view.groups) if e.side == "encounter" else []
        return out

    def to_json(self) -> dict:
        return {"room": self.room, "kind": self.kind, "guards_rating": self.guards_rating,
                "guards": [e.to_json() for e in self.guards], "guards_text": self.stance,
                "doing": self.doing.to_json(), "deed": self.deed, "taken": self.taken,
                "way_out": {"text": self.leaving, **self.way_out.to_json()}, "paid": self.paid,
                **({"again": self.again} if self.again else {}), "still": list(self.still)}


def _target(b):
    """The Job's target's id and its words in this Nest (content.nest.HeartTarget)."""
    row = b.pt.face_table_of(b.job.target.table).row(b.job.target.roll)
    return b.pt.nests[b.nest_id][1].targets[row.data["id"]]


def _parts(lv) -> tuple[str, str]:
    return f"room:{lv.number}.1", f"level:{lv.number}"       # what --reroll may name the Heart by


def heart_room(b, lv) -> Room:
    """The Heart's one Room: its Features (sub-stream "heart/room"), then the target's chamber that fits them."""
    feats = b.features(b.streams("heart/room", *_parts(lv)), lv)
    chambers = _target(b).chambers
    table = chambers.table
    face = table.die.roll(b.streams("heart/chamber", "job", *_parts(lv)))
    # (content.nest checks that some chamber fits every Area and Height the Heart can roll)
    row = table.rows[chambers.walk(face, lambda i: chambers.fits(i, feats[0].rating, feats[1].rating))]
    roll = Rolled(table.die.name, face, f"nests/{b.nest_id}/{table.id}", table.source, result=row.result)
    return Room(f"{lv.number}.1", lv.number, row.result, row.data["flavour"], roll, *feats, {})


def finale(b, levels) -> Finale:
    """The guards, the target's doing and the way out, pre-rolled, in the Job's words (ruling heart-finale)."""
    heart = levels[-1]
    # the rating the guards and the way out are rolled at (content/packet.yaml ``heart.rolled_at``)
    above = levels[-2].rating if len(levels) > 1 and b.pt.settings["heart"]["rolled_at"] == "above" else heart.rating
    parts = _parts(heart)
    rng = b.streams("heart", *parts)
    b.items.enter(heart.rooms[0].id, lambda: b.streams("heart/known-item", *parts))
    ctx = Context(rng, b.tables, above, b.nest["encounters"], b.chain, heart.number, b.perception, ExplorationAction(),
                  )
    guards = [resolve_event(rng, b.tables, "encounter", above, b.nest["encounters"], b.chain, b.perception, ctx.action,
                            ctx=ctx)]
    face = D100.roll(rng)
    stem = b.tables.exploration_tables["Risk"]
    # the way out leaves the Heart into the Level above: its Risks are looked up at that Level's rating
    ctx = Context(rng, b.tables, above, b.nest["encounters"], b.chain, heart.number, b.perception,
                  ExplorationAction(), items=b.items, )
    checks, found = lookup(rng, b.tables, "Risk", above, face, b.nest["encounters"], b.chain, b.perception,
                           ctx.action, ctx=ctx)
    way_out = Lookup("risk", "way out", Rolled(D100.name, face, stem, b.tables.events[stem].source),
                     {c.name: c.chance for c in checks}, found)
    b.note(RULINGS)
    target, words = _target(b), b.pt.nests[b.nest_id][1]
    kind = b.job.kind.result
    said = words.kinds[kind]
    doing = target.doing
    face = doing.die.roll(b.streams("heart/doing", "job", *parts))
    doing_roll = Rolled(doing.die.name, face, f"nests/{b.nest_id}/{doing.id}", doing.source, result=doing.row(face).result)
    stance = said["guards"] if any(g.count for g in _groups(guards)) else words.unguarded
    still = tuple(eid for eid in sorted(b.tables.enemies) if not b.tables.enemies[eid].moves)
    return Finale(heart.rooms[0].id, above, guards, way_out, said["done"], said["way_out"], kind=kind, doing=doing_roll,
                  deed=target.deeds[kind], stance=stance, paid=said["paid"], again=said.get("again", ""), still=still,
                  rolled_at=b.pt.settings["heart"]["rolled_at"] if len(levels) > 1 else "heart")


def _groups(events) -> list:
    return [g for e in events if e.resolution is not None for g in getattr(e.resolution, "groups", [])]
