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


def bind(book, paper: str, parts: list[tuple[bytes, list[dict], list[tuple]]], typeset_part) -> bytes:
    """The book's PDF from its typeset parts (``typeset_part``'s, in order: nests.publish.pdf's,
    which typesets the contents and the heads here too); ``book`` makes the contents' and the
    heads' HTML (a BookPrint)."""
    from pypdf import PdfReader, PdfWriter

    from nests.publish.parts import _bookmarks, add_links, finished, landings

    # Body pages are numbered from 1 on the first part's second page (its first is the title page).
    firsts, where = landings([anchors for _, anchors, _ in parts])
    count = sum(len(anchors) for _, anchors, _ in parts)
    listed = book.contents(paper, {name: str(number) for name, (number, _) in where.items()})
    contents_pdf, contents_anchors, contents_links = typeset_part(listed) if listed else (None, [], [])
    front = len(contents_anchors)

    def final(body: int) -> int:          # a page of the parts (0 the title page) → its place in the PDF
        return body if body == 0 else body + front

    numbers = [""] + [_roman(n) for n in range(1, front + 1)] + [str(n) for n in range(1, count)]
    chapters = [""] * (1 + front)
    for k, (_, anchors, _) in enumerate(parts):
        for j, names in enumerate(anchors):
            if firsts[k] + j:
                chapters.append(next((n for n in names if n in book.chapters), ""))
    heads = PdfReader(io.BytesIO(typeset_part(book.heads(paper, list(zip(numbers, chapters))))[0]))

    readers = [PdfReader(io.BytesIO(pdf)) for pdf, _, _ in parts]
    contents = PdfReader(io.BytesIO(contents_pdf)) if contents_pdf else None
    writer = PdfWriter()
    writer.pdf_header = readers[0].pdf_header
    order = [(readers[0], 0)] + [(contents, j) for j in range(front)] + \
        [(reader, j) for k, reader in enumerate(readers) for j in range(len(reader.pages)) if k or j]
    for reader, j in order:
        writer.add_page(reader.pages[j])
    for page, over in zip(writer.pages, heads.pages):
        page.merge_page(over)

    add_links(writer, [(1 + j, rect, target) for j, rect, target in contents_links] +
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
            places[cut:cut] = [(t, 1 + p, x, y) for t, p, x, y in (_bookmarks(contents) if contents else [])]
            levels[cut:cut] = [1] * (len(places) - len(levels))
    return finished(writer, readers[0], places, levels)
