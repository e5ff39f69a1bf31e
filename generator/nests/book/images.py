"""A figure's picture, found and read for every reader: the file the source names,
looked for as its markup looks for it, read only from inside the book's folder.

``picture`` returns the ``Image`` (its bytes, kind and size) the typesetter frames
and the PDF prints; or ``Missing`` when no such file is there. A PDF figure is
printed as the PNG of its first page (``nests.book.pdf_figure``), at its page's size.
A file that is there but cannot be printed (outside the book's folder, an EPS
figure, an encrypted or broken PDF, an SVG that reaches for other files, too large)
is an ``Image`` without bytes: its frame is printed with a note saying why, and a
warning says it at the source's line.

The bytes are read here, once, and the PDF receives them inside its HTML (a
``data:`` URI): WeasyPrint reads no file of the book and no address at all.
"""

from __future__ import annotations

import os
import re
import struct
from pathlib import Path
from urllib.parse import unquote

from nests.book import model as m
from nests.book.folder import confined

# What LaTeX's graphicx tries after a name without its extension (pdfTeX's order),
# and the kinds a web page may use besides.
LATEX_EXTENSIONS = (".pdf", ".png", ".jpg", ".mps", ".jpeg", ".jbig2", ".jb2", ".eps", ".svg", ".gif",
                    ".PDF", ".PNG", ".JPG", ".JPEG", ".EPS", ".SVG", ".GIF")
PRINTABLE = ("png", "jpeg", "gif", "svg", "pdf")
LARGEST_FILE = 32 * 1024 * 1024           # bytes: a picture for a page, not an archive
LARGEST_PICTURE = 60_000_000              # pixels: past this a decoder's memory, not the page, is the limit
PIXELS_PER_POINT = 96 / 72                # CSS pixels (a picture's size) in a PDF point
_SCHEME = re.compile(r"^[A-Za-z][\w+.-]*:")


def picture(report, name: str, line: int, folders: list[Path], latex: bool = False,
            source: str | None = None, root: Path | None = None) -> m.Image | m.Missing:
    """The picture ``name`` (as the source writes it) for a figure at ``line``: looked
    for in each of ``folders`` in turn (a name starting with "/" from the book's own
    folder, as Sphinx reads it); with ``latex``, also with each of graphicx's extensions.
    ``root`` is the book's folder (by default the folder of the file the report is of);
    nothing outside it is read, whichever of the book's files names the picture."""
    source = source or report.source
    root = (root or Path(report.source).parent).resolve()
    def refused(why: str, note: str) -> m.Image:
        report.warn(line, f"image {name!r} {why}; its frame is printed empty", thing=f"image: {name}", source=source)
        return m.Image(name, note=note, source=source, line=line)

    if _SCHEME.match(name) and not re.match(r"^[A-Za-z]:[\\/]", name) and not name.startswith("file:"):
        return refused("is on the web, and only files inside the book's folder are printed", "on the web: not fetched")
    found, why = confined(root, name) if name.startswith("file:") else (_find(name, root, folders, latex), "")
    if why:
        return refused(f"is {why} ({root}), so it is not read", "outside the book: not read")
    if found is None or not _is_file(found):
        return report.missing(f"image: {name}", line, f"image {name!r} is not there", source=source)
    real, why = confined(root, os.path.abspath(found))
    if real is None:
        return refused(f"is {why} ({root}), so it is not read", "outside the book: not read")
    try:
        if real.stat().st_size > LARGEST_FILE:
            return refused(f"is larger than {LARGEST_FILE // 2 ** 20} MB", "too large: not printed")
        data = real.read_bytes()
    except OSError as err:
        return refused(f"cannot be read: {err.strerror or err}", "unreadable: not printed")
    kind, size, why = _identify(data)
    if why:
        return refused(*why)
    if kind == "pdf":
        return _pdf_figure(name, data, refused, source, line)
    if size[0] * size[1] > LARGEST_PICTURE:
        return refused(f"has {size[0]}×{size[1]} pixels, more than a page needs", "too large: not printed")
    return m.Image(name, kind, data, size[0], size[1], source=source, line=line)


def _pdf_figure(name: str, data: bytes, refused, source: str, line: int) -> m.Image:
    """A PDF figure as the PNG of its first page, framed and printed at the page's own size."""
    from nests.book.pdf_figure import Refused, drawn

    page = drawn(data)
    if isinstance(page, Refused):
        return refused(f"is {page.why}", page.note)
    width, height = (max(1, round(points * PIXELS_PER_POINT)) for points in (page.width, page.height))
    return m.Image(name, "png", page.png, width, height, source=source, line=line)


def _find(name: str, root: Path, folders: list[Path], latex: bool) -> Path | None:
    """The first file the name leads to; among a LaTeX name's extensions, one that
    prints is preferred, in pdfTeX's order (figs/plot.pdf over figs/plot.png, and over
    the figs/plot.eps no press here can print)."""
    names = [name] + ([unquote(name)] if "%" in name else [])
    bases = [root / n.lstrip("/") for n in names] if name.startswith("/") else [
        folder / n for folder in folders for n in names]
    found = []
    for base in bases:
        tries = [base] + ([base.with_name(base.name + ext) for ext in LATEX_EXTENSIONS] if latex else [])
        found += [p for p in tries if _is_file(p)]
        if found and not latex:
            return found[0]
    printable = [p for p in found if p.suffix.lower().lstrip(".") in PRINTABLE + ("jpg",)]
    return (printable or found or [None])[0]


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:                   # a name too long, a loop of links: not there
        return False


def _identify(data: bytes) -> tuple[str, tuple[int, int], tuple[str, str] | None]:
    """The picture's kind and size in pixels; or why it cannot be printed (a warning's
    words and the note its frame holds)."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) >= 24:
        return "png", struct.unpack(">II", data[16:24]), None
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        return "gif", struct.unpack("<HH", data[6:10]), None
    if data.startswith(b"\xff\xd8"):
        size = _jpeg_size(data)
        return ("jpeg", size, None) if size else ("", (0, 0), ("is a JPEG without its size", "unreadable: not printed"))
    if data.startswith((b"%!PS", b"\xc5\xd0\xd3\xc6")):
        return "", (0, 0), ("is an EPS figure, which the press cannot print; put a PDF, PNG or SVG of it beside it "
                            "(same name, other extension)", "an EPS figure: not printed")
    if data.startswith(b"%PDF"):
        return "pdf", (0, 0), None
    if b"<svg" in data[:4096]:
        from nests.book.svg import svg_size

        size, why = svg_size(data)
        return ("svg", size, None) if not why else ("", (0, 0), (why, "unsafe SVG: not printed"))
    if b"%PDF-" in data[:1024]:                  # after a few bytes of junk: PDF readers (PDFium too) look that far
        return "pdf", (0, 0), None
    return "", (0, 0), ("is not a PNG, JPEG, GIF, SVG or PDF picture", "not a picture: not printed")


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Height and width from a JPEG's start-of-frame marker, as (width, height)."""
    at = 2
    while at + 9 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return (width, height) if width and height else None
        at += 2 + length
    return None
