"""A book's blocks → pieces of body lines, numbered and measured.

A body line is a small tuple ``(kind, text, arg, depth)`` that the page
template turns into a framed line: ``depth`` counts the boxes around it.
Python decides what goes on which line and how far it is indented; the
template draws every frame and rule. Each node type has one handler,
registered by type. Headings, tables, figures and boxes are kept together
(a heading also keeps the start of what follows it); paragraphs may break
between lines, never leaving a lone line.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from nests.book import model as m
from nests.generators.rulebook.flow import Refs, width, words, wrap
from nests.generators.rulebook.tables import table_items
from nests.render.glyphs import BULLETS, SHADOW
from nests.render.grid import INTERIOR as WIDE, TEXT_WIDTH as TEXT

BOX_INDENT = 4           # a box's walls take two columns on each side of its text
DEFINITION_INDENT = 4
NUMBER_PARTS = 4         # heading numbers show at least four parts: 1.2.0.0
RULED = (1, 2)           # heading levels underlined (the template picks the rule)


@dataclass
class Piece:
    items: list
    kind: str = "flow"         # flow, break, sheet, fixed
    keep: bool = False         # never split (unless longer than a page)
    with_next: bool = False    # a heading: stay on the page with what follows
    headings: list = field(default_factory=list)   # (level, number, title)
    anchors: list = field(default_factory=list)
    source: object = None      # the sheet placeholder or the drawn page
    line: int = 0


@dataclass(frozen=True)
class Place:
    """Where blocks are set: inside ``depth`` boxes, ``indent`` columns in, in ``lists`` lists."""
    depth: int = 0
    indent: int = 0
    lists: int = 0

    @property
    def field(self) -> int:
        return TEXT - BOX_INDENT * self.depth - self.indent

    @property
    def top(self) -> bool:
        return self.depth == 0 and self.indent == 0

    def text(self, lines: list[str]) -> list:
        pad = " " * self.indent
        return [("text", pad + s if s else s, None, self.depth) for s in lines]

    def blank(self) -> tuple:
        return ("blank", "", None, self.depth)


class Numbering:
    """The book's counters: headings at any depth, and tables, figures and numbered boxes by kind."""

    def __init__(self):
        self.levels: list[int] = []
        self.counts: dict[str, int] = {}

    def heading(self, level: int) -> str:
        if len(self.levels) < level:
            self.levels += [0] * (level - len(self.levels))
        self.levels[level - 1] += 1
        for k in range(level, len(self.levels)):
            self.levels[k] = 0
        parts = self.levels + [0] * max(0, NUMBER_PARTS - len(self.levels))
        return ".".join(str(n) for n in parts[:max(NUMBER_PARTS, level)])

    def next(self, kind: str) -> int:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        return self.counts[kind]


def centred(text: str, field: int) -> str:
    """``text`` centred as str.center would, measured in display columns; right side trimmed."""
    spare = field - width(text)
    left = spare // 2 + (spare & field & 1) if spare > 0 else 0
    return " " * left + text


def kind_label(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").title()


HANDLERS: dict[type, str] = {}


def handles(*types):
    def register(method):
        for t in types:
            HANDLERS[t] = method.__name__
        return method
    return register


class Layout:
    def __init__(self, refs: Refs, sheets, warnings: list[m.Warning]):
        self.refs = refs
        self.sheets = sheets                       # knows(sheet_id) -> bool
        self.warnings = warnings
        self.numbering = Numbering()
        self.titles: dict[str, str] = {}           # anchor → what a reference calls it

    def warn(self, node: m.Node, message: str) -> None:
        self.warnings.append(m.Warning(node.source, node.line, message))

    def book(self, blocks: list[m.Block]) -> list[Piece]:
        out: list[Piece] = []
        for block in blocks:
            out += self.pieces(block, Place())
        return out

    def pieces(self, block, place: Place) -> list[Piece]:
        name = HANDLERS.get(type(block))
        if name is None:
            self.warn(block, f"{type(block).__name__} is not something a book holds; left out")
            return []
        return getattr(self, name)(block, place)

    def joined(self, blocks: list, place: Place) -> tuple[list, list, list]:
        """Blocks set one after another with a blank line between: items, headings, anchors."""
        items, headings, anchors = [], [], []
        for block in blocks:
            for piece in self.pieces(block, place):
                if not piece.items:
                    continue
                if items:
                    items.append(place.blank())
                items += piece.items
                headings += piece.headings
                anchors += piece.anchors
        return items, headings, anchors

    # -- blocks ------------------------------------------------------------
    @handles(m.Heading)
    def heading(self, block: m.Heading, place: Place) -> list[Piece]:
        number = self.numbering.heading(block.level) if block.numbered else ""
        title = " ".join(words(block.title, self.refs).split())
        label = f"{number} {title}" if number else title
        lines = wrap(label, place.field)
        items = place.text(lines)
        if block.level in RULED:
            items.append(("rule", f"h{block.level}", (max(width(s) for s in lines), place.indent), place.depth))
        if block.anchor:
            self.titles[block.anchor] = label
        piece = Piece(items, keep=True, with_next=True, headings=[(block.level, number, title)],
                      anchors=[block.anchor] if block.anchor else [], line=block.line)
        if block.level == 1 and place.top:
            return [Piece([], "break"), piece]      # a chapter opens a page
        return [piece]

    @handles(m.Paragraph)
    def paragraph(self, block: m.Paragraph, place: Place) -> list[Piece]:
        text = words(block.children, self.refs, run_in=True)
        if not text.strip():
            return []
        return [Piece(place.text(wrap(text, place.field)), line=block.line)]

    @handles(m.Missing)
    def missing(self, block: m.Missing, place: Place) -> list[Piece]:
        return [Piece(place.text(wrap(f"[missing: {block.what}]", place.field)), line=block.line)]

    def hang(self, marker: str, blocks: list, place: Place, lists: int) -> list[Piece]:
        """Blocks hung after a marker ("•", "3.", "[2]"): the marker starts the first line."""
        inner = Place(place.depth, place.indent + width(marker) + 1, lists)
        out = []
        for block in blocks:
            out += [p for p in self.pieces(block, inner) if p.items or p.kind != "flow"]
        head = place.text([marker])[0]
        first = next((p for p in out if p.items), None)
        if first is None:
            return [Piece([head])] + out
        kind, text, arg, depth = first.items[0]
        if kind == "text" and depth == place.depth and text[:inner.indent].strip() == "":
            first.items[0] = (kind, head[1] + " " + text[inner.indent:], arg, depth)
        else:
            first.items.insert(0, head)
        return out

    @handles(m.ListBlock)
    def list_block(self, block: m.ListBlock, place: Place) -> list[Piece]:
        out = []
        for k, item in enumerate(block.items):
            marker = f"{block.start + k}." if block.ordered else BULLETS[place.lists % len(BULLETS)]
            out += self.hang(marker, item.blocks, place, place.lists + 1)
        return out

    @handles(m.Footnote)
    def footnote(self, block: m.Footnote, place: Place) -> list[Piece]:
        number = self.refs.footnotes.get(block.label, block.label)
        return self.hang(f"[{number}]", block.blocks, place, place.lists)

    @handles(m.DefinitionList)
    def definitions(self, block: m.DefinitionList, place: Place) -> list[Piece]:
        out = []
        inner = replace(place, indent=place.indent + DEFINITION_INDENT)
        for item in block.items:
            items = place.text(wrap(words(item.term, self.refs), place.field))
            body, headings, anchors = self.joined(item.blocks, inner)
            out.append(Piece(items + body, headings=headings, anchors=anchors, line=item.line))
        return out

    def caption(self, label: str, caption: str, place: Place) -> list:
        text = f"{label}: {caption}" if label and caption else label or caption
        if not text:
            return []
        return place.text([centred(s, place.field) for s in wrap(text, place.field)])

    @handles(m.Table)
    def table(self, block: m.Table, place: Place, label: str | None = None) -> list[Piece]:
        items, gap = table_items(block, place.field, place.depth, place.indent, self.refs)
        if block.gap is not None and gap != block.gap:
            self.warn(block, f"table columns set {gap} apart instead of {block.gap} to fit the page")
        if label is None:
            label = f"Table {self.numbering.next('table')}" if block.numbered else ""
        if block.anchor:
            self.titles[block.anchor] = label or words(block.caption, self.refs)
        items += self.caption(label, words(block.caption, self.refs), place)
        return [Piece(items, keep=True, anchors=[block.anchor] if block.anchor else [], line=block.line)]

    @handles(m.Figure)
    def figure(self, block: m.Figure, place: Place) -> list[Piece]:
        label = f"Figure {self.numbering.next('figure')}" if block.numbered else ""
        caption = words(block.caption, self.refs) or block.alt
        items, headings, anchors = [], [], []
        if block.lines:
            items = self.drawing(block.lines, place, block)
        for inner in block.blocks:
            pieces = self.table(inner, place, label="") if isinstance(inner, m.Table) else self.pieces(inner, place)
            for piece in pieces:
                items += piece.items
                headings += piece.headings
                anchors += piece.anchors
        if block.anchor:
            self.titles[block.anchor] = label or caption
            anchors.append(block.anchor)
        items += self.caption(label, caption, place)
        return [Piece(items, keep=True, headings=headings, anchors=anchors, line=block.line)]

    @handles(m.Box)
    def box(self, block: m.Box, place: Place) -> list[Piece]:
        title = " ".join(words(block.title, self.refs).split())
        if block.numbered:
            title = f"{kind_label(block.kind)} {self.numbering.next(block.kind)}" + (f": {title}" if title else "")
        elif not title and block.kind != "box":
            title = kind_label(block.kind)
        if block.anchor:
            self.titles[block.anchor] = title
        inner = Place(place.depth + 1, 0, place.lists)
        # the title sits in the top rule, bracketed, before its corner: four columns less
        parts = wrap(title, TEXT - BOX_INDENT * place.depth - 4) if title else [""]
        items = [("box_top", parts[0], None, place.depth)]
        items += inner.text(parts[1:])
        body, headings, anchors = self.joined(block.blocks, inner)
        items += body + [("box_bottom", "", None, place.depth)]
        anchors = ([block.anchor] if block.anchor else []) + anchors
        return [Piece(items, keep=True, headings=headings, anchors=anchors, line=block.line)]

    @handles(m.Verbatim)
    def verbatim(self, block: m.Verbatim, place: Place) -> list[Piece]:
        return [Piece(self.drawing(block.lines, place, block), keep=True, line=block.line)]

    @handles(m.Formula)
    def formula(self, block: m.Formula, place: Place) -> list[Piece]:
        lines = [centred(s, place.field) for s in wrap(block.text, place.field)]
        return [Piece(place.text(lines), keep=True, line=block.line)]

    def drawing(self, lines: list[str], place: Place, node: m.Node) -> list:
        """Drawn lines as one block, centred at the top level; too wide for the
        text, they use the margins, and only then are they cut (with a warning)."""
        lines = [s.rstrip() for s in lines]
        field = place.field
        widest = max((width(s) for s in lines), default=0)
        if widest > field and all(s.endswith(SHADOW) or width(s) <= field for s in lines):
            # the drop shadow of a drawn page edge is the first thing to give
            lines = [s[:-1] if s.endswith(SHADOW) else s for s in lines]
            widest = max(width(s) for s in lines)
        if widest <= field:
            pad = (field - widest) // 2 if place.top else 0
            return place.text([" " * pad + s if s else s for s in lines])
        if place.top and widest <= WIDE:
            return [("wide", s, None, 0) for s in lines]
        room = WIDE if place.top else field
        self.warn(node, f"drawing is {widest} columns wide, the page holds {room}; its lines are cut")
        items = []
        for s in lines:
            for part in wrap(s.replace(" ", "\u00a0"), room):
                part = part.replace("\u00a0", " ")
                items += [("wide", part, None, 0)] if place.top else place.text([part])
        return items

    # -- whole pages ---------------------------------------------------------
    @handles(m.PageBreak)
    def page_break(self, block: m.PageBreak, place: Place) -> list[Piece]:
        return [Piece([], "break", line=block.line)] if place.top else []

    @handles(m.SheetPlaceholder)
    def sheet(self, block: m.SheetPlaceholder, place: Place) -> list[Piece]:
        if self.sheets.knows(block.sheet):
            if place.top:
                return [Piece([], "sheet", source=block, line=block.line)]
            return self.missing(m.Missing(f"character sheet {block.sheet} (sheets print on pages of their own)",
                                          source=block.source, line=block.line), place)
        what = f"character sheet {block.sheet}" if block.sheet else "the standard character sheets"
        self.warn(block, f"no {what} to print: {self.sheets.known()}; a placeholder is printed")
        missing = self.missing(m.Missing(what, source=block.source, line=block.line), place)
        return [Piece([], "break")] + missing + [Piece([], "break")] if place.top else missing

    @handles(m.DrawnPage)
    def drawn_page(self, block: m.DrawnPage, place: Place) -> list[Piece]:
        if place.top:
            return [Piece([], "fixed", source=block, line=block.line)]
        return self.verbatim(m.Verbatim(block.lines, source=block.source, line=block.line), place)
