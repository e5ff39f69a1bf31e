"""Running text: inline markup and re-flow to the page's text width."""

from __future__ import annotations

import re

from nests.render.filters import width as _width

_INLINE_HEADING = re.compile(r"^_([^_\s][^_]*?)_(?=\s|$)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(\S(?:[^*]*?\S)?)\*(?![\w*])")


def width(text: str) -> int:
    # Most words are ASCII: skip the Unicode table for them.
    return len(text) if text.isascii() else _width(text)


def inline(text: str) -> str:
    """Words of a paragraph with the inline markup turned into plaintext typography.

    ``_Heading_`` opening a paragraph becomes ►Heading◄, the game's own label
    mark; ``*emphasis*`` becomes capitals, the plaintext way to stress words.
    """
    text = " ".join(text.split())
    text = _INLINE_HEADING.sub(lambda m: f"►{m.group(1)}◄", text)
    return _EMPHASIS.sub(lambda m: m.group(1).upper(), text)


def wrap(text: str, field: int, marker: str = "") -> list[str]:
    """Greedy re-flow into lines of at most ``field`` columns.

    A list ``marker`` ("•", "3.") hangs in front of the first line; the
    following lines are indented to the text. A word wider than the field
    gets a line of its own and is cut, so nothing is ever lost.
    """
    indent = width(marker) + 1 if marker else 0
    room = field - indent
    lines: list[str] = []
    current: list[str] = []
    used = 0
    for word in text.split():
        w = width(word)
        while w > room:                       # a very long word: cut it
            if current:
                lines.append(" ".join(current))
                current, used = [], 0
            lines.append(word[:room])
            word = word[room:]
            w = width(word)
        if current and used + 1 + w > room:
            lines.append(" ".join(current))
            current, used = [], 0
        current.append(word)
        used += w + (1 if used else 0)
    if current or not lines:
        lines.append(" ".join(current))
    pad = " " * indent
    return [(marker + " " if n == 0 and marker else pad) + line for n, line in enumerate(lines)]
