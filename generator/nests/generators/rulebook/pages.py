"""Pieces of body lines → pages: what goes on which page, and where each heading and anchor landed."""

from __future__ import annotations

from dataclasses import dataclass, field

from nests.generators.rulebook.flow import width
from nests.generators.rulebook.layout import BOX_INDENT, Piece
from nests.text.grid import BODY_LINES as BODY, TEXT_WIDTH as TEXT

CONTINUED = " (continued)"


@dataclass
class BodyPage:
    kind: str                  # body, sheet, fixed, contents
    items: list = field(default_factory=list)
    headings: list = field(default_factory=list)
    anchors: list = field(default_factory=list)
    source: object = None
    part: int = 0              # a sheet's page: which of its pages


def _open_boxes(items: list) -> list:
    """The boxes still open after ``items``: their top lines, outermost first."""
    stack = []
    for item in items:
        if item[0] == "box_top":
            stack.append(item)
        elif item[0] == "box_bottom" and stack:
            stack.pop()
    return stack


def _continued(title: str, depth: int) -> str:
    """A box's title where it goes on at the head of a page, said once, within its top rule."""
    base = title[:-len(CONTINUED)] if title.endswith(CONTINUED) else title
    said = base + CONTINUED if base else CONTINUED.strip(" ()")
    return said if width(said) <= TEXT - BOX_INDENT * depth - 4 else CONTINUED.strip(" ()")


def _split(items: list, room: int, keep: bool) -> tuple[list, list]:
    """The lines of a piece that fill ``room`` lines, and the rest; a box cut in
    two is closed at the foot of the page and opened again at the head of the next."""
    cut = room
    if not keep and len(items) - cut < 2 and cut > 2:
        cut = len(items) - 2          # no lone last line at the top of the next page
    while cut > 1 and cut + len(_open_boxes(items[:cut])) > room:
        cut -= 1
    stack = _open_boxes(items[:cut])
    closers = [("box_bottom", "", None, top[3]) for top in reversed(stack)]
    openers = [("box_top", _continued(top[1], top[3]), None, top[3]) for top in stack]
    return items[:cut] + closers, openers + items[cut:]


def _together(pieces: list[Piece], k: int, lines_per_page: int) -> int:
    """The lines from piece ``k`` on that must start on one page: a heading with
    the headings straight under it and the start of what they head (all of a
    piece kept whole, two lines of running text); a paragraph's first two lines."""
    need = 0
    for piece in pieces[k:]:
        if piece.kind != "flow":
            return need or 1                   # a page break or a whole page ends the run
        if not piece.items:
            continue
        if piece.with_next:
            need += len(piece.items) + (1 if need else 0)
            continue
        follow = len(piece.items) if piece.keep else min(2, len(piece.items))
        if need and need + 1 + follow > lines_per_page:
            follow = min(2, len(piece.items))  # too long to move whole: it starts under its heading
        return need + (1 if need else 0) + follow
    return need


def paginate(pieces: list[Piece], lines_per_page: int = BODY) -> list[BodyPage]:
    pages: list[BodyPage] = []
    page = BodyPage("body")
    heads = 0              # lines at the foot of the page that are headings waiting for their text

    def flush():
        nonlocal page
        if page.items:
            page.headings = [h for item in page.items for h in getattr(item, "headings", ())]
            page.anchors = [a for item in page.items for a in getattr(item, "anchors", ())]
            pages.append(page)
        page = BodyPage("body")

    for k, piece in enumerate(pieces):
        if piece.kind == "break":
            flush()
            heads = 0
            continue
        if piece.kind in ("sheet", "fixed"):
            flush()
            heads = 0
            pages += [BodyPage(piece.kind, source=piece.source, part=part) for part in range(piece.pages)]
            continue
        items = piece.items
        if not items:
            continue
        space = 1 if page.items else 0
        room = lines_per_page - len(page.items) - space
        need = _together(pieces, k, lines_per_page) if piece.with_next or heads else (
            len(items) if piece.keep else min(2, len(items)))
        if need > room and page.items and (len(page.items) > heads or room < 1):
            # a new page, and the headings at this one's foot go over with what they head
            # (unless they fill this page by themselves)
            carried = page.items[len(page.items) - heads:] if 0 < heads < len(page.items) else []
            del page.items[len(page.items) - len(carried):]
            while page.items and page.items[-1][0] == "blank":
                page.items.pop()
            while carried and carried[0][0] == "blank":
                carried.pop(0)
            flush()
            page.items, heads = carried, len(carried)
            space = 1 if carried else 0
            room = lines_per_page - len(carried) - space
        lead = len(page.items) - heads           # where the headings waiting at the foot begin
        if space:
            page.items.append(("blank", "", None, 0))
        while len(items) > room:
            here, items = _split(items, room, piece.keep)
            page.items.extend(here)
            flush()
            room, lead = lines_per_page, 0
        page.items.extend(items)
        heads = len(page.items) - lead if piece.with_next else 0
    flush()
    return pages
