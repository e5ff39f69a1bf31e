"""Links across the parts of a long PDF (issue 30: "each PDF's links go where they say").

A framed document of more than grid.PDF_PARTS_OVER pages is typeset in parts and joined
(nests.publish.parts); a long book in the book style in parts of whole chapters, bound
(nests.publish.bound). Either way a link may lie in one part and its target in another, and
in the book style a LaTeX ``\\pageref`` prints a page of the bound book that its own part
cannot count. Here every contents entry, cross-reference and footnote mark lands on the page
that holds its target's words, and every ``\\pageref`` prints the page its target is on.

The framed book is typeset at the real threshold (some 200 pages, one chamber to a page,
about 10 s: the price of a document that is really split); the book style's parts are made
small (grid.BOOK_PARTS_OVER, grid.BOOK_PART_CHARS), as in test_book_style."""

import os
import re

import pypdfium2
import pytest
from click.testing import CliRunner

from nests.cli import main
from nests.publish.parts import split_pages
from nests.text import grid
from tests.pdf_links import links

CHAMBERS = 190          # one to a page, with the contents and the notes: some 203 framed pages


def far(chamber: int, count: int) -> int:
    """The chamber a chamber's text refers to: spread over the book, forward and back."""
    return (chamber * 37) % count + 1


def made(source, tmp_path, *options: str) -> tuple[bytes, list[str]]:
    result = CliRunner().invoke(main, ["rulebook", str(source), "--format", "pdf", *options, "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = next(tmp_path.glob("*.pdf")).read_bytes()
    document = pypdfium2.PdfDocument(pdf)
    return pdf, [document[k].get_textpage().get_text_range() for k in range(len(document))]


@pytest.fixture(scope="module")
def framed(tmp_path_factory):
    """A Markdown book of CHAMBERS chambers, each on its own page, each naming a chamber far
    away and carrying a footnote (the framed style prints the notes at the end)."""
    folder = tmp_path_factory.mktemp("framed")
    source = folder / "colony.md"
    source.write_text("# Long Colony\n" + "".join(
        f"\n## Chamber {c} {{#c-{c}}}\n\nThe workers seal chamber {c}. See [the far one](#c-{far(c, CHAMBERS)})."
        f"[^n{c}]\n\n[^n{c}]: Note {c}.\n\n\\newpage\n" for c in range(1, CHAMBERS + 1)), encoding="utf-8")
    return made(source, folder / "out", "--style", "framed", "--number-headings")      # (numbered: found by number)


def heading_on(text: str, chamber: int) -> bool:
    """Whether a framed page holds the heading of ``chamber`` (not a contents entry, which is indented)."""
    return re.search(rf"║ {chamber} Chamber {chamber}\s", text) is not None


def test_every_framed_link_lands_on_its_target_across_the_parts(framed):
    pdf, pages = framed
    assert len(pages) > grid.PDF_PARTS_OVER
    found = [(page, text, lands) for page, text, lands in links(pdf) if isinstance(lands, int)]
    kinds = {"entry": 0, "reference": 0, "mark": 0, "note": 0}
    for page, text, lands in found:
        here, there = pages[page - 1], pages[lands - 1]
        if entry := re.fullmatch(r"(\d+) Chamber \d+ \.+ (\d+)", text):      # the contents: the page it prints
            kinds["entry"] += 1
            assert lands == int(entry.group(2)) and heading_on(there, int(entry.group(1))), (page, text, lands)
        elif reference := re.fullmatch(r"\(page (\d+)\)", text):           # "(page N)": chamber far(c)'s page
            kinds["reference"] += 1
            chamber = int(re.search(r"seal chamber (\d+)\.", here).group(1))
            assert lands == int(reference.group(1)) and heading_on(there, far(chamber, CHAMBERS)), (page, text)
        elif mark := re.fullmatch(r"\[(\d+)\]", text):
            note = int(mark.group(1))
            if re.search(rf"\[{note}\] Note {note}\.", here):                # the note's own mark: back to its call
                kinds["note"] += 1
                assert re.search(rf"seal chamber {note}\..*\[{note}\]", there), (page, text, lands)
            else:                                                           # the call: to its note
                kinds["mark"] += 1
                assert re.search(rf"\[{note}\] Note {note}\.", there), (page, text, lands)
        else:
            assert text.startswith("Long Colony .") and lands == int(text.split()[-1])
    assert kinds == {"entry": CHAMBERS, "reference": CHAMBERS, "mark": CHAMBERS, "note": CHAMBERS}
    runs = split_pages(list(range(1, len(pages) + 1)), grid.PDF_PART_PAGES)
    assert len(runs) > 1
    across = [(page, lands) for page, _, lands in found if not any(page in run and lands in run for run in runs)]
    assert len(across) > CHAMBERS          # every note's call and its way back, most references


def test_a_framed_book_within_the_threshold_keeps_its_links(tmp_path):
    """Typeset whole, as before: WeasyPrint's own links, each to its page."""
    source = tmp_path / "small.md"
    source.write_text("# Small\n" + "".join(f"\n## Chamber {c}\n\nSee [chamber 1](#chamber-1).\n\n\\newpage\n"
                                           for c in range(1, 4)), encoding="utf-8")
    pdf, pages = made(source, tmp_path / "out", "--style", "framed", "--number-headings")
    found = [(page, lands) for page, text, lands in links(pdf) if text.startswith("(page")]
    assert found and all(heading_on(pages[lands - 1], 1) for _, lands in found)


HALLS = 7


def across(hall: int) -> int:
    """The hall a hall names: four on, round the book (forward, and back from the last halls)."""
    return (hall + 3) % HALLS + 1


def hall_source(path) -> None:
    """A LaTeX book of HALLS chapters, each naming the page of a hall and a stair far away and its own."""
    filler = "The workers carry the larvae down the long tunnel and seal the chamber behind them. " * 6 + "\n\n"
    chapters = []
    for c in range(1, HALLS + 1):
        t = across(c)
        chapters.append(f"\\chapter{{Hall {c}}}\\label{{hall{c}}}\n" + filler * 3 +
                        f"\\section{{Stair {c}}}\\label{{stair{c}}}\nFrom hall {c}: hall {t} is on page "
                        f"\\pageref{{hall{t}}}, stair {t} on page \\pageref{{stair{t}}}, hall {c} on page "
                        f"\\pageref{{hall{c}}}.\n\n" + filler * 3)
    path.write_text("\\documentclass{book}\n\\title{Deep Colony}\n\\begin{document}\n\\maketitle\n" +
                    "".join(chapters) + "\\end{document}\n", encoding="utf-8")


def squeezed(text: str) -> str:
    return " ".join(re.sub(r"[\ufffe\u00ad]", "", text).split())


def test_a_pageref_prints_the_bound_book_s_page_in_every_part(monkeypatch, tmp_path):
    """Each ``\\pageref`` prints the number at the foot of the page its target is set on, whatever
    part holds it, and its link lands on that page; so does a book typeset whole. The parts typeset
    again by the workers or in one process give the same bytes."""
    from nests.book.readers import read_book
    from nests.generators.rulebook.printed import BookPrint

    source = tmp_path / "deep.tex"
    hall_source(source)
    for name, over in (("whole", 10_000_000), ("parts", 10_000)):
        monkeypatch.setattr(grid, "BOOK_PARTS_OVER", over)
        monkeypatch.setattr(grid, "BOOK_PART_CHARS", 6_000)
        book = BookPrint(read_book(str(source)))
        book.parts("a4")
        part_of = {int(hall): k for k, html in enumerate(book.made) for hall in re.findall(r"</span> Hall (\d+)<", html)}
        assert len(part_of) == HALLS
        if name == "parts":        # most references name a hall in another part
            assert len(book.made) >= 4 and sum(part_of[c] != part_of[across(c)] for c in part_of) >= HALLS - 1
        pdf, pages = made(source, tmp_path / name)
        pages = [squeezed(page) for page in pages]
        # the page's number, printed last (a blank back, before the contents or page 1, prints none)
        foot = {k: (page.split() or [""])[-1] for k, page in enumerate(pages, 1)}
        at = {int(number): k for k, number in foot.items() if number.isdigit()}
        said = set()
        for k, page in enumerate(pages, 1):
            for ref in re.finditer(r"From hall (\d+): hall (\d+) is on page (\d+), stair \d+ on page (\d+), "
                                   r"hall \d+ on page (\d+)\.", page):
                c, t, hall, stair, own = (int(g) for g in ref.groups())
                assert f"{t} Hall {t}" in pages[at[hall] - 1] and f"{t}.1 Stair {t}" in pages[at[stair] - 1], ref
                assert f"{c} Hall {c}" in pages[at[own] - 1], (name, ref.group())
                said |= {(k, str(number)) for number in (hall, stair, own)}
        assert len({c for c, _ in said}) == HALLS, name
        numbers = [(page, text, lands) for page, text, lands in links(pdf) if text.isdigit() and foot[page].isdigit()]
        assert {(page, text) for page, text, _ in numbers} == said            # each printed page is a link
        assert all(foot[lands] == text for _, text, lands in numbers), (name, numbers)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)           # the parts typeset again here, not by workers
    assert made(source, tmp_path / "one")[0] == pdf
