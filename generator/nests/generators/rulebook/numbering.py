"""A book's numbers as the layout prints them: headings at any depth (parts apart, in
capitals; appendices lettered), and tables, figures and numbered boxes by kind."""

from __future__ import annotations


class Numbering:
    """The book's counters: headings at any depth, and tables, figures and numbered boxes by kind.

    Heading numbers count from the book's shallowest numbered level: a book whose
    only level-1 heading is its unnumbered title numbers its sections 1, 2, 3…;
    they are padded with zeros to ``parts`` parts (the book's own style: 1.2.0.0).
    ``by_chapter``: tables, figures and boxes are counted again in each heading of the
    first numbered level, and carry its number ("2.1")."""

    def __init__(self, first: int = 1, parts: int = 1, by_chapter: bool = False):
        self.first = first
        self.parts = parts
        self.by_chapter = by_chapter
        self.chapter = ""                        # the number of the chapter counted within, once one is
        self.levels: list[int] = []
        self.counts: dict[str, int] = {}
        self.parts_seen = 0
        self.lettered: int | None = None         # the level the appendices letter, once they begin

    def heading(self, level: int, restart: int | None = None, lettered: bool = False) -> str:
        """The next number at ``level``: ``restart`` where the source set it; ``lettered``, an
        appendix: from the first, this level counts again from A (and what it holds: A.1)."""
        level = max(1, level - self.first + 1)
        if len(self.levels) < level:
            self.levels += [0] * (level - len(self.levels))
        if lettered and self.lettered is None:
            self.lettered, self.levels[level - 1] = level, 0
        self.levels[level - 1] = restart if restart is not None else self.levels[level - 1] + 1
        for k in range(level, len(self.levels)):
            self.levels[k] = 0
        parts = self.levels + [0] * max(0, self.parts - len(self.levels))
        number = ".".join(_letter(n) if k + 1 == self.lettered else str(n)
                          for k, n in enumerate(parts[:max(self.parts, level)]))
        if self.by_chapter and level == 1:
            self.chapter, self.counts = number, {}
        return number

    def part(self) -> str:
        """A part's number, in capitals as books number their parts (I, II…); the
        chapters' counters go on across parts."""
        self.parts_seen += 1
        count, out = self.parts_seen, ""
        for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                               (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
            while count >= value:
                out, count = out + letters, count - value
        return out

    def next(self, kind: str) -> str:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return f"{self.chapter}.{self.counts[kind]}" if self.chapter else str(self.counts[kind])


def _letter(n: int) -> str:
    """An appendix's number as LaTeX and DocBook letter it: 1 → A, 26 → Z, 27 → AA."""
    out = ""
    while n > 0:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out or str(n)
