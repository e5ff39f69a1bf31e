"""Markdown (CommonMark with tables, footnotes, definition lists and heading
anchors) read by markdown-it-py into the book model.

Links to an anchor become cross-references, and so do links to another file of
a book in many files (``nests.book.readers.many``); a link to a page the book
does not hold prints its words, with one warning for each such page.
Thematic breaks (``---``, ``___``) are decoration and are dropped. mkdocs books'
heading attributes (``{ #id }``, pandoc's too) name the heading's anchor, and their
snippets (``--8<-- "file"``, ``nests.book.readers.snippets``) are read in place first.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import Report, confined, finish, slug, strip, words
from nests.book.readers.credits import MOST_CREDITS, credit, credited
from nests.book.readers import snippets
from nests.book.readers.languages import tag
from nests.book.readers.markdown_pandoc import dashes, pandoc_links
from nests.book.readers.many import book_folder, file_link, smart_punctuation, snippet_bases

DEEPEST = 64           # levels of lists (two each) and quotes (one each) inside each other
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
# The LaTeX a book written for pandoc leaves among its words: a line break, or spacing.
_INLINE_TEX = re.compile(r"(\\(?:newline|linebreak|noindent|hfill|vfill|medskip|smallskip|bigskip)(?![A-Za-z])"
                         r"|\\[vh]space\*?\{[^{}]*\})")
# A paragraph of LaTeX commands alone, one to a line (``\newpage``, ``\setlength{…}{…}``): raw
# TeX that pandoc passes to its LaTeX output only and leaves out of every other.
_RAW_TEX_LINE = re.compile(r"(?:\\[A-Za-z@]+\*?(?:\s*(?:\[[^\]]*\]|\{(?:[^{}]|\{[^{}]*\})*\}))*\s*)+(?:%.*)?")


def read(text: str, shown: str, path: Path) -> m.Book:
    from markdown_it import MarkdownIt
    from markdown_it.tree import SyntaxTreeNode
    from mdit_py_plugins.admon import admon_plugin
    from mdit_py_plugins.anchors import anchors_plugin
    from mdit_py_plugins.deflist import deflist_plugin
    from mdit_py_plugins.footnote import footnote_plugin
    from mdit_py_plugins.front_matter import front_matter_plugin

    # pandoc's Markdown, its default extensions as far as a book prints them: links whose address
    # breaks over a line, and smart punctuation (curled quotes here, dashes as the words are read)
    md = (MarkdownIt("commonmark").enable("table").enable("strikethrough")
          .use(front_matter_plugin).use(footnote_plugin).use(deflist_plugin).use(admon_plugin)
          .use(anchors_plugin, min_level=1, max_level=6, slug_func=slug).use(pandoc_links))
    md.options["maxNesting"] = DEEPEST + 2
    reader = _MarkdownReader(shown, Path(path))
    if smart_punctuation():                             # (a site's tool: only where it is set so)
        md.enable("smartquotes")
        md.options["typographer"] = True
        reader.dashes = dashes
    text, origins = snippets.expand(text, reader.report, Path(path), shown, reader.root, snippet_bases(path))
    said = len(reader.report.warnings)
    tokens = md.parse(text)
    _nested_within(tokens, shown)
    tree = SyntaxTreeNode(tokens)
    reader.inline_markdown = lambda words_: SyntaxTreeNode(md.parseInline(words_)).children[0]
    blocks = reader.blocks(tree.children)
    snippets.place(blocks, reader.report, shown, origins, said)        # a snippet's words at its own file and line
    # pandoc numbers no heading unless asked (--number-sections; here --number-headings), and lists
    # headings down to its toc-depth, 3 (#, ##, ###)
    book = finish(blocks, reader.report, title=reader.title, aliases=reader.aliases, toc_rank=TOC_DEPTH)
    book = dataclasses.replace(book, numbering=False, language=reader.language or book.language)
    return credited(book, reader.credits)


TOC_DEPTH = 3           # pandoc's default --toc-depth


def _nested_within(tokens, shown: str) -> None:
    """markdown-it stops reading, silently, at the first list or quote nested as deep as
    its ``maxNesting``: a token deeper than ours (one short of it) is our error, at its line, before
    anything is lost. (A list item counts two levels: the list and the item.)"""
    from nests.errors import NestsError, Problem

    line = 0
    for token in tokens:
        line = token.map[0] + 1 if token.map else line
        if token.level > DEEPEST:
            raise NestsError(Problem(f"lists and quotes nested too deep (past {DEEPEST} levels of markup: a list counts two, "
                                     f"a quote one); not read: nest them less", file=shown, line=line or None))


class _MarkdownReader:
    def __init__(self, shown: str, path: Path):
        self.source = shown
        self.path = path
        self.folder = path.parent.resolve()
        self.root = book_folder(path)                  # the whole book's, when it is in many files
        self.report = Report(shown)
        self.aliases: dict[str, str] = {}
        self.heading: m.Heading | None = None          # the last heading: what an <a name> names
        self.title = ""                                 # a YAML front matter's title, if any
        self.credits: dict[str, str] = {}               # and its author, date and version, for the title page
        self.language = ""                              # its lang, as a BCP 47 tag
        self.dashes = lambda text: text                 # pandoc's smart dashes and ellipses, where smart

    def at(self, node) -> int:
        return node.map[0] + 1 if node.map else 0

    # -- blocks ------------------------------------------------------------
    def blocks(self, nodes) -> list[m.Block]:
        out: list[m.Block] = []
        for node in nodes:
            out.extend(self.block(node))
        return out

    def block(self, node) -> list[m.Block]:
        line, src = self.at(node), self.source
        kind = node.type
        if kind == "heading":
            self.heading = m.Heading(int(node.tag[1]), [], anchor=str(node.attrs.get("id", "")),
                                     source=src, line=line)
            title = strip(self.inline(node.children[0], line))
            attributes = _ATTRIBUTES.search(title[-1].text) if title and isinstance(title[-1], m.Text) else None
            if attributes:                              # "## Title {#id .class}", "{: #id }": not printed
                title[-1].text = title[-1].text[:attributes.start()]
                said = _ATTRIBUTE.findall(attributes.group(1))
                ids = [a[1:] for a in said if a.startswith("#")]
                self.heading.anchor = ids[-1] if ids else slug(m.plain(title))
                # pandoc's unnumbered heading: "{-}" or "{.unnumbered}"
                self.heading.numbered = not ({"-", ".unnumbered"} & set(said))
            self.heading.title = strip(title)
            return [self.heading]
        if kind == "paragraph":
            inline = node.children[0]
            if inline.content.strip() in ("\\newpage", "\\pagebreak", "\\clearpage"):
                return [m.PageBreak(source=src, line=line)]    # pandoc's way of asking for a new page
            if all(_RAW_TEX_LINE.fullmatch(text.strip()) for text in inline.content.strip().split("\n")):
                self.report.warn(line, "raw LaTeX (for pandoc's LaTeX output) is left out: "
                                       f"{inline.content.strip().splitlines()[0][:60]}", thing="raw LaTeX")
                return []
            if len(inline.children) == 1 and inline.children[0].type == "image":
                return [self.figure(inline.children[0], line)]
            if re.fullmatch(r"<img\b[^<>]*>", inline.content.strip(), re.I):
                return self.html(inline.content, line)         # an HTML picture standing alone
            return [m.Paragraph(strip(self.inline(inline, line)), source=src, line=line)]
        if kind in ("bullet_list", "ordered_list"):
            start = int(node.attrs.get("start", 1))
            items = [m.ListItem(self.blocks(item.children), source=src, line=self.at(item))
                     for item in node.children]
            return [m.ListBlock(kind == "ordered_list", items, start=start, source=src, line=line)]
        if kind == "table":
            return [self.table(node, line)]
        if kind == "dl":
            items, term = [], None
            for child in node.children:
                if child.type == "dt":
                    term = m.Definition(strip(self.inline(child.children[0], self.at(child))), [],
                                        source=src, line=self.at(child))
                    items.append(term)
                elif child.type == "dd" and term is not None:
                    term.blocks.extend(self.blocks(child.children))
            return [m.DefinitionList(items, source=src, line=line)]
        if kind == "front_matter":
            self.front_matter(node.content, line)
            return []
        if kind == "admonition":                        # !!! note "Title"
            title = node.children[0] if node.children and node.children[0].type == "admonition_title" else None
            return [m.Box(node.meta.get("tag", "note"),
                          strip(self.inline(title.children[0], line)) if title and title.children else [],
                          self.blocks(c for c in node.children if c is not title), source=src, line=line)]
        if kind == "blockquote":
            box = m.Box("quote", [], self.blocks(node.children), source=src, line=line)
            first = box.blocks[0] if box.blocks else None
            callout = re.match(r"\[!(\w+)\]\s*", first.children[0].text) if (
                isinstance(first, m.Paragraph) and first.children and isinstance(first.children[0], m.Text)) else None
            if callout:                                 # GitHub's "> [!NOTE]"
                box.kind = callout.group(1).lower()
                first.children[0].text = first.children[0].text[callout.end():]
                first.children = strip(first.children)
                if not first.children:
                    box.blocks.pop(0)
            return [box]
        if kind in ("fence", "code_block"):
            return [m.Verbatim(node.content.rstrip("\n").split("\n"), source=src, line=line)]
        if kind == "footnote_block":
            return self.blocks(node.children)
        if kind == "footnote":
            inner = self.blocks(c for c in node.children if c.type != "footnote_anchor")
            label = node.meta.get("label") or str(node.meta.get("id", 0) + 1)
            first = next((b.line for b in inner if b.line), line)
            return [m.Footnote(label, inner, source=src, line=first)]
        if kind == "html_block" and re.search(r"page-break-(?:before|after)\s*:\s*always", node.content):
            return [m.PageBreak(source=src, line=line)]
        if kind == "html_block":
            return self.html(node.content, line)
        if kind == "hr":
            return []
        # A construct this reader does not know: keep whatever it holds.
        return self.blocks(node.children)

    def html(self, content: str, line: int) -> list[m.Block]:
        """An HTML block's headings, tables, lists and paragraphs (see ``html``)."""
        from nests.book.readers import html

        def inline(text: str, _line: int) -> list[m.Inline]:
            # the words inside HTML are still Markdown to the reader's eye
            body = words(text)
            lead = [m.Text(" ", source=self.source, line=line)] if body[:1] == " " else []
            trail = [m.Text(" ", source=self.source, line=line)] if body.strip() and body[-1:] == " " else []
            inner = self.inline(self.inline_markdown(body.strip()), line) if body.strip() else []
            return lead + inner + trail

        def anchor(name: str) -> None:
            if self.heading is not None:
                self.aliases.setdefault(name, self.heading.anchor)

        reader = html.HtmlBlocks(self.source, inline, anchor, self.picture_figure, self.unprintable)
        blocks = reader.blocks(html.parse(content, line))
        headings = [b for b in blocks if isinstance(b, m.Heading)]
        if headings:
            self.heading = headings[-1]
        return blocks

    def table(self, node, line: int) -> m.Table:
        header, rows = [], []
        for part in node.children:
            for tr in part.children:
                cells = [m.Cell(strip(self.inline(td.children[0], self.at(tr))) if td.children else [],
                                source=self.source, line=self.at(tr))
                         for td in tr.children]
                (header if part.type == "thead" else rows).append(cells)
        return m.Table(header, rows, source=self.source, line=line)

    def figure(self, image, line: int) -> m.Figure:
        return self.picture_figure(image.attrs.get("src", ""), words(_plain_text(image)).strip(),
                                   image.attrs.get("title") or "", line)

    def picture_figure(self, src: str, alt: str, title: str, line: int, caption=None) -> m.Figure:
        """A picture standing alone, Markdown's or HTML's: its caption (else its title or alt
        text) after the placeholder of a file that is not there."""
        from nests.book.images import picture

        caption = caption or [m.Text(title or alt, source=self.source, line=line)]
        found = picture(self.report, src, line, [self.folder], source=self.source, root=self.root)
        if isinstance(found, m.Missing):
            caption, found = [found, m.Text(" ", source=self.source, line=line)] + caption, None
        return m.Figure(strip(caption), alt=alt, image=found, source=self.source, line=line)

    def image_words(self, src: str, alt: str, line: int) -> list[m.Inline]:
        """A picture among words prints its alt text, or the placeholder of a file that is not there."""
        path, why = confined(self.root, src, self.folder)
        missing = None if _SCHEME.match(src) or (path is not None and path.is_file()) else \
            self.report.missing(f"image: {src}", line, f"image {src!r} is {why or 'not there'}")
        return [m.Text(alt, source=self.source, line=line)] if alt else [missing] if missing else []

    # -- inlines -----------------------------------------------------------
    def inline(self, node, line: int) -> list[m.Inline]:
        self._line = line
        return self.inlines(node.children)

    def inlines(self, nodes) -> list[m.Inline]:
        out: list[m.Inline] = []
        for node in nodes:
            out.extend(self.one(node))
        return out

    def one(self, node) -> list[m.Inline]:
        src, line = self.source, self._line
        kind = node.type
        if kind == "text":
            return self.text(node.content, line)
        if kind == "softbreak":
            self._line += 1
            return [m.Text(" ", source=src, line=line)]
        if kind == "hardbreak":
            self._line += 1
            return [m.LineBreak(source=src, line=line)]
        if kind == "em":
            return [m.Emphasis(self.inlines(node.children), source=src, line=line)]
        if kind == "strong":
            return [m.Strong(self.inlines(node.children), source=src, line=line)]
        if kind == "code_inline":
            return [m.Code(node.content, source=src, line=line)]
        if kind == "footnote_ref":
            label = node.meta.get("label") or str(node.meta.get("id", 0) + 1)
            return [m.FootnoteRef(label, source=src, line=line)]
        if kind == "link":
            said = self.link(node, line)
            self._line += node.meta.get("lines", 0)     # an address broken over lines (markdown_pandoc)
            return said
        if kind == "image":
            return self.image_words(node.attrs.get("src", ""), words(_plain_text(node)).strip(), line)
        if kind == "html_inline":
            self.html_anchors(node.content)
            return self.html_tag(node.content, line)     # a tag: its words are the text around it
        return self.inlines(node.children)

    def text(self, content: str, line: int) -> list[m.Inline]:
        """Words, and the few LaTeX commands a book written for pandoc leaves among them:
        ``\\newline`` breaks the line; a spacing command (``\\hfill``, ``\\vspace{1em}``) prints
        nothing, said once a book."""
        out: list[m.Inline] = []
        for k, piece in enumerate(_INLINE_TEX.split(content)):
            if k % 2 == 0:
                if piece:                       # pandoc's "\\ " is a space that does not break
                    out.append(m.Text(self.dashes(words(piece.replace("\\ ", " "))), source=self.source, line=line))
            elif piece.startswith(("\\newline", "\\linebreak")):
                out.append(m.LineBreak(source=self.source, line=line))
            else:
                self.report.first("latex spacing", line, f"LaTeX spacing ({piece.split('{')[0]}…) prints nothing here")
        return out

    def unprintable(self, tag: str, line: int) -> None:
        self.report.warn(line, f"HTML <{tag}> cannot be printed; only the words inside it are kept",
                         thing=f"html: {tag}")

    def html_tag(self, tag: str, line: int) -> list[m.Inline]:
        """An HTML tag among a paragraph's words: an ``<img>`` prints its alt text (or its
        placeholder when the file is absent); an element paper cannot show is warned of."""
        from nests.book.readers import html

        element = html.parse(tag, line).children
        if not element or isinstance(element[0], str):
            return []
        if element[0].tag in html.UNPRINTABLE:
            self.unprintable(element[0].tag, line)
        if element[0].tag == "img":
            return self.image_words(element[0].attrs.get("src") or "", words(element[0].attrs.get("alt") or "").strip(),
                                    line)
        return []

    def front_matter(self, yaml_text: str, line: int) -> None:
        """A YAML front matter's ``title``, and for the title page its ``subtitle``, ``author``
        (or ``authors``; a string or a list), ``date`` and ``version``: each read as Markdown,
        as pandoc reads them, and kept as its words."""
        data = _front_matter(yaml_text)

        def said(*keys) -> str:
            values = next((_said(data[k]) for k in keys if _said(data.get(k))), [])
            return ", ".join(" ".join(m.plain(self.inline(self.inline_markdown(v), line)).split())
                             for v in values[:MOST_CREDITS] if v.strip())

        self.title = credit(said("title"))
        self.language = tag(data.get("lang"))
        self.credits = {"author": said("author", "authors"), "date": said("date"), "version": said("version"),
                        "subtitle": said("subtitle")}

    def html_anchors(self, html: str) -> None:
        """``<a name="x">`` (or ``id="x"``) makes x another name of the section it stands in."""
        for name in re.findall(r"<a\s[^>]*\b(?:name|id)\s*=\s*[\"']([^\"']+)[\"']", html):
            if self.heading is not None:
                self.aliases.setdefault(name, self.heading.anchor)

    def link(self, node, line: int) -> list[m.Inline]:
        href = node.attrs.get("href", "")
        kids = self.inlines(node.children)
        if href.startswith("#"):
            return [m.Ref(href[1:], kids, source=self.source, line=line)]
        if not href:
            return kids
        if _SCHEME.match(href):                         # an address: its words, clickable in the PDF
            return [m.Link(href, kids, source=self.source, line=line)]
        return file_link(self.report, self.path, href, kids, self.source, line)


# A heading's attributes at its end: pandoc's "{#id .class key=value}" (and "{-}", unnumbered),
# Python-Markdown's attr_list "{: #id .class }" as mkdocs books write them; only attributes inside.
# A bare name is an attribute when hyphenated, as HTML's data-… and aria-… are ("{ data-search-exclude }");
# a bare word is the heading's ("{ words }" stays). A quoted value may be curled already (pandoc's smart quotes: “…”).
_ONE = r"""[#.][^\s{}#."'=]+|[\w:-]+=(?:"[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’|[^\s{}"'“‘]*)|[A-Za-z]\w*-[\w-]+(?=[\s}]|$)|-(?=[\s}]|$)"""
_ATTRIBUTE = re.compile(_ONE)
_ATTRIBUTES = re.compile(rf"""\s*\{{:?((?:\s*(?:{_ONE}))+)\s*\}}\s*$""")


def _front_matter(yaml_text: str) -> dict:
    import yaml
    try:
        data = yaml.safe_load(yaml_text)
    except (yaml.YAMLError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _said(value) -> list[str]:
    """A front matter's value as pandoc reads it: a string, or a list of them (a date
    YAML reads as a date is as written); a map is not words."""
    if isinstance(value, list):
        return [s for v in value for s in _said(v)]
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, (str, int, float)) or hasattr(value, "isoformat"):
        return [str(value)]
    return []


def _plain_text(node) -> str:
    if node.type in ("text", "code_inline"):
        return node.content
    return "".join(_plain_text(c) for c in node.children)
