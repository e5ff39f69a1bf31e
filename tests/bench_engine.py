"""The rules engine in one process, for `make bench` (or `python -m tests.bench engine`):
Food Items and Exploration outcomes (every Degree and Level in turn, resolved), and the
difficulty estimate's simulated sessions (packet 1, the default party)."""

from __future__ import annotations

import random
from dataclasses import replace

from tests.bench import alone

TITLE = "Rules engine (in one process)"
N = 2_000


def rows():
    from nests.content import load_content
    from nests.rules.exploration import explore
    from nests.rules.food import food_item

    tables = load_content().check().tables
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
    yield simulated_sessions()


def simulated_sessions():
    """`nests simulate --seed 1 --runs 500` without the packet's build: the party's sessions alone."""
    from nests.content import load_content
    from nests.generators.estimate import party_estimate
    from nests.generators.packet.generate import build_packet

    content = load_content().check()
    packet = build_packet(content, 1, content.packet.settings["default_party"])
    runs = 500
    row = alone(f"{runs} simulated sessions", lambda: party_estimate(content, packet, runs), rounds=3)
    return replace(row, note=f"{row.ours.median / runs * 1000:.0f} µs each")
