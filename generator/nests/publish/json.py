"""JSON export of a packet: exactly the keys the packet issue lists, in a stable order."""

from __future__ import annotations

import json

EVENT_KINDS = ("cost", "risk", "reward")


def _room(room: dict) -> dict:
    out = {"id": room["id"], "name": room["name"]}
    for kind in EVENT_KINDS:
        out[kind] = [{"die": lk["die"], "roll": lk["roll"], "events": lk["events"]} for lk in room[kind]]
    return out


def packet_data(packet: dict) -> dict:
    """The packet as data for other tools: no sets, lists in packet order."""
    return {
        "seed": packet["seed"],
        "version": packet["version"],
        "content_hash": packet["content_hash"],
        "party": list(packet["party"]),
        "nest": packet["nest"],
        "job": packet["job"],
        "levels": [{"rating": lv["rating"], "dice": lv["dice"], "rooms": [_room(r) for r in lv["rooms"]]}
                   for lv in packet["levels"]],
        "creatures": packet["creatures"],
        "items": packet["items"],
        "rulings": packet["rulings"],
    }


def packet_json(packet: dict) -> str:
    return json.dumps(packet_data(packet), ensure_ascii=False, indent=1) + "\n"
