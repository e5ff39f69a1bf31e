"""Quantification (System chapter): the die for a rating (Table 20), Roll to Set, Increase, Decrease.

``quantify(rng, tables, how, rating, die=None, feature="")`` → ``Quantification``:
``how`` is "set", "increase" or "decrease"; ``rating`` is the Feature's
current rating (for "set", the rating that picks the die: the Effort). When
``die`` is None the die comes from Table 20. A result above the cap (100)
counts as 100 (ruling d120-cap).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nests.errors import NestsError
from nests.rules.dice import Record, Roll, roll


def quantification_die(tables, rating: int) -> str:
    """Table 20: the die that quantifies a Feature of this rating."""
    return tables.quantification.band(rating).data["die"]


@dataclass(frozen=True)
class Quantification(Record):
    feature: str
    how: str              # set, increase, decrease
    before: int | None
    roll: Roll
    after: int
    rulings: list[str] = field(default_factory=list)


def quantify(rng: random.Random, tables, how: str, rating: int | None, die: str | None = None,
             feature: str = "") -> Quantification:
    if how not in ("set", "increase", "decrease"):
        raise NestsError(f"unknown Quantification {how!r}; allowed: set, increase, decrease")
    rulings = []
    if die is None:
        die = quantification_die(tables, rating or 0)
        if not rating:
            rulings.append("rating-zero-band")
    cap = tables.quantification.extra["cap"]
    r = roll(rng, tables.die(die), "", cap=cap)
    if r.value is not None:
        rulings.append("d120-cap")
    value = r.counts
    if how == "set":
        after = value
    elif how == "increase":
        after = max(rating or 0, value)
    else:
        after = min(rating or 0, value)
    changed = "set to" if how == "set" else ("raised to" if after != (rating or 0) else "stays at")
    if how == "decrease" and after != (rating or 0):
        changed = "lowered to"
    meaning = f"{feature + ' ' if feature else ''}{changed} {after}%"
    return Quantification(feature, how, None if how == "set" else rating, Roll(r.die, r.result, meaning, r.value), after, rulings)
