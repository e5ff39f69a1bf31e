"""The rules engine in one process, for `make bench` (or `python -m tests.bench engine`):
Food Items and Exploration outcomes (every Degree and Level in turn, resolved)."""

from __future__ import annotations

import random
from dataclasses import replace

from tests.bench import alone

TITLE = "Rules engine (in one process)"
N = 2_000


def rows():
    from nests.content import load_content
    from nests.content.tables import load_tables
    from nests.rules.exploration import explore
    from nests.rules.food import food_item

    tables = load_tables(load_content().check())
    rng = random.Random(2024)
    degrees = tables.degrees

    def food():
        for i in range(N):
            food_item(rng, tables, i % 101)

    def exploration():
        for i in range(N):
            explore(rng, tables, degrees[i % 6], i % 101, perception=50)

    for subject, run in ((f"{N:,} Food Items", food), (f"{N:,} Exploration outcomes", exploration)):
        row = alone(subject, run, rounds=3)
        yield replace(row, note=f"{row.ours.median / N * 1000:.1f} µs each")
