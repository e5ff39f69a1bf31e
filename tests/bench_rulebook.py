"""Rulebook speed, for `make bench` (or `python -m tests.bench rulebook`).

For the Nests rulebook: its plaintext as a whole process against the game
author's Prolog layout run by swipl. For each book of ../shared/rulebook/ that
has a reader: the plaintext book as a whole process (`nests rulebook SOURCE`),
and the PDF in one process, ours (read, lay out the whole book, render the
HTML, WeasyPrint) beside bare WeasyPrint on the same HTML. The PDF rounds print
a sample of the book's first pages, so that the rounds of every book stay within
the bench's few minutes; for the Nests rulebook one more run prints the whole
book, txt and PDF, as a user would.

The book style (issue 30): each book of another markup set as a book, its whole PDF in
one process (read, lay out, HTML, WeasyPrint) beside bare WeasyPrint on the same HTML;
and a long book (the Markdown book of ../shared/rulebook/ over and over, made in a
temporary folder, never kept), txt and PDF as a whole process on every core, beside bare
WeasyPrint typesetting that book's HTML whole on one. Within the bench's few minutes (issue
38) the book has some 240 pages, long enough to be typeset in parts (grid.BOOK_PARTS_OVER);
issue 30's book of 900 pages and its goal of two minutes are measured with
NESTS_BENCH_LONG_PAGES=900 (a page of a long book costs more than one of a short one: the
time of 240 pages says little of 900's).
"""

from __future__ import annotations

import dataclasses
import os
import re
from pathlib import Path

from tests.bench import (NESTS, REAL_BOOK, Process, Prolog, Row, alone, bare_weasyprint, compare, measure,
                         temporary)

TITLE = "Rulebooks"
SHARED = REAL_BOOK.parent
PDF_PAGES = 12          # pages in each PDF round
GOAL = 0.8              # the Nests rulebook's plaintext against the author's layout
# The long book's pages in the book style, about: enough to be typeset in parts.
LONG_PAGES = int(os.environ.get("NESTS_BENCH_LONG_PAGES", "240"))
GOAL_PAGES = 900        # issue 30's book: its txt and PDF in LONG_SECONDS on two cores
LONG_SECONDS = 120
LONG_SOURCE = "base-rules.md"


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
                      rounds=7, goal=GOAL, note="nests rulebook --format txt vs the author's layout_rulebook")


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
    if document.print_book is not None:
        from nests.publish.pdf import render_pdfs

        html = document.print_book.body("a4")

        def styled():
            doc, _ = rulebook_document(str(source), content)
            return render_pdfs([doc], "a4")[0]

        yield compare(f"{source.name}: book style, whole PDF in one process", styled, "bare WeasyPrint",
                      bare_weasyprint(html), rounds=3,
                      note="ours: reading, the HTML, the contents and running heads bound in; the anchor the body")


def long_book():
    """The Markdown book over and over, its chapters renamed, until it makes LONG_PAGES pages and
    its text is long enough to be typeset in parts (grid.BOOK_PARTS_OVER characters)."""
    from nests.book import model as m
    from nests.generators.rulebook.layout import nodes
    from nests.generators.rulebook.printed import BookPrint
    from nests.book.readers import read_book
    from nests.text.grid import BOOK_PARTS_OVER

    text = (SHARED / LONG_SOURCE).read_text(encoding="utf-8")
    with temporary() as work:
        probe = Path(work) / "probe.md"
        probe.write_text(text, encoding="utf-8")
        from nests.publish.pdf import html_to_pdf
        from pypdf import PdfReader
        import io

        book = read_book(str(probe))
        pages = len(PdfReader(io.BytesIO(html_to_pdf(BookPrint(book).body("a4")))).pages)
    chars = sum(len(n.text) for block in book.blocks for n in nodes(block) if isinstance(n, (m.Text, m.Code)))
    copies = max(-(-LONG_PAGES // max(1, pages - 2)), BOOK_PARTS_OVER // max(1, chars) + 1)
    return "\n\n".join(re.sub(r"(?m)^(#+ .*)$", rf"\1, book {k}", text) for k in range(1, copies + 1))


def long_rows(content):
    from nests.generators.rulebook.printed import BookPrint
    from nests.book.readers import read_book

    with temporary() as work:
        source = Path(work) / "long.md"
        source.write_text(long_book(), encoding="utf-8")
        html = BookPrint(read_book(str(source))).body("a4")
        out = Path(work) / "out"
        ours = Process(NESTS + ["rulebook", str(source), "--format", "txt", "--format", "pdf", "-o", str(out)])
        row = compare(f"a book of some {LONG_PAGES} pages ({LONG_SOURCE} over and over): txt and PDF, whole process",
                      ours, "bare WeasyPrint, whole", bare_weasyprint(html), rounds=2, warm_up=False,
                      note="ours on every core, in parts; the anchor on one")
        from pypdf import PdfReader

        count = len(PdfReader(out / "long.pdf").pages)
        seconds = row.ours.median / 1000
        goal = (f"against issue 30's {LONG_SECONDS} s for {GOAL_PAGES}: {'met' if seconds <= LONG_SECONDS else 'NOT met'}"
                if count >= GOAL_PAGES else f"issue 30's {GOAL_PAGES}: NESTS_BENCH_LONG_PAGES={GOAL_PAGES}")
        yield dataclasses.replace(row, note=row.note + f"; {count} pages, median {seconds:.0f} s; {goal}")


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
    if (SHARED / LONG_SOURCE).is_file():
        yield from long_rows(content)
