"""How the packet fills its pages (issue 28, point 5): blocks flow on to the free space the one
before left, a page but the last of a part is at least half full, and a block splits only where
it must."""

import pytest

from nests.generators.packet.pages import Flow, PacketLayout, packet_pages
from nests.generators.sheet import FULL, Look

SEEDS = range(1, 31)


def _parts(laid):
    """The runs of pages that make one part: a new part name starts one, and so does each party
    member's sheet (each starts on a page of its own, under the same part name)."""
    runs = []
    for page in laid:
        if not runs or page.part != runs[-1][-1].part or (page.part == "Character Sheet" and page.bookmarks):
            runs.append([])
        runs[-1].append(page)
    return runs


@pytest.mark.parametrize("look", [FULL, Look(60)], ids=["94", "60"])
def test_every_page_but_the_last_of_a_part_is_at_least_half_full(content, packet_of, look):
    """Issue 28, point 5: no page but the last of a part is less than half full, at the print
    width and on a narrower page (where Room keys and stat blocks run longer)."""
    for seed in SEEDS:
        packet = packet_of(seed)
        body = PacketLayout(packet, look).body
        for run in _parts(packet_pages(content, packet, look).pages):
            for page in run[:-1]:
                assert 2 * len(page.lines) >= body, (seed, page.part, len(page.lines), body)


@pytest.mark.parametrize("columns", [70, 66])
def test_the_how_to_never_leaves_a_few_lines_on_a_page_of_their_own(content, packet_of, columns):
    """On a booklet's page (70 columns on A5, 66 on half-Letter) the How-to runs a few lines over its
    page: the glance takes up the rest of that page rather than leaving them alone on it."""
    look = Look(columns)
    for seed in range(1, 11):
        packet = packet_of(seed)
        body = PacketLayout(packet, look).body
        howto = [p for p in packet_pages(content, packet, look).pages if p.part == "How to Run"]
        assert len(howto) == 1 or 2 * len(howto[-1].lines) >= body, (seed, [len(p.lines) for p in howto], body)


class _Lay:
    """A layout of ``body`` lines a page, for Flow alone."""
    def __init__(self, body):
        self.body = body


def _block(name, *sizes):
    return [[f"{name}{n}.{i}" for i in range(size)] for n, size in enumerate(sizes)]


def _breaks():
    return [["close"], ["reopen"]]


def test_a_block_flows_on_to_the_free_space_of_the_page_before():
    flow = Flow(_Lay(20), "Room Keys")
    flow.add(_block("a", 6, 5), breaks=_breaks)
    flow.add(_block("b", 4, 4), breaks=_breaks)
    assert [len(p.lines) for p in flow.pages] == [19]


def test_a_block_that_fits_a_page_moves_whole_past_a_page_two_thirds_full():
    flow = Flow(_Lay(20), "Room Keys")
    flow.add(_block("a", 14), breaks=_breaks)
    flow.add(_block("b", 6, 6), breaks=_breaks)
    assert [p.lines for p in flow.pages] == [_block("a", 14)[0], [*_block("b", 6, 6)[0], *_block("b", 6, 6)[1]]]


def test_a_page_a_third_free_takes_the_first_pieces_of_the_next_block():
    flow = Flow(_Lay(20), "Room Keys")
    flow.add(_block("a", 10), breaks=_breaks)
    flow.add(_block("b", 6, 6), breaks=_breaks)
    first, second = flow.pages
    assert first.lines[-1] == "close" and first.lines[:10] == _block("a", 10)[0] and len(first.lines) == 10 + 6 + 1


def test_a_page_left_under_half_full_takes_the_first_pieces_of_the_next_block():
    flow = Flow(_Lay(20), "Room Keys")
    flow.add(_block("a", 6), breaks=_breaks)
    flow.add(_block("b", 5, 5, 5), breaks=_breaks)
    first, second = flow.pages
    assert first.lines[-1] == "close" and len(first.lines) == 6 + 10 + 1
    assert second.lines[0] == "reopen" and second.lines[1:] == _block("b", 5, 5, 5)[2]


def test_a_block_without_breaks_never_splits_to_fill_a_page():
    flow = Flow(_Lay(20), "The Nest at a Glance")
    flow.add(_block("a", 6))
    flow.add(_block("map", 5, 5, 5))
    assert [len(p.lines) for p in flow.pages] == [6, 15]


def test_pack_fills_the_space_left_with_the_longest_later_block_that_fits_keeping_the_others_in_order():
    flow = Flow(_Lay(20), "Stat Blocks")
    sizes = (("E1", 12), ("E2", 12), ("E3", 6), ("E4", 8), ("E5", 3))
    flow.pack([(_block(name, size), (2, name), [name]) for name, size in sizes])
    assert [p.codes for p in flow.pages] == [["E1", "E4"], ["E2", "E3"], ["E5"]]
    assert [len(p.lines) for p in flow.pages] == [20, 18, 3]
