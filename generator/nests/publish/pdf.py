"""PDF export: the plaintext pages, typeset in a monospaced font, one per sheet of paper.

Each page fills the printable area of the paper (templates/pages.html.j2);
its drawing glyphs are drawn as vector shapes from the grid (publish/vector.py),
a page's Drawing is printed in place of the text it covers, and its Fields
become named PDF form fields; a book's pictures are printed over their frames.

WeasyPrint is imported here and only here, so that commands which make no
PDF never pay for it. It may fetch nothing but files under our templates
folder (the fonts) and the pictures the HTML itself holds: a book's picture is
read by its reader (from inside the book's folder only, nests.book.images) and
reaches WeasyPrint as a ``data:`` URI of those bytes, so no file of the book and
no address is ever opened while the PDF is made, in this process or a worker. The PDF carries fixed metadata so that the same pages
give the same bytes in every run and every process. A long document is typeset in
parts, side by side, and joined (nests.publish.parts).
"""

from __future__ import annotations

import base64
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable

from nests import __version__, paths
from nests.errors import NestsError
from nests.document import Drawing, FormField, Mark, Page, Picture
from nests.publish.vector import vector_shapes
from nests.render import render
from nests.text import grid
from nests.render.paper import PAPERS

# fontTools stamps the subset font's modification time from this variable;
# a fixed value keeps the PDF bytes identical from run to run.
FIXED_EPOCH = "1700000000"


def _fetcher_class():
    from weasyprint.urls import FatalURLFetchingError, URLFetcher

    allowed = paths.TEMPLATES.resolve().as_uri() + "/"

    class TemplatesOnly(URLFetcher):
        """Serves files from our templates folder, and the pictures a book's pages hold
        within themselves (``data:`` URIs we made from bytes we read, see ``printed``);
        refuses every other address."""

        def fetch(self, url, headers=None):
            if PICTURE_URI.match(url):
                return super().fetch(url, headers)
            if not url.startswith(allowed) or ".." in url:
                raise FatalURLFetchingError(f"refused to fetch {url[:80]}: only our own templates may be read")
            return super().fetch(url, headers)

    return TemplatesOnly


# A picture handed to WeasyPrint inside the HTML: the only address besides our templates it may read.
PICTURE_URI = re.compile(r"data:image/(png|jpeg|gif|svg\+xml);base64,[A-Za-z0-9+/=]*\Z")
MEDIA_TYPES = {"png": "image/png", "jpeg": "image/jpeg", "gif": "image/gif", "svg": "image/svg+xml"}


@dataclass
class PrintedPicture:
    """A picture as the PDF template places it: its ``data:`` URI, the frame it
    replaces and its own width (in grid cells), centred in the frame."""

    uri: str
    first_line: int
    lines: int
    left: float
    width: float


@dataclass
class PrintedPage:
    """What the PDF template needs of a page: its text (blank under a drawing,
    under each picture's frame and under each text field that holds a value)
    and its width in columns (the grid's, or a sheet's at --width N)."""

    text: str
    columns: int
    bookmarks: list[tuple[int, str]] = field(default_factory=list)
    drawing: Drawing | None = None
    fields: list[FormField] = field(default_factory=list)
    pictures: list[PrintedPicture] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)


def printed_picture(picture: Picture) -> PrintedPicture:
    uri = f"data:{MEDIA_TYPES[picture.kind]};base64,{base64.b64encode(picture.data).decode('ascii')}"
    return PrintedPicture(uri, picture.first_line, picture.lines,
                          picture.first_column + (picture.columns - picture.width) / 2, picture.width)


def blank_under(text: str, drawing: Drawing | None) -> str:
    """``text`` with the rectangle a drawing covers turned to spaces: in print
    the drawing replaces the text picture there, in the text layer too."""
    if drawing is None:
        return text
    return _blank(text, drawing.first_line, drawing.lines, drawing.first_column, drawing.columns)


def _blank(text: str, first_line: int, lines: int, first_column: int, columns: int) -> str:
    rows = text.split("\n")
    end = first_column + columns
    for i in range(first_line, min(first_line + lines, len(rows))):
        row = rows[i]
        rows[i] = row[:first_column] + " " * len(row[first_column:end]) + row[end:]
    return "\n".join(rows)


FIELD_KINDS = ("text", "checkbox")


def printed(page: Page) -> PrintedPage:
    for f in page.fields:
        if f.kind not in FIELD_KINDS:
            raise NestsError(f"form field {f.name!r}: kind {f.kind!r} is not one of {', '.join(FIELD_KINDS)}")
    text = blank_under(page.text.rstrip("\n"), page.drawing)
    for picture in getattr(page, "pictures", ()):   # the picture replaces its frame in print, in the text layer too
        text = _blank(text, picture.first_line, picture.lines, picture.first_column, picture.columns)
    for f in page.fields:
        # A text field that holds a value shows it itself; printed under it as
        # well, the value would be doubled. An empty one keeps the write-in
        # line the page draws there, to write on by hand or type over.
        if f.kind == "text" and f.value:
            text = _blank(text, f.line, f.height, f.column, f.width)
    lines = text.split("\n")
    columns = max(len(line) for line in lines) if text.strip() else grid.PAGE_WIDTH
    # a mark over text a drawing, a picture or a field hides is left out: nothing to click or tone there
    marks = [m for m in getattr(page, "marks", ()) if m.line < len(lines) and lines[m.line][m.start:m.end].strip()]
    return PrintedPage(text, columns, list(page.bookmarks), page.drawing, list(page.fields),
                       [printed_picture(p) for p in getattr(page, "pictures", ())], marks)


def links_of(page) -> set[int]:
    """The pages a page links to: its marks' and its drawing's link areas'."""
    drawing = getattr(page, "drawing", None)
    return ({m.link for m in getattr(page, "marks", ()) if m.link}
            | {a.link for a in (drawing.areas if drawing is not None else ())})


@dataclass(frozen=True)
class TextRun:
    """A stretch of a page's text and what sets it apart in print (see document.Mark)."""

    text: str
    link: int = 0
    tone: str = ""
    url: str = ""


def runs(text: str, marks: list[Mark]) -> list[TextRun]:
    """The page's text cut where its marks begin and end, each run with the link and the
    tone that cover it (a link may hold a tone); the runs join to the text unchanged."""
    if not marks:
        return [TextRun(text)]
    starts = [0]
    for line in text.split("\n")[:-1]:
        starts.append(starts[-1] + len(line) + 1)
    spans = [(starts[m.line] + m.start, starts[m.line] + m.end, m) for m in marks]
    cuts = sorted({0, len(text), *(a for a, _, _ in spans), *(b for _, b, _ in spans)})
    out = []
    for a, b in zip(cuts, cuts[1:]):
        over = [m for start, end, m in spans if start <= a and b <= end]
        out.append(TextRun(text[a:b], next((m.link for m in over if m.link), 0), next((m.tone for m in over if m.tone), ""),
                           next((m.url for m in over if m.url), "")))
    return out


def pdf_html(pages: list, title: str, paper: str = "a4", first: int = 1, targets: set[int] | None = None) -> str:
    """The HTML WeasyPrint typesets: every plaintext page in a <pre>, escaped,
    with its drawing glyphs as vector shapes. ``first``: the number of the first
    page in the whole document; ``targets``: for a part of a long one, the pages
    any link of the whole document lands on (each of them here gets its anchor,
    and every link is kept: the join makes them, nests.publish.parts). Without,
    a link to a page not among ``pages`` is left out."""
    if paper not in PAPERS:
        raise NestsError(f"unknown paper {paper!r}; allowed: {', '.join(PAPERS)}")
    shown = [printed(p) for p in pages]
    if targets is None:
        inside = range(first, first + len(pages))
        for p in shown:
            p.marks = [m for m in p.marks if not m.link or m.link in inside]
        targets = {link for p in shown for link in links_of(p)} & set(inside)
    return render("pages.html.j2", pages=shown, title=title, paper=paper, version=__version__, shapes=vector_shapes,
                  runs=runs, targets=targets, first=first)


def pdf_bytes(pages: list, title: str, paper: str = "a4") -> bytes:
    return html_to_pdf(pdf_html(pages, title, paper))


def html_to_pdf(html: str, places: dict | None = None) -> bytes:
    """The PDF of ``html``; with ``places``, also where its anchors landed and its links into
    other documents (a part of a long book, nests.publish.bound)."""
    os.environ.setdefault("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    import weasyprint

    from nests.publish.breaks import install

    install()                   # a typesetter's line breaks (no hyphen ladders, none at a page's foot)
    document = weasyprint.HTML(
        string=html,
        base_url=paths.TEMPLATES.resolve().as_uri() + "/",
        url_fetcher=_fetcher_class()(),
    ).render()
    if places is not None:
        from nests.publish.parts import places_of

        places_of(document, places)
    return document.write_pdf()


_workers = None          # a pool forked early by start_workers(), used by the next render_pdfs()
_worker_count = 0        # its processes


def _worker(parent: int) -> None:
    """A PDF worker's start: bound to the command that forked it, then WeasyPrint imported."""
    from nests.children import bound_to_parent

    bound_to_parent(parent)
    _import_weasyprint()


def _import_weasyprint() -> None:
    import gc

    os.environ.setdefault("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    import weasyprint  # noqa: F401

    if not gc.isenabled():          # forked before the command's setup (see nests.entry)
        gc.freeze()
        gc.enable()


def start_workers(count: int | None = None) -> None:
    """Fork ``count`` PDF workers (at most one per core; none on one core), each
    importing WeasyPrint (some 0.7 s) as soon as it starts."""
    global _workers, _worker_count
    count = min(count or os.cpu_count() or 1, os.cpu_count() or 1)
    if _workers is not None or (os.cpu_count() or 1) < 2:
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _worker_count = count
    _workers = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_worker, initargs=(os.getpid(),))
    _workers.submit(int)          # a forking pool starts all its processes at the first task


@contextmanager
def workers_ready(count: int | None = None):
    """Fork the PDF workers on entry, before the documents are made: each imports
    WeasyPrint while this process generates, instead of after it (`nests build`,
    and every command asked for a PDF). The next render_pdfs() uses them; if none
    does (an error), they stop on exit."""
    global _workers
    start_workers(count)
    try:
        yield
    finally:
        if _workers is not None:
            _workers.shutdown(cancel_futures=True)
            _workers = None


def _html(doc, run, paper: str) -> str:
    """The HTML WeasyPrint typesets for one run of a document (a book's part is HTML already)."""
    if isinstance(run, str):
        return run
    if len(run) == len(doc.pages):
        return pdf_html(run, doc.title, paper)
    first = next(k for k, page in enumerate(doc.pages, 1) if page is run[0])
    return pdf_html(run, doc.title, paper, first, {link for page in doc.pages for link in links_of(page)})


def typeset_part(html: str) -> tuple[bytes, list[dict], list[tuple]]:
    """A part of a long document's or a book's PDF; where its anchors landed (per page: name →
    the point at their top left, in PDF points); and its links within the document, each as
    (page, rectangle in PDF points, target), which it leaves out: joined, a part's own names
    are gone (pypdf copies pages, not a document's names), and WeasyPrint would refuse, loudly,
    a target in another part (nests.publish.parts, nests.publish.bound)."""
    places: dict = {}
    pdf = html_to_pdf(html, places)
    return pdf, places["anchors"], places["links"]


def _typeset(html: str, parted: bool):
    """A run's PDF; a part (of a long document, or of a book in the book style) also with its places."""
    return typeset_part(html) if parted else html_to_pdf(html)


def _runs(doc, paper: str) -> list:
    """The runs of pages ``doc`` is typeset in: a long one (more than grid.PDF_PARTS_OVER
    pages) in parts, joined after (nests.publish.parts); any other whole, as is a
    document with form fields (its fields belong to the one form of the whole PDF).
    A book in the book style: the HTML of its parts (nests.publish.bound), or of it whole."""
    if doc.print_book is not None:
        return doc.print_book.parts(paper)
    if len(doc.pages) <= grid.PDF_PARTS_OVER or any(page.fields for page in doc.pages):
        return [doc.pages]
    from nests.publish.parts import split_pages

    return split_pages(doc.pages, grid.PDF_PART_PAGES)


def _parted(doc, doc_runs: list) -> bool:
    """Whether the runs are parts, joined after with their links (nests.publish.parts), or a
    book in the book style, bound after (nests.publish.bound)."""
    return doc.print_book is not None or len(doc_runs) > 1


def _bound(doc, parts: list, paper: str, pool=None) -> bytes:
    """The document's PDF from the PDFs of its runs of pages (``pool``: the workers, which
    typeset again the parts of a book that name pages, nests.publish.bound)."""
    if doc.print_book is not None:
        from nests.publish.bound import bind

        again = None if pool is None else \
            (lambda htmls: [future.result() for future in [pool.submit(typeset_part, html) for html in htmls]])
        return bind(doc.print_book, paper, parts, typeset_part, again)
    if len(parts) == 1:
        return parts[0]
    from nests.publish.parts import join_parts

    return join_parts(parts, [level for page in doc.pages for level, _ in page.bookmarks])


def render_pdfs(documents: list, paper: str, progress: Callable[[str], None] | None = None,
                names: list[str] | None = None) -> list[bytes]:
    """Each document as PDF bytes, in order. With workers (several documents or parts
    of one, or workers started early) the HTML is made here, in order, and typeset in
    a pool of processes (WeasyPrint is single-threaded); the bytes do not depend on
    which process made them, nor on how many there are."""
    global _workers
    names = names or [doc.stem for doc in documents]
    runs = [_runs(doc, paper) for doc in documents]
    cores = os.cpu_count() or 1
    if _workers is not None and _worker_count < cores and any(len(doc_runs) > 1 for doc_runs in runs):
        # A long document's parts want every core, and the workers forked early were
        # fewer (one for one book, whose length was not known then): fork them all anew.
        _workers.shutdown(cancel_futures=True)
        _workers = None
    if _workers is None and min(sum(map(len, runs)), cores) < 2:
        out = []
        for name, doc, doc_runs in zip(names, documents, runs):
            out.append(_bound(doc, [_typeset(_html(doc, run, paper), _parted(doc, doc_runs)) for run in doc_runs],
                              paper))
            if progress:
                progress(name)
        return out
    if _workers is None:
        # Imported before the fork, WeasyPrint is inherited by every worker.
        _import_weasyprint()
        start_workers()
    pool, _workers = _workers, None
    with pool:
        return _typeset_in(pool, documents, runs, paper, lambda i: progress(names[i]) if progress else None)


def _typeset_in(pool, documents: list, runs: list[list[list]], paper: str,
                done: Callable[[int], None]) -> list[bytes]:
    """Every run of pages of every document typeset by the pool; each document's PDF
    bound from its runs' as soon as the last is done (``done`` told its index)."""
    from concurrent.futures import as_completed

    # The longest runs first: the pool ends when its last run does, so a long one
    # started last would leave the other workers idle meanwhile. Each run's HTML is
    # made here (a broken template fails before any PDF) and handed over as soon as
    # it is made, while the workers typeset the others.
    tasks = sorted(((i, j) for i, doc_runs in enumerate(runs) for j in range(len(doc_runs))),
                   key=lambda task: -len(runs[task[0]][task[1]]))
    futures = {}
    try:
        for i, j in tasks:
            html = _html(documents[i], runs[i][j], paper)
            futures[pool.submit(_typeset, html, _parted(documents[i], runs[i]))] = (i, j)
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)      # bad input: stop typesetting the others
        raise
    parts = [[None] * len(doc_runs) for doc_runs in runs]
    left = [len(doc_runs) for doc_runs in runs]
    results: list[bytes | None] = [None] * len(documents)
    for future in as_completed(futures):
        i, j = futures[future]
        parts[i][j] = future.result()
        left[i] -= 1
        if not left[i]:
            results[i] = _bound(documents[i], parts[i], paper, pool)
            done(i)
    return results
