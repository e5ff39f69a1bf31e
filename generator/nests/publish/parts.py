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
bookmarks' levels, as WeasyPrint nests them (``outline_depths``). WeasyPrint links
only within the document it lays out, and a part's names are gone once its pages
are copied: so each part tells where its anchors landed and where its links are
(``places_of``, which takes those links out), and the joined PDF gets every link
again, landing on its target's page and point (``add_links``), whichever part
holds it. A book in the book style is bound the same way (nests.publish.bound).

pypdf is imported here and only here, when a long PDF is made.
"""

from __future__ import annotations

import io

SCALE = 0.75            # WeasyPrint's points per CSS pixel: a page's coordinates in the PDF


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


def places_of(document, places: dict) -> None:
    """Fill ``places`` with the anchors and the links within the whole document of ``document``
    (a part, WeasyPrint's, laid out) and take those links out of it: per page, each anchor's
    point at its top left, and each link as (page, rectangle, target), in PDF points."""
    anchors, links = [], []
    for number, page in enumerate(document.pages):
        height = page.height * SCALE
        anchors.append({name: (x1 * SCALE, height - y1 * SCALE) for name, (x1, y1, _, _) in page.anchors.items()})
        kept = []
        for link in page.links:
            kind, target, rect, _ = link
            if kind == "internal":
                x1, y1, x2, y2 = rect
                links.append((number, (x1 * SCALE, height - y2 * SCALE, x2 * SCALE, height - y1 * SCALE), target))
            else:
                kept.append(link)
        page.links[:] = kept
    places["anchors"], places["links"] = anchors, links


def landings(anchors: list[list[dict]]) -> tuple[list[int], dict[str, tuple[int, tuple[float, float]]]]:
    """From each part's anchors (``places_of``'s, per page): the place of each part's first
    page among all the parts' pages, and where each anchor landed there (its page, its
    point); a name two parts hold lands on the first."""
    firsts, count = [], 0
    for pages in anchors:
        firsts.append(count)
        count += len(pages)
    where: dict = {}
    for first, pages in zip(firsts, anchors):
        for j, names in enumerate(pages):
            for name, point in names.items():
                where.setdefault(name, (first + j, point))
    return firsts, where


def add_links(writer, links, where: dict, final=lambda page: page) -> None:
    """Each link of ``links`` (its page in ``writer``, its rectangle, its target's name) as a
    link annotation of that page, landing where ``where`` says its target landed (a page of
    the parts, which ``final`` turns into a page of ``writer``, and a point); a link whose
    target landed nowhere is left out, as WeasyPrint leaves it out."""
    from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject

    for page, rect, target in links:
        if target not in where:
            continue
        lands, (x, y) = where[target]
        annotation = DictionaryObject({
            NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link"),
            NameObject("/Rect"): ArrayObject(FloatObject(round(v, 3)) for v in rect),
            NameObject("/BS"): DictionaryObject({NameObject("/W"): NumberObject(0)}),
            NameObject("/Dest"): ArrayObject([writer.pages[final(lands)].indirect_reference, NameObject("/XYZ"),
                                              FloatObject(round(x, 3)), FloatObject(round(y, 3)), NumberObject(0)])})
        on = writer.pages[page]
        if "/Annots" not in on:
            on[NameObject("/Annots")] = ArrayObject()
        on["/Annots"].append(writer._add_object(annotation))


def join_parts(parts: list[tuple[bytes, list[dict], list[tuple]]], levels: list[int]) -> bytes:
    """The typeset ``parts`` (each its PDF, anchors and links, ``places_of``'s) as one PDF:
    their pages in order, every link landing on its target whatever part holds it, the
    first part's metadata, and one outline of every part's bookmarks, nested by ``levels``
    (the level of every bookmark of the document, in order). The same parts give the same
    bytes: the writer adds no date and no random /ID."""
    from pypdf import PdfReader, PdfWriter

    readers = [PdfReader(io.BytesIO(pdf)) for pdf, _, _ in parts]
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
    firsts, where = landings([anchors for _, anchors, _ in parts])
    add_links(writer, [(first + j, rect, target) for first, (_, _, links) in zip(firsts, parts)
                       for j, rect, target in links], where)
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
