"""The typeset rulebook, for `make bench` (or `python -m tests.bench rulebook`)."""

from __future__ import annotations

from pathlib import Path

from tests.bench import NESTS, REAL_BOOK, Process, Prolog, compare, pdf_row, temporary

TITLE = f"Rulebook ({REAL_BOOK.name})"


def rows():
    if not REAL_BOOK.is_file():
        yield f"  rulebook source missing ({REAL_BOOK}): rulebook rows skipped"
        return
    with temporary() as work:
        prolog = Prolog.find(Path(work))
        if prolog is None:
            yield Prolog.MISSING
        else:
            ours = Process(NESTS + ["rulebook", str(REAL_BOOK), "--format", "txt", "-o", str(Path(work) / "out")])
            yield compare("rulebook text, whole process", ours, "swipl", prolog.rulebook(REAL_BOOK),
                          note="nests rulebook --format txt vs the author's layout_rulebook")

    from nests.content import load_content
    from nests.generators.rulebook import rulebook_document

    def book():
        return rulebook_document(REAL_BOOK, load_content().check())[0]

    yield pdf_row("rulebook PDF, in one process", book, "source")
