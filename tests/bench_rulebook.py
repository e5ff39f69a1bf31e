"""Rulebook speed (not a test): part of `make bench`, or alone:
`python -m tests.bench_rulebook [SOURCE…]`.

For each book of ../shared/rulebook/ that has a reader: the plaintext book as a
whole process (`nests rulebook SOURCE`), and the PDF in one process, ours
(read, lay out the whole book, render the HTML, WeasyPrint) beside bare
WeasyPrint on the same HTML. The PDF rounds print a sample of the book's first
pages, so that ≥5 rounds of every book stay within the bench's few minutes;
one more run prints the whole book, txt and PDF, as a user would.
Each figure is the min and the median of its rounds; rounds are interleaved,
so drift hits both sides alike.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "rulebook"
NESTS = [sys.executable, "-m", "nests"]
ROUNDS = 5
PDF_PAGES = 12          # pages in each PDF round


def _stats(times: list[float]) -> tuple[float, float]:
    return min(times), statistics.median(times)


def _line(label: str, ours: list[float], anchor: list[float] | None = None, note: str = "") -> None:
    o_min, o_med = _stats(ours)
    text = f"  {label:<34} {o_min:8.0f} {o_med:8.0f} ms"
    if anchor:
        a_min, a_med = _stats(anchor)
        text += f"   bare WeasyPrint {a_min:7.0f} {a_med:7.0f} ms   {o_med / a_med:5.2f}×"
    print(text + (f"  {note}" if note else ""))


def _whole_process(cmd: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}")
    return (time.perf_counter() - start) * 1000


def bench_book(source: Path, content, rounds: int = ROUNDS, pdf_pages: int = PDF_PAGES) -> None:
    from nests.generators.rulebook import rulebook_document
    from nests.publish.pdf import html_to_pdf, pdf_html

    with tempfile.TemporaryDirectory() as out:
        cmd = NESTS + ["rulebook", str(source), "-o", out]
        _whole_process(cmd)                                   # warm-up: caches a user's second run finds
        txt = [_whole_process(cmd) for _ in range(rounds)]
        both = _whole_process(cmd + ["--format", "txt", "--format", "pdf"])      # the whole book, once
    document, _ = rulebook_document(str(source), content)
    sample = document.pages[:pdf_pages]
    html = pdf_html(sample, document.title)
    html_to_pdf(html)                                         # warm up fonts for both sides

    ours, bare = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        html_to_pdf(html)
        bare.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        doc, _ = rulebook_document(str(source), content)
        html_to_pdf(pdf_html(doc.pages[:pdf_pages], doc.title))
        ours.append((time.perf_counter() - start) * 1000)
    print(f" {source.name} ({len(document.pages)} pages)")
    _line("text book, whole process", txt)
    _line(f"PDF of {len(sample)} pages, in process", ours, bare, note="ours: whole-book layout included")
    print(f"  {'txt and whole PDF, whole process':<34} {both:8.0f} ms (one round)")


def rulebooks(sources: list[Path] | None = None, rounds: int = ROUNDS) -> None:
    """The rulebook section of `make bench`."""
    from nests.build import book_sources
    from nests.content import load_content

    notes: list[str] = []
    if sources is None:
        sources, notes = book_sources(SHARED) if SHARED.is_dir() else ([], [f"{SHARED}: missing"])
    print(f"Rulebooks ({rounds} rounds each; min and median)")
    for note in notes:
        print(f"  {note}")
    content = load_content()
    for source in sources:
        bench_book(Path(source), content, rounds)


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    rulebooks([Path(a) for a in argv] if argv else None)


if __name__ == "__main__":
    main()
