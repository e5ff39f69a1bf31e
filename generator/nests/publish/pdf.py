"""PDF export: the plaintext pages, typeset in a monospaced font, one per sheet of paper.

WeasyPrint is imported here and only here, so that commands which make no
PDF never pay for it. It may fetch nothing but files under our templates
folder (the font). The PDF carries fixed metadata so that the same pages
give the same bytes in every run and every process.
"""

from __future__ import annotations

import os
from typing import Callable

from nests import __version__, paths
from nests.errors import NestsError
from nests.render import render

PAPERS = {"a4": "A4", "letter": "letter"}

# fontTools stamps the subset font's modification time from this variable;
# a fixed value keeps the PDF bytes identical from run to run.
FIXED_EPOCH = "1700000000"


def _fetcher_class():
    from weasyprint.urls import FatalURLFetchingError, URLFetcher

    allowed = paths.TEMPLATES.resolve().as_uri() + "/"

    class TemplatesOnly(URLFetcher):
        """Serves files from our templates folder; refuses every other address."""

        def fetch(self, url, headers=None):
            if not url.startswith(allowed) or ".." in url:
                raise FatalURLFetchingError(f"refused to fetch {url}: only our own templates may be read")
            return super().fetch(url, headers)

    return TemplatesOnly


def pdf_html(pages: list, title: str, paper: str = "a4") -> str:
    """The HTML WeasyPrint typesets: every plaintext page in a <pre>, escaped."""
    if paper not in PAPERS:
        raise NestsError(f"unknown paper {paper!r}; allowed: {', '.join(PAPERS)}")
    return render("pages.html.j2", pages=pages, title=title, paper=PAPERS[paper], version=__version__)


def pdf_bytes(pages: list, title: str, paper: str = "a4") -> bytes:
    return html_to_pdf(pdf_html(pages, title, paper))


def html_to_pdf(html: str) -> bytes:
    os.environ.setdefault("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    import weasyprint

    document = weasyprint.HTML(
        string=html,
        base_url=paths.TEMPLATES.resolve().as_uri() + "/",
        url_fetcher=_fetcher_class()(),
    )
    return document.write_pdf()


def _render_one(html: str) -> bytes:
    return html_to_pdf(html)


def render_pdfs(documents: list, paper: str, progress: Callable[[str], None] | None = None,
                names: list[str] | None = None) -> list[bytes]:
    """Each document as PDF bytes, in order. Several documents are typeset in a
    pool of processes (WeasyPrint is single-threaded); the bytes do not depend
    on which process made them."""
    names = names or [doc.stem for doc in documents]
    html = [pdf_html(doc.pages, doc.title, paper) for doc in documents]     # template errors surface here
    workers = min(len(html), os.cpu_count() or 1)
    if workers < 2:
        out = []
        for name, page_html in zip(names, html):
            out.append(html_to_pdf(page_html))
            if progress:
                progress(name)
        return out
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    os.environ.setdefault("SOURCE_DATE_EPOCH", FIXED_EPOCH)
    import weasyprint  # noqa: F401  -- imported once here, inherited by every forked worker

    results: list[bytes | None] = [None] * len(html)
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        futures = {pool.submit(_render_one, h): i for i, h in enumerate(html)}
        from concurrent.futures import as_completed

        for future in as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            if progress:
                progress(names[i])
    return results
