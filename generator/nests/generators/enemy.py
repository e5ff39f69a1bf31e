"""Enemy stat blocks: an enemy's content → an ``Enemy`` → a framed page (templates/enemy.txt.j2).

``enemy(content, enemy_id)`` builds the view; ``enemy_text`` renders one page;
``enemy_documents`` returns the documents that the publish step writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from nests.content.sheets import NESTS, choices, definition
from nests.content.tables import load_tables
from nests.document import Document, Page
from nests.errors import NestsError
from nests.model import Attack
from nests.render import render
from nests.render.grid import PAGE_LINES


@dataclass(frozen=True)
class FeatureLine:
    label: str
    value: object          # int rating, or text shown as is ("d20", "10")
    note: str


@dataclass(frozen=True)
class Disposition:
    name: str
    note: str


@dataclass(frozen=True)
class Rule:
    name: str
    text: str


@dataclass(frozen=True)
class Enemy:
    id: str
    name: str
    source: str
    provisional: bool
    description: str
    group: str
    features: tuple[FeatureLine, ...]
    base_attack: Attack | None
    special_attack: Attack | None
    disposition: tuple[Disposition, ...]
    special_rules: tuple[Rule, ...]


def enemy_ids(content) -> list[str]:
    return list(load_tables(content).enemies)


def enemy(content, enemy_id: str) -> Enemy:
    docs = load_tables(content).enemies
    if enemy_id not in docs:
        raise NestsError(f"unknown enemy {enemy_id!r}; known enemies: {', '.join(docs)}")
    d = docs[enemy_id].data
    # the Disposition Track as the character sheet prints it: each Disposition and its note
    notes = dict(choices(definition(content, NESTS), "disposition"))
    features = tuple(
        FeatureLine(", ".join(f["names"]), f["rating"] if "rating" in f else str(f.get("die", f.get("number"))), f.get("note", ""))
        for f in d["features"]
    )
    attacks = d.get("attacks")
    unknown = [n for n in d.get("disposition", []) if n not in notes]
    if unknown:
        raise NestsError(docs[enemy_id].problem(("disposition",), f"{unknown[0]!r} is not a Disposition; allowed: {', '.join(notes)}"))
    return Enemy(
        id=enemy_id, name=d["name"], source=d["source"], provisional=d["provisional"],
        description=d.get("description", ""), group=d["group"], features=features,
        base_attack=Attack.from_content(attacks["base"]) if attacks else None,
        special_attack=Attack.from_content(attacks["special"]) if attacks else None,
        disposition=tuple(Disposition(n, notes[n]) for n in d.get("disposition", [])),
        special_rules=tuple(Rule(r["name"], r["text"]) for r in d["special_rules"]),
    )


def enemy_text(content, enemy_id: str, number: int | None = None) -> str:
    return _stat_block(enemy(content, enemy_id), number)


def _stat_block(e: Enemy, number: int | None = None) -> str:
    text = render("enemy.txt.j2", enemy=e, number=number).rstrip("\n") + "\n"
    lines = text.rstrip("\n").split("\n")
    if len(lines) != PAGE_LINES:
        raise NestsError(f"enemy {e.id!r}: its stat block takes {len(lines)} lines; a page holds {PAGE_LINES}")
    return text


def enemy_documents(content, enemy_ids: list[str], folder: str = "") -> list[Document]:
    """One document per enemy: ``<folder><id>``.txt and .pdf."""
    enemies = [enemy(content, eid) for eid in enemy_ids]
    return [Document(f"{folder}{e.id}", f"{e.name} stat block", [Page(_stat_block(e), [(1, e.name)])])
            for e in enemies]
