"""What the packet's PDF sets apart on its pages, found in the text the templates printed:
the links (each contents entry, each page reference ``p.N`` with the code it follows, each
Room, stat block and Item code) and the dice in a lighter tone (each ``dN → R``).

The patterns read the forms templates/packet/ print: a reference is ``code p.N``
(events.txt.j2's ``ref``), a contents entry its label, a dotted leader and ``p.N``
(cover.txt.j2), a roll ``dN → R``, "(cap)" after it when the die's cap counted
(events.txt.j2's ``roll`` and ``rated``). Every link lands on the page its text names:
a ``p.N`` on page N, a bare code on the page of its key.
"""

from __future__ import annotations

import re

from nests.document import Mark
from nests.text.glyphs import ARROW, BOX_SIDE, PAGE_SIDE, SHADOW

# A contents entry: a label (from after a space or the frame), its dotted leader, "p.N".
CONTENTS = re.compile(rf"(?<=[ {PAGE_SIDE}])[^\s{PAGE_SIDE}{BOX_SIDE}.][^{PAGE_SIDE}{BOX_SIDE}]*?\.{{2,}}p\.(?P<page>\d+)(?!\d)")
# A page reference, with the code it follows when there is one: "E7 p.13", "Level 4 p.7", "Room 3.1 p.6".
REFERENCE = re.compile(r"(?<![\w.])(?:(?:(?:Room )?\d+\.\d+|Level \d+|[EI]\d+) )?p\.(?P<page>\d+)(?!\d)")
# A code without its page: a stat block's or an Item's, or a Room's after the word "Room".
CODE = re.compile(r"(?<![\w.])(?:Room (?P<room>\d+\.\d+)|(?P<code>[EI]\d+))(?![\w.%])")
# A roll as printed: die, arrow, result, and "(cap)" when the die's cap counted.
DICE = re.compile(rf"(?<![\w.])\d*d\d+ {ARROW} \d+(?: \(cap\))?")


def page_marks(text: str, numbers: dict[str, int], pages: int) -> list[Mark]:
    """The marks of one page's text: the links first (a contents entry, then a reference,
    then a bare code, none overlapping another), then the dice."""
    out: list[Mark] = []
    for n, line in enumerate(text.split("\n")):
        taken: list[tuple[int, int]] = []
        # each pattern tried only on a line that holds what it must (most lines hold none)
        patterns = ((CONTENTS,) if "..p." in line else ()) + ((REFERENCE,) if "p." in line else ()) + (CODE,)
        for pattern in patterns:
            for m in pattern.finditer(line):
                if any(m.start() < end and start < m.end() for start, end in taken):
                    continue
                found = m.groupdict()
                page = int(found["page"]) if found.get("page") else numbers.get(found.get("room") or found.get("code"), 0)
                if 1 <= page <= pages:
                    taken.append((m.start(), m.end()))
                    out.append(Mark(n, m.start(), m.end(), link=page))
        if ARROW in line:
            out += [Mark(n, m.start(), m.end(), tone="dice") for m in DICE.finditer(line)]
    return out + _dice_across(text.split("\n"))


# What stands after a line's words (spaces, the frame, its shadow) and before the next line's.
_AFTER, _BEFORE = " " + BOX_SIDE + PAGE_SIDE + SHADOW, PAGE_SIDE + BOX_SIDE + " "


def _dice_across(lines: list[str]) -> list[Mark]:
    """The rolls a line's end breaks (``d8 →`` here, ``3`` on the next line): each half marked."""
    out = []
    for n, (line, after) in enumerate(zip(lines, lines[1:])):
        end, start = len(line.rstrip(_AFTER)), len(after) - len(after.lstrip(_BEFORE))
        if ARROW not in line[end - 2:end] + after[start:start + 2]:       # a roll broken here has its arrow at the break
            continue
        joined = line[:end] + " " + after[start:]
        for m in DICE.finditer(joined):
            if m.start() < end < m.end():
                out += [Mark(n, m.start(), end, tone="dice"), Mark(n + 1, start, start + m.end() - end - 1, tone="dice")]
    return out

