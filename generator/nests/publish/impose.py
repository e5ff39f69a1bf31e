"""Booklet imposition: a PDF's pages, two per side of a sheet turned landscape,
in the order that makes a saddle-stitched booklet once the sheets are printed
on both sides, stacked, folded in the middle and stapled on the fold.

The pages are padded with blanks to a multiple of four (a sheet has four page
faces). Side ``s`` (counted from 0; sheet ``s // 2``, its front when ``s`` is
even, its back when odd) holds page ``s + 1`` and page ``total - s``: the
first on the right of a front and on the left of a back. Sheet 1's front is
thus (last, 1) and its back (2, last − 1).

Each page is scaled to fit its half of the sheet, its aspect ratio kept, and
centred there. The PDF is typeset on the size the sheet folds to (A5 on A4,
half-Letter on Letter), so its pages fit at their own size; a page of another
size (a user's own PDF template) is scaled up or down. The booklet is for print:
the outline and any links of the pages are not carried over.

pypdf is imported here and only here, when a booklet is asked for.
"""

from __future__ import annotations

import io

from nests.render.paper import PAPERS

POINTS_PER_MM = 72 / 25.4


def page_count(pages: int) -> int:
    """The booklet's page faces: ``pages`` padded with blanks to a multiple of four."""
    return -(-max(pages, 1) // 4) * 4


def booklet_sides(pages: int) -> list[tuple[int | None, int | None]]:
    """Each side of each sheet in print order (front, back, next sheet's front…) as
    (left page, right page), numbered from 1; None is a blank."""
    total = page_count(pages)
    sides = []
    for s in range(total // 2):
        first, last = s + 1, total - s
        left, right = (last, first) if s % 2 == 0 else (first, last)
        sides.append(tuple(p if p <= pages else None for p in (left, right)))
    return sides


def sheet_points(sheet: str) -> tuple[float, float]:
    """The landscape sheet's width and height, in points."""
    width, height = PAPERS[sheet]
    return height * POINTS_PER_MM, width * POINTS_PER_MM


def impose_booklet(pdf: bytes, sheet: str) -> bytes:
    """The booklet of the PDF ``pdf`` on ``sheet`` paper (a4, letter), as PDF bytes.
    The same input gives the same bytes: the writer adds no date and no random /ID."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    width, height = sheet_points(sheet)
    half = width / 2
    writer = PdfWriter()
    writer.pdf_header = reader.pdf_header          # the pages' features (transparency…) keep their version
    for sides in booklet_sides(len(reader.pages)):
        placed = {}
        for slot, number in enumerate(sides):
            if number is not None:
                page = reader.pages[number - 1]
                placed[f"/P{number}"] = (_form(writer, page), _placement(page.mediabox, slot * half, half, height))
        _sheet_side(writer, width, height, placed)
    info = reader.metadata or {}
    writer.add_metadata({key: info[key] for key in ("/Title", "/Creator") if key in info})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _placement(box, left: float, width: float, height: float) -> tuple[float, float, float]:
    """(scale, x, y) that fit the page ``box`` into the ``width`` × ``height`` slot at
    ``left``, aspect ratio kept, centred."""
    w, h = float(box.width), float(box.height)
    scale = min(width / w, height / h)
    return (scale, left + (width - w * scale) / 2 - float(box.left) * scale,
            (height - h * scale) / 2 - float(box.bottom) * scale)


def _form(writer, page):
    """The page as a Form XObject of ``writer``: its drawing, its resources, its box.
    Drawn whole with one operator, its content is copied, never parsed (parsing
    costs about a second a page), and its fonts are shared between pages."""
    from pypdf.generic import DecodedStreamObject, NameObject

    contents = page.get("/Contents")
    streams = [] if contents is None else contents.get_object()
    streams = streams if isinstance(streams, list) else [streams]
    form = DecodedStreamObject()
    form.set_data(b"\n".join(s.get_object().get_data() for s in streams))
    form[NameObject("/Type")] = NameObject("/XObject")
    form[NameObject("/Subtype")] = NameObject("/Form")
    form[NameObject("/BBox")] = page.mediabox
    for key in ("/Resources", "/Group"):        # not /Annots: links would point into the unimposed file
        if key in page:
            form[NameObject(key)] = page[key].clone(writer)
    # pypdf has no public call that adds a new stream to a writer; this is the one its own pages use
    return writer._add_object(form.flate_encode())


def _sheet_side(writer, width: float, height: float, placed: dict) -> None:
    """One side of a sheet: each placed form drawn at its (scale, x, y)."""
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    side = writer.add_blank_page(width=width, height=height)
    draw = "".join(f"q {s:.6f} 0 0 {s:.6f} {x:.4f} {y:.4f} cm {name} Do Q\n"
                   for name, (_, (s, x, y)) in placed.items())
    stream = DecodedStreamObject()
    stream.set_data(draw.encode("ascii"))
    side[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/XObject"): DictionaryObject({NameObject(n): ref for n, (ref, _) in placed.items()})})
    side[NameObject("/Contents")] = writer._add_object(stream.flate_encode())
