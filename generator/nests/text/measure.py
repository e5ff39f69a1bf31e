"""Display widths and fixed-width fields, for the plaintext templates and the checks alike.

Every filter measures display width (not code points), never truncates, and
refuses text wider than its field: a broken box line is worse than an error.
The box-drawing characters themselves always come from the template.
"""

from __future__ import annotations

import re
import unicodedata

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


def centre(text, field: int, fill: str = " ") -> str:
    """``text`` centred in ``field`` columns; an odd spare column goes to the left."""
    text = str(text)
    spare = _room(text, field)
    right = spare // 2
    return fill * (spare - right) + text + fill * right


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


def wrap(text, field: int) -> list[str]:
    """``text`` in lines of at most ``field`` display columns, broken between words.

    A word too long for a line is cut, each piece but the last ending in "-" and
    reaching the line's last column or the one before (a wide character may not
    fit the last); a line that ends in "-" of its own stops two columns short at
    least. So a line ending in "-" within a column of the edge is always a cut,
    and ``unwrap`` gives back the text exactly, whatever its words."""
    if field < 3:
        raise NestsError(f"a {field}-column field is too narrow to wrap text into")
    lines, line = [], ""
    for word in str(text).split():
        joined = f"{line} {word}" if line else word
        if _fits(joined, field):
            line = joined
            continue
        if line:
            lines.append(line)
        while not _fits(word, field):
            cut = _prefix(word, field - 1)
            lines.append(word[:cut] + "-")
            word = word[cut:]
        line = word
    return lines + [line] if line else lines


def _fits(text: str, field: int) -> bool:
    return width(text) <= (field - 2 if text.endswith("-") else field)


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
    """Jinja's and textwrap's wrapping, in display columns (``wrap`` is the sheets' own, which
    ``unwrap`` undoes): ``text`` in lines of at most ``field`` columns, each line of it wrapped on
    its own: a line of wide characters (two columns each) or combining marks wraps where
    it reaches ``field`` columns; text of one-column characters wraps as textwrap does."""
    import textwrap

    lines: list[str] = []
    for paragraph in str(text).splitlines():
        # a word wider than the whole field is cut (as the rulebook's wrap cuts it): kept
        # whole, it could only break the frame
        cut = break_long_words or any(width(word) > field for word in paragraph.split())
        if width(paragraph) == len(paragraph):
            lines += textwrap.wrap(paragraph, width=field, expand_tabs=False, replace_whitespace=False,
                                   break_long_words=cut, break_on_hyphens=break_on_hyphens)
        else:
            lines += _wrap_columns(paragraph.split(), field, cut)
    return lines


def _wrap_columns(words: list[str], field: int, break_long_words: bool) -> list[str]:
    """Greedy lines of at most ``field`` columns; a wider word is cut (or kept whole)."""
    pieces: list[str] = []
    for word in words:
        while break_long_words and width(word) > field > 0:
            cut = 1
            while width(word[:cut + 1]) <= field:
                cut += 1
            pieces.append(word[:cut])
            word = word[cut:]
        pieces.append(word)
    lines: list[str] = []
    for piece in pieces:
        if lines and width(lines[-1]) + 1 + width(piece) <= field:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines
