from pathlib import Path

import os

import pytest

from nests.generators.rulebook import typeset

HERE = Path(__file__).parent
REAL = HERE.parents[1] / ".." / "shared" / "rulebook" / "nests-and-insects-1.0.0.raw.txt"
SMALL = HERE / "fixtures" / "small-book.raw.txt"


def book_source() -> Path:
    """The real rulebook when it sits beside the repository, else our small stand-in book.

    Either way the book tests run: they never skip for want of the real source.
    """
    if REAL.is_file() and not os.environ.get("NESTS_TEST_STANDIN"):    # set it to test the stand-in path
        return REAL.resolve()
    return SMALL


@pytest.fixture(scope="session")
def source() -> Path:
    return book_source()


@pytest.fixture(scope="session")
def book(source, content):
    return typeset(source, content)


@pytest.fixture
def typeset_text(tmp_path, content):
    """Typeset a source given as text; returns the Book."""
    def run(text: str):
        path = tmp_path / "piece.raw.txt"
        path.write_text(text, encoding="utf-8")
        return typeset(path, content)
    return run
