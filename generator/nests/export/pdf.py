"""PDF export: the plaintext pages, typeset in a monospaced font, one per sheet of paper.

WeasyPrint is imported here and only here, so that commands which make no
PDF never pay for it. It may fetch nothing but files under our templates
folder (the font). The PDF carries fixed metadata so that the same pages
give the same bytes in every run and every process.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from nests import __version__, paths
from nests.errors import NestsError
from nests.render import render

PAPERS = {"a4": "A4", "letter": "letter"}

# fontTools stamps the subset font's modification time from this variable;
# a fixed value keeps the PDF bytes identical from run to run.
FIXED_EPOCH = "1700000000"


@dataclass
class PdfPage:
    text: str                                  # one plaintext page, 50 lines
    bookmarks: list[tuple[int, str]] = field(default_factory=list)   # (level, label)


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


def pdf_html(pages: list[PdfPage], title: str, paper: str = "a4") -> str:
    """The HTML WeasyPrint typesets: every plaintext page in a <pre>, escaped."""
    if paper not in PAPERS:
        raise NestsError(f"unknown paper {paper!r}; allowed: {', '.join(PAPERS)}")
    return render("pages.html.j2", pages=pages, title=title, paper=PAPERS[paper], version=__version__)


def pdf_bytes(pages: list[PdfPage], title: str, paper: str = "a4") -> bytes:
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
