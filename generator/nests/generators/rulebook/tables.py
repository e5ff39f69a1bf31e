"""Tables on the page grid: columns sized to their cells, cells wrapped when the
table is wider than its field, every cell's text printed in full."""

from __future__ import annotations

from nests.book import model as m
from nests.generators.rulebook.flow import Refs, line_words, width, wrap

DEFAULT_GAP = 3        # columns between cells when the source does not fix it
MIN_GAP = 2


def _longest_word(text: str) -> int:
    return max((width(w) for w in text.split()), default=0)


def column_widths(rows: list[list[str]], gap: int, field: int) -> tuple[list[int], int]:
    """Each column's width and the gap between columns, within ``field`` columns:
    the natural widths if they fit (narrowing the gap first), else the widest
    columns give way one column at a time, down to their longest word, then below it."""
    count = len(rows[0])
    natural = [max((width(line) for r in rows for line in line_words(r[k])), default=0) for k in range(count)]
    while sum(natural) + gap * (count - 1) > field and gap > MIN_GAP:
        gap -= 1
    room = field - gap * (count - 1)
    if room < count:                       # more columns than the field can hold: no gap at all
        gap, room = 1 if field - (count - 1) >= count else 0, field - (count - 1 if field - (count - 1) >= count else 0)
    widths = [max(n, 1) for n in natural]
    floor = [min(max(_longest_word(r[k]) for r in rows), widths[k]) or 1 for k in range(count)]
    excess = sum(widths) - room
    while excess > 0:
        # the widest column that can still give way above its longest word, else the widest
        shrinkable = [k for k in range(count) if widths[k] > floor[k]]
        pool = shrinkable or [k for k in range(count) if widths[k] > 1]
        if not pool:
            break
        k = max(pool, key=lambda c: (widths[c], -c))
        second = max((widths[c] for c in pool if c != k), default=0)
        step = max(1, min(excess, widths[k] - max(second, floor[k] if shrinkable else 1)))
        widths[k] -= step
        excess -= step
    return widths, gap


def table_items(table: m.Table, field: int, depth: int, indent: int, refs: Refs) -> tuple[list, int]:
    """The table's lines as body items (without its caption), and the gap its columns got."""
    from nests.generators.rulebook.flow import words

    header = [[words(c.children, refs) for c in row] for row in table.header]
    body = [[words(c.children, refs) for c in row] for row in table.rows]
    rows = header + body
    if not rows:
        return [], True
    count = max(len(r) for r in rows)
    rows = [r + [""] * (count - len(r)) for r in rows]
    gap = table.gap if table.gap is not None else DEFAULT_GAP
    widths, gap = column_widths(rows, gap, field)
    total = sum(widths) + gap * (count - 1)
    left = indent + max(0, (field - total) // 2)
    items = []
    wrapped = False
    set_rows = []
    for n, row in enumerate(rows):
        cells = [wrap(text, w) if text else [""] for text, w in zip(row, widths)]
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
