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


def blanks_before(book, anchors: list[list[dict]], lead: int) -> list[int]:
    """For each page of the body (the parts' pages after the title page), the blank pages bound
    before it: where the book opens its chapters on a right-hand page (LaTeX's book class, its
    ``openright``: ``book.book.open_right``), a chapter (or a part) whose page would fall on a
    left-hand one gets a blank page before it, which is counted as LaTeX counts it."""
    pages = [names for part in anchors for names in part][lead:]
    out, blanks = [], 0
    opens_right = getattr(getattr(book, "book", None), "open_right", False)
    for k, names in enumerate(pages):
        if opens_right and (k + blanks) % 2 and any(name in book.chapters for name in names):
            blanks += 1
        out.append(blanks)
    return out


def printed_number(page: int, lead: int, blanks: list[int]) -> int:
    """The number a page of the parts prints (the body's first is 1), blank pages counted."""
    body = page - lead
    return body + 1 + (blanks[body] if 0 <= body < len(blanks) else blanks[-1] if blanks and body >= 0 else 0)


def pages_named(book, paper: str, parts: list, again, lead: int = 1) -> list:
    """The parts, those that print a page of the book (a LaTeX ``\\pageref``) typeset again
    where what they printed is not that page as bound (``again``: several parts' HTML typeset,
    side by side where there are workers; ``lead``: the parts' pages before page 1 of the body,
    the title page's).

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
        blanks = blanks_before(book, [anchors for _, anchors, _ in parts], lead)
        first_part = len(parts[0][1])
        redo = {}
        for k, names in enumerate(named):
            wanted = {name: str(printed_number(where[name][0], lead, blanks)) for name in sorted(names) if name in where}
            if not wanted:
                continue
            counted = printed[k] is None and k == 0 and lead == 1 and not any(blanks[:first_part]) and \
                all(where[name][0] < first_part for name in wanted)
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
    (a BookPrint).

    As a printed book is bound: the title page on a right-hand page, the contents opening on
    the next right-hand one and page 1 of the body on a right-hand page, a blank left-hand page
    before either where needed (and before a chapter, where the book opens them on the right:
    ``blanks_before``); the front matter counted i, ii… from the title page, the body
    1, 2…, as the pages print them and as the PDF's page labels name them; each page with
    text moved toward the fold, its outer margin the wider (nests.generators.rulebook.book_page)."""
    from pypdf import PdfReader, PdfWriter

    from nests.publish.parts import _bookmarks, add_links, finished, landings

    lead = 1 if book.title_page else 0          # the parts' pages before page 1 of the body
    parts = pages_named(book, paper, parts, again or (lambda htmls: [typeset_part(html) for html in htmls]), lead)
    firsts, where = landings([anchors for _, anchors, _ in parts])
    blanks = blanks_before(book, [anchors for _, anchors, _ in parts], lead)
    listed = book.contents(paper, {name: str(printed_number(number, lead, blanks)) for name, (number, _) in where.items()})
    contents_pdf, contents_anchors, contents_links = typeset_part(listed) if listed else (None, [], [])
    readers = [PdfReader(io.BytesIO(pdf)) for pdf, _, _ in parts]
    contents = PdfReader(io.BytesIO(contents_pdf)) if contents_pdf else None

    # The front matter: (reader, page, kind) each, None for a blank page; the contents and the body
    # each open on a right-hand page (an even one: the first page of a PDF is a right-hand page).
    front: list = [(readers[0], 0, "title")] if lead else []
    for opening in ([(contents, j, "contents") for j in range(len(contents_anchors))], []):
        if len(front) % 2:
            front.append((None, 0, "blank"))
        front += opening
    body, at = [], 0
    for k, reader in enumerate(readers):
        for j in range(len(reader.pages)):
            if k or j >= lead:
                if blanks[at] > (blanks[at - 1] if at else 0):          # a chapter opening on a right-hand page
                    body.append((None, 0, "blank"))
                body.append((reader, j, "body"))
                at += 1
    order = front + body

    def final(page: int) -> int:          # a page of the parts (the title page first, if any) → its place in the PDF
        return 0 if page < lead else len(front) + page - lead + blanks[page - lead]

    numbers = [_roman(k + 1) if kind == "contents" else "" for k, (_, _, kind) in enumerate(front)] + \
        [str(n) if kind == "body" else "" for n, (_, _, kind) in enumerate(body, start=1)]
    chapters = [""] * len(front)
    names_of = [names for k, (_, anchors, _) in enumerate(parts) for j, names in enumerate(anchors) if firsts[k] + j >= lead]
    for at, names in enumerate(names_of):
        if blanks[at] > (blanks[at - 1] if at else 0):
            chapters.append("")
        chapters.append(next((n for n in names if n in book.chapters), ""))
    kinds = [kind for _, _, kind in order]
    heads = PdfReader(io.BytesIO(typeset_part(book.heads(paper, list(zip(numbers, chapters, kinds))))[0]))

    writer = PdfWriter()
    writer.pdf_header = readers[0].pdf_header
    size = readers[0].pages[0].mediabox
    shift = book.page(paper).shift_pt
    for k, ((reader, j, kind), over) in enumerate(zip(order, heads.pages)):
        if reader is None:
            writer.add_blank_page(width=size.width, height=size.height)
            continue
        writer.add_page(reader.pages[j])
        page = writer.pages[-1]
        page.merge_page(over)
        if kind != "title":
            _toward_fold(page, shift if k % 2 == 0 else -shift)
    if front:
        writer.set_page_label(0, len(front) - 1, "/r", start=1)
    if body:
        writer.set_page_label(len(front), len(order) - 1, "/D", start=1)

    contents_at = next((k for k, (_, _, kind) in enumerate(front) if kind == "contents"), 0)
    add_links(writer, [(contents_at + j, rect, target) for j, rect, target in contents_links] +
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
            cut = sum(1 for _, page, _, _ in found if page < lead)
            places[cut:cut] = [(t, contents_at + p, x, y) for t, p, x, y in (_bookmarks(contents) if contents else [])]
            levels[cut:cut] = [1] * (len(places) - len(levels))
    return finished(writer, readers[0], places, levels)


def _toward_fold(page, points: float) -> None:
    """The page's drawing seen ``points`` further toward the fold (a right page's is on its left):
    its boxes moved over the drawing, which stays as it is, links and all, in its own
    coordinates. A right page (``points`` > 0) shows its drawing that much to the left."""
    from pypdf.generic import ArrayObject, FloatObject, NameObject

    for name in ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox"):
        if name in page:
            x0, y0, x1, y1 = (float(v) for v in page[name])
            page[NameObject(name)] = ArrayObject(FloatObject(round(v, 3)) for v in (x0 + points, y0, x1 + points, y1))
