"""DocBook's tables, CALS (``tgroup``, ``colspec``, ``thead``/``tbody``/``tfoot``,
``row``/``entry`` with ``namest``/``nameend`` and ``morerows`` spans) and HTML
(``tr``/``td``/``th`` with ``colspan``/``rowspan``), and its segmented lists.

The book model has no spanning cell: an entry spanning columns or rows fills
its first place and leaves the places it covers empty, so every row keeps
every column and every cell's words are printed once, where the entry starts.
"""

from __future__ import annotations

import re

from nests.book import model as m
from nests.book.readers.docbook_inline import handles, local
from nests.errors import NestsError, Problem

_ROW_GROUPS = ("thead", "tbody", "tfoot")
# What a table's numbers may say: far beyond any printed table, and bounded so that a
# number of a thousand digits is one error, never a list of that many places.
MOST_COLUMNS = 1000
MOST_ROWS = 100_000


class _Grid:
    """The rows of one table: each entry put at its column; spans leave empty places."""

    def __init__(self, columns: int):
        self.columns = columns
        self.rows: list[list[m.Cell | None]] = []
        self.below: dict[int, int] = {}                 # column → rows an entry above still covers

    def add(self, placed: list[tuple[int | None, int, int, m.Cell]], empty: m.Cell) -> list[m.Cell]:
        row: list[m.Cell | None] = [None] * self.columns
        for column, left in list(self.below.items()):
            if column < self.columns:
                row[column] = m.Cell([], source=empty.source, line=empty.line)
            self.below[column] = left - 1
            if left <= 1:
                del self.below[column]
        for start, across, down, cell in placed:
            if start is None:                            # the next free place
                start = next((k for k in range(len(row)) if row[k] is None), len(row))
            while start + across > len(row):
                row.append(None)
            row[start] = cell
            for k in range(start + 1, start + across):
                row[k] = m.Cell([], source=cell.source, line=cell.line)
            if down:
                for k in range(start, start + across):
                    self.below[k] = down
        return [c if c is not None else m.Cell([], source=empty.source, line=empty.line) for c in row]


class DocBookTables:
    """The table handlers of the DocBook reader (mixed into it)."""

    @handles("table", "informaltable")
    def table(self, el) -> list:
        at = self.at(el)
        table = m.Table([], [], **at)
        title = next((c for c in self.kids(el) if local(c) in ("title", "caption")), None)
        if title is not None:
            table.caption = self.inlines(title)
        table.numbered = local(el) == "table" and bool(table.caption)
        self.own(el, table)
        self.owners.append(table)
        try:
            groups = [c for c in self.kids(el) if local(c) == "tgroup"] or [el]
            for group in groups:
                self.table_group(group, table)
        finally:
            self.owners.pop()
        width = max((len(r) for r in table.header + table.rows), default=0)
        for row in table.header + table.rows:                # a short row is filled out
            row += [m.Cell([], **at) for _ in range(width - len(row))]
        if table.widths and len(table.widths) != width:
            table.widths = None
        return [table]

    def table_group(self, group, table: m.Table) -> None:
        names, widths = self.column_specs(group)
        spans = {s.get("spanname"): (s.get("namest"), s.get("nameend"))
                 for s in self.kids(group) if local(s) == "spanspec"}
        columns = self.count(group, "cols", MOST_COLUMNS)
        columns = len(names) if columns is None else columns
        grid = _Grid(columns)
        parts = [c for c in self.kids(group) if local(c) in _ROW_GROUPS] or [group]
        # the foot is printed last, wherever it stands in the source
        for part in sorted(parts, key=lambda p: _ROW_GROUPS.index(local(p)) if local(p) in _ROW_GROUPS else 1):
            header = local(part) == "thead"
            for row in (r for r in self.kids(part) if local(r) in ("row", "tr")):
                self.own(row)
                placed = [self.entry(e, names, spans) for e in self.kids(row)
                          if local(e) in ("entry", "entrytbl", "td", "th")]
                cells = grid.add(placed, m.Cell([], **self.at(row)))
                (table.header if header else table.rows).append(cells)
        if widths and table.widths is None:
            table.widths = widths

    def count(self, el, name: str, most: int) -> int | None:
        """A table's number (``cols``, ``colspan``…) as written in ASCII digits; None where it
        gives none; past ``most``, one error at its line."""
        value = (el.get(name) or "").strip()
        if not re.fullmatch(r"[0-9]+", value):
            return None
        if len(value) > len(str(most)) or int(value) > most:
            raise NestsError(Problem(f"{name}={value!r} is more than a table may hold (at most {most:,})",
                                     file=self.source, line=self.line(el) or None))
        return int(value)

    def column_specs(self, group) -> tuple[dict[str, int], list[int] | None]:
        """Column names → their place, and the relative widths if every column gives one (``2*``)."""
        names: dict[str, int] = {}
        widths: list[int] = []
        place = 0
        for spec in self.kids(group):
            if local(spec) not in ("colspec", "col"):
                continue
            number = self.count(spec, "colnum", MOST_COLUMNS)
            place = number - 1 if number else place
            if spec.get("colname"):
                names[spec.get("colname")] = place
            # (a share of more digits than a float holds is no share: the table's widths are left to its cells)
            star = re.fullmatch(r"\s*(\d{1,9}(?:\.\d{1,9})?)\s*[*%]\s*", spec.get("colwidth") or spec.get("width") or "")
            widths.append(max(1, round(float(star.group(1)) * 10)) if star else 0)
            place += 1
        return names, (widths if widths and all(widths) else None)

    def entry(self, el, names: dict[str, int], spans) -> tuple[int | None, int, int, m.Cell]:
        self.own(el)                                     # an id on a cell names its table
        start_name, end_name = el.get("namest"), el.get("nameend")
        if el.get("spanname") in spans:
            start_name, end_name = spans[el.get("spanname")]
        start = names.get(el.get("colname") or start_name or "")
        end = names.get(end_name or "")
        across = end - start + 1 if start is not None and end is not None and end >= start else 1
        across = self.count(el, "colspan", MOST_COLUMNS) or across
        down = self.count(el, "morerows", MOST_ROWS) or 0
        rows = self.count(el, "rowspan", MOST_ROWS)
        down = max(0, rows - 1) if rows is not None else down
        if local(el) == "entrytbl":                     # a table in a cell: its rows, one per line
            inner = m.Table([], [])
            self.table_group(el, inner)
            inlines: list = []
            for row in inner.header + inner.rows:
                if inlines:
                    inlines.append(m.LineBreak(**self.at(el)))
                for k, cell in enumerate(row):
                    inlines += ([m.Text(" | ", **self.at(el))] if k else []) + cell.children
            return start, max(1, across), max(0, down), m.Cell(inlines, **self.at(el))
        return start, max(1, across), max(0, down), m.Cell(self.inlines(el), **self.at(el))

    @handles("segmentedlist")
    def segmented_list(self, el) -> list:
        """Segments as a table: their titles head the columns, each item is a row."""
        at = self.at(el)
        header = [[m.Cell(self.inlines(t), **self.at(t)) for t in self.kids(el) if local(t) == "segtitle"]]
        rows = [[m.Cell(self.inlines(s), **self.at(s)) for s in self.kids(item) if local(s) == "seg"]
                for item in self.kids(el) if local(item) == "seglistitem"]
        title = next((c for c in self.kids(el) if local(c) == "title"), None)
        caption = self.inlines(title) if title is not None else []
        return [m.Table(header if header[0] else [], rows, caption=caption, **at)]
