"""Rulebook speed and memory (not a test); part of `make bench`, or alone:
`python -m tests.bench_rulebook [SOURCE]`."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.bench import NESTS, process, row
from tests.rulebook.conftest import book_source


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    source = Path(argv[0]) if argv else book_source()
    print(f"Rulebook ({source.name})")
    with tempfile.TemporaryDirectory() as out:
        ms, mib = process(NESTS + ["rulebook", str(source), "-o", out])
        row("plaintext layout, whole process", ms, 315.0, note=f"vs the game author's program; peak {mib:.0f} MiB")
        ms, mib = process(NESTS + ["rulebook", str(source), "--format", "pdf", "-o", out], runs=1)
        row("PDF, whole process", ms, note=f"peak {mib:.0f} MiB")


if __name__ == "__main__":
    main()
