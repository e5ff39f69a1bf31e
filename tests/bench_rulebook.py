"""Rulebook speed, for `make bench` (or `python -m tests.bench rulebook`).

For the Nests rulebook: its plaintext as a whole process against the game
author's Prolog layout run by swipl. For each book of ../shared/rulebook/ that
has a reader: the plaintext book as a whole process (`nests rulebook SOURCE`),
and the PDF in one process, ours (read, lay out the whole book, render the
HTML, WeasyPrint) beside bare WeasyPrint on the same HTML. The PDF rounds print
a sample of the book's first pages, so that the rounds of every book stay within
the bench's few minutes; for the Nests rulebook one more run prints the whole
book, txt and PDF, as a user would.
"""

from __future__ import annotations

from pathlib import Path

from tests.bench import (NESTS, REAL_BOOK, Process, Prolog, Row, alone, bare_weasyprint, compare, measure,
                         temporary)

TITLE = "Rulebooks"
SHARED = REAL_BOOK.parent
PDF_PAGES = 12          # pages in each PDF round
GOAL = 0.8              # the Nests rulebook's plaintext against the author's layout


def nests_against_prolog():
    if not REAL_BOOK.is_file():
        yield f"  {REAL_BOOK}: missing; the swipl row skipped"
        return
    with temporary() as work:
        prolog = Prolog.find(Path(work))
        if prolog is None:
            yield Prolog.MISSING
            return
        ours = Process(NESTS + ["rulebook", str(REAL_BOOK), "--format", "txt", "-o", str(Path(work) / "out")])
        yield compare(f"{REAL_BOOK.name}: text, whole process", ours, "swipl", prolog.rulebook(REAL_BOOK),
                      rounds=11, goal=GOAL, note="nests rulebook --format txt vs the author's layout_rulebook")


def book_rows(source: Path, content):
    from nests.generators.rulebook import rulebook_document
    from nests.publish.pdf import html_to_pdf, pdf_html

    with temporary() as out:
        text = NESTS + ["rulebook", str(source), "-o", out]
        yield alone(f"{source.name}: text, whole process", Process(text), rounds=3)
        whole = source.name == REAL_BOOK.name
        if whole:
            [both] = measure(Process(text + ["--format", "txt", "--format", "pdf"]), rounds=1, warm_up=False)
    document, _ = rulebook_document(str(source), content)
    sample = document.pages[:PDF_PAGES]

    def ours():
        doc, _ = rulebook_document(str(source), content)
        return html_to_pdf(pdf_html(doc.pages[:PDF_PAGES], doc.title))

    yield compare(f"{source.name}: PDF of {len(sample)} of {len(document.pages)} pages", ours, "bare WeasyPrint",
                  bare_weasyprint(pdf_html(sample, document.title)), rounds=3,
                  note="ours: whole-book layout included")
    if whole:
        yield Row(f"{source.name}: txt and whole PDF, whole process", both, note="one round")


def rows():
    from nests.build import book_sources
    from nests.content import load_content

    yield from nests_against_prolog()
    if not SHARED.is_dir():
        yield f"  {SHARED}: missing; the rulebook rows skipped"
        return
    sources, notes = book_sources(SHARED)
    for note in notes:
        yield f"  {note}"
    content = load_content().check()
    for source in sources:
        yield from book_rows(Path(source), content)
