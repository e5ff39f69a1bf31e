"""Character sheets and start-up, for `make bench` (or `python -m tests.bench sheets`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench import NESTS, Process, Prolog, bare_weasyprint, compare, temporary

TITLE = "Character sheets and start-up"
CLASSES = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]


def rows():
    with temporary() as work:
        prolog = Prolog.find(Path(work))
        if prolog is None:
            yield "  " + Prolog.MISSING
        else:
            yield compare("7 text sheets, whole process", Process(NESTS + ["sheet", "--all", "-o", "-"]),
                          "swipl", prolog.sheets(), note="nests sheet --all -o - vs the author's print_charsheet")

    from nests.content import load_content
    from nests.generators.sheet import sheet_documents
    from nests.publish.pdf import html_to_pdf, pdf_html

    def wasp():
        [document] = sheet_documents(load_content().check(), ["wasp"])
        return document

    def ours():
        document = wasp()
        return html_to_pdf(pdf_html(document.pages, document.title))

    document = wasp()
    yield compare("sheet PDF (wasp), in one process", ours, "bare WeasyPrint",
                  bare_weasyprint(pdf_html(document.pages, document.title)),
                  note="content to PDF vs WeasyPrint alone on the same HTML")

    imports = subprocess.run([sys.executable, "-X", "importtime", "-m", "nests", "--help"],
                             capture_output=True, text=True).stderr
    yield compare("nests --help, whole process", Process(NESTS + ["--help"]), "bare python",
                  Process([sys.executable, "-c", "pass"]),
                  note="imports WeasyPrint: " + ("YES" if "weasyprint" in imports else "no"))
