"""A long document's PDF typeset in parts and joined (nests.publish.parts): the same pages,
text, outline and links as typeset whole (a link into another part too), the same bytes
every time; a short one untouched. The parts are made small here (grid.PDF_PARTS_OVER,
grid.PDF_PART_PAGES) so that a book of a dozen pages is split."""

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

from nests.cli import main
from nests.document import Document, Mark, Page
from nests.publish import parts
from nests.publish.pdf import pdf_bytes, render_pdfs
from nests.text import grid
from tests.pdf_links import links

# Bookmarks that nest across the parts (of three pages each): a section whose chapter is in
# the part before, levels skipped (1 → 3) and coming back, a title not in ASCII.
BOOKMARKS = [
    [(1, "Contents")],
    [(1, "1 Burrows"), (2, "1.1 Galleries")],
    [(3, "1.1.1 Deep galleries")],
    [(2, "1.2 Chambers")],
    [],
    [(3, "1.2.1 Brood"), (1, "2 Swarms"), (3, "2.0.1 A skipped level")],
    [(2, "2.1 After the skip")],
    [(1, "3 Queens")],
    [(3, "3.0.1 Royal jelly")],
    [(3, "3.0.2 Nuptial flight"), (2, "3.1 Successors")],
    [(1, "4 Ünïcode — tïtle")],
    [(2, "4.1 The last")],
]


# Each page's links, as (line, the page it links to): forward and back, within a part and into
# others (four parts of three pages: 1-3, 4-6, 7-9, 10-12), to the first page and the last.
LINKS = {1: [(0, 12), (1, 5), (2, 2)], 2: [(3, 9)], 5: [(0, 1), (4, 6)], 8: [(2, 8)], 12: [(0, 3), (1, 7)]}


def long_document() -> Document:
    pages = [Page("".join(f"page {n} line {line}: the colony keeps its tunnels\n" for line in range(20)), marks,
                  marks=[Mark(line, 0, len(f"page {n} line {line}"), link=to) for line, to in LINKS.get(n, [])])
             for n, marks in enumerate(BOOKMARKS, 1)]
    return Document("colony", "The Colony", pages)


def small_parts(monkeypatch, over: int = 4, most: int = 3) -> None:
    monkeypatch.setattr(grid, "PDF_PARTS_OVER", over)
    monkeypatch.setattr(grid, "PDF_PART_PAGES", most)


def read(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def texts(pdf: bytes) -> list[str]:
    """Each page's text as PDFium reads it (pypdf's text extraction costs some 0.1 s a page)."""
    import pypdfium2

    return [page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(pdf)]


def outline(reader: PdfReader) -> list[tuple]:
    """Every outline entry in order: its depth, title, page (from 0), the point it shows and its /Count."""
    found = []

    def walk(items, depth):
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                found.append((depth, item.title, reader.get_destination_page_number(item),
                              float(item.left), float(item.top), item.get("/Count", 0)))

    walk(reader.outline, 1)
    return found


def landings(pdf: bytes) -> list[tuple]:
    """Each link as (its page, the text under it, the page it lands on, the point there, its rectangle
    as left, bottom, right, top), pages from 1: WeasyPrint names a destination, the join writes it out."""
    reader = read(pdf)
    named = reader.named_destinations
    found = []
    for (page, text, lands), annot in zip(links(pdf), [a.get_object() for p in reader.pages
                                                       for a in p.get("/Annots", []) if a.get_object()["/Subtype"] == "/Link"]):
        dest = annot["/Dest"]
        point = (float(named[dest].left), float(named[dest].top)) if isinstance(dest, str) else \
            (float(dest[2]), float(dest[3]))
        x1, y1, x2, y2 = (round(float(v), 2) for v in annot["/Rect"])
        found.append((page, text, lands, tuple(round(v, 2) for v in point), (min(x1, x2), min(y1, y2), max(x1, x2),
                                                                           max(y1, y2))))
    return found


def mono_subsets(reader: PdfReader) -> set[int]:
    """The subsets of our monospaced font the PDF embeds (their objects): one per part it was typeset in."""
    return {font.idnum for page in reader.pages for font in page["/Resources"]["/Font"].values()
            if str(font.get_object()["/BaseFont"]).endswith("Nests-Mono")}


@pytest.fixture(scope="module")
def whole():
    doc = long_document()
    return pdf_bytes(doc.pages, doc.title)


@pytest.fixture(scope="module")
def joined():
    """The long document typeset in four parts by the pool of workers, and again in this process."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        small_parts(monkeypatch)
        by_workers = render_pdfs([long_document()], "a4")[0]
        monkeypatch.setattr(os, "cpu_count", lambda: 1)
        here = render_pdfs([long_document()], "a4")[0]
    return by_workers, here


def test_the_runs_are_consecutive_and_even():
    assert [len(run) for run in parts.split_pages(list(range(10)), 3)] == [3, 3, 2, 2]
    assert [len(run) for run in parts.split_pages(list(range(9)), 3)] == [3, 3, 3]
    assert sum(parts.split_pages(list(range(1150)), 100), []) == list(range(1150))
    assert [len(run) for run in parts.split_pages(list(range(1150)), 100)] == [96] * 10 + [95] * 2


def test_the_document_is_typeset_in_parts(whole, joined):
    assert len(mono_subsets(read(whole))) == 1
    assert len(mono_subsets(read(joined[0]))) == 4


def test_every_page_in_order_with_the_same_text(whole, joined):
    before, after = read(whole), read(joined[0])
    assert len(after.pages) == len(before.pages) == len(BOOKMARKS)
    for page, (old, new, old_text, new_text) in enumerate(zip(before.pages, after.pages, texts(whole),
                                                              texts(joined[0])), 1):
        assert new_text == old_text
        assert new_text.startswith(f"page {page} line 0:")
        assert new.mediabox == old.mediabox


def test_the_outline_nests_across_the_parts_as_typeset_whole(whole, joined):
    before, after = outline(read(whole)), outline(read(joined[0]))
    assert after == before
    assert [(depth, title) for depth, title, *_ in after][3:7] == [
        (3, "1.1.1 Deep galleries"), (2, "1.2 Chambers"), (3, "1.2.1 Brood"), (1, "2 Swarms")]
    assert (2, "2.0.1 A skipped level", 5) in [entry[:3] for entry in after]
    assert read(joined[0]).root_object["/Outlines"]["/Count"] == sum(map(len, BOOKMARKS))


def test_every_link_lands_where_it_lands_typeset_whole(whole, joined):
    """A link into another part too: on its target's page, at the same point, from the same rectangle."""
    before, after = landings(whole), landings(joined[0])
    assert after == before
    assert [(page, text, lands) for page, text, lands, _, _ in after] == [
        (n, f"page {n} line {line}", to) for n, lines in sorted(LINKS.items()) for line, to in lines]
    parts = [range(1, 4), range(4, 7), range(7, 10), range(10, 13)]
    assert sum(not any(page in run and lands in run for run in parts) for page, _, lands, _, _ in after) >= 6


def test_the_metadata_are_kept(whole, joined):
    before, after = read(whole), read(joined[0])
    assert after.metadata == before.metadata
    assert after.metadata["/Title"] == "The Colony"
    assert after.root_object["/Lang"] == before.root_object["/Lang"] == "en"
    assert after.pdf_header == before.pdf_header
    assert "/ID" not in after.trailer


def test_the_same_bytes_from_the_workers_and_from_one_process(joined):
    by_workers, here = joined
    assert by_workers == here


def test_the_same_bytes_in_a_fresh_process(joined, tmp_path):
    """A fresh process (its own hash seed, SOURCE_DATE_EPOCH unset) joins the same bytes."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    script = ("import sys; from nests.text import grid; grid.PDF_PARTS_OVER, grid.PDF_PART_PAGES = 4, 3\n"
              "from tests.publish.test_pdf_parts import long_document\n"
              "from nests.publish.pdf import render_pdfs\n"
              "sys.stdout.buffer.write(render_pdfs([long_document()], 'a4')[0])\n")
    run = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, timeout=300,
                         cwd=Path(__file__).parents[2])
    assert run.returncode == 0, run.stderr.decode()
    assert run.stdout == joined[0]


def test_a_document_no_longer_than_the_threshold_is_typeset_whole(monkeypatch):
    doc = long_document()
    doc.pages = doc.pages[:4]
    small_parts(monkeypatch)
    assert render_pdfs([doc], "a4")[0] == pdf_bytes(doc.pages, doc.title)


def test_a_long_book_through_the_command_as_typeset_whole(runner, tmp_path, monkeypatch):
    """`nests rulebook` of a Markdown book of seven pages: split, it gives the whole's pages and outline."""
    source = tmp_path / "tunnels.md"
    chapters = [f"# Chapter {c}\n\n" + "".join(
        f"## Section {c}.{s}\n\n" + "The workers dig the tunnel deeper every night. " * 50 + "\n\n"
        for s in range(1, 3)) for c in range(1, 4)]
    source.write_text("".join(chapters), encoding="utf-8")
    made, pdfs = {}, {}
    for name, over in (("whole", 10_000), ("parts", 4)):
        small_parts(monkeypatch, over)
        result = runner.invoke(main, ["rulebook", str(source), "--format", "pdf", "--style", "framed",
                                      "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
        pdfs[name] = (tmp_path / name / "tunnels.pdf").read_bytes()
        made[name] = read(pdfs[name])
    assert len(made["whole"].pages) > 4
    assert len(mono_subsets(made["parts"])) > 1
    assert texts(pdfs["parts"]) == texts(pdfs["whole"]) and "Section 3.2" in "".join(texts(pdfs["whole"]))
    assert outline(made["parts"]) == outline(made["whole"])
    assert len(outline(made["whole"])) >= 9
