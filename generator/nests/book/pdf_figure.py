"""A PDF figure made a picture the PDF can print: its first page (as pdflatex takes it)
drawn to pixels by PDFium (pypdfium2) and encoded as PNG (Pillow).

PDFium parses the book's file, which may be hostile, so it runs in a child process of its
own (``python -m nests.book.pdf_figure``), never in the command's: started at the book's
first PDF figure and kept for the others, bounded by the kernel (address space, CPU
seconds per figure, no file written, no core dumped), ending with the command. A child
that dies on a figure (a crash, its CPU time spent) costs that figure only: it is said
in a warning, and the next figure starts a new child. The command never imports
pypdfium2 or Pillow, and the child reads no file: the figure's bytes (read from inside
the book's folder by ``nests.book.images``) reach it through a pipe, and the PNG comes
back the same way, with the page's size, in plain bytes and JSON (nothing unpickled).

The figure prints at its own size (its page, in points), like any picture; it is drawn
at ``PRINT_DPI`` of that size, but with at most ``MOST_PIXELS`` pixels (and
``LONGEST_SIDE`` on a side): a larger page is drawn at a lower resolution. A page as
large as the text block still gets ``PRINT_DPI`` (3000 × 3000 ≥ 7 × 10 in at 300 dpi),
so that never changes what prints and is not said.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import select
import signal
import struct
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

PRINT_DPI = 300
MOST_PIXELS = 3000 * 3000                 # ~36 MB of RGBA: a page's worth at print resolution
LONGEST_SIDE = 20_000                     # pixels: a page 200 inches long and a hair tall stays drawable
CHILD_MEMORY = 1 << 30                    # bytes of address space: PDFium's parse and one page's pixels
CHILD_CPU = 20                            # seconds of CPU for one figure
WAIT = 120                                # seconds on the clock: only a stopped child meets this one
LARGEST_REPLY = 128 * 2 ** 20             # bytes of PNG a child may hand back
_UNREADABLE = {"note": "unreadable PDF: not printed"}
_EMPTY = {"why": "a PDF without a page", "note": "empty PDF: not printed"}
_KEPT = 32                                # figures remembered (the same file named twice is drawn once)


@dataclass(frozen=True)
class Drawn:
    png: bytes
    width: float                          # the page's size in points (1/72 in)
    height: float


@dataclass(frozen=True)
class Refused:
    why: str                              # finishes "image 'x' is …"
    note: str                             # what its empty frame says


_child: subprocess.Popen | None = None
_child_of = 0                             # the process that started it (a forked worker starts its own)
_drawn: dict[bytes, Drawn | Refused] = {}


def drawn(data: bytes) -> Drawn | Refused:
    """The first page of the PDF ``data`` as a PNG and its size; or why it cannot be printed."""
    key = hashlib.sha256(data).digest()
    if key not in _drawn:
        if len(_drawn) >= _KEPT:
            del _drawn[next(iter(_drawn))]
        _drawn[key] = _ask(data)
    return _drawn[key]


def _ask(data: bytes) -> Drawn | Refused:
    child = _running_child()
    if child is None:
        return Refused("a PDF figure, and the press cannot start its PDF reader (pypdfium2)",
                       "a PDF figure: not printed")
    try:
        child.stdin.write(struct.pack(">Q", len(data)) + data)
        child.stdin.flush()
        head = json.loads(_read(child, struct.unpack(">I", _read(child, 4))[0]))
        if "why" in head:
            return Refused(str(head["why"]), str(head["note"]))
        width, height, size = float(head["width"]), float(head["height"]), int(head["png"])
        if not (0 < width < math.inf and 0 < height < math.inf and 0 < size <= LARGEST_REPLY):
            raise ValueError(head)
        png = _read(child, size)
        if not png.startswith(b"\x89PNG\r\n\x1a\n"):
            raise ValueError("not a PNG")
        return Drawn(png, width, height)
    except (OSError, EOFError, ValueError, KeyError, TypeError, struct.error):
        return Refused(f"a PDF figure its reader could not draw ({_stop(child)})", "unreadable PDF: not printed")


def _read(child: subprocess.Popen, size: int) -> bytes:
    """``size`` bytes from the child, or EOFError when it ends first (or stops for ``WAIT`` s)."""
    out, fd, deadline = bytearray(), child.stdout.fileno(), time.monotonic() + WAIT
    while len(out) < size:
        ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(fd, min(size - len(out), 1 << 20)) if ready else b""
        if not chunk:
            raise EOFError
        out += chunk
    return bytes(out)


def _running_child() -> subprocess.Popen | None:
    global _child, _child_of
    if _child is not None and _child_of == os.getpid() and _child.poll() is None:
        return _child
    if _child is not None and _child_of == os.getpid():
        _stop(_child)
    # The child runs this very copy of nests (an installed wheel, a checkout on PYTHONPATH), from "/".
    here = str(Path(__file__).resolve().parents[2])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([here] + [p for p in [os.environ.get("PYTHONPATH")] if p])}
    try:
        _child = subprocess.Popen([sys.executable, "-m", "nests.book.pdf_figure", str(os.getpid())],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  cwd="/", env=env)
    except OSError:
        _child = None
    else:
        import atexit

        atexit.register(_end, _child)
    _child_of = os.getpid()
    return _child


def _end(child: subprocess.Popen) -> None:
    """At the command's end: the child told so (its input closed), and waited for."""
    if child.poll() is None and child is _child:
        _stop(child)


def _stop(child: subprocess.Popen) -> str:
    """The child ended (it is of no more use once a reply went wrong); how it ended, in words."""
    global _child
    if child is _child:
        _child = None
    for stream in (child.stdin, child.stdout):
        try:
            stream.close()
        except OSError:
            pass
    try:
        code = child.wait(5)
    except subprocess.TimeoutExpired:
        child.kill()
        code = child.wait()
    if code == -signal.SIGXCPU:
        return f"it took more than {CHILD_CPU} seconds"
    return f"it stopped on signal {-code}" if code < 0 else "it stopped"


# The child's side: ``python -m nests.book.pdf_figure PARENT``.

def _serve(parent: int) -> None:
    import resource

    from nests.children import bound_to_parent

    bound_to_parent(parent)
    for limit, value in ((resource.RLIMIT_AS, CHILD_MEMORY), (resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, 0)):
        _lower(limit, value)
    replies = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)           # a library's stray print cannot corrupt a reply
    requests = sys.stdin.buffer
    import pypdfium2

    while len(head := requests.read(8)) == 8:
        data = requests.read(struct.unpack(">Q", head)[0])
        used = resource.getrusage(resource.RUSAGE_SELF)
        _lower(resource.RLIMIT_CPU, math.ceil(used.ru_utime + used.ru_stime) + CHILD_CPU, fixed=False)
        try:
            reply, png = _draw(pypdfium2, data)
        except MemoryError:
            reply, png = {"why": f"a PDF too large to draw in {CHILD_MEMORY >> 20} MB", **_UNREADABLE}, b""
        except Exception as err:                        # said as a warning: the command goes on
            reply, png = {"why": f"a PDF whose first page cannot be drawn ({type(err).__name__})", **_UNREADABLE}, b""
        reply = json.dumps(reply).encode()
        replies.write(struct.pack(">I", len(reply)) + reply + png)
        replies.flush()


def _lower(limit: int, value: int, fixed: bool = True) -> None:
    """A limit set to ``value``, never above the one the command already had; with ``fixed``, the hard one too."""
    import resource

    soft, hard = resource.getrlimit(limit)
    value = value if hard == resource.RLIM_INFINITY else min(value, hard)
    resource.setrlimit(limit, (value, value if fixed else hard))


def _draw(pdfium, data: bytes) -> tuple[dict, bytes]:
    # Opened by hand: pypdfium2's opening takes a PDF of no page for one it could not read.
    raw = pdfium.raw.FPDF_LoadMemDocument64(data, len(data), None)
    if not raw:
        from pypdfium2.internal import ErrorToStr

        code = pdfium.raw.FPDF_GetLastError()
        if code in (pdfium.raw.FPDF_ERR_PASSWORD, pdfium.raw.FPDF_ERR_SECURITY):
            return {"why": "an encrypted PDF (it asks for a password)", "note": "encrypted PDF: not printed"}, b""
        return {"why": f"a PDF that cannot be read (PDFium: {ErrorToStr.get(code, 'unknown error')})",
                **_UNREADABLE}, b""
    document = pdfium.PdfDocument(raw)             # (``data`` outlives it: PDFium reads it in place)
    try:
        if len(document) < 1:
            return _EMPTY, b""
        page = document[0]
        width, height = page.get_size()          # its crop box, turned as it says: what pdflatex prints
        if not (0 < width < math.inf and 0 < height < math.inf):
            return {"why": f"a PDF whose first page measures {width:g} × {height:g} points", **_UNREADABLE}, b""
        scale = min(PRINT_DPI / 72, _budget_scale(width, height), (LONGEST_SIDE - 1) / max(width, height))
        # as pdflatex includes a page: its content without annotations or form fields; on no background
        bitmap = page.render(scale=scale, may_draw_forms=False, draw_annots=False, fill_color=(255, 255, 255, 0),
                             rev_byteorder=True)
        out = _png(bitmap.to_pil())
        return {"width": width, "height": height, "png": len(out)}, out
    except pdfium.PdfiumError as err:
        return {"why": f"a PDF whose first page cannot be drawn ({err})", **_UNREADABLE}, b""
    finally:
        document.close()


def _budget_scale(width: float, height: float) -> float:
    """The largest scale (pixels a point) whose pixels, each side rounded up as PDFium's
    bitmap is, stay within the budget: (width·s + 1)(height·s + 1) ≤ MOST_PIXELS."""
    area, sides = width * height, width + height
    return (math.sqrt(sides * sides + 4 * area * (MOST_PIXELS - 1)) - sides) / (2 * area) * (1 - 1e-9)


def _png(picture) -> bytes:
    """The PNG of the drawn page, deflated lightly: it is only carried to WeasyPrint, which
    splits its transparency off and deflates the pixels again for the PDF."""
    import io

    out = io.BytesIO()
    picture.save(out, format="PNG", compress_level=1)
    return out.getvalue()


if __name__ == "__main__":
    _serve(int(sys.argv[1]))
