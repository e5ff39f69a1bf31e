"""Checks of a value that several kinds of field share (none of them a kind itself)."""

from __future__ import annotations

from typing import Any

from nests.content.schema import shown


def text_problem(value: Any, one_line: bool = True) -> str | None:
    """A text value (or a whole number written as one): printable, on one line unless not ``one_line``."""
    if not isinstance(value, (str, int)) or isinstance(value, bool):
        return f"{shown(value)} is not text"
    if not one_line and not " ".join(str(value).split()).isprintable():
        return f"{shown(value)} holds a control character"
    if one_line and not str(value).isprintable():
        return f"{shown(value)} holds a line break or control character; a sheet's line is one line of text"
    return None


def rating_problem(value: Any) -> str | None:
    """A rating: 0 to 100, or None (does not apply)."""
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100):
        return f"{shown(value)} is not a rating 0–100 (or null: does not apply)"
    return None


def whole_problem(value: Any) -> str | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        return f"{shown(value)} is not a whole number"
    return None


def digits_problem(value: Any, digits: int, label: str) -> str | None:
    """A whole number in the ``digits`` the sheet's ``label`` field holds."""
    if value is not None and digits and len(str(value)) > digits:
        return f"{shown(value)} is {len(str(value))} characters; the sheet's {label} holds {digits}"
    return None
