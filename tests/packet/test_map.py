"""Issue 35, point 5: the map of the Nest as a naturalist draws the mound (the PDF's map pages and
--format svg, one template) and as a tree of the Rooms in the txt.

The packet keys its Nest as a tree of Rooms (generators/packet/dungeon.py): each keyed Room was revealed
by a printed lookup of the Room before it. The map draws every keyed Room as a chamber in its Level's
band, a tunnel from each Room to each Room its lookups reveal (a Shortcut's drawn apart), each Level's
spare Rooms stacked apart, the Heart marked; each chamber carries its code and the page of its key, a
link to that page in the PDF. Its text is at least 8.5 pt on the A5 booklet."""

import dataclasses
import html
import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner
from lxml import etree

from nests.cli import main
from nests.generators.packet.pages import handout_pages, map_svg, packet_pages
from nests.generators.sheet import Look
from nests.publish.txt import join_pages
from nests.render.paper import COLUMNS, PAPERS
from nests.text import grid
from nests.text.transliterate import transliterate
from tests.frames import check_width, pages_of
from tests.pdf_links import links

SEEDS = (1, 7, 15, 21, 42)             # one-shots: a Level of ten Rooms, a Shortcut to the Heart, spare Levels
FULL = (1, 42)                         # full depth: twenty Levels, the map on several pages
CASES = [(s, "oneshot") for s in SEEDS] + [(s, "full") for s in FULL]
SVG = "{http://www.w3.org/2000/svg}"
A5 = COLUMNS["a5"]


@pytest.fixture(scope="module")
def laid(content, packet_of):
    """(seed, depth, page width) → (packet, its print layout at that width): A4's, or the A5 booklet's."""
    made = {}

    def get(seed: int, depth: str = "oneshot", width: int = grid.PAGE_WIDTH):
        if (seed, depth, width) not in made:
            packet = packet_of(seed, depth=depth)
            made[seed, depth, width] = packet, packet_pages(content, packet, Look(width), printed=True)
        return made[seed, depth, width]

    return get


def keyed(packet) -> list:
    return [r for r in packet.rooms() if not r.spare]


def map_pages(paged) -> list:
    return [p for p in paged.pages if p.part == "Map of the Nest"]


def roots(paged) -> list:
    return [etree.fromstring(p.drawing.svg.encode()) for p in map_pages(paged)]


def nest(root):
    return root.find(f"{SVG}g[@class='nest']")


def chambers(root) -> list[dict]:
    """The chambers of one map page: each Room's group holds its ellipse (chamber or heart) and its words."""
    out = []
    for g in nest(root).iter(f"{SVG}g"):
        ellipse = g.find(f"{SVG}ellipse")
        if g.get("data-room") is None or ellipse is None:
            continue
        out.append({"id": g.get("data-room"), "page": int(g.get("data-page")), "kind": ellipse.get("class"),
                    **{k: float(ellipse.get(k)) for k in ("cx", "cy", "rx", "ry")},
                    "text": " ".join(" ".join(t.itertext()) for t in g.findall(f"{SVG}text"))})
    return out


def tunnels(root) -> list[dict]:
    """The drawn tunnels of one map page (the legend's aside), each once: its kind, its ends, its points."""
    out = {}
    for p in nest(root).iter(f"{SVG}path"):
        if p.get("data-from") is not None:
            key = (p.get("class"), p.get("data-from"), p.get("data-to"), p.get("d"))
            out.setdefault(key, {"kind": key[0], "from": key[1], "to": key[2], "d": key[3]})
    return list(out.values())


def path_points(d: str) -> list[tuple[float, float]]:
    """Points along a path of M, L and C segments: its corners, and each Bézier sampled."""
    tokens = re.findall(r"[MLC]|-?[\d.]+", d)
    points, k = [], 0
    while k < len(tokens):
        op = tokens[k]
        if op in ("M", "L"):
            points.append((float(tokens[k + 1]), float(tokens[k + 2])))
            k += 3
        else:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = points[-1], map(float, tokens[k + 1:k + 7])
            for n in range(1, 11):
                t = n / 10
                a, b, c, e = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
                points.append((a * x0 + b * x1 + c * x2 + e * x3, a * y0 + b * y1 + c * y2 + e * y3))
            k += 7
    return points


def expected_links(packet) -> dict[tuple[str, str], str]:
    """(Room, Room or "spare:N" it reveals) → "shortcut" when a Shortcut's printed Event reveals it (a Secret's
    too), else "tunnel", read off the Rooms' printed lookups."""
    out = {}
    for room in keyed(packet):
        for lk in room.all_lookups():
            for e in lk.events:
                if not e.leads_to:
                    continue
                became = e
                while became.side == "secret":
                    became = became.view.event
                out.setdefault((room.id, e.leads_to), "shortcut" if became.side == "shortcut" else "tunnel")
    return out


@pytest.mark.parametrize("seed,depth", CASES)
def test_the_chambers_are_exactly_the_keyed_rooms_each_in_its_levels_band(laid, seed, depth):
    """Every keyed Room (the Heart's too, the spare Rooms apart) a chamber once over the map's pages; every
    Level a band once, in the order of the chain, deeper ones lower on a page and on later pages; each
    chamber inside its Level's band."""
    packet, paged = laid(seed, depth)
    drawn = []
    bands = []
    for n, root in enumerate(roots(paged)):
        page_bands = {int(r.get("data-level")): (float(r.get("y")), float(r.get("y")) + float(r.get("height")))
                      for r in nest(root).iter(f"{SVG}rect") if r.get("data-level")}
        tops = [top for top, _ in page_bands.values()]
        assert tops == sorted(tops)
        bands += list(page_bands)
        for c in chambers(root):
            drawn.append(c["id"])
            top, bottom = page_bands[int(c["id"].split(".")[0])]
            assert top < c["cy"] - c["ry"] and c["cy"] + c["ry"] < bottom, (n, c["id"])
    assert sorted(drawn) == sorted(r.id for r in keyed(packet))
    assert bands == [lv.number for lv in packet.levels]
    if depth == "full":
        assert len(map_pages(paged)) > 1


@pytest.mark.parametrize("seed,depth", CASES)
def test_every_chamber_carries_its_code_and_the_page_of_its_key(laid, seed, depth):
    """Its words are its code and "p.N", N the page whose key is that Room's; the Heart is marked once
    (the one chamber of its kind), and it is the Heart's Room."""
    packet, paged = laid(seed, depth)
    hearts = []
    for root in roots(paged):
        for c in chambers(root):
            number = paged.numbers[c["id"]]
            assert c["text"] == f"{c['id']} p.{number}" and c["page"] == number
            room = next(r for r in packet.rooms() if r.id == c["id"])
            assert any(label == f"Room {room.id} · {room.name}" for _, label in paged.pages[number - 1].bookmarks)
        hearts += [e for e in nest(root).iter() if e.get("class") == "heart"]
    assert len(hearts) == 1 and hearts[0].getparent().get("data-room") == packet.heart.rooms[0].id


@pytest.mark.parametrize("seed,depth", CASES)
def test_each_tunnel_joins_a_room_to_one_it_reveals_and_passes_behind_no_other(laid, seed, depth):
    """The tunnels are exactly the Rooms' reveals: each keyed Room to each keyed Room it reveals (a
    Shortcut's drawn as a Shortcut), a short one for each way on to a Level's spare Rooms, and the way in
    from the skin to the Entrance. On the page that holds both its ends a tunnel leaves its Room's chamber
    at the bottom and enters the other's at the top, and runs behind no third chamber."""
    packet, paged = laid(seed, depth)
    wanted = expected_links(packet)
    ids = {r.id for r in keyed(packet)}
    drawn = {}
    for root in roots(paged):
        where = {c["id"]: c for c in chambers(root)}
        for t in tunnels(root):
            if t["from"] == "outside":
                assert t["to"] == packet.levels[0].rooms[0].id and t["kind"] == "tunnel"
                continue
            pair = (t["from"], t["to"])
            assert pair in wanted, pair
            assert t["kind"] == ("stub" if t["to"].startswith("spare:") else wanted[pair]), pair
            drawn[pair] = t["kind"]
            points = path_points(t["d"])
            if t["from"] in where and t["to"] in where:
                a, b = where[t["from"]], where[t["to"]]
                assert points[0] == pytest.approx((a["cx"], a["cy"] + a["ry"]), abs=0.2)
                assert points[-1] == pytest.approx((b["cx"], b["cy"] - b["ry"]), abs=0.2)
            for c in where.values():
                if c["id"] in pair:
                    continue
                for x, y in points:
                    assert ((x - c["cx"]) / c["rx"]) ** 2 + ((y - c["cy"]) / c["ry"]) ** 2 > 0.8, (pair, c["id"])
    assert drawn == {pair: ("stub" if pair[1].startswith("spare:") else kind)
                     for pair, kind in wanted.items() if pair[1] in ids or pair[1].startswith("spare:")}


@pytest.mark.parametrize("seed,depth", CASES)
def test_each_levels_spare_rooms_are_stacked_apart_with_their_pages(laid, seed, depth):
    packet, paged = laid(seed, depth)
    stacks = {}
    for root in roots(paged):
        for g in nest(root).iter(f"{SVG}g"):
            if g.get("data-spares"):
                stacks[int(g.get("data-spares"))] = [("".join(t.itertext()), t.get("data-room"))
                                                     for t in g.findall(f"{SVG}text") if t.get("data-room")]
                assert "spares" in ["".join(t.itertext()) for t in g.findall(f"{SVG}text")]
    assert stacks == {lv.number: [(f"{r.id} p.{paged.numbers[r.id]}", r.id) for r in lv.rooms if r.spare]
                      for lv in packet.levels if any(r.spare for r in lv.rooms)}


def kinds(root, group: str) -> set[str]:
    return {e.get("class") for e in root.find(f"{SVG}g[@class='{group}']").iterdescendants() if e.get("class")}


@pytest.mark.parametrize("seed,depth", CASES + [(15, "blank")])
def test_the_legend_lists_exactly_the_symbols_drawn(content, laid, packet_of, seed, depth):
    """On each map page, every kind of symbol drawn is in the legend, and the legend has no other; its
    words fit its cells."""
    if depth == "blank":
        pages = [p for p in handout_pages(content, packet_of(seed), printed=True) if p.part == "Map"]
        svgs = [p.drawing.svg for p in pages]
    else:
        svgs = [p.drawing.svg for p in map_pages(laid(seed, depth)[1])]
    for svg in svgs:
        root = etree.fromstring(svg.encode())
        drawn = kinds(root, "nest")
        assert drawn == kinds(root, "legend") and {"level"} <= drawn
        legend = root.find(f"{SVG}g[@class='legend']")
        width = float(root.get("viewBox").split()[2])
        for t in legend.findall(f"{SVG}text"):
            assert float(t.get("x")) + 10 * len("".join(t.itertext())) <= width - 6
    if depth == "blank":
        assert drawn == {"outside", "level"}


def test_the_players_map_has_the_levels_and_no_secret(content, packet_of):
    """The handout's map: the mound, its skin and its Levels; no chamber, tunnel, Room code or name,
    rating of a Level but the Heart's."""
    packet = packet_of(42)
    pages = [p for p in handout_pages(content, packet, printed=True) if p.part == "Map"]
    roots = [etree.fromstring(p.drawing.svg.encode()) for p in pages]
    text = "".join(p.text for p in pages) + "\n".join("".join(t.itertext()) for r in roots for t in r.iter(f"{SVG}text"))
    assert not [e for r in roots for e in r.iter() if e.get("data-room") or e.get("data-from")]
    for room in packet.rooms():
        assert room.name not in text and not re.search(rf"(?<![\d.]){re.escape(room.id)}(?![\d])", text)
    for lv in packet.levels[:-1]:
        assert f"Level {lv.number} · ____%" in text and f"{lv.rating}%" not in text
    assert all(not p.drawing.areas for p in pages)


def a5_scale(drawing) -> float:
    """Points per unit of a drawing on the A5 booklet's page: its box there (pages.html.j2: the grid's cell on
    A5, the line of A5's height) over its viewBox, scaled to fit."""
    width, height = PAPERS["a5"]
    pt = 72 / 25.4
    cell = (width - 2 * grid.PAPER_MARGIN_MM) * pt / A5
    line = (height - 2 * grid.PAPER_MARGIN_MM) * pt / grid.PAGE_LINES
    return min(drawing.columns * cell / drawing.view[0], drawing.lines * line / drawing.view[1])


@pytest.mark.parametrize("seed,depth", CASES)
def test_every_text_of_the_map_is_at_least_8_5_pt_on_the_a5_booklet(laid, seed, depth):
    """Every text of the drawing, as the booklet's page prints it, at grid.BOOKLET_TYPE_PT or more; a
    chamber's words inside its ellipse."""
    packet, paged = laid(seed, depth, A5)
    for page in map_pages(paged):
        root = etree.fromstring(page.drawing.svg.encode())
        scale = a5_scale(page.drawing)
        for t in root.iter(f"{SVG}text"):
            size = float(next(e.get("font-size") for e in [t, *t.iterancestors()] if e.get("font-size")))
            assert size * scale >= grid.BOOKLET_TYPE_PT, ("".join(t.itertext()), size * scale)
        for c in chambers(root):
            for line, dy in zip(c["text"].split(" "), (-3 - 12, 15)):   # each word's farther edge from the middle
                half = 5 * len(line)
                assert (half / c["rx"]) ** 2 + (dy / c["ry"]) ** 2 < 1, c


def test_the_booklets_map_page_measures_8_5_pt(runner, tmp_path, packet_of):
    """Measured in the A5 booklet of `nests packet --seed 1 --impose a5` itself: each character of the map's
    page steps on from the one before by its font's advance at 8.5 pt or more (PDFium's text)."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    from nests.publish.impose import booklet_sides

    result = runner.invoke(main, ["packet", "--seed", "1", "--impose", "a5", "--width", str(A5), "--format", "txt",
                                  "--format", "pdf", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    txt = pages_of((tmp_path / "packet-1.txt").read_text(encoding="utf-8"))
    number = next(n for n, page in enumerate(txt, 1) if "►Map of the Nest◄" in page[0])
    side, half = next((s, sides.index(number)) for s, sides in enumerate(booklet_sides(len(txt))) if number in sides)
    page = pypdfium2.PdfDocument((tmp_path / "packet-1.pdf").read_bytes())[side]
    width = page.get_size()[0]
    text = page.get_textpage()
    chars = []
    for k in range(text.count_chars()):
        x, y = ctypes.c_double(), ctypes.c_double()
        raw.FPDFText_GetCharOrigin(text, k, x, y)
        if int(x.value >= width / 2) == half:
            chars.append((chr(raw.FPDFText_GetUnicode(text, k)), round(y.value, 1), x.value))
    words = "".join(c for c, _, _ in chars)
    packet = packet_of(1)
    assert all(r.id in words for r in keyed(packet)) and "spares" in words
    steps = [b[2] - a[2] for a, b in zip(chars, chars[1:])
             if a[1] == b[1] and not a[0].isspace() and not b[0].isspace() and 0 < b[2] - a[2] < 12]
    assert steps and min(steps) / grid.GLYPH_ADVANCE >= grid.BOOKLET_TYPE_PT


@pytest.mark.parametrize("look", [Look(80), Look(48), Look(48, ascii=True)],
                         ids=lambda look: f"{look.width}{'-ascii' if look.ascii else ''}")
@pytest.mark.parametrize("seed,depth", [(1, "oneshot"), (42, "oneshot"), (42, "full")])
def test_the_text_map_is_a_tree_of_every_room_at_80_and_48_columns(content, packet_of, seed, depth, look):
    """Whole framed lines at the width; every keyed Room once, with its name and the page of its key at that
    width; under each Room (a step in) the Rooms of its own Level it reveals; a Level's first Rooms name the
    Room above that revealed them; each Level's heading once, in order."""
    packet = packet_of(seed, depth=depth)
    paged = packet_pages(content, packet, look)
    pages = [p for p in paged.pages if p.part == "Map of the Nest"]
    check_width(join_pages([p.text for p in pages]), look.width, screen=look.width < 94)
    assert all(p.text.isascii() for p in pages) or not look.ascii
    body = [line[2:-3].rstrip() for p in pages for line in p.text.split("\n")[1:-3]]
    heads = [int(m[1]) for line in body if (m := re.match(r"^Level (\d+) ", line))]
    assert heads == [lv.number for lv in packet.levels]
    # each Room's line: the tree's marks, then its code where its line starts; the lines it runs on to after
    first = {}
    for n, line in enumerate(body):
        m = re.match(r"^([ │├└─┬|+\-]*|\(H\) |♥ )(\d+\.\d+) ", line)
        if m and m[2] not in first:
            first[m[2]] = (n, len(m[1]))
    ids = [r.id for r in keyed(packet)]
    assert sorted(first) == sorted(ids)
    flat = re.sub(r"\s+", " ", " ".join(re.sub(r"^[ │├└─┬|+\-]*", "", line) for line in body))
    by_id = {r.id: r for r in keyed(packet)}
    for r in keyed(packet):
        name = transliterate(r.name) if look.ascii else r.name
        assert f"{r.id} {name} p.{paged.numbers[r.id]}" in flat
        n, column = first[r.id]
        parent = by_id.get(r.found_in)
        if parent is not None and parent.level == r.level:
            # the nearest line above it a step to the left is its parent's
            above = [k for k, (m, c) in first.items() if m < n and c < column]
            assert max(above, key=lambda k: first[k][0]) == parent.id
            assert column > first[parent.id][1]
        elif parent is not None:
            assert re.search(rf"{re.escape(r.id)} {re.escape(name)} p\.\d+ [◄<] {re.escape(parent.id)} p\.", flat)


def test_the_pdfs_map_links_land_on_each_rooms_key(content, laid, tmp_path):
    """The map's page of the A4 PDF: a link over every chamber and every spare Room's code to the page of its
    key (tests/pdf_links.py reads them back, with the words under each)."""
    from nests.packet import documents_of
    from nests.publish import render_all

    packet, paged = laid(42)
    pdf = dict(render_all(documents_of(content, packet, paged, formats=("pdf",)), ["pdf"], "a4"))["packet-42.pdf"]
    number = next(n for n, p in enumerate(paged.pages, 1) if p.part == "Map of the Nest")
    found = [(under, lands) for page, under, lands in links(pdf) if page == number]
    codes = {m[1]: lands for under, lands in found if (m := re.match(r"(\d+\.\d+) p\.(\d+)$", under))}
    assert len(codes) == len(found)
    assert codes == {r.id: paged.numbers[r.id] for r in packet.rooms()}
    assert all(under.endswith(f"p.{lands}") for under, lands in found)


def test_tunnels_to_another_map_page_name_the_room_there(laid):
    """Full depth: a tunnel whose other end is on another map page runs to that page's cut, and the Room at
    its other end is written there with its page (a link too)."""
    packet, paged = laid(42, "full")
    pages = roots(paged)
    where = {c["id"]: n for n, root in enumerate(pages) for c in chambers(root)}
    seen = 0
    for n, root in enumerate(pages):
        labels = {t.get("data-room"): t for t in nest(root).iter(f"{SVG}text")
                  if t.get("data-room") and t.getparent().get("data-room") is None
                  and t.getparent().get("data-spares") is None}
        for t in tunnels(root):
            other = t["to"] if where.get(t["from"]) == n else t["from"]
            if t["kind"] == "stub" or where.get(other) == n or t["from"] == "outside":
                continue
            seen += 1
            assert "".join(labels[other].itertext()) == f"{other} p.{paged.numbers[other]}"
            assert "off" in kinds(root, "nest")
        areas = {(a.link) for a in map_pages(paged)[n].drawing.areas}
        assert {paged.numbers[code] for code in labels} <= areas
    assert seen


def test_the_svg_file_is_the_pdfs_drawing_or_the_whole_map(content, laid):
    """One map page: the SVG file is its drawing, byte for byte; several: one drawing of every keyed Room."""
    from nests.packet import documents_of

    packet, paged = laid(42)
    svg = documents_of(content, packet, paged, formats=("svg",))[0].files["svg"].text
    assert svg == map_pages(paged)[0].drawing.svg == map_svg(packet, paged.numbers)
    packet, paged = laid(42, "full")
    whole = etree.fromstring(map_svg(packet, paged.numbers).encode())
    assert sorted(c["id"] for c in chambers(whole)) == sorted(r.id for r in keyed(packet))
    assert "off" not in kinds(whole, "nest")


SCRIPT = """
import hashlib

def made():
    from nests.content import load_content
    from nests.packet import packet_documents
    from nests.publish import render_all

    c = load_content()
    out = []
    for depth, width in (("oneshot", 94), ("full", 70)):
        docs = packet_documents(c, 42, ["wasp", "spider", "beetle", "ants"], None, depth=depth, print_width=width)
        for name, data in render_all(docs, ["txt", "svg", "pdf"], "a4"):
            out.append(f"{depth} {name} {hashlib.sha256(data).hexdigest()}")
    return "\\n".join(out) + "\\n"
"""


def test_the_map_has_the_same_bytes_in_two_processes():
    """The txt, the SVG and the PDF (A4, and the booklet's page at full depth), and the party's sheets apart
    (txt and PDF), from a fresh process and from this one, made at the same time."""
    fresh = subprocess.Popen([sys.executable, "-c", SCRIPT + "\nprint(made(), end='')"], stdout=subprocess.PIPE,
                             text=True, env={k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"})
    here = {}
    exec(SCRIPT, here)
    mine = here["made"]()
    assert fresh.communicate(timeout=600)[0] == mine
    names = {" ".join(line.split()[:2]) for line in mine.splitlines()}
    assert names == {f"{depth} packet-42{part}" for depth in ("oneshot", "full")
                     for part in (".txt", "-map.svg", ".pdf", "-sheets.txt", "-sheets.pdf")}


@pytest.fixture
def runner():
    return CliRunner()
