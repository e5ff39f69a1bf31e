"""Kinds that are a tick before a label: a checkbox (□ Depleted) and a choice, one of
several fields sharing a key of which the one marked is the value (the Disposition
Track's ○ Retreating ○ Defensive …)."""

from __future__ import annotations

import re
from typing import Any

from nests.content.schema import shown
from nests.content.sheets.cell import FieldCell
from nests.content.sheets.field import Field, field_kind
from nests.content.sheets.kinds.labelled import LabelledKind
from nests.content.sheets.reading import find
from nests.document import FormField


@field_kind("checkbox")
class CheckboxKind(LabelledKind):
    """True or false, ticked in a box before the label."""

    tick = "box"
    sep = ""

    def ticks(self, f: Field, value: Any, present: bool) -> bool | None:
        return present and bool(value)

    def check_value(self, f: Field, value: Any) -> str | None:
        if not isinstance(value, bool):
            return f"{shown(value)} is not true or false"
        return None

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        """Its tick, before the first line of its label."""
        if cell.part:
            return []
        return [FormField(cell.field.key, line, cell.column, 1, kind="checkbox", value="true" if cell.ticked else "")]

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        n, m = find(found, r"([□✓✗ovx]) " + re.escape(f.label), "a tick box", f)
        return {f.key: m.group(1) in "✓v"}


@field_kind("choice")
class ChoiceKind(LabelledKind):
    """One position of several sharing a key, marked at the table: its value is the
    label of the one ticked. A moment's position, not the character's record."""

    tick = "circle"
    sep = ""
    state = "none"
    shares_key = True

    def ticks(self, f: Field, value: Any, present: bool) -> bool | None:
        return present and value == f.label
