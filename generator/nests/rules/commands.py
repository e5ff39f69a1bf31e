"""The core of the table-side commands `nests roll` and `nests odds`: plain text in, text out."""

from __future__ import annotations

import json
import random
from decimal import Decimal
from fractions import Fraction

from nests.rules.resolution import odds


def roll_dice(content, die_name: str, times: int, seed: int | None) -> list[int]:
    """``times`` results of the named die; an unseeded run draws its seed from the system."""
    die = content.tables.die(die_name)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    return [die.roll(rng) for _ in range(times)]


def exact_decimal(value: Fraction) -> str:
    """A probability whose denominator is a power of ten, written out exactly (0.0123)."""
    d = Decimal(value.numerator) / Decimal(value.denominator)
    return format(d.normalize(), "f") if d else "0"


def odds_report(content, effort: int, resistance: int, static, dramatic, as_json: bool) -> str:
    chances = odds(content.tables, effort, resistance, tuple(static), tuple(dramatic))
    if as_json:
        # Exact decimals as JSON numbers: a reader with Decimal sums them to exactly 1.
        body = ", ".join(f"{json.dumps(k)}: {exact_decimal(v)}" for k, v in chances.items())
        return "{" + body + "}"
    width = max(len(k) for k in chances)
    lines = []
    for degree, p in chances.items():
        fraction = f"{p.numerator}/{p.denominator}" if p.denominator != 1 else str(p.numerator)
        lines.append(f"{degree:<{width}}  {float(p) * 100:7.3f}%  {fraction}")
    return "\n".join(lines)
