"""Any tree of the model typesets onto the grid: generated books of every node,
nested at random, each passing the whole-book checks."""

from hypothesis import HealthCheck, given, settings, strategies as st

from nests.book import model as m

from .checks import check_book

WORDS = st.sampled_from(["roll", "the", "d12", "Bennies", "≥", "→", "naïve", "x" * 70, "", "  ", "tab\there",
                         "wide字", "emoji🎲", "a\u00a0b", "line\nbreak"])
TEXT = st.lists(WORDS, min_size=0, max_size=12).map(" ".join)


def inlines(depth=2):
    leaf = st.one_of(
        TEXT.map(m.Text), TEXT.map(m.Code), TEXT.map(m.Math), st.builds(m.LineBreak),
        TEXT.map(m.Missing), st.just(m.FootnoteRef("f1")), st.just(m.Ref("target")), st.just(m.Ref("nowhere")),
        st.just(m.Symbol("die", "⚄")))
    if depth == 0:
        return st.lists(leaf, max_size=4)
    inner = inlines(depth - 1)
    return st.lists(st.one_of(leaf, inner.map(m.Emphasis), inner.map(m.Strong)), max_size=5)


def cells():
    return st.builds(m.Cell, inlines(1))


def tables():
    rows = st.integers(1, 9).flatmap(lambda n: st.lists(st.lists(cells(), min_size=n, max_size=n), max_size=3))
    return st.builds(m.Table, st.lists(st.lists(cells(), min_size=1, max_size=9), max_size=1), rows,
                     caption=inlines(1), numbered=st.booleans(), gap=st.one_of(st.none(), st.integers(1, 8)))


def blocks(depth=2):
    leaf = st.one_of(
        st.builds(m.Heading, st.integers(1, 8), inlines(1), numbered=st.booleans()),
        st.builds(m.Paragraph, inlines()), tables(),
        st.builds(m.Verbatim, st.lists(TEXT, max_size=6)), TEXT.map(m.Formula),
        st.builds(m.Figure, inlines(1), alt=TEXT, numbered=st.booleans(), lines=st.lists(TEXT, max_size=3)),
        TEXT.map(m.Missing), st.builds(m.PageBreak),
        st.sampled_from(["wasp", "malleus-deum", ""]).map(m.SheetPlaceholder),
        st.builds(m.Heading, st.just(2), inlines(0), anchor=st.just("target")))
    if depth == 0:
        return leaf
    inner = st.lists(blocks(depth - 1), max_size=3)
    return st.one_of(
        leaf,
        st.builds(m.ListBlock, st.booleans(), st.lists(st.builds(m.ListItem, inner), max_size=4),
                  start=st.integers(0, 120)),
        st.builds(m.DefinitionList, st.lists(st.builds(m.Definition, inlines(1), inner), max_size=3)),
        st.builds(m.Box, st.sampled_from(["note", "example", "box"]), inlines(1), inner, numbered=st.booleans()),
        st.builds(m.Footnote, st.just("f1"), inner))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(blocks(), max_size=6))
def test_any_book_lands_on_the_grid(typeset_blocks_session, tree):
    check_book(typeset_blocks_session(tree))
