"""`nests build`, its PDFs in a pool of processes, against the same build done serially."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.bench import NESTS, Process, compare, temporary

TITLE = "nests build (every default output)"
# The same command with the machine made to look like one core: render_pdfs then
# typesets one PDF after another in this process, as the build did before the pool.
SERIAL = "import os; os.cpu_count = lambda: 1\nfrom nests.entry import run\nrun()"
GOAL = 0.6


def rows():
    with temporary() as work:
        parallel = Process(NESTS + ["build", "-o", str(Path(work) / "parallel")])
        serial = Process([sys.executable, "-c", SERIAL, "build", "-o", str(Path(work) / "serial")])
        yield compare("nests build, PDFs in parallel, whole process", parallel, "serial build", serial,
                      rounds=3, warm_up=False, goal=GOAL)
