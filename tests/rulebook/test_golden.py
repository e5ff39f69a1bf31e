"""The Nests rulebook, typeset, holds its golden bytes (page by page; see golden.py)."""

from tests.rulebook import golden


def test_the_nests_rulebook_holds_its_golden():
    pages = golden.book_pages()
    expected = golden.GOLDEN.read_text(encoding="utf-8")
    actual = golden.digests(pages)
    if actual != expected:
        want = expected.splitlines()
        got = actual.splitlines()
        changed = [n for n, (a, b) in enumerate(zip(got[1:], want[1:]), 1) if a != b]
        first = changed[0] if changed else min(len(got), len(want))
        shown = pages[first - 1] if first - 1 < len(pages) else ""
        raise AssertionError(f"{len(pages)} pages (golden: {len(want) - 1}); pages changed: {changed[:20]}; "
                             f"page {first} now reads:\n{shown}\nIf deliberate: make golden")
