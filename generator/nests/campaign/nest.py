"""The Nest a campaign plays: the full-depth packet of its seed, for its first party, with the
re-rolls its record holds (each part drawn anew before any of it was played)."""

from __future__ import annotations

from dataclasses import dataclass

_made: dict = {}          # (content hash, seed, classes, nest, re-rolls) → packet: one per process


def nest_packet(content, campaign, rerolls: list[str] | None = None):
    """The campaign's packet as first drawn, with its re-rolls (``rerolls``: these instead of the record's)."""
    from nests.generators.packet.generate import build_packet
    from nests.generators.packet.reroll import parse_reroll

    from nests.campaign.model import settings

    parts = tuple(campaign.rerolls if rerolls is None else rerolls)
    key = (content.content_hash, campaign.seed, tuple(campaign.classes), campaign.nest, parts)
    if key not in _made:
        depth = settings(content)["depth"]
        _made.clear()         # the latest only: a campaign's packet is large, and one is played at a time
        _made[key] = build_packet(content, campaign.seed, campaign.classes, campaign.nest, depth,
                                  tuple(parse_reroll(p) for p in parts))
    return _made[key]


@dataclass(frozen=True)
class Layout:
    """What the replay reads of the Nest: its Rooms by id, what each reveals, each Level's spare Rooms in
    the order they are used, the Entrance, the Heart and the side Rooms the Pool starts with."""
    rooms: dict
    reveals: dict[str, list[str]]
    spares: dict[int, list[str]]
    entrance: str
    heart: str
    sides: tuple[str, ...]

    def level(self, room: str) -> int:
        return self.rooms[room].level

    @classmethod
    def of(cls, packet) -> "Layout":
        rooms = {r.id: r for r in packet.rooms()}
        spares: dict[int, list[str]] = {}
        for r in packet.rooms():
            if r.spare:
                spares.setdefault(r.level, []).append(r.id)
        return cls(rooms, {r.id: r.reveals() for r in packet.rooms()}, spares, packet.levels[0].rooms[0].id,
                   packet.heart.rooms[0].id, tuple(packet.sides))
