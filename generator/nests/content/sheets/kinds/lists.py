"""A list: rows of an item's name, each with its tick and figure if the list has
them, such as the Inventory (□ Nectar of Healing [C,H]……:[__60%]). A row too long
for a narrow page goes on lines of its own, its figure on the line below."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nests.content.schema import Bool, Int, OneOf, Str, shown
from nests.content.sheets.cell import FieldCell, form_value
from nests.content.sheets.field import Field, FieldKind, Say, field_kind, measure_unlabelled, option
from nests.content.sheets.kinds.checks import digits_problem, rating_problem, whole_problem
from nests.content.sheets.pages import Damaged
from nests.content.sheets.reading import narrow
from nests.document import FormField
from nests.text.glyphs import TICK_CIRCLE, is_ticked, tick_marks
from nests.text.measure import unwrap, width as text_width, wrap


@field_kind("list")
class ListKind(FieldKind):
    """``rows`` rows; each row's ``value`` (its figure: a rating, a number or none), its
    tick (under ``tick_key``), its types (``types_key``) and whether it is known
    (``known_key``); its label on a line above, unless ``bare``."""

    state = "list"
    markdown_block = True

    @dataclass(frozen=True)
    class Options:
        rows: int = option(1, Int(1, 40))
        tick_key: str = option("", Str(allow_empty=False))
        value: str = option("none", OneOf(["rating", "number", "none"]))
        digits: int = option(3, Int(1, 6))
        bare: bool = option(False, Bool())
        types_key: str = option("", Str(allow_empty=False))
        known_key: str = option("", Str(allow_empty=False))

    def measure(self, f: Field, label_width: int | None, say: Say) -> Field | None:
        o = f.options
        return measure_unlabelled(f, f.tick_width + 8 + (0 if o.value == "none" else o.digits + 3))

    def check_value(self, f: Field, value: Any) -> str | None:
        o = f.options
        if not isinstance(value, list) or len(value) > o.rows:
            return f"is not a list of at most {o.rows} entries"
        keys = item_keys(f)
        marks = [k for k in (o.tick_key or "ticked", o.known_key) if k in keys]
        for i, item in enumerate(value):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) or set(item) - set(keys):
                return f"entry {i} is not a mapping of {', '.join(keys)} with a name"
            if not item["name"].isprintable():
                return f"entry {i}: name: {item['name']!r} holds a line break or control character"
            problem = _figure_problem(f, item[o.value]) if o.value != "none" and o.value in item else None
            if problem:
                return f"entry {i}: {o.value}: {problem}"
            types = item.get(o.types_key, []) if o.types_key else []
            if not isinstance(types, list) or not all(isinstance(t, str) and t for t in types):
                return f"entry {i}: {o.types_key}: {shown(types)} is not a list of short words"
            for mark in marks:
                if mark in item and not isinstance(item[mark], bool):
                    return f"entry {i}: {mark}: {shown(item[mark])} is not true or false"
            text, room = item_text(f, item), list_room(f)
            if text_width(text) > room:
                return f"entry {i}: {shown(text)} is {text_width(text)} columns; a row of the sheet's {f.label} holds {room}"
        return None

    def complete(self, f: Field, value: Any) -> Any:
        """Every row, each with all its keys: a state holds one value per write-in place
        of the sheet, as a paper sheet does."""
        if not isinstance(value, list):
            return value
        rows = [{**empty_item(f), **item} for item in value]
        rows += [empty_item(f) for _ in range(f.options.rows - len(rows))]
        return [{k: row[k] for k in item_keys(f)} for row in rows]

    def cells(self, f: Field, base: dict, width: int) -> list[FieldCell]:
        o = f.options
        width = min(width, f.width)
        cells = [] if o.bare else [FieldCell(part=0, **base)]
        size = list_room(f, width)
        items = base["value"] if base["present"] and isinstance(base["value"], list) else []
        for r in range(o.rows):
            text = item_text(f, items[r]) if r < len(items) else ""
            if text_width(text) <= size:
                cells.append(FieldCell(part=len(cells), row=r, text=text, **base))
                continue
            # too long to stand beside its figure: on lines of its own (as many as it takes), the figure below
            pieces = wrap(text, width - f.tick_width)
            cells += [FieldCell(part=len(cells) + n, row=r, half="text" if n == 0 else "more", text=piece,
                           height=len(pieces), **base) for n, piece in enumerate(pieces)]
            if o.value != "none":
                cells.append(FieldCell(part=len(cells), row=r, half="value", **base))
        return cells

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        """One row: its tick, name, types and known mark where its text is (the last
        columns of the text hold the types and the known mark), its figure at the
        right; a row too long for a narrow page has its figure on the line below."""
        if cell.row < 0:
            return []
        f, o = cell.field, cell.field.options
        width = min(f.width, cell.width)
        items = cell.value if cell.present and isinstance(cell.value, list) else []
        item = items[cell.row] if cell.row < len(items) else {}
        name = f"{f.key}.{cell.row}"
        figure = figure_width(f)
        fields = []
        if cell.half in ("", "text"):
            start = cell.column + f.tick_width
            size = width - f.tick_width - (figure + 1 if figure and cell.half == "" else 0)
            if f.tick:
                tick = o.tick_key or "ticked"
                fields.append(FormField(f"{name}.{tick}", line, cell.column, 1, kind="checkbox",
                                        value="true" if item.get(tick) else ""))
            tail = []                          # side by side, no gap: name, types, known
            if o.known_key:
                size -= 1
                tail.append(FormField(f"{name}.{o.known_key}", line, start + size, 1, kind="checkbox",
                                      value="true" if item.get(o.known_key, bool(item)) else ""))
            if o.types_key:
                size -= 6
                tail.insert(0, FormField(f"{name}.{o.types_key}", line, start + size, 6,
                                         value=",".join(map(str, item.get(o.types_key) or []))))
            height = cell.height if cell.half == "text" else 1        # a long name wrapped on the lines below
            fields += [FormField(f"{name}.name", line, start, size, height=height,
                                 value=form_value(item.get("name")))] + tail
        if figure and cell.half in ("", "value"):
            fields.append(FormField(f"{name}.{o.value}", line, cell.column + width - figure, figure,
                                    value=form_value(item.get(o.value))))
        return fields

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        return {f.key: _read_rows(f, found, min(column, f.width) - f.tick_width)}


# ── a list's rows ──────────────────────────────────────────────────────────


def figure_width(f: Field) -> int:
    """Columns of a row's figure: none, a rating ([__60%]) or a number of the list's digits."""
    return {"none": 0, "rating": 7}.get(f.options.value, f.options.digits + 2)


def _figure_problem(f: Field, value: Any) -> str | None:
    if f.options.value == "rating":
        return rating_problem(value)
    return whole_problem(value) or digits_problem(value, f.options.digits, f.label)


def item_keys(f: Field) -> list[str]:
    """What one row of a list holds, in this order: its name, its types (the Nests
    way: letters shown in brackets after the name), its figure, its tick, and
    whether it is known (shown as (?) after the name while it is not)."""
    o = f.options
    return (["name"] + ([o.types_key] if o.types_key else []) + ([o.value] if o.value != "none" else [])
            + ([o.tick_key or "ticked"] if f.tick else []) + ([o.known_key] if o.known_key else []))


def item_text(f: Field, item: dict) -> str:
    """A list row's text: an item's name and, the Nests way, its types in brackets
    and (?) while it is not known."""
    o = f.options
    types = (item.get(o.types_key) or []) if o.types_key else []
    unknown = " (?)" if o.known_key and item.get(o.known_key) is False else ""      # not yet identified
    return str(item.get("name", "")) + (f" [{','.join(map(str, types))}]" if types else "") + unknown


def list_room(f: Field, width: int | None = None) -> int:
    """Columns for a list row's text beside its tick and its figure, in a column
    ``width`` wide (the field's own width by default)."""
    figure = figure_width(f)
    return min(width or f.width, f.width) - f.tick_width - (figure + 1 if figure else 0)


def empty_item(f: Field) -> dict:
    """An unused row of a list: no name, nothing ticked, known."""
    o = f.options
    blank = {"name": "", o.types_key: [], o.value: None, o.tick_key or "ticked": False, o.known_key: True}
    return {k: blank[k] for k in item_keys(f)}


ROW = re.compile(rf"^\s*(?:([{tick_marks()}]) )?(.*?)_*:\[(_*)([^\]]*)\]\s*$")
ITEM = re.compile(r"^(.*?)(?: \[([^\]]*)\])?( \(\?\))?$")


def _read_rows(f: Field, found, room: int) -> list[dict]:
    """Every row of the list, an unused one as an empty row (see empty_item).
    ``room``: the columns of a row's text when it stands on lines of its own."""
    o = f.options
    items = []
    pending: list[str] = []          # the text of a row too long for the page, on the lines above its figure
    for n, text in found:
        m = ROW.match(text)
        if m is None:
            if text.strip() and set(text.strip()) - {"_", "."}:
                pending.append(text.strip())
            continue
        tick, name, _, raw = m.groups()
        if pending and not name.strip("_ "):
            first = pending[0]
            tick, pending[0] = (first[0], first[2:]) if f.tick and first[1:2] == " " else (None, first)
            name = unwrap([narrow(p) for p in pending], room)
        tick = tick or TICK_CIRCLE
        pending = []
        if len(items) == o.rows:
            raise Damaged(n, f"{f.label}: a row more than the sheet's {o.rows}: was a line repeated?")
        name = name.rstrip("_ ")
        item = empty_item(f)
        items.append(item)
        if not name:
            continue
        part = ITEM.match(name)
        item["name"] = part.group(1)
        if o.types_key and part.group(2):
            item[o.types_key] = part.group(2).split(",")
        if raw and raw not in ("%",):
            if not re.fullmatch(r"\d+%", raw):
                raise Damaged(n, f"{f.label}: {raw!r} is not a rating (a number and %)")
            problem = rating_problem(int(raw[:-1]))
            if problem:
                raise Damaged(n, f"{f.label}: {problem}")
            item[o.value] = int(raw[:-1])
        if f.tick:
            item[o.tick_key or "ticked"] = is_ticked(tick)
        if o.known_key:
            item[o.known_key] = part.group(3) is None
    return items
