"""Sheet definitions: one YAML file per game's character sheet, content/sheets/<id>.yaml.

A definition names its game, its source, an optional heading field and a
list of areas (titled boxes). Areas stand one under the other; ``beside``
puts an area to the right of the one before it, ``joined`` hangs it under
the one before it in the same box, ``section`` starts a section header
line. Each area lays its fields out in ``columns``; every field has a
``key`` (its name in a character's state and in the fillable PDF), a
``kind`` (a registered FieldKind, nests.content.sheets.kinds), a ``width`` in
columns and where its value comes from: the class (``from: class``), the
character's state (the default) or a ``formula`` over other fields.

Everything is checked on load, so that a sheet that would not fit its page
is a content error (file, line, key) and not a broken frame.
"""

from __future__ import annotations

from pathlib import Path

from nests.content.schema import validate
from nests.content.sheets import kinds  # noqa: F401  (the built-in kinds register)
from nests.content.sheets.definition import NAME_SIZE, Area, Row, SheetDefinition, SheetHeading, Stack, column_widths
from nests.content.sheets.field import Field, build_field
from nests.content.sheets.spec import NARROW_INTERIOR, TOP
from nests.content.yamlfile import YamlDocument
from nests.errors import NestsError, Problem
from nests.text import grid
from nests.text.measure import width as text_width
from nests.content import formula as formulas


# ── loading and checking ───────────────────────────────────────────────────


# A definition is built from its file alone and never changed once built: a process that loads
# the same content again (each command of a test run, a build's sheets and books) builds each
# file's definition once. Keyed by the file's name as shown and its bytes' hash; a file that
# does not load is not kept, so its problems are said each time.
_BUILT: dict[tuple[str, str], SheetDefinition] = {}
_KEEP = 64          # definitions kept at most (the oldest go first)


def read_definitions(content) -> dict[str, SheetDefinition]:
    """Every sheet definition of the content, by id (its file's stem), each checked in full;
    ``content.sheets`` keeps them."""
    found, problems = {}, []
    for rel in content.files("sheets"):
        try:
            doc = content.document(rel)
            key = doc.name, doc.digest
            if key not in _BUILT:
                built = load_definition(doc, Path(rel).stem)
                if not doc.digest:
                    found[Path(rel).stem] = built
                    continue
                while len(_BUILT) >= _KEEP:
                    del _BUILT[next(iter(_BUILT))]
                _BUILT[key] = built
            found[Path(rel).stem] = _BUILT[key]
        except NestsError as err:
            problems += err.problems
    if problems:
        raise NestsError(problems)
    return found


def definition(content, sheet_id: str) -> SheetDefinition:
    known = content.sheets
    if sheet_id not in known:
        raise NestsError(f"unknown sheet {sheet_id!r}; known sheets: {', '.join(known) or 'none'}")
    return known[sheet_id]


def load_definition(doc: YamlDocument, sheet_id: str) -> SheetDefinition:
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
        fields = [f for j, raw in enumerate(a["fields"]) if (f := build_field(doc, ("areas", i, "fields", j), raw, a, report))]
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
    h = data.get("heading")
    heading = SheetHeading(h["key"], h["label"], h.get("from", "state"), h.get("name_key", "")) if h else None
    return SheetDefinition(sheet_id, data["game"], data["title"], data["source"], data.get("classes", False),
                           heading, rows, all_fields, doc.name)


def _check_narrowest(doc: YamlDocument, data: dict) -> None:
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


def _rows(doc: YamlDocument, raw_areas: list, areas: list, report: list) -> list[Row]:
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


def _check_area_fits(doc: YamlDocument, area: Area, width: int, report: list) -> None:
    lead = 1 if area.frame == "box" else 0
    inner = width - 2
    for f in area.fields:
        if f.width > inner - lead:
            report.append(Problem(f"{f['width']} columns is wider than its area, which holds {inner - lead}",
                                  doc.name, doc.line(tuple(_path(f)) + ("width",)), f.path + ".width"))
    if any(f.width > inner - lead for f in area.fields):
        return
    columns = column_widths(area)
    need = lead + sum(columns) + len(columns) - 1
    if need > inner:
        f = area.fields[0]
        report.append(Problem(f"its {len(columns)} columns of fields take {need} columns; the area holds {inner}",
                              doc.name, doc.line(tuple(_path(f))), f.path))
    where = tuple(_path(area.fields[0]))[:2]            # ("areas", n)
    if len(area.footer) > len(columns):
        report.append(Problem(f"{len(area.footer)} footer notes for {len(columns)} columns of fields",
                              doc.name, doc.line(where + ("footer",)), ".".join(map(str, where + ("footer",)))))
    if len(area.caption) and sum(text_width(c) for c in area.caption) > inner - 2:
        report.append(Problem(f"{area.caption!r} is {sum(text_width(c) for c in area.caption)} columns; its area holds "
                              f"{inner - 2}", doc.name, doc.line(where + ("caption",)),
                              ".".join(map(str, where + ("caption",)))))


def _path(f: Field) -> list:
    return [int(p) if p.isdigit() else p for p in f.path.split(".")]


def _check_keys(doc: YamlDocument, data: dict, fields: list[Field], report: list) -> None:
    """Keys unique (a choice's options share one), formulas name real fields, no formula depends on itself."""
    seen: dict[str, Field] = {}
    keys: set[str] = set()
    if "heading" in data:
        keys.add(data["heading"]["key"])
        keys.add(data["heading"].get("name_key", data["heading"]["key"]))
    for f in fields:
        for name, k in zip(("key", "max_key"), f.keys):
            other = seen.get(k)
            if other is not None and not (f.handler.shares_key and other.kind == f.kind and name == "key"):
                report.append(Problem(f"{k!r} is already the key of {other.path}; each value has one field",
                                      doc.name, doc.line(tuple(_path(f)) + (name,)), f"{f.path}.{name}"))
            seen.setdefault(k, f)
            keys.add(k)
    graph: dict[str, list[str]] = {}
    for f in fields:
        if not f.formula:
            continue
        target = f.target
        used = formulas.names(f.formula)
        missing = [n for n in used if n not in keys]
        if missing:
            report.append(Problem(f"{f.formula!r} names {missing[0]!r}, which is no field of this sheet",
                                  doc.name, doc.line(tuple(_path(f)) + ("formula",)), f"{f.path}.formula"))
        graph[target] = [n for n in used if n in keys]
    for f in fields:
        if f.ticked:
            missing = [n for n in formulas.names(f.ticked) if n != "value" and n not in keys]
            if missing:
                report.append(Problem(f"{f.ticked!r} names {missing[0]!r}, which is no field of this sheet",
                                      doc.name, doc.line(tuple(_path(f)) + ("ticked",)), f"{f.path}.ticked"))
    by_target = {f.target: f for f in fields if f.formula}
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
                                      doc.line(tuple(_path(f)) + ("formula",)), f"{f.path}.formula"))
                break


