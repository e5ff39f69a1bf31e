"""Encounters and Alarm Pheromones (Setting > Termites; the Termite Nest encounter table).

* ``encounter(rng, tables, level, nest="termite-nest")`` → ``Encounter``: one
  d100 on the Nest's encounter table; every row whose Chance it matches is
  generated, top row first (ruling encounter-chance-below), each as a ``Group``.
* ``group(rng, tables, enemy_id)`` → ``Group``: how many come (the Alarm
  Pheromones count for a Termite caste, else the stat block's ``count``, else
  1: ruling encounter-numbers) and their Wounds Max, rolled when the stat
  block gives a die (ruling wounds-die-minimum).
* ``alarm_pheromones(rng, tables, swarming)`` → ``Summons``: the Boolean Roll
  against Swarming, then the d100 that picks the row with the lowest Chance
  to Summon above it (ruling summons-none when there is none).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nests.errors import NestsError
from nests.model import Enemy, EnemyFeature
from nests.rules.dice import Record, Roll
from nests.rules.resolution import D100, BooleanRoll, boolean


@dataclass(frozen=True)
class Group(Record):
    enemy: str
    name: str
    count: int
    wounds_max: int
    wounds_roll: Roll | None
    provisional: bool
    rulings: list[str]


@dataclass(frozen=True)
class EncounterRow(Record):
    enemy: str
    name: str
    formula: str
    chance: int
    generated: bool


@dataclass(frozen=True)
class Encounter(Record):
    nest: str
    level: int
    roll: Roll
    rows: list[EncounterRow]
    groups: list[Group]
    procedure: str = "encounter"
    rulings: list[str] = field(default_factory=list)


def _wounds_feature(tables, enemy: Enemy) -> EnemyFeature:
    wounds = enemy.feature("Wounds Max")
    if wounds is None:
        raise NestsError(tables.enemy_problem(enemy.id, ("features",), "no Wounds Max feature; every enemy needs one"))
    return wounds


def group(rng: random.Random, tables, enemy_id: str) -> Group:
    enemies = tables.enemies
    if enemy_id not in enemies:
        raise NestsError(f"unknown enemy {enemy_id!r}; known: {', '.join(enemies)}")
    enemy = enemies[enemy_id]
    summoned = next((r for r in tables.summons["rows"] if r["enemy"] == enemy_id), None)
    count = summoned["count"] if summoned else (enemy.count if enemy.count is not None else 1)
    rulings = ["encounter-numbers"] + (["provisional-enemies"] if enemy.provisional else [])
    wounds = _wounds_feature(tables, enemy)
    roll = None
    if wounds.die is not None:
        die = tables.die(wounds.die)
        face = die.roll(rng)
        value = max(1, face)
        roll = Roll(die.name, face, f"Wounds Max {value}", value if value != face else None)
        rulings.append("wounds-die-minimum")
    else:
        value = wounds.figure
    return Group(enemy_id, enemy.name, count, value, roll, enemy.provisional, rulings)


def encounter(rng: random.Random, tables, level: int, nest: str = "termite-nest") -> Encounter:
    """One Encounter roll on the Nest's table at a Level's rating: every row it generates comes, top row
    first, each in its numbers, as the table's author reads it ("every row whose Chance the roll matches")."""
    if nest not in tables.encounters:
        raise NestsError(f"no encounter table for Nest {nest!r}; known: {', '.join(tables.encounters)}")
    table = tables.encounters[nest]
    face = D100.roll(rng)
    rows = []
    for row in table.rows:
        chance = row.chance.value(level)
        rows.append(EncounterRow(row.id, row.name, str(row.chance), chance, table.generates(face, chance)))
    generated = [r for r in rows if r.generated]
    shown = ", ".join(r.name for r in generated) or "no one"
    return Encounter(nest, level, Roll(D100.name, face, f"Encounter: {shown}"), rows,
                     [group(rng, tables, r.enemy) for r in generated],
                     rulings=list(table.rulings))


@dataclass(frozen=True)
class Summons(Record):
    trigger: BooleanRoll
    roll: Roll | None
    group: Group | None
    rulings: list[str]


def alarm_pheromones(rng: random.Random, tables, swarming: int) -> Summons:
    trigger = boolean(rng, swarming, "the Alarm Pheromones call for more Termites")
    if not trigger.success:
        return Summons(trigger, None, None, [])
    face = D100.roll(rng)
    above = [r for r in tables.summons["rows"] if r["chance"] > face]
    if not above:
        return Summons(trigger, Roll(D100.name, face, "no one comes"), None, ["summons-none"])
    row = min(above, key=lambda r: r["chance"])
    return Summons(trigger, Roll(D100.name, face, f"{row['label']} come"), group(rng, tables, row["enemy"]), [])
