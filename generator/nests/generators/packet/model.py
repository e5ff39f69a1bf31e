"""The packet as a typed model, end to end; ``to_json()`` gives each part as JSON-ready data.

Every pre-rolled result is a ``Rolled`` (its die and roll, the table and its
rulebook place); each Event carries its procedure's typed view
(``generators/packet/views.py``). A value that is not set is left out of the
JSON, never null, and the JSON keys keep the order earlier packets printed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Callable

from nests.model import Basis


def _clean(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}


def _json(value):
    """A part of the packet as JSON-ready data: typed parts through their own ``to_json``."""
    if hasattr(value, "to_json"):
        return value.to_json()
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


@dataclass(frozen=True)
class Rolled:
    """One printed roll: the die, the face, what counts when capped, the table and its rulebook place,
    and what it gave (a row's result, a rating, or the Effort a Boolean Roll was made against)."""
    die: str
    roll: int
    table: str
    source: str
    counts: int | None = None
    result: str | None = None
    rating: int | None = None
    effort: int | None = None
    success: bool | None = None

    def to_json(self) -> dict:
        return _clean({"die": self.die, "roll": self.roll, "counts": self.counts, "table": self.table,
                       "source": self.source, "result": self.result, "rating": self.rating, "effort": self.effort,
                       "success": self.success})


@dataclass(frozen=True)
class JobPick(Rolled):
    """One roll on a Job table: the row's result and the words the table gives it (every key of a
    Job row is required by its schema, so these are all it can have)."""
    verb: str | None = None
    enemy: str | None = None
    text: str | None = None
    creature: str | None = None          # the target's stat block code (E…), once the creatures are known

    def to_json(self) -> dict:
        return {**super().to_json(), **_clean({"verb": self.verb, "enemy": self.enemy, "text": self.text,
                                                 "creature": self.creature})}


@dataclass(frozen=True)
class Job:
    client: JobPick
    kind: JobPick
    target: JobPick
    pay: JobPick
    complications: tuple[JobPick, ...]
    source: str

    def to_json(self) -> dict:
        return {"client": self.client.to_json(), "kind": self.kind.to_json(), "target": self.target.to_json(),
                "pay": self.pay.to_json(), "complications": [c.to_json() for c in self.complications],
                "source": self.source}


@dataclass(frozen=True)
class PrintedEvent:
    """One generated Event as printed: the procedure that settled it (``side``; "void": a second
    Level in one action) and that procedure's typed view of the resolution."""
    id: str
    name: str
    side: str
    view: Any                    # a views.*View, or None for "void"
    blocked: bool = False
    leads_to: str | None = None  # the Room it adds to the Environment Pool: a Room's id, or "spare:N" (dungeon.py)
    to_heart: bool = False       # that Room is the Heart

    def rolls(self) -> tuple:
        """The dice that decided it, in the order its words tell them (none for "void")."""
        return self.view.rolls() if self.view is not None else ()

    def to_json(self) -> dict:
        return {"name": self.name, "id": self.id, **({"blocked": True} if self.blocked else {}), "side": self.side,
                **(self.view.to_json() if self.view is not None else {}),
                **({"reveals": self.leads_to} if self.leads_to else {})}


@dataclass
class Lookup:
    """One pre-rolled d100 lookup of a Room (Cost, Risk or Reward 1st–3rd): the engine's Events it
    found (``found``) and, once the creatures are coded, their printed views (``events``)."""
    kind: str                    # cost, risk, reward
    ordinal: str
    roll: Rolled
    chances: dict[str, int | None]
    found: list                  # the engine's Events (rules.exploration.Event)
    events: list[PrintedEvent] = field(default_factory=list)
    links: list[str | None] = field(default_factory=list)     # per Event found: the Room it reveals (dungeon.py)

    def __post_init__(self):
        if not self.links:
            self.links = [None] * len(self.found)

    def to_json(self) -> dict:
        return {**self.roll.to_json(), "events": [e.to_json() for e in self.events]}


@dataclass
class Room:
    id: str
    level: int
    name: str
    flavour: str
    name_roll: Rolled | None
    area: Rolled
    height: Rolled
    darkness: Rolled
    lookups: dict[str, list[Lookup]]
    spare: bool = False
    found_in: str | None = None  # the Room whose lookup revealed it (None: the Entrance, a spare Room, the Heart)
    path: str = ""               # its place in the Nest's tree: the name of its random sub-stream (dungeon.py)
    side: bool = False           # a hand-crafted side Room in the party's Pool from the start (oneshot-side-rooms)

    def all_lookups(self) -> list[Lookup]:
        return [lk for lookups in self.lookups.values() for lk in lookups]

    def reveals(self) -> list[str]:
        """The Rooms its lookups reveal, in the order the key prints them, each once."""
        return list(dict.fromkeys(t for lk in self.all_lookups() for t in lk.links if t is not None))

    def shortcuts(self) -> list[tuple[Lookup, Any]]:
        """Every Shortcut of this Room that leads somewhere, a Secret's included: (its lookup, its view)."""
        out = []
        for lookups in self.lookups.values():
            for lk in lookups:
                for e in lk.events:
                    while e is not None:
                        if e.side == "shortcut" and e.view.to_level is not None:
                            out.append((lk, e.view))
                        e = e.view.event if e.side == "secret" else None
        return out

    def to_json(self) -> dict:
        out = {"id": self.id, "name": self.name, "flavour": self.flavour}
        if self.name_roll:
            out["name_roll"] = self.name_roll.to_json()
        out.update(area=self.area.to_json(), height=self.height.to_json(), darkness=self.darkness.to_json())
        if self.spare:
            out["spare"] = True
        if self.found_in:
            out["found_in"] = self.found_in
        out["reveals"] = self.reveals()
        for kind, lookups in self.lookups.items():
            out[kind] = [lk.to_json() for lk in lookups]
        return out


@dataclass
class LevelKey:
    number: int
    rating: int
    roll: Rolled | None          # None: a one-shot's Heart, below the depth chosen (ruling oneshot-depth)
    meaning: str
    dice: Any                    # rules.nest.LevelDice: the Features, Costs/Risks and Rewards dice
    band: str
    heart: bool
    rooms: list[Room] = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"number": self.number, "rating": self.rating,
               **({"roll": self.roll.to_json()} if self.roll is not None else {"set_by": "oneshot-depth"}),
               "dice": {"features": self.dice.features, "costs_risks": self.dice.costs_risks, "rewards": self.dice.rewards},
               "band": self.band}
        if self.heart:
            out["heart"] = True
        out["rooms"] = [r.to_json() for r in self.rooms]
        return out


@dataclass(frozen=True)
class Function:
    """What every Item of one Form does, for the whole Nest (Items > Known Items)."""
    condition: str
    condition_note: str
    alignment: str
    ability: str
    ability_note: str
    rolls: tuple[Rolled, ...]

    def to_json(self) -> dict:
        return {"condition": self.condition, "condition_note": self.condition_note, "alignment": self.alignment,
                "ability": self.ability, "ability_note": self.ability_note, "rolls": [r.to_json() for r in self.rolls]}


@dataclass
class ItemKeyEntry:
    """One Form of the Item Key (I1 … I24): its Function for the whole Nest, and where it was first found."""
    id: str
    colour: str
    type: str
    function: Function
    room: str | None = None
    known: bool | None = None
    amount: int | None = None
    form_rolls: tuple[Rolled, ...] | None = None

    @property
    def name(self) -> str:
        return f"{self.colour} {self.type}"

    def to_json(self) -> dict:
        form = _clean({"colour": self.colour, "type": self.type, "amount": self.amount, "name": self.name,
                       "rolls": _json(self.form_rolls) if self.form_rolls else None})
        return _clean({"id": self.id, "room": self.room, "known": self.known, "form": form,
                       "function": self.function.to_json()})


@dataclass(frozen=True)
class Creature:
    """A stat block the packet prints: its code (E1 …) and the enemy it is."""
    id: str
    enemy: str
    name: str
    provisional: bool

    def to_json(self) -> dict:
        return {"id": self.id, "enemy": self.enemy, "name": self.name, "provisional": self.provisional}


@dataclass(frozen=True)
class WoundsTrack:
    """A creature's Wounds track on the trackers page: one row of boxes for each of the most of it
    that one Encounter of the packet brings, as many boxes as the largest Wounds Max it has there
    (a Wounds Max rolled on ``die`` differs from Encounter to Encounter)."""
    creature: Creature
    called: str                  # its short name for that many ("5 Major Soldiers")
    count: int
    wounds_max: int
    die: str | None


@dataclass(frozen=True)
class Ruling:
    id: str
    text: str
    basis: Basis                 # what it rests on: the rulebook's words, its silence, or a house rule

    def to_json(self) -> dict:
        return {"id": self.id, "text": self.text, "basis": self.basis.to_json()}


@dataclass(frozen=True)
class Session:
    """The glance page's difficulty estimate: the first runs of ``nests simulate`` (rules.simulate)
    on this packet with its party, one session of ``hours`` each."""
    hours: str
    actions: int
    runs: int
    scout: str
    median: int
    p90: int
    mean: float
    heart_percent: float
    job_percent: float
    down_percent: dict[str, float]      # class id → percent of runs in which she goes down
    rooms: tuple[str, ...]              # the Rooms that hurt most, worst first
    job_interval: tuple[float, float]   # the Job's 95% interval, in percent (rules.estimate.interval)
    difficulty: str                     # the difficulty asked for
    band: tuple[int, int]               # its band of the Job's percent (content/packet.yaml)
    wiped_percent: float = 0.0          # runs in which the whole party goes down
    ends: dict = field(default_factory=dict)   # how the runs end (rules.simulate.ENDS) → percent
    precision: float = 0.0              # the interval's half-width the runs were played to, at most, in points

    def to_json(self) -> dict:
        return {"hours": self.hours, "actions": self.actions, "runs": self.runs, "scout": self.scout,
                "median": self.median, "p90": self.p90, "mean": self.mean, "heart_percent": self.heart_percent,
                "job_percent": self.job_percent, "job_interval": list(self.job_interval),
                "difficulty": self.difficulty, "band": list(self.band),
                "down_percent": dict(self.down_percent), "wiped_percent": self.wiped_percent, "ends": dict(self.ends),
                "precision": self.precision,
                "rooms": list(self.rooms)}


@dataclass(frozen=True)
class Without:
    """Beside the estimate: the same sessions played on the packet made without a house rule that softens the
    rules (content/packet.yaml ``without``: that setting as the rulebook reads it)."""
    ruling: str                         # the house rule's id (content/rulings.yaml)
    runs: int
    heart_percent: float
    job_percent: float
    job_interval: tuple[float, float]

    def to_json(self) -> dict:
        return {"ruling": self.ruling, "runs": self.runs, "heart_percent": self.heart_percent,
                "job_percent": self.job_percent, "job_interval": list(self.job_interval)}


@dataclass
class Packet:
    seed: int
    version: str
    content_hash: str
    depth: str
    party: list[str]
    party_names: list[str]
    nest: str
    nest_name: str
    nest_outside: str
    perception: int
    job: Job
    levels: list[LevelKey]
    creatures: list[Creature]
    items: list[ItemKeyEntry]
    rulings: list[Ruling]
    estimate: Callable[["Packet"], Session]  # plays the glance page's runs of a packet: see ``session``
    chain: Any                   # rules.nest.LevelChain: the Levels as rolled
    tables: Any                  # content.tables.Tables the packet was rolled on
    rerolls: tuple = ()          # reroll.Reroll: the parts drawn anew ("room:3.2@1")
    finale: Any = None           # heart.Finale: the Heart's guards, the target, the way out
    difficulty: str = "standard"  # --difficulty
    oneshot_depth: int | None = None    # the Level of a one-shot's Heart, as chosen (ruling oneshot-depth); None: full
    candidate: int = 0           # which of the Nests its seed draws it is (ruling oneshot-choice): 0, 1, …
    way: list[str] = field(default_factory=list)   # a printed way from the Entrance to the Heart: Room ids (dungeon.py)
    drawn: int = 1               # how many Nests were drawn to choose it (the glance page says so)
    choice_of: int = 1           # how many the seed may draw (content/packet.yaml choice.nests)
    screened: float | None = None  # the Job percent its screen measured while it was chosen (difficulty.py)
    without: Callable[["Packet"], list[Without]] | None = None   # plays the estimates beside: see ``beside``
    sides: list[str] = field(default_factory=list)  # hand-crafted side Rooms in the Pool from the start (oneshot-side-rooms)

    @property
    def stamp(self) -> str:
        """The seed and the parts re-rolled: all it takes, with the same content, to make this packet again."""
        return str(self.seed) + "".join(f"+{r}" for r in self.rerolls)

    @cached_property
    def session(self) -> Session:
        """The glance page's estimate, played when first asked for (the page, the JSON, a batch's
        difficulty): most of a packet's making, and the same whenever asked (its own seeded stream)."""
        return self.estimate(self)

    @cached_property
    def beside(self) -> list[Without]:
        """The estimates beside the glance page's, each without one softening house rule (asked for by the page
        and the JSON only, never while a Nest is chosen)."""
        return self.without(self) if self.without else []

    @property
    def heart(self) -> LevelKey:
        return self.levels[-1]

    def rooms(self) -> list[Room]:
        return [r for lv in self.levels for r in lv.rooms]

    def wounds_tracks(self) -> list[WoundsTrack]:
        """Every creature the packet's Encounters bring (a Secret's too, and the Heart's guards and way
        out), in the order of their codes."""
        most: dict[str, tuple[int, int]] = {}
        events = [e for room in self.rooms() for lookups in room.lookups.values() for lk in lookups for e in lk.events]
        if self.finale is not None:
            events += [*self.finale.guards, *self.finale.way_out.events]
        for e in events:
            while e is not None and e.side == "secret":
                e = e.view.event
            if e is None or e.side != "encounter":
                continue
            for g in e.view.groups:
                count, wounds = most.get(g.creature, (0, 0))
                most[g.creature] = max(count, g.count), max(wounds, g.wounds_max)
        tracks = []
        for c in self.creatures:
            if c.id in most:
                enemy = self.tables.enemies[c.enemy]
                wounds = enemy.feature("Wounds Max")
                count, most_wounds = most[c.id]
                tracks.append(WoundsTrack(c, enemy.called(count), count, most_wounds, wounds.die if wounds else None))
        return tracks
