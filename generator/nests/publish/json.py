"""JSON export of a packet: the keys the packet issue lists, in a stable order, and its JSON Schema.

A value that is not set is left out, never null. ``packet_schema()`` is the
schema shipped in templates/packet/packet.schema.json (``nests packet --schema``).
"""

from __future__ import annotations

import json

from nests.paths import TEMPLATES


def packet_data(packet, pages: dict[str, int]) -> dict:
    """The packet (``generators.packet.model.Packet``) and the page of every code as data for other tools."""
    stamp = {"stamp": packet.stamp} if packet.rerolls else {}      # a packet as rolled keeps its earlier keys
    return {
        "seed": packet.seed,
        **stamp,
        "version": packet.version,
        "content_hash": packet.content_hash,
        "depth": packet.depth,
        "difficulty": packet.difficulty,
        **({"oneshot_depth": packet.oneshot_depth} if packet.oneshot_depth is not None else {}),
        "nest_drawn": packet.drawn,
        "way": list(packet.way),
        "party": list(packet.party),
        "nest": packet.nest,
        "job": packet.job.to_json(),
        "levels": [lv.to_json() for lv in packet.levels],
        "heart": packet.finale.to_json(),
        "creatures": [c.to_json() for c in packet.creatures],
        "items": [i.to_json() for i in packet.items],
        "rulings": [r.to_json() for r in packet.rulings],
        "sides": list(packet.sides),
        "session": {**packet.session.to_json(), "without": [w.to_json() for w in packet.beside]},
        "pages": pages,
    }


def packet_json(packet, pages: dict[str, int]) -> str:
    return json.dumps(packet_data(packet, pages), ensure_ascii=False, indent=1) + "\n"


def packet_schema() -> str:
    return (TEMPLATES / "packet" / "packet.schema.json").read_text(encoding="utf-8")
