"""Character sheets: a sheet definition and a character's values → framed pages.

Every sheet, the Nests & Insects classes' and any other game's, is one
definition (content/sheets/<id>.yaml) filled with values: a Nests class's
starting figures (rules/character.py), a character's state, or nothing (a
blank sheet); formulas fill what the values leave blank. This module works
out where each field stands (columns, widths, the marks on box borders) as
numbers; the templates draw every line and format every value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nests.content import Content
from nests.content.sheets import SheetDefinition, definition, definitions, formula_order
from nests.document import Document, Field, File, Page
from nests.errors import NestsError, Problem
from nests.generators.sheet_layout import Cell, field_cells, plan
from nests.model import Character, CharacterClass
from nests.render import grid, render
from nests.render.transliterate import page_to_ascii, transliterate_value
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


# ── pages ──────────────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Look:
    """How a plaintext sheet is printed: its page width (shadow included) and
    whether it keeps to printable ASCII."""

    width: int = grid.PAGE_WIDTH
    ascii: bool = False

    @property
    def interior(self) -> int:
        return self.width - (grid.PAGE_WIDTH - grid.INTERIOR)


FULL = Look()


def sheet_context(definition: SheetDefinition, values: dict[str, Any], look: Look = FULL,
                  character: bool = False) -> dict:
    """What the sheet templates draw: the definition, its heading and its rows
    (with a character's own areas, such as Notes, when ``character``)."""
    filled = sheet_values(definition, values)
    if look.ascii:
        filled = {k: transliterate_value(v) for k, v in filled.items()}
    heading = None
    if definition.heading:
        h = definition.heading
        name = filled.get(h["name_key"]) if h.get("name_key") and h["name_key"] != h["key"] else None
        heading = {"label": h["label"], "value": filled.get(h["key"]) or "", "name": name or ""}
    return {"sheet": definition, "heading": heading, "interior": look.interior,
            "rows": plan(definition, filled, look.interior, character)}


def class_sheet_context(content: Content, class_id: str) -> dict:
    """A Nests & Insects class's sheet, for templates that frame it themselves (the packet)."""
    return sheet_context(definition(content, NESTS), class_values(content, class_id))


def render_sheet(definition: SheetDefinition, values: dict[str, Any], number: int | None = None,
                 look: Look = FULL, character: bool = False) -> list[str]:
    """The sheet's pages as plaintext, each 50 lines."""
    text = render("sheet.txt.j2", number=number, **sheet_context(definition, values, look, character))
    if look.ascii:
        text = page_to_ascii(text)
    lines = text.split("\n")[:-1]
    size = grid.PAGE_LINES
    return ["\n".join(lines[i:i + size]) + "\n" for i in range(0, len(lines), size)]


def class_values(content: Content, class_id: str) -> dict[str, Any]:
    return starting_values(character(content, class_id))


def sheet_text(content: Content, char: Character, number: int | None = None) -> str:
    """A Nests & Insects class's sheet as one plaintext page (the rulebook places these)."""
    return render_sheet(definition(content, NESTS), starting_values(char), number)[0]


def resolve(content: Content, sheet_id: str) -> tuple[SheetDefinition, dict[str, Any]]:
    """A sheet id's definition and starting values: a Nests & Insects class id (its
    sheet filled from the class) or a sheet definition's id (a blank sheet)."""
    if sheet_id in content.class_documents:
        return definition(content, NESTS), class_values(content, sheet_id)
    if sheet_id in definitions(content):
        return definition(content, sheet_id), {}
    known = content.class_ids(playable_only=False) + list(definitions(content))
    raise NestsError(f"unknown sheet {sheet_id!r}; known: {', '.join(known)}")


def sheet_pages(content: Content, sheet_id: str, values: dict[str, Any] | None = None,
                number: int | None = None, fillable: bool = False, look: Look = FULL) -> list[Page]:
    """The pages of a sheet by id (a class id or a definition id; see resolve),
    filled with a character's ``values`` over its own."""
    sheet_def, filled = resolve(content, sheet_id)
    if values:
        filled = {**filled, **values}
    character = values is not None or fillable
    pages = [Page(t) for t in render_sheet(sheet_def, filled, number, look, character)]
    if fillable:
        for page, fields in zip(pages, form_fields(sheet_def, sheet_values(sheet_def, filled), len(pages), look,
                                                   character)):
            page.fields = fields
    return pages


def build_sheets(content: Content, class_ids: list[str], look: Look = FULL) -> list[Sheet]:
    """One sheet per class id, in the order given."""
    sheet_def = definition(content, NESTS)
    sheets = []
    for class_id in class_ids:
        char = character(content, class_id)
        sheets.append(Sheet(class_id, char, "".join(render_sheet(sheet_def, starting_values(char), look=look))))
    return sheets


def sheet_documents(content: Content, sheet_ids: list[str], folder: str = "", fillable: bool = False,
                    look: Look = FULL, markdown: bool = False) -> list[Document]:
    """One document per class id or definition id: ``<folder><id>``.txt and .pdf (and .md)."""
    docs = []
    for sheet_id in sheet_ids:
        sheet_def, values = resolve(content, sheet_id)
        title = (f"{values['class']} character sheet" if "class" in values
                 else f"{sheet_def.game} {sheet_def.title.lower()}")
        doc = Document(f"{folder}{sheet_id}", title, sheet_pages(content, sheet_id, fillable=fillable, look=look))
        if markdown:
            doc.files["md"] = File(f"{folder}{sheet_id}.md", sheet_markdown(sheet_def, values))
        docs.append(doc)
    return docs


def sheet_markdown(definition: SheetDefinition, values: dict[str, Any]) -> str:
    """The sheet for notes apps: headings and tables, no box drawing."""
    filled = sheet_values(definition, values)
    heading = filled.get(definition.heading["key"]) if definition.heading else None
    areas = [(row.section if k == 0 and n == 0 else None, area, field_cells(area, filled))
             for row in definition.rows for n, stack in enumerate(row.stacks) for k, area in enumerate(stack.areas)]
    return render("sheet.md.j2", sheet=definition, heading=heading, areas=areas)


# ── fillable fields ────────────────────────────────────────────────────────


def form_fields(definition: SheetDefinition, values: dict[str, Any], pages: int,
                look: Look = FULL, character: bool = True) -> list[list[Field]]:
    """A form field over each write-in value of the sheet, by page (see nests.document.Field)."""
    out: list[list[Field]] = [[] for _ in range(pages)]
    line = 2 if definition.heading else 1          # below the top border (and the heading line)
    if definition.heading:
        key = definition.heading.get("name_key") or definition.heading["key"]
        out[0].append(Field(key, 1, 2, look.interior - 2, value=_shown(values.get(key))))
    page = 0
    for row in plan(definition, values, look.interior, character):
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


# ── a character's own sheet ────────────────────────────────────────────────


def new_character(content: Content, class_id: str, name: str) -> dict[str, Any]:
    """A new character's state: the class's starting figures, computed once."""
    from nests.content.state import new_state

    if class_id not in content.class_ids():
        raise NestsError(f"unknown class {class_id!r}; known classes: {', '.join(content.class_ids())}")
    if not name.strip():
        raise NestsError("a character needs a name: --name NAME")
    return new_state(definition(content, NESTS), class_id, name, class_values(content, class_id))


def load_character(content: Content, path: str) -> dict[str, Any]:
    from nests.content.state import load_state

    return load_state(path, definition(content, NESTS), content.class_ids(playable_only=False))


def character_documents(content: Content, state: dict[str, Any], stem: str, fillable: bool = False,
                        look: Look = FULL, markdown: bool = False) -> list[Document]:
    """A character's filled-in sheet: ``<stem>``.txt and .pdf (and .md)."""
    values = {k: v for k, v in state.items() if k != "class"}
    name = values.get("name", stem)
    doc = Document(stem, f"{name}'s character sheet",
                   sheet_pages(content, state["class"], values=values, fillable=fillable, look=look))
    if markdown:
        doc.files["md"] = File(f"{stem}.md", sheet_markdown(definition(content, NESTS),
                                                            {**class_values(content, state["class"]), **values}))
    return [doc]


def read_character(content: Content, text: str, shown: str, old: dict[str, Any] | None) -> dict[str, Any]:
    """The state written on a plaintext sheet; ``old`` (the state it updates) must be of its class."""
    from nests.content.sheet_reader import read_sheet
    from nests.content.state import state_keys

    sheet_def = definition(content, NESTS)
    read = read_sheet(text, sheet_def, shown)
    names = {content.class_documents[c].data["name"].upper(): c for c in content.class_ids(playable_only=False)}
    class_id = names.get(read.pop("class", "").upper())
    if class_id is None:
        raise NestsError(Problem(f"the heading names no class; known: {', '.join(n.title() for n in names)}",
                                 file=shown, line=2))
    if old is not None and old.get("class") != class_id:
        raise NestsError(Problem(f"this is a {content.class_documents[class_id].data['name']}'s sheet; the state "
                                 f"file it would update is a {old.get('class')!r}'s", file=shown, line=2))
    state = {"class": class_id}
    for key in state_keys(sheet_def):
        if key in read:
            state[key] = read[key]
    return state


def changes(content: Content, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Each value that differs, as the sheet labels it: ``Wounds 12 → 9``."""
    fields = definition(content, NESTS).fields
    labels = {f["key"]: f["label"].split("/")[0] if f["max_key"] else f["label"] for f in fields}
    labels.update({f["max_key"]: f["label"] for f in fields if f["max_key"]})
    out = []
    for key in dict.fromkeys(list(old) + list(new)):
        if old.get(key) != new.get(key):
            out.append(f"{labels.get(key, key.replace('_', ' ').title())} {_brief(old.get(key))} → {_brief(new.get(key))}")
    return out


def _brief(value) -> str:
    if isinstance(value, list):
        return "; ".join(_brief(v) for v in value) or "(none)"
    if isinstance(value, dict):
        return value.get("name", str(value))
    return "(none)" if value is None or value == "" else str(value)
