"""Character sheets: a sheet definition and a character's values → framed pages.

Every sheet, the Nests & Insects classes' and any other game's, is one
definition (content/sheets/<id>.yaml) filled with values: a Nests class's
starting figures (rules/character.py), a character's state, or nothing (a
blank sheet); formulas fill what the values leave blank. The layout
(nests.generators.sheet.layout) works out where each field stands (columns,
widths, the marks on box borders) as numbers; the templates draw every line
and format every value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nests.content import Content
from nests.content.sheets import NAME_SIZE, NESTS, SheetDefinition, SheetHeading, definition, formula_order
from nests.content.sheets.kinds.lists import item_text
from nests.document import Document, File, Page
from nests.errors import NestsError
from nests.generators.sheet.drawn import drawn
from nests.generators.sheet.form import form_fields
from nests.generators.sheet.layout import field_cells, plan
from nests.model import Character
from nests.render import render
from nests.text import grid
from nests.text.measure import centre, width
from nests.text.transliterate import transliterate_value
from nests.rules.character import create_character, starting_values
from nests.content.formula import compute


@dataclass(frozen=True)
class Sheet:
    class_id: str
    character: Character
    text: str          # the plaintext page, 50 lines


# ── values ─────────────────────────────────────────────────────────────────


def character(content: Content, class_id: str) -> Character:
    if class_id not in content.classes:
        known = ", ".join(content.class_ids(playable_only=False))
        raise NestsError(f"unknown class {class_id!r}; known classes: {known}")
    return create_character(content.classes[class_id], content.catalogue)


def sheet_values(definition: SheetDefinition, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with every formula computed where they hold no value of its own."""
    out = dict(values)
    for f in formula_order(definition):
        if f.target not in out:
            result = compute(f.formula, out)
            if result is not None:
                out[f.target] = result
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
    heading = _heading(definition.heading, filled, look.interior, character) if definition.heading else None
    return {"sheet": definition, "heading": heading, "interior": look.interior,
            "rows": plan(definition, filled, look.interior, character)}


def _heading(h: SheetHeading, filled: dict[str, Any], interior: int, character: bool) -> dict:
    """The heading line's text (the template centres it on a dotted line) and where in
    it the value a form field sits on stands: a character's name beside the class
    (a write-in place for it on a blank fillable sheet), or the heading's own value."""
    value = str(filled.get(h.key) or "")
    blank = min(NAME_SIZE, interior - len(h.label) - 6)
    text = value.upper() if value else f"{h.label.upper()}: " + "_" * blank
    own = (0, len(text)) if value else (len(h.label) + 2, blank)
    name_key = h.name_key if h.name_key != h.key else ""
    if name_key:
        own = None
        name = str(filled.get(name_key) or "")
        if name:
            text += ": "
            own = (len(text), len(name))
            text += name
        elif character:
            label = f"  {name_key.replace('_', ' ').upper()}: "
            # the name's blank needs 3 columns at least: on a narrow page the first blank gives up room
            short = len(text) + len(label) + 3 + 2 - interior
            if not value and short > 0:
                blank -= min(short, blank - 3)
                text = f"{h.label.upper()}: " + "_" * blank
            text += label
            own = (len(text), max(3, min(NAME_SIZE, interior - len(text) - 4)))
            text += "_" * own[1]
    field = None
    if own is not None:
        line = centre(f" {text} ", interior, ".")
        column = 1 + width(line[:line.index(f" {text} ") + 1]) + width(text[:own[0]])
        value = filled.get(name_key or h.key)
        # a written value's field reaches on to the right (room to write a longer one) over the dots
        field = {"key": name_key or h.key, "column": column, "value": value,
                 "width": max(own[1], min(NAME_SIZE, interior - column)) if value else own[1]}
    return {"text": text, "field": field}


def render_sheet(definition: SheetDefinition, values: dict[str, Any], number: int | None = None,
                 look: Look = FULL, character: bool = False) -> list[str]:
    """The sheet's pages as plaintext, each 50 lines."""
    return drawn(sheet_context(definition, values, look, character), look.ascii).pages(number)


def class_values(content: Content, class_id: str) -> dict[str, Any]:
    return starting_values(character(content, class_id))


def resolve(content: Content, sheet_id: str) -> tuple[SheetDefinition, dict[str, Any]]:
    """A sheet id's definition and starting values: a Nests & Insects class id (its
    sheet filled from the class) or a sheet definition's id (a blank sheet)."""
    if sheet_id in content.classes:
        return definition(content, NESTS), class_values(content, sheet_id)
    if sheet_id in content.sheets:
        return definition(content, sheet_id), {}
    known = content.class_ids(playable_only=False) + list(content.sheets)
    raise NestsError(f"unknown sheet {sheet_id!r}; known: {', '.join(known)}")


def sheet_pages(content: Content, sheet_id: str, values: dict[str, Any] | None = None,
                number: int | None = None, fillable: bool = False, look: Look = FULL) -> list[Page]:
    """The pages of a sheet by id (a class id or a definition id; see resolve),
    filled with a character's ``values`` over its own. A fillable sheet has a
    form field over each value a character's state holds (and the character's
    own areas, such as Notes); the blank sheet (a class no player picks) leaves
    every one of them empty, for the player to fill."""
    sheet_def, filled = resolve(content, sheet_id)
    if values:
        filled = {**filled, **values}
    elif fillable and sheet_id in content.classes and sheet_id not in content.class_ids():
        filled = {k: v for k, v in filled.items() if k not in sheet_def.state_keys()}
    character = values is not None or fillable
    context = sheet_context(sheet_def, filled, look, character)
    pages = [Page(t) for t in drawn(context, look.ascii).pages(number)]
    if fillable:
        for page, fields in zip(pages, form_fields(context, len(pages))):
            page.fields = fields
    return pages


def party_pages(content: Content, class_ids: list[str], look: Look = FULL) -> list[Page]:
    """The sheets of a party, each class's as `nests sheet CLASS` prints it, one after the other, each
    from a page of its own whose level-1 bookmark names the class (where a handed-out part starts:
    nests.publish.impose.loose_sides)."""
    pages = []
    for class_id in class_ids:
        first, *rest = sheet_pages(content, class_id, look=look)
        first.bookmarks = [(1, content.classes[class_id].name)]
        pages += [first, *rest]
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
    heading = filled.get(definition.heading.key) if definition.heading else None
    areas = [(row.section if k == 0 and n == 0 else None, area, field_cells(area, filled))
             for row in definition.rows for n, stack in enumerate(row.stacks) for k, area in enumerate(stack.areas)]
    return render("sheet.md.j2", sheet=definition, heading=heading, areas=areas, item_text=item_text)
