"""What the packet tests share within one process: each packet built once, whichever module asks."""

import pytest

from nests.generators.packet.generate import build_packet

PARTY = ("wasp", "spider", "beetle", "ants")        # the default party of content/packet.yaml


@pytest.fixture(scope="session")
def packet_of(content):
    """seed (, party, depth) → the packet, built on the first call and kept: the rule tests, the
    one-shot checks, the statistics and the re-rolls read the same seeds of the default party.
    Nothing a test does to a packet (laying it out, its JSON, its tallies) changes it."""
    made = {}

    def packet(seed: int, party=PARTY, depth: str = "oneshot"):
        key = seed, tuple(party), depth
        if key not in made:
            made[key] = build_packet(content, seed, list(party), depth=depth)
        return made[key]

    return packet
