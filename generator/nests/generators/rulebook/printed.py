"""The book style: any ``Book`` → one HTML document that WeasyPrint sets as a book.

The framed style prints the text pages themselves (``nests.generators.rulebook``);
the book style sets the same book in proportional type from the same tree, laid
out wholly by templates/book/ (this module only numbers what the layout prints,
as the text pages number it, and names every anchor with an HTML id). The text
output is the framed pages in both styles.

Cross-references, the contents and footnote marks are links; the contents print the
pages the body's headings landed on (nests.publish.bound).
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass, field

from nests.book import model as m
from nests.generators.rulebook.book_page import book_page
from nests.generators.rulebook.layout import kind_label, nodes, says_nothing
from nests.generators.rulebook.numbering import Numbering

STYLES = ("book", "framed")
COLUMNS = (1, 2)
OUTLINE_LEVELS = 3           # heading levels in the PDF outline, as in the framed style
CONTENTS_TITLE = "Contents"  # the contents' own title (book.html.j2) and their pages' running head
MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml"}


def default_style(markup: str) -> str:
    """The style a book gets unless asked: the Nests raw markup keeps its framed page."""
    return "framed" if markup == "nests" else "book"


@dataclass
class Labels:
    """What the layout prints for a node and where a link lands: each heading's, table's,
    figure's and numbered box's number and label (by the node's identity), each anchor's
    HTML id and what a reference to it prints, the footnotes' numbers and notes."""
    numbers: dict[int, str] = field(default_factory=dict)
    labels: dict[int, str] = field(default_factory=dict)
    ids: dict[str, str] = field(default_factory=dict)            # anchor → HTML id
    node_ids: dict[int, str] = field(default_factory=dict)       # a heading or anchored node → its HTML id
    titles: dict[str, str] = field(default_factory=dict)         # anchor → what a reference prints
    target_numbers: dict[str, str] = field(default_factory=dict)  # anchor → its number alone
    footnotes: dict[str, int] = field(default_factory=dict)      # label → number, in order of first mention
    notes: dict[str, m.Footnote] = field(default_factory=dict)   # label → the note
    first_calls: dict[str, m.FootnoteRef] = field(default_factory=dict)   # label → its first mention
    ranks: dict[int, int] = field(default_factory=dict)          # heading level → rank (1: a chapter)
    outline: dict[int, int] = field(default_factory=dict)        # heading level → outline level

    def number(self, node) -> str:
        return self.numbers.get(id(node), "")

    def label(self, node) -> str:
        return self.labels.get(id(node), "")

    def html_id(self, anchor: str) -> str:
        return self.ids.get(anchor, "")

    def node_id(self, node) -> str:
        return self.node_ids.get(id(node), "")


def _words(inlines) -> str:
    return " ".join(m.plain(inlines).split())


def labels_of(book: m.Book) -> Labels:
    """Every number the book prints, counted in document order as the text pages count them
    (``BookLayout``): headings from the book's shallowest numbered level, parts apart, and
    tables, figures and numbered boxes by kind."""
    out = Labels()
    numbered = [n.level for b in book.blocks for n in nodes(b)
                if isinstance(n, m.Heading) and n.numbered and not n.part]
    first = max(1, min(numbered, default=1))
    count = Numbering(first, book.number_parts, book.by_chapter)
    levels = set()
    for block in book.blocks:
        for node in nodes(block):
            anchor = getattr(node, "anchor", "")
            if anchor or isinstance(node, m.Heading):
                out.node_ids[id(node)] = f"a{len(out.node_ids) + 1}"
                if anchor and anchor not in out.ids:     # a second node of one anchor: the first is its target
                    out.ids[anchor] = out.node_ids[id(node)]
            if isinstance(node, (m.FootnoteRef, m.Footnote)) and node.label not in out.footnotes:
                out.footnotes[node.label] = len(out.footnotes) + 1
            if isinstance(node, m.Footnote):
                out.notes.setdefault(node.label, node)
            if isinstance(node, m.FootnoteRef):
                out.first_calls.setdefault(node.label, node)
            number, label = "", ""
            if isinstance(node, m.Heading):
                levels.add(max(1, node.level))
                title = _words(node.title)
                number = "" if not (node.numbered and book.numbering) else count.part() if node.part else \
                    count.heading(max(1, node.level), node.restart, node.lettered)
                label = f"{number} {title}" if number else title
            elif isinstance(node, m.Table):
                number = str(count.next("table")) if node.numbered else ""
                label = f"Table {number}" if number else _words(node.caption)
            elif isinstance(node, m.Figure):
                number = str(count.next("figure")) if node.numbered else ""
                label = f"Figure {number}" if number else _words(node.caption) or node.alt
                for inner in node.blocks:          # a figure's own table is the figure's, not numbered apart
                    if isinstance(inner, m.Table) and inner.numbered:
                        out.numbers[id(inner)] = ""
            elif isinstance(node, m.Box):
                title = _words(node.title)
                if node.numbered:
                    number = str(count.next(node.kind))
                    title = f"{kind_label(node.kind)} {number}" + (f": {title}" if title else "")
                elif not title and node.kind != "box":
                    title = kind_label(node.kind)
                label = title
            else:
                continue
            out.numbers.setdefault(id(node), number)
            out.labels[id(node)] = label
            if anchor and anchor not in out.titles:
                out.titles[anchor], out.target_numbers[anchor] = label, number
    parts = {max(1, n.level) for b in book.blocks for n in nodes(b) if isinstance(n, m.Heading) and n.part}
    out.ranks = {level: level - first + 1 for level in levels if level not in parts}
    out.ranks.update({level: 0 for level in parts})
    out.outline = {level: rank for rank, level in enumerate(sorted(levels)[:OUTLINE_LEVELS], start=1)}
    return out


def data_uri(image: m.Image) -> str:
    """A picture's bytes inside the HTML: WeasyPrint opens no file of the book."""
    return f"data:{MEDIA_TYPES[image.kind]};base64,{base64.b64encode(image.data).decode('ascii')}"


def _kind(node) -> str:
    return type(node).__name__


def _unknown(kind: str) -> str:
    from nests.errors import NestsError

    raise NestsError(f"the book style has no layout for a {kind}; "
                     "templates/book/blocks.html.j2 lays out each node kind")


BOLD = 1.2         # a bold head's letters against the table's own, in width


def _table_chars(table: m.Table) -> list[tuple[float, float]]:
    """Each column of a table as characters: its longest cell and its longest word (the column
    set at its ease, and at its narrowest; a head's bold letters count wider); the book's page
    decides what fits (blocks.html.j2)."""
    longest: dict[int, float] = {}
    word: dict[int, float] = {}
    for rows, scale in ((table.header, BOLD), (table.rows, 1)):
        for row in rows:
            for j, cell in enumerate(row):
                said = _words(cell.children)
                longest[j] = max(longest.get(j, 0), len(said) * scale)
                word[j] = max([word.get(j, 0)] + [len(w) * scale for w in said.split()])
    return [(longest[j], word[j]) for j in sorted(longest)]


def _plain_block(block) -> str:
    """A block's words run together (a list or a table inside a footnote)."""
    return " ".join(" ".join(n.text for n in nodes(block) if isinstance(n, (m.Text, m.Code, m.Math))).split())


# A heading's bookmark in the HTML (book.html.j2, blocks.html.j2): its outline level.
BOOKMARK = re.compile(r'<h\d [^>]*class="[^"]*\bb([123])\b')

# A reference that prints its target's page as WeasyPrint counts it (blocks.html.j2): the target's id.
PAGE_REF = re.compile(r'<a class="ref page-only" href="#([^"]+)">')

# An address written out in the text: clickable in print as it is.
URL = re.compile(r"\b(?:https?://|mailto:|www\.)[^\s<>\"]*[^\s<>\"'.,;:!?)\]}]")


def urls(text: str) -> list[tuple[str, str]]:
    """``text`` cut at each web address it writes out: (piece, its address or "")."""
    if "http" not in text and "www." not in text and "mailto:" not in text:
        return [(text, "")]
    out, at = [], 0
    for found in URL.finditer(text):
        if found.start() > at:
            out.append((text[at:found.start()], ""))
        url = found.group()
        out.append((url, url if not url.startswith("www.") else "https://" + url))
        at = found.end()
    if at < len(text):
        out.append((text[at:], ""))
    return out


_WORD = re.compile(r"[^\W\d_]+")


def hyphenator(exceptions: dict[str, str]):
    """What prints words where the source says they break (LaTeX's ``\\hyphenation{Quest-Worlds}``,
    ``exceptions`` by the word in lower case): a soft hyphen at each of its breaks, which
    WeasyPrint takes instead of its patterns' (a word listed whole is set apart, never broken);
    every other word as it is. The text is escaped here, as the template would."""
    from markupsafe import Markup, escape

    if not exceptions:
        return lambda text: text

    def said(found) -> str:
        word = found.group()
        breaks = exceptions.get(word.lower())
        if breaks is None:
            return str(escape(word))
        if "-" not in breaks:
            return f'<span class="whole-word">{escape(word)}</span>'
        out, at = [], 0
        for piece in breaks.split("-"):                 # the word's own letters, in its own case
            out.append(str(escape(word[at:at + len(piece)])))
            at += len(piece)
        return "\u00ad".join(out)

    def hyphenated(text: str):
        out, at = [], 0
        for found in _WORD.finditer(text):
            out += [str(escape(text[at:found.start()])), said(found)]
            at = found.end()
        return Markup("".join(out) + str(escape(text[at:])))

    return hyphenated


def book_html(book: m.Book, paper: str, columns: int = 1, sheet_pages=None) -> str:
    """The HTML of the book's body in the book style, as one document (the title page and every
    chapter; the contents and running heads are bound in after, nests.publish.bound)."""
    return BookPrint(book, columns, sheet_pages).body(paper)


class BookPrint:
    """A book's PDF in the book style, as HTML for WeasyPrint: its body (for a long book in
    parts of whole chapters, typeset side by side), then, once the body's pages are known,
    its contents and the running heads and page numbers printed over every page
    (nests.publish.bound typesets and binds them). No page names a page WeasyPrint has not
    laid out yet: it would lay that page out again, which costs time and loses its footnotes."""

    def __init__(self, book: m.Book, columns: int = 1, sheet_pages=None):
        self.book, self.columns = book, columns
        self.sheet_pages = sheet_pages or (lambda node: [])
        self.labels = labels_of(book)
        self.title_heading = _title_heading(book, self.labels)
        if self.title_heading is not None:      # the title page is the outline's top; the chapters its first level
            levels = {max(1, n.level) for b in book.blocks for n in nodes(b)
                      if isinstance(n, m.Heading) and n is not self.title_heading}
            self.labels.outline = {level: rank for rank, level in enumerate(sorted(levels)[:OUTLINE_LEVELS], start=1)}
        self.entries = _contents(book, self.labels, self.title_heading)
        self.chapters = {self.labels.node_id(n): self.labels.label(n) for b in book.blocks for n in nodes(b)
                         if self._opens(n)}

    @property
    def title_page(self) -> bool:
        """Whether the first part opens with the title page: where the source's tool prints one
        (the book model's ``has_title_page``), or the book opens with one of its own (``own_title``)."""
        return m.has_title_page(self.book) or bool(self.own_title)

    @property
    def own_title(self) -> list:
        """The blocks of the title page a book sets by hand (LaTeX's titlepage) where it opens the
        book: printed as its title page, in place of the one made of its title and credits."""
        first = self.book.blocks[0] if self.book.blocks else None
        return first.blocks if isinstance(first, m.Box) and first.kind == "title page" else []

    def body_blocks(self, blocks):
        """``blocks`` without the book's own title page, which the title page prints."""
        return blocks[1:] if self.own_title and blocks and blocks[0] is self.book.blocks[0] else blocks

    def _opens(self, block) -> bool:
        """Whether a block is a heading that opens a page: a part's or a chapter's."""
        return isinstance(block, m.Heading) and self.labels.ranks.get(max(1, block.level), 1) <= 1

    def runs(self, blocks) -> list[tuple]:
        """The blocks as the page sets them: each chapter's (or part's) heading, or a page of its
        own (a page break, a drawn page), or None, and the run of blocks after it, which flows in
        the book's columns (book.html.j2). What stands across the page is kept outside the
        columns: WeasyPrint lays out badly what spans them from inside (what followed was lost)."""
        out: list[tuple] = []
        for block in blocks:
            if isinstance(block, m.PageBreak) and (not out or (not out[-1][1] and (
                    isinstance(out[-1][0], m.PageBreak) or self._opens(out[-1][0])))):
                continue       # a break on a page that has nothing on it yet makes no empty page, as \clearpage
            across = self._opens(block) or isinstance(block, (m.PageBreak, m.SheetPlaceholder, m.DrawnPage))
            if across or not out:
                out.append((block, []) if across else (None, [block]))
            else:
                out[-1][1].append(block)
        return out

    def _render(self, paper: str, blocks, title_page: bool, contents, pages, page_numbers=None) -> str:
        from nests import __version__
        from nests.render import render

        return render("book/book.html.j2", book=self.book, labels=self.labels, paper=paper, columns=self.columns,
                      page=book_page(paper, self.columns), contents_title=CONTENTS_TITLE,
                      kind=_kind, data_uri=data_uri, plain=_words, version=__version__,
                      title_heading=self.title_heading, sheet_pages=self.sheet_pages, blocks=blocks,
                      title_page=title_page, contents=contents, pages=pages, page_numbers=page_numbers or {},
                      own_title=self.own_title if title_page else [],
                      runs=self.runs(self.body_blocks(blocks)) if blocks else [],
                      known=set(self.labels.ids), urls=urls, unknown=_unknown, plain_block=_plain_block,
                      hyphenated=hyphenator(self.book.hyphenation), says_nothing=says_nothing,
                      table_chars=_table_chars)

    def body(self, paper: str) -> str:
        """The title page and the whole body as one document."""
        return self._render(paper, self.book.blocks, self.title_page, None, None)

    def parts(self, paper: str) -> list[str]:
        """The HTML of each part of the book's body, the first with the title page: the book
        whole, or for a long one (grid.BOOK_PARTS_OVER) parts of whole chapters, about
        grid.BOOK_PART_CHARS characters of text each."""
        from nests.text.grid import BOOK_PART_CHARS, BOOK_PARTS_OVER

        groups, size, total = [[]], 0, 0
        for block in self.book.blocks:
            length = sum(len(n.text) for n in nodes(block) if isinstance(n, (m.Text, m.Code)))
            if self._opens(block) and size >= BOOK_PART_CHARS:
                groups.append([])
                size = 0
            groups[-1].append(block)
            size, total = size + length, total + length
        if total <= BOOK_PARTS_OVER:
            groups = [self.book.blocks]
        self.groups = groups
        self.made = [self._render(paper, blocks, k == 0 and self.title_page, None, None) for k, blocks in enumerate(groups)]
        return self.made

    def page_refs(self, part: int) -> set[str]:
        """The HTML ids whose page a part prints (a LaTeX ``\\pageref``), as a CSS page counter finds
        it: right only for a target in the first part (the title page counts as page 0 there)."""
        return set(PAGE_REF.findall(self.made[part]))

    def part(self, paper: str, part: int, page_numbers: dict[str, str]) -> str:
        """A part's HTML again, each page it names printed as ``page_numbers`` gives it (the
        pages of the bound book, nests.publish.bound)."""
        self.made[part] = self._render(paper, self.groups[part], part == 0 and self.title_page, None, None, page_numbers)
        return self.made[part]

    def page(self, paper: str):
        """The page the book is set on (its type, text block and margins)."""
        return book_page(paper, self.columns)

    def levels(self, part: int) -> list[int]:
        """The outline levels of the bookmarks of a part, in order (book.css.j2's b1, b2, b3)."""
        return [int(n) for n in BOOKMARK.findall(self.made[part])]

    def contents(self, paper: str, pages: dict[str, str]) -> str | None:
        """The contents, each entry with its heading's page as printed; None: nothing to list."""
        return self._render(paper, [], False, self.entries, pages) if self.entries else None

    def heads(self, paper: str, pages: list[tuple[str, str, str]]) -> str:
        """Running heads and page numbers, as pages to print over the bound book's own: each
        page's (number as printed, or ""; the id of a chapter heading on it, or ""; its kind:
        "title", "blank", "contents" or "body"). A left page (odd in the bound book, whose
        first page is a right one) carries the book's title (a book with none: its chapter), a
        right one its chapter (or the contents' name; before the first chapter, the title); a page that opens a chapter or the contents, the title page and a
        blank page carry none."""
        from nests.render import render

        shown, chapter = [], ""
        for k, (number, found, kind) in enumerate(pages):
            opens = bool(found) or (kind == "contents" and (k == 0 or pages[k - 1][2] != "contents"))
            chapter = self.chapters.get(found, chapter) if found else chapter
            own = CONTENTS_TITLE if kind == "contents" else chapter or self.book.title    # (before a first chapter)
            if kind in ("title", "blank") or opens:
                head = ""
            elif k % 2:
                head = self.book.title or own          # a book with no title: its chapter on both sides
            else:
                head = own
            shown.append((number, head))
        return render("book/heads.html.j2", paper=paper, columns=self.columns, page=book_page(paper, self.columns),
                      pages=shown, title=self.book.title)


def _title_heading(book: m.Book, labels: Labels):
    """The book's first heading when it is the book's title over every other heading
    (an unnumbered ``#`` over ``##`` chapters): the title page prints it."""
    for block in book.blocks:
        if isinstance(block, m.Heading):
            if book.title and not block.numbered and labels.ranks.get(max(1, block.level), 1) < 1 and \
                    _words(block.title) == " ".join(book.title.split()):
                return block
            return None
    return None


def _contents(book: m.Book, labels: Labels, title_heading) -> list[tuple[int, str, str, str]]:
    """The contents' entries: (rank, number, title, HTML id) of each heading down to the
    book's contents depth, the title's own heading left out."""
    out = []
    for block in book.blocks:
        for node in nodes(block):
            if not isinstance(node, m.Heading) or node is title_heading:
                continue
            if book.toc_depth is not None and node.level > book.toc_depth:
                continue
            out.append((labels.ranks.get(max(1, node.level), 1), labels.number(node), _words(node.title),
                        labels.node_id(node)))
    return out
