"""The links of a PDF as a reader clicks them: what the packet's and the books' link tests read."""

import io

import pypdfium2
from pypdf import PdfReader


def links(pdf: bytes) -> list[tuple[int, str, object]]:
    """Each link annotation as (its page, the text under it with its spaces collapsed, the page it lands on
    or the address it opens), pages from 1."""
    return [(page, text, lands) for page, text, lands, _ in landings(pdf)]


def landings(pdf: bytes) -> list[tuple[int, str, object, tuple[float, float] | None]]:
    """As ``links``, each with the point it lands on (left, top, in PDF points; None for an address)."""
    reader = PdfReader(io.BytesIO(pdf))
    named = {name: dest.dest_array for name, dest in reader.named_destinations.items()}
    pages = {page.indirect_reference.idnum: k for k, page in enumerate(reader.pages, 1)}
    document = pypdfium2.PdfDocument(pdf)
    out = []
    for number, page in enumerate(reader.pages, 1):
        text = document[number - 1].get_textpage()
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            if annot.get("/Subtype") != "/Link":
                continue
            left, bottom, right, top = (float(v) for v in annot["/Rect"])
            under = text.get_text_bounded(left + 0.5, min(bottom, top) + 0.5, right - 0.5, max(bottom, top) - 0.5)
            if "/Dest" in annot:
                dest = annot["/Dest"]
                dest = named[dest] if isinstance(dest, str) else dest
                xyz = dest[1] == "/XYZ" and all(isinstance(v, (int, float)) for v in dest[2:4])
                lands, point = pages[dest[0].idnum], (float(dest[2]), float(dest[3])) if xyz else None
            else:
                lands, point = str(annot["/A"]["/URI"]), None
            out.append((number, " ".join(under.split()), lands, point))
    return out
