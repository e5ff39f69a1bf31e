"""Each procedure's resolution as the packet prints it: one typed view per procedure, registered by name.

``VIEWS[procedure](result, packet)`` turns a rules result record (rules/procedures.py,
rules/encounter.py …) into its view; ``packet`` is the packet being built (its tables,
its chain, the creatures' codes, and ``event_view`` for the Event a Secret became).
The Room key's template has one macro per procedure name (templates/packet/events.txt.j2)
for what happens, in words; ``rolls()`` gives the dice that decided it, in the order the
words tell them, which the Room key prints apart. ``to_json()`` gives the keys earlier
packets printed, in their order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from nests.generators.packet.model import PrintedEvent, Rolled, _clean

VIEWS: dict[str, Callable] = {}


def view_of(name: str):
    """Register the function that views the results of procedure ``name``."""
    def register(make: Callable) -> Callable:
        VIEWS[name] = make
        return make
    return register


def rolled(r, table: str, tables, **given) -> Rolled:
    """A rules Roll as printed: its table's rulebook place comes from the table's file (else the table's name)."""
    doc = getattr(tables, "docs", {}).get(table)
    source = doc.data["source"] if doc is not None else table
    return Rolled(r.die, r.result, table, given.pop("source", source), counts=r.value, **given)


def quantified(q, tables) -> Rolled:
    """A Quantification roll: its die comes from Table 27 (the Level's dice)."""
    return rolled(q.roll, "nest-levels", tables, rating=q.after)


def _some(*rolls) -> tuple[Rolled, ...]:
    return tuple(r for r in rolls if r is not None)


@dataclass(frozen=True)
class PlayersView:
    def rolls(self) -> tuple[Rolled, ...]:
        return ()

    def to_json(self) -> dict:
        return {}


@dataclass(frozen=True)
class PassageView:
    roll: Rolled
    effort: int
    success: bool
    leads_to: str

    def rolls(self) -> tuple[Rolled, ...]:
        return (self.roll,)

    def to_json(self) -> dict:
        return {"roll": self.roll.to_json(), "effort": self.effort, "success": self.success, "leads_to": self.leads_to}


@dataclass(frozen=True)
class ObstacleView:
    feature: str
    roll: Rolled
    rating: int
    blocks: bool
    salvage: Rolled | None          # the Building Resources roll once torn down: a Boolean Roll (effort, success)
    resources: Rolled | None

    def rolls(self) -> tuple[Rolled, ...]:
        return _some(self.roll, self.salvage, self.resources)

    def to_json(self) -> dict:
        return _clean({"feature": self.feature, "roll": self.roll.to_json(), "rating": self.rating, "blocks": self.blocks,
                       "salvage": self.salvage.to_json() if self.salvage else None,
                       "resources": self.resources.to_json() if self.resources else None})


@dataclass(frozen=True)
class DarknessView:
    rating: int
    roll: Rolled | None             # None: the Room's own Darkness counts
    feature: str = "Darkness"

    def rolls(self) -> tuple[Rolled, ...]:
        return _some(self.roll)

    def to_json(self) -> dict:
        return _clean({"feature": self.feature, "rating": self.rating, "roll": self.roll.to_json() if self.roll else None})


@dataclass(frozen=True)
class ResourceView:
    roll: Rolled
    rating: int
    feature: str = "Building Resources"

    def rolls(self) -> tuple[Rolled, ...]:
        return (self.roll,)

    def to_json(self) -> dict:
        return {"feature": self.feature, "roll": self.roll.to_json(), "rating": self.rating}


@dataclass(frozen=True)
class GroupView:
    creature: str                   # its stat block's code
    enemy: str
    name: str
    count: int
    wounds_max: int
    wounds_roll: Rolled | None
    called: str = ""                # its short name for this many ("5 Major Soldiers")

    def to_json(self) -> dict:
        return _clean({"creature": self.creature, "enemy": self.enemy, "name": self.name, "count": self.count,
                       "wounds_max": self.wounds_max, "wounds_roll": self.wounds_roll.to_json() if self.wounds_roll else None,
                       "called": self.called or None})


@dataclass(frozen=True)
class EncounterView:
    roll: Rolled
    groups: tuple[GroupView, ...]

    def rolls(self) -> tuple[Rolled, ...]:
        return _some(self.roll, *(g.wounds_roll for g in self.groups))

    def to_json(self) -> dict:
        return {"roll": self.roll.to_json(), "groups": [g.to_json() for g in self.groups]}


@dataclass(frozen=True)
class FoodItemView:
    item: str                       # the Form's code (I…)
    known: bool
    reused: bool
    item_name: str
    amount: Rolled
    form_rolls: tuple[Rolled, ...] | None
    first_room: str | None          # a Known Item: the earlier Room its Form was found in

    def rolls(self) -> tuple[Rolled, ...]:
        return (*(self.form_rolls if not self.reused and self.form_rolls else ()), self.amount)

    def to_json(self) -> dict:
        out = {"item": self.item, "known": self.known, "reused": self.reused, "item_name": self.item_name,
               "amount": self.amount.to_json()}
        if self.form_rolls:
            out["form_rolls"] = [r.to_json() for r in self.form_rolls]
        if self.first_room:
            out["first_room"] = self.first_room
        return out


@dataclass(frozen=True)
class ShortcutView:
    roll: Rolled | None             # None: a dud whose die cannot beat the rating
    dud: bool
    rating: int | None = None
    from_level: int | None = None
    to_level: int | None = None
    to_rating: int | None = None
    reaches_heart: bool | None = None

    def rolls(self) -> tuple[Rolled, ...]:
        return _some(self.roll)

    def to_json(self) -> dict:
        if self.dud:
            return _clean({"dud": True, "roll": self.roll.to_json() if self.roll else None, "from_level": self.from_level or None})
        out = {"roll": self.roll.to_json(), "rating": self.rating}
        if self.to_level:
            out.update(from_level=self.from_level, to_level=self.to_level, to_rating=self.to_rating,
                       reaches_heart=self.reaches_heart, leads_to_level=self.to_level,
                       leads_to_rating=self.to_rating)       # the keys of earlier packets
        return out


@dataclass(frozen=True)
class LevelView:
    to_level: int | None            # None: the Heart, none deeper
    to_rating: int | None

    def rolls(self) -> tuple[Rolled, ...]:
        return ()

    def to_json(self) -> dict:
        if self.to_level is None:
            return {"heart": True}
        return {"to_level": self.to_level, "to_rating": self.to_rating,
                "leads_to_level": self.to_level, "leads_to_rating": self.to_rating}    # the keys of earlier packets


@dataclass(frozen=True)
class SecretView:
    category: Rolled                # 1d6: Cost, Risk or Reward
    choice: Rolled                  # the Event it became
    event: PrintedEvent

    def rolls(self) -> tuple[Rolled, ...]:
        return (self.category, self.choice, *self.event.rolls())

    def to_json(self) -> dict:
        return {"category": self.category.to_json(), "choice": self.choice.to_json(), "event": self.event.to_json()}


@view_of("players")
def _players(r, packet) -> PlayersView:
    return PlayersView()


@view_of("room")
def _room(r, packet) -> PlayersView:
    return PlayersView()            # nothing rolled: the Room it reveals is the printed event's ``leads_to``


@view_of("boolean")
def _passage(r, packet) -> PassageView:
    return PassageView(rolled(r.boolean.roll, "costs", packet.tables), r.boolean.effort, r.boolean.success, r.leads_to)


@view_of("obstacle")
def _obstacle(r, packet) -> ObstacleView:
    salvage = None
    if r.salvage is not None:
        salvage = rolled(r.salvage.roll, "risks", packet.tables, effort=r.salvage.effort, success=r.salvage.success)
    resources = quantified(r.resources, packet.tables) if r.resources is not None else None
    return ObstacleView(r.feature, quantified(r.quantification, packet.tables), r.quantification.after, r.blocks,
                        salvage, resources)


@view_of("darkness")
def _darkness(r, packet) -> DarknessView:
    return DarknessView(r.rating, quantified(r.quantification, packet.tables) if r.quantification else None)


@view_of("resource")
def _resource(r, packet) -> ResourceView:
    return ResourceView(quantified(r.quantification, packet.tables), r.quantification.after)


@view_of("encounter")
def _encounter(r, packet) -> EncounterView:
    groups = []
    for g in r.groups:
        wounds = None
        if g.wounds_roll:
            wounds = rolled(g.wounds_roll, "enemies/" + g.enemy, packet.tables,
                            source=packet.tables.enemies[g.enemy].source)
        groups.append(GroupView(packet.codes[g.enemy], g.enemy, g.name, g.count, g.wounds_max, wounds,
                                packet.tables.enemies[g.enemy].called(g.count)))
    return EncounterView(rolled(r.roll, f"encounters-{r.nest}", packet.tables), tuple(groups))


@view_of("food-item")
def _food_item(r, packet) -> FoodItemView:
    # r: generate.FoundItem, the Item a Room finds in the packet's Item Key
    return FoodItemView(r.code, r.known, r.first_room is not None, r.name, r.amount, r.form_rolls, r.first_room)


@view_of("shortcut")
def _shortcut(r, packet) -> ShortcutView:
    roll = rolled(r.roll, "nest-levels", packet.tables) if r.roll else None
    if r.dud:
        return ShortcutView(roll, True, from_level=r.from_level)
    if not r.leads_to_level:
        return ShortcutView(roll, False, r.new_rating)
    to_rating = packet.chain.levels[r.leads_to_level - 1].rating
    return ShortcutView(roll, False, r.new_rating, r.from_level, r.leads_to_level, to_rating, r.reaches_heart)


@view_of("level")
def _level(r, packet) -> LevelView:
    return LevelView(None, None) if r.level is None else LevelView(r.level.number, r.level.rating)


@view_of("secret")
def _secret(r, packet) -> SecretView:
    then = r.category.meaning.split(": ")[-1]
    return SecretView(rolled(r.category, "secret", packet.tables, result=then),
                      rolled(r.choice, f"secret-{then.lower()}s", packet.tables, result=r.event.name),
                      packet.event_view(r.event))


def event_view(e, packet, note: Callable[[Any], None]) -> PrintedEvent:
    """An engine Event as printed, noting the rulings its resolution used."""
    if e.void:
        note(["one-level-per-action"])
        return PrintedEvent(e.id, e.name, "void", None, e.blocked)
    r = e.resolution
    note(r.rulings)
    for attr in ("quantification", "resources"):
        q = getattr(r, attr, None)
        if q is not None:
            note(q.rulings)
    return PrintedEvent(e.id, e.name, r.procedure, VIEWS[r.procedure](r, packet), e.blocked)
