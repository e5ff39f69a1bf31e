"""What reading a filled sheet back shares with each kind of field's reader: finding
a field by its label, and the stand-in for a wide character's second column."""

from __future__ import annotations

import re

from nests.content.sheets.pages import Damaged
from nests.text.glyphs import tick_marks

STAND_IN = "\ue000"       # the second column of a wide character, while the sheet is read
LEAD = f"(?:[{tick_marks()}] )?"      # a field's tick before its label, if it has one


class MissingValue(Damaged):
    """A field not found by its label: the line to name is the first whose label is no field's."""


def narrow(value):
    """A value read, without the stand-ins of wide characters."""
    if isinstance(value, str):
        return value.replace(STAND_IN, "")
    if isinstance(value, list):
        return [narrow(v) for v in value]
    if isinstance(value, dict):
        return {k: narrow(v) for k, v in value.items()}
    return value


def label(text: str) -> str:
    """A pattern of a label that does not start inside a word."""
    return r"(?<![A-Za-z])" + re.escape(text)


def find(found, pattern: str, what: str, f):
    """The first line of ``found`` that ``pattern`` matches, and the match; MissingValue,
    naming the line of the field's label, where none does."""
    rx = re.compile(pattern)
    for n, text in found:
        m = rx.search(text)
        if m:
            return n, m
    near = next((n for n, text in found if re.search(label(f.label), text)), found[0][0] if found else 1)
    raise MissingValue(near, f"{f.label}: {what} is not readable here")


def checked(f, value, n: int):
    """``value`` if the field takes it; Damaged, on line ``n``, if not."""
    problem = f.handler.check_value(f, value)
    if problem:
        raise Damaged(n, f"{f.label}: {problem}")
    return value
