"""The typeset book: any ``Book`` (see ``nests.book``) → framed, numbered pages
with contents, cross-references, class sheets and a PDF outline.

Stages: a reader (``nests.book.readers``) turns the source into a ``Book``;
``layout`` turns its blocks into pieces of body lines; ``pages.paginate``
fills pages; ``contents`` sizes the contents pages in a second pass once the
body is laid out; then one template call per page. Cross-references print the
page they point to, so the layout is redone until every printed page number
is the page the target landed on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path

from nests.book import model as m
from nests.document import Document, Mark, Page, Picture
from nests.errors import NestsError, Problem
from nests.generators.rulebook.contents import TITLE as CONTENTS, contents_pages
from nests.generators.rulebook.flow import Refs, printable
from nests.ahead import Ahead
from nests.generators.rulebook.layout import BookLayout, nodes
from nests.generators.rulebook.links import book_marks
from nests.generators.rulebook.pages import BodyPage, paginate
from nests.generators.rulebook.sheets import Sheets
from nests.text.grid import BOX_INSET, PAGE_LINES, PAGE_WIDTH

PASSES = 6              # layouts tried until cross-references print their targets' pages
OUTLINE_LEVELS = 3      # heading levels in the PDF outline
AHEAD_PAGES = 40        # text pages (2–3 ms each) worth a fork to render on the other core (some 20–40 ms)


@dataclass
class BookPage:
    kind: str                      # fixed, contents, body, sheet
    text: str                      # the plaintext page, 50 lines
    number: int | None = None
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    headings: list[tuple[int, str, str]] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)


@dataclass
class Typeset:
    title: str
    pages: list[BookPage]
    warnings: list[m.Warning]
    book: m.Book | None = None                 # the book as typeset (its title and sheets as asked)
    sheets: Sheets | None = None


def _refs(book: m.Book) -> Refs:
    """The anchors the book defines and its footnotes numbered in order of first mention."""
    refs = Refs()
    for block in book.blocks:
        for node in nodes(block):
            if getattr(node, "anchor", ""):
                refs.known.add(node.anchor)
            if isinstance(node, (m.FootnoteRef, m.Footnote)) and node.label not in refs.footnotes:
                refs.footnotes[node.label] = len(refs.footnotes) + 1
    return refs


def _drawn_page(block: m.DrawnPage, warnings: list[m.Warning]) -> str:
    """A page the author drew: kept as drawn, each line padded to the page width."""
    from nests.text.measure import ljust, width

    lines = [printable(line) for line in block.lines]      # (as a drawing's lines: no control characters)
    if len(lines) != PAGE_LINES:
        warnings.append(m.Warning(block.source, block.line,
                                  f"{block.kind} page has {len(lines)} lines, not {PAGE_LINES}; padded or cut"))
        lines = (lines + [""] * PAGE_LINES)[:PAGE_LINES]
    out = []
    for k, line in enumerate(lines):
        if width(line) > PAGE_WIDTH:
            raise NestsError(Problem(f"{block.kind} line is {width(line)} columns wide; a page holds {PAGE_WIDTH}",
                                     file=block.source, line=block.line + k))
        out.append(ljust(line, PAGE_WIDTH))
    return "\n".join(out) + "\n"


def _pictures(items: list) -> list[Picture]:
    """Where the pictures framed on a page lie on its grid: below the top border,
    right of the frame's wall and of the boxes around them."""
    out = []
    for k, item in enumerate(items):
        framed = getattr(item, "picture", None)
        if framed is not None:
            left = 2 + BOX_INSET // 2 * item[3]
            out.append(Picture(framed.image.kind, framed.image.data, k + 1, framed.lines, left, framed.columns,
                               framed.width))
    return out


def _outline(body) -> set[int]:
    """The heading levels the PDF outline holds: the book's first three levels in use."""
    levels = sorted({level for page in body for level, _, _ in page.headings})
    return {level: rank for rank, level in enumerate(levels[:OUTLINE_LEVELS], start=1)}


def lay_out(book: m.Book, sheets: Sheets):
    """The book's pages (front, contents, body) with page numbers that hold still."""
    refs = _refs(book)
    for _ in range(PASSES):
        warnings: list[m.Warning] = []
        refs.used, refs.unknown = {}, []
        layout = BookLayout(refs, sheets, warnings, book.number_parts, book.by_chapter, book.numbering)
        pages = paginate(layout.book(book.blocks)) or [BodyPage("body")]     # an empty book is one blank page
        lead = 0            # contents go after the author's own opening pages (cover, credits)
        while lead < len(pages) and pages[lead].kind == "fixed":
            lead += 1
        front, body = pages[:lead], pages[lead:]
        toc = contents_pages(body, book.toc_depth)
        numbered = toc + body
        landed = {a: n for n, page in enumerate(numbered, start=1) for a in page.anchors}
        printed = {t: (layout.titles.get(t, ""), layout.numbers.get(t, ""), landed.get(t)) for t in refs.used}
        if printed == refs.used:
            break
        refs.pages, refs.titles, refs.numbers = landed, dict(layout.titles), dict(layout.numbers)
    for node in refs.unknown:
        warnings.append(m.Warning(node.source, node.line, f"reference to {node.target!r}, which nothing in the book defines"))
    return front, toc, body, warnings


def _text_pages(pages: list[tuple[int, list]], game: str) -> list[tuple[int, str]]:
    """Each text page (its number and body lines) rendered."""
    from nests.render import render

    return [(n, render("rulebook_page.txt.j2", items=items, number=n, game=game)) for n, items in pages]


def typeset(book, content, extra_sheets: list[str] = (), title: str | None = None,
            toc_depth: int | None = None, number_headings: bool = False) -> Typeset:
    """The pages of ``book`` (a ``Book``, or a source's path to read by its extension);
    ``content`` supplies the character sheets it asks for; ``title``, if given, is the
    book's title (every page's head and the PDF's) in place of the source's;
    ``toc_depth``, if given, the deepest heading level the contents list, in place
    of the source's own limit; ``number_headings``: the headings numbered even where the
    source's tool numbers none (Markdown, reST)."""
    if not isinstance(book, m.Book):
        from nests.book.readers import read_book

        book = read_book(str(book))
    if title:
        book = dataclasses.replace(book, title=" ".join(title.split()), running_head="")
    # the title and running head print in every page's head: their control characters are
    # dropped as the body's are (a \title{} holding an escape byte is not an error of a template)
    book = dataclasses.replace(book, title=printable(book.title), running_head=printable(book.running_head))
    if toc_depth is not None:
        book = dataclasses.replace(book, toc_depth=toc_depth)
    if number_headings:
        book = dataclasses.replace(book, numbering=True)

    blocks = list(book.blocks)
    for sheet_id in extra_sheets:
        blocks.append(m.SheetPlaceholder(sheet_id, source=book.source, line=0))
    book = dataclasses.replace(book, blocks=blocks, warnings=list(book.warnings))
    sheets = Sheets(content)
    sheets.draw_ahead(n.sheet for block in blocks for n in nodes(block) if isinstance(n, m.SheetPlaceholder))
    front, toc, body, warnings = lay_out(book, sheets)
    if sheets.settle():                 # a sheet drawn meanwhile takes other than the pages counted on
        front, toc, body, warnings = lay_out(book, sheets)
    warnings = book.warnings + warnings
    ranks = _outline(body)

    # The text pages, one template call each: in a long book, the later half on the other core meanwhile.
    numbered = list(enumerate(toc + body, start=1))
    text_pages = [(n, page.items) for n, page in numbered if page.kind not in ("sheet", "fixed")]
    half = len(text_pages) // 2 if len(text_pages) >= 2 * AHEAD_PAGES else len(text_pages)
    later = Ahead(_text_pages, text_pages[half:], book.running_head or book.title) if half < len(text_pages) else None
    texts = dict(_text_pages(text_pages[:half], book.running_head or book.title))
    texts.update(later.result() if later else {})

    out = [BookPage("fixed", _drawn_page(p.source, warnings)) for p in front]
    for n, page in numbered:
        if page.kind == "sheet":
            try:
                text = sheets.page(page.source.sheet, page.part, n)
            except NestsError as err:
                raise NestsError([Problem(p.message, file=page.source.source, line=page.source.line)
                                  for p in err.problems]) from None
        elif page.kind == "fixed":
            text = _drawn_page(page.source, warnings)
        else:
            text = texts[n]
        marks = [(ranks[level], f"{number} {title}" if number else title)
                 for level, number, title in page.headings if level in ranks]
        if page.kind == "contents" and toc and page is toc[0]:
            marks.insert(0, (1, CONTENTS))
        out.append(BookPage(page.kind, text, n, marks, page.headings,
                            _pictures(page.items) if page.kind == "body" else []))
    notes = set(_refs(book).footnotes.values())
    for page, marks in zip(out, book_marks([(p.kind, p.text) for p in out], notes, len(front))):
        page.marks = marks
    seen, unique = set(), []
    for w in sorted(warnings, key=lambda w: (w.source, w.line)):
        if str(w) not in seen:
            seen.add(str(w))
            unique.append(w)
    return Typeset(book.title, out, unique, book, sheets)


def output_name(source) -> str:
    """The source's file name without its markup extension:
    ``nests-and-insects-1.0.0.raw.txt`` → ``nests-and-insects-1.0.0``, ``base-rules.md`` → ``base-rules``."""
    from nests.book.readers import READERS

    name = Path(source).name
    extensions = sorted({e for _, exts in READERS.values() for e in exts} | {".txt", ".raw"}, key=len, reverse=True)
    for _ in range(2):
        for ext in extensions:
            if name.lower().endswith(ext) and len(name) > len(ext):
                name = name[: -len(ext)]
                break
    return name


def rulebook_document(source: str, content, markup: str | None = None, sheets: list[str] = (),
                      folder: str = "", title: str | None = None, toc_depth: int | None = None,
                      style: str | None = None, columns: int | None = None,
                      number_headings: bool = False) -> tuple[Document, list[m.Warning]]:
    """The typeset book at ``source`` as a document (``<folder><stem>``.txt and .pdf), and its
    warnings. A book in many files (a list of files, a folder, mkdocs.yml…) is named after its folder.
    ``style``: "framed" prints the text pages in the PDF too, "book" sets the PDF as a book
    (nests.generators.rulebook.printed) in ``columns`` columns (None: as the source sets its pages,
    else one); None: the markup's default (a book in many files: the book style)."""
    from nests.book.readers import read_book, reader_for
    from nests.book.readers.outlines import outline_for
    from nests.generators.rulebook.printed import BookPrint, default_style

    many = outline_for([str(s) for s in source] if isinstance(source, list) else [str(source)])
    style = style or ("book" if many else default_style(reader_for(Path(source), markup)))
    typeset_book = typeset(read_book(source if isinstance(source, list) else str(source), markup), content,
                           list(sheets), title, toc_depth, number_headings)
    pages = [Page(p.text, p.bookmarks, pictures=p.pictures, marks=p.marks) for p in typeset_book.pages]
    document = Document(f"{folder}{many.name if many else output_name(source)}", typeset_book.title, pages)
    if style == "book":
        book, drawn = typeset_book.book, typeset_book.sheets

        def sheet_pages(node: m.SheetPlaceholder) -> list[str]:
            return [drawn.page(node.sheet, part, None) for part in range(drawn.count(node.sheet))] \
                if drawn.knows(node.sheet) else []

        # the columns asked for, else those the source sets its pages in (LaTeX's twocolumn), else one
        document.print_book = BookPrint(book, columns or book.columns or 1, sheet_pages)
    return document, typeset_book.warnings
