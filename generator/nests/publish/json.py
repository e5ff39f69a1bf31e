"""JSON export of a packet: the keys the packet issue lists, in a stable order, and its JSON Schema.

A value that is not set is left out, never null. ``packet_schema()`` is the
schema shipped in templates/packet/packet.schema.json (``nests packet --schema``).
"""

from __future__ import annotations

import json

from nests.paths import TEMPLATES


def packet_data(packet) -> dict:
    """The packet (``generators.packet.model.Packet``, paginated) as data for other tools."""
    return {
        "seed": packet.seed,
        "version": packet.version,
        "content_hash": packet.content_hash,
        "depth": packet.depth,
        "party": list(packet.party),
        "nest": packet.nest,
        "job": packet.job,
        "levels": [lv.to_json() for lv in packet.levels],
        "creatures": packet.creatures,
        "items": [i.to_json() for i in packet.items],
        "rulings": packet.rulings,
        "session": {k: packet.session[k] for k in ("hours", "actions", "runs", "scout", "median", "p90", "mean", "heart_percent",
                                                   "job_percent", "down_percent", "rooms")},
        "pages": packet.extra["pages"],
    }


def packet_json(packet) -> str:
    return json.dumps(packet_data(packet), ensure_ascii=False, indent=1) + "\n"


def packet_schema() -> str:
    return (TEMPLATES / "packet" / "packet.schema.json").read_text(encoding="utf-8")
