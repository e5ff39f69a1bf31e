"""Rolling on a die table: one roll, the row it picks, and the Roll record that says so."""

from __future__ import annotations

import random

from nests.content.tables import FaceRow
from nests.rules.dice import Roll


def roll_on(rng: random.Random, tables, stem: str, what: str) -> tuple[FaceRow, Roll]:
    """Roll the die of table ``stem``; the Roll's meaning reads "<what>: <result>"."""
    table = tables.table(stem)
    face = table.die.roll(rng)
    row = table.row(face)
    return row, Roll(table.die.name, face, f"{what}: {row.result}")
