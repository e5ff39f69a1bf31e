"""Booklet imposition: a PDF's pages, two per side of a sheet turned landscape,
in the order that makes a saddle-stitched booklet once the sheets are printed
on both sides, stacked, folded in the middle and stapled on the fold.

The pages are padded with blanks to a multiple of four (a sheet has four page
faces). Side ``s`` (counted from 0; sheet ``s // 2``, its front when ``s`` is
even, its back when odd) holds page ``s + 1`` and page ``total - s``: the
first on the right of a front and on the left of a back. Sheet 1's front is
thus (last, 1) and its back (2, last − 1). The blanks are thus the booklet's
last pages.

A document handed out in parts (a party's character sheets, one per player:
``loose_sides``) is imposed otherwise: each part on sides of its own, its pages
two a side in reading order, so that each player's sheet is a sheet of paper.

Each page is scaled to fit its half of the sheet, its aspect ratio kept, and
centred there. The PDF is typeset on the size the sheet folds to (A5 on A4,
half-Letter on Letter), so its pages fit at their own size; a page of another
size (a user's own PDF template) is scaled up or down. Every link of the pages
is carried over, moved and scaled with its page, and one that lands in the
document lands on the side that holds its target, at the same place on it; so
is the outline. (Other annotations, a form's fields, are not: the packet and
the books have none.)

pypdf is imported here and only here, when a booklet is asked for.
"""

from __future__ import annotations

import io
from typing import Callable

from nests.render.paper import PAPERS

POINTS_PER_MM = 72 / 25.4

Sides = list[tuple[int | None, int | None]]


def page_count(pages: int) -> int:
    """The booklet's page faces: ``pages`` padded with blanks to a multiple of four."""
    return -(-max(pages, 1) // 4) * 4


def booklet_sides(pages: int) -> Sides:
    """Each side of each sheet in print order (front, back, next sheet's front…) as
    (left page, right page), numbered from 1; None is a blank."""
    total = page_count(pages)
    sides = []
    for s in range(total // 2):
        first, last = s + 1, total - s
        left, right = (last, first) if s % 2 == 0 else (first, last)
        sides.append(tuple(p if p <= pages else None for p in (left, right)))
    return sides


def loose_sides(starts: list[int], pages: int) -> Sides:
    """The sides of a document handed out in parts, each starting at a page of ``starts``
    (from 1; the first part starts at page 1 whatever ``starts`` says): each part's pages
    two a side, left then right, from a side of its own; a part of an odd count of pages
    leaves its last side's right half blank."""
    bounds = sorted({1, *(s for s in starts if 1 <= s <= pages)}) + [pages + 1]
    sides = []
    for first, end in zip(bounds, bounds[1:]):
        sides += [(p, p + 1 if p + 1 < end else None) for p in range(first, end, 2)]
    return sides


def sheet_points(sheet: str) -> tuple[float, float]:
    """The landscape sheet's width and height, in points."""
    width, height = PAPERS[sheet]
    return height * POINTS_PER_MM, width * POINTS_PER_MM


def impose_booklet(pdf: bytes, sheet: str, order: Callable[[int], Sides] = booklet_sides) -> bytes:
    """The booklet of the PDF ``pdf`` on ``sheet`` paper (a4, letter), as PDF bytes; ``order``
    gives the sides from the count of pages (by default a saddle-stitched booklet's).
    The same input gives the same bytes: the writer adds no date and no random /ID."""
    from pypdf import PdfReader, PdfWriter

    reader = PdfReader(io.BytesIO(pdf))
    width, height = sheet_points(sheet)
    half = width / 2
    writer = PdfWriter()
    writer.pdf_header = reader.pdf_header          # the pages' features (transparency…) keep their version
    placed_at = {}                                 # page index → (side index, (scale, x, y))
    for s, sides in enumerate(order(len(reader.pages))):
        placed = {}
        for slot, number in enumerate(sides):
            if number is not None:
                page = reader.pages[number - 1]
                placement = _placement(page.mediabox, slot * half, half, height)
                placed[f"/P{number}"] = (_form(writer, page), placement)
                placed_at[number - 1] = (s, placement)
        _sheet_side(writer, width, height, placed)
    moved = _Moved(reader, writer, placed_at)
    for index, (s, placement) in sorted(placed_at.items()):
        moved.links(reader.pages[index], writer.pages[s], placement)
    moved.outline(reader.outline)
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
    for key in ("/Resources", "/Group"):        # not /Annots: the side carries the links (_Moved)
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


# The keys of a link annotation kept as they are; its place (/Rect, /QuadPoints) is moved with
# its page and its target (/Dest, or /A's /D) sent to its side; the rest (/P, /StructParent) named
# the unimposed file's objects.
_KEPT = ("/BS", "/Border", "/H", "/C", "/Contents", "/NM")


class _Moved:
    """The links and the outline of the unimposed PDF, each placed where its page went: its
    rectangle through the page's placement on its side, its target (a page and a point on
    it) on the side that holds that page, at that point as placed."""

    def __init__(self, reader, writer, placed_at: dict):
        self.reader, self.writer, self.placed_at = reader, writer, placed_at
        self.named = reader.named_destinations
        self.index = {page.indirect_reference.idnum: k for k, page in enumerate(reader.pages)}

    def links(self, page, side, placement) -> None:
        """Each link annotation of ``page`` added to ``side``, where ``placement`` put the page."""
        from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject

        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            if annot.get("/Subtype") != "/Link":
                continue
            link = DictionaryObject({NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link")})
            for key in _KEPT:
                if key in annot:
                    link[NameObject(key)] = annot[key].clone(self.writer)
            x0, y0 = _apply(placement, *(float(v) for v in annot["/Rect"][:2]))
            x1, y1 = _apply(placement, *(float(v) for v in annot["/Rect"][2:4]))
            link[NameObject("/Rect")] = ArrayObject(FloatObject(round(v, 3)) for v in
                                                    (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)))
            if "/QuadPoints" in annot:
                quads = [float(v) for v in annot["/QuadPoints"]]
                link[NameObject("/QuadPoints")] = ArrayObject(
                    FloatObject(round(v, 3)) for k in range(0, len(quads) - 1, 2) for v in _apply(placement, *quads[k:k + 2]))
            action = annot.get("/A")
            action = action.get_object() if action is not None else None
            if "/Dest" in annot or (action is not None and action.get("/S") == "/GoTo"):
                dest = self.destination(annot["/Dest"] if "/Dest" in annot else action.get("/D"))
                if dest is None:
                    continue            # lands nowhere in this document: left out, as a reader would ignore it
                link[NameObject("/Dest")] = dest
            elif action is not None:
                link[NameObject("/A")] = action.clone(self.writer)    # an address, another file: unchanged
            else:
                continue
            if "/Annots" not in side:
                side[NameObject("/Annots")] = ArrayObject()
            side["/Annots"].append(self.writer._add_object(link))

    def target(self, dest) -> tuple[int, float, float, float] | None:
        """A destination (an explicit array, or a name) as the side it lands on and the point
        and zoom there; None when it lands on no imposed page."""
        from pypdf.generic import NullObject

        dest = dest.get_object() if dest is not None else None
        if dest is None:
            return None
        if not isinstance(dest, list):
            named = self.named.get(str(dest))
            if named is None:
                return None
            dest = named.dest_array
        if not dest or not hasattr(dest[0], "idnum") or dest[0].idnum not in self.index:
            return None
        index = self.index[dest[0].idnum]
        if index not in self.placed_at:
            return None
        side, placement = self.placed_at[index]
        box = self.reader.pages[index].mediabox
        kind, args = str(dest[1]) if len(dest) > 1 else "/Fit", [None if isinstance(v, NullObject) else float(v)
                                                                 for v in dest[2:]]
        left = args[0] if kind in ("/XYZ", "/FitV", "/FitBV", "/FitR") and args else None
        top = {"/XYZ": 1, "/FitH": 0, "/FitBH": 0, "/FitR": 3}.get(kind)
        top = args[top] if top is not None and len(args) > top else None
        zoom = args[2] if kind == "/XYZ" and len(args) > 2 and args[2] else 0.0
        x, y = _apply(placement, float(box.left) if left is None else left, float(box.top) if top is None else top)
        return side, x, y, zoom

    def destination(self, dest):
        """The destination as an explicit one on the booklet: its side, /XYZ, the point, the zoom."""
        from pypdf.generic import ArrayObject, FloatObject, NameObject

        found = self.target(dest)
        if found is None:
            return None
        side, x, y, zoom = found
        return ArrayObject([self.writer.pages[side].indirect_reference, NameObject("/XYZ"),
                            FloatObject(round(x, 3)), FloatObject(round(y, 3)), FloatObject(zoom)])

    def outline(self, items, parent=None) -> None:
        """The outline (pypdf's nested list: an item, then the list of its children), each item
        landing where its page went."""
        from pypdf.generic import Fit

        last = None
        for item in items:
            if isinstance(item, list):
                if last is not None:
                    self.outline(item, last)
                continue
            found = self.target(item.dest_array)
            if found is None:
                last = None
                continue
            side, x, y, zoom = found
            last = self.writer.add_outline_item(title=str(item.title), page_number=side, parent=parent,
                                                fit=Fit.xyz(x, y, zoom))


def _apply(placement: tuple[float, float, float], x: float, y: float) -> tuple[float, float]:
    """A point of a page as placed on its side."""
    scale, dx, dy = placement
    return scale * x + dx, scale * y + dy
