"""The long fuzz run: ``python -m tests.fuzz TARGET MINUTES`` (``make fuzz READER=… MINUTES=…``).

TARGET is a reader (nests, md, rst, sphinx, latex, xml, docbook; rst runs its Sphinx
projects too, batch about batch) or ``content`` (every
content file kind, a character's state, a printed sheet read back). Batches of new
random examples run until MINUTES have passed; a line per batch says how far it is.
Each failure's smallest input is written to NESTS_FUZZ_FOUND (/tmp/fuzz-found) as a
tests/fuzz/found/ file, to be fixed and kept there as a test; the run goes on, and
ends with exit 1 if anything failed. Run it at low priority: ``nice -n 15``."""

from __future__ import annotations

import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ["NESTS_FUZZ"] = "long"          # before the tests are imported: their budgets read it


def preload() -> None:
    """What every command imports, imported once here: each example's child is forked with it
    (as the tests' processes have it), and the run keeps the code it started with."""
    import importlib

    import nests.cli  # noqa: F401
    import nests.generators.rulebook  # noqa: F401
    import weasyprint  # noqa: F401
    from nests.book.readers import READERS

    for module, _ in READERS.values():
        importlib.import_module(module)


def main(target: str, minutes: float) -> int:
    from tests.fuzz import harness, test_content, test_readers

    preload()

    root = Path(tempfile.mkdtemp(prefix=f"nests-fuzz-{target}-"))
    if target == "content":
        shelf = test_content.content_shelf(root)
        tests = [lambda: test_content.test_a_fuzzed_content_file_is_used_or_refused_in_one_line(shelf=shelf),
                 lambda: test_content.test_a_fuzzed_character_state_is_printed_or_refused_in_one_line(shelf=shelf),
                 lambda: test_content.test_a_fuzzed_printed_sheet_is_read_back_or_refused_in_one_line(shelf=shelf)]
    elif target in test_readers.READERS:
        shelf = harness.Shelf(root)
        # the rST reader's run takes its Sphinx projects too, batch about batch
        readers = ["rst", "sphinx"] if target == "rst" else [target]
        tests = [lambda reader=reader: test_readers.test_a_fuzzed_book_is_typeset_or_refused_in_one_line(
            shelf=shelf, reader=reader) for reader in readers]
        if target in test_readers.FIGURE_BOOKS:           # and, batch about batch, its PDF figures
            tests.append(lambda: test_readers.test_a_fuzzed_pdf_figure_is_printed_or_refused_in_one_line(
                shelf=shelf, reader=target))
    else:
        print(f"unknown target {target!r}; give one of: {', '.join(test_readers.READERS)}, content", file=sys.stderr)
        return 2
    found = Path(os.environ.get("NESTS_FUZZ_FOUND", "/tmp/fuzz-found"))
    start, batch, failures = time.monotonic(), 0, []
    cpu_start = time.process_time()
    while time.monotonic() - start < minutes * 60:
        test = tests[batch % len(tests)]
        batch += 1
        try:
            test()
        except Exception as failure:                     # noqa: BLE001  (a failing example: reported, kept, the run goes on)
            first = str(failure).splitlines()[0][:300] if str(failure) else type(failure).__name__
            failures.append(first)
            latest = found / "latest.json"
            kept = found / f"{target}-{len(failures)}.json"
            if latest.exists():
                latest.rename(kept)
            print(f"FAILURE {len(failures)} (kept in {kept}): {first}", flush=True)
            traceback.print_exc(limit=3)
        counted = harness.COUNTED
        print(f"{(time.monotonic() - start) / 60:6.1f} min  batch {batch}  examples "
              f"{sum(counted.examples.values())}  pdfs {sum(counted.pdfs.values())}  "
              f"child CPU {sum(counted.cpu.values()) / 60:.1f} min  failures {len(failures)}", flush=True)
    counted = harness.COUNTED
    cpu = sum(counted.cpu.values()) + time.process_time() - cpu_start
    print(f"DONE {target}: {(time.monotonic() - start) / 60:.1f} wall min, {cpu / 60:.1f} CPU min "
          f"(commands and the runner), {sum(counted.examples.values())} examples "
          f"({', '.join(f'{k} {v}' for k, v in sorted(counted.examples.items()))}), "
          f"{sum(counted.pdfs.values())} with a PDF, {len(failures)} failures", flush=True)
    for i, first in enumerate(failures, 1):
        print(f"  {i}: {first}")
    shelf.close()
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1], float(sys.argv[2])))
