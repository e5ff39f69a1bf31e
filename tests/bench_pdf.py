"""PDF speed (not a test): the seven sheet PDFs against bare WeasyPrint on the same HTML.

Part of `make bench`, or alone: `python -m tests.bench_pdf`. ``rows()`` returns
the figures for a bench framework to print; ``main()`` prints them itself.

Ours is the whole in-process path a user's `nests sheet --all --format pdf`
takes after start-up: content loaded, sheets built, page HTML rendered (the
vector frames included), WeasyPrint behind our URL fetcher, PDF bytes. Bare
WeasyPrint typesets the very same HTML with nothing of ours around it. Runs
alternate, so drift in the machine's load falls on both sides alike.
"""

from __future__ import annotations

import statistics
import time

RUNS = 5
SHEETS = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]


def _ours() -> None:
    from nests.content import load_content
    from nests.generators.sheet import sheet_documents
    from nests.publish.pdf import pdf_bytes

    for doc in sheet_documents(load_content(), SHEETS):
        pdf_bytes(doc.pages, doc.title)


def _bare(htmls: list[str]) -> None:
    import weasyprint

    from nests import paths

    base = paths.TEMPLATES.resolve().as_uri() + "/"
    for html in htmls:
        weasyprint.HTML(string=html, base_url=base).write_pdf()


def _timed(work) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1000


def rows() -> list[dict]:
    """Each figure as a row: label, ours and reference (ms), the ratio and a note."""
    from nests.content import load_content
    from nests.generators.sheet import sheet_documents
    from nests.publish.pdf import html_to_pdf, pdf_html

    htmls = [pdf_html(doc.pages, doc.title) for doc in sheet_documents(load_content(), SHEETS)]
    html_to_pdf(htmls[0])                                      # fonts and caches warm for both sides
    ours, bare = [], []
    for _ in range(RUNS):
        bare.append(_timed(lambda: _bare(htmls)))
        ours.append(_timed(_ours))
    low = min(ours) / min(bare)
    middle = statistics.median(ours) / statistics.median(bare)
    return [
        {"label": "7 sheet PDFs in one process, min", "ours": min(ours), "reference": min(bare),
         "ratio": low, "note": "vs bare WeasyPrint on the same HTML"},
        {"label": "7 sheet PDFs in one process, median", "ours": statistics.median(ours),
         "reference": statistics.median(bare), "ratio": middle,
         "note": f"vs bare WeasyPrint on the same HTML, {RUNS} runs each"},
    ]


def main() -> None:
    print("Sheet PDFs (A4)                                     ours        reference    ratio")
    for r in rows():
        print(f"  {r['label']:<46} {r['ours']:9.1f} ms  {r['reference']:9.1f} ms  {r['ratio']:6.2f}×  {r['note']}")


if __name__ == "__main__":
    main()
