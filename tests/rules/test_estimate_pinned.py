"""The difficulty estimate's sessions, pinned: the same packet, party and stream play the same sessions, draw
for draw. Making the estimate faster (issue 38 point 3) must not change a single result, and the golden packet
(tests/golden/packet) holds only one estimate's rounded figures; these hold a few Nests' sessions exactly.

For each case, a Nest as its seed draws it (``assemble``, no choice for a difficulty) is played ``RUNS`` times
on one stream; what is pinned: every count a run record gives (the Job, the Heart, the deepest Levels, who went
down, how runs ended, Exploration Actions, Wounds dealt, fights stopped by guard_rounds) and the stream's next
64 bits, which move if a single die is rolled more or less, or in another order. The figures were taken from
the simulation before it was made faster; change them only with a deliberate change of the rules or rulings
(print the new ones with ``python -m tests.rules.test_estimate_pinned``) and say why in the commit."""

from __future__ import annotations

from collections import Counter

import pytest

from nests.generators.packet.generate import assemble
from nests.generators.sheet import character
from nests.rules.dice import substream
from nests.rules.simulate import Run, new_game, settings_of

RUNS = 150
# (seed, party, the seed's Nest number, its Heart's Level): a fight-heavy shallow Nest, two deeper ones, a party of two
CASES = [(1, ("wasp", "spider", "beetle", "ants"), 0, 2), (7, ("ladybug", "scorpion", "ants"), 1, 4),
         (21, ("wasp", "spider", "beetle"), 2, 3), (5, ("ants", "ladybug"), 0, 3)]

PINNED = {
    1: {"job": 71, "heart": 86, "levels": 236, "actions": 390, "wounds": 2810, "guarded": 0,
        "down": {"ants": 133, "beetle": 141, "spider": 93, "wasp": 71},
        "ends": {"heart": 13, "job": 71, "no-room": 17, "party-down": 49}, "next": 11842355306193309973, "rulings": 33},
    7: {"job": 8, "heart": 17, "levels": 274, "actions": 329, "wounds": 1222, "guarded": 0,
        "down": {"ants": 70, "ladybug": 62, "scorpion": 65},
        "ends": {"actions": 6, "heart": 5, "job": 8, "no-room": 78, "party-down": 53}, "next": 16174435176635874703,
        "rulings": 33},
    21: {"job": 5, "heart": 51, "levels": 278, "actions": 447, "wounds": 828, "guarded": 0,
         "down": {"beetle": 74, "spider": 51, "wasp": 45},
         "ends": {"actions": 5, "heart": 43, "job": 5, "no-room": 69, "party-down": 28}, "next": 12262813115512044959,
         "rulings": 34},
    5: {"job": 0, "heart": 34, "levels": 278, "actions": 509, "wounds": 1568, "guarded": 0,
        "down": {"ants": 114, "ladybug": 96},
        "ends": {"actions": 3, "heart": 14, "no-room": 47, "party-down": 86}, "next": 10685811951363490584, "rulings": 32},
}


def played(content, seed: int, party: tuple, candidate: int, depth: int) -> dict:
    packet = assemble(content, seed, list(party), "termite", "oneshot", (), "standard", depth, runs=40,
                      candidate=candidate)
    game = new_game(packet, [character(content, c) for c in party], **settings_of(content, packet))
    rng = substream(seed, "pinned")
    records = [Run(game, rng).play() for _ in range(RUNS)]
    down = Counter(cid for r in records for cid in r.down)
    return {"job": sum(r.job for r in records), "heart": sum(r.heart for r in records),
            "levels": sum(r.levels for r in records), "actions": sum(r.actions for r in records),
            "wounds": sum(sum(r.wounds.values()) for r in records), "guarded": sum(r.guarded for r in records),
            "down": dict(sorted(down.items())), "ends": dict(sorted(Counter(r.end for r in records).items())),
            "next": rng.getrandbits(64), "rulings": len(game.used)}


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"seed{c[0]}-{'-'.join(c[1])}")
def test_the_sessions_are_the_same_draw_for_draw(content, case):
    assert played(content, *case) == PINNED[case[0]]


if __name__ == "__main__":
    from nests.content import load_content

    loaded = load_content()
    for case in CASES:
        print(f"    {case[0]}: {played(loaded, *case)!r},")
