"""Packets for tests that need one whatever its difficulty lands: a party of one, an odd seed."""

from nests.generators.packet.difficulty import NoNestLands
from nests.generators.packet.generate import build_packet


def packet_or_nearest(content, seed: int, party, **options):
    """The packet of ``seed``; where no Nest lands its difficulty (the command refuses it), the nearest one
    the refusal names, as printed by tests that read a packet's parts rather than its band."""
    try:
        return build_packet(content, seed, list(party), **options)
    except NoNestLands as miss:
        return miss.packet
