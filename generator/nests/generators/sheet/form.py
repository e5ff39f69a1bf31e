"""Fillable sheets: a PDF form field over each value a character's state holds.

Each field is named by the value's dotted key path, a list's rows counted from
0 (``attributes.speed``, ``items.0.depleted``), and lies over the place the
page prints that value, worked out from the same layout the templates draw
(nests.generators.sheet.layout), so that at any width the PDF shows each value
once, in its own place. Each kind of field places its own (FieldKind.form_fields).
"""

from __future__ import annotations

from nests.content.sheets.cell import form_value
from nests.document import FormField
from nests.text import grid


def form_fields(context: dict, pages: int) -> list[list[FormField]]:
    """A form field over each value a character's state holds, by page, named by its
    dotted key path (see nests.document.FormField), a list's rows by position.
    ``context``: the sheet_context the pages were drawn from."""
    out: list[list[FormField]] = [[] for _ in range(pages)]
    heading = context["heading"]
    line = 2 if heading else 1          # below the top border (and the heading line)
    if heading and heading["field"]:
        h = heading["field"]
        out[0].append(FormField(h["key"], 1, h["column"], h["width"], value=form_value(h["value"])))
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
                    if cell is not None and cell.field.handler.state != "none":
                        out[min(page, pages - 1)] += cell.field.handler.form_fields(cell, line + n)
                        if cell.field.xp_key and cell.part == 0:          # its XP tickbox, before its label
                            out[min(page, pages - 1)].append(
                                FormField(f"{cell.field.xp_key}.{cell.field.key}", line + n, cell.column, 1,
                                          kind="checkbox", value="true" if cell.ticked else ""))
        line += len(row.stacks[0].lines)
    return out
