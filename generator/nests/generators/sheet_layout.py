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

from nests.content.sheet_kinds import item_text, list_room, track_cell_width, track_offset
from nests.content.sheets import Area, SheetDefinition, layout
from nests.model import Attack, AttackLine
from nests.errors import NestsError, Problem
from nests.render import grid
from nests.render.filters import width as text_width, wrap, wrap_lines
from nests.rules.formula import compute


@dataclass
class Cell:
    """One line of one field, as the templates format it."""

    field: dict
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


@dataclass
class Line:
    kind: str                                      # top, divider, bottom, cells, caption
    marks: list = field(default_factory=list)      # (column in the box, mark kind, text)
    cells: list = field(default_factory=list)      # (column width, Cell or None)
    caption: list = field(default_factory=list)
    inner: int = 0                                 # columns between the box's borders


@dataclass
class StackPlan:
    width: int
    frame: str             # box | none
    lead: int              # blank columns inside the border before the first column
    lines: list[Line]


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
        where = ".".join(first["path"].split(".")[:2]) if first else None
        raise NestsError(Problem(f"this row of boxes takes {height} lines on a page {interior + 3} columns wide; "
                                 f"a page holds {grid.BODY_LINES}: give it fewer rows or split it", file=definition.file,
                                 line=first["line"] if first else None, key=where))


def _stacks(group: list, values: dict) -> list[StackPlan]:
    stacks = []
    left = 1                                             # after the page's ║
    for stack, width in group:
        frame = stack.areas[0].frame
        lead = 1 if frame == "box" else 0
        lines: list[Line] = []
        for k, area in enumerate(stack.areas):
            lines += _area_lines(area, width, values, first=k == 0, last=k == len(stack.areas) - 1,
                                 left=left + 1 + lead)
        stacks.append(StackPlan(width, frame, lead, lines))
        left += width + 1
    height = max(len(s.lines) for s in stacks)
    for s in stacks:
        while len(s.lines) < height:     # blank lines above the bottom border
            s.lines.insert(len(s.lines) - (1 if s.frame == "box" else 0), Line("cells", inner=s.width - 2))
    return stacks


def _area_lines(area: Area, width: int, values: dict, first: bool, last: bool, left: int) -> list[Line]:
    inner = width - 2
    lead = 1 if area.frame == "box" else 0
    places, widths = layout(area, width)
    starts = [lead + sum(widths[:j]) + j for j in range(len(widths))]
    fewer = len(widths) < min(area.columns, len(area.fields))
    # Notes under the columns: when the columns became fewer and the notes differ,
    # each field carries its own column's note beside it instead.
    inline = fewer and len(set(area.footer)) > 1
    cells: list[list[Cell]] = [[] for _ in widths]
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
            column = starts[0] + f["tick_width"] + beside.label_width + text_width(f["sep"]) + f["value_width"] + 1
        # on a narrow page the reminders go under their fields: the heading over them moves
        # up beside the title, or is left out where even that has no room
        for at in (column, after_title):
            if at + text_width(area.reminder_title) + 2 <= width - 2:
                top.append((at, "heading", area.reminder_title))
                break
    lines = []
    if area.frame == "box":
        lines.append(Line("divider" if area.joined and not first else "top", top))
    lines += _caption(area.caption, inner)
    height = max(len(c) for c in cells)
    for r in range(height):
        lines.append(Line("cells", cells=[(widths[j], cells[j][r] if r < len(cells[j]) else None)
                                          for j in range(len(widths))]))
    if area.frame == "box" and last:
        notes = [] if inline else (area.footer[:1] if fewer else area.footer)
        bottom = [(starts[j] - 1, "note", note) for j, note in enumerate(notes) if note and j < len(starts)]
        for j, (_, cell) in enumerate(lines[-1].cells if lines[-1].kind == "cells" else []):
            mark = _track_mark(cell, starts[j])
            if mark is not None:
                bottom.append(mark)
        lines.append(Line("bottom", bottom))
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


def _caption(caption: list[str], inner: int) -> list[Line]:
    if not caption:
        return []
    left, right = (list(caption) + [""])[:2]
    # side by side only with a run of fill between them: two words run together read as one
    if text_width(left) + text_width(right) + (2 if left and right else 0) <= inner - 2:
        return [Line("caption", caption=[left, right])]
    return [Line("caption", caption=[part, ""]) for part in wrap_lines(left, inner - 2, break_on_hyphens=False)] + \
           [Line("caption", caption=["", part]) for part in wrap_lines(right, inner - 2, break_on_hyphens=False)]


# ── one field's lines ──────────────────────────────────────────────────────


def _cells(f: dict, width: int, values: dict, column: int, own_note: str) -> list[Cell]:
    key = f["key"]
    present = key in values
    value = values.get(key)
    if f["kind"] == "attack" and not isinstance(value, Attack):
        value = _blank_attack(f)
    ticked = False
    if f["kind"] == "choice":
        ticked = present and value == f["label"]
    elif f["kind"] == "checkbox":
        ticked = present and bool(value)
    elif f["ticked"] and present and value is not None:
        ticked = bool(compute(f["ticked"], {**values, "value": value}))
    note = f["note"] or (str(values.get(f["reminder_key"], "")) if f["reminder_key"] else "") or own_note
    base = dict(field=f, width=width, value=value, present=present, ticked=ticked,
                maximum=values.get(f["max_key"]) if f["max_key"] else None, note=note, column=column)
    kind = f["kind"]
    if kind == "attack":
        return [Cell(part=p, **base) for p in range(attack_height(value, width))]
    if kind == "lines":                # as many rows as it has, or as its text takes on this page
        pieces = wrap(value, width) if present and value else []
        head = [] if f["bare"] else [Cell(part=0, **base)]
        rows = max(f["rows"], len(pieces))
        return head + [Cell(part=len(head) + r, text=pieces[r] if r < len(pieces) else "", height=rows, **base)
                       for r in range(rows)]
    if kind == "list":
        return _list_cells(f, base, min(width, f["width"]))
    if kind == "track":
        return _track_cells(f, base, width)
    if kind == "text":                 # a value too long for a narrow page goes on under itself
        room = width - text_width(f["label"]) - 2
        shown = str(value) if present and value is not None else ""
        pieces = wrap(shown, room) if text_width(shown) > room else [shown]
        return [Cell(part=n, label_width=f["label_width"], text=piece, height=len(pieces), **base)
                for n, piece in enumerate(pieces)]
    # one value with its label (and its reminder beside it, or below it)
    width = min(width, f["width"])
    fixed = f["tick_width"] + text_width(f["sep"]) + f["value_width"]
    label_width = f["label_width"] if fixed + f["label_width"] <= width else max(min(text_width(f["label"]), width - fixed),
                                                                                 width - fixed)
    spare = width - fixed - label_width - 1
    if note and spare < text_width(note) + 2 and width - fixed - text_width(f["label"]) - 1 >= text_width(note) + 2:
        # the label's fill gives way before the reminder leaves the line
        label_width = width - fixed - 1 - (text_width(note) + 2)
        spare = text_width(note) + 2
    split = fixed + text_width(f["label"]) > width
    if not split and (not note or (f["note_width"] and spare == f["note_width"]) or spare >= text_width(note) + 2):
        note_width = spare if note or f["note_width"] else 0
        return [Cell(part=0, label_width=label_width, note_width=max(note_width, 0), **base)]
    below = wrap_lines(f"({note})", width - 2, break_on_hyphens=False) if note else []
    if split:                                      # the label alone on a line, the value below it
        pieces = wrap_lines(f["label"], width - f["tick_width"], break_on_hyphens=False)
        head = [Cell(part=n, half="label", text=piece, **base) for n, piece in enumerate(pieces)]
        if f["value_width"] or f["sep"]:
            head.append(Cell(part=len(head), half="value", label_width=width - fixed, **base))
    else:
        head = [Cell(part=0, label_width=label_width, **base)]
    return head + [Cell(part=len(head) + p, label_width=label_width, note_lines=below, note_from=len(head), **base)
                   for p in range(len(below))]


def _list_cells(f: dict, base: dict, width: int) -> list[Cell]:
    cells = [] if f["bare"] else [Cell(part=0, **base)]
    size = list_room(f, width)
    items = base["value"] if base["present"] and isinstance(base["value"], list) else []
    for r in range(f["rows"]):
        text = item_text(f, items[r]) if r < len(items) else ""
        if text_width(text) <= size:
            cells.append(Cell(part=len(cells), row=r, text=text, **base))
            continue
        # too long to stand beside its figure: on lines of its own (as many as it takes), the figure below
        pieces = wrap(text, width - f["tick_width"])
        cells += [Cell(part=len(cells) + n, row=r, half="text" if n == 0 else "more", text=piece,
                       height=len(pieces), **base) for n, piece in enumerate(pieces)]
        if f["value"] != "none":
            cells.append(Cell(part=len(cells), row=r, half="value", **base))
    return cells


def attack_height(attack: Attack, width: int) -> int:
    """Lines an attack box takes: a line whose label and value do not both fit takes two."""
    rows = [("Name:", attack.name), ("Keywords:", ", ".join(attack.keywords)), ("Damage:", attack.damage),
            ("Max. Range:", attack.max_range)]
    rows += [(_outcome("Hit", line), line.text) for line in attack.hit]
    rows += [(_outcome("Miss", line), line.text) for line in attack.miss]
    return sum(1 if text_width(label) + text_width(text) <= width else 2 for label, text in rows)


def _outcome(kind: str, line: AttackLine) -> str:
    return f"{kind} ({line.qualifier}):" if line.qualifier else f"{kind}:"


def _track_cells(f: dict, base: dict, width: int) -> list[Cell]:
    items = f["values"] or list(range(f["boxes"]))
    prefix = 0 if f["bare"] else text_width(f["label"]) + 2
    rows: list[list] = [[]]
    used = 0
    for item in items:                 # as many cells on a line as fit it (labelled cells may differ in width)
        need = track_cell_width(f, item) + (text_width(f["join"]) if rows[-1] else 0)
        if rows[-1] and prefix + used + need > width:
            rows.append([])
            used, need = 0, track_cell_width(f, item)
        rows[-1].append(item)
        used += need
    cells = []
    for n, row in enumerate(rows):
        cells.append(Cell(part=n, track_rows=rows, **base))
        if len(rows) > 1 and f["values"] and base["present"] and base["value"] in row:
            cells.append(Cell(part=n, track_rows=rows, marker=prefix + track_offset(f, row, base["value"]) + 1,
                              **base))
    return cells


def _blank_attack(f: dict) -> Attack:
    blank = AttackLine("", "")
    return Attack("", (), "", "", (blank,) * f["hits"], (blank,) * f["misses"])


def _track_mark(cell: Cell | None, start: int):
    """The ^ on the bottom border under a one-line track's current value."""
    if (cell is None or cell.field["kind"] != "track" or len(cell.track_rows) != 1 or not cell.present
            or cell.value not in cell.field["values"]):
        return None
    f = cell.field
    offset = 0 if f["bare"] else text_width(f["label"]) + 2
    return (start + offset + track_offset(f, f["values"], cell.value) + 1, "marker", "^")


def field_cells(area: Area, values: dict) -> list[Cell]:
    """Each field of an area as one cell at its full width (for the Markdown sheet)."""
    return [_cells(f, f["width"], values, 0, "")[0] for f in area.fields]
