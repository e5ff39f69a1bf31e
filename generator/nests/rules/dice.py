"""Dice, rolls and random streams: the bottom of the rules engine.

* ``Die``: a decile die ``dN`` (zero-based, faces 0 … N−1) or an ordinary
  one-based die ``1dN`` (faces 1 … N), which only Secret's randomisation uses.
  Which sizes exist is content (``content/tables/dice.yaml``); ``Die.parse``
  only reads the name.
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
from functools import lru_cache
import re
from dataclasses import asdict, dataclass

_NAME = re.compile(r"^(1)?d(\d+)$")


class Record:
    """Mixin for result dataclasses: ``to_dict()`` is JSON-ready."""

    def to_dict(self) -> dict:
        return asdict(self)  # type: ignore[call-overload]


@dataclass(frozen=True)
class Die:
    name: str       # "d60" (decile, zero-based) or "1d6" (one-based)
    faces: int
    first: int      # 0 for decile dice, 1 for one-based dice

    @classmethod
    @lru_cache(maxsize=256)       # dice names repeat endlessly in a packet: parse each once
    def parse(cls, name: str) -> "Die | None":
        """The die a name spells, or None when it spells no die."""
        match = _NAME.match(str(name).strip())
        if not match or int(match.group(2)) < 2:
            return None
        faces = int(match.group(2))
        one_based = match.group(1) is not None
        return cls(f"{'1' if one_based else ''}d{faces}", faces, 1 if one_based else 0)

    @property
    def last(self) -> int:
        return self.first + self.faces - 1

    def face_range(self) -> range:
        return range(self.first, self.first + self.faces)

    def roll(self, rng: random.Random) -> int:
        return self.first + rng.randrange(self.faces)


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
