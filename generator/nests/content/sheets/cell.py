"""One line of one field as the templates draw it: what a kind's cells are made of
(nests.content.sheets.field.FieldKind.cells), laid out by nests.generators.sheet.layout."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nests.content.sheets.field import Field


@dataclass
class FieldCell:
    """One line of one field, as the templates format it."""

    field: Field
    part: int              # which line of a field that takes several
    width: int             # the width of its column
    value: Any
    present: bool          # False: nothing is known (a blank sheet's field)
    ticked: bool = False
    maximum: Any = None    # a pool's maximum
    note: str = ""         # the rules reminder printed after the value
    column: int = 0        # where the cell starts, from the page's left edge
    label_width: int = 0   # the label and its fill
    note_width: int = 0    # the reminder beside the value (0: none, or on the lines below)
    note_lines: list = field(default_factory=list)      # the reminder on the lines below
    track_rows: list = field(default_factory=list)      # a track's values, line by line
    marker: int = -1       # a track's marker line: the column of its ^ (-1: not a marker line)
    row: int = -1          # a list's row (-1: its label line)
    half: str = ""         # a line too long for a narrow page: "text" (or "label"; "more" after a
                           # list row's first line of text), then "value" below
    note_from: int = 1     # the first of the lines below that hold the reminder
    text: str = ""         # a piece of a label too long for a narrow page; a list row's text
    height: int = 1        # the lines a text value takes (wrapped on a narrow page)

    @property
    def filled(self) -> bool:
        """A value to print (not blank, not "does not apply")."""
        return self.present and self.value is not None and self.value != ""


def form_value(value) -> str:
    """A value as a form field holds it: blank for none."""
    return "" if value is None else str(value)
