"""Raw HTML inside a Markdown source, read into the book model.

Markdown lets an author write blocks in HTML (``<h2>``, ``<table>``, ``<ul>``,
``<div>``…); a reader that kept only their words would lose the headings
from the contents and the cells from their table. html.parser is forgiving:
an unclosed ``<p>`` or ``<li>`` ends where the next one starts, an end tag
with no start is ignored. The words inside are handed back to the Markdown
reader (``inline``), since an author's eye reads them as Markdown too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Callable

from nests.book import model as m
from nests.book.readers.common import strip

_VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "area", "base", "source", "embed", "param"}
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
_BLOCKS = {"p", "div", "section", "article", "aside", "header", "footer", "main", "nav", "table", "thead",
           "tbody", "tfoot", "tr", "td", "th", "ul", "ol", "li", "pre", "blockquote", "details", "summary",
           "dl", "dt", "dd", "hr", "center", "figure", "figcaption", "caption", "form", "fieldset"} | set(_HEADINGS)
# A start tag of these closes an open element of the same family (<li> after <li>…).
_CLOSED_BY = {"li": {"li"}, "p": {"p"}, "td": {"td", "th"}, "th": {"td", "th"}, "tr": {"tr", "td", "th"},
              "dt": {"dt", "dd"}, "dd": {"dt", "dd"}}
_SCOPES = {"ul", "ol", "table", "dl"}
_DROPPED = {"script", "style", "head", "title", "template", "noscript"}
# Things a page shows that paper cannot: said once each, where they stand; the words
# inside (a player's fallback text) are kept.
UNPRINTABLE = {"video", "audio", "iframe", "object", "embed", "canvas", "svg", "applet"}
_NOT_WORDS = {"source", "track", "param"}          # inside a <video> or <object>: no words to keep


@dataclass
class _Element:
    tag: str
    attrs: dict
    line: int
    children: list = field(default_factory=list)     # _Element or str


class _Tree(HTMLParser):
    def __init__(self, first_line: int):
        super().__init__(convert_charrefs=True)
        self.first = first_line
        self.root = _Element("root", {}, first_line)
        self.stack = [self.root]

    def _line(self) -> int:
        return self.first + self.getpos()[0] - 1

    def handle_starttag(self, tag, attrs):
        closes = _CLOSED_BY.get(tag, set())
        open_at = None
        for k in range(len(self.stack) - 1, 0, -1):     # the open one of its family, within its list or table
            if self.stack[k].tag in closes:
                open_at = k
            elif self.stack[k].tag in _SCOPES:
                break
        if open_at is not None:
            del self.stack[open_at:]
        element = _Element(tag, dict(attrs), self._line())
        self.stack[-1].children.append(element)
        if tag not in _VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag, attrs):
        self.stack[-1].children.append(_Element(tag, dict(attrs), self._line()))

    def handle_endtag(self, tag):
        if any(e.tag == tag for e in self.stack[1:]):
            while self.stack[-1].tag != tag:
                self.stack.pop()
            self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def parse(html: str, line: int) -> _Element:
    tree = _Tree(line)
    try:
        tree.feed(html)
        tree.close()
    except AssertionError:                          # html.parser gives up on a broken <![ section
        tree.root.children = [re.sub(r"<[^>]*>?", " ", html)]
    return tree.root


def words_of(node) -> str:
    if isinstance(node, str):
        return node
    if node.tag in _DROPPED:
        return ""
    return " ".join(words_of(c) for c in node.children) if node.tag in _BLOCKS else "".join(
        words_of(c) for c in node.children)


class HtmlBlocks:
    """HTML → blocks. ``inline(text, line)`` reads words as Markdown inlines;
    ``anchor(name)`` hears of every ``<a name>``/``id`` (another name of the section it stands in);
    ``picture(src, alt, title, line, caption)`` makes an ``<img>``'s figure as the Markdown reader
    makes an image's; ``unprintable(tag, line)`` hears of each element paper cannot show."""

    def __init__(self, source: str, inline: Callable[[str, int], list[m.Inline]], anchor: Callable[[str], None],
                 picture: Callable[..., m.Figure], unprintable: Callable[[str, int], None]):
        self.source, self.inline_words, self.anchor = source, inline, anchor
        self.picture, self.unprintable = picture, unprintable

    def blocks(self, element: _Element) -> list[m.Block]:
        out: list[m.Block] = []
        run: list = []                               # inline children waiting for their paragraph

        def flush():
            alone = [c for c in run if not isinstance(c, str) or c.strip()]
            if len(alone) == 1 and isinstance(alone[0], _Element) and alone[0].tag == "img":
                out.append(self.figure(alone[0], []))     # a picture standing alone is a figure
                run.clear()
                return
            inlines = strip(self.inlines(run))
            if inlines:
                out.append(m.Paragraph(inlines, source=self.source, line=_first_line(run, element.line)))
            run.clear()

        for child in element.children:
            if isinstance(child, _Element) and child.tag in _BLOCKS:
                flush()
                out.extend(self.block(child))
            elif isinstance(child, _Element) and child.tag in _DROPPED:
                continue
            else:
                run.append(child)
        flush()
        return out

    def block(self, el: _Element) -> list[m.Block]:
        src, line = self.source, el.line
        self.names(el)
        if el.tag in _HEADINGS:
            return [m.Heading(_HEADINGS[el.tag], strip(self.inlines(el.children)), anchor=el.attrs.get("id") or "",
                              source=src, line=line)]
        if el.tag in ("ul", "ol"):
            items = [m.ListItem(self.blocks(li), source=src, line=li.line)
                     for li in el.children if isinstance(li, _Element) and li.tag == "li"]
            start = el.attrs.get("start", "1")
            return [m.ListBlock(el.tag == "ol", items, start=int(start) if start.isdigit() else 1,
                                source=src, line=line)]
        if el.tag == "table":
            return [self.table(el)]
        if el.tag == "pre":
            return [m.Verbatim(words_of(el).strip("\n").split("\n"), source=src, line=line)]
        if el.tag == "blockquote":
            return [m.Box("quote", [], self.blocks(el), source=src, line=line)]
        if el.tag == "dl":
            items: list[m.Definition] = []
            for child in el.children:
                if isinstance(child, _Element) and child.tag == "dt":
                    items.append(m.Definition(strip(self.inlines(child.children)), [], source=src, line=child.line))
                elif isinstance(child, _Element) and child.tag == "dd":
                    if not items:
                        items.append(m.Definition([], [], source=src, line=child.line))
                    items[-1].blocks.extend(self.blocks(child))
            return [m.DefinitionList(items, source=src, line=line)]
        if el.tag == "hr":
            return []
        if el.tag == "figure" and (img := next(_find(el, "img"), None)) is not None:
            caption = next(_find(el, "figcaption"), None)
            return [self.figure(img, strip(self.inlines(caption.children)) if caption else [])]
        return self.blocks(el)                      # div, p, section, details…: what they hold

    def figure(self, img: _Element, caption: list[m.Inline]) -> m.Figure:
        return self.picture(img.attrs.get("src") or "", " ".join((img.attrs.get("alt") or "").split()),
                            img.attrs.get("title") or "", img.line, caption)

    def table(self, el: _Element) -> m.Table:
        header, rows = [], []
        for tr in _find(el, "tr"):
            cells = [m.Cell(strip(self.inlines(td.children)), source=self.source, line=td.line)
                     for td in tr.children if isinstance(td, _Element) and td.tag in ("td", "th")]
            heads = all(td.tag == "th" for td in tr.children if isinstance(td, _Element) and td.tag in ("td", "th"))
            (header if heads and not rows and cells else rows).append(cells)
        width = max((len(r) for r in header + rows), default=0)
        for row in header + rows:
            row.extend(m.Cell([], source=self.source, line=el.line) for _ in range(width - len(row)))
        caption = next((c for c in el.children if isinstance(c, _Element) and c.tag == "caption"), None)
        # a <colgroup>'s widths (pandoc writes <col width="40%">, a style's "width: 40%" alike): the
        # columns' shares of the table, as a browser sets them, where there is one for every column
        said = [re.search(r"(\d+(?:\.\d+)?)\s*%", col.attrs.get("width") or col.attrs.get("style") or "")
                for col in _find(el, "col")]
        widths = [round(float(w.group(1))) for w in said] if said and all(said) and len(said) == width else None
        return m.Table(header, rows, widths=widths if widths and all(widths) else None,
                       caption=strip(self.inlines(caption.children)) if caption else [],
                       source=self.source, line=el.line)

    def names(self, el: _Element) -> None:
        for key in ("id", "name"):
            if el.attrs.get(key) and el.tag not in _HEADINGS:
                self.anchor(el.attrs[key])

    def inlines(self, children) -> list[m.Inline]:
        out: list[m.Inline] = []
        for child in children:
            if isinstance(child, str):
                if child.strip() or out:
                    out.extend(self.inline_words(re.sub(r"\s+", " ", child), 0))
                continue
            src, line = self.source, child.line
            self.names(child)
            if child.tag in _DROPPED or child.tag in _NOT_WORDS:
                continue
            if child.tag in UNPRINTABLE:
                self.unprintable(child.tag, line)
                out.extend(self.inlines(child.children))
            elif child.tag in ("b", "strong"):
                out.append(m.Strong(self.inlines(child.children), source=src, line=line))
            elif child.tag in ("i", "em", "cite", "var", "dfn"):
                out.append(m.Emphasis(self.inlines(child.children), source=src, line=line))
            elif child.tag in ("code", "tt", "kbd", "samp"):
                out.append(m.Code(words_of(child), source=src, line=line))
            elif child.tag == "br":
                out.append(m.LineBreak(source=src, line=line))
            elif child.tag == "img":
                alt = child.attrs.get("alt") or ""
                if alt:
                    out.append(m.Text(alt, source=src, line=line))
            elif child.tag == "a" and (child.attrs.get("href") or "").startswith("#"):
                out.append(m.Ref(child.attrs["href"][1:], strip(self.inlines(child.children)), source=src, line=line))
            else:
                inner = self.inlines(child.children)
                if child.tag in _BLOCKS and out:
                    out.append(m.Text(" ", source=src, line=line))
                out.extend(inner)
        return out


def _find(el: _Element, tag: str):
    for child in el.children:
        if isinstance(child, _Element):
            if child.tag == tag:
                yield child
            elif child.tag != "table":               # a table inside a cell keeps its own rows
                yield from _find(child, tag)


def _first_line(run: list, line: int) -> int:
    return next((c.line for c in run if isinstance(c, _Element)), line)
