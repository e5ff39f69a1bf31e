"""Work done ahead on the other core (nests.ahead) changes no byte of a book.

A typeset book draws the character sheets it asks for in a forked child while it
lays out its text, counting each sheet as one page meanwhile, and (a long book) renders half its
text pages in another child. The same book made without a second core (everything
in turn, in this process) must be the very same pages.
"""

import os
from pathlib import Path

from nests.ahead import Ahead
from nests.errors import NestsError
import nests.generators.rulebook
from nests.generators.rulebook import typeset

SMALL_BOOK = Path(__file__).parent / "fixtures" / "small-book.raw.txt"


def test_the_child_is_another_process_and_its_value_comes_back():
    assert Ahead(os.getpid).result() != os.getpid()
    assert Ahead(sorted, [3, 1, 2]).result() == [1, 2, 3]


def test_a_failure_ahead_is_raised_here(content):
    from nests.generators.rulebook.sheets import _draw

    made = Ahead(_draw, content, ["no-such-sheet"])
    try:
        made.result()
    except NestsError as err:
        assert "no-such-sheet" in str(err)
    else:
        raise AssertionError("a sheet that does not exist was drawn")


def test_a_book_typeset_ahead_is_the_book_typeset_in_turn(content, monkeypatch):
    # base-rules takes two pages: the layout counted one, so the book is laid out again
    sheets = ["base-rules", "wasp", "malleus-deum"]
    monkeypatch.setattr(nests.generators.rulebook, "AHEAD_PAGES", 1)     # its few text pages split too
    ahead = typeset(SMALL_BOOK, content, sheets)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    in_turn = typeset(SMALL_BOOK, content, sheets)
    assert [(p.kind, p.number, p.text) for p in ahead.pages] == [(p.kind, p.number, p.text) for p in in_turn.pages]
    # the book's own beetle and template, then base-rules (2 pages), wasp, malleus-deum (2 pages)
    assert sum(p.kind == "sheet" for p in ahead.pages) == 7
