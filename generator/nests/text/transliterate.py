"""Printable ASCII for plaintext pages (``--ascii``): for screens and tools without
box-drawing glyphs.

Two steps keep the page grid exact. Text from content and a character's state
is transliterated before the page is laid out (an accent dropped, ``≥``
spelled ``>=``), so a longer spelling is measured like any other text; the
finished page then has each drawing glyph swapped for its one-column stand-in
(``nests.text.glyphs.to_ascii``, and the tick boxes here), one for one.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from nests.text.glyphs import BULLETS, TICKS_ASCII, to_ascii

# Spellings for characters that have no accent to drop.
_SPELLED = {"≥": ">=", "≤": "<=", "≠": "!=", "±": "+/-", "×": "x", "÷": "/", "→": "->", "←": "<-",
            "‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-", "…": "...", BULLETS[0]: "*", "·": "-",
            "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O", "\u00a0": " "}

# The sheet's tick marks, one column each: empty, ticked, does not apply.
_TICKS = str.maketrans(TICKS_ASCII)


def transliterate(text: str) -> str:
    """``text`` in printable ASCII, spelled out where a character has no ASCII form."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ch in _SPELLED:
            out.append(_SPELLED[ch])
            continue
        if unicodedata.category(ch) == "Cf":        # zero width (a joiner, a direction mark): nothing to spell
            continue
        plain = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(plain if plain.isascii() and plain.isprintable() else "?")
    return "".join(out)


def transliterate_value(value: Any) -> Any:
    """A sheet value with its text transliterated (lists, mappings and attacks too)."""
    if isinstance(value, str):
        return transliterate(value)
    if isinstance(value, list):
        return [transliterate_value(v) for v in value]
    if isinstance(value, tuple):
        return tuple(transliterate_value(v) for v in value)
    if isinstance(value, dict):
        return {k: transliterate_value(v) for k, v in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        from dataclasses import fields, replace

        return replace(value, **{f.name: transliterate_value(getattr(value, f.name)) for f in fields(value)})
    return value


def page_to_ascii(text: str) -> str:
    """A laid-out page with every glyph swapped one for one; anything left over becomes '?'."""
    text = to_ascii(text).translate(_TICKS)
    if text.isascii():
        return text
    return "".join(ch if ch.isascii() else "?" for ch in text)
