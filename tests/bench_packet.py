"""Packet speed (not a test): part of `make bench` through ``main()``, or alone: `python -m tests.bench_packet`.

Self-contained (its own timing helpers), so the shared benchmark can call ``main()`` whatever shape it takes.
Figures: generation in-process; the one-shot packet's txt + JSON as a whole process (aim: under 2 s on one
core, the glance page's simulation included); its PDF in-process against bare WeasyPrint typesetting the very
same HTML, as a ratio of min and of median over ROUNDS rounds (aim: at most 1.15×).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

PARTY = ["wasp", "spider", "beetle", "ants"]
SEED = 42
ROUNDS = 5
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _ms(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _line(label: str, ours: float, reference: float | None = None, note: str = "") -> None:
    ref = f"{reference:9.1f} ms" if reference else " " * 12
    ratio = f"{ours / reference:6.2f}×" if reference else " " * 7
    print(f"  {label:<46} {ours:9.1f} ms  {ref}  {ratio}  {note}")


def _process_ms(cmd: list[str], runs: int) -> float:
    """Median wall time of a whole process, after one warm-up run."""
    times = []
    for i in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        if i:
            times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1700000000")
    import weasyprint

    from nests import paths
    from nests.content import load_content
    from nests.generators.packet.generate import build_packet
    from nests.generators.packet.write import packet_documents
    from nests.publish.pdf import html_to_pdf, pdf_html

    print(f"Nest packet, one-shot (seed {SEED}, party {', '.join(PARTY)})       ours        reference    ratio")
    content = load_content()
    build_packet(content, 0, PARTY)                      # load and validate content once
    times = [_ms(lambda s=s: build_packet(content, s, PARTY)) for s in range(1, 21)]
    _line("generation in-process, median of 20 seeds", statistics.median(times))
    with tempfile.TemporaryDirectory() as out:
        cmd = [sys.executable, "-m", "nests", "packet", "--seed", str(SEED), "--party", ",".join(PARTY), "-o", out,
               "--format", "txt", "--format", "json"]
        _line("txt + JSON, whole process (median of 5)", _process_ms(cmd, 5), 2000.0, "vs the 2 s aim")

    def ours():                                          # what `nests packet --format pdf` does
        doc = packet_documents(content, SEED, PARTY, None, formats=("pdf",))[0]
        return html_to_pdf(pdf_html(doc.pages, doc.title, "a4"))

    doc = packet_documents(content, SEED, PARTY, None)[0]
    html = pdf_html(doc.pages, doc.title, "a4")
    base = paths.TEMPLATES.resolve().as_uri() + "/"

    def bare():
        return weasyprint.HTML(string=html, base_url=base).write_pdf()

    ours(), bare()                                        # warm both: fonts, caches
    mine, theirs = [], []
    for _ in range(ROUNDS):
        mine.append(_ms(ours))
        theirs.append(_ms(bare))
    _line(f"PDF in-process, min of {ROUNDS} (vs bare WeasyPrint)", min(mine), min(theirs), "aim ≤ 1.15×")
    _line(f"PDF in-process, median of {ROUNDS}", statistics.median(mine), statistics.median(theirs), "aim ≤ 1.15×")


if __name__ == "__main__":
    main()
