"""Every rulebook of ../shared/rulebook/, typeset: on the grid, frames closed, the
contents pointing at the page of every heading, every table cell printed in full,
no markup left, each warning once."""

from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers.common import walk
from nests.generators.rulebook import typeset
from nests.generators.rulebook.flow import words

from .checks import (check_book, check_cells, check_footnotes, check_references, contents_entries, lines_of,
                     squeezed)
from .conftest import SHARED

BOOKS = sorted(p.name for p in SHARED.iterdir() if p.is_file())


@pytest.fixture(scope="module", params=BOOKS)
def read_and_set(request, content, read_once):
    model = read_once(SHARED / request.param)
    return model, typeset(model, content)


def test_all_five_books_are_there():
    assert len(BOOKS) == 5


def test_the_book_is_on_the_grid_with_its_contents_right(read_and_set):
    _, book = read_and_set
    check_book(book)


def test_every_typeset_page_names_its_own_book_in_the_top_border(read_and_set):
    model, book = read_and_set
    name = "Nests & Insects" if model.title.startswith("Nests & Insects") else model.title
    for page in book.pages:
        if page.kind in ("body", "contents"):
            assert lines_of(page)[0].startswith(f"╔►{name}◄═"), page.number


def test_every_heading_of_the_model_is_in_the_contents(read_and_set):
    model, book = read_and_set
    headings = [n for n in walk(model.blocks) if isinstance(n, m.Heading)   # as deep as its tool lists them
                and (model.toc_depth is None or n.level <= model.toc_depth)]
    assert len(contents_entries(book)) == len(headings) > 0
    listed = [squeezed(label) for label, _ in contents_entries(book)]
    for heading, label in zip(headings, listed):
        assert label.endswith(squeezed(words(heading.title)))


def test_every_table_cell_is_printed_in_full(read_and_set):
    check_cells(*read_and_set)


def test_references_and_footnotes_print_their_pages_and_words(read_and_set):
    check_references(*read_and_set)
    check_footnotes(*read_and_set)


def test_each_warning_is_reported_once(read_and_set):
    _, book = read_and_set
    said = [str(w) for w in book.warnings]
    assert len(said) == len(set(said))
    assert all(w.source.endswith(tuple(BOOKS)) and w.line > 0 for w in book.warnings)
