"""The contents pages: one entry per heading, dot leaders, the heading's page number.

The contents sit in front of the body, so their own length decides the body's
page numbers. Entries are laid out with the numbers they would get, the pages
counted, and the numbers fixed again until the count no longer changes (a
longer number can push a long title onto a second line).
"""

from __future__ import annotations

from nests.generators.rulebook.flow import width, wrap
from nests.generators.rulebook.pages import BodyPage
from nests.text.grid import BODY_LINES as BODY, TEXT_WIDTH as TEXT

INDENT = 2             # columns per heading level
TITLE = "Contents"


def _entries(body: list[BodyPage], first: int, depth: int | None) -> list:
    items = [("text", TITLE, None, 0), ("rule", "h1", (width(TITLE), 0), 0)]
    for n, page in enumerate(body, start=first):
        for level, number, title in page.headings:
            if depth is not None and level > depth:
                continue
            if level == 1:
                items.append(("blank", "", None, 0))
            pad = " " * (INDENT * (level - 1))
            label = f"{number} {title}" if number else title
            room = TEXT - len(pad) - len(str(n)) - 4     # a space and at least two dots each side
            if width(label) > room:
                lines = wrap(label, room - 2)
                items += [("text", pad + (s if k == 0 else "  " + s), None, 0) for k, s in enumerate(lines[:-1])]
                label = "  " + lines[-1]
            items.append(("entry", pad + label, str(n), 0))
    return items


def contents_pages(body: list[BodyPage], depth: int | None = None) -> list[BodyPage]:
    """The contents pages, listing the headings down to level ``depth`` (every level
    when None); none for a book without a heading (nothing to list)."""
    if not any(page.headings for page in body):
        return []
    count = 1
    for _ in range(len(body) + 2):                       # each round only ever adds pages
        items = _entries(body, first=count + 1, depth=depth)
        pages = []
        for k in range(0, len(items), BODY):
            chunk = items[k:k + BODY]
            while chunk and chunk[0][0] == "blank":      # no blank line heading a page
                chunk = chunk[1:]
            pages.append(BodyPage("contents", chunk))
        if len(pages) <= count:                          # settled (a page to spare is harmless)
            return pages + [BodyPage("contents", [("blank", "", None, 0)]) for _ in range(count - len(pages))]
        count = len(pages)
    raise AssertionError("the contents never settled")   # unreachable: the count only grows, bounded by the body
