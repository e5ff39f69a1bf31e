"""PDF figures (issue 30): a figure whose file is a PDF prints its first page, at the page's
own size, in both page styles; drawn by PDFium in a child process, bounded in pixels;
an encrypted, broken or empty PDF is one warning at its line and an empty frame."""

import io
import os
import signal
import subprocess
import sys

import pypdfium2
import pytest
from PIL import Image

from nests.book import model as m
from nests.book import pdf_figure
from nests.book.images import picture
from nests.book.readers import read_book
from nests.book.readers.common import Report
from nests.cli import main

from tests.pdf_figures import encrypted, pdf_figure as made_pdf, without_a_page

BLUE = (0, 0, 255)


def book(folder, figures: dict[str, bytes], markdown: str) -> str:
    for name, data in figures.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder / "book.md").write_text(markdown, encoding="utf-8")
    return str(folder / "book.md")


def printed_images(pdf: bytes) -> list[tuple[tuple[int, int], tuple[float, float, float, float], Image.Image]]:
    """Each image the PDF prints: its size in pixels, its box on its page (points, from the
    bottom left of the page as it shows: its media box, which a book's page moves toward the
    fold) and that page drawn at 2 px a point, cut to the box."""
    document = pypdfium2.PdfDocument(pdf)
    out = []
    for page in document:
        x0, y0 = page.get_mediabox()[:2]
        for thing in page.get_objects(filter=[pypdfium2.raw.FPDF_PAGEOBJ_IMAGE]):
            left, bottom, right, top = thing.get_bounds()
            left, bottom, right, top = left - x0, bottom - y0, right - x0, top - y0
            drawn = page.render(scale=2).to_pil().convert("RGB")
            height = page.get_height()
            cut = drawn.crop((round(left * 2), round((height - top) * 2), round(right * 2), round((height - bottom) * 2)))
            out.append((tuple(thing.get_px_size()), (left, bottom, right, top), cut))
    return out


def share(picture: Image.Image, colour: tuple[int, int, int], box=None) -> float:
    """The share of the picture's pixels (in ``box``, fractions of its size) near ``colour``."""
    if box:
        w, h = picture.size
        picture = picture.crop((round(box[0] * w), round(box[1] * h), round(box[2] * w), round(box[3] * h)))
    counts = picture.getcolors(picture.width * picture.height)
    return sum(n for n, p in counts if all(abs(a - b) < 40 for a, b in zip(p, colour))) / sum(n for n, _ in counts)


@pytest.mark.parametrize("style", ["book", "framed"])
def test_a_pdf_figure_prints_its_page_at_its_own_size_in_both_styles(runner, tmp_path, style):
    # 4 × 2 inches: blue on its left half, a black rule across; drawn at 300 dpi
    source = book(tmp_path, {"figs/half.pdf": made_pdf(288, 144)},
                  "# Book\n\nWords.\n\n![Half blue](figs/half.pdf)\n\nAfter.\n")
    result = runner.invoke(main, ["rulebook", source, "--style", style, "--format", "pdf", "--format", "txt",
                                  "-o", str(tmp_path / "out")])
    assert result.exit_code == 0 and result.stderr == "", result.output
    [(pixels, (left, bottom, right, top), seen)] = printed_images((tmp_path / "out" / "book.pdf").read_bytes())
    assert pixels == (1200, 600)
    if style == "book":
        assert right - left == pytest.approx(288, abs=0.5) and top - bottom == pytest.approx(144, abs=0.5)
    else:                               # its frame a whole number of lines tall: its shape kept, its size near
        assert (right - left) / (top - bottom) == pytest.approx(2, rel=0.01) and right - left == pytest.approx(288, rel=0.05)
    assert share(seen, BLUE, (0.05, 0.05, 0.45, 0.4)) > 0.95                   # its blue half, in its place
    assert share(seen, (255, 255, 255), (0.55, 0.05, 0.95, 0.4)) > 0.95        # no background of its own
    assert share(seen, (0, 0, 0), (0.55, 0.45, 0.95, 0.55)) > 0.2              # the rule
    text = (tmp_path / "out" / "book.txt").read_text(encoding="utf-8")
    assert "[figs/half.pdf]" in text and "not printed" not in text             # its frame, empty of notes


def test_the_page_box_pdflatex_prints_sets_the_size(tmp_path):
    # pdfTeX includes a page's crop box; a MediaBox alone is the crop box too
    cropped = made_pdf(288, 144).replace(b"/MediaBox [0 0 288 144]", b"/MediaBox [0 0 600 600] /CropBox [0 0 288 144]")
    report = Report(str(tmp_path / "book.md"))
    (tmp_path / "fig.pdf").write_bytes(cropped)
    found = picture(report, "fig.pdf", 4, [tmp_path])
    assert (found.kind, found.width, found.height) == ("png", 384, 192)        # 4 × 2 in, in CSS pixels
    assert Image.open(io.BytesIO(found.data)).size == (1200, 600) and report.warnings == []


def test_a_pdf_is_known_by_its_header_even_after_some_junk_and_an_svg_naming_one_stays_an_svg(tmp_path):
    report = Report(str(tmp_path / "book.md"))
    (tmp_path / "mailed.pdf").write_bytes(b"From the plotter\r\n" + made_pdf())    # PDF readers look 1 KB in
    (tmp_path / "note.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20">'
                                       '<!-- made from %PDF-1.4 --></svg>', encoding="utf-8")
    mailed, note = (picture(report, name, 1, [tmp_path]) for name in ("mailed.pdf", "note.svg"))
    assert (mailed.kind, mailed.width, note.kind, note.width) == ("png", 384, "svg", 30) and report.warnings == []


@pytest.mark.parametrize("width, height", [(14400, 14400), (14400, 2), (2, 14400), (14400, 7200)])
def test_a_huge_page_is_drawn_within_the_pixel_budget(width, height):
    # a 200-inch page (the largest a PDF may have) at 300 dpi would be 3.6 billion pixels
    page = pdf_figure.drawn(made_pdf(width, height))
    assert isinstance(page, pdf_figure.Drawn) and (page.width, page.height) == (width, height)
    pixels = Image.open(io.BytesIO(page.png)).size
    assert pixels[0] * pixels[1] <= pdf_figure.MOST_PIXELS and max(pixels) <= pdf_figure.LONGEST_SIDE
    scale = max(pixels) / max(width, height)                       # its shape kept, to the pixel
    assert abs(pixels[0] - width * scale) <= 1 and abs(pixels[1] - height * scale) <= 1


def test_a_small_page_is_drawn_at_print_resolution():
    page = pdf_figure.drawn(made_pdf(72, 36))
    assert Image.open(io.BytesIO(page.png)).size == (300, 150)


def test_an_unprintable_pdf_is_one_warning_at_its_line_and_an_empty_frame(runner, tmp_path):
    good = made_pdf()
    figures = {"figs/locked.pdf": encrypted(good), "figs/cut.pdf": good[:70], "figs/empty.pdf": without_a_page(),
               "figs/good.pdf": good}
    (tmp_path / "book.tex").write_text(
        "\\documentclass{book}\n\\begin{document}\n\\chapter{One}\n"
        + "".join(f"\\begin{{figure}}\\includegraphics{{figs/{name}}}\\caption{{{name}}}\\end{{figure}}\n"
                  for name in ("locked", "cut", "empty", "good"))
        + "\\end{document}\n", encoding="utf-8")
    source = book(tmp_path, figures, "")[:-len("book.md")] + "book.tex"
    result = runner.invoke(main, ["rulebook", source, "--format", "pdf", "-o", str(tmp_path / "out")])
    assert result.exit_code == 0
    said = result.stderr.splitlines()
    assert said == [
        f"{source}:4: warning: image 'figs/locked' is an encrypted PDF (it asks for a password); its frame is printed empty",
        f"{source}:5: warning: image 'figs/cut' is a PDF that cannot be read (PDFium: Data format error); "
        "its frame is printed empty",
        f"{source}:6: warning: image 'figs/empty' is a PDF without a page; its frame is printed empty"]
    assert len(printed_images((tmp_path / "out" / "book.pdf").read_bytes())) == 1      # the good one
    strict = runner.invoke(main, ["rulebook", source, "--strict", "--format", "pdf", "-o", str(tmp_path / "strict")])
    assert strict.exit_code == 2 and "Traceback" not in strict.output
    assert strict.stderr.splitlines()[0].startswith(f"error: {source}:4: image 'figs/locked' is an encrypted PDF")
    assert not (tmp_path / "strict").exists()


def test_latex_takes_the_pdf_before_the_png_and_eps_beside_it(tmp_path):
    # pdfTeX's graphicx tries .pdf, then .png…, and .eps is never printed here
    book(tmp_path, {"figs/plot.pdf": made_pdf(), "figs/plot.eps": b"%!PS-Adobe-3.0 EPSF-3.0\n",
                    "figs/old.eps": b"%!PS-Adobe-3.0 EPSF-3.0\n"}, "")
    Image.new("RGB", (10, 10), "red").save(tmp_path / "figs" / "plot.png")
    (tmp_path / "book.tex").write_text("\\documentclass{book}\n\\begin{document}\n\\chapter{One}\n"
                                       "\\includegraphics{figs/plot}\n\\includegraphics{figs/old}\n\\end{document}\n",
                                       encoding="utf-8")
    read = read_book(str(tmp_path / "book.tex"))
    plot, old = [node for node in walk(read.blocks) if isinstance(node, m.Image)]
    assert (plot.kind, plot.width, plot.height) == ("png", 384, 192)
    assert old.data == b"" and old.note == "an EPS figure: not printed"
    assert [w.line for w in read.warnings] == [5] and "EPS figure" in read.warnings[0].message


def walk(nodes):
    for node in nodes:
        yield node
        for value in vars(node).values():
            if isinstance(value, m.Node):
                yield from walk([value])
            elif isinstance(value, list):
                yield from walk([v for v in value if isinstance(v, m.Node)])


def test_a_pdf_figure_is_read_only_from_inside_the_book(tmp_path):
    (tmp_path / "book").mkdir()
    (tmp_path / "secret.pdf").write_bytes(made_pdf())
    os.symlink(tmp_path / "secret.pdf", tmp_path / "book" / "away.pdf")
    report = Report(str(tmp_path / "book" / "book.md"))
    for name in ("../secret.pdf", "away.pdf", f"file://{tmp_path}/secret.pdf"):
        found = picture(report, name, 2, [tmp_path / "book"])
        assert isinstance(found, m.Image) and not found.data and found.note == "outside the book: not read"
    assert len(report.warnings) == 3


def test_pdfium_runs_in_a_child_and_a_child_that_dies_costs_only_its_figure(tmp_path):
    """The command's process never loads PDFium (a crash in it would end the command);
    a child killed meanwhile is replaced at the next figure."""
    code = ("import sys\nfrom nests.book.readers import read_book\nread_book(sys.argv[1])\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'pypdfium2', 'pypdfium2_raw', 'PIL'}))")
    source = book(tmp_path, {"fig.pdf": made_pdf()}, "# B\n\n![x](fig.pdf)\n")
    out = subprocess.run([sys.executable, "-c", code, source], capture_output=True, text=True, check=True)
    assert out.stdout == "[]\n"
    assert isinstance(pdf_figure.drawn(made_pdf(100, 50)), pdf_figure.Drawn)
    os.kill(pdf_figure._child.pid, signal.SIGKILL)
    pdf_figure._child.wait()
    assert isinstance(pdf_figure.drawn(made_pdf(100, 51)), pdf_figure.Drawn)


def test_the_same_pdf_figure_makes_the_same_book_in_every_process(tmp_path):
    source = book(tmp_path, {"figs/half.pdf": made_pdf(300, 200)}, "# Book\n\n![Half](figs/half.pdf)\n")
    made = []
    for run in ("one", "two"):
        subprocess.run([sys.executable, "-m", "nests", "rulebook", source, "--format", "pdf", "-o", str(tmp_path / run)],
                       check=True, capture_output=True)
        made.append((tmp_path / run / "book.pdf").read_bytes())
    assert made[0] == made[1] and b"/Subtype /Image" in made[0]
