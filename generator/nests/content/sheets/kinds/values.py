"""Kinds of one figure after its label: a rating ([__60%]), a number ([__3]), a die
([_d8]) and a pool, a current value of a maximum ([_2/_4])."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from nests.content.schema import Int, Str, shown
from nests.content.sheets.cell import FieldCell, form_value
from nests.content.sheets.field import Field, Say, field_kind, option
from nests.content.sheets.kinds.checks import digits_problem, rating_problem, text_problem, whole_problem
from nests.content.sheets.kinds.labelled import LabelledKind
from nests.content.sheets.pages import Damaged
from nests.content.sheets.reading import checked
from nests.document import FormField
from nests.text.measure import width


@field_kind("rating")
class RatingKind(LabelledKind):
    """A percentage, 0 to 100, or NONE: does not apply."""

    def value_width(self, f: Field) -> int:
        return 7

    def check_value(self, f: Field, value: Any) -> str | None:
        return rating_problem(value)

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        n, m = self.find_value(f, found, r"\[(_*)([^\]]*)\]", "a rating like [__60%]")
        raw = m.group(2)
        if raw == "NONE":
            return {f.key: None}
        if raw in ("%", ""):
            return {}
        if not re.fullmatch(r"\d+%", raw):
            raise Damaged(n, f"{f.label}: {raw!r} is not a rating (a number and %)")
        return {f.key: checked(f, int(raw[:-1]), n)}


@field_kind("number")
class NumberKind(LabelledKind):
    """A whole number of at most ``digits`` characters."""

    @dataclass(frozen=True)
    class Options:
        digits: int = option(3, Int(1, 6))

    def value_width(self, f: Field) -> int:
        return f.options.digits + 2

    def check_value(self, f: Field, value: Any) -> str | None:
        return whole_problem(value) or digits_problem(value, f.options.digits, f.label)

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        n, m = self.find_value(f, found, r"\[_*([^\]]*)\]", "a value in [ ]")
        raw = m.group(1)
        if not raw:
            return {}
        return {f.key: self.read_figure(raw)}

    def read_figure(self, raw: str) -> Any:
        return int(raw) if re.fullmatch(r"-?\d+", raw) else raw


@field_kind("die")
class DieKind(NumberKind):
    """A die (d8), or any short text in its place."""

    @dataclass(frozen=True)
    class Options:
        digits: int = option(3, Int(2, 6))

    def check_value(self, f: Field, value: Any) -> str | None:
        problem = text_problem(value)
        if problem:
            return problem
        if f.options.digits and width(str(value)) > f.options.digits:
            return f"{shown(value)} is {width(str(value))} columns; the sheet's {f.label} holds {f.options.digits}"
        return None

    def read_figure(self, raw: str) -> Any:
        return raw


@field_kind("pool")
class PoolKind(LabelledKind):
    """What is left of a maximum (Wounds 3 of 10): two figures, the maximum under ``max_key``."""

    @dataclass(frozen=True)
    class Options:
        max_key: str = option("", Str(allow_empty=False))
        digits: int = option(2, Int(1, 4))

    def check(self, f: Field, say: Say) -> Field | None:
        if not f.max_key:
            say("max_key", "missing; a pool names the key of its maximum")
        return f

    def value_width(self, f: Field) -> int:
        return 2 * f.options.digits + 3

    def check_value(self, f: Field, value: Any) -> str | None:
        problem = whole_problem(value)
        if problem:
            return problem
        if value is not None and value < 0:
            # a pool counts what is left or taken (Wounds 3 of 10): never below nothing
            return f"{shown(value)} is below 0; a pool holds 0 or more"
        return digits_problem(value, f.options.digits, f.label)

    def value_fields(self, cell: FieldCell, line: int, start: int, value: str) -> list[FormField]:
        """[_2/_4]: the current value and the maximum."""
        f, d = cell.field, cell.field.options.digits
        return [FormField(f.key, line, start + 1, d, value=value),
                FormField(f.max_key, line, start + d + 2, d, value=form_value(cell.maximum) if cell.present else "")]

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        n, m = self.find_value(f, found, r"\[_*([^/\]]*)/_*([^\]]*)\]", "a figure like [_2/_4]")
        out = {}
        for k, raw in ((f.key, m.group(1)), (f.max_key, m.group(2))):
            if raw:
                if not raw.isdigit():
                    raise Damaged(n, f"{f.label}: {raw!r} is not a whole number")
                out[k] = int(raw)
        return out
