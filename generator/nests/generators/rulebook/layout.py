"""Document blocks → numbered, measured chunks of page lines → pages.

A body line is a small tuple ``(kind, text, arg)`` that the page template
turns into a framed line; Python decides what goes on which line and how far
it is indented, the template draws every frame and rule. Tables, figures,
boxes and headings are kept together (a heading also keeps the start of what
follows it); paragraphs may break between lines, never leaving a lone line.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from nests.generators.rulebook import markup as m
from nests.generators.rulebook.flow import inline, width, wrap
from nests.render.grid import BODY_LINES as BODY, INTERIOR as WIDE, TEXT_WIDTH as TEXT

BOX_TEXT = 85      # running text inside a box: ║ │ … │ ║
RULES = {1: "═", 2: "─"}   # heading underlines per level


@dataclass
class Chunk:
    items: list
    kind: str = "flow"         # flow, break, sheet, fixed
    keep: bool = False         # never split (unless longer than a page)
    with_next: bool = False    # a heading: stay on the page with what follows
    heading: tuple | None = None   # (level, number, title)
    source: object = None      # sheet mark or fixed page
    line: int = 0


@dataclass
class Page:
    kind: str                  # body, sheet, fixed, contents
    items: list = field(default_factory=list)
    headings: list = field(default_factory=list)
    source: object = None


class Numbering:
    """The book's counters: four heading levels, tables, figures, examples, summaries."""

    def __init__(self):
        self.levels = [0, 0, 0, 0]
        self.counts = {"table": 0, "figure": 0, "example": 0, "rules_summary": 0}

    def heading(self, level: int) -> str:
        self.levels[level - 1] += 1
        for k in range(level, 4):
            self.levels[k] = 0
        return ".".join(str(n) for n in self.levels)

    def next(self, kind: str) -> int:
        self.counts[kind] += 1
        return self.counts[kind]


def _text_items(lines: list[str], kind: str = "text") -> list:
    return [(kind, line, None) for line in lines]


def _drawing(lines: list[str], warnings: list, line: int) -> list:
    """Drawn lines centred as one block; too wide for the text area, they use the margins."""
    lines = [s.rstrip() for s in lines]
    widest = max((width(s) for s in lines), default=0)
    if widest > TEXT and all(s.endswith("▓") or width(s) <= TEXT for s in lines):
        # the drop shadow of a drawn page edge is the first thing to give
        lines = [s[:-1] if s.endswith("▓") else s for s in lines]
        widest = max(width(s) for s in lines)
    if widest <= TEXT:
        indent = " " * ((TEXT - widest) // 2)
        return [("text", indent + s, None) for s in lines]
    if widest <= WIDE:
        return [("wide", s, None) for s in lines]
    warnings.append((line, f"drawing is {widest} columns wide, the page holds {WIDE}; its lines are cut"))
    items = []
    for s in lines:
        while width(s) > WIDE:
            items.append(("wide", s[:WIDE], None))
            s = s[WIDE:]
        items.append(("wide", s, None))
    return items


def _caption(label: str, caption: str) -> list:
    text = f"{label}: {caption}" if caption else label
    return [("text", s.center(TEXT).rstrip(), None) for s in wrap(text, TEXT)]


def _table(block: m.Table, numbering: Numbering, warnings: list) -> list:
    rows = [[inline(c) for c in row] for row in block.rows]
    widths = [max(width(r[k]) for r in rows) for k in range(len(rows[0]))] if rows else []
    gap = block.gap
    while widths and sum(widths) + gap * (len(widths) - 1) > TEXT and gap > 2:
        gap -= 1
    total = sum(widths) + gap * (len(widths) - 1)
    if total > TEXT:
        warnings.append((block.line, f"table is {total} columns wide, the text area holds {TEXT}"))
        return _drawing(["  ".join(r) for r in rows], warnings, block.line)
    if gap != block.gap:
        warnings.append((block.line, f"table columns set {gap} apart instead of {block.gap} to fit the page"))
    indent = (TEXT - total) // 2
    items = [("row", rows[0], (widths, gap, indent)), ("rule", "─", (total, indent))]
    items += [("row", r, (widths, gap, indent)) for r in rows[1:]]
    if block.kind:
        n = numbering.next(block.kind)
        items += _caption(f"{block.kind.title()} {n}", inline(block.caption))
    return items


class _Lists:
    """Where the text of the current list item starts, for its further paragraphs."""

    def __init__(self):
        self.indent = 0

    def paragraph(self, block: m.Paragraph, field: int) -> list[str]:
        text = inline(block.text)
        if block.marker:
            self.indent = width(block.marker) + 1
            return wrap(text, field, block.marker)
        if block.in_list and self.indent:
            pad = " " * self.indent
            return [pad + s for s in wrap(text, field - self.indent)]
        self.indent = 0
        return wrap(text, field)


def _box(block: m.Boxed, numbering: Numbering, warnings: list) -> list:
    numbered, base = m.BOXES[block.env]
    title = block.title
    if numbered:
        title = f"{base} {numbering.next(block.env)}" + (f": {title}" if title else "")
    elif not title:
        title = base
    items = [("box_top", inline(title), None)]
    lists = _Lists()
    for k, child in enumerate(block.blocks):
        if k:
            items.append(("box_text", "", None))
        if isinstance(child, m.Paragraph):
            lines = lists.paragraph(child, BOX_TEXT)
        elif isinstance(child, m.Underlined):
            lines = [child.title, "-" * width(child.title)]
        elif isinstance(child, m.Verbatim) and all(width(s) <= BOX_TEXT for s in child.lines):
            lines = [s.rstrip() for s in child.lines]
        else:
            warnings.append((block.line, f"{type(child).__name__.lower()} inside a box is not supported; set as text"))
            lines = wrap(inline(" ".join(getattr(child, "lines", [str(getattr(child, "title", ""))]))), BOX_TEXT)
        items += _text_items(lines, "box_text")
    items.append(("box_bottom", "", None))
    return items


def chunks(blocks: list, warnings: list) -> list[Chunk]:
    numbering = Numbering()
    lists = _Lists()
    out: list[Chunk] = []
    for block in blocks:
        if isinstance(block, m.Heading):
            number = numbering.heading(block.level)
            lines = wrap(f"{number} {inline(block.title)}", TEXT)
            items = _text_items(lines)
            if block.level in RULES:
                items.append(("rule", RULES[block.level], (max(width(s) for s in lines), 0)))
            if block.level == 1:
                out.append(Chunk([], "break"))
            out.append(Chunk(items, keep=True, with_next=True, heading=(block.level, number, block.title), line=block.line))
            lists.indent = 0
        elif isinstance(block, m.Paragraph):
            out.append(Chunk(_text_items(lists.paragraph(block, TEXT)), line=block.line))
        elif isinstance(block, m.Underlined):
            title = inline(block.title)
            out.append(Chunk([("text", title, None), ("rule", "-", (width(title), 0))], keep=True, with_next=True, line=block.line))
        elif isinstance(block, m.Verbatim):
            out.append(Chunk(_drawing(block.lines, warnings, block.line), keep=True, line=block.line))
        elif isinstance(block, m.Table):
            out.append(Chunk(_table(block, numbering, warnings), keep=True, line=block.line))
        elif isinstance(block, m.Figure):
            n = numbering.next("figure")
            items = _drawing(block.lines, warnings, block.line) + _caption(f"Figure {n}", inline(block.caption))
            out.append(Chunk(items, keep=True, line=block.line))
        elif isinstance(block, m.Boxed):
            out.append(Chunk(_box(block, numbering, warnings), keep=True, line=block.line))
        elif isinstance(block, m.PageBreak):
            out.append(Chunk([], "break", line=block.line))
        elif isinstance(block, m.SheetMark):
            out.append(Chunk([], "sheet", source=block, line=block.line))
        elif isinstance(block, m.FixedPage):
            out.append(Chunk([], "fixed", source=block, line=block.line))
    return out


def paginate(chunks: list[Chunk], lines_per_page: int = BODY) -> list[Page]:
    pages: list[Page] = []
    page = Page("body")

    def flush():
        nonlocal page
        if page.items:
            pages.append(page)
        page = Page("body")

    for k, chunk in enumerate(chunks):
        if chunk.kind == "break":
            flush()
            continue
        if chunk.kind in ("sheet", "fixed"):
            flush()
            pages.append(Page(chunk.kind, source=chunk.source))
            continue
        items = chunk.items
        space = 1 if page.items else 0
        room = lines_per_page - len(page.items) - space
        need = len(items)
        if chunk.with_next:
            following = next((c for c in chunks[k + 1:] if c.items or c.kind != "flow"), None)
            if following is not None and following.kind == "flow":
                extra = len(following.items) if following.keep else min(2, len(following.items))
                if need + extra <= lines_per_page:
                    need += extra
        elif not chunk.keep:
            need = min(need, 2)               # two lines of a paragraph are enough to start it here
        if need > room and page.items:
            flush()
            space, room = 0, lines_per_page
        if space:
            page.items.append(("blank", "", None))
        if chunk.heading:
            page.headings.append(chunk.heading)
        while len(items) > room:
            cut = room
            if not chunk.keep and len(items) - cut < 2 and cut > 2:
                cut = len(items) - 2          # no lone last line at the top of the next page
            page.items.extend(items[:cut])
            items = items[cut:]
            flush()
            room = lines_per_page
        page.items.extend(items)
    flush()
    return pages
