"""A line of text after its label (Pronouns: she/her), the label's colon and a space
before it; a text too long for a narrow page goes on under itself."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any

from nests.content.schema import Int, shown
from nests.content.sheets.cell import FieldCell, form_value
from nests.content.sheets.field import Field, Say, field_kind, option
from nests.content.sheets.kinds.checks import text_problem
from nests.content.sheets.kinds.labelled import LabelledKind
from nests.content.sheets.reading import find, label, narrow
from nests.document import FormField
from nests.text.measure import unwrap, width as text_width, wrap


@field_kind("text")
class TextKind(LabelledKind):
    """One line of text; ``size``: the columns to write in (the rest of the field by default)."""

    sep = ""
    fill = " "

    @dataclass(frozen=True)
    class Options:
        size: int | None = option(None, Int(1, 89))

    def check(self, f: Field, say: Say) -> Field | None:
        if f.options.size is not None:
            return f
        size = f.width - text_width(f.label) - 2
        if size < 1:
            say("width", f"{f.width} columns leave no room for a value after the label {f.label!r}, "
                         f"which needs {text_width(f.label) + 2} with its ': '")
            return None
        return dataclasses.replace(f, options=dataclasses.replace(f.options, size=size))

    def value_width(self, f: Field) -> int:
        return f.options.size

    def label_room(self, f: Field, fixed: int, given: int | None, note: str) -> tuple[int, int]:
        return text_width(f.label) + 2, self.value_width(f)

    def check_value(self, f: Field, value: Any) -> str | None:
        problem = text_problem(value)
        room = f.width - len(f.label) - 2
        if problem is None and text_width(str(value)) > room:
            return f"{shown(value)} is {text_width(str(value))} columns; the sheet's {f.label} line holds {room}"
        return problem

    def cells(self, f: Field, base: dict, width: int) -> list[FieldCell]:
        """A value too long for a narrow page goes on under itself."""
        room = width - text_width(f.label) - 2
        value = str(base["value"]) if base["present"] and base["value"] is not None else ""
        pieces = wrap(value, room) if text_width(value) > room else [value]
        return [FieldCell(part=n, label_width=f.label_width, text=piece, height=len(pieces), **base)
                for n, piece in enumerate(pieces)]

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        if cell.part:
            return []
        f = cell.field
        value = form_value(cell.value) if cell.present else ""
        size = min(f.options.size, cell.width - len(f.label) - 2)
        if cell.height > 1:                # wrapped under itself: the whole room of its lines
            size = cell.width - len(f.label) - 2
            start = cell.column + (cell.width - size if f.align == "right" else len(f.label) + 2)
            return [FormField(f.key, line, start, size, height=cell.height, value=value)]
        if f.align == "right":             # the value ends at the right; its label stands just before it
            size = len(value) or size
            return [FormField(f.key, line, cell.column + cell.width - size, size, value=value)]
        size = max(size, len(value))
        return [FormField(f.key, line, cell.column + len(f.label) + 2, size, value=value)]

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        n, m = find(found, label(f.label) + r": (.*?)(?:\s{2,}|$)", "a text", f)
        raw = m.group(1).strip()
        # a text too long for a narrow page goes on under itself: on the lines below, left-aligned
        # under its first piece (or right-aligned, ending where it ends), nothing else on them
        col, end = m.start(1), len(m.string.rstrip())
        pieces = [raw]
        for k, text in ((k, t) for k, t in found if k > n):
            left = len(text) - len(text.lstrip())
            under = left == col if f.align == "left" else len(text.rstrip()) == end and left >= m.start()
            if (k != n + 1 or not text.strip() or not under or re.search(r"\S  +\S", text.strip())
                    or text.strip().startswith(others)):
                break
            pieces.append(text.strip())
            n = k
        raw = unwrap([narrow(p) for p in pieces], column - len(f.label) - 2)
        return {} if set(raw) <= {"_"} else {f.key: raw}
