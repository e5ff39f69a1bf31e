"""Lines to write on (Notes): under the label, or bare; a text longer than the lines
takes as many more as it needs."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nests.content.schema import Bool, Int
from nests.content.sheets.cell import FieldCell, form_value
from nests.content.sheets.field import Field, FieldKind, Say, field_kind, measure_unlabelled, option
from nests.content.sheets.kinds.checks import text_problem
from nests.content.sheets.reading import narrow
from nests.document import FormField
from nests.text.measure import unwrap, wrap


@field_kind("lines")
class LinesKind(FieldKind):
    """A text on ``rows`` lines of the field's width (its label on a line above, unless ``bare``)."""

    state = "text"
    markdown_block = True

    @dataclass(frozen=True)
    class Options:
        rows: int = option(1, Int(1, 40))
        bare: bool = option(False, Bool())

    def measure(self, f: Field, label_width: int | None, say: Say) -> Field | None:
        return measure_unlabelled(f, 1)

    def check_value(self, f: Field, value: Any) -> str | None:
        problem = text_problem(value, one_line=False)
        if problem is None and len(wrap(str(value), f.width)) > f.options.rows:
            return (f"is {len(wrap(str(value), f.width))} lines of text; the sheet's {f.label} holds "
                    f"{f.options.rows} lines of {f.width} columns")
        return problem

    def loaded(self, f: Field, value: Any) -> Any:
        """As the sheet's lines hold it: words, one space apart."""
        return " ".join(value.split()) if isinstance(value, str) else value

    def cells(self, f: Field, base: dict, width: int) -> list[FieldCell]:
        """As many rows as it has, or as its text takes on this page."""
        value = base["value"]
        pieces = wrap(value, width) if base["present"] and value else []
        head = [] if f.options.bare else [FieldCell(part=0, **base)]
        rows = max(f.options.rows, len(pieces))
        return head + [FieldCell(part=len(head) + r, text=pieces[r] if r < len(pieces) else "", height=rows, **base)
                       for r in range(rows)]

    def form_fields(self, cell: FieldCell, line: int) -> list[FormField]:
        """One field over all its lines, on the first."""
        if cell.part != (0 if cell.field.options.bare else 1):
            return []
        value = form_value(cell.value) if cell.present else ""
        return [FormField(cell.field.key, line, cell.column, cell.width, height=cell.height, value=value)]

    def read(self, f: Field, found, bottom, column: int, others: tuple) -> dict[str, Any]:
        rows = [narrow(text.strip()) for _, text in found if text.strip() and set(text.strip()) - {"_"}]
        return {f.key: unwrap(rows, column)}
