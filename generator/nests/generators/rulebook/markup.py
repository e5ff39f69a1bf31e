"""The rulebook's markup → a flat list of document blocks.

The source is LaTeX-flavoured plaintext: block commands sit on lines of their
own (``\\chapter{…}``, ``\\begin{table}[4]``, ``\\label{…}[figure]``…), prose
is plain paragraphs. Each block keeps the line number it came from, so that
every warning can point at the source. Markup we do not know is reported and
kept as text: a reader may lose formatting, never content.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

HEADINGS = {"chapter": 1, "section": 2, "subsection": 3, "subsubsection": 4}
# Boxed environments: name → (numbered?, fixed title when the source gives none)
BOXES = {
    "note_reader": (False, "Note to the Reader"),
    "note": (False, "Note"),
    "example": (True, "Example"),
    "rules_summary": (True, "Rules Summary"),
    "box": (False, ""),
}
PAGES = ("coverpage", "credits")

_COMMAND = re.compile(r"^\\(chapter|section|subsection|subsubsection)\{(.*)\}\s*$")
_BEGIN = re.compile(r"^\\begin(\*?)\{(\w+)\}(?:\[(.*)\])?\s*$")
_END = re.compile(r"^\\end\{(\w+)\}\s*$")
_LABEL = re.compile(r"^\\label\{(.*)\}\[(\w+)\]\s*$")
_CHARSHEET = re.compile(r"^\\charsheet\[([\w-]+)\]\s*$")
_RULE = re.compile(r"^-{3,}$")
_BULLET = re.compile(r"^(\s*)\*\s+(.*)$")
_NUMBER = re.compile(r"^(\s*)(\d{1,2})\.\s+(.*)$")
_LEADERS = re.compile(r"\.{4,}")


def is_graphic(line: str) -> bool:
    """A line of a drawing: it starts with a box-drawing, block or geometric character."""
    s = line.lstrip()
    return bool(s) and ("\u2500" <= s[0] <= "\u25ff" or s[0] == "✓")


# -- blocks ------------------------------------------------------------------
@dataclass
class Heading:
    level: int            # 1 chapter … 4 subsubsection
    title: str
    line: int


@dataclass
class Paragraph:
    text: str             # the words, whitespace collapsed later
    line: int
    marker: str = ""      # "•" or "3." for a list item
    in_list: bool = False  # a further paragraph of the list item above


@dataclass
class Underlined:
    """A minor heading the author underlined with dashes."""
    title: str
    line: int


@dataclass
class Verbatim:
    """Lines kept exactly: dot-leader formulae, drawings."""
    lines: list[str]
    line: int


@dataclass
class Table:
    rows: list[list[str]]
    gap: int
    line: int
    kind: str = ""        # "table" or "figure" once a label names it; "" unnumbered
    caption: str = ""


@dataclass
class Figure:
    lines: list[str]
    line: int
    caption: str = ""


@dataclass
class Boxed:
    env: str
    title: str
    blocks: list
    line: int


@dataclass
class PageBreak:
    line: int


@dataclass
class SheetMark:
    class_id: str
    line: int


@dataclass
class FixedPage:
    """A page the author drew whole (cover, credits)."""
    env: str
    lines: list[str]
    line: int


@dataclass
class Source:
    blocks: list
    warnings: list[tuple[int, str]] = field(default_factory=list)


# -- parser ------------------------------------------------------------------
class _Parser:
    def __init__(self, lines: list[str], first: int, warnings: list):
        self.lines = lines
        self.first = first          # number of lines[0] in the source file
        self.warnings = warnings
        self.blocks: list = []
        self.pending: list[tuple[int, str]] = []   # lines of the paragraph being read

    def warn(self, number: int, message: str) -> None:
        self.warnings.append((number, message))

    # Paragraph text is held back until a blank line, a command or a label
    # decides what it is (a \label{…}[figure] turns the lines above it into a figure).
    def flush(self) -> None:
        if self.pending:
            self.blocks.append(_paragraph(self.pending, self))
            self.pending = []

    def environment(self, i: int, name: str) -> tuple[int, list[str]]:
        """Lines up to the matching \\end{name}; returns the index after it."""
        j = i + 1
        while j < len(self.lines) and not re.match(r"^\\end\{" + re.escape(name) + r"\}\s*$", self.lines[j]):
            j += 1
        if j == len(self.lines):
            self.warn(self.first + i, f"\\begin{{{name}}} has no \\end{{{name}}}; read to the end of the file")
        return j + 1, self.lines[i + 1:j]

    def parse(self) -> list:
        i, lines = 0, self.lines
        while i < len(lines):
            raw = lines[i]
            number = self.first + i
            stripped = raw.strip()
            if stripped.startswith("%"):
                i += 1
                continue
            if stripped.startswith("/*"):      # invisible: the paragraph around it goes on
                j = i
                while j < len(lines) and "*/" not in lines[j]:
                    j += 1
                if j == len(lines):
                    self.warn(number, "comment /* has no closing */; dropped to the end of the file")
                i = j + 1
                continue
            if not stripped:
                self.flush()
                i += 1
                continue
            if not raw.startswith("\\"):
                self.pending.append((number, raw.rstrip()))
                i += 1
                continue
            i = self.command(i, raw.rstrip(), number)
        self.flush()
        return self.blocks

    def command(self, i: int, raw: str, number: int) -> int:
        if m := _LABEL.match(raw):
            return self.label(i, m.group(1), m.group(2), number)
        self.flush()
        if m := _COMMAND.match(raw):
            self.blocks.append(Heading(HEADINGS[m.group(1)], m.group(2).strip(), number))
        elif raw.strip() == "\\newpage":
            self.blocks.append(PageBreak(number))
        elif m := _CHARSHEET.match(raw):
            self.blocks.append(SheetMark(m.group(1), number))
        elif m := _BEGIN.match(raw):
            return self.begin(i, m.group(2), m.group(3), number)
        elif m := _END.match(raw):
            self.warn(number, f"\\end{{{m.group(1)}}} without its \\begin; kept as text")
            self.pending.append((number, raw))
        else:
            self.warn(number, f"unknown markup {raw.strip()!r}; kept as text")
            self.pending.append((number, raw))
        return i + 1

    def begin(self, i: int, name: str, option: str | None, number: int) -> int:
        if name in PAGES:
            after, body = self.environment(i, name)
            self.blocks.append(FixedPage(name, body, number + 1))
            return after
        if name == "table":
            after, body = self.environment(i, name)
            self.blocks.append(_table(body, option, number, self))
            return after
        if name in BOXES:
            after, body = self.environment(i, name)
            inner = _Parser(body, number + 1, self.warnings).parse()
            self.blocks.append(Boxed(name, (option or "").strip(), inner, number))
            return after
        self.warn(number, f"unknown environment \\begin{{{name}}}; its lines are kept as text")
        self.pending.append((number, self.lines[i].rstrip()))
        return i + 1

    def label(self, i: int, caption: str, kind: str, number: int) -> int:
        # A caption may run on over the following lines, up to a blank line or a command.
        j = i + 1
        while j < len(self.lines) and self.lines[j].strip() and not self.lines[j].startswith("\\"):
            caption += " " + self.lines[j].strip()
            j += 1
        caption = " ".join(caption.split())
        if kind not in ("table", "figure"):
            self.warn(number, f"\\label kind [{kind}] is unknown (table or figure); caption kept as text")
            self.flush()
            self.blocks.append(Paragraph(caption, number))
            return j
        if kind == "figure" and self.pending:
            lines = self.pending
            k = next((n for n, (_, text) in enumerate(lines) if is_graphic(text)), 0)
            self.pending = lines[:k]
            self.flush()
            self.blocks.append(Figure([t for _, t in lines[k:]], lines[k][0], caption))
            return j
        self.flush()
        last = self.blocks[-1] if self.blocks else None
        if isinstance(last, Table) and not last.kind:
            last.kind, last.caption = kind, caption
        else:
            self.warn(number, f"\\label{{…}}[{kind}] follows no {kind}; caption kept as text")
            self.blocks.append(Paragraph(caption, number))
        return j


def _table(body: list[str], option: str | None, number: int, parser: _Parser) -> Table:
    gap = 4
    if option is not None:
        if option.strip().isdigit():
            gap = int(option)
        else:
            parser.warn(number, f"table option [{option}] is not a column gap; using {gap}")
    rows = []
    for k, row in enumerate(body):
        if not row.strip() or row.lstrip().startswith("%"):
            continue
        if "&" not in row and rows:
            parser.warn(number + 1 + k, "table row without & columns; kept as one cell")
        rows.append([cell.strip() for cell in row.split("&")])
    width = max((len(r) for r in rows), default=0)
    rows = [r + [""] * (width - len(r)) for r in rows]
    return Table(rows, gap, number)


def _paragraph(pending: list[tuple[int, str]], parser: _Parser):
    number = pending[0][0]
    texts = [t for _, t in pending]
    if len(texts) == 2 and _RULE.match(texts[1].strip()):
        return Underlined(texts[0].strip(), number)
    if is_graphic(texts[0]):
        parser.warn(number, "a drawing without \\label{…}[figure]; kept as drawn, without a number")
        return Verbatim(texts, number)
    if all(_LEADERS.search(t) for t in texts) and len(texts) > 1:
        return Verbatim(texts, number)
    for n, t in pending:
        if "\\" in t and not t.startswith("\\"):
            parser.warn(n, "a backslash inside the text (unknown markup?); kept as text")
    first = texts[0]
    if m := _BULLET.match(first):
        return Paragraph(" ".join([m.group(2)] + texts[1:]), number, marker="•")
    if m := _NUMBER.match(first):
        return Paragraph(" ".join([m.group(3)] + texts[1:]), number, marker=m.group(2) + ".")
    return Paragraph(" ".join(texts), number, in_list=first.startswith("  "))


def parse(text: str) -> Source:
    warnings: list = []
    blocks = _Parser(text.split("\n"), 1, warnings).parse()
    warnings.sort()
    return Source(blocks, warnings)
