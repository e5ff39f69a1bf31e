"""Rulebook speed, printed (not a test): `python -m tests.bench_rulebook [SOURCE]`.

Plaintext: the whole `nests rulebook SOURCE -o DIR` as a fresh process, best
and median of several runs (the author's own program takes about 315 ms).
PDF: one run of the same with --format pdf.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.rulebook.conftest import book_source


def _run(args: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "nests", "rulebook", *args], check=True, capture_output=True)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    source = Path(argv[0]) if argv else book_source()
    with tempfile.TemporaryDirectory() as out:
        _run([str(source), "-o", out])                     # warm the file cache
        runs = [_run([str(source), "-o", out]) for _ in range(7)]
        pages = (Path(out) / next(p.name for p in Path(out).iterdir())).read_text(encoding="utf-8").count("\n") // 50
        print(f"rulebook txt  {source.name}: {pages} pages, best {min(runs) * 1000:.0f} ms, "
              f"median {statistics.median(runs) * 1000:.0f} ms (process, 7 runs)")
        pdf = _run([str(source), "--format", "pdf", "-o", out])
        print(f"rulebook pdf  {source.name}: {pdf * 1000:.0f} ms (process, 1 run)")


if __name__ == "__main__":
    main()
