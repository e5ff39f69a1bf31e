"""A book's figures: the picture a figure names is found as its markup finds it,
framed on the text page (the grid kept) and printed over its frame in the PDF;
only a file that is truly absent is [missing: …]. Pictures come only from inside
the book's folder, read by us and handed to WeasyPrint inside the HTML."""

import base64
import io
import os
import re

import pytest
from PIL import Image

from nests.book import model as m
from nests.book.readers import read_book
from nests.generators.rulebook import rulebook_document, typeset

from .checks import check_book

FRAME = re.compile(r"^║ ┌\[([^\]]*)\]─*┐ ║▓$")
SAFE_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150">'
            '<defs><linearGradient id="g"/></defs><rect width="300" height="150" style="fill: url(#g)"/></svg>')


def png(path, size=(400, 200), colour="red"):
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)
    return path


def frames(book) -> list[tuple[str, int]]:
    """Each picture frame's title and its height in lines (top and bottom rules included)."""
    out = []
    for page in book.pages:
        lines = page.text.split("\n")
        for k, line in enumerate(lines):
            if found := FRAME.match(line):
                end = next(j for j in range(k, len(lines)) if lines[j].startswith("║ └"))
                out.append((found.group(1), end - k + 1))
    return out


def warnings(book) -> list[str]:
    return [f"{w.line}: {w.message}" for w in book.warnings]


def test_a_markdown_figure_is_framed_to_its_shape_and_printed_in_the_pdf(tmp_path, content):
    from pypdf import PdfReader

    from nests.publish.pdf import html_to_pdf, pdf_html

    png(tmp_path / "pics" / "wide.png", (800, 400))
    png(tmp_path / "pics" / "icon.png", (40, 40), "blue")
    source = tmp_path / "book.md"
    source.write_text("# Book\n\n## Maps\n\n![The Nest seen from above](pics/wide.png)\n\n"
                      "![icon](pics/icon.png)\n\nAfter.\n", encoding="utf-8")
    book = typeset(read_book(str(source)), content)
    check_book(book)
    assert book.warnings == []
    (wide, wide_lines), (icon, icon_lines) = frames(book)
    # at the text's width, half as tall as wide: 89 columns of 2.04 mm make 18 lines of 5.54 mm
    assert (wide, icon) == ("pics/wide.png", "pics/icon.png") and wide_lines == 16 and icon_lines == 3
    assert "The Nest seen from above" in book.pages[-1].text and "[missing" not in book.pages[-1].text
    document, _ = rulebook_document(str(source), content)
    html = pdf_html(document.pages, document.title)
    uris = re.findall(r'src="(data:[^"]*)"', html)
    assert [u.split(",")[0] for u in uris] == ["data:image/png;base64"] * 2
    assert base64.b64decode(uris[0].split(",")[1]) == (tmp_path / "pics" / "wide.png").read_bytes()
    # nothing else to fetch (a link to a page of the PDF itself fetches nothing)
    assert re.findall(r'(?:src|href)="([^"#][^"]*)"', html) == uris
    page = PdfReader(io.BytesIO(html_to_pdf(html))).pages[-1]
    assert sorted(im.image.size for im in page.images) == [(40, 40), (800, 400)]


def test_what_cannot_be_printed_keeps_its_frame_and_only_an_absent_file_is_missing(tmp_path, content):
    book_dir = tmp_path / "book"
    png(tmp_path / "outside.png")
    png(book_dir / "pics" / "real.png")
    (book_dir / "pics" / "fig.pdf").write_bytes(b"%PDF-1.4\n%%EOF\n")              # a PDF cut short
    (book_dir / "pics" / "fig.eps").write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n")
    (book_dir / "pics" / "notes.png").write_text("not a picture", encoding="utf-8")
    (book_dir / "pics" / "away.png").symlink_to(tmp_path / "outside.png")
    (book_dir / "pics" / "reach.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<image xlink:href="file:///etc/passwd"/></svg>', encoding="utf-8")
    names = ["pics/real.png", "pics/gone.png", "../outside.png", "pics/away.png", "https://example.com/a.png",
             "pics/fig.pdf", "pics/fig.eps", "pics/notes.png", "pics/reach.svg"]
    source = book_dir / "book.md"
    source.write_text("# Book\n\n" + "".join(f"![Fig {k}]({n})\n\n" for k, n in enumerate(names)), encoding="utf-8")
    book = typeset(read_book(str(source)), content)
    check_book(book)
    said = warnings(book)
    assert said[0] == "5: image 'pics/gone.png' is not there"
    assert [w.split(" ")[2] for w in said[1:]] == [f"'{n}'" for n in names[2:]]
    assert all(w.endswith("; its frame is printed empty") for w in said[1:])
    assert "outside the book's folder" in said[1] and "outside the book's folder" in said[2]
    assert "on the web" in said[3] and "PDF that cannot be read" in said[4] and "EPS figure" in said[5]
    assert "not a PNG, JPEG, GIF, SVG or PDF" in said[6] and "'file:///etc/passwd', outside itself" in said[7]
    text = "".join(p.text for p in book.pages)
    assert text.count("[missing:") == 1 and "[missing: image: pics/gone.png]" in text
    assert [name for name, _ in frames(book)] == [n for n in names if n != "pics/gone.png"]
    for note in ("outside the book: not read", "on the web: not fetched", "unreadable PDF: not printed",
                 "an EPS figure: not printed", "not a picture: not printed", "unsafe SVG: not printed"):
        assert note in text
    document, _ = rulebook_document(str(source), content)
    assert [len(p.pictures) for p in document.pages if p.pictures] == [1]       # the one real picture


def test_latex_finds_a_picture_through_graphicspath_and_without_its_extension(tmp_path, content):
    png(tmp_path / "figures" / "plot.png", (300, 300))
    (tmp_path / "figures" / "plot.eps").write_bytes(b"%!PS-Adobe-3.0 EPSF-3.0\n")     # for latex (dvips); not printable
    png(tmp_path / "art" / "cover.png", (300, 100))
    source = tmp_path / "book.tex"
    source.write_text("\\documentclass{book}\n\\graphicspath{{figures/}{art/}}\n\\title{Plots}\n"
                      "\\begin{document}\n\\chapter{One}\n\\begin{figure}\n\\centering\n"
                      "\\includegraphics[width=.5\\textwidth]{plot}\n\\caption{The plot.}\n\\end{figure}\n"
                      "\\begin{figure}\\includegraphics{cover.png}\\end{figure}\n"
                      "\\begin{figure}\\includegraphics{nowhere}\\caption{Lost.}\\end{figure}\n\\end{document}\n",
                      encoding="utf-8")
    book = typeset(read_book(str(source)), content)
    check_book(book)
    assert warnings(book) == ["12: image 'nowhere' is not there"]
    assert [name for name, _ in frames(book)] == ["plot", "cover.png"]
    text = "".join(p.text for p in book.pages)
    assert "Figure 1.1: The plot." in text and "[missing: image: nowhere] Lost." in text
    document, _ = rulebook_document(str(source), content)
    plot, cover = [picture for p in document.pages for picture in p.pictures]
    assert plot.data == (tmp_path / "figures" / "plot.png").read_bytes() and cover.kind == "png"


def test_a_root_relative_picture_is_read_from_the_books_folder(tmp_path, content):
    png(tmp_path / "_static" / "map.png")
    source = tmp_path / "index.rst"
    source.write_text("Guide\n=====\n\n.. figure:: /_static/map.png\n\n   The map.\n\n"
                      ".. image:: /etc/passwd\n", encoding="utf-8")
    book = typeset(read_book(str(source)), content)
    assert warnings(book) == ["8: image '/etc/passwd' is not there"]        # the book's own /etc, not the system's
    assert [name for name, _ in frames(book)] == ["/_static/map.png"]


@pytest.mark.parametrize("svg, why", [
    ('<svg xmlns="http://www.w3.org/2000/svg"><image href="http://example.com/x.png"/></svg>',
     "links to 'http://example.com/x.png'"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill: url(other.svg#g)"/></svg>', "links to 'other.svg#g'"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(#x);</style></svg>', "imports a stylesheet"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "holds <script>"),
    ('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject/></svg>', "holds <foreignObject>"),
    ('<?xml-stylesheet href="style.css"?><svg xmlns="http://www.w3.org/2000/svg"/>', "links a stylesheet"),
    ('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
     "declares a DTD"),
    ('<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>', "holds a script"),
])
def test_an_svg_that_reaches_outside_itself_is_refused(svg, why):
    from nests.book.svg import svg_size

    assert svg_size(svg.encode())[1].startswith(why)


def test_an_svg_holding_only_itself_is_printed_at_its_size():
    from nests.book.svg import svg_size

    embedded = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="4cm" '
                'viewBox="0 0 200 100"><image xlink:href="data:image/png;base64,iVBORw0KGgo="/></svg>')
    assert svg_size(SAFE_SVG.encode()) == ((300, 150), "")
    assert svg_size(embedded.encode()) == ((151, 76), "")             # 4 cm at 96 px an inch, the viewBox's shape


@pytest.mark.parametrize("url", ["file:///etc/passwd", "http://example.com/x.png", "data:text/html;base64,PGI+",
                                 "data:image/png;base64,AAA=\nfile:///etc/passwd"])
def test_weasyprint_may_read_only_our_templates_and_pictures_inside_the_page(url):
    from weasyprint.urls import FatalURLFetchingError

    from nests import paths
    from nests.publish.pdf import _fetcher_class

    fetcher = _fetcher_class()()
    with pytest.raises(FatalURLFetchingError, match="refused to fetch"):
        fetcher.fetch(url)
    assert fetcher.fetch("data:image/png;base64,iVBORw0KGgo=").read() == b"\x89PNG\r\n\x1a\n"
    assert fetcher.fetch((paths.TEMPLATES / "fonts" / "DejaVuSansMono.ttf").resolve().as_uri()).read()


def test_a_figure_in_a_book_of_pictures_lands_on_the_grid(tmp_path, content):
    """Tall and wide pictures, in boxes and lists, at every place on the page: the grid holds."""
    png(tmp_path / "tall.png", (200, 2000))
    png(tmp_path / "wide.png", (3000, 100))
    tall = m.Figure([m.Text("Tall")], image=read_picture(tmp_path, "tall.png"))
    wide = m.Figure([m.Text("Wide")], image=read_picture(tmp_path, "wide.png"))
    blocks = []
    for k in range(12):
        blocks += [m.Paragraph([m.Text("Words. " * (k * 9))]), tall if k % 2 else wide,
                   m.Box("note", [m.Text("Boxed")], [wide]),
                   m.ListBlock(False, [m.ListItem([m.Paragraph([m.Text("Item")]), tall])])]
    book = typeset(m.Book("Pictures", blocks, str(tmp_path / "book.md")), content)
    check_book(book)
    assert all(lines <= 47 for _, lines in frames(book))
    document_pages = [p for p in book.pages if p.pictures]
    assert sum(len(p.pictures) for p in document_pages) == 12 * 3
    for page in document_pages:
        rows = page.text.split("\n")
        for picture in page.pictures:                  # each picture lies exactly over its frame
            top, bottom = rows[picture.first_line], rows[picture.first_line + picture.lines - 1]
            assert top[picture.first_column] == "┌" and top[picture.first_column + picture.columns - 1] == "┐"
            assert bottom[picture.first_column] == "└"
            assert 0 < picture.width <= picture.columns


def read_picture(folder, name):
    from nests.book.images import picture
    from nests.book.readers.common import Report

    found = picture(Report(str(folder / "book.md")), name, 1, [folder])
    assert isinstance(found, m.Image) and found.data
    return found


def test_no_picture_is_read_through_a_link_out_of_the_book(tmp_path):
    from nests.book.images import picture
    from nests.book.readers.common import Report

    (tmp_path / "book").mkdir()
    png(tmp_path / "secret.png")
    os.symlink(tmp_path, tmp_path / "book" / "up")
    report = Report(str(tmp_path / "book" / "book.md"))
    found = picture(report, "up/secret.png", 3, [tmp_path / "book"])
    assert isinstance(found, m.Image) and not found.data and found.note == "outside the book: not read"
    assert [w.line for w in report.warnings] == [3]
