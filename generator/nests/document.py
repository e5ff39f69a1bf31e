"""What every generator returns and the publish step writes: a document.

Generators build documents and write nothing; ``nests.publish.publish`` turns
each document into the formats asked for and writes them all, or none.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Drawing:
    """A vector picture the PDF prints on a page, in place of some of its body lines.

    ``svg`` is SVG markup made by a template (escaped like HTML). In the PDF it
    fills the rectangle of page lines ``first_line`` … ``first_line + lines - 1``
    (0-based, counting the top border as line 0) between columns ``first_column``
    and ``first_column + columns - 1``; the plaintext page keeps its own text
    picture there (a text map), which the PDF does not print under the drawing.
    ``areas``: the drawing's links, rectangles in the units of its ``view``
    (the width and height of its viewBox), each to a page of the same PDF.
    """

    svg: str
    first_line: int
    lines: int
    first_column: int = 2
    columns: int = 89
    view: tuple[float, float] = (0.0, 0.0)
    areas: list[LinkArea] = field(default_factory=list)


@dataclass(frozen=True)
class LinkArea:
    """A rectangle of a drawing, in its viewBox's units, that links to page ``link`` (from 1) of the PDF."""

    x: float
    y: float
    width: float
    height: float
    link: int


@dataclass
class Picture:
    """A picture the PDF prints where the text page frames its place.

    The frame covers page lines ``first_line`` … ``first_line + lines - 1`` (0-based,
    the top border being line 0) and columns ``first_column`` … ``+ columns - 1``;
    in print the picture replaces it, ``width`` columns wide, centred in it, scaled
    to fit. ``kind`` is png, jpeg, gif or svg; ``data`` its bytes."""

    kind: str
    data: bytes
    first_line: int
    lines: int
    first_column: int
    columns: int
    width: float


@dataclass
class FormField:
    """A fillable PDF form field over a write-in area of the page grid.

    ``name`` is the dotted key path of the value in a character's state
    (``attributes.speed``, ``items.0.depleted``); ``line`` and ``column`` are
    0-based grid positions, ``width`` and ``height`` in columns and lines.
    ``kind`` is "text" or "checkbox"; ``value`` is what it holds ("" when blank).
    """

    name: str
    line: int
    column: int
    width: int
    height: int = 1
    kind: str = "text"
    value: str = ""


@dataclass(frozen=True)
class Mark:
    """A run of a page's text the PDF sets apart, the text itself unchanged: characters
    ``start`` … ``end - 1`` of line ``line`` (0-based, the top border being line 0), a link
    to page ``link`` (from 1) of the same PDF or to the address ``url``, and/or printed in
    the tone ``tone`` (a class of templates/pages.html.j2: "dice")."""

    line: int
    start: int
    end: int
    link: int = 0
    tone: str = ""
    url: str = ""


@dataclass
class Page:
    """One framed plaintext page and its PDF outline entries."""

    text: str                                                       # the page's lines, each ending "\n"
    bookmarks: list[tuple[int, str]] = field(default_factory=list)  # (level from 1, label)
    drawing: Drawing | None = None                                  # a vector picture in the PDF
    fields: list[FormField] = field(default_factory=list)               # form fields, when asked for
    pictures: list[Picture] = field(default_factory=list)           # a book's figures, in the PDF
    marks: list[Mark] = field(default_factory=list)                 # links and tones, in the PDF


@dataclass
class File:
    """A format that is not pages (JSON, SVG, Markdown): its file name and text."""

    name: str
    text: str


@dataclass
class Document:
    """One output: its pages (for txt and pdf) and any other formats it offers.

    ``stem`` names the txt and pdf files (``wasp`` → wasp.txt, wasp.pdf);
    ``files`` maps another format's name to its ready-made file; ``print_book``, when
    given, makes the PDF's own HTML (a book in the book style,
    nests.generators.rulebook.printed.BookPrint: ``parts(paper)``, then ``contents``,
    ``heads``, ``levels``, ``chapters`` for nests.publish.bound), which is typeset instead
    of the pages (they remain the txt). ``loose``: its parts (each from a page with a
    level-1 bookmark: a party's sheets, one a player) are handed out apart, so a booklet
    (--impose) puts each part on sides of its own instead of folding them all into one
    (nests.publish.impose.loose_sides).
    """

    stem: str
    title: str
    pages: list[Page] = field(default_factory=list)
    files: dict[str, File] = field(default_factory=dict)
    print_book: object | None = None
    loose: bool = False

    def formats(self) -> list[str]:
        return (["txt", "pdf"] if self.pages else []) + list(self.files)
