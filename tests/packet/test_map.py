"""Issue 28, point 4: the map of the Nest, drawn (the PDF's page and --format svg, one template)
and as a text diagram (the txt at any --width, and --ascii).

The rulebook's Nest (3.7, "The Nest environment"): Levels lie one under the next, each deeper
one closer to the Job's target at 100% (the Heart); Shafts lead from a Level to the next, and a
Shortcut is a tunnel from the current Level to one closer to the centre. The packet plays a
Level without a Room key in its band's keyed Room (ruling packet-spare-rooms)."""

import dataclasses
import html
import re

import pytest
from lxml import etree

from nests.generators.packet.pages import PacketLayout, map_svg, packet_pages, stand_in
from nests.generators.sheet import Look
from nests.publish.txt import join_pages
from nests.text import grid
from tests.frames import check_width

SEEDS = range(1, 25)
FULL = (7, 15, 27)                    # full depth: two Rooms a Level, several Shortcuts
PARTY = ("wasp", "spider", "beetle")
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def laid(content, packet_of):
    """(seed, depth) → (packet, its print layout)."""
    out = {}
    for seed in SEEDS:
        out[seed, "oneshot"] = packet_of(seed, PARTY), packet_pages(content, packet_of(seed, PARTY))
    for seed in FULL:
        packet = packet_of(seed, PARTY, "full")
        out[seed, "full"] = packet, packet_pages(content, packet)
    return out


CASES = [(s, "oneshot") for s in SEEDS] + [(s, "full") for s in FULL]


def shortcuts(packet) -> set[tuple[int, int]]:
    return {(lv.number, e.to_level) for lv in packet.levels for r in lv.rooms for _, e in r.shortcuts()}


def map_page(paged):
    return next(p for p in paged.pages if (1, "Map of the Nest") in p.bookmarks)


def chambers(svg: str) -> list[tuple[str, float, str]]:
    """The drawing's chambers (not the legend's), top to bottom: (kind, centre y, the text in it)."""
    root = etree.fromstring(svg.encode())
    nest = root.find(f"{SVG}g[@class='nest']")
    out = []
    for e in nest.iter(f"{SVG}ellipse"):
        text = e.getnext()
        assert text.tag == f"{SVG}text"
        out.append((e.get("class"), float(e.get("cy")), "".join(text.itertext())))
    return out


@pytest.mark.parametrize("seed,depth", CASES)
def test_every_level_once_in_depth_order_with_its_rooms_and_pages(laid, seed, depth):
    """Each Level a chamber, in the order of the chain, deeper ones lower; the Heart the last; a
    keyed Level labelled with each Room's code, name and page; a Level without a key with the Room
    it plays and that Room's page (the page that holds that Room's key)."""
    packet, paged = laid[seed, depth]
    svg = map_page(paged).drawing.svg
    drawn = chambers(svg)
    assert [t for _, _, t in drawn] == [f"L{lv.number} {lv.rating}%" for lv in packet.levels]
    ys = [y for _, y, _ in drawn]
    assert ys == sorted(ys) and len(set(ys)) == len(ys)
    assert [k for k, _, _ in drawn] == ["heart" if lv.heart else "keyed" if lv.rooms else "played"
                                        for lv in packet.levels]
    # (a label is SVG text: a Room's name with an apostrophe stands there as &#39;)
    labels = [html.unescape(re.sub(r"<[^>]+>", "", m)) for m in re.findall(r'<text x="[\d.]+" y="[\d.]+" font-size="[\d.]+"[^>]*>(.*?)</text>',
                                                             svg, re.S)]
    texts = {p.text for p in paged.pages}
    for lv, label in zip(packet.levels, labels):
        if lv.rooms:
            assert label.strip() == ("The Heart: " if lv.heart else "") + " · ".join(
                f"{r.id} {r.name} p.{paged.numbers[r.id]}" for r in lv.rooms)
        else:
            room = stand_in(packet, lv)
            assert label.strip() == f"→ plays {room.id} {room.name} p.{paged.numbers[room.id]}"
            page = paged.pages[paged.numbers[room.id] - 1].text
            assert f"[Room {room.id} · {room.name}]" in page and page in texts


@pytest.mark.parametrize("seed,depth", CASES)
def test_every_shortcut_is_a_tunnel_from_its_level_to_the_deeper_one(laid, seed, depth):
    packet, paged = laid[seed, depth]
    svg = map_page(paged).drawing.svg
    y = {lv.number: cy for lv, (_, cy, _) in zip(packet.levels, chambers(svg))}
    root = etree.fromstring(svg.encode())
    paths = root.find(f"{SVG}g[@class='nest']").findall(f"{SVG}path[@class='shortcut']")
    ends = set()
    for p in paths:
        numbers = [float(n) for n in re.findall(r"-?[\d.]+", p.get("d"))]
        ends.add((numbers[1], numbers[-1]))
    wanted = shortcuts(packet)
    assert all(b > a for a, b in wanted)              # closer to the centre: deeper
    assert ends == {(y[a], y[b]) for a, b in wanted}
    assert len(paths) == 2 * len(wanted)              # each tunnel once (its bed and its line)


@pytest.mark.parametrize("seed,depth", CASES + [(15, "blank")])
def test_the_legend_shows_exactly_the_symbols_drawn(content, laid, packet_of, seed, depth):
    """Every kind of symbol in the drawing is in the legend, and the legend has no other; the same
    for the text diagram's marks."""
    if depth == "blank":
        svg = map_svg(packet_of(seed, PARTY), {}, blank=True)
    else:
        svg = map_page(laid[seed, depth][1]).drawing.svg
    root = etree.fromstring(svg.encode())

    def kinds(group):
        return {e.get("class") for e in root.find(f"{SVG}g[@class='{group}']").iterdescendants() if e.get("class")}

    assert kinds("nest") == kinds("legend") and "heart" in kinds("nest") and "shaft" in kinds("nest")
    if depth != "blank":
        packet, paged = laid[seed, depth]
        assert ("shortcut" in kinds("nest")) == bool(shortcuts(packet))
        lines = [line[2:-3] for line in map_page(paged).text.split("\n")[2:-3]]
        start = next(i for i, line in enumerate(lines) if "▲ Outside:" in line)
        legend, diagram = "\n".join(lines[:start]), "\n".join(lines[start:])
        for mark in "▲●○♥┃╭╰►┆":
            assert (mark in legend) == (mark in diagram), mark


@pytest.mark.parametrize("seed,depth", [(1, "oneshot"), (7, "full"), (5, "oneshot")])
def test_the_drawing_fills_its_page(content, laid, packet_of, seed, depth):
    """The drawing covers every body line under the map's heading, its picture in the shape of
    that rectangle of the printed page, the Levels spread from the top quarter to the bottom one."""
    if (seed, depth) not in laid:
        laid[seed, depth] = packet_of(seed, PARTY, depth), packet_pages(content, packet_of(seed, PARTY, depth))
    packet, paged = laid[seed, depth]
    page = map_page(paged)
    body = PacketLayout(packet).body
    d = page.drawing
    assert (d.first_line, d.lines, d.columns) == (2, body - 1, grid.TEXT_WIDTH)
    root = etree.fromstring(d.svg.encode())
    _, _, w, h = (float(n) for n in root.get("viewBox").split())
    assert w / h == pytest.approx(d.columns * grid.COLUMN_MM / (d.lines * grid.LINE_MM), rel=0.01)
    ys = [y for _, y, _ in chambers(d.svg)]
    legend_top = float(root.find(f"{SVG}g[@class='legend']").find(f"{SVG}rect").get("y"))
    assert ys[0] < 0.3 * h and ys[-1] > 0.75 * legend_top and legend_top > 0.8 * h


def test_two_levels_and_the_full_depth_draw_too(content, packet_of):
    """From the shortest chain a packet may have (a Level and the Heart) to the full depth's."""
    packet = packet_of(15, PARTY)
    short = dataclasses.replace(packet, levels=[packet.levels[0], dataclasses.replace(packet.heart, number=2)])
    drawn = chambers(map_svg(short, {"1.1": 5, packet.heart.rooms[0].id: 6}))
    assert [(k, t) for k, _, t in drawn] == [("keyed", f"L1 {packet.levels[0].rating}%"), ("heart", "L2 100%")]
    full = packet_of(28, PARTY, "full")
    assert len(chambers(map_svg(full, packet_pages(content, full).numbers))) == len(full.levels) == 45


def test_the_svg_file_is_the_pdfs_drawing_byte_for_byte(content, laid, packet_of):
    from nests.packet import documents_of

    packet, paged = laid[7, "oneshot"]
    doc = documents_of(content, packet, paged, formats=("svg",))[0]
    assert doc.files["svg"].text == map_page(paged).drawing.svg == map_svg(packet, paged.numbers)


@pytest.mark.parametrize("look", [Look(94), Look(80), Look(48), Look(48, ascii=True)],
                         ids=lambda look: f"{look.width}{'-ascii' if look.ascii else ''}")
@pytest.mark.parametrize("seed,depth", [(7, "oneshot"), (27, "full"), (25, "oneshot")])
def test_the_text_diagram_reads_at_every_width(content, packet_of, seed, depth, look):
    """Every Level once, in order, each on a line of its own with its mark on the Shaft's column;
    each Shortcut's tunnel ends at its Level with an arrow; a Level without a key names the Room
    it plays with that Room's page at this width."""
    packet = packet_of(seed, PARTY, depth)
    paged = packet_pages(content, packet, look)
    pages = [p for p in paged.pages if p.part == "Map of the Nest"]
    check_width(join_pages([p.text for p in pages]), look.width)         # whole lines, frames closed
    assert all(p.text.isascii() for p in pages) or not look.ascii
    lines = [line[2:-3] for p in pages for line in p.text.split("\n")[1:-3]]
    heart, node, played = ("(H)", "*", "o") if look.ascii else ("♥", "●", "○")
    arrow = ">" if look.ascii else "►"
    rows = [m for line in lines if (m := re.match(rf"^(.*?)({re.escape(heart)}|{re.escape(node)} |{played} ) *L(\d+) ", line))]
    assert [int(m[3]) for m in rows] == [lv.number for lv in packet.levels]
    assert len({len(m[1]) for m in rows}) == 1            # one column for the Shaft
    for lv, m in zip(packet.levels, rows):
        into = any(b == lv.number for _, b in shortcuts(packet))
        assert m[1].endswith(arrow) == into
        if not lv.rooms:
            room = stand_in(packet, lv)
            assert f"plays {room.id} p.{paged.numbers[room.id]}" in m.string
