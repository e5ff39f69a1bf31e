"""The packet as a small typed model; ``to_json()`` gives each part as JSON-ready data.

A value that is not set is left out of the JSON, never null.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


def _clean(d: dict) -> dict:
    return {k: v for k, v in d.items() if v is not None}


@dataclass
class Event:
    """One generated Event as printed: the handler's view of its resolution (``data``)."""
    id: str
    name: str
    side: str                    # the procedure that settled it ("void": a second Level in one action)
    data: dict
    blocked: bool = False

    def to_json(self) -> dict:
        return {"name": self.name, "id": self.id, **({"blocked": True} if self.blocked else {}), "side": self.side, **self.data}


@dataclass
class Lookup:
    kind: str                    # cost, risk, reward
    ordinal: str
    roll: dict
    chances: dict
    found: list                  # the engine's Events
    events: list[Event] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"die": self.roll["die"], "roll": self.roll["roll"], "table": self.roll["table"], "source": self.roll["source"],
                "events": [e.to_json() for e in self.events]}


@dataclass
class Room:
    id: str
    level: int
    name: str
    flavour: str
    name_roll: dict | None
    area: dict
    height: dict
    darkness: dict
    lookups: dict[str, list[Lookup]]
    spare: bool = False

    def shortcuts(self) -> list[tuple[Lookup, dict]]:
        """Every Shortcut of this Room that leads somewhere, a Secret's included: (its lookup, its data)."""
        out = []
        for lookups in self.lookups.values():
            for lk in lookups:
                for e in lk.events:
                    d = e.to_json()
                    while d:
                        if d["side"] == "shortcut" and "to_level" in d:
                            out.append((lk, d))
                        d = d.get("event") if d["side"] == "secret" else None
        return out

    def to_json(self) -> dict:
        out = {"id": self.id, "name": self.name, "flavour": self.flavour}
        if self.name_roll:
            out["name_roll"] = self.name_roll
        out.update(area=self.area, height=self.height, darkness=self.darkness)
        if self.spare:
            out["spare"] = True
        for kind, lookups in self.lookups.items():
            out[kind] = [lk.to_json() for lk in lookups]
        return out


@dataclass
class LevelKey:
    number: int
    rating: int
    roll: dict
    meaning: str
    dice: dict
    band: str
    heart: bool
    rooms: list[Room] = field(default_factory=list)

    def to_json(self) -> dict:
        out = {"number": self.number, "rating": self.rating, "roll": self.roll, "dice": self.dice, "band": self.band}
        if self.heart:
            out["heart"] = True
        out["rooms"] = [r.to_json() for r in self.rooms]
        return out


@dataclass
class Item:
    """One Form of the Item Key (I1 … I24): its Function for the whole Nest, and where it was first found."""
    id: str
    colour: str
    type: str
    function: dict
    room: str | None = None
    known: bool | None = None
    amount: int | None = None
    form_rolls: list | None = None

    @property
    def name(self) -> str:
        return f"{self.colour} {self.type}"

    def to_json(self) -> dict:
        form = _clean({"colour": self.colour, "type": self.type, "amount": self.amount, "name": self.name,
                       "rolls": self.form_rolls})
        return _clean({"id": self.id, "room": self.room, "known": self.known, "form": form, "function": self.function})


@dataclass
class Packet:
    seed: int
    version: str
    content_hash: str
    depth: str
    party: list[str]
    party_names: list[str]
    nest: str
    nest_name: str
    nest_outside: str
    perception: int
    job: dict
    levels: list[LevelKey]
    creatures: list[dict]
    items: list[Item]
    rulings: list[dict]
    session: dict
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def heart(self) -> LevelKey:
        return self.levels[-1]

    def rooms(self) -> list[Room]:
        return [r for lv in self.levels for r in lv.rooms]
