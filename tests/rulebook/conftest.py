"""The rulebooks are read from ../shared/rulebook/, beside the repository (here and in CI)."""

from pathlib import Path

import pytest

from nests.book.model import Book
from nests.book.readers import read_book
from nests.generators.rulebook import typeset

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "rulebook"
NESTS = (SHARED / "nests-and-insects-1.0.0.raw.txt").resolve()


@pytest.fixture(scope="session")
def source() -> Path:
    return NESTS


@pytest.fixture(scope="session")
def book(source, content):
    return typeset(read_book(str(source)), content)


@pytest.fixture
def typeset_text(tmp_path, content):
    """Typeset a Nests raw source given as text; returns the typeset book."""
    def run(text: str, **kwargs):
        path = tmp_path / "piece.raw.txt"
        path.write_text(text, encoding="utf-8")
        return typeset(read_book(str(path)), content, **kwargs)
    return run


@pytest.fixture
def typeset_blocks(content):
    """Typeset a book built by hand from model nodes (for what the Nests markup lacks)."""
    def run(blocks: list, **kwargs):
        return typeset(Book("Hand-made", blocks, "hand.md"), content, **kwargs)
    return run


@pytest.fixture(scope="session")
def typeset_blocks_session(content):
    """As ``typeset_blocks``, for property tests (a session fixture: Hypothesis runs many examples)."""
    def run(blocks: list, **kwargs):
        return typeset(Book("Generated", blocks, "generated.md"), content, **kwargs)
    return run
