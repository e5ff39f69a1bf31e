"""One handler per Event procedure, registered by name (``PROCEDURES``).

An event-table row names how the Nest's side of its Event is settled:
``resolve: {procedure: <name>, ...its arguments}``. Each handler

* ``args``: the arguments it takes, as a content schema; the content stage
  validates every ``resolve`` with it (``check``), so a bad row is one line
  naming its file, line and key;
* ``resolve(ctx, row, spec)``: settles the Event and returns a typed result record
  (how a packet prints it is the packet's business: generators/packet/views.py).

``Context`` carries what a resolution may need: the random source, the tables,
the Level's rating and place in the chain, and, inside a packet, the Room
being keyed (its Darkness) and the packet's Item Key (Items by Form).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from nests.content.schema import Bool, Int, Map, OneOf, Str, shown
from nests.rules.dice import Record, Roll
from nests.rules.encounter import encounter
from nests.rules.food import food_item
from nests.rules.nest import Level, LevelChain, level_dice, next_level, shortcut
from nests.rules.quantification import Quantification, quantify
from nests.rules.resolution import BooleanRoll, boolean

DIE = OneOf(["features", "costs_risks", "rewards"])
EFFORT = Map(required={"base": Int(-100, 200), "level": OneOf([-1, 0, 1])})


@dataclass
class Context:
    rng: random.Random
    tables: Any
    level: int                                   # the current Level's rating
    nest: str = "termite-nest"                   # the encounter table
    chain: LevelChain | None = None
    level_number: int | None = None              # the current Level's place in the chain (1-based)
    perception: int | None = None
    action: Any = None                           # exploration.ExplorationAction
    resolve: Callable | None = None              # resolves a further Event by id (a Secret's)
    room_darkness: int | None = None             # packet: the Darkness of the Room being keyed
    items: Any = None                            # packet: the Item Key by Form

    @property
    def dice(self):
        return level_dice(self.tables, self.level)


# -- results ----------------------------------------------------------------------
@dataclass(frozen=True)
class PlayersResult(Record):
    note: str = "the characters' own rolls settle it"
    procedure: str = "players"
    rulings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class PassageResult(Record):
    boolean: BooleanRoll
    leads_to: str
    procedure: str = "boolean"
    rulings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SetResult(Record):
    feature: str
    quantification: Quantification
    blocks: bool                 # an Obstacle still standing
    procedure: str = "set"
    rulings: list[str] = field(default_factory=list)
    salvage: BooleanRoll | None = None            # Obstacle: the Building Resources roll once torn down
    resources: Quantification | None = None       # and their rating, when that roll succeeds


@dataclass(frozen=True)
class DarknessResult(Record):
    quantification: Quantification | None        # None: the Room's own Darkness counts
    rating: int
    procedure: str = "darkness"
    rulings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class ResourceResult(Record):
    quantification: Quantification               # one roll: Roll to Set a new Item, or to Increase a held one
    procedure: str = "resource"
    rulings: list[str] = field(default_factory=lambda: ["resource-increase"])


@dataclass(frozen=True)
class LevelResult(Record):
    level: Level                 # the new Level (its number counts from the current one)
    procedure: str = "level"
    rulings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SecretResult(Record):
    category: Roll
    choice: Roll
    event: Any                   # exploration.Event
    procedure: str = "secret"
    rulings: list[str] = field(default_factory=lambda: ["secret-one-based"])



# -- handlers -------------------------------------------------------------------------
class Procedure:
    name = ""
    args: dict = {}
    optional: dict = {}

    def check(self, spec: dict, path: tuple, report) -> None:
        Map(required={"procedure": Str(), **self.args}, optional=self.optional).check(spec, path, report)

    def resolve(self, ctx: Context, row, spec: dict):
        raise NotImplementedError


    def enemies(self, result) -> list[str]:
        """The creatures this Event brings (their stat blocks go in the packet)."""
        return []

    def leads_to(self, result, level: int) -> int | None:
        """The Level of the Room this Event adds to the Environment Pool (Generate and reap Rewards: "If a
        generated Reward is a Room, Shortcut, or Level, the Reward is added to the player characters'
        communal Environment Pool"; Passage: "add a Room"), or None when it adds none."""
        return None


class PlayersProcedure(Procedure):
    name = "players"

    def resolve(self, ctx, row, spec):
        return PlayersResult()


@dataclass(frozen=True)
class RoomResult(Record):
    procedure: str = "room"
    rulings: list[str] = field(default_factory=list)


class RoomProcedure(Procedure):
    """Room (Reward): a Room of the current Level is added to the Environment Pool."""
    name = "room"

    def resolve(self, ctx, row, spec):
        return RoomResult()

    def leads_to(self, result, level):
        return level


class PassageProcedure(Procedure):
    """Passage (Cost Events > Passage): a Boolean Roll against 100 minus the Level's rating."""
    name = "boolean"
    args = {"effort": EFFORT, "success": Str(allow_empty=False), "failure": Str(allow_empty=False)}

    def resolve(self, ctx, row, spec):
        effort = max(0, min(100, spec["effort"]["base"] + spec["effort"]["level"] * ctx.level))
        b = boolean(ctx.rng, effort, "")
        leads = spec["success"] if b.success else spec["failure"]
        return PassageResult(BooleanRoll(b.effort, None, Roll(b.roll.die, b.roll.result, f"{row.name} {leads}"), b.success), leads)

    def leads_to(self, result, level):
        return level if result.boolean.success else None



class ObstacleProcedure(Procedure):
    """Obstacle (Risk Events > Obstacle, Tearing Obstacles down): Obstruction set with the
    Costs/Risks die; the Building Resources it leaves once torn down are pre-rolled: a Boolean
    Roll against its first Obstruction, then a Roll to Set (ruling obstacle-resources)."""
    name = "obstacle"
    args = {"die": DIE, "feature": Str(allow_empty=False), "resources_die": DIE}

    def resolve(self, ctx, row, spec):
        q = quantify(ctx.rng, ctx.tables, "set", None, die=getattr(ctx.dice, spec["die"]), feature=spec["feature"])
        stands = q.after > 0
        salvage = resources = None
        if stands:
            if ctx.action is not None:
                ctx.action.blocked = True
            salvage = boolean(ctx.rng, q.after, "Building Resources left behind")
            if salvage.success:
                resources = quantify(ctx.rng, ctx.tables, "set", None, die=getattr(ctx.dice, spec["resources_die"]),
                                     feature="Building Resources")
        rulings = (["obstacle-blocks", "obstacle-resources"] if stands else []) + q.rulings
        return SetResult(spec["feature"], q, stands, "obstacle", rulings, salvage, resources)



class DarknessProcedure(Procedure):
    """Darkness (Cost Events > Darkness): a Room's Darkness is set once, with the Costs/Risks
    die; inside a packet a Darkness Cost refers to the Room's own (ruling room-darkness)."""
    name = "darkness"
    args = {"die": DIE}

    def resolve(self, ctx, row, spec):
        if ctx.room_darkness is not None:
            return DarknessResult(None, ctx.room_darkness, rulings=["room-darkness"])
        q = quantify(ctx.rng, ctx.tables, "set", None, die=getattr(ctx.dice, spec["die"]), feature="Darkness")
        return DarknessResult(q, q.after, rulings=q.rulings)



class ResourceProcedure(Procedure):
    """Resource (Reward Events > Resource): one roll of the Rewards die serves both cases: a new
    Building Resources Item is set to it; a held one is raised to it when it is higher."""
    name = "resource"
    args = {"die": DIE}

    def resolve(self, ctx, row, spec):
        q = quantify(ctx.rng, ctx.tables, "set", None, die=getattr(ctx.dice, spec["die"]), feature="Building Resources")
        return ResourceResult(q, rulings=["resource-increase"] + q.rulings)



class EncounterProcedure(Procedure):
    name = "encounter"

    def resolve(self, ctx, row, spec):
        return encounter(ctx.rng, ctx.tables, ctx.level, ctx.nest)


    def enemies(self, r) -> list[str]:
        return [g.enemy for g in r.groups]


class FoodItemProcedure(Procedure):
    """Item (Unknown) and Item (Known) (Items > Generating Food Items)."""
    name = "food-item"
    args = {"known": Bool()}

    def resolve(self, ctx, row, spec):
        if ctx.items is not None:
            return ctx.items.find(ctx, bool(spec["known"]))
        return food_item(ctx.rng, ctx.tables, ctx.level, known=bool(spec["known"]))



class ShortcutProcedure(Procedure):
    """Shortcut (Reward Events > Shortcut): a Roll to Increase with the Rewards die (ruling shortcut)."""
    name = "shortcut"
    args = {"die": DIE}

    def resolve(self, ctx, row, spec):
        return shortcut(ctx.rng, ctx.tables, ctx.level, ctx.chain, ctx.level_number)

    def leads_to(self, result, level):
        return None if result.dud else result.leads_to_level



class NewLevelProcedure(Procedure):
    """Level (Reward Events > Level): inside a packet, the next Level of the pre-rolled chain
    (ruling packet-level-link); otherwise a new Level rolled from this one (new-level-die)."""
    name = "level"
    args = {"die": DIE}

    def resolve(self, ctx, row, spec):
        current = Level(ctx.level_number or 0, ctx.level, ctx.dice, Roll("", ctx.level, "current Level"), [])
        if ctx.chain is not None and ctx.level_number is not None:
            nxt = ctx.chain.levels[ctx.level_number] if ctx.level_number < len(ctx.chain.levels) else None
            return LevelResult(nxt, rulings=["packet-level-link"]) if nxt else LevelResult(None, rulings=["packet-level-link"])
        return LevelResult(next_level(ctx.rng, ctx.tables, current))

    def leads_to(self, result, level):
        return None if result.level is None else result.level.number



class SecretProcedure(Procedure):
    """Secret (Reward Events > Secret): 1d6 picks Cost, Risk or Reward, a second die the Event,
    which is resolved in turn (ruling secret-one-based)."""
    name = "secret"

    def resolve(self, ctx, row, spec):
        from nests.rules.lookup import roll_on

        category, category_roll = roll_on(ctx.rng, ctx.tables, "secret", "Secret becomes a")
        choice, choice_roll = roll_on(ctx.rng, ctx.tables, category.data["then"], category.result)
        inner = ctx.resolve(choice.result)
        return SecretResult(category_roll, Roll(choice_roll.die, choice_roll.result, f"{category.result}: {inner.name}"), inner)


    def enemies(self, r) -> list[str]:
        inner = r.event.resolution
        return PROCEDURES[inner.procedure].enemies(inner) if inner is not None else []

    def leads_to(self, r, level):
        inner = r.event
        if inner.void or inner.resolution is None:
            return None
        return PROCEDURES[inner.resolution.procedure].leads_to(inner.resolution, level)


PROCEDURES: dict[str, Procedure] = {p.name: p for p in (
    PlayersProcedure(), RoomProcedure(), PassageProcedure(), ObstacleProcedure(), DarknessProcedure(), ResourceProcedure(),
    EncounterProcedure(), FoodItemProcedure(), ShortcutProcedure(), NewLevelProcedure(), SecretProcedure())}


class ResolveSpec:
    """The content schema of a row's ``resolve``: the named procedure's own arguments."""

    def check(self, value, path, report) -> None:
        if not isinstance(value, dict) or "procedure" not in value:
            report(path + (("procedure",) if isinstance(value, dict) else ()),
                   "missing; name a procedure: " + ", ".join(PROCEDURES))
            return
        name = value["procedure"]
        if not isinstance(name, str) or name not in PROCEDURES:
            report(path + ("procedure",), f"{shown(name)} is not a procedure; allowed: {', '.join(PROCEDURES)}")
            return
        PROCEDURES[name].check(value, path, report)
