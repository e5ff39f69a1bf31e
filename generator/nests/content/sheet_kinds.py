"""The kinds of field a sheet definition may use, and the schema of a definition's file.

Each kind says which options it takes, how wide its printed value is and what
a character's state holds for it; a list field's rows are measured here too,
for the sheet's layout and for the check of a character's items alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from nests.content.schema import Bool, Int, List, Map, OneOf, Spec, Str
from nests.render import grid
from nests.render.filters import width as text_width

NARROW_INTERIOR = grid.NARROWEST - (grid.PAGE_WIDTH - grid.INTERIOR)      # inside the narrowest page's frame: 37


# ── kinds of field ─────────────────────────────────────────────────────────


@dataclass(frozen=True)
class Kind:
    """What one kind of field holds and how much room its value takes."""

    options: dict[str, Spec]                       # options only this kind takes
    value_width: Callable[[dict], int]             # columns of the printed value ("[__60%]": 7)
    labelled: bool = True                          # label, then sep, then value on one line
    lines: Callable[[dict], int] = lambda f: 1     # lines the field takes on the sheet
    # what a character's state holds: value, list, text; "none": nothing, because
    # the field is class data (an attack) or a moment's position marked at the
    # table (a choice, such as the Disposition Track), not the character's record
    state: str = "value"


def _digits(f: dict) -> int:
    return f["digits"]


def _track_width(f: dict) -> int:
    cells = [_track_cell(f, v) for v in f["values"]] if f["values"] else ["[ ]"] * f["boxes"]
    return sum(text_width(c) for c in cells) + text_width(f["join"]) * (len(cells) - 1)


def _track_cell(f: dict, value) -> str:
    return f["format"] % value


def track_cell_width(f: dict, item) -> int:
    """Columns of one cell of a track: a labelled value as its format prints it, or a box."""
    return len(f["format"] % item) if f["values"] else 3


def track_offset(f: dict, row: list, item) -> int:
    """Columns from the start of a track's line of cells to the cell of ``item``."""
    before = row[:row.index(item)]
    return sum(track_cell_width(f, v) for v in before) + len(f["join"]) * len(before)


def _attack_lines(f: dict) -> int:
    return 4 + f["hits"] + f["misses"]


KINDS: dict[str, Kind] = {
    "rating": Kind({}, lambda f: 7),
    "number": Kind({"digits": Int(1, 6)}, lambda f: _digits(f) + 2),
    "die": Kind({"digits": Int(2, 6)}, lambda f: _digits(f) + 2),
    "pool": Kind({"max_key": Str(allow_empty=False), "digits": Int(1, 4)}, lambda f: 2 * _digits(f) + 3),
    "checkbox": Kind({}, lambda f: 0),
    "choice": Kind({}, lambda f: 0, state="none"),
    "text": Kind({"size": Int(1, 89)}, lambda f: f["size"]),
    "lines": Kind({"rows": Int(1, 40), "bare": Bool()}, lambda f: 1, labelled=False,
                  lines=lambda f: f["rows"] + (0 if f["bare"] else 1), state="text"),
    "list": Kind({"rows": Int(1, 40), "tick_key": Str(allow_empty=False), "value": OneOf(["rating", "number", "none"]),
                  "digits": Int(1, 6), "bare": Bool(), "types_key": Str(allow_empty=False),
                  "known_key": Str(allow_empty=False)},
                 lambda f: 1, labelled=False, lines=lambda f: f["rows"] + (0 if f["bare"] else 1), state="list"),
    "track": Kind({"values": List(Int(-999, 999), min_len=1, max_len=40), "boxes": Int(1, 40),
                   "format": Str(allow_empty=False), "join": Str(), "bare": Bool()},
                  lambda f: _track_width(f), labelled=False, lines=lambda f: 1),
    "attack": Kind({"hits": Int(1, 6), "misses": Int(1, 6)}, lambda f: 20, labelled=False, lines=_attack_lines,
                   state="none"),
}

DEFAULTS = {"digits": None, "size": None, "rows": 1, "tick_key": "", "types_key": "", "known_key": "", "value": "none",
            "bare": False,
            "values": [], "boxes": 0, "format": "[%s]", "join": " ", "max_key": "", "hits": 3, "misses": 2}
KIND_DIGITS = {"number": 3, "die": 3, "pool": 2, "list": 3}

FIELD = {
    "key": Str(allow_empty=False), "label": Str(allow_empty=False), "kind": Str(allow_empty=False),
    "width": Int(1, grid.TEXT_WIDTH),
}
FIELD_OPTIONAL = {
    "from": OneOf(["class", "state"]), "formula": Str(allow_empty=False), "reminder": Str(),
    "reminder_key": Str(allow_empty=False), "tick": OneOf(["box", "circle"]), "ticked": Str(allow_empty=False),
    "label_width": Int(1, grid.TEXT_WIDTH), "sep": Str(), "fill": Str(), "align": OneOf(["left", "right"]),
    "note_fill": OneOf([".", " ", "_"]),
}
AREA = {
    "title": Str(), "section": Str(allow_empty=False), "frame": OneOf(["box", "none"]), "width": Int(3, 200),
    "beside": Bool(), "joined": Bool(), "columns": Int(1, 12), "order": OneOf(["across", "down"]),
    "footer": List(Str()), "caption": List(Str(), min_len=1, max_len=2), "reminder_title": Str(allow_empty=False),
    "label_width": Int(1, grid.TEXT_WIDTH), "when": OneOf(["always", "character"]),
    "title_style": OneOf(["title", "heading"]),
}


class _AnyField(Spec):
    """Fields are checked one by one, by their kind, in _field."""

    def check(self, value, path, report):
        pass


TOP = Map(
    # the page frame of the narrowest page holds them: ╔►game◄═╗ on its top line, ►title◄ then ►page◄ on its bottom
    required={"game": Str(allow_empty=False, max_len=NARROW_INTERIOR - 2),
              "title": Str(allow_empty=False, max_len=NARROW_INTERIOR - 7),
              "source": Map(required={"file": Str(allow_empty=False), "section": Str(allow_empty=False)}),
              "areas": List(Map(required={"fields": List(_AnyField(), min_len=1)}, optional=AREA), min_len=1)},
    optional={"classes": Bool(), "heading": Map(required={"key": Str(allow_empty=False), "label": Str(allow_empty=False)},
                                                optional={"from": OneOf(["class", "state"]),
                                                          "name_key": Str(allow_empty=False)})},
)


# ── a list field's rows ────────────────────────────────────────────────────


def item_keys(f: dict) -> list[str]:
    """What one row of a list holds, in this order: its name, its types (the Nests
    way: letters shown in brackets after the name), its figure, its tick, and
    whether it is known (shown as (?) after the name while it is not)."""
    return (["name"] + ([f["types_key"]] if f["types_key"] else []) + ([f["value"]] if f["value"] != "none" else [])
            + ([f["tick_key"] or "ticked"] if f["tick"] else []) + ([f["known_key"]] if f["known_key"] else []))


def item_text(f: dict, item: dict) -> str:
    """A list row's text: an item's name and, the Nests way, its types in brackets
    and (?) while it is not known."""
    types = (item.get(f["types_key"]) or []) if f["types_key"] else []
    unknown = " (?)" if f["known_key"] and item.get(f["known_key"]) is False else ""      # not yet identified
    return str(item.get("name", "")) + (f" [{','.join(map(str, types))}]" if types else "") + unknown


def list_room(f: dict, width: int | None = None) -> int:
    """Columns for a list row's text beside its tick and its figure, in a column
    ``width`` wide (the field's own width by default)."""
    figure = 0 if f["value"] == "none" else (7 if f["value"] == "rating" else f["digits"] + 2) + 1
    return min(width or f["width"], f["width"]) - f["tick_width"] - figure


def empty_item(f: dict) -> dict:
    """An unused row of a list: no name, nothing ticked, known."""
    blank = {"name": "", f["types_key"]: [], f["value"]: None, f["tick_key"] or "ticked": False, f["known_key"]: True}
    return {k: blank[k] for k in item_keys(f)}
