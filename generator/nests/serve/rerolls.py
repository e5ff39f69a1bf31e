"""What a re-roll changed: two packets' JSON (the one re-rolled and the one it was made from,
as `nests packet --format json` writes them) compared part by part: the Job, each Level,
each Room of the Nest's tree of Rooms (a Room re-rolled may reveal other Rooms, or none),
the Heart, each Item of the Item Key (where it lies), each Creature. Each change names the
code the packet's pages print it under, so that the page showing it can be marked."""

from __future__ import annotations


def _room_name(room: dict | None) -> str:
    return "none" if room is None else room.get("name") or room["id"]


def _item_name(item: dict) -> str:
    return (item.get("form") or {}).get("name") or item["id"]


def _where(item: dict) -> str:
    return f"in Room {item['room']}" if item.get("room") else "in no Room"


def _item(item: dict | None) -> str:
    return "none" if item is None else f"{_item_name(item)}, {_where(item)}"


def _job(job: dict) -> str:
    return ", ".join(str(job[k]["result"]) for k in ("client", "kind", "target") if isinstance(job.get(k), dict))


def _by_id(rows: list[dict]) -> dict[str, dict]:
    return {r["id"]: r for r in rows}


def _pairs(old: dict[str, dict], new: dict[str, dict]):
    """Both sides of every id, in the new packet's order, then those it no longer has."""
    for key in list(new) + [k for k in old if k not in new]:
        yield key, old.get(key), new.get(key)


def changes(old: dict, new: dict) -> list[dict]:
    """Each part that differs: {"code": as the pages print it, "what", "before", "after"}."""
    out: list[dict] = []
    if old.get("job") != new.get("job"):
        out.append({"code": "Job", "what": "The Job", "before": _job(old["job"]), "after": _job(new["job"])})
    levels_old = {lv["number"]: lv for lv in old.get("levels", [])}
    levels_new = {lv["number"]: lv for lv in new.get("levels", [])}
    rooms_old, rooms_new = {}, {}
    for number in sorted(set(levels_old) | set(levels_new)):
        a, b = levels_old.get(number) or {}, levels_new.get(number) or {}
        rooms_old.update(_by_id(a.get("rooms", [])))
        rooms_new.update(_by_id(b.get("rooms", [])))
        bare_a = {k: v for k, v in a.items() if k != "rooms"}
        bare_b = {k: v for k, v in b.items() if k != "rooms"}
        if bare_a != bare_b:
            out.append({"code": f"Level {number}", "what": f"Level {number}",
                        "before": f"rated {bare_a.get('rating', 'none')}", "after": f"rated {bare_b.get('rating', 'none')}"})
    for key, a, b in _pairs(rooms_old, rooms_new):
        if a != b:
            same = a is not None and b is not None and _room_name(a) == _room_name(b)
            out.append({"code": key, "what": f"Room {key}", "before": _room_name(a),
                        "after": _room_name(b) + (" (rolled anew)" if same else "")})
    if old.get("heart") != new.get("heart"):
        heart_old, heart_new = old.get("heart") or {}, new.get("heart") or {}
        out.append({"code": heart_new.get("room") or heart_old.get("room") or "Heart", "what": "The Heart",
                    "before": str(heart_old.get("kind", "none")), "after": str(heart_new.get("kind", "none"))})
    for key, a, b in _pairs(_by_id(old.get("items", [])), _by_id(new.get("items", []))):
        if a != b:
            named = _item_name(a) if a and b and _item_name(a) == _item_name(b) else ""
            out.append({"code": key, "what": f"Item {key}" + (f" {named}" if named else ""),
                        "before": _where(a) if named else _item(a), "after": _where(b) if named else _item(b)})
    for key, a, b in _pairs(_by_id(old.get("creatures", [])), _by_id(new.get("creatures", []))):
        if a != b:
            out.append({"code": key, "what": f"Creature {key}", "before": (a or {}).get("name", "none"),
                        "after": (b or {}).get("name", "none")})
    return out
