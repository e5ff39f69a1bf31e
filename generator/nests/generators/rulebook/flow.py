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
    words = text.split()
    sizes = [len(w) for w in words] if text.isascii() else [width(w) for w in words]
    if any(size > room for size in sizes):
        words, sizes = _cut(words, sizes, room)
    lines: list[str] = []
    start, used = 0, -1
    for k, size in enumerate(sizes):
        if used + 1 + size > room and k > start:
            lines.append(" ".join(words[start:k]))
            start, used = k, -1
        used += 1 + size
    lines.append(" ".join(words[start:]))
    pad = " " * indent
    return [(marker + " " if n == 0 and marker else pad) + line for n, line in enumerate(lines)]


def _cut(words: list[str], sizes: list[int], room: int):
    """Words wider than a line, cut into pieces that fit (by code point: such words are rare)."""
    out_words, out_sizes = [], []
    for word, size in zip(words, sizes):
        while size > room:
            out_words.append(word[:room])
            out_sizes.append(width(word[:room]))
            word = word[room:]
            size = width(word)
        out_words.append(word)
        out_sizes.append(size)
    return out_words, out_sizes
