"""Exploration Events (Survival and Exploration): Costs, Risks and Rewards at a Level.

* ``event_types(tables, degree)`` → e.g. ["Cost", "Risk", "Reward"] (the Exploration Action formula).
* ``events_at(tables, kind, level, roll, perception=None)`` → ``[EventCheck]``:
  a pure look-up of one d100 ``roll`` on the Costs, Risks or Rewards table
  ("Cost", "Risk", "Reward"): every row with its Chance and whether it is
  generated (ruling event-chance-inclusive; Secret needs ``perception``,
  ruling secret-perception).
* ``resolve_event(rng, tables, event_id, level, ...)`` → the Nest's side of
  one Event, as a record whose ``procedure`` names its kind: "players" (the
  characters' own rolls), "boolean" (``PassageResult``), "set"
  (``SetResult``: Darkness, Obstruction, Building Resources), "encounter"
  (``encounter.Encounter``), "food-item" (``food.FoodItem``), "shortcut"
  (``nest.Shortcut``), "level" (``LevelResult``), "secret" (``SecretResult``,
  which holds the Event it became, resolved in turn).
* ``explore(rng, tables, degree, level, ...)`` → ``ExplorationOutcome``: one d100
  per Cost/Risk/Reward instance (ruling roll-per-instance), each generated
  Event resolved, at most one Level per action (one-level-per-action), and
  later Risks and Rewards marked ``blocked`` behind a standing Obstacle
  (obstacle-blocks).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from nests.content.tables import Chance
from nests.errors import NestsError
from nests.rules.dice import Record, Roll
from nests.rules.encounter import encounter
from nests.rules.food import food_item
from nests.rules.lookup import roll_on
from nests.rules.nest import LevelChain, level_dice, next_level, shortcut, Level
from nests.rules.quantification import Quantification, quantify
from nests.rules.resolution import D100, BooleanRoll, boolean

ORDINALS = ["1st", "2nd", "3rd"]
MAX_SECRET_DEPTH = 50      # a Secret can become a Secret; a guard against a runaway chain


@dataclass(frozen=True)
class EventCheck(Record):
    id: str
    name: str
    formula: str
    chance: int | None       # None: needs a Feature that was not given
    generated: bool


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


@dataclass(frozen=True)
class LevelResult(Record):
    level: Level                 # the new Level (its number counts from the current one)
    procedure: str = "level"
    rulings: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Event(Record):
    id: str
    name: str
    kind: str                    # Cost, Risk or Reward
    resolution: Any              # one of the result records above, or None when void
    blocked: bool = False        # behind a standing Obstacle (ruling obstacle-blocks)
    void: bool = False           # a second Level in one action (ruling one-level-per-action)


@dataclass(frozen=True)
class SecretResult(Record):
    category: Roll
    choice: Roll
    event: Event
    procedure: str = "secret"
    rulings: list[str] = field(default_factory=lambda: ["secret-one-based"])


@dataclass(frozen=True)
class EventRoll(Record):
    kind: str
    ordinal: str
    roll: Roll
    checks: list[EventCheck]
    events: list[Event]


@dataclass(frozen=True)
class ExplorationOutcome(Record):
    degree: str
    level: int
    types: list[str]
    instances: list[EventRoll]
    rulings: list[str]


def event_types(tables, degree: str) -> list[str]:
    if degree not in tables.exploration:
        raise NestsError(f"unknown Degree of Success {degree!r}; allowed: {', '.join(tables.degrees)}")
    return list(tables.exploration[degree])


def _table(tables, kind: str):
    if kind not in tables.exploration_tables:
        raise NestsError(f"unknown Event type {kind!r}; allowed: {', '.join(tables.exploration_tables)}")
    return tables.events[tables.exploration_tables[kind]]


def events_at(tables, kind: str, level: int, roll: int, perception: int | None = None) -> list[EventCheck]:
    table = _table(tables, kind)
    features = {"perception": perception}
    checks = []
    for row in table.rows:
        chance = row.chance.value(level, features)
        checks.append(EventCheck(row.id, row.name, str(row.chance), chance, table.generates(roll, chance)))
    return checks


def _row(tables, event_id: str):
    for kind in tables.exploration_tables:
        table = _table(tables, kind)
        for row in table.rows:
            if row.id == event_id:
                return kind, row
    raise NestsError(f"unknown Event {event_id!r}")


class ExplorationAction:
    """What one Exploration Action has seen so far: a Level, a standing Obstacle.
    Pass the same one to every Event of the action."""

    def __init__(self):
        self.level_taken = False
        self.blocked = False


def resolve_event(rng: random.Random, tables, event_id: str, level: int, nest: str = "termite-nest",
                  chain: LevelChain | None = None, perception: int | None = None,
                  action: ExplorationAction | None = None, _depth: int = 0) -> Event:
    """One Event with the Nest's side of it settled; see the module docstring."""
    action = action or ExplorationAction()
    kind, row = _row(tables, event_id)
    blocked = action.blocked and kind in ("Risk", "Reward")
    if row.data.get("once_per_action"):
        if action.level_taken:
            return Event(row.id, row.name, kind, None, blocked, void=True)
        action.level_taken = True
    spec = row.data["resolve"]
    how = spec["procedure"]
    dice = level_dice(tables, level)
    if how == "players":
        result: Any = PlayersResult()
    elif how == "boolean":
        effort = Chance(spec["effort"]["base"], spec["effort"]["level"]).value(level)
        b = boolean(rng, effort, "")
        leads = spec["success"] if b.success else spec["failure"]
        b = BooleanRoll(b.effort, None, Roll(b.roll.die, b.roll.result, f"{row.name} {leads}"), b.success)
        result = PassageResult(b, leads)
    elif how == "set":
        q = quantify(rng, tables, "set", None, die=getattr(dice, spec["die"]), feature=spec["feature"])
        stands = bool(spec.get("blocks")) and q.after > 0
        result = SetResult(spec["feature"], q, stands, rulings=["obstacle-blocks"] if stands else [])
        if stands:
            action.blocked = True
    elif how == "encounter":
        result = encounter(rng, tables, level, nest)
    elif how == "food-item":
        result = food_item(rng, tables, level, known=bool(spec.get("known")))
    elif how == "shortcut":
        result = shortcut(rng, tables, level, chain)
    elif how == "level":
        current = Level(0, level, dice, Roll("", level, "current Level"), [])
        result = LevelResult(next_level(rng, tables, current))
    elif how == "secret":
        if _depth >= MAX_SECRET_DEPTH:
            raise NestsError(f"a Secret became a Secret {MAX_SECRET_DEPTH} times in a row; check the secret tables")
        category, category_roll = roll_on(rng, tables, "secret", "Secret becomes a")
        choice, choice_roll = roll_on(rng, tables, category.data["then"], category.result)
        inner = resolve_event(rng, tables, choice.result, level, nest, chain, perception, action, _depth + 1)
        choice_roll = Roll(choice_roll.die, choice_roll.result, f"{category.result}: {inner.name}")
        result = SecretResult(category_roll, choice_roll, inner)
    else:  # the schema admits only the procedures above
        raise NestsError(f"unknown procedure {how!r}")
    return Event(row.id, row.name, kind, result, blocked)


def lookup(rng: random.Random, tables, kind: str, level: int, face: int, nest: str = "termite-nest",
           chain: LevelChain | None = None, perception: int | None = None,
           action: ExplorationAction | None = None) -> tuple[list[EventCheck], list[Event]]:
    """One d100 result looked up on the ``kind`` table at a Level: every row's
    check, and each generated Event resolved, in table order."""
    checks = events_at(tables, kind, level, face, perception)
    action = action or ExplorationAction()
    return checks, [resolve_event(rng, tables, c.id, level, nest, chain, perception, action) for c in checks if c.generated]


def explore(rng: random.Random, tables, degree: str, level: int, nest: str = "termite-nest",
            perception: int | None = None, chain: LevelChain | None = None) -> ExplorationOutcome:
    """Every Event of one Exploration outcome at a Level, rolled and resolved."""
    types = event_types(tables, degree)
    action = ExplorationAction()
    counts: dict[str, int] = {}
    instances, rulings = [], ["roll-per-instance", "event-chance-inclusive"]
    if perception is None:
        rulings.append("secret-perception")
    for kind in types:
        n = counts[kind] = counts.get(kind, 0) + 1
        face = D100.roll(rng)
        checks, events = lookup(rng, tables, kind, level, face, nest, chain, perception, action)
        shown = ", ".join(e.name for e in events) or "nothing"
        instances.append(EventRoll(kind, ORDINALS[n - 1] if n <= 3 else f"{n}th", Roll(D100.name, face, f"{kind}: {shown}"),
                                   checks, events))
    for inst in instances:
        for e in inst.events:
            if e.void:
                rulings.append("one-level-per-action")
            if e.blocked:
                rulings.append("obstacle-blocks")
    return ExplorationOutcome(degree, level, types, instances, list(dict.fromkeys(rulings)))
