"""Booklet imposition (--impose a5): the order of the pages on the sheets, blanks at the end,
the size of the sheets, the pages fitted into their halves, the same bytes in every process,
and the packet, its handout and a rulebook imposed through the command line.

The imposed PDFs are read back with PDFium (pypdfium2), not with the pypdf that wrote them:
the text inside each half of a side, and the ink printed there."""

import io
import math
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from nests.cli import main
from nests.publish.impose import booklet_sides, impose_booklet, loose_sides, page_count
from tests.frames import pages_of

SHEETS = {"a4": (842, 595), "letter": (792, 612)}        # landscape, in points
SMALL_BOOK = Path(__file__).parents[1] / "rulebook" / "fixtures" / "small-book.raw.txt"
COUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17]
FOLD = 2


def numbered_pdf(sizes: list[tuple[float, float]]) -> bytes:
    """A PDF written by hand: page i (from 1) of size sizes[i-1] in points, filled light grey
    edge to edge, with "page i" on it in Helvetica."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for i, (w, h) in enumerate(sizes, start=1):
        draw = f"0.8 g 0 0 {w} {h} re f 0 g BT /F1 {min(w, h) / 8:.1f} Tf {w / 4:.1f} {h / 2:.1f} Td (page {i}) Tj ET"
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(draw), draw.encode()))
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w} {h}] /Resources << /Font << /F1 3 0 R >> >> "
                       f"/Contents {len(objects)} 0 R >>".encode())
        kids.append(f"{len(objects)} 0 R")
    objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n%s\nendobj\n" % (number, body))
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    out.write(b"".join(b"%010d 00000 n \n" % offset for offset in offsets))
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


A5 = (148 * 72 / 25.4, 210 * 72 / 25.4)


def halves(pdf: bytes) -> list[tuple[str, str]]:
    """Each side's (left, right) text as PDFium reads it inside each half."""
    sides = []
    for page in pypdfium2.PdfDocument(pdf):
        w, h = page.get_size()
        text = page.get_textpage()
        sides.append((text.get_text_bounded(0, 0, w / 2, h), text.get_text_bounded(w / 2, 0, w, h)))
    return sides


def ink(pdf: bytes, side: int, scale: float = 0.25) -> list[tuple[int, int, int, int] | None]:
    """The box (left, top, right, bottom, in pixels) of what is printed in each half of a side, None when
    blank. The two pixels each side of the fold are left out: a page's smoothed edge may touch them."""
    image = pypdfium2.PdfDocument(pdf)[side].render(scale=scale, grayscale=True).to_pil().convert("L")
    half = image.width // 2
    boxes = []
    for left, right in ((0, half - FOLD), (half + FOLD, image.width)):
        box = image.crop((left, 0, right, image.height)).point(lambda v: 255 if v < 250 else 0).getbbox()
        boxes.append(None if box is None else (box[0] + left, box[1], box[2] + left, box[3]))
    return boxes


# -- the order ----------------------------------------------------------------------------------

@pytest.mark.parametrize("pages", range(1, 41))
def test_the_order_folds_into_a_booklet(pages):
    """Padded to a multiple of four with blanks at the end; side s (from 0) holds pages s+1 and
    total-s, s+1 on the right of a front (s even) and on the left of a back; so each sheet k
    (from 1) carries 2k-1 and 2k back to back, and total-2k+1 and total-2k+2 back to back,
    and two pages facing each other on one side add up to total+1."""
    total = math.ceil(pages / 4) * 4
    sides = booklet_sides(pages)
    assert page_count(pages) == total and len(sides) == total // 2
    numbered = [p for side in sides for p in side if p is not None]
    assert sorted(numbered) == list(range(1, pages + 1))
    # the blanks are the last pages: the order of the whole booklet with every page past the document's blank
    full = booklet_sides(total)
    assert sides == [tuple(None if p > pages else p for p in side) for side in full]
    for k in range(1, total // 4 + 1):
        front, back = full[2 * k - 2], full[2 * k - 1]
        assert front == (total - 2 * k + 2, 2 * k - 1)
        assert back == (2 * k, total - 2 * k + 1)
        # printed double-sided and turned over the short edge, a front's right half backs the back's left half
        assert back[0] == front[1] + 1 and front[0] == back[1] + 1
    for left, right in full:
        assert left + right == total + 1


def test_the_first_sheet_is_last_and_first_then_second_and_last_but_one():
    assert booklet_sides(8)[:2] == [(8, 1), (2, 7)]
    assert booklet_sides(13) == [(None, 1), (2, None), (None, 3), (4, 14 - 1), (12, 5), (6, 11), (10, 7), (8, 9)]
    assert booklet_sides(1) == [(None, 1), (None, None)]


# -- the imposed PDF ----------------------------------------------------------------------------

@pytest.mark.parametrize("sheet", ["a4", "letter"])
@pytest.mark.parametrize("pages", COUNTS)
def test_each_side_holds_its_two_pages_and_blanks_are_blank(sheet, pages):
    booklet = impose_booklet(numbered_pdf([A5] * pages), sheet)
    reader = PdfReader(io.BytesIO(booklet))
    assert len(reader.pages) == math.ceil(pages / 4) * 4 // 2
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == SHEETS[sheet]
    sides = halves(booklet)
    for s, (left, right) in enumerate(sides):
        expected = booklet_sides(pages)[s]
        assert (left.strip(), right.strip()) == tuple("" if p is None else f"page {p}" for p in expected)
    for s in range(len(sides)):
        for box, number in zip(ink(booklet, s), booklet_sides(pages)[s]):
            assert (box is None) == (number is None), (s, box, number)


@pytest.mark.parametrize("sheet", ["a4", "letter"])
def test_a_page_of_another_size_is_scaled_to_fit_its_half_centred_its_shape_kept(sheet):
    """An A4 page (portrait) and a wide landscape page on one side: each fills its half as far
    as its shape lets it, in the middle of the half."""
    wide = (400, 200)
    booklet = impose_booklet(numbered_pdf([(595.28, 841.89), wide]), sheet)      # side 0: (blank, 1); side 1: (2, blank)
    width, height = (v * 4 for v in SHEETS[sheet])                                # pixels at scale 4 (pdfium)
    (_, a4_box), (wide_box, _) = ink(booklet, 0, 4), ink(booklet, 1, 4)
    for box, (w, h), left in ((a4_box, (595.28, 841.89), width / 2), (wide_box, wide, 0)):
        scale = min(width / 2 / (w * 4), height / (h * 4))
        x0, y0, x1, y1 = box
        fold = FOLD if w * 4 * scale > width / 2 - FOLD else 0         # what ink() leaves out at the fold
        assert abs((x1 - x0) - w * 4 * scale) <= 2 + fold and abs((y1 - y0) - h * 4 * scale) <= 2, (box, scale)
        assert abs((x0 + x1) / 2 - (left + width / 4)) <= 2 + fold and abs((y0 + y1) / 2 - height / 2) <= 2, box
        # it touches the edges of its half one way: as tall as the sheet, or as wide as the half
        assert (y0 <= 1 and y1 >= height - 1) or (x1 - x0 >= width / 2 - fold - 2), box
    assert wide_box[0] <= 1 and wide_box[2] >= width / 2 - FOLD - 1   # the wide page: as wide as its half


def test_an_a5_page_keeps_its_size():
    """Typeset on A5, a page is placed at its own size (148 × 210 mm) in its half of A4."""
    booklet = impose_booklet(numbered_pdf([A5]), "a4")
    x0, y0, x1, y1 = ink(booklet, 0, 4)[1]
    assert abs((x1 - x0) - A5[0] * 4) <= 2 and abs((y1 - y0) - A5[1] * 4) <= 2


def test_the_same_pdf_gives_the_same_booklet_and_the_booklet_keeps_title_and_creator():
    source = numbered_pdf([A5] * 5)
    assert impose_booklet(source, "a4") == impose_booklet(source, "a4")
    from nests.publish.pdf import pdf_bytes
    from nests.document import Page

    booklet = PdfReader(io.BytesIO(impose_booklet(pdf_bytes([Page("one\n"), Page("two\n")], "A title", "a5"), "a4")))
    assert booklet.metadata.title == "A title" and booklet.metadata.creator.startswith("nests ")
    assert "/ID" not in booklet.trailer and "/CreationDate" not in booklet.metadata


# -- the links and the outline --------------------------------------------------------------------

def linked_pdf(pages: int) -> bytes:
    """numbered_pdf's A5 pages, each with a link over its "page i": to page i + 1 (the last to page 1),
    at a point of it, by an explicit destination on odd pages and by a name on even ones; a link that
    fits the whole target page (/Fit) on page 1; an address (a URI) on the last page."""
    from pypdf import PdfWriter
    from pypdf.generic import (ArrayObject, Destination, DictionaryObject, Fit, FloatObject, NameObject, NumberObject,
                               TextStringObject)

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(numbered_pdf([A5] * pages))))
    w, h = A5

    def link(page: int, rect: tuple, **target) -> None:
        annot = DictionaryObject({NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link"),
                                  NameObject("/Rect"): ArrayObject(FloatObject(v) for v in rect)})
        for key, value in target.items():
            annot[NameObject(f"/{key}")] = value
        writer.pages[page - 1].annotations = (writer.pages[page - 1].annotations or ArrayObject())
        writer.pages[page - 1]["/Annots"].append(writer._add_object(annot))

    text = (w / 4 - 2, h / 2 - 8, w / 4 + 190, h / 2 + 48)          # over "page i" (numbered_pdf's place for it)
    for i in range(1, pages + 1):
        to = i % pages
        xyz = ArrayObject([writer.pages[to].indirect_reference, NameObject("/XYZ"), FloatObject(30 + i),
                           FloatObject(500 - i), NumberObject(0)])
        if i % 2:
            link(i, text, Dest=xyz)
        else:
            # a name, as WeasyPrint writes its links
            writer.add_named_destination_object(Destination(f"to-{to + 1}", xyz[0], Fit.xyz(30 + i, 500 - i, 0)))
            link(i, text, Dest=TextStringObject(f"to-{to + 1}"))
    link(1, (0, 0, 40, 40), Dest=ArrayObject([writer.pages[pages - 1].indirect_reference, NameObject("/Fit")]))
    link(pages, (w - 40, h - 40, w, h), A=DictionaryObject({NameObject("/S"): NameObject("/URI"),
                                                            NameObject("/URI"): TextStringObject("https://example.org/")}))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def placed_on(sides: list[tuple], number: int) -> tuple[int, int]:
    """(side, from 1; half: 0 left, 1 right) that holds page ``number``."""
    return next((s, half) for s, side in enumerate(sides, 1) for half, p in enumerate(side) if p == number)


@pytest.mark.parametrize("sheet", ["a4", "letter"])
@pytest.mark.parametrize("pages", [1, 2, 3, 5, 8, 9])
def test_every_link_lands_on_the_side_and_in_the_half_that_holds_its_target(sheet, pages):
    """Issue 35, point 6: each link of the pages is on the side its page went to, over the same text, and
    lands where its target went: the side and the half holding the target page, at the target's point as
    placed there (the page scaled to fit its half and centred; a /Fit link at the page's top left corner);
    an address stays an address."""
    from nests.publish.impose import sheet_points
    from tests.pdf_links import landings

    source = linked_pdf(pages)
    sides = booklet_sides(pages)
    width, height = sheet_points(sheet)
    scale = min(width / 2 / A5[0], height / A5[1])

    def placed(half: int, x: float, y: float) -> tuple[float, float]:
        return (half * width / 2 + (width / 2 - A5[0] * scale) / 2 + x * scale,
                (height - A5[1] * scale) / 2 + y * scale)

    expected = []
    for page, text, lands, point in landings(source):
        side = placed_on(sides, page)[0]
        if isinstance(lands, str):
            expected.append((side, text, lands, None))
        else:
            to, half = placed_on(sides, lands)
            expected.append((side, text, to, placed(half, *(point or (0, A5[1])))))
    got = landings(impose_booklet(source, sheet))

    def key(link):
        return str(link[:3])

    assert sorted(map(key, got)) == sorted(map(key, expected))
    for (*found, point), (*wanted, place) in zip(sorted(got, key=key), sorted(expected, key=key)):
        assert found == wanted and (point == place or point == pytest.approx(place, abs=0.01)), (found, point, place)
    assert len(got) == pages + 2 and sorted(text for _, text, _, _ in got if text) == sorted(
        f"page {i}" for i in range(1, pages + 1))
    assert [lands for _, _, lands, _ in got if isinstance(lands, str)] == ["https://example.org/"]
    if sheet == "a4":        # an A5 page keeps its size on A4: its points move sideways only
        assert scale == 1 and {text: point[1] for _, text, _, point in got if text} == pytest.approx({
            f"page {i}": 500 - i for i in range(1, pages + 1)}, abs=0.01)


def test_a_typeset_document_keeps_its_links_and_its_outline_on_the_booklet():
    """Pages typeset by WeasyPrint (named destinations, an outline): every link and every bookmark
    lands on the side holding its page, in its half."""
    from nests.document import Mark, Page
    from nests.publish.pdf import pdf_bytes
    from tests.pdf_links import landings

    pages = [Page(f"page {n} to {n % 5 + 1}\n", bookmarks=[(1, f"Part {n}")], marks=[Mark(0, 0, 6, link=n % 5 + 1)])
             for n in range(1, 6)]
    source = pdf_bytes(pages, "Linked", "a5")
    booklet = impose_booklet(source, "a4")
    sides = booklet_sides(5)
    found = landings(booklet)
    assert len(found) == len(landings(source)) == 5
    for side, text, lands, (x, _) in found:
        page = int(text.split()[1])
        assert side == placed_on(sides, page)[0] and text == f"page {page}"
        to, half = placed_on(sides, page % 5 + 1)
        assert lands == to and (half == 0) == (x < SHEETS["a4"][0] / 2)
    reader = PdfReader(io.BytesIO(booklet))
    outline = [(str(item.title), reader.get_destination_page_number(item) + 1, float(item.left)) for item in reader.outline]
    assert [(title, side) for title, side, _ in outline] == [(f"Part {n}", placed_on(sides, n)[0]) for n in range(1, 6)]
    assert all((placed_on(sides, n)[1] == 0) == (x < SHEETS["a4"][0] / 2) for n, (_, _, x) in enumerate(outline, 1))


@pytest.mark.parametrize("starts, pages, sides", [
    ([1, 3, 5], 6, [(1, 2), (3, 4), (5, 6)]),
    ([1, 2, 4], 5, [(1, None), (2, 3), (4, 5)]),
    ([1, 4], 6, [(1, 2), (3, None), (4, 5), (6, None)]),
    ([3], 4, [(1, 2), (3, 4)]),
    ([], 3, [(1, 2), (3, None)]),
])
def test_loose_sides_put_each_part_on_sides_of_its_own(starts, pages, sides):
    """A document handed out in parts (the party's sheets): each part's pages two a side, in reading
    order, from a side of its own, so that no two parts share a sheet of paper."""
    assert loose_sides(starts, pages) == sides


# -- through the command line -------------------------------------------------------------------

def squeeze(text: str) -> str:
    """The text without spaces and without the frame glyphs (U+2500–U+259F): their font draws
    nothing, and PDFium leaves a blank glyph at the page's edge out of a bounded text."""
    return "".join(c for c in "".join(text.split()) if not "\u2500" <= c <= "\u259f")


def check_booklet(pdf: bytes, txt_pages: list[list[str]], sheet: str, whole: bool = True) -> None:
    """The booklet of a document whose plaintext pages are ``txt_pages``: its sheets, and on each
    half the text of the page the order puts there (the PDF's text layer is the plaintext). Not
    ``whole``: the page's first and last two lines (heading; foot with the page number), for a document
    some of whose pages print a drawing in place of some of their text (the packet's map)."""
    n = len(txt_pages)
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == math.ceil(n / 4) * 4 // 2
    assert {(round(float(p.mediabox.width)), round(float(p.mediabox.height))) for p in reader.pages} == {SHEETS[sheet]}
    for (left, right), numbers in zip(halves(pdf), booklet_sides(n)):
        for text, number in zip((left, right), numbers):
            if number is None:
                assert squeeze(text) == "", number
            elif whole:
                assert squeeze(text) == squeeze("".join(txt_pages[number - 1])), number
            else:
                page = txt_pages[number - 1]
                assert squeeze(text).startswith(squeeze("".join(page[:2]))), number
                assert squeeze("".join(page[-2:])) in squeeze(text), number     # a drawing's text comes last


def type_sizes(pdf: bytes, side: int) -> list[float]:
    """The body type of each printed half of a side of the sheet as printed, in points, measured from the
    PDF: the step from one character to the next on a line (DejaVu Sans Mono advances every glyph
    by grid.GLYPH_ADVANCE of its size), the frame glyphs and spaces aside."""
    import ctypes

    import pypdfium2.raw as raw

    from nests.text import grid

    page = pypdfium2.PdfDocument(pdf)[side]
    width = page.get_size()[0]
    text = page.get_textpage()
    lines: dict[tuple[int, float], list[float]] = {}
    for k in range(text.count_chars()):
        code = raw.FPDFText_GetUnicode(text, k)
        if chr(code).isspace() or 0x2500 <= code <= 0x259F:
            continue
        x, y = ctypes.c_double(), ctypes.c_double()
        raw.FPDFText_GetCharOrigin(text, k, x, y)
        lines.setdefault((int(x.value >= width / 2), round(y.value, 1)), []).append(x.value)
    sizes = []
    for half in (0, 1):
        steps = [b - a for (h, _), xs in lines.items() if h == half
                 for a, b in zip(sorted(xs), sorted(xs)[1:]) if b - a > 0.5]
        if steps:                       # a blank half (the booklet's padding) prints nothing
            sizes.append(min(steps) / grid.GLYPH_ADVANCE)
    return sizes


# Through the command line, the packet and its handout at A4 and Letter and the rulebook at Letter
# (the imposition itself is checked at both sizes on numbered PDFs above).
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_packet_and_its_handout_laid_out_for_the_booklet_page_then_imposed(runner, tmp_path, paper):
    """Issue 28, point 6: the packet is laid out for the folded page (A5, half-Letter) at the width
    whose cell prints the body type at grid.BOOKLET_TYPE_PT or more, then imposed at 100%: its
    booklet is the packet at that --width, page for page, and its type measures at least that."""
    from nests.render.paper import COLUMNS, FOLDED
    from nests.text import grid

    width = COLUMNS[FOLDED[paper]]
    assert width < grid.PAGE_WIDTH
    result = runner.invoke(main, ["packet", "--seed", "11", "--handout", "--impose", "a5", "--paper", paper,
                                  "--width", str(width), "--format", "txt", "--format", "pdf", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for stem in ("packet-11", "packet-11-players"):
        pages = pages_of((tmp_path / f"{stem}.txt").read_text(encoding="utf-8"))
        pdf = (tmp_path / f"{stem}.pdf").read_bytes()
        check_booklet(pdf, pages, paper, whole=False)
        for side in (0, 1):
            sizes = type_sizes(pdf, side)
            assert sizes and all(grid.BOOKLET_TYPE_PT <= size < grid.BOOKLET_TYPE_PT + 0.5 for size in sizes), (side, sizes)


def test_a_rulebook_imposed(runner, tmp_path):
    result = runner.invoke(main, ["rulebook", str(SMALL_BOOK), "--impose", "a5", "--paper", "letter",
                                  "--format", "txt", "--format", "pdf", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pages = pages_of((tmp_path / "small-book.txt").read_text(encoding="utf-8"))
    check_booklet((tmp_path / "small-book.pdf").read_bytes(), pages, "letter")


def test_an_imposed_booklet_has_the_same_bytes_in_two_processes(runner, tmp_path):
    """A fresh process, and this one while it runs: the same booklet."""
    args = ["rulebook", str(SMALL_BOOK), "--impose", "a5", "--format", "pdf", "-o"]
    fresh = subprocess.Popen([sys.executable, "-m", "nests", *args, str(tmp_path / "a")], stdout=subprocess.DEVNULL)
    result = runner.invoke(main, [*args, str(tmp_path / "b")])
    assert fresh.wait(timeout=300) == 0 and result.exit_code == 0, result.output
    first = (tmp_path / "a" / "small-book.pdf").read_bytes()
    assert first == (tmp_path / "b" / "small-book.pdf").read_bytes()
    assert first.startswith(b"%PDF-1.7")


@pytest.mark.parametrize("args, message", [
    (["packet", "--seed", "1", "--impose", "a5", "--format", "txt"],
     "error: --impose a5 makes the PDF a booklet, but no PDF is asked for; add --format pdf\n"),
    (["rulebook", str(SMALL_BOOK), "--impose", "a5"],
     "error: --impose a5 makes the PDF a booklet, but no PDF is asked for; add --format pdf\n"),
    (["packet", "--seed", "1", "--paper", "letter", "-o", "-"],
     "error: --paper sets the paper of the PDF, but no PDF is asked for; add --format pdf\n"),
    (["sheet", "wasp", "--paper", "letter"],
     "error: --paper sets the paper of the PDF, but no PDF is asked for; add --format pdf\n"),
    (["enemy", "worker-termite", "--paper", "a4", "--format", "txt"],
     "error: --paper sets the paper of the PDF, but no PDF is asked for; add --format pdf\n"),
])
def test_paper_and_impose_without_a_pdf_are_one_line(runner, tmp_path, args, message):
    result = runner.invoke(main, args + ([] if "-o" in args else ["-o", str(tmp_path)]))
    assert result.exit_code == 2 and result.stderr == message and result.stdout == ""
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("args", [["packet", "--impose", "a6"], ["rulebook", str(SMALL_BOOK), "--impose", "A5x"],
                                  ["sheet", "wasp", "--impose", "a5", "--format", "pdf"]])
def test_a_bad_impose_is_refused_without_a_traceback(runner, tmp_path, args):
    result = runner.invoke(main, args + ["-o", str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.splitlines()[-1].startswith("Error: ") and "--impose" in result.stderr
    assert list(tmp_path.iterdir()) == []
