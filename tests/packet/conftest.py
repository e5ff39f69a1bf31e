"""What the packet tests share within one process: each packet built once, whichever module asks
(the cache of tests/packets.py, in front of build_packet for every caller)."""

import pytest

from tests.packets import packet_or_nearest

PARTY = ("wasp", "spider", "beetle", "ants")        # the default party of content/packet.yaml


@pytest.fixture(scope="session")
def packet_of(content):
    """seed (, party, depth) → the packet: the rule tests, the one-shot checks, the statistics and the
    re-rolls read the same seeds of the default party. Nothing a test does to a packet (laying it out,
    its JSON, its tallies) changes it. Where no Nest of a seed lands the difficulty (the command refuses
    it), the nearest the refusal names: these tests read a packet's parts, not its band
    (tests/packet/test_difficulty.py reads the band)."""
    def packet(seed: int, party=PARTY, depth: str = "oneshot"):
        return packet_or_nearest(content, seed, party, depth=depth)

    return packet


@pytest.fixture(scope="session")
def nest_of(content):
    """seed (, party) → a Nest as the seed draws it, keyed from its Entrance, not chosen for a difficulty: the
    seed's first Nest with its Heart at a depth between 2 and 7 that turns with the seed, and an estimate
    of 40 sessions. The rules a generated Nest must obey hold for every Nest drawn, chosen or not; building
    without the choice costs a twentieth of a packet's time."""
    from nests.generators.packet.generate import assemble

    made = {}

    def nest(seed: int, party=PARTY):
        key = seed, tuple(party)
        if key not in made:
            made[key] = assemble(content, seed, list(party), "termite", "oneshot", (), "standard", 2 + seed % 6, runs=40)
        return made[key]

    return nest
