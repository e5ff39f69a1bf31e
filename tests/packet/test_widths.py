"""The packet's plaintext at --width N and --ascii: reflowed, not cropped; its page references
follow the narrow layout; the print layout (PDF, JSON, the default txt) is untouched."""

import re
from collections import Counter

import pytest
from click.testing import CliRunner

from nests.cli import main
from nests.generators.packet.pages import PacketLayout, handout_pages, packet_pages
from nests.packet import packet_documents
from nests.generators.sheet import Look
from nests.publish.txt import join_pages
from tests.frames import check_width, words
from tests.packet import golden

SEEDS = [1, 42]
PARTY = ["wasp", "spider", "beetle"]
LOOKS = [Look(40), Look(48), Look(64), Look(40, ascii=True)]
BODY = slice(1, 48)          # the body lines between a page's top and bottom borders


@pytest.fixture(scope="module")
def made(content, packet_of):
    """(seed, look) → (packet, its text at that look, body lines each page gives its content);
    look None is the print layout."""
    out = {}
    for seed in SEEDS:
        packet = packet_of(seed, PARTY)
        out[seed, None] = (packet, join_pages([p.text for p in packet_pages(content, packet).pages]), 47)
        for look in LOOKS:
            text = join_pages([p.text for p in packet_pages(content, packet, look).pages])
            out[seed, look] = (packet, text, PacketLayout(packet, look).body)
    return out


def _pages(text: str) -> list[list[str]]:
    """The pages, each ending with its shadow line: 50 lines in the print layout, at most 50 on a screen's
    narrow page, which ends where its lines end."""
    pages, page = [], []
    for line in text.split("\n")[:-1]:
        page.append(line)
        if re.fullmatch(r" [▀#]+", line):
            pages.append(page)
            page = []
    assert page == [], "the text ends with a whole page"
    return pages


def _content_lines(text: str, body: int, sheets: bool = False) -> list[str]:
    """Every page's body lines without the stamp a narrow page keeps at its foot (the lines the page
    template keeps for itself, 47 less ``body``): the packet's own pages, or (``sheets``) the party's
    character sheets."""
    return [line for page in _pages(text) if ("Character Sheet" in page[0]) == sheets
            for line in page[1:len(page) - 2 - (47 - body)]]


def _words(lines: list[str]) -> Counter:
    """Each word and figure, page numbers of references and contents aside (they move with the width), and
    a box's head repeated where a page breaks it ("[Room 1.10, continued]": where the breaks fall moves
    with the width too)."""
    counted = Counter()
    for line in lines:
        line = re.sub(r"\[Room [\d.]+, continued\]", "", line)
        counted.update(w for w in re.findall(r"[A-Za-z0-9%]+", re.sub(r"[._]{2,}", " ", re.sub(r"p\.\d+", "p", line))))
    return counted


@pytest.mark.parametrize("look", LOOKS, ids=lambda look: f"{look.width}{'-ascii' if look.ascii else ''}")
@pytest.mark.parametrize("seed", SEEDS)
def test_every_page_is_n_columns_framed_and_at_most_a_page_tall(made, seed, look):
    """A screen's narrow page ends where its lines end (a phone scrolls on): no page is taller than the
    print layout's 50 lines, and at 48 columns at most 10% of the lines are empty frame (issue 35, point 8)."""
    _, text, body = made[seed, look]
    check_width(text, look.width, screen=True)
    if look.ascii:
        assert text.isascii()
        assert "->" in text and "→" not in text
    lines = text.split("\n")[:-1]
    filler = [line for line in lines if re.fullmatch(r"[║|] *[║|][▓#]", line)]
    if look.width == 48:
        assert len(filler) <= 0.10 * len(lines), f"{len(filler)} of {len(lines)} lines are empty frame"
    for page in _pages(text):
        assert len(page) <= 50 and len(page) - 3 - (47 - body) > 0
        assert page[0][0] == ("+" if look.ascii else "╔") and page[-2][0] == ("+" if look.ascii else "╚")
        if not re.search(r"(Room Keys|Deeper Levels|The Heart).╗ $", page[0]):
            continue
        opened = sum(len(re.findall(r"[┌+]\[Room ", line)) for line in page)
        closed = sum(1 for line in page if re.match(r"[║|][└+][─-]+[┘+][║|]", line))
        assert opened == closed, "a Room key's box is left open"


@pytest.mark.parametrize("look", LOOKS, ids=lambda look: f"{look.width}{'-ascii' if look.ascii else ''}")
@pytest.mark.parametrize("seed", SEEDS)
def test_every_word_of_the_printed_packet_is_still_there(made, seed, look):
    """The multiset of words on the packet's own pages: nothing cropped; more only where a narrow page
    repeats a box's head."""
    _, printed, _ = made[seed, None]
    _, text, body = made[seed, look]
    before, after = _words(_content_lines(printed, 47)), _words(_content_lines(text, body))
    if look.ascii:       # ASCII spells ♥ (H), × x, ○ and □ o, the map's ▼ v
        lines = [re.sub(r"\bx(\d)", r"\1", line.replace("(H)", "")) for line in _content_lines(text, body)]
        after = _words(lines)
        for word in [w for w in after if set(w) == {"o"}]:      # a creature's Wounds boxes, □□□□ in ASCII
            del after[word]
        after["o"] = before["o"]
        after["v"] = before["v"]
    assert before - after == Counter(), "words lost at this width"
    repeated = {"continued", "Environment", "Id", "Spent", "Found", "In", "Leads", "to", "Notes"}
    assert set(after - before) <= repeated | {w for w in after - before if w.replace(".", "").isdigit()}
    # the sheets are not in the packet at any width: they are the players' file (issue 35, point 6; at a width,
    # tests/sheet/test_sheet_widths.py)
    assert _content_lines(printed, 47, True) == [] == _content_lines(text, body, True)


@pytest.mark.parametrize("look", LOOKS[:3], ids=lambda look: str(look.width))
@pytest.mark.parametrize("seed", SEEDS)
def test_page_references_point_to_the_page_at_this_width(made, seed, look):
    """Every "E7 p.14", "I3 p.15", "Level 4 p.9", "Room 2.1 p.8" and contents line names the page
    that holds the code at this width (narrow pages glue a code to its page, so one line holds both)."""
    _, text, _ = made[seed, look]
    pages = ["\n".join(page) for page in _pages(text)]
    holds = {
        "E": lambda code, page: re.search(rf"►{code} · ", page),
        "I": lambda code, page: re.search(rf"^║ {code} ", page, re.M),
        "Level": lambda code, page: (re.search(rf"►{code} · ", page)
                                     or re.search(rf"^║ {code[6:]}( ♥)? +\d+% ", page, re.M)),
        "Room": lambda code, page: re.search(rf"\[Room {re.escape(code)}[ \]]|^║ Room {re.escape(code)} · ", page, re.M),
    }
    checked = Counter()
    for number, page in enumerate(pages, 1):
        refs = [(m[1], m[2]) for m in re.finditer(r"\b(E\d+|I\d+|Level \d+) p\.(\d+)", page)]
        refs += [(m[1], m[2]) for m in re.finditer(r"(?:Room|play) (\d+\.\d+) p\.(\d+)", page)]
        refs += [(m[1], m[2]) for m in re.finditer(r"^║ (Level \d+)\.+p\.(\d+)", page, re.M)]
        for code, at in refs:
            kind = "Room" if code[0].isdigit() else "Level" if code.startswith("Level") else code[0]
            assert holds[kind](code, pages[int(at) - 1]), f"page {number}: {code} p.{at}"
            checked[kind] += 1
    assert all(checked[kind] for kind in holds), checked


def test_default_width_is_the_golden_packet_and_the_pdf_keeps_the_print_layout(content):
    """--width 94 is the printed packet, byte for byte; at --width 48 the txt reflows and the
    pages the PDF is made from (and the JSON's page numbers) stay those of the print layout."""
    stem = f"packet-{golden.SEED}"
    wide = packet_documents(content, golden.SEED, golden.PARTY, None, formats=("txt", "json"), look=Look(94))[0]
    assert join_pages([p.text for p in wide.pages]) == (golden.GOLDEN / f"{stem}.txt").read_text(encoding="utf-8")
    assert "txt" not in wide.files
    narrow = packet_documents(content, golden.SEED, golden.PARTY, None, formats=("txt", "pdf", "json"), look=Look(48))[0]
    assert [p.text for p in narrow.pages] == [p.text for p in wide.pages]
    assert narrow.files["json"].text == wide.files["json"].text
    check_width(narrow.files["txt"].text, 48, screen=True)


def test_handout_reflows_in_ascii(content, packet_of):
    packet = packet_of(42, PARTY)
    text = join_pages([p.text for p in handout_pages(content, packet, Look(40, ascii=True))])
    check_width(text, 40, screen=True)
    assert text.isascii() and re.search(r"Level \d+ - the Heart, 100%", text)        # the blank map's last Level
    assert words(join_pages([p.text for p in handout_pages(content, packet)])) - words(text) <= {"94"}


def test_width_below_40_is_one_line_exit_2(tmp_path):
    result = CliRunner().invoke(main, ["packet", "--seed", "1", "--width", "39", "-o", str(tmp_path)])
    assert result.exit_code == 2 and "39 is not in the range 40<=x<=200" in result.output
    assert list(tmp_path.iterdir()) == []
