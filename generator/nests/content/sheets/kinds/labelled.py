"""The shape most kinds share: one line of tick, label (and its fill), sep, value and
rules reminder. On a narrow page the reminder goes on the lines below the value,
and a label too long for the line goes above it, the value on a line of its own."""

from __future__ import annotations

import dataclasses
import re

from nests.content.sheets.cell import FieldCell, form_value
from nests.content.sheets.field import Field, FieldKind, Say
from nests.content.sheets.reading import LEAD, find, label
from nests.document import FormField
from nests.text.measure import width as text_width, wrap_lines


class LabelledKind(FieldKind):
    """A field whose value stands after its label, on the label's line."""

    sep = ":"

    def value_width(self, f: Field) -> int:
        """Columns of the printed value ("[__60%]": 7)."""
        return 0

    def label_room(self, f: Field, fixed: int, given: int | None, note: str) -> tuple[int, int]:
        """The label's columns (with its fill) and the columns beside it that are fixed
        (tick, sep, value); ``given``: a label width the definition gives, ``note``: the
        reminder it shows, if any."""
        if given is not None:
            return given, fixed
        return (text_width(f.label) + 1 if note else f.width - fixed), fixed

    def measure(self, f: Field, label_width: int | None, say: Say) -> Field | None:
        value_width = self.value_width(f)
        shown_note = f.note or f.reminder_key
        label_width, fixed = self.label_room(f, f.tick_width + text_width(f.sep) + value_width, label_width,
                                             shown_note)
        note_width = f.width - fixed - label_width - 1 if shown_note else 0
        min_width = fixed + max(label_width, text_width(f.label)) + (text_width(f.note) + 3 if f.note else 0)
        if label_width < text_width(f.label):
            say("width", f"{f.width} columns leave {label_width} for the label {f.label!r}, "
                         f"which needs {text_width(f.label)}")
            return None
        return dataclasses.replace(f, value_width=value_width, label_width=label_width, note_width=note_width,
                                   min_width=min_width)

    def cells(self, f: Field, base: dict, width: int) -> list[FieldCell]:
        """One value with its label (and its reminder beside it, or below it)."""
        note = base["note"]
        width = min(width, f.width)
        fixed = f.tick_width + text_width(f.sep) + f.value_width
        label_width = f.label_width if fixed + f.label_width <= width else max(min(text_width(f.label), width - fixed),
                                                                               width - fixed)
        spare = width - fixed - label_width - 1
        if note and spare < text_width(note) + 2 and width - fixed - text_width(f.label) - 1 >= text_width(note) + 2:
            # the label's fill gives way before the reminder leaves the line
            label_width = width - fixed - 1 - (text_width(note) + 2)
            spare = text_width(note) + 2
        split = fixed + text_width(f.label) > width
        if not split and (not note or (f.note_width and spare == f.note_width) or spare >= text_width(note) + 2):
            note_width = spare if note or f.note_width else 0
            return [FieldCell(part=0, label_width=label_width, note_width=max(note_width, 0), **base)]
        below = wrap_lines(f"({note})", width - 2, break_on_hyphens=False) if note else []
        if split:                                      # the label alone on a line, the value below it
            pieces = wrap_lines(f.label, width - f.tick_width, break_on_hyphens=False)
            head = [FieldCell(part=n, half="label", text=piece, **base) for n, piece in enumerate(pieces)]
            if f.value_width or f.sep:
                head.append(FieldCell(part=len(head), half="value", label_width=width - fixed, **base))
        else:
            head = [FieldCell(part=0, label_width=label_width, **base)]
        return head + [FieldCell(part=len(head) + p, label_width=label_width, note_lines=below, note_from=len(head), **base)
                       for p in range(len(below))]

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        """The value after its label: on the field's first line, or on its own line below a long label."""
        if not (cell.half == "value" or (cell.half == "" and cell.part == 0)):
            return []
        f = cell.field
        start = cell.column + f.tick_width + cell.label_width + len(f.sep)
        return self.value_fields(cell, line, start, form_value(cell.value) if cell.present else "")

    def value_fields(self, cell: FieldCell, line: int, start: int, value: str) -> list[FormField]:
        return [FormField(cell.field.key, line, start, cell.field.value_width, value=value)]

    def find_value(self, f: Field, found, inside: str, what: str):
        """The line and match of the field's label, its fill and sep, then ``inside``."""
        return find(found, LEAD + label(f.label) + r"\.*" + re.escape(f.sep) + inside, what, f)
