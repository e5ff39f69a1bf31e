"""Sheet definitions: one YAML file per game's character sheet, content/sheets/<id>.yaml.

A definition names its game, its source, an optional heading field and a
list of areas (titled boxes). Areas stand one under the other; ``beside``
puts an area to the right of the one before it, ``joined`` hangs it under
the one before it in the same box, ``section`` starts a section header
line. Each area lays its fields out in ``columns``; every field has a
``key`` (its name in a character's state and in the fillable PDF), a
``kind`` (KINDS, in sheet_kinds.py), a ``width`` in columns and where its value comes
from: the class (``from: class``), the character's state (the default) or
a ``formula`` over other fields.

Everything is checked on load, so that a sheet that would not fit its page
is a content error (file, line, key) and not a broken frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nests.content.schema import Map, shown, validate
from nests.content.sheet_kinds import DEFAULTS, FIELD, FIELD_OPTIONAL, KIND_DIGITS, KINDS, NARROW_INTERIOR, TOP
from nests.content.yamlfile import Document
from nests.errors import NestsError, Problem
from nests.render import grid
from nests.render.filters import width as text_width
from nests.rules import formula as formulas

NESTS = "nests-and-insects"      # the definition the Nests & Insects classes' sheets are filled into
NAME_SIZE = 24      # the heading's room for a name (and its write-in blank): it fits every page width from 40


# ── the model ──────────────────────────────────────────────────────────────


@dataclass
class Area:
    title: str
    section: str | None
    frame: str                  # box | none
    joined: bool
    columns: int
    order: str
    footer: list[str]
    caption: list[str]
    reminder_title: str
    fields: list[dict]
    when: str = "always"        # character: printed only on a character's sheet (and a fillable one)
    title_style: str = "title"  # title: [T] on the top border; heading: ─<T>─, as a joined area shows it
    width: int = 0              # outer width, borders included (set when the rows are laid out)


@dataclass
class Stack:
    """Areas one under the other in one box column: the first and those joined to it."""

    width: int
    areas: list[Area]


@dataclass
class Row:
    section: str | None
    stacks: list[Stack]


@dataclass
class SheetDefinition:
    id: str
    game: str
    title: str
    source: dict
    classes: bool
    heading: dict | None
    rows: list[Row]
    fields: list[dict] = field(default_factory=list)     # every field, in sheet order
    file: str = ""

    def state_keys(self) -> list[str]:
        """The values a character's state holds, in sheet order: the name (a
        heading's name_key, or the heading's own key), then every field whose
        kind keeps a value (a pool's maximum after its current value)."""
        keys = []
        if self.heading:
            keys.append(self.heading.get("name_key") or self.heading["key"])
        for f in self.fields:
            if KINDS[f["kind"]].state == "none":
                continue
            for k in (f["key"], f["max_key"]):
                if k and k not in keys:
                    keys.append(k)
        return keys

    def keys(self) -> list[str]:
        """Every value key of the sheet, in sheet order (a pool's maximum after its current value)."""
        out: list[str] = []
        if self.heading:
            out += [self.heading["key"]] + ([self.heading["name_key"]] if self.heading.get("name_key") else [])
        for f in self.fields:
            for k in (f["key"], f["max_key"]):
                if k and k not in out:
                    out.append(k)
        return out


# ── loading and checking ───────────────────────────────────────────────────


def definitions(content) -> dict[str, SheetDefinition]:
    """Every sheet definition of the content, by id (its file's stem), each checked in full."""
    cached = content.__dict__.get("_sheet_definitions")
    if cached is None:
        cached, problems = {}, []
        for rel in content.files("sheets"):
            try:
                cached[Path(rel).stem] = load_definition(content.document(rel), Path(rel).stem)
            except NestsError as err:
                problems += err.problems
        if problems:
            raise NestsError(problems)
        content.__dict__["_sheet_definitions"] = cached
    return cached


def definition(content, sheet_id: str) -> SheetDefinition:
    known = definitions(content)
    if sheet_id not in known:
        raise NestsError(f"unknown sheet {sheet_id!r}; known sheets: {', '.join(known) or 'none'}")
    return known[sheet_id]


def load_definition(doc: Document, sheet_id: str) -> SheetDefinition:
    if not isinstance(doc.data, dict) or not doc.data:
        raise NestsError(doc.problem(("game",), "the file is empty; a sheet definition starts with game, title, "
                                                "source and areas"))
    problems = validate(doc, TOP)
    if problems:
        raise NestsError(problems)
    data = doc.data
    _check_narrowest(doc, data)
    report: list[Problem] = []
    areas = []
    for i, a in enumerate(data["areas"]):
        fields = [f for j, raw in enumerate(a["fields"]) if (f := _field(doc, ("areas", i, "fields", j), raw, a, report))]
        areas.append((i, Area(
            title=a.get("title", ""), section=a.get("section"), frame=a.get("frame", "box"),
            joined=a.get("joined", False), columns=a.get("columns", 1), order=a.get("order", "across"),
            footer=a.get("footer", []), caption=a.get("caption", []), reminder_title=a.get("reminder_title", ""),
            fields=fields, when=a.get("when", "always"), title_style=a.get("title_style", "title"),
        )))
    if report:
        raise NestsError(report)
    rows = _rows(doc, data["areas"], areas, report)
    all_fields = [f for _, area in areas for f in area.fields]
    _check_keys(doc, data, all_fields, report)
    for row in rows:
        for stack in row.stacks:
            for area in stack.areas:
                _check_area_fits(doc, area, stack.width, report)
    if report:
        raise NestsError(sorted(report, key=lambda p: p.line or 0))
    heading = dict(data["heading"], **{"from": data["heading"].get("from", "state")}) if "heading" in data else None
    return SheetDefinition(sheet_id, data["game"], data["title"], data["source"], data.get("classes", False),
                           heading, rows, all_fields, doc.name)


def _check_narrowest(doc: Document, data: dict) -> None:
    """What a reflowed sheet never breaks across lines fits the narrowest page: the heading's label
    (and room to write), section titles (╠►S◄═╣), box titles ([T] or <T>, and the reminder title
    after it) and footer notes (<^N>) on a box's border, one box to the page's width."""
    inner = NARROW_INTERIOR - 2
    report = []

    def fits(path: tuple, text: str, room: int, what: str) -> None:
        if text_width(text) > room:
            report.append(doc.problem(path, f"{text!r} is {text_width(text)} columns; {what} holds {room} on the "
                                            f"narrowest page (--width {grid.NARROWEST})"))

    if "heading" in data:
        fits(("heading", "label"), data["heading"]["label"], NAME_SIZE, "the heading")
    for i, a in enumerate(data["areas"]):
        if "section" in a:
            fits(("areas", i, "section"), a["section"], NARROW_INTERIOR - 2, "a section's header line")
        title = a.get("title", "")
        heading = a.get("joined") or a.get("title_style") == "heading"
        fits(("areas", i, "title"), title, inner - (3 if heading else 2), "a box's top border")
        if a.get("reminder_title"):
            room = inner - (len(title) + 3 if title else 1) - 2
            fits(("areas", i, "reminder_title"), a["reminder_title"], max(room, 0), "the rest of the box's border")
        for k, note in enumerate(a.get("footer", [])):
            fits(("areas", i, "footer", k), note, inner - 3, "a box's bottom border")
    if report:
        raise NestsError(report)


def _field(doc: Document, path: tuple, raw: Any, area: dict, report: list) -> dict | None:
    def say(key, message):
        report.append(doc.problem(path + ((key,) if key else ()), message))

    if not isinstance(raw, dict):
        say(None, "is not a mapping; a field has key, label, kind and width")
        return None
    kind_name = raw.get("kind")
    if "kind" not in raw:
        say("kind", f"missing; this key is required (one of: {', '.join(KINDS)})")
        return None
    if not isinstance(kind_name, str) or kind_name not in KINDS:
        say("kind", f"{shown(kind_name)} is not a kind of field; allowed: {', '.join(KINDS)}")
        return None
    kind = KINDS[kind_name]
    spec = Map(required=FIELD, optional={**FIELD_OPTIONAL, **kind.options})
    before = len(report)
    spec.check(raw, path, lambda p, m: report.append(doc.problem(p, m)))
    if len(report) > before:
        return None
    f = {**DEFAULTS, **raw}
    f["digits"] = raw.get("digits", KIND_DIGITS.get(kind_name, 3))
    f["source"] = "formula" if "formula" in raw else raw.get("from", "state")
    if "formula" in raw and "from" in raw:
        say("from", "a field with a formula takes its value from the formula; leave out from")
    f.setdefault("formula", "")
    f.setdefault("reminder", "")
    f.setdefault("reminder_key", "")
    f.setdefault("tick", {"choice": "circle", "checkbox": "box"}.get(kind_name, ""))
    f.setdefault("ticked", "")
    f.setdefault("sep", ":" if kind.labelled and kind_name not in ("checkbox", "choice", "text") else "")
    f.setdefault("fill", "." if kind_name != "text" else " ")
    f.setdefault("align", "left")
    f.setdefault("note_fill", ".")
    if kind_name == "pool" and not f["max_key"]:
        say("max_key", "missing; a pool names the key of its maximum")
    if kind_name == "track" and not (f["values"] or f["boxes"]):
        say(None, "a track needs values (labelled boxes) or boxes (a count of empty ones)")
    if kind_name == "text" and f["size"] is None:
        f["size"] = f["width"] - text_width(f["label"]) - 2
        if f["size"] < 1:
            say("width", f"{f['width']} columns leave no room for a value after the label {f['label']!r}, "
                         f"which needs {text_width(f['label']) + 2} with its ': '")
            return None
    f["tick_width"] = 2 if f["tick"] else 0
    f["path"] = ".".join(map(str, path))
    f["line"] = doc.line(path)
    # The reminder: the rulebook's words, or the formula itself.
    f["note"] = f["reminder"] or (f"= {f['formula']}" if f["formula"] else "")
    shown_note = f["note"] or f["reminder_key"]
    if not kind.labelled:
        f["label_width"] = text_width(f["label"])
        f["value_width"] = kind.value_width(f) if kind_name in ("track",) else 0
        need = {"track": f["value_width"] + (0 if f["bare"] else text_width(f["label"]) + 2),
                "attack": 20, "lines": 1, "list": f["tick_width"] + 8 + (0 if f["value"] == "none" else f["digits"] + 3)}
        f["min_width"] = need[kind_name]
    else:
        f["value_width"] = kind.value_width(f)
        fixed = f["tick_width"] + text_width(f["sep"]) + f["value_width"]
        if kind_name == "text":
            f["label_width"] = text_width(f["label"]) + 2
            fixed = f["value_width"]
        elif "label_width" in raw or "label_width" in area:
            f["label_width"] = raw.get("label_width", area.get("label_width"))
        elif shown_note:
            f["label_width"] = text_width(f["label"]) + 1
        else:
            f["label_width"] = f["width"] - fixed
        f["note_width"] = f["width"] - fixed - f["label_width"] - 1 if shown_note else 0
        f["min_width"] = fixed + max(f["label_width"], text_width(f["label"])) + (text_width(f["note"]) + 3 if f["note"] else 0)
        if f["label_width"] < text_width(f["label"]):
            say("width", f"{f['width']} columns leave {f['label_width']} for the label {f['label']!r}, "
                         f"which needs {text_width(f['label'])}")
            return None
    if f["min_width"] > f["width"]:
        say("width", f"{f['width']} is too narrow: label, value and reminder need {f['min_width']} columns")
        return None
    for name in ("formula", "ticked"):
        if f[name]:
            try:
                formulas.names(f[name])
            except formulas.FormulaError as err:
                say(name, str(err))
    return f


def _rows(doc: Document, raw_areas: list, areas: list, report: list) -> list[Row]:
    rows: list[Row] = []
    for i, area in areas:
        raw = raw_areas[i]
        # where an area goes is said once: beside or joined to the one before, or a new row (a section starts one)
        for name in ("joined", "beside"):
            if raw.get(name) and not rows:
                report.append(doc.problem(("areas", i, name), f"the first area has no area before it to be {name} "
                                                              "to; leave out " + name))
            elif raw.get(name) and "section" in raw:
                report.append(doc.problem(("areas", i, name), f"an area that starts a section starts a new row; "
                                                              f"it cannot be {name} to the one before"))
        if raw.get("joined") and raw.get("beside"):
            report.append(doc.problem(("areas", i, "beside"), "an area is joined under the one before or beside "
                                                              "it, not both"))
        if raw.get("joined") and rows:
            if "width" in raw:
                report.append(doc.problem(("areas", i, "width"), "a joined area takes the width of the box above it"))
            rows[-1].stacks[-1].areas.append(area)
        elif raw.get("beside") and rows and "section" not in raw:
            rows[-1].stacks.append(Stack(raw.get("width", 0), [area]))
        else:
            rows.append(Row(area.section, [Stack(raw.get("width", 0), [area])]))
    # Widths: what is given; the rest of the row shared by the others; one column between boxes.
    index = {id(area): i for i, area in areas}
    for row in rows:
        given = sum(s.width for s in row.stacks)
        free = [s for s in row.stacks if not s.width]
        spare = grid.INTERIOR - given - (len(row.stacks) - 1)
        if spare < 3 * len(free) or (not free and spare < 0):
            sized = [s for s in row.stacks if s.width] or row.stacks
            i = index[id(sized[-1].areas[0])]
            need = grid.INTERIOR - spare + 3 * len(free)
            report.append(doc.problem(("areas", i, "width") if "width" in raw_areas[i] else ("areas", i),
                                      f"the areas of this row need at least {need} columns; "
                                      f"the page holds {grid.INTERIOR}"))
            row.stacks = []          # nothing more to check in a row that does not fit
            continue
        for k, s in enumerate(free):
            s.width = spare // len(free) + (spare % len(free) if k == len(free) - 1 else 0)
        if not free:
            row.stacks[-1].width += spare          # the last box reaches the frame
        for s in row.stacks:
            for area in s.areas:
                area.width = s.width
    for row in rows:
        for stack in row.stacks:
            if any(a.frame == "none" for a in stack.areas) and (len(row.stacks) > 1 or len(stack.areas) > 1):
                i = index[id(stack.areas[0])]
                report.append(doc.problem(("areas", i, "frame"), "an unframed area stands alone in its row"))
    return rows


def _check_area_fits(doc: Document, area: Area, width: int, report: list) -> None:
    lead = 1 if area.frame == "box" else 0
    inner = width - 2
    for f in area.fields:
        if f["width"] > inner - lead:
            report.append(Problem(f"{f['width']} columns is wider than its area, which holds {inner - lead}",
                                  doc.name, doc.line(tuple(_path(f)) + ("width",)), f["path"] + ".width"))
    if any(f["width"] > inner - lead for f in area.fields):
        return
    columns = column_widths(area)
    need = lead + sum(columns) + len(columns) - 1
    if need > inner:
        f = area.fields[0]
        report.append(Problem(f"its {len(columns)} columns of fields take {need} columns; the area holds {inner}",
                              doc.name, doc.line(tuple(_path(f))), f["path"]))
    where = tuple(_path(area.fields[0]))[:2]            # ("areas", n)
    if len(area.footer) > len(columns):
        report.append(Problem(f"{len(area.footer)} footer notes for {len(columns)} columns of fields",
                              doc.name, doc.line(where + ("footer",)), ".".join(map(str, where + ("footer",)))))
    if len(area.caption) and sum(text_width(c) for c in area.caption) > inner - 2:
        report.append(Problem(f"{area.caption!r} is {sum(text_width(c) for c in area.caption)} columns; its area holds "
                              f"{inner - 2}", doc.name, doc.line(where + ("caption",)),
                              ".".join(map(str, where + ("caption",)))))


def _path(f: dict) -> list:
    return [int(p) if p.isdigit() else p for p in f["path"].split(".")]


def column_widths(area: Area) -> list[int]:
    """The width of each column of fields: its widest field."""
    widths = [0] * min(area.columns, len(area.fields))
    for f, (col, _) in zip(area.fields, positions(area)):
        widths[col] = max(widths[col], f["width"])
    return widths


def layout(area: Area, width: int) -> tuple[list[tuple[int, int]], list[int]]:
    """(column, place) of each field and the width of each column, at this box width
    (the sheet is laid out, and read back, by it)."""
    lead = 1 if area.frame == "box" else 0
    room = width - 2 - lead
    if width != area.width:          # reflowed: keep a blank column before the right border too
        room -= lead
    n = len(area.fields)
    for columns in range(min(area.columns, n), 0, -1):
        if area.order == "down":
            per = -(-n // columns)
            places = [(i // per, i % per) for i in range(n)]
        else:
            places = [(i % columns, i // columns) for i in range(n)]
        used = max(c for c, _ in places) + 1
        widths = [0] * used
        for f, (c, _) in zip(area.fields, places):
            widths[c] = max(widths[c], min(f["width"], room))
        if sum(widths) + used - 1 <= room or columns == 1:
            return places, widths
    raise AssertionError("unreachable: one column always fits")


def positions(area: Area) -> list[tuple[int, int]]:
    """(column, place in column) of each field: across rows first, or down columns first."""
    n, cols = len(area.fields), min(area.columns, len(area.fields))
    if area.order == "down":
        per = -(-n // cols)
        return [(i // per, i % per) for i in range(n)]
    return [(i % cols, i // cols) for i in range(n)]


def _check_keys(doc: Document, data: dict, fields: list[dict], report: list) -> None:
    """Keys unique (a choice's options share one), formulas name real fields, no formula depends on itself."""
    seen: dict[str, dict] = {}
    keys: set[str] = set()
    if "heading" in data:
        keys.add(data["heading"]["key"])
        keys.add(data["heading"].get("name_key", data["heading"]["key"]))
    for f in fields:
        for name, k in (("key", f["key"]), ("max_key", f["max_key"])):
            if not k:
                continue
            other = seen.get(k)
            if other is not None and not (f["kind"] == "choice" and other["kind"] == "choice" and name == "key"):
                report.append(Problem(f"{k!r} is already the key of {other['path']}; each value has one field",
                                      doc.name, doc.line(tuple(_path(f)) + (name,)), f"{f['path']}.{name}"))
            seen.setdefault(k, f)
            keys.add(k)
    graph: dict[str, list[str]] = {}
    for f in fields:
        if not f["formula"]:
            continue
        target = f["max_key"] or f["key"]
        used = formulas.names(f["formula"])
        missing = [n for n in used if n not in keys]
        if missing:
            report.append(Problem(f"{f['formula']!r} names {missing[0]!r}, which is no field of this sheet",
                                  doc.name, doc.line(tuple(_path(f)) + ("formula",)), f"{f['path']}.formula"))
        graph[target] = [n for n in used if n in keys]
    for f in fields:
        if f["ticked"]:
            missing = [n for n in formulas.names(f["ticked"]) if n != "value" and n not in keys]
            if missing:
                report.append(Problem(f"{f['ticked']!r} names {missing[0]!r}, which is no field of this sheet",
                                      doc.name, doc.line(tuple(_path(f)) + ("ticked",)), f"{f['path']}.ticked"))
    by_target = {f["max_key"] or f["key"]: f for f in fields if f["formula"]}
    state: dict[str, int] = {}

    def cycle(node: str, trail: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in graph.get(node, []):
            if state.get(nxt) == 1:
                return trail + [node, nxt]
            if not state.get(nxt):
                found = cycle(nxt, trail + [node])
                if found:
                    return found
        state[node] = 2
        return None

    for target in graph:
        if not state.get(target):
            loop = cycle(target, [])
            if loop:
                start = loop.index(loop[-1])
                f = by_target[loop[start]]
                report.append(Problem("the formula is circular: " + " → ".join(loop[start:]), doc.name,
                                      doc.line(tuple(_path(f)) + ("formula",)), f"{f['path']}.formula"))
                break


def choices(definition: SheetDefinition, key: str) -> list[tuple[str, str]]:
    """The options of a choice (the fields sharing ``key``) in sheet order, each with the
    note under its column (the Disposition Track's Retreating: Cant Attack, …)."""
    out = []
    for row in definition.rows:
        for stack in row.stacks:
            for area in stack.areas:
                for f, (column, _) in zip(area.fields, positions(area)):
                    if f["kind"] == "choice" and f["key"] == key:
                        out.append((f["label"], area.footer[column] if column < len(area.footer) else ""))
    return out


def formula_order(definition: SheetDefinition) -> list[dict]:
    """The formula fields in an order in which each one's inputs come first."""
    fields = {f["max_key"] or f["key"]: f for f in definition.fields if f["formula"]}
    done: list[dict] = []
    seen: set[str] = set()

    def visit(key: str) -> None:
        if key in seen or key not in fields:
            return
        seen.add(key)
        for name in formulas.names(fields[key]["formula"]):
            visit(name)
        done.append(fields[key])

    for key in fields:
        visit(key)
    return done
