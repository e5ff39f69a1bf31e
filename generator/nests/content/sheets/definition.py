"""A sheet definition, loaded: its areas in rows of stacks of boxes, each area's
fields, and where in an area each field stands (nests.content.sheets.load builds
and checks it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from nests.content.sheets.field import Field
from nests.content import formula as formulas

NESTS = "nests-and-insects"      # the definition the Nests & Insects classes' sheets are filled into
NAME_SIZE = 24      # the heading's room for a name (and its write-in blank): it fits every page width from 40


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
    fields: list[Field]
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


@dataclass(frozen=True)
class SheetHeading:
    """The dotted line at the top of a sheet: a value (a Nests class's name), and a
    character's name beside it when ``name_key`` names one."""

    key: str
    label: str
    source: str = "state"       # state or class
    name_key: str = ""


@dataclass
class SheetDefinition:
    id: str
    game: str
    title: str
    source: dict
    classes: bool
    heading: SheetHeading | None
    rows: list[Row]
    fields: list[Field] = field(default_factory=list)     # every field, in sheet order
    file: str = ""

    def state_keys(self) -> list[str]:
        """The values a character's state holds, in sheet order: the name (a
        heading's name_key, or the heading's own key), then every field whose
        kind keeps a value (a pool's maximum after its current value), and the list of
        ticked fields (the XP tickboxes) after the first field whose tick it keeps."""
        keys = []
        if self.heading:
            keys.append(self.heading.name_key or self.heading.key)
        for f in self.fields:
            if f.handler.state == "none":
                continue
            for k in f.keys + ((f.xp_key,) if f.xp_key else ()):
                if k not in keys:
                    keys.append(k)
        return keys

    def xp_fields(self, xp_key: str) -> list[Field]:
        """The fields whose tick the state's list ``xp_key`` keeps (the Features with an XP tickbox)."""
        return [f for f in self.fields if f.xp_key == xp_key]

    def xp_keys(self) -> list[str]:
        return list(dict.fromkeys(f.xp_key for f in self.fields if f.xp_key))

    def keys(self) -> list[str]:
        """Every value key of the sheet, in sheet order (a pool's maximum after its current value)."""
        out: list[str] = []
        if self.heading:
            out += [self.heading.key] + ([self.heading.name_key] if self.heading.name_key else [])
        for f in self.fields:
            for k in f.keys:
                if k not in out:
                    out.append(k)
        return out


def column_widths(area: Area) -> list[int]:
    """The width of each column of fields: its widest field."""
    widths = [0] * min(area.columns, len(area.fields))
    for f, (col, _) in zip(area.fields, positions(area)):
        widths[col] = max(widths[col], f.width)
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
            widths[c] = max(widths[c], min(f.width, room))
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


def choices(definition: SheetDefinition, key: str) -> list[tuple[str, str]]:
    """The options of a choice (the fields sharing ``key``) in sheet order, each with the
    note under its column (the Disposition Track's Retreating: Cant Attack, …)."""
    out = []
    for row in definition.rows:
        for stack in row.stacks:
            for area in stack.areas:
                for f, (column, _) in zip(area.fields, positions(area)):
                    if f.handler.shares_key and f.key == key:
                        out.append((f.label, area.footer[column] if column < len(area.footer) else ""))
    return out


def formula_order(definition: SheetDefinition) -> list[Field]:
    """The formula fields in an order in which each one's inputs come first."""
    fields = {f.target: f for f in definition.fields if f.formula}
    done: list[Field] = []
    seen: set[str] = set()

    def visit(key: str) -> None:
        if key in seen or key not in fields:
            return
        seen.add(key)
        for name in formulas.names(fields[key].formula):
            visit(name)
        done.append(fields[key])

    for key in fields:
        visit(key)
    return done
