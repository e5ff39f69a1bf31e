"""A character's state: the player's own record of a character, as a YAML file.

Its keys are the keys of the character's sheet definition, nested at their
dots (``attributes.speed`` is ``attributes: {speed: …}``), plus ``class``,
the id of the class file the character was made from. ``nests character
new`` computes the starting figures once; from then on every figure is the
player's, printed and read back as written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from nests.content.schema import shown
from nests.content.sheets.definition import NAME_SIZE, SheetDefinition
from nests.content.sheets.field import FIELD_KINDS, Field
from nests.content.yamlfile import read_yaml
from nests.errors import NestsError, Problem


def state_keys(definition: SheetDefinition) -> list[str]:
    """The values a state holds, in sheet order (see SheetDefinition.state_keys)."""
    return definition.state_keys()


def new_state(definition: SheetDefinition, class_id: str, name: str, starting: dict[str, Any]) -> dict[str, Any]:
    """A new character of a class: its starting figures, its name, no Wounds yet, empty notes,
    no XP tickbox ticked, no Disposition marked (it is set when a Combat starts), and every
    row of each list (the Inventory's slots), the unused ones empty."""
    fresh = {definition.heading.name_key: name, "wounds": 0, "notes": ""}
    fresh.update({key: [] for key in definition.xp_keys()})
    state: dict[str, Any] = {"class": class_id}
    for key in state_keys(definition):
        if key in fresh:
            state[key] = fresh[key]
        elif key in starting:
            state[key] = starting[key]
    return full_rows(definition, state)


def full_rows(definition: SheetDefinition, state: dict[str, Any]) -> dict[str, Any]:
    """``state`` with each list holding all its rows, each row all its keys: a state file
    holds one value per write-in place of the sheet, as a paper sheet does."""
    out = dict(state)
    for f in definition.fields:
        if f.key in out:
            out[f.key] = f.handler.complete(f, out[f.key])
    return out


def nested(flat: dict[str, Any]) -> dict:
    out: dict = {}
    for key, value in flat.items():
        node = out
        *parents, last = key.split(".")
        for part in parents:
            node = node.setdefault(part, {})
        node[last] = value
    return out


def state_yaml(flat: dict[str, Any]) -> str:
    """The state as YAML: each row of a list on one line, like a line of the sheet."""
    import yaml

    class Dumper(yaml.SafeDumper):
        def ignore_aliases(self, data):          # no &id anchors: a person edits this file
            return True

    class FlowRow(dict):          # a list row, written on one line
        pass

    Dumper.add_representer(FlowRow, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True))
    rows = {k: [FlowRow(item) if isinstance(item, dict) else item for item in v] if isinstance(v, list) else v
            for k, v in flat.items()}
    return yaml.dump(nested(rows), Dumper=Dumper, sort_keys=False, allow_unicode=True, width=1000)


def value_problem(definition: SheetDefinition, f: Field | None, key: str, value: Any) -> str | None:
    """What is wrong with a state's ``value`` for ``key`` (of field ``f``), or None: a list of
    ticked fields names fields whose tick it keeps; a choice is one of its fields' labels."""
    if key in definition.xp_keys():
        allowed = [g.key for g in definition.xp_fields(key)]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"{shown(value)} is not a list of the Features whose tickbox is ticked; allowed in it: " \
                   + ", ".join(allowed)
        wrong = [v for v in value if v not in allowed]
        if wrong:
            return f"{shown(wrong[0])} has no tickbox of this list; allowed: {', '.join(allowed)}"
        if len(set(value)) < len(value):
            return "names a Feature twice; each tickbox is ticked once"
        return None
    if f is not None and f.handler.shares_key:
        return f.handler.check_value(f, value, tuple(g.label for g in definition.fields if g.key == key))
    return f.handler.check_value(f, value) if f is not None else None


def load_state(path: str, definition: SheetDefinition, class_ids: list[str]) -> dict[str, Any]:
    """A state file, checked against the sheet: one problem per line, with file, line and key."""
    if Path(path).is_dir():
        raise NestsError(Problem("is a directory; a character state is a YAML file", file=str(path)))
    if Path(path).exists() and not Path(path).is_file():
        raise NestsError(Problem("is not a regular file (a pipe or a device); a character state is a YAML file",
                                 file=str(path)))
    if not Path(path).is_file():
        raise NestsError(Problem("no such character state file", file=str(path)))
    doc = read_yaml(Path(path), str(path))
    if not isinstance(doc.data, dict) or not doc.data:
        raise NestsError(doc.problem(("class",), "the file is empty; a character state starts with its class"))
    kinds = {f.key: f for f in definition.fields}
    maxima = {f.max_key: f for f in definition.fields if f.max_key}
    allowed = state_keys(definition)
    text = FIELD_KINDS["text"]          # the name: a text of the heading's room
    name = Field("name", "Name", text.name, NAME_SIZE + len("Name: "), text, text.Options(size=NAME_SIZE))
    flat: dict[str, Any] = {}
    problems: list[Problem] = []

    def walk(node, path):
        for key, value in node.items():
            dotted = ".".join(path + (str(key),))
            if isinstance(value, dict) and dotted not in allowed:
                walk(value, path + (str(key),))
            else:
                flat[dotted] = (value, path + (key,))

    walk(doc.data, ())
    if "class" not in flat:
        problems.append(doc.problem(("class",), "missing; the class the character was made from"))
    elif flat["class"][0] not in class_ids:
        problems.append(doc.problem(("class",), f"{shown(flat['class'][0])} is not a class; known: {', '.join(class_ids)}"))
    out: dict[str, Any] = {}
    for key, (value, path) in flat.items():
        if key == "class":
            out[key] = value
            continue
        if key not in allowed:
            problems.append(doc.problem(path, "not a value of this sheet; allowed: " + ", ".join(allowed)))
            continue
        if key in definition.xp_keys():
            message = value_problem(definition, None, key, value)
            if message:
                problems.append(doc.problem(path, message))
            out[key] = [g.key for g in definition.xp_fields(key) if g.key in value] if not message else value
            continue
        f = kinds.get(key) or maxima.get(key) or name          # a pool's maximum is checked as the pool
        message = value_problem(definition, f, key, value)
        if message:
            problems.append(doc.problem(path, message))
        if value is None and f.handler.shares_key:
            continue               # none marked: as a sheet with no circle marked reads back
        out[key] = f.handler.loaded(f, value)
    if problems:
        raise NestsError(sorted(problems, key=lambda p: p.line or 0))
    return full_rows(definition, out)
