"""Nest Levels (Survival and Exploration > Level Rating, Table 27).

* ``level_dice(tables, rating)`` → ``LevelDice``: the Features, Costs/Risks and Rewards dice.
* ``first_level(rng, tables)`` → ``Level`` 1: rating set with the 0–20% band's
  Features die (ruling first-level).
* ``next_level(rng, tables, previous)`` → the next ``Level``: a Roll to Increase
  the previous rating with its Costs/Risks die (rulings new-level-die,
  level-not-raised), capped at 100 (d120-cap).
* ``level_chain(rng, tables)`` → ``LevelChain``: Levels until one reaches the
  Heart (100%).
* ``shortcut(rng, tables, rating, chain=None, level_number=None)`` → ``Shortcut``: a Roll to
  Increase with the Rewards die; with a chain, the deeper Level it leads to, or a dud (ruling shortcut).
* ``cut_chain(tables, chain, depth)`` → a one-shot's chain: its Levels above ``depth``, then the Heart,
  set by ruling oneshot-depth (no roll).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nests.rules.dice import Record, Roll
from nests.rules.quantification import quantify


@dataclass(frozen=True)
class LevelDice(Record):
    rating: int
    band: str
    features: str
    costs_risks: str
    rewards: str


def level_dice(tables, rating: int) -> LevelDice:
    band = tables.levels.band(rating)
    return LevelDice(rating, band.label, band.data["features"], band.data["costs_risks"], band.data["rewards"])


@dataclass(frozen=True)
class Level(Record):
    number: int
    rating: int
    dice: LevelDice
    roll: Roll | None                # None: a one-shot's Heart, set by ruling oneshot-depth
    rulings: list[str]


@dataclass(frozen=True)
class LevelChain(Record):
    levels: list[Level]
    heart: int


def first_level(rng: random.Random, tables) -> Level:
    first = tables.levels.extra["first_level"]
    low = int(str(first["band"]).split("-")[0])
    die = tables.levels.band(low).data[first["die"]]
    q = quantify(rng, tables, "set", None, die=die, feature="Level rating")
    return Level(1, q.after, level_dice(tables, q.after), q.roll, ["first-level"] + q.rulings)


def next_level(rng: random.Random, tables, previous: Level) -> Level:
    die = previous.dice.__getattribute__(tables.levels.extra["next_level"]["die"])
    q = quantify(rng, tables, "increase", previous.rating, die=die, feature="Level rating")
    rulings = ["new-level-die"] + q.rulings + ([] if q.after > previous.rating else ["level-not-raised"])
    return Level(previous.number + 1, q.after, level_dice(tables, q.after), q.roll, rulings)


def level_chain(rng: random.Random, tables) -> LevelChain:
    heart = tables.levels.extra["heart"]
    levels = [first_level(rng, tables)]
    while levels[-1].rating < heart:
        levels.append(next_level(rng, tables, levels[-1]))
    return LevelChain(levels, heart)


def cut_chain(tables, chain: LevelChain, depth: int) -> LevelChain:
    """A one-shot's Nest ``depth`` Levels deep (ruling oneshot-depth): the chain's Levels above that depth as
    rolled, then the Heart at its rating, with no roll of its own. A chain no deeper is kept whole."""
    if len(chain.levels) <= depth:
        return chain
    heart = Level(depth, chain.heart, level_dice(tables, chain.heart), None, ["oneshot-depth"])
    return LevelChain(chain.levels[:depth - 1] + [heart], chain.heart)


@dataclass(frozen=True)
class Shortcut(Record):
    rating: int
    roll: Roll | None                # None: the Rewards die cannot beat the rating, nothing to roll
    new_rating: int
    from_level: int | None           # Level numbers of the chain, when a chain was given
    leads_to_level: int | None
    reaches_heart: bool
    dud: bool
    procedure: str = "shortcut"
    rulings: list[str] = field(default_factory=lambda: ["shortcut"])


def shortcut(rng: random.Random, tables, rating: int, chain: LevelChain | None = None,
             level_number: int | None = None) -> Shortcut:
    """Shortcut (Reward Events > Shortcut), ruling shortcut: a Roll to Increase the rating with
    the Rewards die. Only a result above the rating raises it; the party then moves on to the
    first deeper Level of the chain at least that high (or the Heart). Otherwise the Shortcut is a
    dud; when no face of the die can beat the rating it is a dud without a roll. Never backwards."""
    die = tables.die(level_dice(tables, rating).rewards)
    cap = tables.quantification.extra["cap"]
    heart = tables.levels.extra["heart"]
    here = level_number
    if chain is not None and here is None:
        here = max((lv.number for lv in chain.levels if lv.rating <= rating), default=1)
    if min(die.last, cap) <= rating:
        return Shortcut(rating, None, rating, here, None, False, True)
    q = quantify(rng, tables, "increase", rating, die=die.name, feature="Level rating")
    rulings = ["shortcut"] + q.rulings
    if q.after <= rating:
        return Shortcut(rating, q.roll, rating, here, None, False, True, rulings=rulings)
    if chain is None:
        return Shortcut(rating, q.roll, q.after, None, None, q.after >= heart, False, rulings=rulings)
    target = next((lv for lv in chain.levels if lv.number > here and lv.rating >= q.after), chain.levels[-1])
    return Shortcut(rating, q.roll, q.after, here, target.number, target.rating >= heart, False, rulings=rulings)
