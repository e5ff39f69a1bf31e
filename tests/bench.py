"""`make bench`: our speed beside anchors measured in the same run. Not a test: it asserts nothing.

The framework. Each section is a module ``tests/bench_<area>.py`` with a
``TITLE`` and a ``rows()`` generator that yields ``Row``s (or a ``str``: a
line said as it is, e.g. why some rows are skipped). A ``Row`` names its
subject and, when it has one, its anchor: the program that does the same job
(the author's Prolog generator run by swipl, bare WeasyPrint on the same HTML,
a serial build, a bare Python start-up). Both sides are timed in the same
run, ``ROUNDS`` rounds each unless the row says otherwise, interleaved so
drift on this shared machine hits both alike; a row prints the min and the
median of each side, the ratio of the medians as ``N.NN×`` and, since the
rounds come in pairs, the spread of the per-round ratios (their quartiles):
a median over few rounds can hide a loss that the spread shows. A row with
a goal (the figure an issue asks for) says whether its median ratio meets
it, and the run ends with every goal in one list.

    python -m tests.bench              # every section
    python -m tests.bench sheets build # some sections
"""

from __future__ import annotations

import importlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

ROUNDS = 7
# The command as a user runs it: the console script beside this Python (`python -m nests` otherwise).
_SCRIPT = Path(sys.executable).parent / "nests"
NESTS = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "nests"]
ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
REAL_BOOK = SHARED / "rulebook" / "nests-and-insects-1.0.0.raw.txt"
# Sections in this order; any other tests/bench_<area>.py follows, by name.
ORDER = ["sheets", "pdf", "build", "engine", "packet", "rulebook"]

# As a user runs it: Python may keep the bytecode of our modules between runs.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


@dataclass(frozen=True)
class Timing:
    """Wall times of the rounds, in ms, and the peak resident memory when known."""

    times: tuple[float, ...]
    peak_mib: float | None = None

    @property
    def min(self) -> float:
        return min(self.times)

    @property
    def median(self) -> float:
        return statistics.median(self.times)


@dataclass(frozen=True)
class Row:
    subject: str
    ours: Timing
    anchor: str | None = None          # what we are measured against, by name
    reference: Timing | None = None
    note: str = ""
    goal: float | None = None          # the ratio of medians asked for: at most this
    unit: str = "ms"                   # what the figures measure (a memory row: "MiB")

    @property
    def ratios(self) -> list[float]:
        """Our time over the anchor's, round by round (the rounds are interleaved pairs)."""
        return sorted(a / b for a, b in zip(self.ours.times, self.reference.times))

    @property
    def ratio(self) -> float:
        return self.ours.median / self.reference.median

    @property
    def met(self) -> bool:
        return self.goal is None or self.ratio <= self.goal


# -- measuring -----------------------------------------------------------------
# A small, fresh process starts each measured one and reports its time and peak
# memory: a child forked straight from this (large) process would inherit this
# process's memory high-water mark in its own figures.
_LAUNCHER = """
import resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)
"""


class Process:
    """A whole process to time: ``cmd`` run in ``cwd``."""

    def __init__(self, cmd: list[str], cwd: str | Path | None = None, check: Callable[[], None] | None = None,
                 codes: tuple[int, ...] = (0,)):
        self.cmd, self.cwd, self.check, self.codes = cmd, cwd, check, codes      # codes: the exits it may end with

    def __call__(self) -> tuple[float, int]:
        out = subprocess.run([sys.executable, "-c", _LAUNCHER, *self.cmd], capture_output=True, text=True,
                             env=ENV, cwd=self.cwd)
        seconds, maxrss, code = out.stdout.split()
        if int(code) not in self.codes:
            raise SystemExit(f"bench: failed: {' '.join(map(str, self.cmd))}")
        if self.check:
            self.check()
        return float(seconds) * 1000, int(maxrss)


def _once(subject) -> tuple[float, int | None]:
    if isinstance(subject, Process):
        return subject()
    start = time.perf_counter()
    subject()
    return (time.perf_counter() - start) * 1000, None


def measure(*subjects, rounds: int = ROUNDS, warm_up: bool = True) -> list[Timing]:
    """Time each subject (a ``Process`` or a function of no arguments) ``rounds``
    times, the subjects interleaved round by round, after one untimed warm-up
    round that fills the caches a user's second run would find."""
    times: list[list[float]] = [[] for _ in subjects]
    peaks: list[int] = [0 for _ in subjects]
    for r in range(rounds + (1 if warm_up else 0)):
        for i, subject in enumerate(subjects):
            ms, rss = _once(subject)
            if r or not warm_up:
                times[i].append(ms)
                peaks[i] = max(peaks[i], rss or 0)
    return [Timing(tuple(t), p / 1024 if p else None) for t, p in zip(times, peaks)]


def compare(subject: str, ours, anchor: str, reference, rounds: int = ROUNDS, note: str = "",
            warm_up: bool = True, goal: float | None = None) -> Row:
    """One row: ``ours`` against ``reference``, measured together. (``warm_up=False``
    for long runs whose caches earlier rows have filled.)"""
    mine, theirs = measure(ours, reference, rounds=rounds, warm_up=warm_up)
    return Row(subject, mine, anchor, theirs, note, goal)


def alone(subject: str, ours, rounds: int = ROUNDS, note: str = "", warm_up: bool = True) -> Row:
    """A row without an anchor (a figure to watch, not a comparison)."""
    return Row(subject, measure(ours, rounds=rounds, warm_up=warm_up)[0], note=note)


# -- the anchors -----------------------------------------------------------------
class Prolog:
    """The game author's generator, run headless by swipl from a writable copy
    (see ../shared/anchors/README.md). ``Prolog.find()`` is None without swipl."""

    SOURCE = SHARED / "anchors" / "nests-and-insects-codez"
    MISSING = "swipl missing: Prolog rows skipped"

    def __init__(self, swipl: str, folder: Path):
        self.swipl, self.folder = swipl, folder

    @classmethod
    def find(cls, workdir: Path) -> "Prolog | None":
        swipl = shutil.which("swipl")
        if swipl is None or not cls.SOURCE.is_dir():
            return None
        folder = workdir / "codez"
        shutil.copytree(cls.SOURCE, folder)
        for path in [folder, *folder.rglob("*")]:            # the shared copy is read-only
            path.chmod(path.stat().st_mode | 0o200)
        text = (folder / "load_project.pl").read_text(encoding="utf-8")
        headless = [line for line in text.splitlines() if "doc_browser" not in line and ":-edit_files" not in line]
        (folder / "load_headless.pl").write_text("\n".join(headless) + "\n", encoding="utf-8")
        return cls(swipl, folder)

    def goal(self, goal: str, check: Callable[[], None] | None = None) -> Process:
        return Process([self.swipl, "-q", "-t", "halt", "-g", goal, "load_headless.pl"], cwd=self.folder, check=check)

    def sheets(self) -> Process:
        classes = "ants,beetle,ladybug,scorpion,spider,wasp,template"
        process = self.goal(f"forall(member(C,[{classes}]), charsheet:print_charsheet(C))")
        printed = subprocess.run(process.cmd, cwd=self.folder, capture_output=True, text=True).stdout
        if printed.count("\n") < 300:          # seven sheets are some 344 lines
            raise SystemExit("bench: the Prolog generator printed no sheets")
        return process

    def rulebook(self, source: Path) -> Process:
        """Lays out the rulebook into output/rulebook.txt; run from elsewhere it exits 0
        having done nothing, so each run checks that the pages are there."""
        shutil.copyfile(source, self.folder / "input" / "rulebook.raw.txt")
        out = self.folder / "output" / "rulebook.txt"

        def check():
            if not out.is_file() or out.stat().st_size < 10_000:
                raise SystemExit("bench: the Prolog rulebook layout wrote no pages")
            out.unlink()

        return self.goal("layout:layout_rulebook('input/rulebook.raw.txt', 50, 'output/rulebook.txt')", check)


def bare_weasyprint(html: str) -> Callable[[], bytes]:
    """WeasyPrint alone on our HTML, with our fetcher (the fonts come from templates/)."""
    from nests.publish.pdf import html_to_pdf

    return lambda: html_to_pdf(html)


def pdf_row(subject: str, document: Callable[[], object], what: str, warm_up: bool = False,
            rounds: int = ROUNDS) -> Row:
    """Our PDF, from content to bytes in this process (``document()`` makes the
    Document afresh), against bare WeasyPrint on the HTML of that same Document."""
    from nests.publish.pdf import html_to_pdf, pdf_html

    def ours():
        made = document()
        return html_to_pdf(pdf_html(made.pages, made.title))

    made = document()
    return compare(subject, ours, "bare WeasyPrint", bare_weasyprint(pdf_html(made.pages, made.title)),
                   note=f"{what} to PDF vs WeasyPrint alone on the same HTML", warm_up=warm_up, rounds=rounds)


# -- printing ----------------------------------------------------------------------
def _span(t: Timing, unit: str = "ms") -> str:
    return f"{t.min:8.1f} {t.median:8.1f} {unit:3}"


def _quartiles(values: list[float]) -> tuple[float, float]:
    if len(values) < 4:
        return min(values), max(values)
    q1, _, q3 = statistics.quantiles(values, n=4)
    return q1, q3


def show(row: Row) -> str:
    line = f"  {row.subject:<58} {_span(row.ours, row.unit)}"
    if row.reference is not None:
        low, high = _quartiles(row.ratios)
        line += (f"  {row.anchor:<16} {_span(row.reference, row.unit)}  {row.ratio:5.2f}× "
                 f"(rounds {low:.2f}–{high:.2f}×, n={len(row.ours.times)})")
        if row.goal is not None:
            line += f" goal ≤ {row.goal:.2f}×: {'met' if row.met else 'NOT MET'}"
    else:
        line += " " * 48
    notes = [row.note] if row.note else []
    if row.ours.peak_mib:
        notes.append(f"peak {row.ours.peak_mib:.0f} MiB")
    return line + (f"   ({'; '.join(notes)})" if notes else "")


HEADER = (f"  {'subject':<58} {'min':>8} {'median':>8}      {'anchor':<16} {'min':>8} {'median':>8}      "
          "ratio of medians (quartiles of the per-round ratios)")


def sections(names: Iterable[str] = ()) -> list[str]:
    found = sorted(p.stem[len("bench_"):] for p in Path(__file__).parent.glob("bench_*.py"))
    ordered = [n for n in ORDER if n in found] + [n for n in found if n not in ORDER]
    return [n for n in ordered if not names or n in names]


GOALS: list[Row] = []        # every row with a goal, for the summary


def run_section(name: str) -> Iterator[str]:
    """The section's title (after a blank line), then its rows and lines as they come."""
    module = importlib.import_module(f"tests.bench_{name}")
    yield f"\n{module.TITLE}"
    for item in module.rows():
        if isinstance(item, Row) and item.goal is not None:
            GOALS.append(item)
        yield item if isinstance(item, str) else show(item)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    start = time.perf_counter()
    print(f"nests benchmark on {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
          f"{ROUNDS} rounds a side after a warm-up unless a row says n=…; times in ms\n")
    print(HEADER)
    for name in sections(argv):
        for line in run_section(name):
            print(line, flush=True)
    if GOALS:
        print("\nGoals (median ratio, quartiles of the rounds)")
        for row in GOALS:
            low, high = _quartiles(row.ratios)
            print(f"  {'met    ' if row.met else 'NOT MET'} {row.subject} vs {row.anchor}: {row.ratio:.2f}× "
                  f"({low:.2f}–{high:.2f}×), goal ≤ {row.goal:.2f}×")
    print(f"\nbench: {time.perf_counter() - start:.0f} s in all")


def temporary() -> tempfile.TemporaryDirectory:
    return tempfile.TemporaryDirectory(prefix="nests-bench-")


if __name__ == "__main__":
    main()
