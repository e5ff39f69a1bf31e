"""The PDF sheets: one page each filling the printable area, frames drawn as
unbroken vectors, the same text, our fonts embedded, the same bytes; a page's
drawing and form fields."""

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from nests.cli import main
from nests.document import Drawing, FormField, Page
from nests.publish.pdf import pdf_bytes, pdf_html
from nests.text.glyphs import DOUBLE, DOWN, LEFT, NONE, RIGHT, UP, shapes

GOLDEN = Path(__file__).parents[1] / "golden" / "sheets"
ALL = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]
MM = 72 / 25.4                                  # points per millimetre
PAPER_HEIGHT = {"a4": 297 * MM, "letter": 11 * 72}
PAPER_WIDTH = {"a4": 210 * MM, "letter": 8.5 * 72}
DPI = 150


@pytest.fixture(scope="module")
def pdf_dir(tmp_path_factory):
    from click.testing import CliRunner

    out = tmp_path_factory.mktemp("pdf")
    result = CliRunner().invoke(main, ["sheet", "--all", "--format", "pdf", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def wasp_text() -> str:
    return (GOLDEN / "wasp.txt").read_text(encoding="utf-8")


def raster(pdf: bytes) -> Image.Image:
    """The first page as a greyscale image at 150 dpi, as a PDF viewer (PDFium) prints it."""
    import pypdfium2

    page = pypdfium2.PdfDocument(pdf)[0]
    return page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")


def grid_of(html: str) -> dict[str, float]:
    """Where the template put the page grid on the paper, in points (its data-grid)."""
    numbers = re.search(r'data-grid="([^"]+)"', html).group(1).split()
    return dict(zip(["left", "top", "cell", "line", "light", "heavy", "gap"], map(float, numbers)))


@pytest.fixture(scope="module", params=["a4", "letter"])
def printed_wasp(request):
    pages = [Page(wasp_text())]
    html = pdf_html(pages, "Wasp", request.param)
    return request.param, grid_of(html), raster(pdf_bytes(pages, "Wasp", request.param))


# -- the text layer, the fonts, the paper, the bytes ---------------------------------------------

@pytest.mark.parametrize("class_id", ALL)
def test_one_page_whose_text_is_the_plaintext_sheet(pdf_dir, class_id):
    """Every word, figure and frame glyph copies out of the PDF as in the plaintext sheet."""
    reader = PdfReader(pdf_dir / f"{class_id}.pdf")
    assert len(reader.pages) == 1
    expected = (GOLDEN / f"{class_id}.txt").read_text(encoding="utf-8").rstrip("\n")
    assert reader.pages[0].extract_text() == expected


def embedded_fonts(page) -> dict[str, bytes]:
    fonts = {}
    for ref in page["/Resources"]["/Font"].values():
        font = ref.get_object()
        descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
        fonts[str(font["/BaseFont"])] = descriptor["/FontFile2"].get_object().get_data()
    return fonts


def test_our_two_fonts_are_embedded_and_subset_and_the_frames_font_draws_nothing(pdf_dir):
    from fontTools.ttLib import TTFont

    fonts = embedded_fonts(PdfReader(pdf_dir / "wasp.pdf").pages[0])
    assert sorted(name[8:] for name in fonts) == ["Nests-Frames", "Nests-Mono"]
    assert all(name[7] == "+" for name in fonts), "/XXXXXX+ marks a subset"
    frames = TTFont(io.BytesIO(next(data for name, data in fonts.items() if name.endswith("Frames"))))
    glyf = frames["glyf"]
    assert len(frames.getGlyphOrder()) > 10                       # the frame glyphs the sheet uses
    assert all(glyf[name].numberOfContours == 0 for name in frames.getGlyphOrder())


def test_the_frames_font_is_the_one_its_maker_makes():
    from nests.publish.frames_font import TARGET, frames_font

    assert TARGET.read_bytes() == frames_font(), "run python -m nests.publish.frames_font"


def test_a4_by_default_and_letter_on_request(pdf_dir, runner, tmp_path):
    a4 = PdfReader(pdf_dir / "wasp.pdf").pages[0].mediabox
    assert (round(float(a4.width)), round(float(a4.height))) == (595, 842)
    result = runner.invoke(main, ["sheet", "wasp", "--format", "pdf", "--paper", "letter", "-o", str(tmp_path)])
    assert result.exit_code == 0
    letter = PdfReader(tmp_path / "wasp.pdf").pages[0].mediabox
    assert (round(float(letter.width)), round(float(letter.height))) == (612, 792)


def test_same_bytes_in_every_process(pdf_dir, tmp_path):
    """A fresh process (its own hash seed, SOURCE_DATE_EPOCH unset) writes the bytes this one wrote."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    run = subprocess.run([sys.executable, "-m", "nests", "sheet", "wasp", "ants", "--format", "pdf",
                          "-o", str(tmp_path)], env=env, stdout=subprocess.DEVNULL, timeout=300)
    assert run.returncode == 0
    for name in ("wasp.pdf", "ants.pdf"):
        assert (tmp_path / name).read_bytes() == (pdf_dir / name).read_bytes()


# -- print that fills the page -------------------------------------------------------------------

def test_the_sheet_fills_the_printable_height_and_nothing_is_printed_outside_it(printed_wasp):
    """The printable area is the paper less 10 mm at top and bottom; the sheet and
    its shadow ink at least 85% of its height, and nothing else is printed. All
    94 columns fit within 10 mm of each side."""
    paper, _, image = printed_wasp
    px = DPI / 72
    top_limit, bottom_limit = 10 * MM * px, (PAPER_HEIGHT[paper] - 10 * MM) * px
    left, top, right, bottom = Image.eval(image, lambda v: 255 if v < 160 else 0).getbbox()
    assert top >= top_limit - 1 and bottom <= bottom_limit + 1, (paper, top, bottom)
    assert left >= 10 * MM * px - 1 and right <= (PAPER_WIDTH[paper] - 10 * MM) * px + 1, (paper, left, right)
    assert (bottom - top) / (bottom_limit - top_limit) >= 0.85


@pytest.mark.parametrize("columns", [48, 140])
def test_a_narrower_page_is_centred_and_a_wider_one_set_smaller_to_fit(columns):
    """A sheet at --width N: under 94 columns it keeps the type size and sits in
    the middle of the paper; over 94 the type shrinks until it fits the width."""
    lines = [(line[:columns] if columns < 94 else line + "." * (columns - 94)) for line in wasp_text().split("\n")]
    image = raster(pdf_bytes([Page("\n".join(lines))], "Wasp"))
    px = DPI / 72
    left, top, right, bottom = Image.eval(image, lambda v: 255 if v < 160 else 0).getbbox()
    full = grid_of(pdf_html([Page(wasp_text())], "Wasp"))
    if columns < 94:
        assert abs((left + right) / 2 - image.width / 2) < 3 * MM * px
        assert right - left < columns * full["cell"] * px
    else:
        assert left >= 10 * MM * px - 1 and right <= (PAPER_WIDTH["a4"] - 10 * MM) * px + 1
    assert (bottom - top) / ((PAPER_HEIGHT["a4"] - 20 * MM) * px) >= 0.85


def arm_lines(arms, arm) -> list[int]:
    """The strokes of one arm, as offsets of gaps from the cell's middle."""
    return [] if arms[arm] == NONE else ([-1, 1] if arms[arm] == DOUBLE else [0])


def test_every_frame_line_is_unbroken_at_150_dpi(printed_wasp):
    """Where two cells' lines meet, the print shows ink at every pixel of each
    stroke: the strokes from the middle of one cell to the middle of the next
    (less the joints, where a T or a corner rightly opens a double line)."""
    paper, g, image = printed_wasp
    pixels, px = image.load(), DPI / 72
    table = shapes()
    lines = wasp_text().split("\n")

    def dark_across(x: float, y: float, vertical: bool) -> bool:
        """Ink within a pixel either side of the stroke's centre line at this point."""
        x, y = round(x * px), round(y * px)
        around = [(x + d, y) if vertical else (x, y + d) for d in (-1, 0, 1)]
        return min(pixels[p] for p in around) < 128

    checked = 0
    for row, text in enumerate(lines):
        for col, char in enumerate(text):
            here = table.get(char)
            for arm, (dc, dr) in ((RIGHT, (1, 0)), (DOWN, (0, 1))):
                if here is None or not 0 <= row + dr < len(lines) or col + dc >= len(lines[row + dr]):
                    continue
                there = table.get(lines[row + dr][col + dc])
                opposite = LEFT if arm == RIGHT else UP
                if there is None or here.arms[arm] == NONE or there.arms[opposite] == NONE:
                    continue
                assert arm_lines(here.arms, arm) == arm_lines(there.arms, opposite), (row, col)
                cx = g["left"] + (col + 0.5) * g["cell"]
                cy = g["top"] + (row + 0.5) * g["line"]
                joint = g["gap"] + g["heavy"]
                for offset in arm_lines(here.arms, arm):
                    if arm == RIGHT:
                        y = cy + offset * g["gap"]
                        xs = [cx + joint + i / px for i in range(int((g["cell"] - 2 * joint) * px) + 1)]
                        gaps = [x for x in xs if not dark_across(x, y, vertical=False)]
                    else:
                        x = cx + offset * g["gap"]
                        ys = [cy + joint + i / px for i in range(int((g["line"] - 2 * joint) * px) + 1)]
                        gaps = [y for y in ys if not dark_across(x, y, vertical=True)]
                    assert not gaps, f"{paper}: the line from line {row} column {col} breaks"
                    checked += 1
    assert checked > 1500                                  # every frame of the sheet was looked at


def test_the_outer_frame_corners_close(printed_wasp):
    """The outer stroke of the double frame turns each corner with no notch."""
    paper, g, image = printed_wasp
    pixels, px = image.load(), DPI / 72
    for col, row, sx, sy in ((0, 0, -1, -1), (92, 0, 1, -1), (0, 48, -1, 1), (92, 48, 1, 1)):
        x = g["left"] + (col + 0.5) * g["cell"] + sx * g["gap"]
        y = g["top"] + (row + 0.5) * g["line"] + sy * g["gap"]
        around = [(round(x * px) + dx, round(y * px) + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        assert min(pixels[p] for p in around) < 128, (paper, col, row)


# -- a drawing in place of text; form fields ------------------------------------------------------

ESCAPED = "<b>&amp; \"not markup\"</b>"


@pytest.fixture(scope="module")
def drawn_and_fillable():
    lines = wasp_text().split("\n")
    lines[2] = lines[2][:30] + ESCAPED + lines[2][30 + len(ESCAPED):]
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 89 8" preserveAspectRatio="none">'
           '<rect width="89" height="8" fill="#000"/></svg>')
    fields = [
        FormField("name", 1, 2, 40, value="Vesper <&> \"the Quick\""),
        FormField("attributes.speed", 5, 16, 3, value="60"),
        FormField("items.0.depleted", 38, 48, 1, kind="checkbox", value="true"),
        FormField("items.1.depleted", 39, 48, 1, kind="checkbox", value="false"),
        FormField("items.1.name", 39, 50, 30, value=""),
        FormField("notes", 41, 2, 40, height=3, value="First line\nsecond line"),
    ]
    page = Page("\n".join(lines), drawing=Drawing(svg, first_line=19, lines=8), fields=fields)
    data = pdf_bytes([page], "Wasp")
    return lines, fields, data, grid_of(pdf_html([page], "Wasp"))


def test_a_drawing_is_printed_in_place_of_the_text_it_covers_inside_the_frame(drawn_and_fillable):
    lines, _, data, g = drawn_and_fillable
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text().split("\n")
    assert "Stinger Attack" in "\n".join(lines[19:27]) and "Stinger Attack" not in "\n".join(text)
    for n in range(19, 27):
        assert text[n][:2].strip() == lines[n][:2].strip() and text[n][-2:] == lines[n][-2:]
        assert text[n][2:91].strip() == ""
    assert text[27] == lines[27] and text[18] == lines[18]
    image, px = raster(data), DPI / 72
    pixels = image.load()
    middle = (round((g["left"] + 46 * g["cell"]) * px), round((g["top"] + 23 * g["line"]) * px))
    assert pixels[middle] < 64, "the drawing is printed"
    outer_left = g["left"] + 0.5 * g["cell"] - g["gap"]
    for y in range(round((g["top"] + 19 * g["line"]) * px), round((g["top"] + 27 * g["line"]) * px)):
        assert min(pixels[round(outer_left * px) + d, y] for d in (-1, 0, 1)) < 128, "the frame is kept"


def test_page_text_is_escaped_not_markup(drawn_and_fillable):
    _, _, data, _ = drawn_and_fillable
    assert ESCAPED in PdfReader(io.BytesIO(data)).pages[0].extract_text()


def test_each_field_is_a_named_form_field_holding_its_value_printed_once(drawn_and_fillable):
    lines, fields, data, _ = drawn_and_fillable
    reader = PdfReader(io.BytesIO(data))
    text = reader.pages[0].extract_text().split("\n")
    speed = next(f for f in fields if f.name == "attributes.speed")
    # The page text under a field holding a value is not printed (the field shows it) ...
    assert text[speed.line][speed.column:speed.column + speed.width] == " " * speed.width
    assert text[speed.line][speed.column + speed.width:] == lines[speed.line][speed.column + speed.width:]
    assert text[1][2:42].strip() == "" and lines[1][2:42].strip() != ""
    # ... under an empty field, or a checkbox, it is.
    assert text[38] == lines[38] and text[39] == lines[39]
    found = reader.get_fields()
    assert sorted(found) == sorted(f.name for f in fields)
    assert found["name"]["/FT"] == "/Tx" and found["name"]["/V"] == "Vesper <&> \"the Quick\""
    assert found["attributes.speed"]["/V"] == "60"
    assert found["notes"]["/V"] == "First line\nsecond line"
    assert found["items.0.depleted"]["/FT"] == "/Btn" and found["items.0.depleted"]["/V"] == "/on"
    assert found["items.1.depleted"]["/V"] == "/Off"


def test_fields_lie_on_their_cells_and_type_in_our_visible_font(drawn_and_fillable):
    _, fields, data, g = drawn_and_fillable
    page = PdfReader(io.BytesIO(data)).pages[0]
    height = float(page.mediabox.height)
    fonts = {name: str(ref.get_object()["/BaseFont"]) for name, ref in page["/Resources"]["/Font"].items()}
    by_name = {f.name: f for f in fields}
    for annotation in page["/Annots"]:
        widget = annotation.get_object()
        field = by_name[widget["/T"]]
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
        assert abs(x0 - (g["left"] + field.column * g["cell"])) < 0.5
        assert abs(x1 - x0 - field.width * g["cell"]) < 0.5
        top, bottom = height - max(y0, y1), height - min(y0, y1)
        line_top = g["top"] + field.line * g["line"]
        assert line_top - 0.5 <= top and bottom <= line_top + field.height * g["line"] + 0.5
        if field.kind == "text":
            font = re.search(r"/(\w+) [\d.]+ Tf", str(widget["/DA"])).group(1)
            assert fonts["/" + font].endswith("+Nests-Mono")


def test_a_field_of_an_unknown_kind_is_refused_before_typesetting():
    from nests.errors import NestsError

    with pytest.raises(NestsError, match="'radio' is not one of text, checkbox"):
        pdf_html([Page("x\n", fields=[FormField("luck", 1, 2, 3, kind="radio")])], "t")
