"""Fillable sheets: a PDF form field over each value a character's state holds.

Each field is named by the value's dotted key path, a list's rows counted from
0 (``attributes.speed``, ``items.0.depleted``), and lies over the place the
page prints that value, worked out from the same layout the templates draw
(nests.generators.sheet_layout), so that at any width the PDF shows each
value once, in its own place.
"""

from __future__ import annotations

from nests.content.sheet_kinds import KINDS, track_cell_width, track_offset
from nests.document import Field
from nests.generators.sheet_layout import Cell
from nests.render import grid



def form_fields(context: dict, pages: int) -> list[list[Field]]:
    """A form field over each value a character's state holds, by page, named by its
    dotted key path (see nests.document.Field), a list's rows by position.
    ``context``: the sheet_context the pages were drawn from."""
    out: list[list[Field]] = [[] for _ in range(pages)]
    heading = context["heading"]
    line = 2 if heading else 1          # below the top border (and the heading line)
    if heading and heading["field"]:
        h = heading["field"]
        out[0].append(Field(h["key"], 1, h["column"], h["width"], value=_shown(h["value"])))
    page = 0
    for row in context["rows"]:
        # a row that does not fit what is left of the page starts the next (as sheet.txt.j2)
        height = (1 if row.section else 0) + len(row.stacks[0].lines)
        if line + height > grid.BODY_LINES + 1:
            page, line = page + 1, 1
        line += 1 if row.section else 0
        for stack in row.stacks:
            for n, l in enumerate(stack.lines):
                for _, cell in l.cells:
                    if cell is not None and KINDS[cell.field["kind"]].state != "none":
                        out[min(page, pages - 1)] += _cell_fields(cell, line + n)
        line += len(row.stacks[0].lines)
    return out


def _shown(value) -> str:
    return "" if value is None else str(value)


def _cell_fields(cell: Cell, line: int) -> list[Field]:
    """The fields over one line of one field (most kinds have them on one line only)."""
    f, kind = cell.field, cell.field["kind"]
    value = _shown(cell.value) if cell.present else ""
    width = min(f["width"], cell.width)
    if kind == "checkbox":                   # its tick, before the first line of its label
        return [Field(f["key"], line, cell.column, 1, kind="checkbox", value="true" if cell.ticked else "")
                ] if cell.part == 0 else []
    if kind == "list":
        return _row_fields(cell, line, width) if cell.row >= 0 else []
    if kind == "lines":
        first = cell.part == (0 if f["bare"] else 1)
        return [Field(f["key"], line, cell.column, cell.width, height=cell.height, value=value)] if first else []
    if kind == "track":
        # on the track's current cell (its first, when blank): the value shows in its place,
        # and the rest of the track stays printed around it
        if cell.marker >= 0:
            return []
        if f["values"]:
            here = cell.value if cell.present and cell.value in f["values"] else f["values"][0]
        else:                              # boxes 0, 1, …: the last one ticked
            here = min(max(int(cell.value or 1) - 1, 0), f["boxes"] - 1) if cell.present else 0
        row = cell.track_rows[cell.part]
        if here not in row:
            return []
        start = cell.column + (0 if f["bare"] else len(f["label"]) + 2) + track_offset(f, row, here)
        return [Field(f["key"], line, start, track_cell_width(f, here), value=value)]
    if kind == "text":
        if cell.part:
            return []
        size = min(f["size"], cell.width - len(f["label"]) - 2)
        if cell.height > 1:                # wrapped under itself: the whole room of its lines
            size = cell.width - len(f["label"]) - 2
            start = cell.column + (cell.width - size if f["align"] == "right" else len(f["label"]) + 2)
            return [Field(f["key"], line, start, size, height=cell.height, value=value)]
        if f["align"] == "right":          # the value ends at the right; its label stands just before it
            size = len(value) or size
            return [Field(f["key"], line, cell.column + cell.width - size, size, value=value)]
        size = max(size, len(value))
        start = cell.column + len(f["label"]) + 2
        return [Field(f["key"], line, start, size, value=value)]
    # one value after its label: on the field's first line, or on its own line below a long label
    if not (cell.half == "value" or (cell.half == "" and cell.part == 0)):
        return []
    start = cell.column + f["tick_width"] + cell.label_width + len(f["sep"])
    if kind == "pool":                       # [_2/_4]: the current value and the maximum
        d = f["digits"]
        return [Field(f["key"], line, start + 1, d, value=value),
                Field(f["max_key"], line, start + d + 2, d, value=_shown(cell.maximum) if cell.present else "")]
    return [Field(f["key"], line, start, f["value_width"], value=value)]


def _row_fields(cell: Cell, line: int, width: int) -> list[Field]:
    """One row of a list: its tick, name, types and known mark where its text is
    (the last columns of the text hold the types and the known mark), its figure at
    the right; a row too long for a narrow page has its figure on the line below."""
    f = cell.field
    items = cell.value if cell.present and isinstance(cell.value, list) else []
    item = items[cell.row] if cell.row < len(items) else {}
    name = f"{f['key']}.{cell.row}"
    figure = 0 if f["value"] == "none" else (7 if f["value"] == "rating" else f["digits"] + 2)
    fields = []
    if cell.half in ("", "text"):
        start = cell.column + f["tick_width"]
        size = width - f["tick_width"] - (figure + 1 if figure and cell.half == "" else 0)
        if f["tick"]:
            tick = f["tick_key"] or "ticked"
            fields.append(Field(f"{name}.{tick}", line, cell.column, 1, kind="checkbox",
                                value="true" if item.get(tick) else ""))
        tail = []                          # side by side, no gap: name, types, known
        if f["known_key"]:
            size -= 1
            tail.append(Field(f"{name}.{f['known_key']}", line, start + size, 1, kind="checkbox",
                              value="true" if item.get(f["known_key"], bool(item)) else ""))
        if f["types_key"]:
            size -= 6
            tail.insert(0, Field(f"{name}.{f['types_key']}", line, start + size, 6,
                                 value=",".join(map(str, item.get(f["types_key"]) or []))))
        height = cell.height if cell.half == "text" else 1        # a long name wrapped on the lines below
        fields += [Field(f"{name}.name", line, start, size, height=height, value=_shown(item.get("name")))] + tail
    if figure and cell.half in ("", "value"):
        fields.append(Field(f"{name}.{f['value']}", line, cell.column + width - figure, figure,
                            value=_shown(item.get(f["value"]))))
    return fields
