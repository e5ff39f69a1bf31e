"""The fuzz suite of issue 29: every reader and every content file kind fed generated and
mutated inputs, through the command line, with issue 29's invariants checked.

Two budgets. ``make test`` runs each test on a few examples, derandomized (the same
everywhere, no database), plus every input the long runs found (tests/fuzz/found/).
``make fuzz READER=… MINUTES=…`` (``python -m tests.fuzz``) sets ``NESTS_FUZZ=long``:
the tests draw new examples, batch after batch, for as long as asked, each
failure kept in Hypothesis's database (.hypothesis/, not in git) and replayed first
on the next run."""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path

from hypothesis import HealthCheck, settings

FOUND = Path(__file__).parent / "found"


def long_run() -> bool:
    """In a long run (set by the runner before it imports the tests, after this package)."""
    return os.environ.get("NESTS_FUZZ") == "long"

BATCH = int(os.environ.get("NESTS_FUZZ_BATCH", "200"))     # examples of one long batch; the runner starts batch after batch


def budget(quick: int):
    """The settings of a fuzz test: ``quick`` examples in `make test`, a long batch in `make fuzz`.
    (No deadline of Hypothesis's own: each command is bounded by the kernel, see harness.py.)"""
    common = dict(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)
    if long_run():            # (no database: the runner keeps each failing input itself, see kept_if_failing)
        return settings(max_examples=BATCH, derandomize=False, database=None, **common)
    return settings(max_examples=quick, derandomize=True, database=None, **common)


@contextmanager
def kept_if_failing(what: str, files: dict[str, bytes], **options):
    """In a long run, the input of a failing example written where the runner picks it up
    (``NESTS_FUZZ_FOUND``): Hypothesis's last call is the smallest input that fails."""
    try:
        yield
    except AssertionError as failure:
        if long_run():
            out = Path(os.environ.get("NESTS_FUZZ_FOUND", "/tmp/fuzz-found"))
            out.mkdir(parents=True, exist_ok=True)
            key = "command" if " " in what else "reader"
            case = {key: what, **options, "why": str(failure).splitlines()[0][:300],
                    "files": {name: _text(data) for name, data in files.items()}}
            (out / "latest.json").write_text(json.dumps(case, indent=1, ensure_ascii=False), encoding="utf-8")
        raise


def _text(data: bytes):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return {"hex": data.hex()}


def found_inputs(kind: str) -> list[tuple]:
    """The inputs the long runs found, kept as tests: tests/fuzz/found/<kind>/<name>.json,
    each ``{"reader" or "command": …, "files": {name: text}, "why": …}``; a file's bytes
    that are not UTF-8 are written as ``{"hex": …}``."""
    cases = []
    for path in sorted((FOUND / kind).glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        files = {name: bytes.fromhex(data["hex"]) if isinstance(data, dict) else data.encode("utf-8")
                 for name, data in case["files"].items()}
        options = {key: case[key] for key in ("pdf", "strict") if key in case}
        cases.append((case.get("reader") or case.get("command"), path.stem, files, options))
    return cases
