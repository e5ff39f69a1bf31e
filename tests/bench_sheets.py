"""Text sheets and start-up (the sheet PDFs are in bench_pdf), for `make bench` (or `python -m tests.bench sheets`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench import NESTS, Process, Prolog, compare, temporary

TITLE = "Character sheets and start-up"


def rows():
    with temporary() as work:
        prolog = Prolog.find(Path(work))
        if prolog is None:
            yield Prolog.MISSING
        else:
            yield compare("7 text sheets, whole process", Process(NESTS + ["sheet", "--all", "-o", "-"]),
                          "swipl", prolog.sheets(), note="nests sheet --all -o - vs the author's print_charsheet")

    imports = subprocess.run([sys.executable, "-X", "importtime", "-m", "nests", "--help"],
                             capture_output=True, text=True).stderr
    yield compare("nests --help, whole process", Process(NESTS + ["--help"]), "bare python",
                  Process([sys.executable, "-c", "pass"]),
                  note="imports WeasyPrint: " + ("YES" if "weasyprint" in imports else "no"))
