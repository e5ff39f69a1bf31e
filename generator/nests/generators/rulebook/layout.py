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

import unicodedata
from dataclasses import dataclass, fields, is_dataclass
from functools import lru_cache

from nests.book import model as m
from nests.generators.rulebook.flow import Refs, cut, printable, width, words, wrap
from nests.generators.rulebook.numbering import Numbering
from nests.generators.rulebook.tables import table_items
from nests.text.glyphs import BULLETS, SHADOW
from nests.text.grid import (BODY_LINES as BODY, BOX_INSET as BOX_INDENT, COLUMN_MM, INTERIOR as WIDE, LINE_MM,
                               PIXEL_MM, TEXT_WIDTH as TEXT)
from nests.text.measure import centre

DEFINITION_INDENT = 4
RULED = (1, 2)           # heading levels underlined (the template picks the rule)
NARROWEST = 24           # past this, nested lists and boxes stop taking columns from the text


class BookLine(tuple):
    """A body line, ``(kind, text, arg, depth)``, marked with the headings
    ``(level, number, title)`` and anchors that begin on it: wherever the line
    lands, they land. The top of a picture's frame also carries the picture
    (``Framed``), for the PDF to print where the frame lands."""
    headings: tuple = ()
    anchors: tuple = ()
    picture = None


@dataclass(frozen=True)
class Framed:
    """A picture in its frame: the frame's lines and columns, and the picture's
    width and its offset from the frame's left, in columns."""
    image: m.Image
    lines: int
    columns: int
    offset: float
    width: float


def marked(item: tuple, headings=(), anchors=()) -> BookLine:
    line = BookLine(item[:4])
    line.headings = tuple(getattr(item, "headings", ())) + tuple(headings)
    line.anchors = tuple(getattr(item, "anchors", ())) + tuple(a for a in anchors if a)
    line.picture = getattr(item, "picture", None)
    return line


def mark_first(items: list, headings=(), anchors=()) -> list:
    if items and (headings or any(anchors)):
        items[0] = marked(items[0], headings, anchors)
    return items


@dataclass
class Piece:
    items: list
    kind: str = "flow"         # flow, break, sheet, fixed
    keep: bool = False         # never split (unless longer than a page)
    with_next: bool = False    # a heading: stay on the page with what follows
    source: object = None      # the sheet placeholder or the drawn page
    line: int = 0
    pages: int = 1             # a sheet: the pages it takes


def _no_controls(line: str) -> str:
    """A line of text with no control character left (what a source names in a placeholder, a
    formula's text…): a page measures every character, and those have no width there."""
    if line.isprintable():
        return line
    return "".join(ch for ch in line if unicodedata.category(ch) != "Cc")


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
        return [("text", pad + _no_controls(s) if s else s, None, self.depth) for s in lines]

    def blank(self) -> tuple:
        return ("blank", "", None, self.depth)

    def inset(self, columns: int, lists: int | None = None) -> "Place":
        """This place ``columns`` further in, unless that would leave the text too narrow."""
        lists = self.lists if lists is None else lists
        if self.field - columns < NARROWEST:
            return Place(self.depth, self.indent, lists)
        return Place(self.depth, self.indent + columns, lists)


def nodes(node):
    """Every node under ``node`` (itself included), in document order."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        children = []
        for name in _field_names(type(node)):
            value = getattr(node, name)
            if isinstance(value, list):
                for child in value:
                    if isinstance(child, list):         # a table's rows of cells
                        children += child
                    elif is_dataclass(child):
                        children.append(child)
        stack += reversed(children)


# What a block may hold and still print nothing: paragraphs and quotes of blank words.
_SILENT = (m.Paragraph, m.Box, m.Text, m.Emphasis, m.Strong, m.LineBreak)


def says_nothing(block) -> bool:
    """Whether a quote prints nothing at all: a Markdown ``>`` line alone, a quote of empty
    lines or of empty quotes. Such a quote is left out, in every style (no empty frame)."""
    for node in nodes(block):
        if not isinstance(node, _SILENT) or getattr(node, "anchor", "") or \
                (isinstance(node, m.Box) and (node.kind != "quote" or node.title or node.numbered)) or \
                (isinstance(node, m.Text) and node.text.strip()):
            return False
    return True


@lru_cache(maxsize=None)
def _field_names(kind: type) -> tuple[str, ...]:
    """The fields of a node class that can hold nodes: those declared as lists
    (``children: list[Inline]``, a table's ``rows: list[list[Cell]]``); asked of
    every node of the book, twice a layout."""
    return tuple(f.name for f in fields(kind) if str(f.type).startswith("list")) if is_dataclass(kind) else ()


def centred(text: str, field: int) -> str:
    """A line centred as str.center would, its right side trimmed (the page's frame fills it)."""
    return centre(text, field, as_str_center=True, trim=True)


def kind_label(kind: str) -> str:
    return kind.replace("_", " ").replace("-", " ").title()


HANDLERS: dict[type, str] = {}


def handles(*types):
    def register(method):
        for t in types:
            HANDLERS[t] = method.__name__
        return method
    return register


class BookLayout:
    def __init__(self, refs: Refs, sheets, warnings: list[m.Warning], number_parts: int = 1,
                 by_chapter: bool = False, numbering: bool = True):
        self.refs = refs
        self.numbered = numbering                  # the book's headings take numbers (Book.numbering)
        self.number_parts = number_parts
        self.by_chapter = by_chapter
        self.sheets = sheets                       # knows(sheet_id) -> bool
        self.warnings = warnings
        self.numbering = Numbering()
        self.titles: dict[str, str] = {}           # anchor → what a reference calls it
        self.numbers: dict[str, str] = {}          # anchor → its number alone ("3.1", "2"), or ""
        self.hoisted: list[Piece] = []             # sheets asked for inside a box or a list

    def name(self, anchor: str, title: str, number: str = "") -> None:
        """What a reference to ``anchor`` prints: its title, or its number alone (LaTeX's \\ref)."""
        if anchor:
            self.titles[anchor] = title
            self.numbers[anchor] = number

    def warn(self, node: m.Node, message: str) -> None:
        self.warnings.append(m.Warning(node.source, node.line, message))

    def book(self, blocks: list[m.Block]) -> list[Piece]:
        numbered = [n.level for b in blocks for n in nodes(b)
                    if isinstance(n, m.Heading) and n.numbered and not n.part]
        self.numbering = Numbering(max(1, min(numbered, default=1)), self.number_parts, self.by_chapter)
        out: list[Piece] = []
        for block in blocks:
            out += self.pieces(block, Place())
            out += self.hoisted                     # pages of their own, after the block that asks
            self.hoisted = []
        return out

    def pieces(self, block, place: Place) -> list[Piece]:
        name = HANDLERS.get(type(block))
        if name is None:
            self.warn(block, f"{type(block).__name__} is not something a book holds; left out")
            return []
        return getattr(self, name)(block, place)

    def joined(self, blocks: list, place: Place) -> list:
        """Blocks set one after another with a blank line between."""
        items = []
        for block in blocks:
            for piece in self.pieces(block, place):
                if not piece.items:
                    continue
                if items:
                    items.append(place.blank())
                items += piece.items
        return items

    # -- blocks ------------------------------------------------------------
    @handles(m.Heading)
    def heading(self, block: m.Heading, place: Place) -> list[Piece]:
        level = max(1, block.level)
        number = "" if not (block.numbered and self.numbered) else self.numbering.part() if block.part else \
            self.numbering.heading(level, block.restart, block.lettered)
        title = " ".join(words(block.title, self.refs).split())
        label = f"{number} {title}" if number else title
        lines = wrap(label, place.field)
        items = place.text(lines)
        if level in RULED:
            items.append(("rule", f"h{level}", (max(width(s) for s in lines), place.indent), place.depth))
        self.name(block.anchor, label, number)
        mark_first(items, [(level, number, title)], [block.anchor])
        piece = Piece(items, keep=True, with_next=True, line=block.line)
        if level == 1 and place.top:
            return [Piece([], "break"), piece]      # a chapter opens a page
        return [piece]

    @handles(m.Paragraph)
    def paragraph(self, block: m.Paragraph, place: Place) -> list[Piece]:
        text = words(block.children, self.refs)
        if not text.strip():
            return []
        return [Piece(place.text(wrap(text, place.field)), line=block.line)]

    @handles(m.Missing)
    def missing(self, block: m.Missing, place: Place) -> list[Piece]:
        return [Piece(place.text(wrap(f"[missing: {block.what}]", place.field)), line=block.line)]

    def hang(self, marker: str, blocks: list, place: Place, lists: int) -> list[Piece]:
        """Blocks hung after a marker ("•", "3.", "[2]"): the marker starts the first line."""
        inner = place.inset(width(marker) + 1, lists)
        out = []
        for block in blocks:
            out += [p for p in self.pieces(block, inner) if p.items or p.kind != "flow"]
        head = place.text([marker])[0]
        first = next((p for p in out if p.items), None)
        if first is None:
            return [Piece([head])] + out
        kind, text, arg, depth = first.items[0]
        if (kind == "text" and depth == place.depth and inner.indent > place.indent
                and not text[:inner.indent].strip() and not getattr(first.items[0], "headings", ())):
            first.items[0] = marked((kind, head[1] + " " + text[inner.indent:], arg, depth),
                                    getattr(first.items[0], "headings", ()), getattr(first.items[0], "anchors", ()))
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
        inner = place.inset(DEFINITION_INDENT)
        for item in block.items:
            items = place.text(wrap(words(item.term, self.refs), place.field))
            out.append(Piece(items + self.joined(item.blocks, inner), line=item.line))
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
        number = ""
        if label is None:
            number = str(self.numbering.next("table")) if block.numbered else ""
            label = f"Table {number}" if number else ""
        self.name(block.anchor, label or words(block.caption, self.refs), number)
        items += self.caption(label, words(block.caption, self.refs), place)
        return [Piece(mark_first(items, anchors=[block.anchor]), keep=True, line=block.line)]

    @handles(m.Figure)
    def figure(self, block: m.Figure, place: Place) -> list[Piece]:
        number = str(self.numbering.next("figure")) if block.numbered else ""
        label = f"Figure {number}" if number else ""
        caption = words(block.caption, self.refs) or block.alt
        said = self.caption(label, caption, place)
        alt = block.alt if block.alt.strip() != caption.strip() else ""      # not said twice
        items = self.picture(block.image, alt, place, len(said)) if block.image else []
        items += self.drawing(block.lines, place, block) if block.lines else []
        for inner in block.blocks:
            pieces = self.table(inner, place, label="") if isinstance(inner, m.Table) else self.pieces(inner, place)
            for piece in pieces:
                items += piece.items
        self.name(block.anchor, label or caption, number)
        items += said
        return [Piece(mark_first(items, anchors=[block.anchor]), keep=True, line=block.line)]

    def picture(self, image: m.Image, alt: str, place: Place, below: int) -> list:
        """A picture's frame, as wide as the text and as tall as the picture is printed
        there (at its own size if smaller, never taller than a page less ``below``
        lines): the text page shows the frame, the PDF the picture in its place."""
        field = TEXT - BOX_INDENT * place.depth
        inner = Place(place.depth + 1, 0, place.lists)
        said = [s for t in ([image.note] if not image.data else []) + ([alt] if alt else []) for s in wrap(t, inner.field)]
        framed = None
        if not image.data:
            lines = ["", *said, ""]
        else:
            width = min(field, image.width * PIXEL_MM / COLUMN_MM)
            height = width * image.height / image.width * COLUMN_MM / LINE_MM
            tall = min(max(3, BODY - below - 1), max(3, round(height)))
            if height > tall:
                width = width * tall / height
            said = said[:tall - 2]                     # the alt text, in the middle of the frame
            before = (tall - 2 - len(said)) // 2
            lines = [""] * before + said + [""] * (tall - 2 - before - len(said))
            framed = Framed(image, tall, field, (field - width) / 2, width)
        top = BookLine(("box_top", wrap(image.name, field - 4)[0], None, place.depth))
        top.picture = framed
        body = inner.text([centred(s, inner.field) if s else "" for s in lines])
        return [top, *body, ("box_bottom", "", None, place.depth)]

    @handles(m.Box)
    def box(self, block: m.Box, place: Place) -> list[Piece]:
        if block.kind == "quote" and says_nothing(block):
            return []
        title = " ".join(words(block.title, self.refs).split())
        if place.field - BOX_INDENT < NARROWEST:           # boxes nested too deep: no further frame
            items = place.text(wrap(title, place.field)) + self.joined(block.blocks, place)
            return [Piece(mark_first(items, anchors=[block.anchor]), line=block.line)]
        number = ""
        if block.numbered:
            number = str(self.numbering.next(block.kind))
            title = f"{kind_label(block.kind)} {number}" + (f": {title}" if title else "")
        elif not title and block.kind != "box":
            title = kind_label(block.kind)
        self.name(block.anchor, title, number)
        inner = Place(place.depth + 1, 0, place.lists)
        # the title sits in the top rule, bracketed, before its corner: four columns less
        parts = wrap(title, TEXT - BOX_INDENT * place.depth - 4) if title else [""]
        items = [("box_top", parts[0], None, place.depth)]
        items += inner.text(parts[1:])
        items += self.joined(block.blocks, inner) + [("box_bottom", "", None, place.depth)]
        return [Piece(mark_first(items, anchors=[block.anchor]), keep=True, line=block.line)]

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
        lines = [part.rstrip() for s in lines for part in printable(s).split("\n")]
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
            for part in cut(s, room):
                items += [("wide", part.rstrip(), None, 0)] if place.top else place.text([part.rstrip()])
        return items

    # -- whole pages ---------------------------------------------------------
    @handles(m.PageBreak)
    def page_break(self, block: m.PageBreak, place: Place) -> list[Piece]:
        return [Piece([], "break", line=block.line)] if place.top else []

    @handles(m.SheetPlaceholder)
    def sheet(self, block: m.SheetPlaceholder, place: Place) -> list[Piece]:
        if self.sheets.knows(block.sheet):
            pages = Piece([], "sheet", source=block, line=block.line, pages=self.sheets.count(block.sheet))
            if place.top:
                return [pages]
            self.hoisted.append(pages)
            return []
        what = f"character sheet {block.sheet}" if block.sheet else "the standard character sheets"
        self.warn(block, f"no {what} to print: {self.sheets.known()}; a placeholder is printed")
        missing = self.missing(m.Missing(what, source=block.source, line=block.line), place)
        return [Piece([], "break")] + missing + [Piece([], "break")] if place.top else missing

    @handles(m.DrawnPage)
    def drawn_page(self, block: m.DrawnPage, place: Place) -> list[Piece]:
        if place.top:
            return [Piece([], "fixed", source=block, line=block.line)]
        return self.verbatim(m.Verbatim(block.lines, source=block.source, line=block.line), place)
