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

from nests.content.sheet_kinds import empty_item, item_keys, item_text, list_room
from nests.content.sheets import NAME_SIZE, SheetDefinition
from nests.content.schema import shown
from nests.content.yamlfile import read_yaml
from nests.errors import NestsError, Problem
from nests.render.filters import width, wrap

def state_keys(definition: SheetDefinition) -> list[str]:
    """The values a state holds, in sheet order (see SheetDefinition.state_keys)."""
    return definition.state_keys()


def new_state(definition: SheetDefinition, class_id: str, name: str, starting: dict[str, Any]) -> dict[str, Any]:
    """A new character of a class: its starting figures, its name, no Wounds yet, empty notes,
    and every row of each list (the Inventory's slots), the unused ones empty."""
    fresh = {definition.heading["name_key"]: name, "wounds": 0, "notes": ""}
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
        if f["kind"] == "list" and f["key"] in out and isinstance(out[f["key"]], list):
            rows = [{**empty_item(f), **item} for item in out[f["key"]]]
            rows += [empty_item(f) for _ in range(f["rows"] - len(rows))]
            out[f["key"]] = [{k: row[k] for k in item_keys(f)} for row in rows]
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

    class Row(dict):
        pass

    Dumper.add_representer(Row, lambda d, data: d.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True))
    rows = {k: [Row(item) if isinstance(item, dict) else item for item in v] if isinstance(v, list) else v
            for k, v in flat.items()}
    return yaml.dump(nested(rows), Dumper=Dumper, sort_keys=False, allow_unicode=True, width=1000)


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
    kinds = {f["key"]: f for f in definition.fields}
    maxima = {f["max_key"]: f for f in definition.fields if f["max_key"]}
    allowed = state_keys(definition)
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
        # the name: a text of the heading's room
        f = kinds.get(key) or maxima.get(key) or {"kind": "text", "label": "Name", "width": NAME_SIZE + len("Name: ")}
        message = check_value(f, value, is_max=key in maxima and key not in kinds)
        if message:
            problems.append(doc.problem(path, message))
        if f["kind"] == "lines" and isinstance(value, str):
            value = " ".join(value.split())          # as the sheet's lines hold it: words, one space apart
        out[key] = value
    if problems:
        raise NestsError(sorted(problems, key=lambda p: p.line or 0))
    return full_rows(definition, out)


def check_value(f: dict | None, value: Any, is_max: bool = False) -> str | None:
    """What is wrong with a value for a field of this kind, or None."""
    kind = "pool" if is_max else "number" if f is None else f["kind"]
    if kind == "rating":
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100):
            return f"{shown(value)} is not a rating 0–100 (or null: does not apply)"
    elif kind in ("number", "pool"):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
            return f"{shown(value)} is not a whole number"
        if kind == "pool" and value is not None and value < 0:
            # a pool counts what is left or taken (Wounds 3 of 10): never below nothing
            return f"{shown(value)} is below 0; a pool holds 0 or more"
        if value is not None and f and f.get("digits") and len(str(value)) > f["digits"]:
            return f"{shown(value)} is {len(str(value))} characters; the sheet's {f['label']} holds {f['digits']}"
    elif kind in ("text", "lines", "die"):
        if not isinstance(value, (str, int)) or isinstance(value, bool):
            return f"{shown(value)} is not text"
        if kind == "lines" and not " ".join(str(value).split()).isprintable():
            return f"{shown(value)} holds a control character"
        if kind != "lines" and not str(value).isprintable():
            return f"{shown(value)} holds a line break or control character; a sheet's line is one line of text"
        if kind == "die" and f.get("digits") and width(str(value)) > f["digits"]:
            return f"{shown(value)} is {width(str(value))} columns; the sheet's {f['label']} holds {f['digits']}"
        if kind == "lines" and "rows" in f and len(wrap(str(value), f["width"])) > f["rows"]:
            return (f"is {len(wrap(str(value), f['width']))} lines of text; the sheet's {f['label']} holds "
                    f"{f['rows']} lines of {f['width']} columns")
        room = f["width"] - len(f["label"]) - 2 if kind == "text" and "width" in f else None
        if room is not None and width(str(value)) > room:
            return f"{shown(value)} is {width(str(value))} columns; the sheet's {f['label']} line holds {room}"
    elif kind == "checkbox":
        if not isinstance(value, bool):
            return f"{shown(value)} is not true or false"
    elif kind == "track":
        allowed = f["values"] or list(range(f["boxes"] + 1))
        if value not in allowed:
            return f"{shown(value)} is not one of: {', '.join(map(str, allowed))}"
    elif kind == "list":
        if not isinstance(value, list) or len(value) > f["rows"]:
            return f"is not a list of at most {f['rows']} entries"
        keys = item_keys(f)
        marks = [k for k in (f["tick_key"] or "ticked", f["known_key"]) if k in keys]
        for i, item in enumerate(value):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) or set(item) - set(keys):
                return f"entry {i} is not a mapping of {', '.join(keys)} with a name"
            if not item["name"].isprintable():
                return f"entry {i}: name: {item['name']!r} holds a line break or control character"
            figure = {"kind": f["value"], "digits": f["digits"], "label": f["label"]}
            if f["value"] in item and check_value(figure, item[f["value"]]):
                return f"entry {i}: {f['value']}: {check_value(figure, item[f['value']])}"
            types = item.get(f["types_key"], []) if f["types_key"] else []
            if not isinstance(types, list) or not all(isinstance(t, str) and t for t in types):
                return f"entry {i}: {f['types_key']}: {shown(types)} is not a list of short words"
            for mark in marks:
                if mark in item and not isinstance(item[mark], bool):
                    return f"entry {i}: {mark}: {shown(item[mark])} is not true or false"
            text, room = item_text(f, item), list_room(f)
            if width(text) > room:
                return f"entry {i}: {shown(text)} is {width(text)} columns; a row of the sheet's {f['label']} holds {room}"
    return None
