"""PDF figures made by hand for the tests and the fuzz suite: the smallest PDF a figure can
be (one page, a content stream of the test's own drawing, a standard font to write with),
and the same made unreadable."""

from __future__ import annotations

import io
import zlib

# A blue block over the figure's left half and a black rule across it: ink a test can find.
HALF_BLUE = "0 0 1 rg 0 0 {half} {height} re f 0 g 0 {mid} {width} 4 re f"


def pdf_figure(width: float = 288, height: float = 144, drawing: str = HALF_BLUE, box: str = "MediaBox",
               compressed: bool = False) -> bytes:
    """A one-page PDF ``width`` × ``height`` points (its ``box`` so), drawn with ``drawing``
    (its stream deflated if ``compressed``); /F1 is Helvetica."""
    content = drawing.format(width=width, height=height, half=width / 2, mid=height / 2 - 2).encode()
    stream = zlib.compress(content) if compressed else content
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /%s [0 0 %g %g] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>"
               % (box.encode(), width, height),
               b"<< /Length %d%s >>\nstream\n%s\nendstream" % (len(stream), b" /Filter /FlateDecode" * compressed, stream),
               b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def encrypted(data: bytes, password: str = "bee") -> bytes:
    """``data`` locked with a password its reader must be given."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    writer.encrypt(user_password=password, owner_password=password + "s", algorithm="RC4-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def without_a_page() -> bytes:
    """A well-formed PDF of no page."""
    from pypdf import PdfWriter

    out = io.BytesIO()
    PdfWriter().write(out)
    return out.getvalue()
