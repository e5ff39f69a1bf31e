"""Action resolution (System chapter): Qualification, Degrees of Success, modifiers, odds.

API (``tables`` is ``content.tables``):

* ``qualify(rng, tables, effort, resistance, static=(), dramatic=())`` →
  ``Resolution``: the Qualification Roll, the initial Degree (Table 18), each
  modifier's comparison and Shift, the net Shift and the final Degree.
* ``odds(tables, effort, resistance, static=(), dramatic=())`` → ``{degree:
  Fraction}`` for all six Degrees, exact: every Qualification face is
  enumerated, and each dramatic modifier's own d100 by counting its faces.
* ``boolean(rng, effort)`` and ``contested(rng, effort, resistance)`` → ``BooleanRoll``.

A roll "matches" a target when it is below it and "beats" it when it is at or
above it. A modifier ±M is matched when its roll is below M's size: a positive
one Shifts Up, a negative one Shifts Down (ruling modifier-match). Shifts net,
then the Degree is clamped between Critical Failure and Critical Success.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from nests.errors import NestsError
from nests.rules.dice import Die, Record, Roll, roll

D100 = Die("d100", 100, 0)


def _check(tables, effort: int, resistance: int | None, static, dramatic) -> None:
    problems = []
    for name, value in (("Effort", effort), ("Resistance", resistance)):
        if value is not None and not 0 <= value <= 100:
            problems.append(f"{name} {value} is not a rating 0–100")
    for kind, mods in (("static", static), ("dramatic", dramatic)):
        for m in mods:
            if not -100 <= m <= 100:
                problems.append(f"{kind} modifier {m:+d} is not a modifier −100–+100")
    if len(dramatic) > tables.most_dramatic:
        problems.append(f"{len(dramatic)} dramatic modifiers given; the Rule of Two allows at most "
                        f"{tables.most_dramatic} on one Action")
    if problems:
        raise NestsError(problems[0] if len(problems) == 1 else "; ".join(problems))


def initial_degree(tables, q: int, effort: int, resistance: int) -> str:
    """Table 18: the Degree a Qualification Roll gives before modifiers."""
    return tables.initial[(q < effort, q >= resistance)]


def shift_of(modifier: int, face: int) -> int:
    """+1, −1 or 0: what one modifier does to the Degree when compared to ``face``."""
    if face < abs(modifier):
        return 1 if modifier > 0 else -1
    return 0


def final_degree(tables, initial: str, net: int) -> str:
    index = tables.degrees.index(initial) + net
    return tables.degrees[max(0, min(len(tables.degrees) - 1, index))]


@dataclass(frozen=True)
class ModifierRoll(Record):
    kind: str           # "static" or "dramatic"
    modifier: int
    roll: Roll          # static modifiers reuse the Qualification Roll
    shift: int          # +1 Shift Up, −1 Shift Down, 0 none


@dataclass(frozen=True)
class Resolution(Record):
    effort: int
    resistance: int
    qualification: Roll
    initial: str
    modifiers: list[ModifierRoll]
    net_shift: int
    degree: str
    rulings: list[str] = field(default_factory=lambda: ["modifier-match"])


def qualify(rng: random.Random, tables, effort: int, resistance: int,
            static: tuple[int, ...] | list[int] = (), dramatic: tuple[int, ...] | list[int] = ()) -> Resolution:
    _check(tables, effort, resistance, static, dramatic)
    face = D100.roll(rng)
    initial = initial_degree(tables, face, effort, resistance)
    q = Roll("d100", face, f"Qualification: {initial} (Effort {effort}%, Resistance {resistance}%)")
    mods = []
    for m in static:
        s = shift_of(m, face)
        mods.append(ModifierRoll("static", m, q, s))
    for m in dramatic:
        r = roll(rng, D100, "")
        s = shift_of(m, r.result)
        mods.append(ModifierRoll("dramatic", m, Roll(r.die, r.result, f"dramatic {m:+d}: " + _shift_word(s)), s))
    net = sum(m.shift for m in mods)
    return Resolution(effort, resistance, q, initial, mods, net, final_degree(tables, initial, net))


def degree_of(tables, face: int, effort: int, resistance: int, static: tuple[int, ...] | list[int] = (),
              shift: int = 0) -> str:
    """The Degree one Qualification face gives: static modifiers compare with the same face, and
    ``shift`` adds standing Shifts (a Wound's Shift Down, Starving, Charging). No record is made:
    for simulations that resolve many thousands of Actions."""
    net = shift + sum(shift_of(m, face) for m in static)
    return final_degree(tables, initial_degree(tables, face, effort, resistance), net)


def _shift_word(s: int) -> str:
    return {1: "Shift Up", -1: "Shift Down", 0: "no change"}[s]


def _shift_counts(modifier: int) -> dict[int, int]:
    """How many of a dramatic d100's faces give each Shift."""
    matched = min(abs(modifier), 100)
    s = 1 if modifier > 0 else -1
    return {s: matched, 0: 100 - matched} if matched else {0: 100}


def odds(tables, effort: int, resistance: int,
         static: tuple[int, ...] | list[int] = (), dramatic: tuple[int, ...] | list[int] = ()) -> dict[str, Fraction]:
    """The exact chance of each Degree of Success, worst first."""
    _check(tables, effort, resistance, static, dramatic)
    # The dramatic d100s are independent of the Qualification Roll: count how
    # many combinations of their faces give each net Shift.
    dramatic_net = {0: 1}
    for m in dramatic:
        combined: dict[int, int] = {}
        for net, ways in dramatic_net.items():
            for s, faces in _shift_counts(m).items():
                combined[net + s] = combined.get(net + s, 0) + ways * faces
        dramatic_net = combined
    total = 100 ** (1 + len(dramatic))
    counts = dict.fromkeys(tables.degrees, 0)
    for face in range(100):
        initial = initial_degree(tables, face, effort, resistance)
        net_static = sum(shift_of(m, face) for m in static)
        for net, ways in dramatic_net.items():
            counts[final_degree(tables, initial, net_static + net)] += ways
    return {degree: Fraction(n, total) for degree, n in counts.items()}


@dataclass(frozen=True)
class BooleanRoll(Record):
    effort: int
    resistance: int | None
    roll: Roll
    success: bool


def boolean(rng: random.Random, effort: int, meaning: str = "") -> BooleanRoll:
    """Success when the d100 matches (is below) Effort."""
    face = D100.roll(rng)
    ok = face < effort
    text = f"{'Success' if ok else 'Failure'} against {effort}%" + (f": {meaning}" if meaning else "")
    return BooleanRoll(effort, None, Roll("d100", face, text), ok)


def contested(rng: random.Random, effort: int, resistance: int, meaning: str = "") -> BooleanRoll:
    """Success only when the d100 matches Effort and beats Resistance."""
    face = D100.roll(rng)
    ok = face < effort and face >= resistance
    text = f"{'Success' if ok else 'Failure'} (Effort {effort}%, Resistance {resistance}%)" + (f": {meaning}" if meaning else "")
    return BooleanRoll(effort, resistance, Roll("d100", face, text), ok)
