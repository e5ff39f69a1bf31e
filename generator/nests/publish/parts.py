"""A long document's PDF, typeset in parts and joined into one.

WeasyPrint typesets on one core. A document longer than ``grid.PDF_PART_PAGES``
pages is cut into runs of consecutive pages, at most that many each, which the PDF
workers typeset side by side (nests.publish.pdf.render_pdfs); ``join_parts`` binds
their PDFs into one. Every page is one of our fixed plaintext pages, typeset on
its own sheet, so a page prints and copies out the same in a part as in the whole.

The parts depend on the page count alone, never on the cores: the same document
gives the same bytes on every machine (one core typesets the parts one by one).
Each part keeps its own subsets of our fonts with its pages. The outline is made
again whole: WeasyPrint nests a part's bookmarks only among that part's own, so
their places (page and point) are read from the parts and their nesting from the
bookmarks' levels, as WeasyPrint nests them (``outline_depths``). Our pages carry
no links; a link inside one part would keep its target (pypdf moves it with the
page), one into another part WeasyPrint could not make.

pypdf is imported here and only here, when a long PDF is made.
"""

from __future__ import annotations

import io


def split_pages(pages: list, most: int) -> list[list]:
    """``pages`` in runs of consecutive pages, at most ``most`` each and as even as
    may be (the first runs one page longer); a short document is one run."""
    count = max(1, -(-len(pages) // most))
    size, longer = divmod(len(pages), count)
    runs, start = [], 0
    for i in range(count):
        end = start + size + (i < longer)
        runs.append(pages[start:end])
        start = end
    return runs


def outline_depths(levels: list[int]) -> list[int]:
    """Each bookmark's depth in the outline, from the levels of all the bookmarks in
    order, as WeasyPrint nests them (weasyprint.anchors.make_page_bookmark_tree): a
    level that skips levels below it sits one deeper than the one before, not more."""
    skipped: list[int] = []
    previous = 0
    depths = []
    for level in levels:
        if level > previous:
            skipped.append(level - previous - 1)
        else:
            reached = level
            while reached < previous:
                reached += 1 + skipped.pop()
            if reached > previous:
                skipped.append(reached - previous - 1)
        previous = level
        depths.append(level - sum(skipped))
    return depths


def join_parts(parts: list[bytes], levels: list[int]) -> bytes:
    """The PDFs ``parts`` as one: their pages in order, the first part's metadata, and
    one outline of every part's bookmarks, nested by ``levels`` (the level of every
    bookmark of the document, in order). The same parts give the same bytes: the
    writer adds no date and no random /ID."""
    from pypdf import PdfReader, PdfWriter

    readers = [PdfReader(io.BytesIO(part)) for part in parts]
    writer = PdfWriter()
    writer.pdf_header = readers[0].pdf_header
    places = []
    for reader in readers:
        first = len(writer.pages)
        for page in reader.pages:
            writer.add_page(page)
        places += [(title, first + page, x, y) for title, page, x, y in _bookmarks(reader)]
    if len(places) != len(levels):
        raise RuntimeError(f"the parts hold {len(places)} bookmarks, the pages {len(levels)}")
    return finished(writer, readers[0], places, levels)


def finished(writer, first, places: list[tuple[str, int, float, float]], levels: list[int]) -> bytes:
    """The joined PDF's bytes: its outline over ``places`` at ``levels``, and the metadata and language
    of ``first`` (the first part's reader), as one PDF typeset whole would carry them."""
    _outline(writer, places, outline_depths(levels))
    writer.add_metadata(first.metadata or {})
    if "/Lang" in first.root_object:
        writer.root_object[_name("/Lang")] = first.root_object["/Lang"].clone(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _name(name: str):
    from pypdf.generic import NameObject

    return NameObject(name)


def _bookmarks(reader) -> list[tuple[str, int, float, float]]:
    """Every bookmark of a part in order, as (title, page index, x, y): its outline
    walked depth first, which is document order."""
    pages = {page.indirect_reference.idnum: i for i, page in enumerate(reader.pages)}
    found = []

    def walk(item) -> None:
        while item is not None:
            item = item.get_object()
            target, _, x, y, _ = item["/Dest"]
            found.append((str(item["/Title"]), pages[target.idnum], float(x), float(y)))
            walk(item.get("/First"))
            item = item.get("/Next")

    outlines = reader.root_object.get("/Outlines")
    if outlines is not None:
        walk(outlines.get_object().get("/First"))
    return found


def _outline(writer, places: list[tuple[str, int, float, float]], depths: list[int]) -> None:
    """The outline: each bookmark under the last one a level shallower before it,
    pointing where WeasyPrint pointed it (its page, the point at its top left)."""
    from pypdf.generic import Fit

    parents: list = [None]
    for (title, page, x, y), depth in zip(places, depths):
        del parents[depth:]
        parents.append(writer.add_outline_item(title=title, page_number=page, parent=parents[depth - 1], fit=Fit.xyz(x, y, 0)))
