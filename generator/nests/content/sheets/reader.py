"""Reading a plaintext sheet that a person edited back into a character's values.

Any width and either glyph set (box drawing or ``--ascii``) reads the same:
each titled area is found by its title on its top border, its lines are the
text between its side borders down to its bottom border, and each field is
found in its area by its label and read by its kind. The first problem stops
the reading with one message naming the line.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from nests.content.sheets.definition import SheetDefinition, layout
from nests.content.sheets.field import Field
from nests.content.sheets.pages import Damaged, check_pages
from nests.content.sheets.reading import STAND_IN, MissingValue, label, narrow
from nests.errors import NestsError, Problem
from nests.text import grid
from nests.text.glyphs import BOX_SIDE, PAGE_CORNER, is_ticked, tick_marks, to_ascii
from nests.text.measure import width


def read_sheet(text: str, definition: SheetDefinition, name: str) -> dict[str, Any]:
    """The values written on ``text`` (a sheet of ``definition``); ``name`` is shown in errors."""
    try:
        return _read(text, definition)
    except Damaged as err:
        raise NestsError(Problem(err.message, file=name, line=err.line)) from None


def decode(data: bytes, name: str) -> str:
    """A sheet file's text: UTF-8 (with or without a byte order mark). A file cut short
    inside a character is read up to it (and is then found truncated)."""
    # without a byte order mark, UTF-16 text has a zero byte in every other place ("+\0-\0")
    utf16 = len(data) > 3 and any(data[k::2].count(0) * 3 > len(data) for k in (0, 1))
    if data.startswith((b"\xff\xfe", b"\xfe\xff")) or utf16:
        raise NestsError(Problem("is UTF-16 text; a sheet is read as UTF-8: save it as UTF-8", file=name, line=1))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        if err.reason == "unexpected end of data":
            if not err.start:
                raise NestsError(Problem("the sheet ends inside its first character: it is truncated", file=name,
                                         line=1)) from None
            return data[:err.start].decode("utf-8")
        line = data[:err.start].count(b"\n") + 1
        if b"\0" in data:
            raise NestsError(Problem("is not a plaintext sheet (binary data)", file=name, line=1)) from None
        raise NestsError(Problem(f"is not UTF-8 text: byte 0x{data[err.start]:02x} on this line", file=name,
                                 line=line)) from None


def _read(text: str, definition: SheetDefinition) -> dict[str, Any]:
    if "\0" in text:
        raise Damaged(1, "is not a plaintext sheet (binary data)")
    text = unicodedata.normalize("NFC", text.lstrip("\ufeff"))
    lines = [line.rstrip(" ") for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    for n, line in enumerate(lines, 1):
        bad = next((ch for ch in line if unicodedata.category(ch) == "Cc"), None)
        if bad is not None:
            what = "a tab" if bad == "\t" else f"the control character {bad!r}"
            raise Damaged(n, f"this line holds {what}; a sheet's columns are spaces")
    # one character per display column from here on: a wide character is followed by a stand-in
    lines = [_by_column(line) for line in lines]
    if not lines:
        raise Damaged(1, "the file is empty: no sheet to read")
    if not lines[0].startswith((PAGE_CORNER, to_ascii(PAGE_CORNER))):
        raise Damaged(1, "does not start with a sheet's top border")
    check_pages(lines)
    values: dict[str, Any] = {}
    heading = definition.heading
    if heading:
        body = lines[1]
        # " TEXT " centred on dots: the dots and one space each side go (a name may end in ".")
        centred = re.fullmatch(r"\.* (.*) \.*", body[1:-2])
        inner = centred.group(1) if centred else body[1:-2].strip(" .")
        cls, _, who = inner.partition(": ")
        values["class"] = cls
        if heading.name_key:
            values[heading.name_key] = who
    keys = set(definition.state_keys())
    # a character's sheet (its name in the heading) has its own areas too, such as Notes
    character = bool(heading and heading.name_key and values.get(heading.name_key))
    _check_sections(lines, definition, character)
    everyone = {f.label for f in definition.fields}
    for area, found, bottom, box in _areas(lines, definition, character):
        places, widths = layout(area, box)
        labels = [g.label for g in area.fields]
        for f, (column, _) in zip(area.fields, places):
            if f.handler.state == "none" or f.key not in keys:
                continue
            read = _read_field(f, found, bottom, widths[column], labels, everyone)
            if f.handler.shares_key and f.key in read and f.key in values:
                raise Damaged(found[0][0] if found else 1, f"{read[f.key]} and {values[f.key]} are both marked; "
                                                            f"mark one {area.title or f.key} position")
            values.update(read)
            if f.xp_key in keys and _ticked(f, found):
                values.setdefault(f.xp_key, []).append(f.key)
    for key in definition.xp_keys():     # a sheet with no tickbox ticked: none
        if key in keys:
            values.setdefault(key, [])
    return {k: narrow(v) for k, v in values.items()}


def _ticked(f, found) -> bool:
    """Whether the tick before the field's label is ticked (✓, or v on an ASCII sheet)."""
    rx = re.compile(f"([{tick_marks()}]) " + label(f.label))
    return any((m := rx.search(text)) and is_ticked(m.group(1)) for _, text in found)


def _by_column(line: str) -> str:
    return "".join(ch + STAND_IN * (width(ch) - 1) for ch in line)


# ── areas ──────────────────────────────────────────────────────────────────


def _areas(lines: list[str], definition: SheetDefinition, character: bool):
    """Each area of the sheet with its text lines, its bottom border (line number, text)
    and its width, each titled one found where the sheet's order puts it."""
    out = []
    whole = [(n, line[1:-2]) for n, line in enumerate(lines, 1)]          # inside the page frame
    interior = len(lines[0]) - 2          # ╔═…═╗ spans the frame (its trailing blank stripped)
    # where the areas found so far stand: (line, column, title)
    lowest = row_start = before = (0, 0, "")
    for row in definition.rows:
        for s, stack in enumerate(row.stacks):
            for k, area in enumerate(stack.areas):
                if not area.title or area.frame == "none":
                    out.append((area, whole, None, interior))
                    continue
                found = _find_title(lines, area)
                if found is None:
                    if area.when == "character" and not character:
                        continue
                    raise Damaged(2, f"the sheet has no {area.title!r} area; it does not match this sheet's areas")
                # a row's first box under every box above; a box beside it to its right (or, on a
                # narrow page, under it); a box joined to the one above under it
                here = (*found, area.title)
                after = before if k else row_start if s else lowest
                if (here[:2] <= after[:2]) if (s and not k) else here[0] <= after[0]:
                    raise Damaged(here[0], f"the {area.title!r} area stands before the {after[2]!r} area (line "
                                           f"{after[0]}); the sheet's areas are in another order: were lines moved?")
                if not s and not k:
                    row_start = here
                before = here
                lowest = max(lowest, here)
                out.append((area, *_box_lines(lines, *found)))
    return out


SECTION = re.compile(r"\+>(.*)<=*\+#")


def _check_sections(lines: list[str], definition: SheetDefinition, character: bool) -> None:
    """The section header lines (╠►Attributes◄═══╣) stand in the sheet's order."""
    wanted = [row.section for row in definition.rows if row.section
              and (character or not all(a.when == "character" for s in row.stacks for a in s.areas))]
    found = [(n, m.group(1)) for n, line in enumerate(lines, 1)
             if (n - 1) % grid.PAGE_LINES and (m := SECTION.fullmatch(to_ascii(line)))]
    for k, (n, title) in enumerate(found):
        if k >= len(wanted) or title != wanted[k]:
            expected = f"the section {wanted[k]!r}" if k < len(wanted) else "no further section"
            raise Damaged(n, f"the section {title!r} stands where the sheet has {expected}: were lines moved "
                             "or a section edited?")
    if len(found) < len(wanted):
        raise Damaged(len(lines), f"the sheet ends without its section {wanted[len(found)]!r}: is a page missing?")


def _find_title(lines: list[str], area):
    """Where an area's title stands on a box's top border (or on the divider above a joined area)."""
    mark = f"<{area.title}>" if area.joined else f"[{area.title}]"
    for n, line in enumerate(lines, 1):
        col = line.find(mark)
        while col > 0:
            if to_ascii(line[col - 1]) in "+-":
                return n, col - (2 if area.joined else 1)
            col = line.find(mark, col + 1)
    return None


def _box_lines(lines: list[str], n: int, left: int):
    """The inside of the box whose top-left corner is at line ``n``, column ``left``,
    line by line, and its bottom border (or the divider under it)."""
    top = to_ascii(lines[n - 1])
    right = top.find("+", left + 1)
    out = []
    for k in range(n, len(lines)):
        shown = to_ascii(lines[k])
        if len(shown) <= right or shown[left] not in "|+" or shown[right] not in "|+":
            raise Damaged(k + 1, "this line has lost its box's side")
        if shown[left] == "+":
            return out, (k + 1, lines[k][left + 1:right]), right - left + 1
        out.append((k + 1, lines[k][left + 1:right]))
    raise Damaged(len(lines), "a box has no bottom border: the sheet is truncated")


# ── fields ─────────────────────────────────────────────────────────────────


def _read_field(f: Field, found, bottom, column: int, labels: list[str], everyone: set[str]) -> dict[str, Any]:
    """One field's values; ``column``: the width of its column of the area on this sheet;
    ``labels``: those of the area's fields, ``everyone``: of all the sheet's."""
    others = tuple(label + ":" for label in labels if label != f.label)
    try:
        return f.handler.read(f, found, bottom, column, others)
    except MissingValue as missing:
        # the line whose label is no field's of the sheet is the one edited
        raise Damaged(_stray(found, everyone) or missing.line, missing.message) from None


# a labelled value: after its tick, a box's side or the line's start; a list's row (a _ fill) is none
FIELD_LINE = re.compile(rf"(?:[{tick_marks()}] |^\s*|[{BOX_SIDE}|] )([^\s.:_\[\]{BOX_SIDE}|][^:\[\]_{BOX_SIDE}|]*?)\.*:\[")


def _stray(found, labels: list[str]) -> int | None:
    """The first line of an area that looks like a field's line but whose label is none of the area's."""
    for n, text in found:
        if any(m.group(1).strip() not in labels for m in FIELD_LINE.finditer(text)):
            return n
    return None
