"""A book in the book style: its body typeset (a long one in parts, side by side), then
bound into one PDF with its contents, running heads and page numbers.

WeasyPrint lays a document out on one core, some tenth of a second a page; a page number
or a link can only name a page of its own document; and a page that names a page still to
come (the contents, at the front) is laid out again once it is known, which costs time and
loses that page's footnotes. So the body is typeset first, a long book as parts of whole
chapters (nests.generators.rulebook.printed.BookPrint.parts) in the PDF workers, each
telling where its anchors landed and where its links are (nests.publish.parts.places_of). Then, here,
once every page is known: the contents are typeset with each entry's page, the running
heads and page numbers as pages of their own (printed over the book's pages), and the
whole bound with pypdf: the title page, the contents, the body; every link within the book
added where WeasyPrint drew it, landing where its target landed, and the outline made again
whole, as a framed document's parts are joined (nests.publish.parts).

The parts follow from the book alone, never from the cores: the same book gives the same
bytes on every machine.
"""

from __future__ import annotations

import io


def _roman(n: int) -> str:
    out = ""
    for value, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                           (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while n >= value:
            out, n = out + letters, n - value
    return out


def pages_named(book, paper: str, parts: list, again) -> list:
    """The parts, those that print a page of the book (a LaTeX ``\\pageref``) typeset again
    where what they printed is not that page as bound (``again``: several parts' HTML typeset,
    side by side where there are workers).

    A part prints such a page as WeasyPrint counts its own pages (book.css.j2): right in the
    first part for a target there, as the bound book counts from its title page, page 0;
    in any other part, or for a target elsewhere, a page is known only once every part
    before the target is laid out. Such a part is typeset again with the pages written out.
    A number's new width may move a line over a page's end and so a later page: then the
    parts that printed a page now wrong are typeset again, up to grid.BOOK_PAGE_ROUNDS times."""
    from nests.publish.parts import landings
    from nests.text import grid

    parts = list(parts)
    named = [book.page_refs(k) for k in range(len(parts))]
    printed: list[dict | None] = [None] * len(parts)        # None: as WeasyPrint counted (the first pass)
    for _ in range(grid.BOOK_PAGE_ROUNDS):
        _, where = landings([anchors for _, anchors, _ in parts])
        first_part = len(parts[0][1])
        redo = {}
        for k, names in enumerate(named):
            wanted = {name: str(where[name][0]) for name in sorted(names) if name in where}
            if not wanted:
                continue
            counted = printed[k] is None and k == 0 and all(where[name][0] < first_part for name in wanted)
            if not counted and printed[k] != wanted:
                redo[k] = wanted
        if not redo:
            break
        done = again([book.part(paper, k, wanted) for k, wanted in redo.items()])
        for (k, wanted), typeset in zip(redo.items(), done):
            parts[k], printed[k] = typeset, wanted
    return parts


def bind(book, paper: str, parts: list[tuple[bytes, list[dict], list[tuple]]], typeset_part, again=None) -> bytes:
    """The book's PDF from its typeset parts (``typeset_part``'s, in order: nests.publish.pdf's,
    which typesets the contents and the heads here too; ``again`` typesets several parts at once,
    those that name pages, ``pages_named``); ``book`` makes the contents' and the heads' HTML
    (a BookPrint)."""
    from pypdf import PdfReader, PdfWriter

    from nests.publish.parts import _bookmarks, add_links, finished, landings

    parts = pages_named(book, paper, parts, again or (lambda htmls: [typeset_part(html) for html in htmls]))
    # Body pages are numbered from 1 on the first part's second page (its first is the title page).
    firsts, where = landings([anchors for _, anchors, _ in parts])
    count = sum(len(anchors) for _, anchors, _ in parts)
    listed = book.contents(paper, {name: str(number) for name, (number, _) in where.items()})
    contents_pdf, contents_anchors, contents_links = typeset_part(listed) if listed else (None, [], [])
    front = len(contents_anchors)
    # a book whose tool prints no title page (book.html.j2 holds its place, empty): it is left out
    from nests.book.model import has_title_page

    titled = 1 if has_title_page(book.book) else 0

    def final(body: int) -> int:          # a page of the parts (0 the title page) → its place in the PDF
        return body if body == 0 else body + front - 1 + titled

    numbers = [""] * titled + [_roman(n) for n in range(1, front + 1)] + [str(n) for n in range(1, count)]
    chapters = [""] * (titled + front)
    for k, (_, anchors, _) in enumerate(parts):
        for j, names in enumerate(anchors):
            if firsts[k] + j:
                chapters.append(next((n for n in names if n in book.chapters), ""))
    heads = PdfReader(io.BytesIO(typeset_part(book.heads(paper, list(zip(numbers, chapters))))[0]))

    readers = [PdfReader(io.BytesIO(pdf)) for pdf, _, _ in parts]
    contents = PdfReader(io.BytesIO(contents_pdf)) if contents_pdf else None
    writer = PdfWriter()
    writer.pdf_header = readers[0].pdf_header
    order = [(readers[0], 0)] * titled + [(contents, j) for j in range(front)] + \
        [(reader, j) for k, reader in enumerate(readers) for j in range(len(reader.pages)) if k or j]
    for reader, j in order:
        writer.add_page(reader.pages[j])
    for page, over in zip(writer.pages, heads.pages):
        page.merge_page(over)

    add_links(writer, [(titled + j, rect, target) for j, rect, target in contents_links] +
              [(final(firsts[k] + j), rect, target) for k, (_, _, links) in enumerate(parts) for j, rect, target in links],
              where, final)

    # The outline: the title's, the contents', then every part's bookmarks, nested by their levels.
    places, levels = [], []
    marks = [(_bookmarks(reader), book.levels(k)) for k, reader in enumerate(readers)]
    for k, (found, found_levels) in enumerate(marks):
        for n, ((title, page, x, y), level) in enumerate(zip(found, found_levels)):
            places.append((title, final(firsts[k] + page), x, y))
            levels.append(level)
        if k == 0:                    # the contents' own bookmark after the title page's
            cut = sum(1 for _, page, _, _ in found if page == 0)
            places[cut:cut] = [(t, titled + p, x, y) for t, p, x, y in (_bookmarks(contents) if contents else [])]
            levels[cut:cut] = [1] * (len(places) - len(levels))
    return finished(writer, readers[0], places, levels)
