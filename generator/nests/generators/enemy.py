"""Enemy stat blocks: an enemy (``model.Enemy``, from content) → a ``StatBlock`` → a framed page
(templates/enemy.txt.j2).

``enemy(content, enemy_id)`` builds the view; ``enemy_text`` renders one page;
``enemy_documents`` returns the documents that the publish step writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from nests.content.sheets import NESTS, Area, SheetDefinition, choices, definition, load_definition
from nests.document import Document, Page
from nests.errors import NestsError
from nests.model import Attack, SpecialRule
from nests.content.yamlfile import YamlDocument
from nests.generators.sheet import FULL, Look
from nests.generators.sheet.layout import plan
from nests.render import render
from nests.text import grid
from nests.text.grid import PAGE_LINES
from nests.text.transliterate import page_to_ascii, transliterate_value


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
class StatBlock:
    """What a stat block prints of an enemy: its Features as labelled lines, its Dispositions with their notes."""

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
    special_rules: tuple[SpecialRule, ...]


def enemy_ids(content) -> list[str]:
    return list(content.tables.enemies)


def enemy(content, enemy_id: str) -> StatBlock:
    enemies = content.tables.enemies
    if enemy_id not in enemies:
        raise NestsError(f"unknown enemy {enemy_id!r}; known enemies: {', '.join(enemies)}")
    e = enemies[enemy_id]
    # the Disposition Track as the character sheet prints it: each Disposition and its note
    notes = dict(choices(definition(content, NESTS), "disposition"))
    features = tuple(FeatureLine(", ".join(f.names), f.rating if f.rating is not None else str(f.die or f.number), f.note)
                     for f in e.features)
    unknown = [n for n in e.disposition if n not in notes]
    if unknown:
        raise NestsError(content.tables.enemy_problem(enemy_id, ("disposition",),
                                                      f"{unknown[0]!r} is not a Disposition; allowed: {', '.join(notes)}"))
    return StatBlock(
        id=enemy_id, name=e.name, source=e.source, provisional=e.provisional, description=e.description, group=e.group,
        features=features, base_attack=e.base_attack, special_attack=e.special_attack,
        disposition=tuple(Disposition(n, notes[n]) for n in e.disposition), special_rules=e.special_rules,
    )


# ── the stat block: a sheet's boxes ────────────────────────────────────────


def stat_block_definition(content, e: StatBlock) -> SheetDefinition:
    """The boxes of an enemy's stat block as a sheet definition, so that the sheet's
    layout (nests.generators.sheet.layout) reflows them to any width: a Features
    box of ratings with their notes, the two Attack boxes side by side, and the
    Disposition Track as the character sheet has it (its caption and each
    position's width), with this enemy's Dispositions and their notes."""
    areas: list[dict] = [{"section": "Features", "fields": [
        {"key": f"features.{i}", "label": f.label, "kind": "rating", "width": grid.TEXT_WIDTH - 2, "label_width": 34,
         "reminder_key": f"features.{i}.note", "note_fill": " "} for i, f in enumerate(e.features)]}]
    if e.base_attack is not None:
        for n, (key, title, attack) in enumerate((("base", "Base Attack", e.base_attack),
                                                  ("special", "Special Attack", e.special_attack))):
            areas.append({**({"section": "Attacks", "width": (grid.INTERIOR - 1) // 2} if n == 0 else {"beside": True}),
                          "title": title, "fields": [{"key": f"attacks.{key}", "label": title, "kind": "attack",
                                                      "width": (grid.INTERIOR - 1) // 2 - 4, "hits": len(attack.hit),
                                                      "misses": len(attack.miss)}]})
    if e.disposition:
        track = disposition_area(content)
        widths = [f.width for f in track.fields]
        areas.append({"title": track.title, "title_style": "heading", "caption": track.caption,
                      "columns": len(e.disposition), "footer": [d.note for d in e.disposition],
                      "fields": [{"key": "disposition", "label": d.name, "kind": "choice",
                                  "width": widths[i] if i < len(widths) else len(d.name) + 4}
                                 for i, d in enumerate(e.disposition)]})
    data = {"game": "Nests & Insects", "title": "Provisional Enemy" if e.provisional else "Enemy",
            "source": {"file": "content/enemies", "section": e.id}, "areas": areas}
    try:
        return load_definition(YamlDocument(data, f"the stat block of {e.id}"), e.id)
    except NestsError as refused:
        # the boxes are built from the enemy's own file: what does not fit is said at that file's line
        raise NestsError([content.tables.enemy_problem(e.id, _enemy_path(areas, p.key), p.message)
                          for p in refused.problems]) from None


def _enemy_path(areas: list[dict], key: str | None) -> tuple:
    """Where in the enemy's file a stat block field comes from ("areas.0.fields.2.width" →
    features.2.names): a Feature's names, an Attack, a Disposition."""
    parts = (key or "").split(".")
    if len(parts) < 4 or parts[0] != "areas" or parts[2] != "fields":
        return ()
    area, field = areas[int(parts[1])], int(parts[3])
    field_key = area["fields"][field]["key"].split(".")
    if field_key[0] == "features":
        return ("features", int(field_key[1]), "names")
    if field_key[0] == "disposition":
        return ("disposition", field)
    return tuple(field_key)


def disposition_area(content) -> Area:
    """The character sheet's Disposition Track: the area of its choice of Disposition."""
    sheet = definition(content, NESTS)
    return next(a for row in sheet.rows for s in row.stacks for a in s.areas
                if any(f.handler.shares_key and f.key == "disposition" for f in a.fields))


def stat_block_context(content, e: StatBlock, look: Look = FULL) -> dict:
    """What enemy_body.txt.j2 draws: the enemy, its boxes laid out at the look's width."""
    values: dict = {}
    for i, f in enumerate(e.features):
        values[f"features.{i}"], values[f"features.{i}.note"] = f.value, f.note
    if e.base_attack is not None:
        values["attacks.base"], values["attacks.special"] = e.base_attack, e.special_attack
    if look.ascii:
        values = {k: transliterate_value(v) for k, v in values.items()}
        e = transliterate_value(e)
    return {"enemy": e, "rows": plan(stat_block_definition(content, e), values, look.interior),
            "interior": look.interior}


def enemy_pages(content, enemy_id: str, number: int | None = None, look: Look = FULL) -> list[str]:
    """An enemy's stat block as plaintext pages, each 50 lines (one page at the full width)."""
    e = enemy(content, enemy_id)
    text = render("enemy.txt.j2", number=number, **stat_block_context(content, e, look))
    if look.ascii:
        text = page_to_ascii(text)
    lines = text.rstrip("\n").split("\n")
    if len(lines) % PAGE_LINES:
        raise NestsError(f"enemy {e.id!r}: its stat block takes {len(lines)} lines, not whole pages of {PAGE_LINES}")
    return ["\n".join(lines[i:i + PAGE_LINES]) + "\n" for i in range(0, len(lines), PAGE_LINES)]


def enemy_text(content, enemy_id: str, number: int | None = None, look: Look = FULL) -> str:
    return "".join(enemy_pages(content, enemy_id, number, look))


def enemy_documents(content, enemy_ids: list[str], folder: str = "", look: Look = FULL) -> list[Document]:
    """One document per enemy: ``<folder><id>``.txt and .pdf."""
    enemies = [enemy(content, eid) for eid in enemy_ids]
    return [Document(f"{folder}{e.id}", f"{e.name} stat block",
                     [Page(text, [(1, e.name)] if n == 0 else []) for n, text in enumerate(enemy_pages(content, e.id, look=look))])
            for e in enemies]
