"""The typeset rulebook: raw source → framed, numbered pages with contents and class sheets.

Stages: ``markup.parse`` (source → blocks), ``layout.chunks`` and
``layout.paginate`` (blocks → pages of body lines), ``contents`` (the
contents pages, sized in a second pass once the body is laid out), then one
template call per page. Sheets come from the sheet generator, numbered in line.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from nests.document import Document, Page
from nests.errors import NestsError, Problem
from nests.generators.rulebook import layout, markup
from nests.generators.rulebook.contents import contents_pages
from nests.render.grid import PAGE_LINES, PAGE_WIDTH

TITLE = "Nests & Insects Rulebook"


@dataclass
class BookPage:
    kind: str                      # fixed, contents, body, sheet
    text: str                      # the plaintext page, 50 lines
    number: int | None = None
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    headings: list[tuple[int, str, str]] = field(default_factory=list)


@dataclass
class Book:
    pages: list[BookPage]
    warnings: list[tuple[int, str]]


def read_source(source) -> str:
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise NestsError(Problem("no such rulebook source", file=str(path))) from None
    except (OSError, UnicodeDecodeError) as err:
        raise NestsError(Problem(f"cannot read the rulebook source: {err}", file=str(path))) from None


def _fixed_page(block: markup.FixedPage, shown: str, warnings: list) -> str:
    """A page the author drew: kept as drawn, each line padded to the page width."""
    from nests.render.filters import ljust, width

    lines = list(block.lines)
    if len(lines) != PAGE_LINES:
        warnings.append((block.line, f"{block.env} page has {len(lines)} lines, not {PAGE_LINES}; padded or cut"))
        lines = (lines + [""] * PAGE_LINES)[:PAGE_LINES]
    out = []
    for k, line in enumerate(lines):
        if width(line) > PAGE_WIDTH:
            raise NestsError(Problem(f"{block.env} line is {width(line)} columns wide; a page holds {PAGE_WIDTH}",
                                     file=shown, line=block.line + k))
        out.append(ljust(line, PAGE_WIDTH))
    return "\n".join(out) + "\n"


def typeset(source, content, shown: str | None = None) -> Book:
    """The whole book from the source file at ``source``; ``content`` supplies the class sheets."""
    from nests.generators.sheet import character, sheet_text
    from nests.render import render

    shown = shown or str(source)
    parsed = markup.parse(read_source(source))
    warnings = parsed.warnings
    pages = layout.paginate(layout.chunks(parsed.blocks, warnings))

    # Contents go after the author's own opening pages (cover, credits).
    lead = 0
    while lead < len(pages) and pages[lead].kind == "fixed":
        lead += 1
    front, body = pages[:lead], pages[lead:]
    toc = contents_pages(body)
    numbered = toc + body

    # Every sheet is checked before any page is rendered.
    characters = {}
    for page in body:
        if page.kind == "sheet":
            mark = page.source
            if mark.class_id not in characters:
                try:
                    characters[mark.class_id] = character(content, mark.class_id)
                except NestsError as err:
                    raise NestsError([Problem(p.message, file=shown, line=mark.line) for p in err.problems]) from None

    book = [BookPage("fixed", _fixed_page(p.source, shown, warnings)) for p in front]
    for n, page in enumerate(numbered, start=1):
        if page.kind == "sheet":
            text = sheet_text(content, characters[page.source.class_id], n)
        elif page.kind == "fixed":
            text = _fixed_page(page.source, shown, warnings)
        else:
            text = render("rulebook_page.txt.j2", items=page.items, number=n)
        marks = [(level, f"{number} {title}") for level, number, title in page.headings if level <= 3]
        if page.kind == "contents" and page is toc[0]:
            marks.insert(0, (1, "Contents"))
        book.append(BookPage(page.kind, text, n, marks, page.headings))
    warnings.sort()
    return Book(book, warnings)


def output_name(source) -> str:
    """``nests-and-insects-1.0.0.raw.txt`` → ``nests-and-insects-1.0.0``."""
    name = Path(source).name
    for suffix in (".txt", ".raw"):
        if name.endswith(suffix) and len(name) > len(suffix):
            name = name[: -len(suffix)]
    return name


def rulebook_document(source, content, folder: str = "") -> tuple[Document, list[tuple[int, str]]]:
    """The typeset book as a document (``<folder><name>``.txt and .pdf), and its warnings as (line, message)."""
    book = typeset(source, content)
    pages = [Page(p.text, p.bookmarks) for p in book.pages]
    return Document(f"{folder}{output_name(source)}", TITLE, pages), book.warnings
