"""Text sheets and start-up (the sheet PDFs are in bench_pdf), for `make bench` (or `python -m tests.bench sheets`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.bench import NESTS, Process, Prolog, compare, temporary

TITLE = "Character sheets and start-up"
SHEETS_GOAL = 0.8           # the seven text sheets against the author's generator
HELP_GOAL = 1.3             # `nests --help` against Python importing Click alone


def rows():
    with temporary() as work:
        prolog = Prolog.find(Path(work))
        if prolog is None:
            yield Prolog.MISSING
        else:
            yield compare("7 text sheets, whole process", Process(NESTS + ["sheet", "--all", "-o", "-"]),
                          "swipl", prolog.sheets(), rounds=15, goal=SHEETS_GOAL,
                          note="nests sheet --all -o - vs the author's print_charsheet")

    imports = subprocess.run([sys.executable, "-X", "importtime", "-m", "nests", "--help"],
                             capture_output=True, text=True).stderr
    heavy = [name for name in ("weasyprint", "jinja2", "yaml") if f" {name}\n" in imports]
    yield compare("nests --help, whole process", Process(NESTS + ["--help"]), "import click",
                  Process([sys.executable, "-c", "import click"]), rounds=21, goal=HELP_GOAL,
                  note="imports " + (", ".join(heavy) if heavy else "neither WeasyPrint, Jinja nor YAML"))
