"""Where everything on a sheet stands, as numbers: the templates draw it.

At the full page width (91 columns inside the frame) every box and field
takes the width its definition gives. On a narrower page (``--width``) the
same sheet is reflowed, never cropped: boxes that no longer fit side by side
go one under the other, an area's columns of fields become fewer, a rules
reminder that no longer fits beside its value goes on the lines below it, a
track of boxes wraps, and an attack line whose value does not fit puts it on
a line of its own. Every word and figure of the full sheet stays.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nests.content.sheets import Area, Field, SheetDefinition, layout
from nests.content.sheets.cell import FieldCell
from nests.errors import NestsError, Problem
from nests.text import grid
from nests.text.measure import width as text_width, wrap_lines
from nests.content.formula import compute


@dataclass
class SheetLine:
    kind: str                                      # top, divider, bottom, cells, caption
    marks: list = field(default_factory=list)      # (column in the box, mark kind, text)
    cells: list = field(default_factory=list)      # (column width, FieldCell or None)
    caption: list = field(default_factory=list)
    inner: int = 0                                 # columns between the box's borders


@dataclass
class StackPlan:
    width: int
    frame: str             # box | none
    lead: int              # blank columns inside the border before the first column
    lines: list[SheetLine]


@dataclass
class RowPlan:
    section: str | None
    stacks: list[StackPlan]


def plan(definition: SheetDefinition, values: dict[str, Any], interior: int = grid.INTERIOR,
         character: bool = False) -> list[RowPlan]:
    """Every row of the sheet, each box as its lines, the shorter boxes of a row padded.
    Areas kept for a character's sheet (``when: character``) only when ``character``."""
    rows = []
    for row in definition.rows:
        if not character and all(a.when == "character" for s in row.stacks for a in s.areas):
            continue
        widths = [s.width for s in row.stacks]
        if sum(widths) + len(widths) - 1 <= interior:
            widths[-1] += interior - (sum(widths) + len(widths) - 1)      # the last box reaches the frame
            groups = [list(zip(row.stacks, widths))]
        else:                                                             # one under the other
            groups = [[(s, interior)] for s in row.stacks]
        for n, group in enumerate(groups):
            rows.append(RowPlan(row.section if n == 0 else None, _stacks(group, values)))
            _fits_a_page(definition, row, rows[-1], interior)
    return rows


def _fits_a_page(definition: SheetDefinition, row, planned: RowPlan, interior: int) -> None:
    """A row of boxes never splits across pages: one taller than a page is the definition's error."""
    height = (1 if planned.section else 0) + len(planned.stacks[0].lines)
    if height > grid.BODY_LINES:
        first = next((a.fields[0] for s in row.stacks for a in s.areas if a.fields), None)
        where = ".".join(first.path.split(".")[:2]) if first else None
        raise NestsError(Problem(f"this row of boxes takes {height} lines on a page {interior + 3} columns wide; "
                                 f"a page holds {grid.BODY_LINES}: give it fewer rows or split it", file=definition.file,
                                 line=first.line if first else None, key=where))


def _stacks(group: list, values: dict) -> list[StackPlan]:
    stacks = []
    left = 1                                             # after the page's ║
    for stack, width in group:
        frame = stack.areas[0].frame
        lead = 1 if frame == "box" else 0
        lines: list[SheetLine] = []
        for k, area in enumerate(stack.areas):
            lines += _area_lines(area, width, values, first=k == 0, last=k == len(stack.areas) - 1,
                                 left=left + 1 + lead)
        stacks.append(StackPlan(width, frame, lead, lines))
        left += width + 1
    height = max(len(s.lines) for s in stacks)
    for s in stacks:
        while len(s.lines) < height:     # blank lines above the bottom border
            s.lines.insert(len(s.lines) - (1 if s.frame == "box" else 0), SheetLine("cells", inner=s.width - 2))
    return stacks


def _area_lines(area: Area, width: int, values: dict, first: bool, last: bool, left: int) -> list[SheetLine]:
    inner = width - 2
    lead = 1 if area.frame == "box" else 0
    places, widths = layout(area, width)
    starts = [lead + sum(widths[:j]) + j for j in range(len(widths))]
    fewer = len(widths) < min(area.columns, len(area.fields))
    # Notes under the columns: when the columns became fewer and the notes differ,
    # each field carries its own column's note beside it instead.
    inline = fewer and len(set(area.footer)) > 1
    cells: list[list[FieldCell]] = [[] for _ in widths]
    original = _original_columns(area)
    for f, (col, _), home in zip(area.fields, places, original):
        own = area.footer[home] if inline and home < len(area.footer) else ""
        cells[col] += _cells(f, widths[col], values, left + starts[col] - lead, own)
    top: list = []
    if area.joined and not first or area.title and area.title_style == "heading":
        top.append((1, "heading", area.title))
    elif area.title:
        top.append((0, "title", area.title))
    if area.reminder_title:
        beside = next((c for c in cells[0] if c.note_width), None)
        after_title = text_width(area.title) + 3 if area.title else 1
        column = after_title
        if beside is not None:
            f = beside.field
            column = starts[0] + f.tick_width + beside.label_width + text_width(f.sep) + f.value_width + 1
        # on a narrow page the reminders go under their fields: the heading over them moves
        # up beside the title, or is left out where even that has no room
        for at in (column, after_title):
            if at + text_width(area.reminder_title) + 2 <= width - 2:
                top.append((at, "heading", area.reminder_title))
                break
    lines = []
    if area.frame == "box":
        lines.append(SheetLine("divider" if area.joined and not first else "top", top))
    lines += _caption(area.caption, inner)
    height = max(len(c) for c in cells)
    for r in range(height):
        lines.append(SheetLine("cells", cells=[(widths[j], cells[j][r] if r < len(cells[j]) else None)
                                          for j in range(len(widths))]))
    if area.frame == "box" and last:
        notes = [] if inline else (area.footer[:1] if fewer else area.footer)
        bottom = [(starts[j] - 1, "note", note) for j, note in enumerate(notes) if note and j < len(starts)]
        for j, (_, cell) in enumerate(lines[-1].cells if lines[-1].kind == "cells" else []):
            mark = cell.field.handler.bottom_mark(cell, starts[j]) if cell is not None else None
            if mark is not None:
                bottom.append(mark)
        lines.append(SheetLine("bottom", bottom))
    for line in lines:
        line.inner = inner
    return lines


def _original_columns(area: Area) -> list[int]:
    """Each field's column in the definition's own layout (whose footer notes it wears)."""
    n, columns = len(area.fields), min(area.columns, len(area.fields))
    if area.order == "down":
        per = -(-n // columns)
        return [i // per for i in range(n)]
    return [i % columns for i in range(n)]


def _caption(caption: list[str], inner: int) -> list[SheetLine]:
    if not caption:
        return []
    left, right = (list(caption) + [""])[:2]
    # side by side only with a run of fill between them: two words run together read as one
    if text_width(left) + text_width(right) + (2 if left and right else 0) <= inner - 2:
        return [SheetLine("caption", caption=[left, right])]
    return [SheetLine("caption", caption=[part, ""]) for part in wrap_lines(left, inner - 2, break_on_hyphens=False)] + \
           [SheetLine("caption", caption=["", part]) for part in wrap_lines(right, inner - 2, break_on_hyphens=False)]


# ── one field's lines ──────────────────────────────────────────────────────


def _cells(f: Field, width: int, values: dict, column: int, own_note: str) -> list[FieldCell]:
    """The field's lines in a column ``width`` wide, starting at page column ``column``,
    laid out by its kind; ``own_note``: its column's footer note, when it wears it beside itself."""
    present = f.key in values
    value = f.handler.value_of(f, values.get(f.key))
    ticked = f.handler.ticks(f, value, present)
    if f.xp_key:                 # an XP tickbox: ticked when the character's list names the field
        ticked = f.key in (values.get(f.xp_key) or ())
    elif ticked is None:
        ticked = bool(f.ticked and present and value is not None and compute(f.ticked, {**values, "value": value}))
    note = f.note or (str(values.get(f.reminder_key, "")) if f.reminder_key else "") or own_note
    base = dict(field=f, width=width, value=value, present=present, ticked=ticked,
                maximum=values.get(f.max_key) if f.max_key else None, note=note, column=column)
    return f.handler.cells(f, base, width)


def field_cells(area: Area, values: dict) -> list[FieldCell]:
    """Each field of an area as one cell at its full width (for the Markdown sheet)."""
    return [_cells(f, f.width, values, 0, "")[0] for f in area.fields]
