"""The Nests & Insects raw markup → a ``Book``.

The source is LaTeX-flavoured plaintext: block commands sit on lines of their
own (``\\chapter{…}``, ``\\begin{table}[4]``, ``\\label{…}[figure]``…), prose
is plain paragraphs, ``*stress*`` and a run-in ``_Label_`` opening a paragraph
are the only inline markup. Every node keeps its source line. Markup we do not
know is reported and kept as text: a reader may lose formatting, never content.
"""

from __future__ import annotations

import re
from pathlib import Path

from nests.book import model as m
from nests.text.glyphs import LABEL_CLOSE, LABEL_OPEN

TITLE = "Nests & Insects Rulebook"
RUNNING_HEAD = "Nests & Insects"      # the name every page of the book carries in its top border
NUMBER_PARTS = 4                      # the book numbers its headings in four parts: 1.2.0.0
HEADINGS = {"chapter": 1, "section": 2, "subsection": 3, "subsubsection": 4}
# Boxed environments: name → (numbered?, title when the source gives none)
BOXES = {
    "note_reader": (False, "Note to the Reader"),
    "note": (False, "Note"),
    "example": (True, ""),
    "rules_summary": (True, ""),
    "box": (False, ""),
}
PAGES = ("coverpage", "credits")

_COMMAND = re.compile(r"^\\(chapter|section|subsection|subsubsection)\{(.*)\}\s*$")
_BEGIN = re.compile(r"^\\begin(\*?)\{(\w+)\}(?:\[(.*)\])?\s*$")
_END = re.compile(r"^\\end\{(\w+)\}\s*$")
_LABEL = re.compile(r"^\\label\{(.*)\}\[(\w+)\]\s*$")
_CHARSHEET = re.compile(r"^\\charsheet\[([\w-]+)\]\s*$")
_RULE = re.compile(r"^-{3,}$")
_COMMAND_WORDS = re.compile(r"\\[A-Za-z@]+\*?|[{}\[\]]")     # what an unknown command is written in
_BULLET = re.compile(r"^(\s*)\*\s+(.*)$")
_NUMBER = re.compile(r"^(\s*)(\d{1,2})\.\s+(.*)$")
_LEADERS = re.compile(r"\.{4,}")
_RUN_IN = re.compile(r"^_([^_\s][^_]*?)_(?=\s|$)")
_EMPHASIS = re.compile(r"(?<![\w*])\*(\S(?:[^*]*?\S)?)\*(?![\w*])")


def _item_start(line: str, first: str) -> bool:
    """Whether ``line`` starts a list item as ``first`` did, at the same indentation."""
    found = _BULLET.match(line) or _NUMBER.match(line)
    return bool(found) and len(found.group(1)) == len(first) - len(first.lstrip())


def is_graphic(line: str) -> bool:
    """A line of a drawing: it starts with a box-drawing, block or geometric character."""
    s = line.lstrip()
    return bool(s) and ("\u2500" <= s[0] <= "\u25ff" or s[0] == "\u2713")


def inlines(text: str, source: str, line: int, run_in: bool = False) -> list[m.Inline]:
    """Words with their inline markup as nodes: ``*stress*`` → Emphasis; with
    ``run_in``, a ``_Label_`` opening the text → the label between its marks."""
    text = " ".join(text.split())
    out: list[m.Inline] = []
    if run_in and (label := _RUN_IN.match(text)):
        # the game's own label marks around a run-in label
        out += [m.Symbol("label-open", LABEL_OPEN, source=source, line=line),
                m.Text(label.group(1), source=source, line=line),
                m.Symbol("label-close", LABEL_CLOSE, source=source, line=line)]
        text = text[label.end():]
    at = 0
    for stress in _EMPHASIS.finditer(text):
        if stress.start() > at:
            out.append(m.Text(text[at:stress.start()], source=source, line=line))
        out.append(m.Emphasis([m.Text(stress.group(1), source=source, line=line)], source=source, line=line))
        at = stress.end()
    if at < len(text):
        out.append(m.Text(text[at:], source=source, line=line))
    return out


class _Parser:
    def __init__(self, lines: list[str], first: int, source: str, warnings: list[m.Warning]):
        self.lines = lines
        self.first = first          # number of lines[0] in the source file
        self.source = source
        self.warnings = warnings
        self.blocks: list[m.Block] = []
        self.pending: list[tuple[int, str]] = []   # lines of the paragraph being read

    def at(self, line: int) -> dict:
        return {"source": self.source, "line": line}

    def warn(self, line: int, message: str) -> None:
        self.warnings.append(m.Warning(self.source, line, message))

    # Paragraph text is held back until a blank line, a command or a label
    # decides what it is (a \label{…}[figure] turns the lines above it into a figure).
    def flush(self) -> None:
        if self.pending:
            self.paragraph(self.pending)
            self.pending = []

    def environment(self, i: int, name: str) -> tuple[int, list[str]]:
        """Lines up to the matching \\end{name}; returns the index after it."""
        j = i + 1
        while j < len(self.lines) and not re.match(r"^\\end\{" + re.escape(name) + r"\}\s*$", self.lines[j]):
            j += 1
        if j == len(self.lines):
            self.warn(self.first + i, f"\\begin{{{name}}} has no \\end{{{name}}}; read to the end of the file")
        return j + 1, self.lines[i + 1:j]

    def parse(self) -> list[m.Block]:
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
        if found := _LABEL.match(raw):
            return self.label(i, found.group(1), found.group(2), number)
        self.flush()
        if found := _COMMAND.match(raw):
            title = inlines(found.group(2), self.source, number)
            self.blocks.append(m.Heading(HEADINGS[found.group(1)], title, **self.at(number)))
        elif raw.strip() == "\\newpage":
            self.blocks.append(m.PageBreak(**self.at(number)))
        elif found := _CHARSHEET.match(raw):
            self.blocks.append(m.SheetPlaceholder(found.group(1), **self.at(number)))
        elif found := _BEGIN.match(raw):
            return self.begin(i, found.group(2), found.group(3), number)
        elif found := _END.match(raw):
            self.warn(number, f"\\end{{{found.group(1)}}} without its \\begin; left out")
        else:
            # the command's words (its arguments) are kept, never the markup itself
            self.warn(number, f"unknown markup {raw.strip()!r}; its words are kept")
            said = " ".join(_COMMAND_WORDS.sub(" ", raw).split())
            if said:
                self.pending.append((number, said))
        return i + 1

    def begin(self, i: int, name: str, option: str | None, number: int) -> int:
        if name in PAGES:
            after, body = self.environment(i, name)
            self.blocks.append(m.DrawnPage(name, body, **self.at(number + 1)))
            return after
        if name == "table":
            after, body = self.environment(i, name)
            self.blocks.append(self.table(body, option, number))
            return after
        if name in BOXES:
            after, body = self.environment(i, name)
            inner = _Parser(body, number + 1, self.source, self.warnings).parse()
            numbered, fixed = BOXES[name]
            title = (option or "").strip() or ("" if numbered else fixed)
            self.blocks.append(m.Box(name, inlines(title, self.source, number), inner, numbered=numbered,
                                     **self.at(number)))
            return after
        self.warn(number, f"unknown environment \\begin{{{name}}}; what it holds is read as text")
        after, body = self.environment(i, name)
        self.blocks += _Parser(body, number + 1, self.source, self.warnings).parse()
        return after

    def label(self, i: int, caption: str, kind: str, number: int) -> int:
        # A caption may run on over the following lines, up to a blank line or a command.
        j = i + 1
        while j < len(self.lines) and self.lines[j].strip() and not self.lines[j].startswith("\\"):
            caption += " " + self.lines[j].strip()
            j += 1
        words = inlines(caption, self.source, number)
        if kind not in ("table", "figure"):
            self.warn(number, f"\\label kind [{kind}] is unknown (table or figure); caption kept as text")
            self.flush()
            self.blocks.append(m.Paragraph(words, **self.at(number)))
            return j
        if kind == "figure" and self.pending:
            lines = self.pending
            k = next((n for n, (_, text) in enumerate(lines) if is_graphic(text)), 0)
            self.pending = lines[:k]
            self.flush()
            self.blocks.append(m.Figure(words, numbered=True, lines=[t for _, t in lines[k:]], **self.at(lines[k][0])))
            return j
        self.flush()
        last = self.blocks[-1] if self.blocks else None
        if isinstance(last, m.Table) and not last.numbered:
            if kind == "table":
                last.caption, last.numbered = words, True
            else:                               # a table the author counts among the figures
                self.blocks[-1] = m.Figure(words, numbered=True, blocks=[last], source=last.source, line=last.line)
        else:
            self.warn(number, f"\\label{{…}}[{kind}] follows no {kind}; caption kept as text")
            self.blocks.append(m.Paragraph(words, **self.at(number)))
        return j

    def table(self, body: list[str], option: str | None, number: int) -> m.Table:
        gap = 4
        if option is not None:
            if option.strip().isdigit() and len(option.strip()) > 4:    # (thousands of digits: not even a number to read)
                self.warn(number, f"table option [{option.strip()[:12]}…] asks for a gap wider than any page; using {gap}")
            elif option.strip().isdigit():
                gap = int(option)
            else:
                self.warn(number, f"table option [{option}] is not a column gap; using {gap}")
        rows = []
        for k, row in enumerate(body):
            if not row.strip() or row.lstrip().startswith("%"):
                continue
            if "&" not in row and rows:
                self.warn(number + 1 + k, "table row without & columns; kept as one cell")
            cells = [m.Cell(inlines(cell, self.source, number + 1 + k), **self.at(number + 1 + k))
                     for cell in row.split("&")]
            rows.append(cells)
        width = max((len(r) for r in rows), default=0)
        rows = [r + [m.Cell([], **self.at(number)) for _ in range(width - len(r))] for r in rows]
        return m.Table(rows[:1], rows[1:], gap=gap, **self.at(number))

    def paragraph(self, pending: list[tuple[int, str]]) -> None:
        number = pending[0][0]
        texts = [t for _, t in pending]
        if len(texts) == 2 and _RULE.match(texts[1].strip()):
            # a minor heading the author underlined: kept as two lines, not a numbered heading
            title = texts[0].strip()
            self.blocks.append(m.Paragraph([m.Text(title, **self.at(number)), m.LineBreak(**self.at(number)),
                                            m.Text(texts[1].strip(), **self.at(number + 1))], **self.at(number)))
            return
        if is_graphic(texts[0]):
            self.warn(number, "a drawing without \\label{…}[figure]; kept as drawn, without a number")
            self.blocks.append(m.Verbatim(texts, **self.at(number)))
            return
        if all(_LEADERS.search(t) for t in texts) and len(texts) > 1:
            self.blocks.append(m.Verbatim(texts, **self.at(number)))
            return
        for n, t in pending:
            if "\\" in t and not t.startswith("\\"):
                self.warn(n, "a backslash inside the text (unknown markup?); kept as text")
        first = texts[0]
        if _BULLET.match(first) or _NUMBER.match(first):
            # items written one under the other, without a blank line between, are items still
            starts = [k for k, (_, t) in enumerate(pending) if k == 0 or _item_start(t, first)]
            for k, end in zip(starts, starts[1:] + [len(pending)]):
                line, head = pending[k]
                rest = [t for _, t in pending[k + 1:end]]
                if found := _BULLET.match(head):
                    self.item(False, 1, " ".join([found.group(2)] + rest), line)
                elif found := _NUMBER.match(head):
                    self.item(True, int(found.group(2)), " ".join([found.group(3)] + rest), line)
        else:
            words = m.Paragraph(inlines(" ".join(texts), self.source, number, run_in=True), **self.at(number))
            last = self.blocks[-1] if self.blocks else None
            if first.startswith("  ") and isinstance(last, m.ListBlock):
                last.items[-1].blocks.append(words)     # a further paragraph of the item above
            else:
                self.blocks.append(words)

    def item(self, ordered: bool, number: int, text: str, line: int) -> None:
        """A list item: it joins the list above when it goes on from it, else starts a list."""
        words = m.Paragraph(inlines(text, self.source, line, run_in=True), **self.at(line))
        item = m.ListItem([words], **self.at(line))
        last = self.blocks[-1] if self.blocks else None
        if (isinstance(last, m.ListBlock) and last.ordered == ordered
                and (not ordered or last.start + len(last.items) == number)):
            last.items.append(item)
        else:
            self.blocks.append(m.ListBlock(ordered, [item], start=number, **self.at(line)))


def read(text: str, shown: str, path: Path | None = None) -> m.Book:
    warnings: list[m.Warning] = []
    blocks = _Parser(text.split("\n"), 1, shown, warnings).parse()
    warnings.sort(key=lambda w: w.line)
    return m.Book(TITLE, blocks, shown, warnings, running_head=RUNNING_HEAD, number_parts=NUMBER_PARTS)
