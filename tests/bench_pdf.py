"""PDF speed, for `make bench` (or `python -m tests.bench pdf`): the seven sheet PDFs
against bare WeasyPrint on the same HTML.

Ours is the whole in-process path a user's `nests sheet --all --format pdf`
takes after start-up: content loaded, sheets built, page HTML rendered (the
vector frames included), WeasyPrint behind our URL fetcher, PDF bytes. Bare
WeasyPrint typesets the very same HTML with nothing of ours around it. Runs
alternate, so drift in the machine's load falls on both sides alike.
"""

from __future__ import annotations

from tests.bench import compare

TITLE = "Sheet PDFs (A4)"
SHEETS = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]


def _ours() -> None:
    from nests.content import load_content
    from nests.generators.sheet import sheet_documents
    from nests.publish.pdf import pdf_bytes

    for doc in sheet_documents(load_content(), SHEETS):
        pdf_bytes(doc.pages, doc.title)


def _bare(htmls: list[str]):
    import weasyprint

    from nests import paths

    base = paths.TEMPLATES.resolve().as_uri() + "/"

    def run() -> None:
        for html in htmls:
            weasyprint.HTML(string=html, base_url=base).write_pdf()

    return run


def rows():
    from nests.content import load_content
    from nests.generators.sheet import sheet_documents
    from nests.publish.pdf import pdf_html

    htmls = [pdf_html(doc.pages, doc.title) for doc in sheet_documents(load_content(), SHEETS)]
    yield compare("7 sheet PDFs, in one process", _ours, "bare WeasyPrint", _bare(htmls), rounds=3,
                  note="content to PDF vs WeasyPrint alone on the same HTML")
