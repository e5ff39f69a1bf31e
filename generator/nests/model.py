"""The game's things as plain, immutable objects, built from validated content."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

_DIE_NAME = re.compile(r"^(1)?d(\d{1,6})$")


@dataclass(frozen=True)
class AttackLine:
    """One Hit or Miss outcome line; ``qualifier`` is Alt, Add, Crit… or empty."""

    qualifier: str
    text: str


@dataclass(frozen=True)
class Attack:
    name: str
    keywords: tuple[str, ...]
    damage: str
    max_range: str
    hit: tuple[AttackLine, ...]
    miss: tuple[AttackLine, ...]

    @classmethod
    def from_content(cls, data: dict) -> "Attack":
        def lines(items):
            return tuple(AttackLine(i.get("qualifier", ""), i.get("text", "")) for i in items)

        return cls(data["name"], tuple(data["keywords"]), data["damage"], data["max_range"],
                   lines(data["hit"]), lines(data["miss"]))


@dataclass(frozen=True)
class Item:
    name: str
    types: tuple[str, ...]
    rating: int
    depleted: bool = False


@dataclass(frozen=True)
class CharacterClass:
    """A class's base figures, exactly as its content file gives them."""

    id: str
    name: str
    playable: bool
    pronouns: str
    diet: str
    attributes: dict[str, int]
    bonus: dict[str, int]
    condition_modifiers: dict[str, int]
    specific_abilities: dict[str, int]
    common_ability_modifiers: dict[str, int]
    effects: dict[str, int]
    hunger: bool
    wounds_reminder: str
    base_attack: Attack
    special_attack: Attack
    starting_item: Item | None = None

    @classmethod
    def from_content(cls, class_id: str, data: dict) -> "CharacterClass":
        item = data.get("starting_item")
        return cls(
            id=class_id,
            name=data["name"],
            playable=data.get("playable", True),
            pronouns=data["pronouns"],
            diet=data["diet"],
            attributes=dict(data["attributes"]),
            bonus=dict(data["bonus"]),
            condition_modifiers=dict(data["condition_modifiers"]),
            specific_abilities=dict(data["specific_abilities"]),
            common_ability_modifiers=dict(data["common_ability_modifiers"]),
            effects=dict(data.get("effects", {})),
            hunger=data["hunger"],
            wounds_reminder=data["wounds_reminder"],
            base_attack=Attack.from_content(data["attacks"]["base"]),
            special_attack=Attack.from_content(data["attacks"]["special"]),
            starting_item=Item(item["name"], tuple(item["types"]), item["rating"]) if item else None,
        )


@dataclass(frozen=True)
class EnemyFeature:
    """A Feature on a stat block: its names (one line may give several), and exactly one of
    a rating, a die that is rolled (Wounds Max d20) or a plain number; a note beside it."""

    names: tuple[str, ...]
    rating: int | None = None
    die: str | None = None
    number: int | None = None
    note: str = ""

    @property
    def figure(self) -> int | None:
        """The rating or number it gives; None for a die, which is rolled."""
        return self.rating if self.rating is not None else self.number


@dataclass(frozen=True)
class Basis:
    """What a ruling rests on (content/rulings.yaml ``basis``): the rulebook's or the reference's
    own words (``quote``), the rulebook's silence in a section (``silent``), or a house rule
    (``house``: what the text says instead and why this project departs from it)."""

    kind: str                         # "quote", "silent" or "house"
    where: str                        # the section or table (for silent: the one that is silent)
    words: str = ""                   # the quote, or the house rule's account; empty when silent

    KINDS = ("quote", "silent", "house")

    @classmethod
    def from_content(cls, data: dict) -> "Basis":
        kind = next(k for k in cls.KINDS if k in data)
        if kind == "silent":
            return cls(kind, data["silent"])
        return cls(kind, data["where"], data[kind])

    def to_json(self) -> dict:
        return {"kind": self.kind, "where": self.where, **({"words": self.words} if self.words else {})}


@dataclass(frozen=True)
class SpecialRule:
    name: str
    text: str


@dataclass(frozen=True)
class Enemy:
    """A creature's stat block, exactly as its content file gives it."""

    id: str
    name: str
    source: str                       # where in the rulebook (or "this project's own")
    provisional: bool
    description: str
    group: str                        # how it is met: alone, in a swarm…
    features: tuple[EnemyFeature, ...]
    base_attack: Attack | None        # None: it cannot attack
    special_attack: Attack | None
    special_rules: tuple[SpecialRule, ...]
    disposition: tuple[str, ...]      # its Disposition Track; empty: the one every sheet has
    count: int | None                 # how many come, when nothing else says
    short: tuple[str, str] = ("", "")  # its short name for one, and for several ("Major Soldier(s)")
    moves: bool = True                # False: its Special Rules keep it where it is (it never comes or follows)

    def called(self, count: int) -> str:
        """Its short name for ``count`` of it, as a Room key counts a group."""
        return self.short[0] if count == 1 else self.short[1]

    def feature(self, name: str) -> EnemyFeature | None:
        """The first Feature that goes by ``name``."""
        return self._by_name.get(name)

    @cached_property
    def _by_name(self) -> dict[str, EnemyFeature]:
        # every Encounter of every simulated run asks a creature's Wounds Max
        found: dict[str, EnemyFeature] = {}
        for f in self.features:
            for name in f.names:
                found.setdefault(name, f)
        return found

    @classmethod
    def from_content(cls, enemy_id: str, data: dict) -> "Enemy":
        attacks = data.get("attacks")
        return cls(
            id=enemy_id,
            name=data["name"],
            source=data["source"],
            provisional=data["provisional"],
            description=data.get("description", ""),
            group=data["group"],
            features=tuple(EnemyFeature(tuple(f["names"]), f.get("rating"), f.get("die"), f.get("number"), f.get("note", ""))
                           for f in data["features"]),
            base_attack=Attack.from_content(attacks["base"]) if attacks else None,
            special_attack=Attack.from_content(attacks["special"]) if attacks else None,
            special_rules=tuple(SpecialRule(r["name"], r["text"]) for r in data["special_rules"]),
            disposition=tuple(data.get("disposition", ())),
            count=data.get("count"),
            short=(data["short"]["one"], data["short"]["many"]),
            moves=data.get("moves", True),
        )


@dataclass(frozen=True)
class Feature:
    """A named, percentile-rated Feature as it stands on a sheet."""

    id: str
    name: str
    rating: int | None
    applies: bool = False      # Effects only: the radio button is ticked


@dataclass(frozen=True)
class Character:
    """A character of a class at the start of the game: every Feature on its sheet."""

    character_class: CharacterClass
    attributes: tuple[Feature, ...]
    combat_conditions: tuple[Feature, ...]
    wounds_max: int
    hunger: int | None                # None: the class has no Hunger
    luck: int
    specific_abilities: tuple[Feature, ...]
    common_abilities: tuple[Feature, ...]
    effects: tuple[Feature, ...]
    inventory: tuple[Item | None, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class Die:
    """A decile die ``dN`` (zero-based, faces 0 … N−1) or an ordinary one-based
    die ``1dN`` (faces 1 … N), which only Secret's randomisation uses. Which sizes
    exist is content (``content/tables/dice.yaml``); ``parse`` only reads the name."""

    name: str       # "d60" (decile, zero-based) or "1d6" (one-based)
    faces: int
    first: int      # 0 for decile dice, 1 for one-based dice

    @classmethod
    @lru_cache(maxsize=256)       # dice names repeat endlessly in a packet: parse each once
    def parse(cls, name: str) -> "Die | None":
        """The die a name spells, or None when it spells no die."""
        match = _DIE_NAME.match(str(name).strip())
        if not match or int(match.group(2)) < 2:
            return None
        faces = int(match.group(2))
        one_based = match.group(1) is not None
        return cls(f"{'1' if one_based else ''}d{faces}", faces, 1 if one_based else 0)

    @property
    def last(self) -> int:
        return self.first + self.faces - 1

    def face_range(self) -> range:
        return range(self.first, self.first + self.faces)

    def roll(self, rng: random.Random) -> int:
        return self.first + rng.randrange(self.faces)
