"""Exploration Events (Survival and Exploration): Costs, Risks and Rewards at a Level.

* ``event_types(tables, degree)`` → e.g. ["Cost", "Risk", "Reward"] (the Exploration Action formula).
* ``events_at(tables, kind, level, roll, perception=None)`` → ``[EventCheck]``:
  a pure look-up of one d100 ``roll`` on the Costs, Risks or Rewards table
  ("Cost", "Risk", "Reward"): every row with its Chance and whether it is
  generated (ruling event-chance-inclusive; Secret needs ``perception``,
  ruling secret-perception).
* ``resolve_event(rng, tables, event_id, level, ...)`` → the Nest's side of
  one Event: the row's ``resolve: {procedure: …}`` names its handler in
  ``nests.rules.procedures.PROCEDURES``, which returns a result record whose
  ``procedure`` names it (a Secret holds the Event it became, resolved in turn).
* ``explore(rng, tables, degree, level, ...)`` → ``ExplorationOutcome``: one d100
  per Cost/Risk/Reward instance (ruling roll-per-instance), each generated
  Event resolved, at most one Level per action (one-level-per-action), and
  later Risks and Rewards marked ``blocked`` behind a standing Obstacle
  (obstacle-blocks).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from nests.errors import NestsError
from nests.rules.dice import Record, Roll
from nests.rules.nest import LevelChain
from nests.rules.procedures import (PROCEDURES, Context, DarknessResult, LevelResult, PassageResult,  # noqa: F401
                                    PlayersResult, ResourceResult, SecretResult, SetResult)
from nests.rules.resolution import D100

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
class Event(Record):
    id: str
    name: str
    kind: str                    # Cost, Risk or Reward
    resolution: Any              # one of the result records above, or None when void
    blocked: bool = False        # behind a standing Obstacle (ruling obstacle-blocks)
    void: bool = False           # a second Level in one action (ruling one-level-per-action)


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
    found = tables.event_rows.get(event_id)
    if found is None:
        raise NestsError(f"unknown Event {event_id!r}")
    return found


class ExplorationAction:
    """What one Exploration Action has seen so far: a Level, a standing Obstacle.
    Pass the same one to every Event of the action."""

    def __init__(self):
        self.level_taken = False
        self.blocked = False


def resolve_event(rng: random.Random, tables, event_id: str, level: int, nest: str = "termite-nest",
                  chain: LevelChain | None = None, perception: int | None = None,
                  action: ExplorationAction | None = None, _depth: int = 0, ctx: Context | None = None) -> Event:
    """One Event with the Nest's side of it settled by its procedure's handler.
    ``ctx`` (a packet's) carries the Room and the Item Key; otherwise one is made."""
    action = action or (ctx.action if ctx else None) or ExplorationAction()
    if ctx is None:
        ctx = Context(rng, tables, level, nest, chain, None, perception, action)
    ctx.action = action
    kind, row = _row(tables, event_id)
    blocked = action.blocked and kind in ("Risk", "Reward")
    if row.data.get("once_per_action"):
        if action.level_taken:
            return Event(row.id, row.name, kind, None, blocked, void=True)
        action.level_taken = True
    if _depth >= MAX_SECRET_DEPTH:
        raise NestsError(f"a Secret became a Secret {MAX_SECRET_DEPTH} times in a row; check the secret tables")
    ctx.resolve = lambda inner: resolve_event(rng, tables, inner, level, nest, chain, perception, action, _depth + 1, ctx)
    spec = row.data["resolve"]
    return Event(row.id, row.name, kind, PROCEDURES[spec["procedure"]].resolve(ctx, row, spec), blocked)


def lookup(rng: random.Random, tables, kind: str, level: int, face: int, nest: str = "termite-nest",
           chain: LevelChain | None = None, perception: int | None = None,
           action: ExplorationAction | None = None, ctx: Context | None = None) -> tuple[list[EventCheck], list[Event]]:
    """One d100 result looked up on the ``kind`` table at a Level: every row's
    check, and each generated Event resolved, in table order."""
    checks = events_at(tables, kind, level, face, perception)
    action = action or ExplorationAction()
    return checks, [resolve_event(rng, tables, c.id, level, nest, chain, perception, action, ctx=ctx) for c in checks if c.generated]


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
