"""The packet's PDF links and tones (issue 28, points 7 and 1): every contents entry, every page
reference ``p.N`` (with the code before it) and every stat block, Item and Room code is a link
that lands on the page its text names; every roll ``dN → R`` prints in a lighter tone; the
text layer, the outline, and the PDFs of sheets and books stay as they were.

The links are read with pypdf (their rectangles and destinations), the text under each with
PDFium (pypdfium2)."""

import io
import re

import pypdfium2
import pytest
from pypdf import PdfReader

from nests.document import Mark, Page
from nests.generators.packet.marks import DICE
from nests.packet import packet_documents
from nests.publish.pdf import pdf_bytes, pdf_html, printed, runs
from tests.pdf_links import links

PARTY = ["wasp", "spider", "beetle"]


@pytest.fixture(scope="module")
def made(content):
    """The packet of seed 42 (its document, its JSON's page of every code) and its PDF."""
    import json

    doc = packet_documents(content, 42, PARTY, None)[0]
    return doc, json.loads(doc.files["json"].text)["pages"], pdf_bytes(doc.pages, doc.title)


REFERENCE = re.compile(r"p\.(\d+)$")
CODE = re.compile(r"(?:Room )?(\d+\.\d+|[EI]\d+)$")


def test_every_link_lands_on_the_page_its_text_names(made):
    doc, numbers, pdf = made
    found = links(pdf)
    assert len(found) > 50          # a one-shot's contents, Room keys and stat blocks: some 70 links and more
    for page, text, lands in found:
        reference = REFERENCE.search(text)
        if reference:           # "E7 p.13", "Level 4 p.7", "Cover.....p.1": the page it prints
            assert lands == int(reference.group(1)), (page, text, lands)
        else:                   # a bare code: the page of its key
            code = CODE.fullmatch(text)
            assert code and lands == numbers[code.group(1)], (page, text, lands)


def test_every_page_reference_and_contents_entry_is_a_link(made):
    """Each ``p.N`` the text layer of a page prints is under a link, the map's drawing's too (its link
    rectangles over each chamber and each spare Room's code, issue 35)."""
    doc, numbers, pdf = made
    by_page = {}
    for page, text, _ in links(pdf):
        by_page[page] = by_page.get(page, 0) + len(re.findall(r"p\.\d+", text))
    document = pypdfium2.PdfDocument(pdf)
    assert any(page.drawing is not None for page in doc.pages)
    for number in range(1, len(document) + 1):
        printed = len(re.findall(r"p\.\d+", document[number - 1].get_textpage().get_text_range()))
        assert by_page.get(number, 0) == printed, number
    contents = [text for page, text, _ in links(pdf) if page == 1 and ".." in text]
    assert {"Cover", "Stat Blocks", "Item Key"} <= {text.split("..")[0] for text in contents}


def test_the_outline_stays(made):
    doc, numbers, pdf = made
    reader = PdfReader(io.BytesIO(pdf))
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[:2] == ["Cover", "The Job"] and "Stat Blocks" in titles


def test_every_roll_prints_in_the_dice_tone_and_only_rolls_do(made):
    """Issue 28, point 1: each "dN → R" run, and nothing else, is in the lighter tone (a roll a
    line's end breaks, each half); the text is the same."""
    doc, _, _ = made
    html = pdf_html(doc.pages, doc.title)
    toned = re.findall(r'<span class="dice">([^<]*)</span>', html)
    assert toned and all(re.fullmatch(r"\d*d\d+ → \d+( \(cap\))?|\d*d\d+( →)?|(→ )?\d+( \(cap\))?", t) for t in toned), toned
    whole = [t for t in toned if DICE.fullmatch(t)]
    assert len(whole) == sum(len(DICE.findall(printed(p).text)) for p in doc.pages)       # a drawing's cover aside
    assert ".dice {" in html and "color:" in html.split(".dice {")[1].split("}")[0]


def test_marks_cut_the_text_into_runs_that_join_to_it_unchanged():
    text = "║ E7 p.13 d20 → 7 ║\n║ Level 4 p.7     ║\n"
    marks = [Mark(0, 2, 9, link=13), Mark(0, 10, 17, tone="dice"), Mark(1, 2, 13, link=7), Mark(1, 2, 9, tone="dice")]
    cut = runs(text, marks)
    assert "".join(r.text for r in cut) == text
    assert [(r.text, r.link, r.tone) for r in cut if r.link or r.tone] == [
        ("E7 p.13", 13, ""), ("d20 → 7", 0, "dice"), ("Level 4", 7, "dice"), (" p.7", 7, "")]


def test_a_page_without_marks_gives_the_html_it_gave_before():
    """Sheets and books make no marks: their page's text goes into the PDF as one escaped run and
    no page gets an id, so their PDFs are as they were."""
    html = pdf_html([Page("║ a < b p.2 d6 → 3 ║\n"), Page("two\n")], "T")
    assert "║ a &lt; b p.2 d6 → 3 ║" in html and "<a " not in html and 'id="page-' not in html


def test_what_the_packet_marks_in_its_text():
    """A contents entry whole, a reference with its code, a bare code after "Room", not a figure
    like "2.1%"; a roll whole, and each half of one a line's end breaks."""
    from nests.generators.packet.marks import page_marks

    text = ("║ Stat Blocks.......p.12   Heart 2.1% · Room 3.1 · E7 p.13, d20 → 7: 7, d8 →    ║▓\n"
            "║     3: I2 p.14 · Level 4 p.6 · E9 (cap) d100 → 111 (cap)                      ║▓\n")
    marks = page_marks(text, {"3.1": 5, "E7": 13, "E9": 3}, 20)
    lines = text.split("\n")
    got = [(m.line, lines[m.line][m.start:m.end], m.link, m.tone) for m in marks]
    assert got == [
        (0, "Stat Blocks.......p.12", 12, ""), (0, "E7 p.13", 13, ""), (0, "Room 3.1", 5, ""),
        (0, "d20 → 7", 0, "dice"),
        (1, "I2 p.14", 14, ""), (1, "Level 4 p.6", 6, ""), (1, "E9", 3, ""), (1, "d100 → 111 (cap)", 0, "dice"),
        (0, "d8 →", 0, "dice"), (1, "3", 0, "dice")]
