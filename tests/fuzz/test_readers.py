"""Every reader fuzzed through `nests rulebook` (issue 29, point 7).

Each example is a book's folder: a main file made of pieces of its markup or a
real source mutated (tests/fuzz/markup.py), the files it may name, and links
that lead out of it; `nests rulebook` typesets it as its user would run it
(tests/fuzz/harness.py), now and then to a PDF too, and issue 29's invariants
are checked on what it did: exit 0 or 2, no traceback, every error line bounded
and naming the book's file, bounded CPU time and memory, no byte of a file
outside the book in any output, no request to the network.

`make test` runs a few examples of each (and every input kept in tests/fuzz/found/);
`make fuzz READER=latex MINUTES=30` runs one reader for as long as asked
(tests/fuzz/__main__.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import budget, found_inputs, kept_if_failing
from tests.fuzz.harness import COUNTED, Shelf, check, run_nests
from tests.fuzz.markup import MAIN, book_files, pdf_figure_files

READERS = ["nests", "md", "rst", "sphinx", "latex", "xml", "docbook"]
FROM = {"sphinx": "rst"}               # a Sphinx project is read by the rST reader, from its index.rst


@pytest.fixture(scope="module")
def shelf(tmp_path_factory):
    shelf = Shelf(tmp_path_factory.mktemp("fuzz-shelf"))
    yield shelf
    shelf.close()


def typeset(shelf: Shelf, reader: str, files: dict[str, bytes], pdf: bool = False, strict: bool = False) -> None:
    """The book of ``files`` typeset by `nests rulebook`; the invariants checked."""
    for name, value in shelf.doors().items():
        files = {f: data.replace(b"{%s}" % name.encode(), value.encode()) for f, data in files.items()}
    shelf.fill(files)
    args = ["rulebook", f"book/{MAIN[reader]}", "--from", FROM.get(reader, reader), "-o", "out",
            "--format", "txt"] + (["--format", "pdf"] if pdf else []) + (["--strict"] if strict else [])
    run = run_nests(args, shelf.root, shelf.out)
    COUNTED.add(reader, run, pdf)
    with kept_if_failing(reader, files, pdf=pdf, strict=strict):
        check(run, ("book/",), shelf)
        assert not (shelf.root / "ran").exists(), "conf.py was run"
        if run.code == 0:
            assert any(name.endswith(".txt") for name in run.outputs), f"exit 0 and no book written: {run.said()}"


@pytest.mark.parametrize("reader", READERS)
@budget(8)
@given(files=st.data())
def test_a_fuzzed_book_is_typeset_or_refused_in_one_line(shelf, reader, files):
    book = files.draw(book_files(reader), label="book")
    # one in 25 makes a PDF (slow); a middle value, as Hypothesis favours the ends and shrinks to 0
    pdf = files.draw(st.integers(0, 24), label="pdf share") == 12
    strict = files.draw(st.integers(0, 5), label="strict") == 3
    typeset(shelf, reader, book, pdf, strict)


# A book of one figure whose PDF is fuzzed (issue 30): PDFium reads it, in its own bounded process.
FIGURE_BOOKS = {"latex": "\\documentclass{book}\n\\begin{document}\n\\chapter{C}\n\\begin{figure}\n"
                         "\\includegraphics{figs/fig}\n\\caption{c}\n\\end{figure}\n\\end{document}\n",
                "md": "# B\n\n![fig](figs/fig.pdf)\n"}


@pytest.mark.parametrize("reader", sorted(FIGURE_BOOKS))
@budget(6)
@given(files=st.data())
def test_a_fuzzed_pdf_figure_is_printed_or_refused_in_one_line(shelf, reader, files):
    figure = files.draw(pdf_figure_files(), label="figure")
    pdf = files.draw(st.integers(0, 4), label="pdf share") == 2
    strict = files.draw(st.integers(0, 5), label="strict") == 3
    typeset(shelf, reader, {MAIN[reader]: FIGURE_BOOKS[reader].encode(), "figs/fig.pdf": figure}, pdf, strict)


@pytest.mark.parametrize("reader,name,files,options", found_inputs("readers"),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_what_the_long_runs_found_stays_fixed(shelf, reader, name, files, options):
    typeset(shelf, reader, files, **options)
