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
from nests.content.yamlfile import control_character
from nests.content.sheets import NAME_SIZE, NESTS, SheetDefinition, definition, definitions, formula_order
from nests.document import Document, File, Page
from nests.errors import NestsError, Problem
from nests.generators.sheet_fields import form_fields
from nests.generators.sheet_layout import field_cells, item_text, plan
from nests.model import Character, CharacterClass
from nests.render import grid, render
from nests.render.filters import centre, width
from nests.generators.drawn import DrawnSheet, drawn
from nests.render.transliterate import transliterate_value
from nests.rules.character import create_character, starting_values
from nests.rules.formula import compute



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
    heading = _heading(definition.heading, filled, look.interior, character) if definition.heading else None
    return {"sheet": definition, "heading": heading, "interior": look.interior,
            "rows": plan(definition, filled, look.interior, character)}


def _heading(h: dict, filled: dict[str, Any], interior: int, character: bool) -> dict:
    """The heading line's text (the template centres it on a dotted line) and where in
    it the value a form field sits on stands: a character's name beside the class
    (a write-in place for it on a blank fillable sheet), or the heading's own value."""
    value = str(filled.get(h["key"]) or "")
    blank = min(NAME_SIZE, interior - len(h["label"]) - 6)
    text = value.upper() if value else f"{h['label'].upper()}: " + "_" * blank
    own = (0, len(text)) if value else (len(h["label"]) + 2, blank)
    name_key = h.get("name_key") if h.get("name_key") != h["key"] else None
    if name_key:
        own = None
        name = str(filled.get(name_key) or "")
        if name:
            text += ": "
            own = (len(text), len(name))
            text += name
        elif character:
            text += f"  {name_key.replace('_', ' ').upper()}: "
            own = (len(text), max(3, min(NAME_SIZE, interior - len(text) - 4)))
            text += "_" * own[1]
    field = None
    if own is not None:
        line = centre(f" {text} ", interior, ".")
        column = 1 + width(line[:line.index(f" {text} ") + 1]) + width(text[:own[0]])
        value = filled.get(name_key or h["key"])
        # a written value's field reaches on to the right (room to write a longer one) over the dots
        field = {"key": name_key or h["key"], "column": column, "value": value,
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
    if sheet_id in content.class_documents:
        return definition(content, NESTS), class_values(content, sheet_id)
    if sheet_id in definitions(content):
        return definition(content, sheet_id), {}
    known = content.class_ids(playable_only=False) + list(definitions(content))
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
    elif fillable and sheet_id in content.class_documents and sheet_id not in content.class_ids():
        filled = {k: v for k, v in filled.items() if k not in sheet_def.state_keys()}
    character = values is not None or fillable
    context = sheet_context(sheet_def, filled, look, character)
    pages = [Page(t) for t in drawn(context, look.ascii).pages(number)]
    if fillable:
        for page, fields in zip(pages, form_fields(context, len(pages))):
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
    return render("sheet.md.j2", sheet=definition, heading=heading, areas=areas, item_text=item_text)


# ── a character's own sheet ────────────────────────────────────────────────


def new_character(content: Content, class_id: str, name: str) -> dict[str, Any]:
    """A new character's state: the class's starting figures, computed once."""
    from nests.content.state import new_state

    if class_id not in content.class_ids():
        raise NestsError(f"unknown class {class_id!r}; known classes: {', '.join(content.class_ids())}")
    if not name.strip():
        raise NestsError("a character needs a name: --name NAME")
    if control_character(name):
        raise NestsError(f"--name {name!r} holds the control character {control_character(name)!r}; "
                         "a name is printable text")
    if width(name) > NAME_SIZE:
        raise NestsError(f"--name {name!r} is {width(name)} columns wide; the sheet's heading holds {NAME_SIZE}")
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
        raise NestsError(Problem(f"the heading names the class {content.class_documents[class_id].data['name']}; "
                                 f"the state file it would update is of the class {old.get('class')!r}",
                                 file=shown, line=2))
    state = {"class": class_id}
    for key in state_keys(sheet_def):
        if key in read:
            state[key] = read[key]
    if old is not None and text.lstrip("\ufeff").startswith("+"):
        # an --ascii sheet spells "Ösé" as "Ose": where it shows the state's own text so spelled, that text stays
        state = {k: _as_spelled(old.get(k), v) for k, v in state.items()}
    return state


def _as_spelled(old: Any, new: Any) -> Any:
    """``new`` read from an ASCII sheet, with ``old`` kept wherever ``new`` is its ASCII spelling."""
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [_as_spelled(o, n) for o, n in zip(old, new)]
    if isinstance(old, dict) and isinstance(new, dict):
        return {k: _as_spelled(old.get(k), v) for k, v in new.items()}
    return old if old != new and transliterate_value(old) == new else new


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
    if isinstance(value, list):          # a list's rows: the used ones
        return "; ".join(_brief(v) for v in value if not (isinstance(v, dict) and not v.get("name"))) or "(none)"
    if isinstance(value, dict):
        return value.get("name", str(value))
    return "(none)" if value is None or value == "" else str(value)
