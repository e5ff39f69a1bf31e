"""Dice, rolls and random streams: the bottom of the rules engine.

* ``Die`` (defined in ``nests.model``, so the content stage can name dice
  without importing the rules): a decile die ``dN`` or a one-based ``1dN``.
* ``Roll``: one die rolled, as a packet prints it: ``die`` ("d60", "1d6"),
  ``result`` (the face), ``value`` (what counts, e.g. a d120 capped at 100)
  and ``meaning`` (what the roll decided, in words).
* ``Record``: base class of every result object; ``to_dict()`` gives plain
  JSON-ready data (``dataclasses.asdict``: nested dataclasses, lists, ints, strings).
* ``substream(seed, name)``: a ``random.Random`` derived from a seed and a
  name with SHA-256, so that "level-2/room-3" rolls the same whatever else
  the run rolls, in every process (never Python's salted ``hash()``).

Every procedure takes one ``random.Random`` passed in; nothing here touches
the global ``random`` state.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import asdict, dataclass

from nests.model import Die  # the die itself is a thing of the game; rolling it is the rules' part

__all__ = ["Die", "Record", "Roll", "roll", "substream"]


class Record:
    """Mixin for result dataclasses: ``to_dict()`` is JSON-ready."""

    def to_dict(self) -> dict:
        return asdict(self)  # type: ignore[call-overload]


@dataclass(frozen=True)
class Roll(Record):
    """One die roll: the die, the face that came up, the value that counts, and what it meant."""

    die: str
    result: int
    meaning: str
    value: int | None = None     # set when the value that counts differs from the face (d120 cap)

    @property
    def counts(self) -> int:
        return self.result if self.value is None else self.value

    def __str__(self) -> str:
        shown = f"{self.die} → {self.result}" + (f" (counts as {self.value})" if self.value is not None else "")
        return f"{shown}: {self.meaning}" if self.meaning else shown


def roll(rng: random.Random, die: Die, meaning: str = "", cap: int | None = None) -> Roll:
    """Roll ``die``; with ``cap``, a result above it counts as ``cap`` (and says so)."""
    face = die.roll(rng)
    value = cap if cap is not None and face > cap else None
    return Roll(die.name, face, meaning, value)


def substream(seed: int | str, name: str) -> random.Random:
    """A random source for one named part of a run, independent of every other part."""
    digest = hashlib.sha256(f"{seed}\x00{name}".encode("utf-8")).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))
