"""An Attack box: a class's attack (name, keywords, damage, range, its Hit and Miss
lines), class data printed on the sheet, never part of a character's state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nests.content.schema import Int
from nests.content.sheets.cell import FieldCell
from nests.content.sheets.field import Field, FieldKind, Say, field_kind, measure_unlabelled, option
from nests.model import Attack, AttackLine
from nests.text.measure import width as text_width


@field_kind("attack")
class AttackKind(FieldKind):
    """``hits`` and ``misses``: the Hit and Miss lines a blank one leaves room for."""

    state = "none"
    markdown_block = True

    @dataclass(frozen=True)
    class Options:
        hits: int = option(3, Int(1, 6))
        misses: int = option(2, Int(1, 6))

    def measure(self, f: Field, label_width: int | None, say: Say) -> Field | None:
        return measure_unlabelled(f, 20)

    def value_of(self, f: Field, value: Any) -> Any:
        if isinstance(value, Attack):
            return value
        blank = AttackLine("", "")
        return Attack("", (), "", "", (blank,) * f.options.hits, (blank,) * f.options.misses)

    def cells(self, f: Field, base: dict, width: int) -> list[FieldCell]:
        return [FieldCell(part=p, **base) for p in range(attack_height(base["value"], width))]


def attack_height(attack: Attack, width: int) -> int:
    """Lines an attack box takes: a line whose label and value do not both fit takes two."""
    rows = [("Name:", attack.name), ("Keywords:", ", ".join(attack.keywords)), ("Damage:", attack.damage),
            ("Max. Range:", attack.max_range)]
    rows += [(_outcome("Hit", line), line.text) for line in attack.hit]
    rows += [(_outcome("Miss", line), line.text) for line in attack.miss]
    return sum(1 if text_width(label) + text_width(text) <= width else 2 for label, text in rows)


def _outcome(kind: str, line: AttackLine) -> str:
    return f"{kind} ({line.qualifier}):" if line.qualifier else f"{kind}:"
