"""A track: a line of labelled boxes, the current one marked by a ^ under it
(Disposition -3 … +3), or of empty boxes ticked one by one ([x] [x] [ ])."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nests.content.schema import Bool, Int, List, Str, shown
from nests.content.sheets.cell import FieldCell, form_value
from nests.content.sheets.field import Field, FieldKind, Say, field_kind, measure_unlabelled, option
from nests.document import FormField
from nests.text.measure import width as text_width
from nests.text.glyphs import to_ascii


# A width or precision in a track's format, read by Python as a number: past two digits no cell
# of a page's track (a few columns each), and past some thousands a ValueError.
_WIDE = re.compile(r"%[^a-zA-Z%]*?\d{3,}")


@field_kind("track")
class TrackKind(FieldKind):
    """``values`` (each printed by ``format``) or ``boxes`` (a count), ``join`` between them;
    its label before them unless ``bare``."""


    @dataclass(frozen=True)
    class Options:
        values: tuple = option((), List(Int(-999, 999), min_len=1, max_len=40))
        boxes: int = option(0, Int(1, 40))
        format: str = option("[%s]", Str(allow_empty=False))
        join: str = option(" ", Str())
        bare: bool = option(False, Bool())

    def check(self, f: Field, say: Say) -> Field | None:
        o = f.options
        if not (o.values or o.boxes):
            say(None, "a track needs values (labelled boxes) or boxes (a count of empty ones)")
        if o.values and _WIDE.search(o.format):
            say("format", f"{shown(o.format)} pads a value to more than 99 columns; a track's cell is a few")
            return None
        try:
            for v in o.values:
                o.format % v
        except (TypeError, ValueError, KeyError) as err:
            say("format", f"{shown(o.format)} cannot print a value ({err}); "
                          "a format prints one, like \"[%s]\" or \"[%+d]\"")
            return None
        return f

    def measure(self, f: Field, label_width: int | None, say: Say) -> Field | None:
        o = f.options
        cells = [o.format % v for v in o.values] if o.values else ["[ ]"] * o.boxes
        value_width = sum(text_width(c) for c in cells) + text_width(o.join) * (len(cells) - 1)
        return measure_unlabelled(f, value_width + (0 if o.bare else text_width(f.label) + 2), value_width)

    def check_value(self, f: Field, value: Any) -> str | None:
        allowed = f.options.values or list(range(f.options.boxes + 1))
        if value not in allowed:
            return f"{shown(value)} is not one of: {', '.join(map(str, allowed))}"
        return None

    def cells(self, f: Field, base: dict, width: int) -> list[FieldCell]:
        o = f.options
        items = o.values or list(range(o.boxes))
        prefix = 0 if o.bare else text_width(f.label) + 2
        rows: list[list] = [[]]
        used = 0
        for item in items:                 # as many cells on a line as fit it (labelled cells may differ in width)
            need = cell_width(f, item) + (text_width(o.join) if rows[-1] else 0)
            if rows[-1] and prefix + used + need > width:
                rows.append([])
                used, need = 0, cell_width(f, item)
            rows[-1].append(item)
            used += need
        cells = []
        for n, row in enumerate(rows):
            cells.append(FieldCell(part=n, track_rows=rows, **base))
            if len(rows) > 1 and o.values and base["present"] and base["value"] in row:
                cells.append(FieldCell(part=n, track_rows=rows, marker=prefix + offset(f, row, base["value"]) + 1,
                                  **base))
        return cells

    def bottom_mark(self, cell: FieldCell, start: int) -> tuple | None:
        """The ^ on the bottom border under a one-line track's current value."""
        f = cell.field
        if len(cell.track_rows) != 1 or not cell.present or cell.value not in f.options.values:
            return None
        before = 0 if f.options.bare else text_width(f.label) + 2
        return (start + before + offset(f, f.options.values, cell.value) + 1, "marker", "^")

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        """On the track's current cell (its first, when blank): the value shows in its
        place, and the rest of the track stays printed around it."""
        if cell.marker >= 0:
            return []
        f, o = cell.field, cell.field.options
        if o.values:
            here = cell.value if cell.present and cell.value in o.values else o.values[0]
        else:                              # boxes 0, 1, …: the last one ticked
            here = min(max(int(cell.value or 1) - 1, 0), o.boxes - 1) if cell.present else 0
        row = cell.track_rows[cell.part]
        if here not in row:
            return []
        start = cell.column + (0 if o.bare else len(f.label) + 2) + offset(f, row, here)
        value = form_value(cell.value) if cell.present else ""
        return [FormField(f.key, line, start, cell_width(f, here), value=value)]

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        if not f.options.values:
            return {f.key: sum(to_ascii(text).count("[x]") for _, text in found)}
        shown_as = {f.options.format % v: v for v in f.options.values}
        cell = re.compile("|".join(re.escape(c) for c in shown_as))
        rows = found + ([bottom] if bottom else [])
        for k, (n, text) in enumerate(rows[:-1]):
            cells = {m.start() + 1: shown_as[m.group(0)] for m in cell.finditer(text)}
            if not cells:
                continue
            below = to_ascii(rows[k + 1][1])
            for col, value in cells.items():
                if col < len(below) and below[col] == "^":
                    return {f.key: value}
        return {}


def cell_width(f: Field, item) -> int:
    """Columns of one cell of a track: a labelled value as its format prints it, or a box."""
    return len(f.options.format % item) if f.options.values else 3


def offset(f: Field, row: list, item) -> int:
    """Columns from the start of a track's line of cells to the cell of ``item``."""
    before = row[:row.index(item)]
    return sum(cell_width(f, v) for v in before) + len(f.options.join) * len(before)
