"""A sheet field, and what a kind of field is.

A field of a sheet definition is a frozen ``Field``: what every field has
(key, label, width, where its value comes from, its reminder, its tick) and
``options``, the options only its kind takes. Its ``kind`` names a
``FieldKind``: one class per kind, registered by name with ``field_kind``
(the built-in ones are in nests.content.sheets.kinds), that checks and
measures the field when its definition is loaded, lays it out in cells,
places its fillable form fields, reads its value back from a filled sheet
and checks a value a character's state holds for it. A new kind is one such
class; the templates draw its cells with the macro it names.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Callable, ClassVar

from nests.content.schema import Map, Spec, shown
from nests.content.sheets.spec import FIELD, FIELD_OPTIONAL
from nests.content.yamlfile import YamlDocument
from nests.text.measure import width as text_width
from nests.content import formula as formulas

Say = Callable[[Any, str], None]      # say(key or None, message): a problem with the field (or one of its keys)


@dataclass(frozen=True)
class NoOptions:
    """A kind that takes no options of its own."""


def option(default: Any, spec: Spec) -> Any:
    """One option of a kind's Options: its default and the schema its value must meet."""
    return dataclasses.field(default=default, metadata={"spec": spec})


@dataclass(frozen=True)
class Field:
    """One field of a sheet definition, checked and measured (see build_field)."""

    key: str                    # its name in a character's state and in the fillable PDF
    label: str
    kind: str                   # the name of its FieldKind
    width: int                  # columns, at the full page width
    handler: FieldKind = dataclasses.field(repr=False, compare=False)
    options: Any = NoOptions()  # its kind's Options
    source: str = "state"       # state, class or formula
    formula: str = ""
    reminder: str = ""          # the rules reminder printed after the value
    reminder_key: str = ""      # the value whose text is the reminder
    tick: str = ""              # box, circle or none: a tick before the label
    ticked: str = ""            # a formula: the tick is ticked when it holds
    xp_key: str = ""          # the state's list of the fields whose tick is ticked (the XP tickboxes)
    sep: str = ""               # between the label (and its fill) and the value
    fill: str = "."             # what fills the rest of the label's room
    align: str = "left"
    note_fill: str = "."        # what fills the rest of the reminder's room
    note: str = ""              # the reminder as printed: its words, or "= formula"
    tick_width: int = 0
    label_width: int = 0        # the label and its fill
    value_width: int = 0        # the printed value ("[__60%]": 7)
    note_width: int = 0         # the reminder beside the value (0: none)
    min_width: int = 0          # the narrowest the field prints without breaking its line
    path: str = ""              # where it is in its file: areas.0.fields.1
    line: int | None = None

    @property
    def max_key(self) -> str:
        """The key of the field's maximum, for a kind that keeps one (a pool's)."""
        return getattr(self.options, "max_key", "")

    @property
    def keys(self) -> tuple[str, ...]:
        """The value keys of the field: its own, then its maximum's."""
        return (self.key, self.max_key) if self.max_key else (self.key,)

    @property
    def target(self) -> str:
        """The value its formula computes: a pool's maximum, or the field's own."""
        return self.max_key or self.key

    @property
    def macro(self) -> str:
        """The template macro that draws one of its cells."""
        return self.handler.macro

    def __getitem__(self, name: str) -> Any:
        """An attribute read by name (f["key"]), as code written for the fields' mappings
        of before reads one (content/loader.py's check of a class's text)."""
        if name == "max_key" or name in self.__dataclass_fields__:
            return getattr(self, name)
        raise KeyError(name)


class FieldKind:
    """What one kind of field holds and how it stands on a sheet. Subclasses set
    the class attributes, override what differs, and are registered with
    ``@field_kind(name)``; one instance of each serves every field of its kind."""

    name: ClassVar[str] = ""
    macro: ClassVar[str] = ""                # the cell's macro (macros/fields.*.j2); the kind's name by default
    Options: ClassVar[type] = NoOptions     # a frozen dataclass: the kind's own options, each made with option()
    # what a character's state holds: value, list, text; "none": nothing, because
    # the field is class data (an attack) or a moment's position marked at the
    # table (a choice, such as the Disposition Track), not the character's record
    state: ClassVar[str] = "value"
    shares_key: ClassVar[bool] = False      # fields of the kind may share a key (a choice's options)
    tick: ClassVar[str] = ""                # the default tick
    sep: ClassVar[str] = ""                 # the default sep
    fill: ClassVar[str] = "."               # the default fill
    markdown_block: ClassVar[bool] = False  # in the Markdown sheet: a block of its own, not a row of the table

    # ── the definition: checking and measuring ─────────────────────────────

    def options_spec(self) -> dict[str, Spec]:
        return {f.name: f.metadata["spec"] for f in dataclasses.fields(self.Options)}

    def check(self, f: Field, say: Say) -> Field | None:
        """The kind's own checks of a field (its options read): the field, completed,
        or None when it cannot be measured."""
        return f

    def measure(self, f: Field, label_width: int | None, say: Say) -> Field | None:
        """The field with its widths: label, value, reminder, and the least it needs
        (``label_width``: the one given, by the field or its area). None: it does not fit."""
        raise NotImplementedError

    # ── a character's values ───────────────────────────────────────────────

    def check_value(self, f: Field, value: Any) -> str | None:
        """What is wrong with a value of the field, or None."""
        return None

    def loaded(self, f: Field, value: Any) -> Any:
        """A state file's value, as the sheet holds it."""
        return value

    def complete(self, f: Field, value: Any) -> Any:
        """A value with all its write-in places (a list: every row)."""
        return value

    # ── the layout ─────────────────────────────────────────────────────────

    def value_of(self, f: Field, value: Any) -> Any:
        """What the cells print for ``value`` (a blank value's stand-in)."""
        return value

    def ticks(self, f: Field, value: Any, present: bool) -> bool | None:
        """Whether the field's tick is ticked; None: by its ``ticked`` formula."""
        return None

    def cells(self, f: Field, base: dict, width: int) -> list:
        """The field's lines as Cells (nests.content.sheets.cell) in a column ``width``
        wide; ``base``: what every one of its Cells holds."""
        raise NotImplementedError

    def bottom_mark(self, cell, start: int) -> tuple | None:
        """A mark the field puts on its box's bottom border, under its last line."""
        return None

    def form_fields(self, cell, line: int) -> list:
        """The fillable form fields (nests.document.Field) over one of its cells,
        drawn on page line ``line``."""
        return []

    # ── reading a filled sheet back ────────────────────────────────────────

    def read(self, f: Field, found: list, bottom, column: int, others: tuple) -> dict[str, Any]:
        """The values the field shows on a sheet: ``found``, its area's (line number,
        text) lines; ``bottom``, its box's bottom border; ``column``, the width of its
        column; ``others``, the other labels of its area, each with its colon."""
        return {}


FIELD_KINDS: dict[str, FieldKind] = {}


def field_kind(name: str, macro: str = ""):
    """Register a FieldKind class under ``name`` (a definition's ``kind: name``)."""
    def register(cls: type[FieldKind]) -> type[FieldKind]:
        cls.name, cls.macro = name, macro or cls.__dict__.get("macro") or name
        FIELD_KINDS[name] = cls()
        return cls
    return register


# ── building a field from its definition ───────────────────────────────────


def build_field(doc: YamlDocument, path: tuple, raw: Any, area: dict, report: list) -> Field | None:
    """A field of a definition's file, checked; None, with its problems reported, when
    it is not usable."""
    def say(key, message):
        report.append(doc.problem(path + ((key,) if key else ()), message))

    if not isinstance(raw, dict):
        say(None, "is not a mapping; a field has key, label, kind and width")
        return None
    kind_name = raw.get("kind")
    if "kind" not in raw:
        say("kind", f"missing; this key is required (one of: {', '.join(FIELD_KINDS)})")
        return None
    if not isinstance(kind_name, str) or kind_name not in FIELD_KINDS:
        say("kind", f"{shown(kind_name)} is not a kind of field; allowed: {', '.join(FIELD_KINDS)}")
        return None
    kind = FIELD_KINDS[kind_name]
    own = kind.options_spec()
    spec = Map(required=FIELD, optional={**FIELD_OPTIONAL, **own})
    before = len(report)
    spec.check(raw, path, lambda p, m: report.append(doc.problem(p, m)))
    if len(report) > before:
        return None
    if "formula" in raw and "from" in raw:
        say("from", "a field with a formula takes its value from the formula; leave out from")
    options = kind.Options(**{k: tuple(v) if isinstance(v, list) else v for k, v in raw.items() if k in own})
    reminder, formula = raw.get("reminder", ""), raw.get("formula", "")
    tick = raw.get("tick", kind.tick)
    f = Field(raw["key"], raw["label"], kind_name, raw["width"], kind, options,
              source="formula" if "formula" in raw else raw.get("from", "state"), formula=formula,
              reminder=reminder, reminder_key=raw.get("reminder_key", ""), tick=tick, ticked=raw.get("ticked", ""),
              xp_key=raw.get("xp_key", area.get("xp_key", "")),
              sep=raw.get("sep", kind.sep), fill=raw.get("fill", kind.fill), align=raw.get("align", "left"),
              note_fill=raw.get("note_fill", "."), tick_width=2 if tick else 0,
              # the reminder: the rulebook's words, or the formula itself
              note=reminder or (f"= {formula}" if formula else ""),
              path=".".join(map(str, path)), line=doc.line(path))
    if f.xp_key and not (f.tick and kind.state == "value"):
        say("xp_key", "only a field with a tick and a value of its own has an XP tickbox (xp_key)")
    if f.xp_key and f.ticked:
        say("xp_key", "a tick is ticked by its formula (ticked) or is an XP tickbox (xp_key), not both")
    f = kind.check(f, say)
    if f is None:
        return None
    f = kind.measure(f, raw.get("label_width", area.get("label_width")), say)
    if f is None:
        return None
    if f.min_width > f.width:
        say("width", f"{f.width} is too narrow: label, value and reminder need {f.min_width} columns")
        return None
    for name in ("formula", "ticked"):
        if getattr(f, name):
            try:
                formulas.names(getattr(f, name))
            except formulas.FormulaError as err:
                say(name, str(err))
    return f


def measure_unlabelled(f: Field, min_width: int, value_width: int = 0) -> Field:
    """A field that is not one line of label and value (lines, a list, a track, an
    attack): its label as wide as it is, and the least width the kind needs."""
    return dataclasses.replace(f, label_width=text_width(f.label), value_width=value_width, min_width=min_width)
