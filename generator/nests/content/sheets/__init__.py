"""Sheet definitions (content/sheets/<id>.yaml) and what reads and checks a character's
values against them.

- spec: the schema of a definition's file (a kind's own options are its kind's)
- field: a ``Field``, a ``FieldKind`` and the registry of kinds by name
- kinds/: the built-in kinds, one class each
- cell: one line of one field, as the templates draw it
- definition: a loaded definition (areas, rows, where each field stands)
- load: loading and checking the definitions of the content
- state: a character's state file, checked against its sheet
- pages, reading, reader: reading a filled plaintext sheet back
"""

from nests.content.sheets.definition import (NAME_SIZE, NESTS, Area, Row, SheetDefinition, SheetHeading, Stack, choices,
                                             column_widths, formula_order, layout, positions)
from nests.content.sheets.field import FIELD_KINDS, Field, FieldKind, field_kind, option
from nests.content.sheets.load import definition, load_definition

__all__ = ["NAME_SIZE", "NESTS", "Area", "Row", "SheetDefinition", "SheetHeading", "Stack", "choices", "column_widths",
           "formula_order", "layout", "positions", "FIELD_KINDS", "Field", "FieldKind", "field_kind", "option",
           "definition", "load_definition"]
