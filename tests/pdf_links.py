"""The links of a PDF as a reader clicks them: what the packet's and the books' link tests read."""

import io

import pypdfium2
from pypdf import PdfReader


def links(pdf: bytes) -> list[tuple[int, str, object]]:
    """Each link annotation as (its page, the text under it with its spaces collapsed, the page it lands on
    or the address it opens), pages from 1."""
    reader = PdfReader(io.BytesIO(pdf))
    named = {name: reader.get_destination_page_number(dest) + 1 for name, dest in reader.named_destinations.items()}
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
                lands = named[dest] if isinstance(dest, str) else pages[dest[0].idnum]
            else:
                lands = str(annot["/A"]["/URI"])
            out.append((number, " ".join(under.split()), lands))
    return out
