"""Character sheets: a sheet definition and a character's values → framed pages.

Every sheet, the Nests & Insects classes' and any other game's, is one
definition (content/sheets/<id>.yaml) filled with values: a Nests class's
starting figures (rules/character.py), a character's state, or nothing (a
blank sheet); formulas fill what the values leave blank. This module works
out where each field stands (columns, widths, the marks on box borders) as
numbers; the templates draw every line and format every value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nests.content import Content
from nests.content.sheets import Area, SheetDefinition, column_widths, definition, definitions, formula_order, positions
from nests.document import Document, Field, Page
from nests.errors import NestsError
from nests.model import Attack, AttackLine, Character, CharacterClass
from nests.render import grid, render
from nests.rules.character import create_character, starting_values
from nests.rules.formula import compute

NESTS = "nests-and-insects"      # the definition the class sheets are filled into


@dataclass(frozen=True)
class Sheet:
    class_id: str
    character: Character
    text: str          # the plaintext page, 50 lines


# ── values ─────────────────────────────────────────────────────────────────


def character(content: Content, class_id: str) -> Character:
    docs = content.class_documents
    if class_id not in docs:
        known = ", ".join(content.class_ids(playable_only=False))
        raise NestsError(f"unknown class {class_id!r}; known classes: {known}")
    cls = CharacterClass.from_content(class_id, docs[class_id].data)
    return create_character(cls, content.catalogue)


def sheet_values(definition: SheetDefinition, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with every formula computed where they hold no value of its own."""
    out = dict(values)
    for f in formula_order(definition):
        target = f["max_key"] or f["key"]
        if target not in out:
            result = compute(f["formula"], out)
            if result is not None:
                out[target] = result
    return out


# ── where everything stands ────────────────────────────────────────────────


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

    @property
    def filled(self) -> bool:
        """A value to print (not blank, not "does not apply")."""
        return self.present and self.value is not None and self.value != ""


@dataclass
class Line:
    kind: str                              # top, divider, bottom, cells, caption
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


def plan(definition: SheetDefinition, values: dict[str, Any]) -> list[RowPlan]:
    """Every row of the sheet, each box as its lines, the shorter boxes of a row padded."""
    rows = []
    for row in definition.rows:
        stacks = []
        left = 1                                             # after the page's ║
        for stack in row.stacks:
            frame = stack.areas[0].frame
            lead = 1 if frame == "box" else 0
            lines: list[Line] = []
            for k, area in enumerate(stack.areas):
                lines += _area_lines(area, values, first=k == 0, last=k == len(stack.areas) - 1,
                                    left=left + 1 + lead)
            stacks.append(StackPlan(stack.width, frame, lead, lines))
            left += stack.width + 1
        height = max(len(s.lines) for s in stacks)
        for s in stacks:
            while len(s.lines) < height:     # blank lines above the bottom border
                s.lines.insert(len(s.lines) - (1 if s.frame == "box" else 0), Line("cells", inner=s.width - 2))
        rows.append(RowPlan(row.section, stacks))
    return rows


def _area_lines(area: Area, values: dict, first: bool, last: bool, left: int) -> list[Line]:
    inner = area.width - 2
    lead = 1 if area.frame == "box" else 0
    widths = column_widths(area)
    starts = [lead + sum(widths[:j]) + j for j in range(len(widths))]
    top: list = []
    if area.joined and not first:
        top.append((1, "heading", area.title))
    elif area.title:
        top.append((0, "title", area.title))
    if area.reminder_title:
        f = next(f for f in area.fields if f.get("note_width"))
        top.append((starts[0] + f["tick_width"] + f["label_width"] + len(f["sep"]) + f["value_width"] + 1,
                    "heading", area.reminder_title))
    lines = []
    if area.frame == "box":
        lines.append(Line("divider" if area.joined and not first else "top", top))
    if area.caption:
        lines.append(Line("caption", caption=list(area.caption) + [""] * (2 - len(area.caption))))
    columns: list[list[Cell]] = [[] for _ in widths]
    for f, (col, _) in zip(area.fields, positions(area)):
        for part in range(_lines_of(f, values)):
            columns[col].append(_cell(f, part, widths[col], values, left + starts[col] - lead))
    height = max(len(c) for c in columns)
    for r in range(height):
        lines.append(Line("cells", cells=[(widths[j], columns[j][r] if r < len(columns[j]) else None)
                                          for j in range(len(widths))]))
    if area.frame == "box" and last:
        bottom = [(starts[j] - 1, "note", note) for j, note in enumerate(area.footer) if note]
        for j, cell in enumerate(lines[-1].cells if lines[-1].kind == "cells" else []):
            mark = _track_mark(cell[1], starts[j])
            if mark is not None:
                bottom.append(mark)
        lines.append(Line("bottom", bottom))
    for line in lines:
        line.inner = inner
    return lines


def _lines_of(f: dict, values: dict) -> int:
    if f["kind"] == "attack":
        attack = values.get(f["key"])
        if isinstance(attack, Attack):
            return 4 + len(attack.hit) + len(attack.miss)
        return 4 + f["hits"] + f["misses"]
    if f["kind"] in ("lines", "list"):
        return f["rows"] + (0 if f["bare"] else 1)
    return 1


def _cell(f: dict, part: int, width: int, values: dict, column: int) -> Cell:
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
    note = f["note"] or (str(values.get(f["reminder_key"], "")) if f["reminder_key"] else "")
    return Cell(f, part, width, value, present, ticked, values.get(f["max_key"]) if f["max_key"] else None,
                note, column)


def _blank_attack(f: dict) -> Attack:
    blank = AttackLine("", "")
    return Attack("", (), "", "", (blank,) * f["hits"], (blank,) * f["misses"])


def _track_mark(cell: Cell | None, start: int):
    """The ^ under a labelled track's current value."""
    if cell is None or cell.field["kind"] != "track" or not cell.present or cell.value not in cell.field["values"]:
        return None
    f = cell.field
    offset = 0 if f["bare"] else len(f["label"]) + 2
    index = f["values"].index(cell.value)
    size = len(f["format"] % f["values"][0]) + len(f["join"])
    return (start + offset + index * size + 1, "marker", "^")


# ── pages ──────────────────────────────────────────────────────────────────


def sheet_context(definition: SheetDefinition, values: dict[str, Any]) -> dict:
    """What the sheet templates draw: the definition, its heading and its rows."""
    filled = sheet_values(definition, values)
    heading = None
    if definition.heading:
        key = definition.heading["key"]
        heading = {"label": definition.heading["label"], "value": filled.get(key) or ""}
    return {"sheet": definition, "heading": heading, "rows": plan(definition, filled)}


def class_sheet_context(content: Content, class_id: str) -> dict:
    """A Nests & Insects class's sheet, for templates that frame it themselves (the packet)."""
    return sheet_context(definition(content, NESTS), class_values(content, class_id))


def render_sheet(definition: SheetDefinition, values: dict[str, Any], number: int | None = None) -> list[str]:
    """The sheet's pages as plaintext, each 50 lines."""
    text = render("sheet.txt.j2", number=number, **sheet_context(definition, values))
    lines = text.split("\n")[:-1]
    size = grid.PAGE_LINES
    return ["\n".join(lines[i:i + size]) + "\n" for i in range(0, len(lines), size)]


def class_values(content: Content, class_id: str) -> dict[str, Any]:
    return starting_values(character(content, class_id))


def sheet_text(content: Content, char: Character, number: int | None = None) -> str:
    """A Nests & Insects class's sheet as one plaintext page (the rulebook places these)."""
    return render_sheet(definition(content, NESTS), starting_values(char), number)[0]


def sheet_pages(content: Content, sheet_id: str, values: dict[str, Any] | None = None,
                number: int | None = None, fillable: bool = False) -> list[Page]:
    """The pages of a sheet by id: a Nests & Insects class id (its sheet filled from the
    class) or a sheet definition's id (a blank sheet, or filled with ``values``)."""
    if sheet_id in content.class_documents:
        sheet_def, filled = definition(content, NESTS), class_values(content, sheet_id)
    elif sheet_id in definitions(content):
        sheet_def, filled = definition(content, sheet_id), {}
    else:
        known = content.class_ids(playable_only=False) + list(definitions(content))
        raise NestsError(f"unknown sheet {sheet_id!r}; known: {', '.join(known)}")
    if values:
        filled = {**filled, **values}
    texts = render_sheet(sheet_def, filled, number)
    pages = [Page(t) for t in texts]
    if fillable:
        for page, fields in zip(pages, form_fields(sheet_def, sheet_values(sheet_def, filled), len(pages))):
            page.fields = fields
    return pages


def build_sheets(content: Content, class_ids: list[str]) -> list[Sheet]:
    """One sheet per class id, in the order given."""
    sheet_def = definition(content, NESTS)
    sheets = []
    for class_id in class_ids:
        char = character(content, class_id)
        sheets.append(Sheet(class_id, char, render_sheet(sheet_def, starting_values(char))[0]))
    return sheets


def sheet_documents(content: Content, class_ids: list[str], folder: str = "", fillable: bool = False) -> list[Document]:
    """One document per class id: ``<folder><class>``.txt and .pdf."""
    docs = [
        Document(f"{folder}{s.class_id}", f"{s.character.character_class.name} character sheet", [Page(s.text)])
        for s in build_sheets(content, class_ids)
    ]
    if fillable:
        sheet_def = definition(content, NESTS)
        for doc, class_id in zip(docs, class_ids):
            values = sheet_values(sheet_def, class_values(content, class_id))
            doc.pages[0].fields = form_fields(sheet_def, values, 1)[0]
    return docs


def system_documents(content: Content, sheet_ids: list[str], folder: str = "",
                     fillable: bool = False) -> list[Document]:
    """One blank sheet per definition id: ``<folder><id>``.txt and .pdf."""
    docs = []
    for sheet_id in sheet_ids:
        sheet_def = definition(content, sheet_id)
        docs.append(Document(f"{folder}{sheet_id}", f"{sheet_def.game} {sheet_def.title.lower()}",
                             sheet_pages(content, sheet_id, fillable=fillable)))
    return docs


# ── fillable fields ────────────────────────────────────────────────────────


def form_fields(definition: SheetDefinition, values: dict[str, Any], pages: int) -> list[list[Field]]:
    """A form field over each write-in value of the sheet, by page (see nests.document.Field)."""
    out: list[list[Field]] = [[] for _ in range(pages)]
    line = 2 if definition.heading else 1          # below the top border (and the heading line)
    if definition.heading:
        key = definition.heading["key"]
        out[0].append(Field(key, 1, 2, grid.TEXT_WIDTH, value=_shown(values.get(key))))
    page = 0
    for row in plan(definition, values):
        height = (1 if row.section else 0) + len(row.stacks[0].lines)
        if line + height > grid.BODY_LINES + 1:
            page, line = page + 1, 1
        line += 1 if row.section else 0
        for stack in row.stacks:
            for n, l in enumerate(stack.lines):
                for _, cell in l.cells:
                    if cell is not None:
                        out[min(page, pages - 1)] += _cell_fields(cell, line + n)
        line += len(row.stacks[0].lines)
    return out


def _shown(value) -> str:
    return "" if value is None else str(value)


def _cell_fields(cell: Cell, line: int) -> list[Field]:
    f, kind = cell.field, cell.field["kind"]
    start = cell.column + f["tick_width"]
    if kind == "attack":
        return []
    if kind in ("choice", "checkbox"):
        # a choice's options share one value: each option's button is named by the key and the option
        name = f["key"] if kind == "checkbox" else f"{f['key']}.{f['label'].lower()}"
        return [Field(name, line, cell.column, 1, kind="checkbox", value="true" if cell.ticked else "")]
    if kind == "list":
        row = cell.part - (0 if f["bare"] else 1)
        if row < 0:
            return []
        items = cell.value if isinstance(cell.value, list) else []
        item = items[row] if row < len(items) else {}
        name = f"{f['key']}.{row}"
        fields = [Field(f"{name}.name", line, start, f["width"] - f["tick_width"] - (0 if f["value"] == "none" else 8),
                        value=_shown(item.get("name")))]
        if f["tick"]:
            fields.append(Field(f"{name}.{f['tick_key'] or 'ticked'}", line, cell.column, 1, kind="checkbox",
                                value="true" if item.get(f["tick_key"]) else ""))
        if f["value"] != "none":
            fields.append(Field(f"{name}.{f['value']}", line, cell.column + f["width"] - 7, 7,
                                value=_shown(item.get(f["value"]))))
        return fields
    if kind == "lines":
        if cell.part != (0 if f["bare"] else 1):
            return []
        return [Field(f["key"], line, cell.column, f["width"], height=f["rows"],
                      value=_shown(cell.value) if cell.present else "")]
    if kind == "track":
        return [Field(f["key"], line, cell.column, f["width"], value=_shown(cell.value) if cell.present else "")]
    if kind == "text":
        offset = len(f["label"]) + 2
        return [Field(f["key"], line, cell.column + offset, f["size"], value=_shown(cell.value) if cell.present else "")]
    start += f["label_width"] + len(f["sep"])
    fields = [Field(f["key"], line, start, f["value_width"], value=_shown(cell.value) if cell.present else "")]
    if kind == "pool":
        fields.append(Field(f["max_key"], line, start + f["digits"] + 2, f["digits"], value=_shown(cell.maximum)))
    return fields
