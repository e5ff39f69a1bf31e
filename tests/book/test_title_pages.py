"""The title page's credits (author, editor, date, version, subtitle, copyright) as each
markup states them, and nothing it does not state (issue 30, title page from the book's
own metadata). Each credit is taken out of the body, where the markup would otherwise
print it, so the book style does not print it twice."""

import re

import pypdfium2

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.book.readers.credits import LONGEST_CREDIT
from nests.cli import main
from nests.generators.rulebook.printed import book_html

from .test_shared_books import SHARED

CREDITS = ("author", "editor", "date", "version", "subtitle", "copyright")


def credits(book: m.Book) -> dict[str, str]:
    return {k: getattr(book, k) for k in CREDITS if getattr(book, k)}


def body_words(book: m.Book) -> str:
    return " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph))


def write(folder, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


# -- Sphinx and reStructuredText --------------------------------------------------------------
def test_sphinx_conf_gives_author_release_date_and_copyright(tmp_path):
    write(tmp_path, {"conf.py": "project = 'Ants'\nauthor = 'Ann'\ncopyright = '2024, Ann'\nrelease = '2.0'\n"
                                "today = 'May 2024'\n",
                     "index.rst": "Ants\n====\n\nWords.\n"})
    book = read_book(str(tmp_path / "index.rst"))
    # Sphinx prints "© Copyright 2024, Ann" in its pages: the title page keeps the © before conf.py's words
    assert credits(book) == {"author": "Ann", "version": "2.0", "date": "May 2024", "copyright": "© 2024, Ann"}


def test_a_copyright_conf_py_cannot_read_plainly_is_no_credit(tmp_path):
    write(tmp_path, {"conf.py": "import datetime\ncopyright = f'{datetime.date.today().year}, Ann'\n",
                     "index.rst": "Ants\n====\n\nWords.\n"})
    assert credits(read_book(str(tmp_path / "index.rst"))) == {}           # no year of today made up


def test_rst_docinfo_is_the_title_page_and_leaves_the_body(tmp_path):
    write(tmp_path, {"w.rst": "=========\nWasp Lore\n=========\n\n:Authors: Ada Moth; Bo Wasp, Jr.\n:Date: 2024-05-01\n"
                              ":Version: 1.2\n:Copyright: 2024 Ada Moth\n:Status: draft\n\nIntro\n=====\n\nWords.\n"})
    book = read_book(str(tmp_path / "w.rst"))
    # docutils splits :Authors: at ";" when it holds one (else at ","); the title is the lone section's
    assert credits(book) == {"author": "Ada Moth, Bo Wasp, Jr.", "date": "2024-05-01", "version": "1.2",
                             "copyright": "© 2024 Ada Moth"}
    # the fields docutils reads and the title page does not print stay where they stood
    fields = [[m.plain(d.term) for d in n.items] for n in walk(book.blocks) if isinstance(n, m.DefinitionList)]
    assert fields == [["Status"]]


def test_rst_docinfo_without_a_title_and_a_field_list_that_is_not_one(tmp_path):
    # a field list first in the document is its docinfo (docutils' own transform), authors one to an item
    write(tmp_path, {"a.rst": ":Authors: - Ann\n          - Bo Cy\n:Date: today\n\nPara.\n\nOne\n===\n\nx\n\nTwo\n===\n\ny\n",
                     "b.rst": "One\n===\n\nWords first.\n\n:Author: Ann\n\nTwo\n===\n\ny\n"})
    book = read_book(str(tmp_path / "a.rst"))
    assert credits(book) == {"author": "Ann, Bo Cy", "date": "today"}
    assert not [n for n in walk(book.blocks) if isinstance(n, m.DefinitionList)]
    book = read_book(str(tmp_path / "b.rst"))               # after words, a field list is body
    assert credits(book) == {} and "Ann" in " ".join(m.plain(d.term + [m.Text(" ")]) + m.plain(
        d.blocks[0].children) for n in walk(book.blocks) if isinstance(n, m.DefinitionList) for d in n.items)


def test_conf_py_wins_over_the_master_documents_docinfo(tmp_path):
    write(tmp_path, {"conf.py": "author = 'From Conf'\n",
                     "index.rst": "Ants\n====\n\n:Author: From Docinfo\n:Version: 9\n\nWords.\n"})
    assert credits(read_book(str(tmp_path / "index.rst"))) == {"author": "From Conf", "version": "9"}


# -- DocBook ----------------------------------------------------------------------------------
DOCBOOK4 = """<?xml version="1.0"?>
<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "http://www.oasis-open.org/docbook/xml/4.5/docbookx.dtd">
<book><bookinfo><title>Hive Book</title><subtitle>A Keeper's Guide</subtitle>
<author><honorific>Dr</honorific><firstname>Ada</firstname><surname>Moth</surname>
  <affiliation><orgname>Hive College</orgname></affiliation></author>
<corpauthor>The Hive Society</corpauthor>
<editor><firstname>Bo</firstname><surname>Wasp</surname></editor>
<pubdate>2020</pubdate><releaseinfo>Release 3</releaseinfo>
<copyright><year>2019</year><year>2020</year><holder>Ada Moth</holder></copyright>
<legalnotice><para>Copy freely.</para></legalnotice>
</bookinfo>
<chapter><chapterinfo><author><firstname>Cy</firstname><surname>Bee</surname></author></chapterinfo>
<title>One</title><para>Hi.</para></chapter></book>
"""

DOCBOOK5 = """<?xml version="1.0"?>
<book xmlns="http://docbook.org/ns/docbook" version="5.0"><info><title>Hive Five</title>
<authorgroup><author><personname><firstname>Ada</firstname><surname>Moth</surname></personname></author>
<author><personname>Bo Wasp</personname></author><author><orgname>The Swarm</orgname></author>
<editor><personname>Cy Bee</personname></editor><othercredit><personname>Di Ant</personname></othercredit>
</authorgroup><date>2021-02-03</date><releaseinfo>v5</releaseinfo>
<abstract><para>About bees.</para></abstract></info>
<subtitle>Again</subtitle>
<chapter><title>One</title><para>Hi.</para></chapter></book>
"""


def test_docbook4_bookinfo_credits_go_to_the_title_page_and_the_rest_stays_under_the_title(tmp_path):
    write(tmp_path, {"hive.xml": DOCBOOK4})
    book = read_book(str(tmp_path / "hive.xml"))
    assert credits(book) == {"subtitle": "A Keeper's Guide", "author": "Dr Ada Moth, The Hive Society",
                             "editor": "Bo Wasp", "date": "2020", "version": "Release 3",
                             "copyright": "Copyright © 2019, 2020 Ada Moth"}
    words = body_words(book)
    # a legal notice and a chapter's own author print in the body, under their titles, as before
    assert "Copy freely." in words and "Cy Bee" in words
    for credit in ("Ada Moth", "Bo Wasp", "Release 3", "2020", "Keeper"):
        assert credit not in words, credit
    assert book.warnings == []


def test_docbook5_info_and_its_authorgroup(tmp_path):
    write(tmp_path, {"hive.dbk": DOCBOOK5})
    book = read_book(str(tmp_path / "hive.dbk"))
    assert credits(book) == {"author": "Ada Moth, Bo Wasp, The Swarm", "editor": "Cy Bee", "date": "2021-02-03",
                             "version": "v5", "subtitle": "Again"}
    # other credits and the abstract are the book's words, in its body
    assert body_words(book).split(" ")[:4] == ["Di", "Ant", "About", "bees."]


# -- Markdown, mkdocs, mdBook -----------------------------------------------------------------
def test_a_front_matter_is_read_as_pandoc_reads_it(tmp_path):
    # pandoc reads each value as Markdown (its MetaInlines): the words without their marks
    write(tmp_path, {"w.md": '---\ntitle: Wing *Care*\nsubtitle: "A **Field** Guide"\nauthor: Ada `Moth`\n'
                             'date: 2024-05-01\n---\n\n# Wing Care\n\nWords.\n'})
    book = read_book(str(tmp_path / "w.md"))
    assert book.title == "Wing Care"
    assert credits(book) == {"subtitle": "A Field Guide", "author": "Ada Moth", "date": "2024-05-01"}


def test_a_front_matter_states_no_credit_it_lacks(tmp_path):
    write(tmp_path, {"w.md": "---\ntitle: Wings\nauthor:\n  name: Ada\ndate: true\n---\n\n# Wings\n\nWords.\n"})
    assert credits(read_book(str(tmp_path / "w.md"))) == {}         # a map and a yes are not words


def test_mkdocs_site_author_and_copyright(tmp_path):
    write(tmp_path, {"mkdocs.yml": "site_name: Beetles\nsite_author: Ann Beetle\n"
                                   "copyright: Copyright &copy; 2024 <a href='https://x.org'>Ann</a>\n",
                     "docs/index.md": "---\nauthor: A Page's Own\n---\n\n# Home\n\nWords.\n"})
    book = read_book(str(tmp_path / "mkdocs.yml"))
    # mkdocs prints copyright as HTML in a page's footer: its words; a page's front matter is the page's
    assert credits(book) == {"author": "Ann Beetle", "copyright": "Copyright © 2024 Ann"}


def test_mdbook_authors(tmp_path):
    write(tmp_path, {"book.toml": '[book]\ntitle = "Moths"\nauthors = ["Ann", "Bo"]\n',
                     "src/SUMMARY.md": "# Summary\n\n- [One](one.md)\n", "src/one.md": "# One\n\nWords.\n"})
    book = read_book(str(tmp_path / "book.toml"))
    assert (book.title, credits(book)) == ("Moths", {"author": "Ann, Bo"})


def test_files_given_together_take_their_first_stated_credits(tmp_path):
    # as pandoc reads files given together: their front matters are the one document's
    write(tmp_path, {"book/1.md": "# One\n\nWords.\n", "book/2.md": "---\nauthor: Ann\n---\n\n# Two\n\nWords.\n",
                     "book/3.md": "---\nauthor: Bo\ndate: 2020\n---\n\n# Three\n\nWords.\n"})
    assert credits(read_book(str(tmp_path / "book"))) == {"author": "Ann", "date": "2020"}


# -- LaTeX and XML ----------------------------------------------------------------------------
def test_a_latex_title_broken_over_two_lines_prints_its_second_as_the_subtitle(tmp_path):
    """``\\title{The Dark Wing\\\\ \\large A Guide to Moths}``: LaTeX sets the second line under the
    first, smaller; a \\subtitle the book gives itself is kept, and the title stays whole."""
    for body in ("\\maketitle\nWords.\n", "\\title{The Dark Wing \\\\\n\\large A Guide to Moths}\n\\maketitle\nWords.\n"):
        write(tmp_path, {"moths.tex": "\\documentclass{book}\n\\title{The Dark Wing \\\\\n\\large A Guide to Moths}\n"
                                      "\\author{Ann}\n\\begin{document}\n" + body + "\\end{document}\n"})
        book = read_book(str(tmp_path / "moths.tex"))
        assert (book.title, credits(book)) == ("The Dark Wing", {"author": "Ann", "subtitle": "A Guide to Moths"})
    write(tmp_path, {"koma.tex": "\\documentclass{scrbook}\n\\subtitle{Of Wings}\n\\title{The Dark\\\\Wing}\n"
                                 "\\begin{document}\n\\maketitle\nWords.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "koma.tex"))
    assert (book.title, book.subtitle) == ("The Dark Wing", "Of Wings")


def test_latex_authors_joined_by_and_without_their_thanks(tmp_path):
    write(tmp_path, {"s.tex": "\\documentclass{scrbook}\n\\title{Stings}\\subtitle{Of Bees}\n"
                              "\\author{Cy Hornet\\thanks{Hive College} \\and Di Bee}\\date{June 2025}\n"
                              "\\begin{document}\\maketitle\n\\chapter{One}\nWords.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "s.tex"))
    assert credits(book) == {"author": "Cy Hornet, Di Bee", "date": "June 2025", "subtitle": "Of Bees"}
    assert book.warnings == []


def test_the_shared_xml_books_title_page_names_its_authors_as_written(tmp_path):
    book = read_book(str(SHARED / "malleus-deum.xml"))
    # <author>Blaize A. Rhodes, and</author> over <author>William F. Rhodes</author>: its own "and" joins them
    assert credits(book) == {"author": "Blaize A. Rhodes, and William F. Rhodes"}
    assert "Rhodes" not in body_words(book)[:2000]


# -- on the page ------------------------------------------------------------------------------
def test_credits_are_escaped_bounded_and_printed_in_order(tmp_path):
    long = "Ann " * 400
    write(tmp_path, {"w.md": f'---\ntitle: Wings\nauthor: "<b>Ann</b> & Bo\\a"\nsubtitle: "{long}"\n---\n\n# Wings\n\nW.\n'})
    book = read_book(str(tmp_path / "w.md"))
    assert book.author == "Ann & Bo"                      # pandoc drops raw HTML from the words; the bell is dropped
    assert len(book.subtitle) <= LONGEST_CREDIT + 1 and book.subtitle.endswith("Ann…")
    write(tmp_path, {"x.xml": DOCBOOK4.replace("Ada</firstname>", "&lt;i&gt;Ada</firstname>")})
    html = book_html(read_book(str(tmp_path / "x.xml")), "a4")
    page = html[html.index('<section class="title-page"'):html.index("</section>")]
    assert "&lt;i&gt;Ada" in page and "<i>" not in page
    classes = re.findall(r'<(?:h1|p) class="([\w -]+)"', page)
    assert classes == ["book-title b1", "subtitle", "author", "editor", "version", "date", "copyright"]


def test_the_title_page_of_a_docbook_book_in_print(tmp_path):
    write(tmp_path, {"hive.xml": DOCBOOK4})
    assert main(["rulebook", str(tmp_path / "hive.xml"), "--format", "pdf", "-o", str(tmp_path / "out")],
                standalone_mode=False) in (None, 0)
    text = pypdfium2.PdfDocument(str(tmp_path / "out" / "hive.pdf"))[0].get_textpage().get_text_range()
    assert [line.strip() for line in text.splitlines() if line.strip()] == [
        "Hive Book", "A Keeper's Guide", "Dr Ada Moth, The Hive Society", "Edited by Bo Wasp", "Release 3", "2020",
        "Copyright © 2019, 2020 Ada Moth"]
