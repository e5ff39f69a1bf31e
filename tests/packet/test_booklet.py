"""Issue 35, point 6: the A5 booklet keeps every link of the PDF it imposes (contents entries, codes,
"p.N" references, and whatever other link the PDF has), each landing on the side and in the half that
hold its target; blank pages only at the booklet's end; the party's sheets are the players' own file
(one page a member at A4, at most two A5 pages a member, each member on a side of its own imposed),
and no page of the GQ's packet is a sheet.

The imposed PDFs are read back with PDFium (the text of each half of a side, the page number its
frame prints at the foot) and pypdf (the link annotations, tests/pdf_links.py)."""

import io
import json
import re
import subprocess
import sys

import pypdfium2
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from nests.cli import main
from nests.generators.packet.pages import packet_pages
from nests.generators.sheet import FULL, Look, sheet_pages
from nests.packet import packet_documents
from nests.publish import render_all
from nests.publish.impose import impose_booklet, page_count
from nests.render.paper import COLUMNS, FOLDED
from tests.frames import pages_of
from tests.pdf_links import landings

SEED, PARTY = 42, ["wasp", "spider", "beetle"]
ARGS = ["packet", "--seed", str(SEED), "--party", ",".join(PARTY), "--impose", "a5", "--format", "pdf", "--format", "txt"]
FOOT = 60             # points at the foot of a page that hold its bottom border and its number


@pytest.fixture(scope="module")
def flat(content):
    """The packet and its sheets laid out for the A5 page and typeset on it, not imposed (what
    --impose a5 imposes): (the documents, {file name: PDF})."""
    docs = packet_documents(content, SEED, PARTY, None, formats=("pdf",), print_width=COLUMNS["a5"])
    return docs, dict(render_all(docs[:2], ["pdf"], "a5"))


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """`nests packet … --impose a5` run twice at once: in a fresh process and in this one."""
    out = tmp_path_factory.mktemp("booklet")
    fresh = subprocess.Popen([sys.executable, "-m", "nests", *ARGS, "-o", str(out / "fresh")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    here = CliRunner().invoke(main, [*ARGS, "-o", str(out / "here")])
    said, errors = fresh.communicate(timeout=600)
    assert fresh.returncode == 0 and here.exit_code == 0, (errors, here.output)
    return out, said, here.output


def halves(pdf: bytes) -> list[list[tuple[str, int | None]]]:
    """Each side's two halves (left, right): the text in it, and the page number its frame prints at
    the foot (None: a blank half)."""
    sides = []
    for page in pypdfium2.PdfDocument(pdf):
        w, h = page.get_size()
        text = page.get_textpage()
        side = []
        for left in (0, w / 2):
            foot = re.findall(r"►(\d+)◄", text.get_text_bounded(left, 0, left + w / 2, FOOT))
            side.append((text.get_text_bounded(left, 0, left + w / 2, h), int(foot[-1]) if foot else None))
        sides.append(side)
    return sides


def test_two_processes_write_the_same_booklet_and_sheets(written):
    """Byte-identical files from a fresh process and this one; the "wrote" lines name the packet and
    the sheets' file."""
    out, said, output = written
    names = sorted(p.name for p in (out / "fresh").iterdir())
    assert names == sorted(p.name for p in (out / "here").iterdir()) == [
        f"packet-{SEED}-sheets.pdf", f"packet-{SEED}-sheets.txt", f"packet-{SEED}.pdf", f"packet-{SEED}.txt"]
    for name in names:
        assert (out / "fresh" / name).read_bytes() == (out / "here" / name).read_bytes(), name
    assert said == "".join(f"wrote {out / 'fresh' / name}\n" for name in
                           (f"packet-{SEED}.pdf", f"packet-{SEED}.txt", f"packet-{SEED}-sheets.pdf", f"packet-{SEED}-sheets.txt"))
    assert output.replace(str(out / "here"), str(out / "fresh")) == said


def test_every_link_of_the_pdf_lands_on_the_booklets_side_and_half_that_hold_its_target(flat, written):
    """Each link of the packet's PDF (typeset on A5) is on the booklet, over the same text, on the side that
    prints the link's page (its number at the foot), and lands on the side and in the half that print the
    page it landed on, at the same point of that page: A5 on A4 keeps its size, so a point moves sideways
    by its half's offset alone. Contents entries, "p.N" references and bare codes are all among them."""
    _, pdfs = flat
    source = pdfs[f"packet-{SEED}.pdf"]
    out, _, _ = written
    booklet = (out / "here" / f"packet-{SEED}.pdf").read_bytes()
    assert booklet == impose_booklet(source, "a4")          # the command imposes this very PDF
    where = {number: (s, h) for s, side in enumerate(halves(booklet), 1) for h, (_, number) in enumerate(side) if number}
    assert sorted(where) == list(range(1, len(PdfReader(io.BytesIO(source)).pages) + 1))
    middle = float(PdfReader(io.BytesIO(booklet)).pages[0].mediabox.width) / 2
    expected = sorted((where[page][0], text, *where[lands], point) for page, text, lands, point in landings(source))
    got = sorted((side, text, lands, int(point[0] >= middle), point) for side, text, lands, point in landings(booklet))
    assert [link[:4] for link in got] == [link[:4] for link in expected] and len(got) > 100
    kinds = {"contents": r"\.{2,}p\.\d+$", "reference": r"(?<!\.)p\.\d+$", "code": r"^(Room \d+\.\d+|[EI]\d+)$"}
    for kind, pattern in kinds.items():
        assert any(re.search(pattern, text) for _, text, _, _, _ in got), kind
    moved = {}                               # half → how far the points of the pages there moved
    for (*_, half, (x1, y1)), (*_, (x0, y0)) in zip(got, expected):
        moved.setdefault(half, set()).add((round(x1 - x0, 2), round(y1 - y0, 2)))
    assert sorted(moved) == [0, 1] and all(len(offsets) == 1 for offsets in moved.values()), moved
    (left, dy0), (right, dy1) = next(iter(moved[0])), next(iter(moved[1]))
    assert dy0 == dy1 == 0 and right - left == pytest.approx(middle, abs=0.01)


def test_blank_pages_only_at_the_end_of_the_booklet(flat, written):
    """Every page of the packet's PDF has its text; on the booklet each of them is printed once, and
    the blank halves are the pages past the last, fewer than four, which the booklet's order puts at
    its end (sheet 1's front left and on)."""
    _, pdfs = flat
    source = pdfs[f"packet-{SEED}.pdf"]
    pages = len(PdfReader(io.BytesIO(source)).pages)
    assert all(page.get_textpage().get_text_range().strip() for page in pypdfium2.PdfDocument(source))
    out, _, _ = written
    sides = halves((out / "here" / f"packet-{SEED}.pdf").read_bytes())
    numbers = [number for side in sides for _, number in side if number]
    assert sorted(numbers) == list(range(1, pages + 1))
    blanks = [(s, h) for s, side in enumerate(sides) for h, (text, number) in enumerate(side) if number is None]
    assert all(not [c for c in sides[s][h][0] if not c.isspace() and not "\u2500" <= c <= "\u259f"] for s, h in blanks)
    assert len(blanks) == page_count(pages) - pages < 4
    # the blanks are the last pages: the halves that face page 1, 2, … from the end of the booklet
    total = page_count(pages)
    assert sorted(blanks) == sorted((s, 0 if s % 2 == 0 else 1) for s in range(total - pages))


def test_the_gqs_packet_has_no_sheet_page(content, packet_of, flat):
    """The GQ's packet ends with the rulings, at A4 and on the A5 page: no page of it is a sheet, its
    contents and outline name no sheet, its JSON's pages no sheet; its PDF prints no sheet's line."""
    packet = packet_of(SEED, PARTY)
    for look in (FULL, Look(COLUMNS["a5"])):
        laid = packet_pages(content, packet, look, printed=True)
        assert laid.pages[-1].part == "Trackers and Rulings"
        assert not any("Character Sheet" in p.text or "Pronouns:" in p.text for p in laid.pages)
        assert not any("heet" in label for p in laid.pages for _, label in p.bookmarks)
    data = json.loads(packet_documents(content, SEED, PARTY, None, formats=("json",))[0].files["json"].text)
    assert not any("heet" in key for key in data["pages"])
    _, pdfs = flat
    text = "".join(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(pdfs[f"packet-{SEED}.pdf"]))
    assert "Rulings" in text and "Pronouns" not in text and "Character Sheet" not in text
    reader = PdfReader(io.BytesIO(pdfs[f"packet-{SEED}.pdf"]))
    assert not any("heet" in str(item.title) for item in reader.outline if not isinstance(item, list))


def test_the_sheets_file_is_one_page_a_member_at_a4(content):
    """packet-<seed>-sheets at A4: one page a member, in the party's order, each the sheet `nests sheet`
    prints for that class; its txt the same pages."""
    docs = packet_documents(content, SEED, PARTY, None, formats=("txt", "pdf"))
    files = dict(render_all(docs[1:2], ["txt", "pdf"], "a4"))
    assert sorted(files) == [f"packet-{SEED}-sheets.pdf", f"packet-{SEED}-sheets.txt"]
    pdf = pypdfium2.PdfDocument(files[f"packet-{SEED}-sheets.pdf"])
    assert len(pdf) == len(PARTY)
    txt = pages_of(files[f"packet-{SEED}-sheets.txt"].decode("utf-8"))
    assert len(txt) == len(PARTY)
    for page, page_text, cid in zip(pdf, txt, PARTY):
        name = content.classes[cid].name.upper()
        assert f" {name} " in page.get_textpage().get_text_range() and f" {name} " in page_text[1]
        assert "\n".join(page_text) + "\n" == sheet_pages(content, cid)[0].text
    assert [str(item.title) for item in PdfReader(io.BytesIO(files[f"packet-{SEED}-sheets.pdf"])).outline] == [
        content.classes[cid].name for cid in PARTY]


def test_the_sheets_file_imposed_is_at_most_two_a5_pages_a_member_each_on_a_side_of_its_own(content, flat, written):
    """--impose a5: each member's sheet is at most two A5 pages, side by side on one side of a sheet of
    its own (left its first page, right its second), in the party's order: a sheet of paper a player."""
    docs, pdfs = flat
    starts = [n for n, page in enumerate(docs[1].pages) if page.bookmarks]
    assert len(starts) == len(PARTY) and all(b - a <= 2 for a, b in zip(starts, starts[1:] + [len(docs[1].pages)]))
    assert len(PdfReader(io.BytesIO(pdfs[f"packet-{SEED}-sheets.pdf"])).pages) <= 2 * len(PARTY)
    out, _, _ = written
    sides = halves((out / "here" / f"packet-{SEED}-sheets.pdf").read_bytes())
    assert len(sides) == len(PARTY)
    for (left, right), cid in zip(sides, PARTY):
        name = content.classes[cid].name.upper()
        assert f" {name} " in left[0] and f" {name} " not in right[0]
        assert "Attributes" in left[0] and "Inventory" in left[0] + right[0]
    for other in set(PARTY) - {"wasp"}:
        assert f" {content.classes[other].name.upper()} " not in sides[0][0][0] + sides[0][1][0]


@pytest.mark.parametrize("page", sorted(set(FOLDED.values())))
def test_every_class_sheet_is_at_most_two_booklet_pages_and_one_at_a4(content, page):
    """Every class's sheet (and the blank template) fits two pages at a booklet page's width (70
    columns on A5, 66 on half-Letter) and one page at the print width: the sheets' file of any party."""
    for cid in content.class_ids(playable_only=False):
        assert len(sheet_pages(content, cid, look=Look(COLUMNS[page]))) <= 2, (cid, page)
        assert len(sheet_pages(content, cid)) == 1, cid
