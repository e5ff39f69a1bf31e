"""A character's own sheet: a new character's state, its filled-in sheet, and the
state read back from a sheet the player wrote on (see nests.content.sheets.state)."""

from __future__ import annotations

from typing import Any

from nests.content import Content
from nests.content.sheets import NAME_SIZE, NESTS, definition
from nests.content.yamlfile import control_character
from nests.document import Document, File
from nests.errors import NestsError, Problem
from nests.generators.sheet.pages import FULL, Look, class_values, sheet_markdown, sheet_pages
from nests.text.measure import width
from nests.text.transliterate import transliterate_value


def new_character(content: Content, class_id: str, name: str) -> dict[str, Any]:
    """A new character's state: the class's starting figures, computed once."""
    from nests.content.sheets.state import new_state

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
    from nests.content.sheets.state import load_state

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
    from nests.content.sheets.reader import read_sheet
    from nests.content.sheets.state import state_keys

    sheet_def = definition(content, NESTS)
    read = read_sheet(text, sheet_def, shown)
    names = {content.classes[c].name.upper(): c for c in content.class_ids(playable_only=False)}
    class_id = names.get(read.pop("class", "").upper())
    if class_id is None:
        raise NestsError(Problem(f"the heading names no class; known: {', '.join(n.title() for n in names)}",
                                 file=shown, line=2))
    if old is not None and old.get("class") != class_id:
        raise NestsError(Problem(f"the heading names the class {content.classes[class_id].name}; "
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
    sheet = definition(content, NESTS)
    fields = sheet.fields
    labels = {f.key: f.label.split("/")[0] if f.max_key else f.label for f in fields if not f.handler.shares_key}
    labels.update({f.max_key: f.label for f in fields if f.max_key})
    labels.update({key: key.upper() for key in sheet.xp_keys()})          # XP: its Features by their labels
    named = {f.key: f.label.split("/")[0] for key in sheet.xp_keys() for f in sheet.xp_fields(key)}
    out = []
    for key in dict.fromkeys(list(old) + list(new)):
        if old.get(key) != new.get(key):
            was, now = old.get(key), new.get(key)
            if key in sheet.xp_keys():
                was, now = ([named.get(k, k) for k in v] if isinstance(v, list) else v for v in (was, now))
            out.append(f"{labels.get(key, key.replace('_', ' ').title())} {_brief(was)} → {_brief(now)}")
    return out


def _brief(value) -> str:
    if isinstance(value, list):          # a list's rows: the used ones
        return "; ".join(_brief(v) for v in value if not (isinstance(v, dict) and not v.get("name"))) or "(none)"
    if isinstance(value, dict):
        return value.get("name", str(value))
    return "(none)" if value is None or value == "" else str(value)
