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
    1: {"job": 71, "heart": 81, "levels": 231, "actions": 399, "wounds": 2835, "guarded": 0,
        "down": {"ants": 132, "beetle": 139, "spider": 101, "wasp": 82},
        "ends": {"job": 71, "no-room": 18, "party-down": 61},
        "next": 528572903563542380, "rulings": 33},
    7: {"job": 9, "heart": 19, "levels": 284, "actions": 336, "wounds": 1228, "guarded": 0,
        "down": {"ants": 71, "ladybug": 63, "scorpion": 70},
        "ends": {"actions": 7, "job": 9, "no-room": 76, "party-down": 58},
        "next": 17961339105884421390, "rulings": 33},
    21: {"job": 3, "heart": 53, "levels": 279, "actions": 462, "wounds": 869, "guarded": 0,
        "down": {"beetle": 76, "spider": 54, "wasp": 52},
        "ends": {"actions": 7, "heart": 39, "job": 3, "no-room": 73, "party-down": 28},
        "next": 14577749075866691037, "rulings": 34},
    5: {"job": 0, "heart": 30, "levels": 286, "actions": 513, "wounds": 1516, "guarded": 0,
        "down": {"ants": 111, "ladybug": 103},
        "ends": {"actions": 3, "heart": 2, "no-room": 52, "party-down": 93},
        "next": 9751376305866390631, "rulings": 32},
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
