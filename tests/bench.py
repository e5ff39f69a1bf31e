"""`make bench`: speed and memory, side by side in one run. Not a test: it asserts nothing.

Whole-process figures are the median of several runs; peak memory is the
largest resident set of those runs.
"""

from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NESTS = [sys.executable, "-m", "nests"]
RUNS = 7


# As a user runs it: Python may keep the bytecode of our modules between runs.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


# A small, fresh process starts each measured one and reports its time and peak
# memory: a child forked straight from this (large) process would inherit this
# process's memory high-water mark in its own figures.
_LAUNCHER = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)
"""


def process(cmd: list[str], runs: int = RUNS) -> tuple[float, float]:
    """Median wall time (ms) and peak resident memory (MiB) of a whole process,
    after one warm-up run that fills the caches a user's second run would find."""
    times, peak = [], 0
    for i in range(runs + 1):
        out = subprocess.run([sys.executable, "-c", _LAUNCHER, *cmd], capture_output=True, text=True, env=ENV)
        seconds, maxrss, code = out.stdout.split()
        if code != "0":
            raise SystemExit(f"failed: {' '.join(cmd)}")
        if i:                                   # the first run only warms up
            times.append(float(seconds) * 1000)
            peak = max(peak, int(maxrss))
    return statistics.median(times), peak / 1024


def row(label: str, ours: float, reference: float | None = None, unit: str = "ms", note: str = "") -> None:
    ratio = f"{ours / reference:6.2f}×" if reference else "       "
    ref = f"{reference:9.1f} {unit}" if reference else " " * (10 + len(unit))
    print(f"  {label:<46} {ours:9.1f} {unit}  {ref}  {ratio}  {note}")


def sheets() -> None:
    print("Character sheets                                    ours        reference    ratio")
    with tempfile.TemporaryDirectory() as out:
        ms, mib = process(NESTS + ["sheet", "--all", "--format", "txt", "-o", out])
    row("(a) 7 text sheets, whole process", ms, 200.0, note=f"vs the game author's generator; peak {mib:.0f} MiB")

    # (b) in one process: our pipeline to PDF against WeasyPrint alone on the same HTML
    from nests.content import load_content
    from nests.document import Page as PdfPage
    from nests.publish.pdf import html_to_pdf, pdf_bytes, pdf_html
    from nests.generators.sheet import build_sheets

    ids = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]
    content = load_content()
    htmls = [pdf_html([PdfPage(s.text)], s.class_id) for s in build_sheets(content, ids)]
    html_to_pdf(htmls[0])                        # warm up fonts and caches for both sides

    def ours_once():
        fresh = load_content()
        for s in build_sheets(fresh, ids):
            pdf_bytes([PdfPage(s.text)], s.class_id)

    def weasy_once():
        for html in htmls:
            html_to_pdf(html)

    ours, weasy = [], []
    for _ in range(3):                           # interleaved, so drift hits both alike
        t = time.perf_counter(); weasy_once(); weasy.append((time.perf_counter() - t) * 1000)
        t = time.perf_counter(); ours_once(); ours.append((time.perf_counter() - t) * 1000)
    o, w = statistics.median(ours), statistics.median(weasy)
    row("(b) 7 PDF sheets in one process", o, w, note=f"vs WeasyPrint alone on the same HTML: overhead {100 * (o / w - 1):+.1f}%")

    ms, mib = process(NESTS + ["--help"])
    check = subprocess.run([sys.executable, "-X", "importtime", "-m", "nests", "--help"],
                           capture_output=True, text=True).stderr
    imported = "weasyprint" in check
    row("(c) nests --help, whole process", ms, note=f"peak {mib:.0f} MiB; imports WeasyPrint: {'YES' if imported else 'no'}")


def main() -> None:
    print(f"nests benchmark on {os.cpu_count()} cores, Python {sys.version.split()[0]}\n")
    sheets()
    # Each area of the project adds its own section as tests/bench_<area>.py with a main().
    for area in sorted(p.stem for p in Path(__file__).parent.glob("bench_*.py")):
        print()
        importlib.import_module(f"tests.{area}").main()


if __name__ == "__main__":
    main()
