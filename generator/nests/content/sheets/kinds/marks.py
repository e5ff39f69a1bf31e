"""Kinds that are a tick before a label: a checkbox (□ Depleted) and a choice, one of
several fields sharing a key of which the one marked is the value (the Disposition
Track's ○ Retreating ○ Recoiling …)."""

from __future__ import annotations

import re
from typing import Any

from nests.content.schema import shown
from nests.content.sheets.cell import FieldCell
from nests.content.sheets.field import Field, field_kind
from nests.content.sheets.kinds.labelled import LabelledKind
from nests.content.sheets.reading import find
from nests.document import FormField
from nests.text.glyphs import is_ticked, tick_marks


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
        n, m = find(found, f"([{tick_marks(circle=False)}]) " + re.escape(f.label), "a tick box", f)
        return {f.key: is_ticked(m.group(1))}


@field_kind("choice")
class ChoiceKind(LabelledKind):
    """One position of several sharing a key, marked at the table: its value is the
    label of the one ticked, or none (out of Combat, no Disposition is marked)."""

    tick = "circle"
    sep = ""
    shares_key = True

    def ticks(self, f: Field, value: Any, present: bool) -> bool | None:
        return present and value == f.label

    def check_value(self, f: Field, value: Any, labels: tuple = ()) -> str | None:
        """``labels``: the labels of every field sharing its key (see choice_problem)."""
        if value is not None and value not in labels:
            return f"{shown(value)} is not one of: {', '.join(labels)} (or nothing: none marked)"
        return None

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        """A checkbox on its circle, named for the choice and its label (disposition.Holding):
        a PDF form marks one of several as a tick each."""
        if cell.part:
            return []
        f = cell.field
        return [FormField(f"{f.key}.{f.label}", line, cell.column, 1, kind="checkbox",
                          value="true" if cell.ticked else "")]

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        n, m = find(found, f"([{tick_marks()}]) " + re.escape(f.label), "a tick circle", f)
        return {f.key: f.label} if is_ticked(m.group(1)) else {}
