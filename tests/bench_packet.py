"""The Nest packet, for `make bench` (or `python -m tests.bench packet`)."""

from __future__ import annotations

import multiprocessing
import sys
import time
from dataclasses import replace
from pathlib import Path

from tests.bench import NESTS, Process, Row, Timing, alone, compare, pdf_row, temporary

TITLE = "Nest packet, one-shot depth (seed 42, party wasp, spider, beetle, ants)"
PARTY = ["wasp", "spider", "beetle", "ants"]
MANY = 20
PDF_GOAL = 1.1          # the whole command against WeasyPrint's own start and work on the same HTML

# WeasyPrint alone, as a process of its own: its import, then the same HTML to PDF.
BARE = """
import os, sys
os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
import weasyprint
weasyprint.HTML(filename=sys.argv[1], base_url=sys.argv[2]).write_pdf(sys.argv[3])
"""


def _txt(seed: int) -> int:
    from nests.content import load_content
    from nests.generators.packet.write import packet_documents

    [document] = packet_documents(load_content(), seed, PARTY, None, False)
    return sum(len(p.text) for p in document.pages)


def _document():
    from nests.content import load_content
    from nests.generators.packet.write import packet_documents

    return packet_documents(load_content().check(), 42, PARTY, None, False, formats=("pdf",))[0]


def rows():
    from nests import paths
    from nests.content import load_content
    from nests.generators.packet.generate import build_packet
    from nests.publish.pdf import pdf_html

    content = load_content().check()
    seeds = iter(range(1, 1000))
    yield alone("generation in one process, one seed a round", lambda: build_packet(content, next(seeds), PARTY),
                rounds=20)
    with temporary() as out:
        packet = NESTS + ["packet", "--seed", "42", "--party", ",".join(PARTY), "-o", out]
        yield alone("txt + JSON, whole process", Process(packet + ["--format", "txt", "--format", "json"]),
                    note="the issue's aim: under 2 s on one core")
        document = _document()
        html = Path(out) / "packet.html"
        html.write_text(pdf_html(document.pages, document.title), encoding="utf-8")
        bare = Process([sys.executable, "-c", BARE, str(html), paths.TEMPLATES.resolve().as_uri() + "/",
                        str(Path(out) / "bare.pdf")])
        yield compare("packet PDF, whole process", Process(packet + ["--format", "pdf"]),
                      "WeasyPrint proc.", bare, rounds=5, warm_up=False, goal=PDF_GOAL,
                      note="nests packet --format pdf vs a process importing WeasyPrint and typesetting the same HTML")

    yield pdf_row("one-shot packet PDF, in one process", _document, "content", rounds=3)
    # What our PDF stage adds to WeasyPrint's work, page by page: the HTML of the
    # pages, their drawing glyphs turned to vector shapes (nests.publish.vector).
    row = alone("the packet's PDF HTML and vector shapes", lambda: pdf_html(document.pages, document.title),
                rounds=11)
    yield replace(row, note=f"{row.ours.median / len(document.pages):.1f} ms a page over {len(document.pages)} pages")

    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_txt, range(MANY))
    yield Row(f"{MANY} packets in plaintext on 2 cores, once", Timing(((time.perf_counter() - start) * 1000,)))
