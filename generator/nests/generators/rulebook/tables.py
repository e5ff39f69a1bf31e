"""Tables on the page grid: columns sized to their cells, cells wrapped when the
table is wider than its field, every cell's text printed in full (a word longer
than its cell broken with a hyphen)."""

from __future__ import annotations

from nests.book import model as m
from nests.errors import NestsError, Problem
from nests.generators.rulebook.flow import Refs, line_words, width, wrap

DEFAULT_GAP = 3        # columns between cells when the source does not fix it
MIN_GAP = 2


def _longest_word(text: str) -> int:
    return max((width(w) for w in text.split()), default=0)


def column_widths(rows: list[list[str]], gap: int, field: int) -> tuple[list[int], int]:
    """Each column's width and the gap between columns, within ``field`` columns.

    The natural widths if they fit (narrowing the gap first). Else every column
    gets its longest word, a column no wider than its fair share of the room its
    whole width, and the room left is shared in proportion to what each column
    still lacks of its natural width (as a browser sets a table): a wordy column
    gets more than a column of numbers. Only when the longest words cannot all
    fit are words broken, and then only the longest."""
    count = len(rows[0])
    natural = [max((width(line) for r in rows for line in line_words(r[k])), default=0) for k in range(count)]
    if sum(natural) + gap * (count - 1) > field and gap > MIN_GAP:
        # the widest gap that fits, at least MIN_GAP (worked out, not counted down: a source may ask for 10**11)
        gap = max(MIN_GAP, (field - sum(natural)) // (count - 1)) if count > 1 else MIN_GAP
    room = field - gap * (count - 1)
    if room < count:                       # more columns than the field can hold: no gap at all
        gap, room = 1 if field - (count - 1) >= count else 0, field - (count - 1 if field - (count - 1) >= count else 0)
    natural = [max(n, 1) for n in natural]
    if sum(natural) <= room:
        return natural, gap
    longest = [max(1, min(natural[k], max(_longest_word(r[k]) for r in rows))) for k in range(count)]
    if sum(longest) > room:
        return _capped(longest, room), gap
    # a column narrower than its fair share keeps its natural width: short cells are not wrapped
    low = list(longest)
    while True:
        free = [k for k in range(count) if low[k] < natural[k]]
        fair = (room - sum(low[k] for k in range(count) if k not in free)) // max(1, len(free))
        whole = [k for k in free if natural[k] <= fair]
        if not whole or sum(natural[k] if k in whole else low[k] for k in range(count)) > room:
            break
        for k in whole:
            low[k] = natural[k]
    return _shared(low, natural, room), gap


def _shared(low: list[int], high: list[int], room: int) -> list[int]:
    """``low`` widened toward ``high`` in proportion to the gap between them, to fill ``room``
    (whole columns: the remainders go to the largest fractions, leftmost first)."""
    spare, want = room - sum(low), [h - w for w, h in zip(low, high)]
    total = sum(want)
    parts = [divmod(spare * w, total) for w in want]
    widths = [w + q for w, (q, _) in zip(low, parts)]
    left = room - sum(widths)
    for k in sorted(range(len(low)), key=lambda k: (-parts[k][1], k))[:left]:
        widths[k] += 1
    return widths


def _capped(longest: list[int], room: int) -> list[int]:
    """Widths no wider than a cap that makes them fit ``room``: the columns with the
    longest words give way, the others keep their longest word whole."""
    cap = max(1, room // len(longest))
    while sum(min(w, cap + 1) for w in longest) <= room and cap < max(longest):
        cap += 1
    widths = [min(w, cap) for w in longest]
    for k in range(len(widths)):                # what is left, to the columns held at the cap
        if widths[k] == cap < longest[k] and sum(widths) < room:
            widths[k] += 1
    return widths


def table_items(table: m.Table, field: int, depth: int, indent: int, refs: Refs) -> tuple[list, int]:
    """The table's lines as body items (without its caption), and the gap its columns got."""
    from nests.generators.rulebook.flow import words

    header = [[words(c.children, refs) for c in row] for row in table.header]
    body = [[words(c.children, refs) for c in row] for row in table.rows]
    rows = header + body
    count = max((len(r) for r in rows), default=0)
    if not count:                   # no cell in any row (an HTML <tr> left empty): nothing to set
        return [], True
    if count > field:               # not even one character a column: refused at the table, not cut
        raise NestsError(Problem(f"a table of {count} columns cannot be set in a field {field} columns wide; "
                                 f"a row here has more cells than a page line holds",
                                 file=table.source, line=table.line))
    rows = [r + [""] * (count - len(r)) for r in rows]
    gap = table.gap if table.gap is not None else DEFAULT_GAP
    widths, gap = column_widths(rows, gap, field)
    total = sum(widths) + gap * (count - 1)
    left = indent + max(0, (field - total) // 2)
    items = []
    wrapped = False
    set_rows = []
    for n, row in enumerate(rows):
        cells = [wrap(text, w, hyphen=True) if text else [""] for text, w in zip(row, widths)]
        height = max(len(c) for c in cells)
        wrapped = wrapped or (height > 1 and n >= len(header))      # body rows of several lines
        set_rows.append([[c[n] if n < len(c) else "" for c in cells] for n in range(height)])
    for n, lines in enumerate(set_rows):
        if n == len(header) and header:
            items.append(("rule", "table", (total, left), depth))
        elif n > len(header) and wrapped:
            items.append(("blank", "", None, depth))      # rows of several lines stand apart
        items += [("row", line, (widths, gap, left), depth) for line in lines]
    return items, gap
