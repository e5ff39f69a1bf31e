"""A book as a format-neutral tree: what every reader returns and the layout reads.

Readers (one per markup, see ``nests.book.readers``) turn a source into a
``Book``; the typesetter (``nests.generators.rulebook``) lays any ``Book`` out
on the page grid. No node knows its markup. Every node keeps the source file
and line it came from, so warnings can point at the source.

Inlines sit inside paragraphs, headings, list items, table cells and captions;
blocks make up the book, boxes, list items, footnotes and definitions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union


@dataclass(kw_only=True)
class Node:
    source: str = ""          # the source file's path as the user gave it
    line: int = 0             # 1-based line in that file; 0 when unknown


# -- inlines ---------------------------------------------------------------
@dataclass
class Text(Node):
    text: str


@dataclass
class Emphasis(Node):
    children: list["Inline"]


@dataclass
class Strong(Node):
    children: list["Inline"]


@dataclass
class Code(Node):
    text: str


@dataclass
class Math(Node):
    """A formula inside running text, already turned into plain Unicode (→ ≥ √)."""
    text: str


@dataclass
class Ref(Node):
    """A cross-reference to an anchor in the book; the layout prints its page.

    ``children`` is the reference's own words; empty means "use the target's
    title". A reference to an anchor that nothing defines becomes ``Missing``.
    ``page``: the source asks for the page number alone (LaTeX ``pageref``),
    as in "see Section 3 on page 12". ``number``: the source asks for the
    target's number alone, its own words naming the kind (LaTeX ``ref``:
    "Table~\\ref{odds}" prints "Table 3"); a target without a number prints its title."""
    target: str
    children: list["Inline"] = field(default_factory=list)
    page: bool = False
    number: bool = False


@dataclass
class Link(Node):
    """Words that link to an address outside the book (a web page, a mail address): the
    PDF makes them open ``url``; the text page prints the words alone, as the reader
    gave them (a reader that shows the address adds it as words of its own)."""
    url: str
    children: list["Inline"] = field(default_factory=list)


@dataclass
class FootnoteRef(Node):
    label: str                # matches a ``Footnote.label``


@dataclass
class Symbol(Node):
    """A named symbol printed as one glyph (a die face, a suit…)."""
    name: str
    glyph: str


@dataclass
class LineBreak(Node):
    pass


@dataclass
class Missing(Node):
    """Something the source refers to but lacks: an include, an image, a link
    to another file, a reference to nothing. Printed as a visible placeholder
    naming it in words (``[missing: 04-combat.md]``); the reader also reports
    a warning for it. Used as an inline and as a block."""
    what: str                 # in words: "04-combat.md", "image: d6-face-3.png"


Inline = Union[Text, Emphasis, Strong, Code, Math, Ref, Link, FootnoteRef, Symbol, LineBreak, Missing]


# -- blocks ----------------------------------------------------------------
@dataclass
class Heading(Node):
    level: int                                 # 1 is the top level; any depth
    title: list[Inline]
    anchor: str = ""                           # what a Ref.target names
    numbered: bool = True                      # False: \section*, document titles…
    part: bool = False                         # a part above the chapters (LaTeX's \part, DocBook's
                                               # <part>): numbered I, II… apart; chapters count on across parts
    restart: int | None = None                 # the number it takes, where the source set its counter
    lettered: bool = False                     # an appendix: its level numbered A, B… from here on


@dataclass
class Paragraph(Node):
    children: list[Inline]


@dataclass
class ListItem(Node):
    blocks: list["Block"]


@dataclass
class ListBlock(Node):
    ordered: bool
    items: list[ListItem]
    start: int = 1


@dataclass
class Definition(Node):
    term: list[Inline]
    blocks: list["Block"]


@dataclass
class DefinitionList(Node):
    items: list[Definition]


@dataclass
class Cell(Node):
    children: list[Inline]


@dataclass
class Table(Node):
    header: list[list[Cell]]                   # zero or more header rows
    rows: list[list[Cell]]
    widths: list[int] | None = None            # relative column hints, if the source gives them
    caption: list[Inline] = field(default_factory=list)
    anchor: str = ""
    numbered: bool = False                     # "Table 7" when True
    gap: int | None = None                     # columns between cells, if the source fixes it
    look: str = ""                             # "striped": a book class's own table, as wide as its column,
                                               # its rows on alternate tints (dndbook's DndTable); "": ruled


@dataclass
class Box(Node):
    """A framed aside: an example, a note, an admonition. Tables are allowed inside."""
    kind: str                                  # "note", "example", "warning", "box"…
    title: list[Inline]
    blocks: list["Block"]
    numbered: bool = False                     # "Example 3" when True
    anchor: str = ""


@dataclass
class Verbatim(Node):
    """Lines kept exactly as written: code, drawings, dot-leader formulae."""
    lines: list[str]


@dataclass
class Formula(Node):
    """A displayed formula, already plain Unicode text."""
    text: str


@dataclass
class Image(Node):
    """A figure's picture, read from inside the book's folder (``nests.book.images``).
    The text page frames its place; the PDF prints it there. One that cannot be
    printed has no ``data`` and a ``note`` saying why, shown in its frame."""
    name: str                                  # as the source names it
    kind: str = ""                             # png, jpeg, gif or svg; "" when not printed
    data: bytes = b""
    width: int = 0                             # its size in CSS pixels (1/96 in), for its shape
    height: int = 0
    note: str = ""


@dataclass
class Figure(Node):
    """A figure: its picture (if the source names one and it is there), or a text
    drawing, or blocks drawn as the figure; and its caption (or alt text)."""
    caption: list[Inline]
    alt: str = ""
    anchor: str = ""
    numbered: bool = False
    lines: list[str] = field(default_factory=list)   # a text drawing to print, if the source has one
    blocks: list["Block"] = field(default_factory=list)   # or blocks drawn as the figure (a table)
    image: Image | None = None


@dataclass
class Footnote(Node):
    label: str
    blocks: list["Block"]


@dataclass
class PageBreak(Node):
    pass


@dataclass
class SheetPlaceholder(Node):
    """Where the source asks for a character sheet: the sheet definition's id,
    or "" for "the standard sheets" of the book's game."""
    sheet: str


@dataclass
class DrawnPage(Node):
    """A whole page the author drew (a cover, credits): printed as drawn."""
    kind: str
    lines: list[str]


Block = Union[Heading, Paragraph, ListBlock, DefinitionList, Table, Box, Verbatim, Formula, Figure,
              Footnote, PageBreak, SheetPlaceholder, DrawnPage, Missing]


@dataclass(frozen=True)
class Warning:
    source: str
    line: int
    message: str

    def __str__(self) -> str:
        from nests.errors import bounded

        return bounded(f"{self.source}:{self.line}: warning: {self.message}")


@dataclass
class Book:
    title: str                                 # plain text, for the PDF and the cover
    blocks: list[Block]
    source: str
    warnings: list[Warning] = field(default_factory=list)
    running_head: str = ""                     # the name in every page's top border; "" → the title
    number_parts: int = 1                      # heading numbers padded with zeros to this many parts:
                                               # 1 gives "3", "3.1"; the Nests book's 4 gives "3.1.0.0"
    toc_depth: int | None = None               # the deepest level the contents list; None: every level
    # The title page's credits, plain text as the source states them (nests.book.readers.credits):
    # "" where it states none; nothing is made up (no date of today, no author from a file's owner).
    author: str = ""                           # its author or authors, "A, B"
    date: str = ""                             # its date, as written
    version: str = ""                          # its version, release or edition
    subtitle: str = ""
    editor: str = ""                           # its editor or editors, "A, B"
    copyright: str = ""                        # its copyright line, as the source words it
    by_chapter: bool = False                   # tables, figures and numbered boxes counted within each
                                               # chapter ("Figure 2.1"), as LaTeX's book classes and
                                               # DocBook's books count them; else through the book
    # What the source's own tool does with the book, as it states it (the readers, each as its tool reads):
    title_page: bool = True                    # the tool prints a title page for the book's title: False
                                               # where it prints none (a LaTeX document without \maketitle);
                                               # a book with no title has none either (has_title_page)
    numbering: bool = True                     # the tool numbers headings (LaTeX, DocBook, a Sphinx toctree's
                                               # :numbered:); False: Markdown and reST print none unless asked
                                               # (nests rulebook --number-headings). A heading's ``numbered``
                                               # says whether it takes a number where the book is numbered
    language: str = "en-US"                    # the text's language (BCP 47), for hyphenation: LaTeX, pandoc
                                               # and Sphinx hyphenate US English where the source names none
    hyphenate: bool = True                     # False: the source turns hyphenation off (hyphenat's [none])
    hyphenation: dict[str, str] = field(default_factory=dict)   # LaTeX's \hyphenation{…}: a word (lower
                                               # case) → where it may break ("quest-worlds"; no hyphen: never)
    open_right: bool = False                   # chapters open on a right-hand page (LaTeX's book class, its
                                               # openright; an article, Markdown and the rest: as they come)
    paper: str | None = None                   # the paper the source's tool prints on (LaTeX's letterpaper,
                                               # its default, or a4paper): the PDF's unless --paper; None: not said
    columns: int | None = None                 # the columns of text the source sets its pages in (LaTeX's
                                               # twocolumn): the book style's unless asked; None: not said


def has_title_page(book: Book) -> bool:
    """Whether the book prints a title page: where its tool prints one, and it has a title to print."""
    return book.title_page and bool(book.title.strip())


def plain(inlines: list[Inline]) -> str:
    """The words of some inlines, without any markup: for titles, contents, bookmarks."""
    out = []
    for node in inlines:
        if isinstance(node, (Text, Code, Math)):
            out.append(node.text)
        elif isinstance(node, (Emphasis, Strong, Ref, Link)):
            out.append(plain(node.children))
        elif isinstance(node, Symbol):
            out.append(node.glyph)
        elif isinstance(node, LineBreak):
            out.append(" ")
        elif isinstance(node, Missing):
            out.append(f"[missing: {node.what}]")
    return "".join(out)
