"""DocBook books and what every XML book may hold: a declared encoding, entities,
chapters pulled in by external entity or XInclude (from inside the book's
folder only), and text that is text.

tests/book/docbook/mantis-raid.xml is a small DocBook 4 book of our own: a
DOCTYPE with an internal entity and a parameter entity file (chapters.ent)
naming a chapter in ISO-8859-1 (hunt.xml), a chapter brought by XInclude
(molt.xml), CALS tables with thead/tbody, a spanning entry and a row span.
What the tests expect of its headings comes from libxml2's own reading of
the files (entities and XIncludes expanded by lxml itself), not from our reader.
"""

import re
from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.errors import NestsError
from nests.generators.rulebook import typeset
from tests.rulebook.checks import (body_text, check_cells, check_contents, check_footnotes, check_grid,
                                   check_references, check_warnings, contents_entries, squeezed)

from .headings import words

BOOK = Path(__file__).parent / "docbook" / "mantis-raid.xml"
SECTIONS = ("book", "preface", "chapter", "appendix", "sect1", "sect2", "sect3", "section")


def nodes(book, kind) -> list:
    return [n for n in walk(book.blocks) if isinstance(n, kind)]


def plain_words(book) -> str:
    return " ".join(m.plain(n.children) for n in nodes(book, m.Paragraph))


def libxml2_titles(path: Path) -> list[str]:
    """Section titles as libxml2 reads the book when trusted to expand everything itself."""
    from lxml import etree
    parser = etree.XMLParser(resolve_entities=True, load_dtd=False, no_network=True)
    tree = etree.parse(str(path), parser)
    tree.xinclude()
    found = []
    for el in tree.iter(*SECTIONS):
        title = el.find("title")
        if title is None and el.find("bookinfo") is not None:
            title = el.find("bookinfo/title")
        found.append(words("".join(title.itertext())))
    return found


@pytest.fixture(scope="module")
def mantis(content):
    model = read_book(str(BOOK))
    return model, typeset(model, content)


def test_every_section_of_the_book_and_its_included_chapters_is_in_the_contents(mantis):
    model, book = mantis
    expected = libxml2_titles(BOOK)
    assert len(expected) == 10
    # chapters numbered 1, 2…, the appendix lettered (A), as DocBook's tools number them
    assert [words(re.sub(r"^(?:[\d.]+|[A-Z](?:\.\d+)*) ", "", label)) for label, _ in contents_entries(book)] == expected
    assert contents_entries(book)[-1][0].startswith("A ")
    check_grid(book)
    check_contents(book)
    check_cells(model, book)
    check_references(model, book)
    check_footnotes(model, book)
    check_warnings(book)


def test_the_books_title_and_its_preface_are_not_numbered_its_chapters_are(mantis):
    model, _ = mantis
    found = [(m.plain(h.title), h.level, h.numbered) for h in nodes(model, m.Heading)]
    assert found[:3] == [("Mantis Raid Handbook", 1, False), ("Foreword", 2, False), ("The Raid", 2, True)]
    assert model.title == "Mantis Raid Handbook"
    assert [n for n in nodes(model, m.Heading) if m.plain(n.title) == "Sharing"][0].level == 4


def test_cals_tables_keep_their_head_body_widths_and_spans(mantis):
    model, book = mantis
    loot, plain = nodes(model, m.Table)
    cells = [[m.plain(c.children) for c in row] for row in loot.header + loot.rows]
    assert cells == [["Roll", "Item", "Worth"], ["1", "Chitin plate", "12"], ["2", "Mandible", ""],
                     ["Nothing but dust", "", "0"]]
    assert (m.plain(loot.caption), loot.numbered, loot.anchor, loot.widths) == ("Loot by roll", True,
                                                                                "loot-table", [10, 30, 10])
    assert [[m.plain(c.children) for c in row] for row in plain.header + plain.rows] == [["Left", "Right"]]
    assert not plain.numbered
    assert squeezed("Nothing but dust 0") in body_text(book)


def test_dollars_and_backslashes_print_as_written(mantis):
    model, book = mantis
    said = plain_words(model)
    assert "A raid costs $5 and a shield $10; the prompt reads \\u@\\h and a path reads C:\\games\\mantis." in said
    printed = body_text(book)
    assert squeezed("A raid costs $5 and a shield $10; the prompt reads \\u@\\h") in printed
    assert squeezed("$ raid --count") in printed


def test_a_chapter_in_iso_8859_1_is_read_in_its_encoding(mantis):
    model, _ = mantis
    assert "The Hunt at the Café" in [m.plain(h.title) for h in nodes(model, m.Heading)]
    assert "Naïve hunters pay £5." in plain_words(model)


def test_included_things_keep_their_own_file_and_line(mantis):
    model, _ = mantis
    where = {m.plain(h.title): (Path(h.source).name, h.line) for h in nodes(model, m.Heading)}
    assert where["Tracking"] == ("hunt.xml", 6) and where["Soft Shell"] == ("molt.xml", 5)
    assert where["Loot"] == ("mantis-raid.xml", 26)
    said = [str(w) for w in model.warnings]
    assert f"{BOOK.parent / 'hunt.xml'}:7: warning: DocBook element <beetlemark> is not read by this reader; " \
           "its text is kept" in said
    assert any(s.startswith(f"{BOOK}:55: ") and "<antworm>" in s for s in said)
    assert "the trail" in plain_words(model) and "Kept words of an unknown element." in plain_words(model)


def write(folder: Path, name: str, text: str, encoding: str = "utf-8") -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode(encoding))
    return path


def test_nothing_outside_the_books_folder_is_read(tmp_path):
    write(tmp_path, "secret.xml", "<para>TOP SECRET</para>")
    write(tmp_path, "secret.txt", "TOP SECRET")
    write(tmp_path, "secret.ent", '<!ENTITY leaked "TOP SECRET">')
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "inside.xml").symlink_to(tmp_path / "secret.xml")
    path = write(tmp_path, "book/book.xml", f"""<!DOCTYPE book [
<!ENTITY up SYSTEM "../secret.xml">
<!ENTITY absolute SYSTEM "file://{tmp_path}/secret.xml">
<!ENTITY net SYSTEM "http://127.0.0.1:9/secret.xml">
<!ENTITY link SYSTEM "inside.xml">
<!ENTITY % params SYSTEM "../secret.ent">
%params;
]>
<book xmlns:xi="http://www.w3.org/2001/XInclude"><title>Sealed</title>
<chapter><title>Doors</title>
&up;
&absolute;
&net;
&link;
<xi:include href="../secret.xml"/>
<programlisting><xi:include href="../secret.txt" parse="text"/></programlisting>
</chapter></book>
""")
    model = read_book(str(path))
    texts = " ".join(getattr(n, "text", "") for n in walk(model.blocks)) + " ".join(
        line for v in nodes(model, m.Verbatim) for line in v.lines)
    assert "SECRET" not in texts
    refused = {w.line: w.message for w in model.warnings if w.source == str(path)}
    assert sorted(refused) == [7, 11, 12, 13, 14, 15, 16]
    assert all("outside the book's folder" in message for line, message in refused.items() if line != 13)
    assert "on the network" in refused[13]
    assert len(nodes(model, m.Missing)) == 5
    assert nodes(model, m.Verbatim)[0].lines == ["[missing: include of '../secret.txt']"]


def test_a_declared_encoding_is_honoured_in_the_projects_xml_too(tmp_path):
    path = write(tmp_path, "latin.xml", '<?xml version="1.0" encoding="ISO-8859-1"?>\n<book><chapter>'
                                        '<chaptertitle>Caf\u00e9</chaptertitle><p>\u00a310 and $5 and a shield $10, '
                                        '\\u@\\h, ~/bin, $d4 + 4$ and Malleus~Deum</p></chapter></book>\n', "latin-1")
    model = read_book(str(path))
    assert [m.plain(h.title) for h in nodes(model, m.Heading)] == ["Café"]
    said = plain_words(model)
    assert "£10 and $5 and a shield $10, \\u@\\h, ~/bin, d4 + 4 and Malleus" in said and "~Deum" not in said


@pytest.mark.parametrize("declaration, message", [
    ('<?xml version="1.0" encoding="klingon"?>', "declares encoding 'klingon', which is not known"),
    ('<?xml version="1.0" encoding="utf-8"?>', "is not utf-8 text as it declares"),
])
def test_a_file_not_in_its_declared_encoding_is_one_error_line(tmp_path, declaration, message):
    path = tmp_path / "bad.xml"
    path.write_bytes(declaration.encode() + b"\n<book><para>caf\xe9</para></book>\n")
    with pytest.raises(NestsError) as caught:
        read_book(str(path))
    said = str(caught.value)
    assert len(said.splitlines()) == 1 and said.startswith(f"{path}:") and message in said


def test_the_projects_xml_reads_thead_and_tbody_rows(tmp_path):
    path = write(tmp_path, "rows.xml", "<book><chapter><chaptertitle>T</chaptertitle><table>"
                                       "<thead><tr><th>Name</th><th>Bite</th></tr></thead>"
                                       "<tbody><tr><td>Ant</td><td>d4</td></tr><tr><td>Wasp</td><td>d6</td></tr>"
                                       "</tbody></table></chapter></book>")
    table = nodes(read_book(str(path)), m.Table)[0]
    assert [[m.plain(c.children) for c in r] for r in table.header] == [["Name", "Bite"]]
    assert [[m.plain(c.children) for c in r] for r in table.rows] == [["Ant", "d4"], ["Wasp", "d6"]]


def test_docbook_5_with_namespace_xinclude_of_text_and_html_tables(tmp_path):
    write(tmp_path, "snippet.sh", "echo $HOME\n  indented\n")
    path = write(tmp_path, "article.xml", """<?xml version="1.0"?>
<article xmlns="http://docbook.org/ns/docbook" xmlns:xi="http://www.w3.org/2001/XInclude"
         xmlns:xlink="http://www.w3.org/1999/xlink" version="5.0">
  <info><title>Wing Care</title></info>
  <section xml:id="oil"><title>Oil</title>
    <programlisting><xi:include href="snippet.sh" parse="text"/></programlisting>
    <para>Read <link linkend="oil">the oil</link> and <link xlink:href="https://example.org">the site</link>.</para>
    <table><caption>Oils</caption><thead><tr><th>Oil</th><th>Shine</th></tr></thead>
      <tbody><tr><td colspan="2">none yet</td></tr></tbody></table>
    <antworm>once</antworm><antworm>twice</antworm>
  </section>
</article>
""")
    model = read_book(str(path))
    assert [m.plain(h.title) for h in nodes(model, m.Heading)] == ["Wing Care", "Oil"]
    assert nodes(model, m.Verbatim)[0].lines == ["echo $HOME", "  indented"]
    assert [r.target for r in nodes(model, m.Ref)] == ["oil"]
    assert "the site (https://example.org)" in plain_words(model)
    table = nodes(model, m.Table)[0]
    assert [[m.plain(c.children) for c in r] for r in table.header + table.rows] == [["Oil", "Shine"],
                                                                                    ["none yet", ""]]
    assert [w.line for w in model.warnings if "antworm" in w.message] == [10]     # once per element name


def test_an_entity_only_the_unread_dtd_declares_prints_as_written_with_one_warning(tmp_path):
    path = write(tmp_path, "os.xml", '<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" '
                                     '"http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd">\n'
                                     "<book><title>T</title>\n<para>Runs on &os; and &os; &mdash; fast.</para></book>\n")
    model = read_book(str(path))
    assert "Runs on &os; and &os; — fast." in plain_words(model)
    assert [(w.line, "&os;" in w.message) for w in model.warnings] == [(3, True)]


def test_the_command_says_where_an_include_outside_the_folder_stands_and_strict_refuses_it(tmp_path):
    from click.testing import CliRunner

    from nests.cli import main

    write(tmp_path, "outside.xml", "<chapter><title>Elsewhere</title><para>Not ours.</para></chapter>")
    write(tmp_path, "book/inside.xml", "<chapter><title>Ours</title><para>Read.</para></chapter>")
    source = write(tmp_path, "book/guide.dbk", """<!DOCTYPE book [
<!ENTITY ours SYSTEM "inside.xml">
<!ENTITY theirs SYSTEM "../outside.xml">
]>
<book xmlns:xi="http://www.w3.org/2001/XInclude"><title>Guide</title>
&ours;
&theirs;
<xi:include href="../outside.xml"/>
</book>
""")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["rulebook", str(source), "-o", str(out)])
    assert result.exit_code == 0, result.output
    said = [line for line in result.stderr.splitlines() if ": warning: " in line]
    assert [line.split(": warning: ")[0] for line in said] == [f"{source}:7", f"{source}:8"]
    assert all("outside the book's folder" in line and "../outside.xml" in line for line in said)
    text = (out / "guide.txt").read_text()
    assert "1 Ours" in text and "Elsewhere" not in text and "[missing: " in text
    strict = CliRunner().invoke(main, ["rulebook", str(source), "--strict", "-o", str(tmp_path / "strict")])
    assert strict.exit_code == 2 and not (tmp_path / "strict").exists()
    assert "Traceback" not in strict.output


def test_from_docbook_reads_a_file_whatever_its_extension(tmp_path):
    from click.testing import CliRunner

    from nests.cli import main

    source = write(tmp_path, "guide.text", "<article><title>Stings</title><sect1><title>Why</title>"
                                           "<para>Fear.</para></sect1></article>")
    result = CliRunner().invoke(main, ["rulebook", str(source), "--from", "docbook", "-o", "-"])
    assert result.exit_code == 0, result.output
    assert "1 Why" in result.stdout and "Fear." in result.stdout
