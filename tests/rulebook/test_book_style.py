"""The book style (issue 30, point 1): a book's PDF set in proportional type from the same
``Book`` as the text pages. Every node kind has a rendering; what the source says reaches
the HTML escaped; the title page, headings, contents, footnotes, tables and two columns
are where a reader looks for them; the txt is the framed pages in both styles; WeasyPrint
reads nothing but our fonts; the same source gives the same bytes in every process."""

import dataclasses
import io
import re
import subprocess
import sys
import typing
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from nests.book import model as m
from nests.cli import main
from nests.errors import NestsError
from nests.generators.rulebook.printed import book_html, labels_of
from nests.publish.pdf import html_to_pdf

from tests.pdf_links import links

from .conftest import SHARED


def t(text):
    return m.Text(text)


def example(kind: type):
    """One node of each kind of the model, holding a word that names it."""
    para = m.Paragraph([t("inside")])
    examples = {
        m.Text: lambda: t("plain-words"),
        m.Emphasis: lambda: m.Emphasis([t("emphasised-words")]),
        m.Strong: lambda: m.Strong([t("strong-words")]),
        m.Code: lambda: m.Code("code-words"),
        m.Math: lambda: m.Math("x² ≥ 4"),
        m.Ref: lambda: m.Ref("target", [t("ref-words")]),
        m.Link: lambda: m.Link("https://example.org/srd", [t("link-words")]),
        m.FootnoteRef: lambda: m.FootnoteRef("n1"),
        m.Symbol: lambda: m.Symbol("die", "⚂"),
        m.LineBreak: lambda: m.LineBreak(),
        m.Missing: lambda: m.Missing("missing-words.md"),
        m.Heading: lambda: m.Heading(2, [t("heading-words")], anchor="target"),
        m.Paragraph: lambda: m.Paragraph([t("paragraph-words")]),
        m.ListItem: lambda: m.ListItem([m.Paragraph([t("item-words")])]),
        m.ListBlock: lambda: m.ListBlock(True, [m.ListItem([m.Paragraph([t("list-words")])])], start=3),
        m.Definition: lambda: m.Definition([t("term-words")], [para]),
        m.DefinitionList: lambda: m.DefinitionList([m.Definition([t("defined-words")], [para])]),
        m.Cell: lambda: m.Cell([t("cell-words")]),
        m.Table: lambda: m.Table([[m.Cell([t("head-words")])]], [[m.Cell([t("row-words")])]],
                                 caption=[t("caption-words")], numbered=True),
        m.Box: lambda: m.Box("warning", [t("box-words")], [para]),
        m.Verbatim: lambda: m.Verbatim(["verbatim-words  kept"]),
        m.Formula: lambda: m.Formula("formula-words = 1"),
        m.Image: lambda: m.Image("image-words.png", note="not printable"),
        m.Figure: lambda: m.Figure([t("figure-words")], numbered=True, lines=["+--+"]),
        m.Footnote: lambda: m.Footnote("n1", [m.Paragraph([t("footnote-words")])]),
        m.PageBreak: lambda: m.PageBreak(),
        m.SheetPlaceholder: lambda: m.SheetPlaceholder("no-such-sheet"),
        m.DrawnPage: lambda: m.DrawnPage("cover", ["drawn-words"]),
    }
    assert kind in examples, f"{kind.__name__}: a node kind the book style has no example of; add it here"
    return examples[kind]()


def node_kinds() -> list[type]:
    return [k for k in vars(m).values() if isinstance(k, type) and issubclass(k, m.Node) and k is not m.Node]


def test_every_node_kind_of_the_model_has_a_rendering():
    """A book holding one node of every kind: each prints its words (a kind without a macro
    in templates/book/blocks.html.j2 stops the book with an error, failing here)."""
    inline_kinds = set(typing.get_args(m.Inline))
    block_kinds = set(typing.get_args(m.Block))
    parts = {m.ListItem: lambda n: m.ListBlock(False, [n]), m.Definition: lambda n: m.DefinitionList([n]),
             m.Cell: lambda n: m.Table([], [[n]]), m.Image: lambda n: m.Figure([t("pictured")], image=n)}
    blocks = []
    for kind in node_kinds():
        node = example(kind)
        if kind in inline_kinds:
            blocks.append(m.Paragraph([t("before "), node, t(" after")]))
        elif kind in block_kinds:
            blocks.append(node)
        else:
            assert kind in parts, f"{kind.__name__} is neither an inline, a block nor a known part of one"
            blocks.append(parts[kind](node))
    html = book_html(m.Book("All Kinds", blocks, "kinds.md"), "a4")
    for word in ("plain-words", "<em>emphasised-words</em>", "<strong>strong-words</strong>", "<code>code-words",
                 "x² ≥ 4", "ref-words</a>", 'href="https://example.org/srd">link-words</a>', "⚂", "<br>",
                 "[missing: missing-words.md]", "heading-words</h", "paragraph-words", "item-words",
                 '<ol start="3">', "term-words</dt>", "cell-words</td>", "<th>head-words</th>", "Table 1",
                 "box-words", "verbatim-words  kept", "formula-words", "image-words.png: not printable",
                 "Figure 1", "footnote-words", 'class="page-break"', "[missing: character sheet no-such-sheet]",
                 "drawn-words"):
        assert word in html, word


def test_a_node_kind_without_a_rendering_stops_the_book():
    @dataclasses.dataclass
    class Sidebar(m.Node):
        words: str

    with pytest.raises(NestsError, match="no layout for a Sidebar"):
        book_html(m.Book("Odd", [Sidebar("x")], "odd.md"), "a4")


def test_what_the_source_says_is_escaped():
    book = m.Book("<b>Title</b>", [m.Heading(1, [t("<script>x</script>")]),
                                     m.Paragraph([t("a < b & c"), m.Code("<i>")])], "x.md")
    html = book_html(book, "a4")
    assert "<script>" not in html and "<b>Title" not in html and "<i>" not in html
    assert "&lt;script&gt;" in html and "a &lt; b &amp; c" in html


def test_numbers_are_those_of_the_text_pages(typeset_blocks):
    """Headings, tables and figures carry the numbers the framed pages print for them."""
    blocks = [m.Heading(1, [t("Book")], numbered=False), m.Heading(2, [t("One")]), m.Heading(3, [t("Sub")]),
              m.Table([], [[m.Cell([t("x")])]], numbered=True), m.Heading(2, [t("Two")]),
              m.Figure([t("A map")], numbered=True, lines=["..."])]
    labels = labels_of(m.Book("Book", blocks, "b.md"))
    assert [labels.label(b) for b in blocks] == ["Book", "1 One", "1.1 Sub", "Table 1", "2 Two", "Figure 1"]
    text = "".join(p.text for p in typeset_blocks(blocks).pages)
    assert "1.1 Sub" in text and "Table 1" in text and "Figure 1: A map" in text


_TYPESET: dict[tuple, dict] = {}     # (a shared book, options) → the files `nests rulebook` wrote: once a process


def pdf_of(source: str, *options: str, tmp_path, again: bool = False) -> bytes:
    """`nests rulebook SOURCE --format pdf --format txt OPTIONS -o tmp_path`; the PDF's bytes. A book of
    ../shared/rulebook (never changed by a test) is typeset once a process, its files written again for each;
    ``again``: typeset anew (a test that changes how the command typesets)."""
    shared = not again and Path(source).resolve().is_relative_to(SHARED.resolve())
    key = (source, options)
    if not shared or key not in _TYPESET:
        result = CliRunner().invoke(main, ["rulebook", source, "--format", "pdf", "--format", "txt", *options,
                                           "-o", str(tmp_path)])
        assert result.exit_code == 0, result.output
        if not shared:
            return _pdf(source, tmp_path)
        _TYPESET[key] = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    tmp_path.mkdir(parents=True, exist_ok=True)
    for name, data in _TYPESET[key].items():
        (tmp_path / name).write_bytes(data)
    return _pdf(source, tmp_path)


def _pdf(source: str, folder) -> bytes:
    stem = re.sub(r"\.(md|rst|tex|xml|raw\.txt)$", "", source.rsplit("/", 1)[-1])
    return (folder / f"{stem}.pdf").read_bytes()


@pytest.fixture(scope="module")
def base_rules(tmp_path_factory):
    """base-rules.md in the book style (its default), and its pages' text."""
    out = tmp_path_factory.mktemp("book")
    pdf = pdf_of(str(SHARED / "base-rules.md"), tmp_path=out)
    document = pypdfium2.PdfDocument(pdf)
    return pdf, [document[k].get_textpage().get_text_range() for k in range(len(document))], out


@pytest.fixture(scope="module")
def framed_base_rules(tmp_path_factory):
    """base-rules.md on framed pages, every heading listed: the PDF, and the folder that holds it and its txt."""
    out = tmp_path_factory.mktemp("framed")
    return pdf_of(str(SHARED / "base-rules.md"), "--style", "framed", "--toc-depth", "6", tmp_path=out), out


def test_the_book_style_is_the_default_for_other_markups_and_keeps_the_txt(base_rules, tmp_path):
    pdf, pages, out = base_rules
    fonts = {str(f.get_object()["/BaseFont"]) for page in PdfReader(io.BytesIO(pdf)).pages
             for f in page["/Resources"].get("/Font", {}).values()}          # (a blank back holds no font)
    assert any("SourceSerif" in f or "Book" in f for f in fonts), fonts
    assert pages[0].split() == ["Base", "Rules"]                # the title page, from the book's own title
    assert pages[1].split() == []                                 # the title page's back, blank as in a book
    assert pages[2].split("\r\n")[0].strip() == "Contents" or "Contents\r\n" in pages[2]
    # the contents on the next right-hand page, numbered iii: the title page and its back are i and ii
    assert "Foreword" in pages[2] and pages[2].rstrip().endswith("iii")
    assert "1 Foreword" not in pages[2]                  # (Markdown's headings unnumbered, as pandoc prints them)
    framed = tmp_path / "framed"                         # (the framed style's txt alone: no PDF needed for it)
    result = CliRunner().invoke(main, ["rulebook", str(SHARED / "base-rules.md"), "--style", "framed",
                                       "--format", "txt", "-o", str(framed)])
    assert result.exit_code == 0, result.output
    assert (framed / "base-rules.txt").read_bytes() == (out / "base-rules.txt").read_bytes()


def squeezed(text: str) -> str:
    """Words as a page's text layer holds them, whatever the lines and hyphens: for finding them."""
    return re.sub(r"[\s\ufffe\u00ad-]+", "", text).lower()


def test_every_contents_entry_and_reference_lands_on_the_page_of_its_heading(base_rules):
    pdf, pages, _ = base_rules
    found = links(pdf)
    # (its headings unnumbered, as pandoc prints them: an entry's words are its title, its page apart)
    entries = [(text, lands) for page, text, lands in found if page == 3 and re.search(r"[A-Za-z]", text)]
    assert len(entries) > 20
    for text, lands in entries:
        title = re.sub(r"[ .]+\d+$", "", text).strip(" .")
        assert squeezed(title[:25]) in squeezed(pages[lands - 1]), (text, lands)


def test_every_cross_reference_lands_on_the_page_of_its_target(tmp_path):
    """References forward and back, across chapters: each link lands where its heading is."""
    source = tmp_path / "refs.md"
    filler = "Words that fill the pages between the places. " * 120
    chapters = [f"## Place {k}\n\n{filler}\n\nSee [the next](#place-{k + 1}) and [the first](#place-1).\n\n"
                for k in range(1, 6)]
    source.write_text("# Places\n\n" + "".join(chapters), encoding="utf-8")
    pdf = pdf_of(str(source), "--number-headings", tmp_path=tmp_path)        # (numbered: found by number)
    document = pypdfium2.PdfDocument(pdf)
    text = [squeezed(document[k].get_textpage().get_text_range()) for k in range(len(document))]
    found = [(page, under, lands) for page, under, lands in links(pdf) if under in ("the next", "the first")]
    assert len(found) == 9               # the last chapter's "next" names nothing: a missing reference
    nexts = sorted((page, lands) for page, under, lands in found if under == "the next")
    for k, (page, lands) in enumerate(nexts, start=1):         # chapter k's "next": chapter k + 1's page
        assert f"{k + 1}place{k + 1}" in text[lands - 1] and lands > page, (k, page, lands)
    firsts = {lands for _, under, lands in found if under == "the first"}
    assert len(firsts) == 1 and "1place1" in text[firsts.pop() - 1]


def test_footnote_marks_link_to_their_note_and_back(tmp_path):
    """A note is printed at the foot of a page (its mark's, or the next when the mark ends a
    full page); the mark links to it and its number back to the mark."""
    source = tmp_path / "notes.md"
    source.write_text("# Notes\n\n## One\n\n" + "Filler words for the page. " * 300 +
                      "\n\nA claim.[^a] Words after it.\n\n" + "More words. " * 100 + "\n\n"
                      "[^a]: The note that backs it.\n", encoding="utf-8")
    pdf = pdf_of(str(source), tmp_path=tmp_path)
    document = pypdfium2.PdfDocument(pdf)
    text = [document[k].get_textpage().get_text_range() for k in range(len(document))]
    claim = next(k for k, page in enumerate(text, 1) if "A claim" in page)
    note = next(k for k, page in enumerate(text, 1) if "The note that backs it." in page)
    assert note in (claim, claim + 1)
    numbered = [(page, lands) for page, under, lands in links(pdf) if under == "1" and page in (claim, note)]
    assert (claim, note) in numbered and (note, claim) in numbered
    page = document[note - 1].get_textpage()

    def bottom(words: str) -> float:           # PDF points from the foot of the page
        return page.get_charbox(page.search(words).get_next()[0])[1]

    above = "More words" if "More words" in text[note - 1] else "A claim"
    assert bottom("The note") < bottom(above) and bottom("The note") < document[note - 1].get_height() / 4


def test_a_web_address_is_a_link_in_both_styles(tmp_path):
    source = tmp_path / "web.md"
    source.write_text("# Web\n\n## Where\n\nRead [the SRD](https://example.org/srd) or https://example.org/faq.\n",
                      encoding="utf-8")
    for style in ("book", "framed"):
        pdf = pdf_of(str(source), "--style", style, tmp_path=tmp_path / style)
        urls = {lands for _, _, lands in links(pdf) if isinstance(lands, str)}
        assert "https://example.org/faq" in urls, style
        if style == "book":
            assert "https://example.org/srd" in urls


def test_two_columns_on_request_and_refused_on_a_framed_page(tmp_path, runner):
    source = tmp_path / "cols.md"
    source.write_text("# Cols\n\n## One\n\n" + "Words set in two columns on the page. " * 200 + "\n", encoding="utf-8")
    one = pypdfium2.PdfDocument(pdf_of(str(source), tmp_path=tmp_path / "one"))
    two = pypdfium2.PdfDocument(pdf_of(str(source), "--columns", "2", tmp_path=tmp_path / "two"))

    def across_the_middle(document) -> int:
        """Letters on a full page that reach over the middle of the text (none with a gutter there): the
        body's first page, after the title page, the contents and the blank back of each."""
        page = document[4]
        middle = page.get_width() / 2
        text = page.get_textpage()
        boxes = [text.get_charbox(k) for k in range(text.count_chars()) if text.get_text_range(k, 1).isalpha()]
        return sum(1 for left, _, right, _ in boxes if left < middle < right)

    assert across_the_middle(one) > 20 and across_the_middle(two) == 0
    result = runner.invoke(main, ["rulebook", str(source), "--style", "framed", "--columns", "2",
                                  "-o", str(tmp_path / "x")])
    assert result.exit_code == 2 and "--columns 2" in result.output and "Traceback" not in result.output


def test_the_nests_book_takes_the_book_style_when_asked(tmp_path):
    from .test_cli import SMALL

    pdf = pdf_of(str(SMALL), "--style", "book", tmp_path=tmp_path)
    text = pypdfium2.PdfDocument(pdf)[2].get_textpage().get_text_range()      # the contents, after a blank back
    assert "Contents" in text and "║" not in text


def test_weasyprint_fetches_only_our_fonts(monkeypatch):
    """The book style's HTML names no address but our templates' fonts and internal links."""
    book = m.Book("Fetch", [m.Paragraph([m.Link("https://example.org/x", [t("away")])])], "f.md")
    html = book_html(book, "a4")
    assert set(re.findall(r"url\(([^)]*)\)", html)) == {"fonts/SourceSerif4.ttf", "fonts/SourceSerif4-Italic.ttf",
                                                          "fonts/DejaVuSansMono.ttf"}
    assert re.findall(r'src="([^"]*)"', html) == []
    from weasyprint.urls import URLFetcher

    opened = []
    real = URLFetcher.fetch
    monkeypatch.setattr(URLFetcher, "fetch", lambda self, url, *a, **k: opened.append(url) or real(self, url, *a, **k))
    html_to_pdf(html)
    assert opened and all(u.startswith("file://") and "/templates/fonts/" in u for u in opened), opened


def test_same_bytes_in_two_processes(tmp_path):
    source = str(SHARED / "basic-rules.rst")
    made = []
    for k in range(2):
        subprocess.run([sys.executable, "-m", "nests", "rulebook", source, "--format", "pdf", "-o",
                        str(tmp_path / str(k))], check=True, capture_output=True)
        made.append((tmp_path / str(k) / "basic-rules.pdf").read_bytes())
    assert made[0] == made[1]


def test_a_long_book_typeset_in_parts_prints_the_pages_it_prints_whole(base_rules, monkeypatch, tmp_path):
    """A book longer than grid.BOOK_PARTS_OVER is typeset in parts of whole chapters and bound
    (nests.publish.bound): the same pages, words, page numbers, running heads, links and
    outline as the book typeset whole (a text layer's hyphen aside: pypdf's copy of a page
    tells it apart from WeasyPrint's). (Whole: the module's base_rules, the same command.)"""
    from nests.text import grid

    source = str(SHARED / "base-rules.md")
    whole = base_rules[0]
    monkeypatch.setattr(grid, "BOOK_PARTS_OVER", 20_000)
    monkeypatch.setattr(grid, "BOOK_PART_CHARS", 12_000)
    from nests.generators.rulebook.printed import BookPrint
    from nests.book.readers import read_book

    assert len(BookPrint(read_book(source)).parts("a4")) > 2
    parted = pdf_of(source, tmp_path=tmp_path / "parts", again=True)
    assert parted != whole

    def pages(pdf):
        document = pypdfium2.PdfDocument(pdf)
        return [re.sub(r"[\ufffe\u2010-]\s?", "", " ".join(document[k].get_textpage().get_text_range().split()))
                for k in range(len(document))]

    assert pages(parted) == pages(whole)
    assert sorted(links(parted)) == sorted(links(whole))

    def outline(pdf):
        reader = PdfReader(io.BytesIO(pdf))

        def walk(items, depth):
            for item in items:
                if isinstance(item, list):
                    yield from walk(item, depth + 1)
                else:
                    yield depth, item.title, reader.get_destination_page_number(item)
        return list(walk(reader.outline, 0))

    assert outline(parted) == outline(whole)


def test_the_framed_pages_link_contents_references_and_notes(content, framed_base_rules):
    """The framed style's links, found in its own text (nests.generators.rulebook.links): each
    contents entry to the page its heading is on, each "(page N)" to page N, each footnote
    mark to the page its note starts on; and in the PDF they are links."""
    from nests.generators.rulebook import typeset
    from nests.book.readers import read_book

    book = typeset(read_book(str(SHARED / "base-rules.md")), content, toc_depth=6)     # every heading listed
    lines = {k: page.text.split("\n") for k, page in enumerate(book.pages, 1)}
    headed = {k: {title for _, _, title in page.headings} for k, page in enumerate(book.pages, 1)}
    kinds = {"contents": 0, "reference": 0}
    for k, page in enumerate(book.pages, 1):
        for mark in page.marks:
            said = lines[k][mark.line][mark.start:mark.end]
            if page.kind == "contents":
                kinds["contents"] += 1
                title = re.sub(r"^[\d.]+ ", "", re.sub(r" \.+ \d+$", "", said)).strip()
                assert any(title.startswith(h[:20]) or h.startswith(title[:20]) for h in headed[mark.link]), said
            elif said.startswith("(page"):
                kinds["reference"] += 1
                assert said == f"(page {mark.link})"
    # (the book's own list of contents, links to its headings, is left out: the references in its text remain)
    assert kinds["contents"] > 50 and kinds["reference"] >= 5
    pdf, _ = framed_base_rules
    inside = [(page, lands) for page, under, lands in links(pdf) if isinstance(lands, int)]
    assert len(inside) == sum(len([m for m in p.marks if m.link]) for p in book.pages)


def test_the_title_page_holds_the_book_s_own_credits(tmp_path):
    """A Markdown front matter's author, date and version, LaTeX's \\author and \\date: on the title page."""
    (tmp_path / "w.md").write_text('---\ntitle: Wing Care\nauthor: [Ada Moth, Bo Wasp]\ndate: 2024-05-01\n'
                                   'version: "1.2"\n---\n\n# Wing Care\n\n## Oils\n\nWords.\n', encoding="utf-8")
    (tmp_path / "s.tex").write_text("\\documentclass{book}\n\\title{Stings}\\author{Cy Hornet}\\date{June 2025}\n"
                                    "\\begin{document}\\maketitle\n\\chapter{One}\nWords.\n\\end{document}\n",
                                    encoding="utf-8")
    for name, said in (("w.md", ["Wing Care", "Ada Moth, Bo Wasp", "1.2", "2024-05-01"]),
                       ("s.tex", ["Stings", "Cy Hornet", "June 2025"])):
        pdf = pdf_of(str(tmp_path / name), tmp_path=tmp_path / name.replace(".", "-"))
        title_page = pypdfium2.PdfDocument(pdf)[0].get_textpage().get_text_range()
        assert [line.strip() for line in title_page.splitlines() if line.strip()] == said, title_page


def test_a_table_whose_header_cells_are_all_empty_prints_no_header(tmp_path):
    """Markdown's ``| |`` over ``| - |``, as some SRDs set a formula in a box: pandoc prints no
    header, so one rule over the rows, not an empty row between two; a header with words keeps it."""
    from nests.book.readers import read_book

    source = tmp_path / "sums.md"
    source.write_text("# Sums\n\n| |\n| - |\n| Guard = 10 + Agility |\n\n| A | B |\n|---|---|\n| 1 | 2 |\n",
                      encoding="utf-8")
    html = book_html(read_book(str(source)), "a4")
    tables = re.findall(r"<table.*?</table>", html, re.S)
    assert len(tables) == 2 and "<thead>" not in tables[0] and "Guard = 10 + Agility" in tables[0]
    assert "<thead>\n<tr><th>A</th><th>B</th></tr>" in tables[1]
