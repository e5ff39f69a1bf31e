"""Display widths and fixed-width fields, for the plaintext templates and the checks alike.

Every filter measures display width (not code points), never truncates, and
refuses text wider than its field: a broken box line is worse than an error.
The box-drawing characters themselves always come from the template.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from nests.errors import NestsError


_NARROW: set[str] = set()      # characters seen so far that take exactly one column
_OTHER = re.compile(r"[^\x20-\x7e]")    # a character not (yet) known to take one column


def width(text: str) -> int:
    """Display width of ``text`` in terminal columns: East Asian wide and
    full-width characters take two, combining marks and format characters
    none, everything else (box drawing included) one."""
    # Pages are made of a few dozen distinct characters: the narrow ones seen so
    # far are left out of _OTHER, so that a line of them is measured at C speed.
    if _OTHER.search(text) is None:
        return len(text)
    unknown = set(text) - _NARROW
    if all(_char_width(ch) == 1 for ch in unknown):
        if unknown:
            _learn(unknown)
        return len(text)
    return sum(map(_char_width, text))


def _learn(narrow: set[str]) -> None:
    global _OTHER
    _NARROW.update(narrow)
    known = "".join(sorted(ch for ch in _NARROW if not " " <= ch <= "~"))
    _OTHER = re.compile("[^\x20-\x7e" + re.escape(known) + "]")


def _char_width(ch: str) -> int:
    category = unicodedata.category(ch)
    if category == "Cc":
        raise NestsError(f"text holds the control character {ch!r}, which has no printable width")
    if category in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def _room(text: str, field: int) -> int:
    spare = field - width(text)
    if spare < 0:
        raise NestsError(f"text {text!r} is {width(text)} columns wide; its field holds {field}")
    return spare


def ljust(text, field: int, fill: str = " ") -> str:
    """``text`` then ``fill`` up to ``field`` columns."""
    text = str(text)
    return text + fill * _room(text, field)


def rjust(text, field: int, fill: str = " ") -> str:
    """``fill`` then ``text``, ``field`` columns in all."""
    text = str(text)
    return fill * _room(text, field) + text


def centre(text, field: int, fill: str = " ", *, as_str_center: bool = False, trim: bool = False) -> str:
    """``text`` centred in ``field`` columns. An odd spare column goes to the left, or with
    ``as_str_center`` where ``str.center`` puts it (the rulebook's lines): to the left when
    ``field`` is odd, else to the right. ``trim``: nothing after the text."""
    text = str(text)
    spare = _room(text, field)
    left = spare // 2 + (spare & field & 1) if as_str_center else spare - spare // 2
    return fill * left + text + ("" if trim else fill * (spare - left))


def shorten(text, field: int, mark: str = "…") -> str:
    """``text`` as it is if it fits ``field`` columns; else cut after a word (or inside
    one, when the first is too long) to fit with ``mark`` after it."""
    text = str(text)
    if width(text) <= field:
        return text
    room = max(0, field - width(mark))
    head = text[:_prefix(text, room)]
    if " " in head.strip() and not text[len(head):len(head) + 1].isspace():
        head = head[:head.rstrip().rindex(" ")]
    return head.rstrip() + mark


def spread(label, value, field: int, fill: str = ".") -> str:
    """``label`` at the left, ``value`` at the right, ``fill`` between them."""
    label, value = str(label), str(value)
    return label + fill * _room(label + value, field) + value


def wrap(text, field: int, *, reversible: bool = True, hyphen: bool = True, marker: str = "",
         breaks: bool = False) -> list[str]:
    """``text`` in lines of at most ``field`` display columns, broken between words,
    each line as full as it goes: the sheets' and the rulebook's (``wrap_lines``, the
    templates', keeps textwrap's ways, and wraps other than one-column text here).

    A word too long for a line is cut: each piece but the last on a line of its own,
    ending in "-" with ``hyphen``, reaching the line's last column or the one before
    (a wide character may not fit the last).

    ``reversible`` (the sheets' text): as with ``hyphen``, and a line that ends in "-"
    of its own stops two columns short at least, so a line ending in "-" within a
    column of the edge is always a cut and ``unwrap`` gives back the text exactly.
    ``marker`` ("•", "3.") hangs in front of the first line, the lines after it are
    indented to the text. ``breaks``: each line of ``text`` is wrapped on its own (an
    empty one stays an empty line); otherwise a line break is a space like any other.
    """
    if reversible and field < 3:
        raise NestsError(f"a {field}-column field is too narrow to wrap text into")
    indent = width(marker) + 1 if marker else 0
    room = max(field - indent, 1)
    text = str(text)
    lines: list[str] = []
    for part in text.split("\n") if breaks else [text]:
        lines += _greedy(part, room, hyphen or reversible, reversible) or ([""] if breaks else [])
    if not marker:
        return lines
    pad = " " * indent
    return [(marker + " " if n == 0 else pad) + line for n, line in enumerate(lines)]


def _greedy(text: str, room: int, hyphen: bool, reversible: bool) -> list[str]:
    """The words of ``text`` in lines of at most ``room`` columns (see ``wrap``)."""
    words = text.split()
    # most text is ASCII: its words' widths are their lengths
    sizes = [len(w) for w in words] if text.isascii() else [width(w) for w in words]
    if any(size > _limit(word, room, reversible) for word, size in zip(words, sizes)):
        words, sizes = _cut_words(words, sizes, room, hyphen and room > 1, reversible)
    lines: list[str] = []
    start, used = 0, -1
    for k, (word, size) in enumerate(zip(words, sizes)):
        if used + 1 + size > _limit(word, room, reversible) and k > start:
            lines.append(" ".join(words[start:k]))
            start, used = k, -1
        used += 1 + size
    return lines + [" ".join(words[start:])] if words else lines


def _limit(word: str, room: int, reversible: bool) -> int:
    """The columns a line ending in ``word`` may take: with ``reversible``, a line that ends
    in "-" of its own stops two columns short, so that it is never taken for a cut."""
    return room - 2 if reversible and word.endswith("-") else room


def _cut_words(words: list[str], sizes: list[int], room: int, hyphen: bool, reversible: bool):
    """Words wider than a line, cut into pieces that fit, each but the last ending in a
    hyphen when asked; ``reversible`` keeps at least one character for the last."""
    out_words, out_sizes = [], []
    mark = 1 if hyphen else 0
    for word, size in zip(words, sizes):
        while size > _limit(word, room, reversible):
            piece, used = "", 0
            for ch in word[:-1] if reversible else word:
                w = _char_width(ch)
                if used + w > room - mark and piece:
                    break
                piece += ch
                used += w
            out_words.append(piece + "-" if hyphen else piece)
            out_sizes.append(used + mark)
            word = word[len(piece):]
            size = width(word)
        out_words.append(word)
        out_sizes.append(size)
    return out_words, out_sizes


def _prefix(word: str, room: int) -> int:
    """How many characters of ``word`` fill at most ``room`` columns (a combining mark
    stays with its letter): at least one, and never all (the rest goes on the next line)."""
    used, cut = 0, 0
    for n, ch in enumerate(word):
        w = _char_width(ch)
        if w and used + w > room:
            break
        used, cut = used + w, n + 1
    return min(max(cut, 1), len(word) - 1)


def unwrap(lines: list[str], field: int) -> str:
    """The text ``wrap`` laid out in ``field`` columns: its lines joined by a space, or
    by nothing after a cut (a line ending in "-" within a column of the edge)."""
    out = ""
    for n, line in enumerate(lines):
        line = line.strip()
        if line.endswith("-") and width(line) >= field - 1 and n + 1 < len(lines):
            out += line[:-1]
        else:
            out += line + " "
    return out.strip()


def cut(text: str, start: int, end: int | None = None) -> str:
    """The part of ``text`` from display column ``start`` up to ``end`` (a wide
    character is in the part its first column is in)."""
    out, column = [], 0
    for ch in text:
        if column >= start and (end is None or column < end):
            out.append(ch)
        column += _char_width(ch)
    return "".join(out)


def place(marks, field: int, fill: str) -> str:
    """A run of ``fill`` ``field`` columns long with each (column, text) mark laid over it."""
    cells = [fill] * field
    for column, text in marks:
        columns = _columns(str(text))
        if column < 0 or column + len(columns) > field:
            raise NestsError(f"mark {text!r} at column {column} falls outside its {field}-column field")
        cells[column:column + len(columns)] = columns
    return "".join(cells)


def _columns(text: str) -> list[str]:
    """``text`` as one string per column: a wide character and an empty second column,
    a combining mark kept with the character before it."""
    out: list[str] = []
    for ch in text:
        size = _char_width(ch)
        if size == 0 and out:
            out[-1] += ch
        else:
            out += [ch] + [""] * (size - 1) if size else [ch]
    return out


def exact(text, field: int) -> str:
    """``text`` unchanged, provided it is exactly ``field`` columns wide (frame lines)."""
    text = str(text)
    if width(text) != field:
        raise NestsError(f"line {text!r} is {width(text)} columns wide, not {field}")
    return text


def wrap_lines(text, field: int, break_long_words: bool = True, break_on_hyphens: bool = True) -> list[str]:
    """Jinja's and textwrap's wrapping, in display columns: ``text`` in lines of at most
    ``field`` columns, each line of it wrapped on its own. Text of one-column characters
    wraps as textwrap does (a hyphen may break a word; a word longer than a line begins on
    the line before, filling it); other text (wide characters, two columns each, or
    combining marks) as ``wrap`` does, its long words cut unmarked."""
    lines: list[str] = []
    for paragraph in str(text).splitlines():
        lines += _wrapped(paragraph, field, break_long_words, break_on_hyphens)
    return lines


@lru_cache(maxsize=4096)
def _wrapped(paragraph: str, field: int, break_long_words: bool, break_on_hyphens: bool) -> tuple[str, ...]:
    """One paragraph's lines, kept: a packet lays its pages out twice or more (until the page
    numbers it prints settle) and wraps the same rules' words in every Room, where textwrap
    was a fifth of the layout's time."""
    import textwrap

    if width(paragraph) == len(paragraph):
        # a word wider than the whole field is cut (as ``wrap`` cuts it): kept
        # whole, it could only break the frame
        cut = break_long_words or any(width(word) > field for word in paragraph.split())
        return tuple(textwrap.wrap(paragraph, width=field, expand_tabs=False, replace_whitespace=False,
                                   break_long_words=cut, break_on_hyphens=break_on_hyphens))
    return tuple(wrap(paragraph, field, reversible=False, hyphen=False))
