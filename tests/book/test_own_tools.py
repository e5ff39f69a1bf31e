"""Each source read as its own tool reads it (issue 37): its title from its own words (never
its file's name), a title page only where its tool prints one, heading numbers and contents
as deep as its tool makes them, pandoc's smart punctuation and links broken over a line,
Sphinx's rst_epilog, to-dos and smartquotes, LaTeX's hyphenation settings, and the language
its text is hyphenated in. What is expected is written here from the small sources below
(and, where pandoc is installed, from pandoc's own reading)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.generators.rulebook import typeset
from nests.generators.rulebook.printed import book_html
from tests.rulebook.checks import check_book, contents_entries

from .test_latex_books import write

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "rulebook"


def texts(book) -> str:
    return " ".join(m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph))


def headings(book) -> list[m.Heading]:
    return [h for h in walk(book.blocks) if isinstance(h, m.Heading)]


# -- titles ---------------------------------------------------------------------------
@pytest.mark.parametrize("name, text, title, title_page", [
    ("chapters.md", "# Legal\n\nA.\n\n# Races\n\nB.\n", "", False),            # no title among chapters
    ("lone.md", "# The Lone Book\n\n## One\n\nA.\n", "The Lone Book", True),
    ("front.md", "---\ntitle: Moth Lore\n---\n\n# One\n\nA.\n\n# Two\n", "Moth Lore", True),
    # LaTeX prints a title page only where the document says \maketitle; its \title still names it
    ("article.tex", "\\documentclass{article}\n\\title{Silk}\n\\begin{document}\n\\section{A}\nx\n\\section{B}\n"
                    "y\n\\end{document}\n", "Silk", False),
    ("made.tex", "\\documentclass{article}\n\\title{Silk}\n\\begin{document}\n\\maketitle\n\\section{A}\nx\n"
                 "\\section{B}\ny\n\\end{document}\n", "Silk", True),
    ("untitled.tex", "\\documentclass{article}\n\\begin{document}\n\\section{A}\nx\n\\section{B}\ny\n"
                     "\\end{document}\n", "", False),
    ("fragment.tex", "\\section{Rules of the Hive}\n\\subsection{One}\nx\n", "Rules of the Hive", True),
])
def test_a_title_is_the_books_own_words_and_a_title_page_only_where_its_tool_prints_one(
        tmp_path, name, text, title, title_page):
    write(tmp_path, {name: text})
    book = read_book(str(tmp_path / name))
    assert (book.title, m.has_title_page(book)) == (title, title_page)
    assert name.split(".")[0] not in book.title


def test_a_title_given_with_title_prints_a_title_page_only_where_the_tool_prints_one(tmp_path, content):
    write(tmp_path, {"chapters.md": "# Legal\n\nA.\n\n# Races\n\nB.\n",
                     "article.tex": "\\documentclass{article}\n\\begin{document}\n\\section{A}\nx\n\\end{document}\n"})
    named = typeset(read_book(str(tmp_path / "chapters.md")), content, title="The Named Book").book
    assert named.title == "The Named Book" and m.has_title_page(named)          # as pandoc's --metadata title
    article = typeset(read_book(str(tmp_path / "article.tex")), content, title="Silk").book
    assert article.title == "Silk" and not m.has_title_page(article)            # LaTeX prints none: no \maketitle


def test_a_folder_is_titled_by_its_first_files_front_matter(tmp_path):
    # as a site's folder of pages: its index names the book, each page its own
    write(tmp_path / "srd", {"index.md": "---\ntitle: Fate of Moths\n---\n# Fate of Moths\n\nWelcome.\n",
                             "basics.md": "---\ntitle: Basics\n---\n# Basics\n\nRoll.\n"})
    book = read_book(str(tmp_path / "srd"))
    assert book.title == "Fate of Moths" and m.has_title_page(book)


@pytest.mark.parametrize("text, title, first", [
    # a section whose title is an element of the book's own vocabulary: its title, not run into its words
    ("<rules><chapter><name>The Little Book</name><para>First words.</para>"
     "<chapter><name>Rules</name><para>Some rules.</para></chapter></chapter></rules>",
     "The Little Book", "First words."),
    # the book's own title at the top, before its chapters
    ("<book><booktitle>Big Book</booktitle><chapter><chaptertitle>One</chaptertitle><p>A.</p></chapter>"
     "<chapter><chaptertitle>Two</chaptertitle><p>B.</p></chapter></book>", "Big Book", "A."),
])
def test_an_xml_book_names_its_title_in_an_element_of_its_own(tmp_path, text, title, first):
    write(tmp_path, {"book.xml": f'<?xml version="1.0"?>\n{text}\n'})
    book = read_book(str(tmp_path / "book.xml"))
    assert book.title == title and m.has_title_page(book)
    assert texts(book).startswith(first) and title not in texts(book)
    assert [m.plain(h.title) for h in headings(book)][:2] != ["", ""]


def test_the_shared_xml_book_takes_its_title_pages_title(read_once):
    book = read_once(SHARED / "malleus-deum.xml")
    assert book.title == "Malleus Deum" and m.has_title_page(book)
    assert m.plain(headings(book)[1].title) == "Introduction"


# -- Markdown as pandoc reads it ---------------------------------------------------------
LINKS = ('# Moths\n\nInjuries taken in a [conflict](../../moth-\nbook/conflicts "Conflict" ) last.\n'
         'See [the web](https://example.org/a\n/b "Web" ), then [here](#moths).\n\nAfter.\n')


def test_a_link_whose_address_breaks_over_a_line_is_a_link(tmp_path):
    write(tmp_path, {"m.md": LINKS})
    book = read_book(str(tmp_path / "m.md"))
    words = texts(book)
    assert "](" not in words and "conflict" in words and '"Conflict"' not in words
    assert [(x.url, m.plain(x.children)) for x in walk(book.blocks) if isinstance(x, m.Link)] == [
        ("https://example.org/a/b", "the web")]
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == ["moths"]
    # its file's link is warned of once, at the link's line, and the lines after it hold
    assert [(w.line, "moth-book/conflicts" in w.message) for w in book.warnings] == [(3, True)]
    assert [p.line for p in walk(book.blocks) if isinstance(p, m.Paragraph)] == [3, 8]
    assert [n.line for n in walk(book.blocks) if isinstance(n, m.Text) and "then" in n.text] == [6]


def test_a_link_broken_over_a_line_leads_to_its_page_in_a_book_of_many_files(tmp_path):
    write(tmp_path / "srd", {"index.md": "# Hive\n\nA [fight](./\nfight.md \"Fight\" ) starts.\n",
                             "fight.md": "# Fight\n\nBlows.\n"})
    book = read_book(str(tmp_path / "srd"))
    fight = next(h.anchor for h in headings(book) if m.plain(h.title) == "Fight")
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == [fight] and book.warnings == []


SMART = ('---\ntitle: "It\'s the \\"Hive\\""\n---\n\n# One\n\n"Quoted" and \'single\' don\'t -- yes --- no...\n\n'
         '`code "stays" -- as is`\n')


def test_markdown_punctuation_is_educated_as_pandocs_smart_extension_does(tmp_path):
    write(tmp_path, {"s.md": SMART})
    book = read_book(str(tmp_path / "s.md"))
    assert book.title == "It’s the “Hive”"
    assert texts(book).startswith("“Quoted” and ‘single’ don’t – yes — no…")
    assert [c.text for c in walk(book.blocks) if isinstance(c, m.Code)] == ['code "stays" -- as is']


@pytest.mark.skipif(shutil.which("pandoc") is None, reason="pandoc is not installed")
def test_markdown_punctuation_and_links_as_pandoc_reads_them(tmp_path):
    write(tmp_path, {"s.md": SMART.split("\n---\n", 1)[1] + "\n" + LINKS.split("\n", 2)[2]})
    said = subprocess.run(["pandoc", "-f", "markdown", "-t", "plain", "--wrap=none", str(tmp_path / "s.md")],
                          capture_output=True, text=True, check=True).stdout
    ours = read_book(str(tmp_path / "s.md"))
    for mark in "“”‘’–—…":
        assert texts(ours).count(mark) == said.count(mark), mark
    theirs = json.loads(subprocess.run(["pandoc", "-f", "markdown", "-t", "json", str(tmp_path / "s.md")],
                                       capture_output=True, check=True).stdout)
    assert json.dumps(theirs).count('"t": "Link"') == 3 and "](" not in texts(ours)


def test_a_sites_markdown_keeps_its_punctuation_unless_its_tool_is_set_to_educate_it(tmp_path):
    page = "# Home\n\n\"Quoted\" -- here.\n"
    write(tmp_path / "plain", {"mkdocs.yml": "site_name: Plain\nnav:\n  - index.md\n", "docs/index.md": page})
    write(tmp_path / "smart", {"mkdocs.yml": "site_name: Smart\nnav:\n  - index.md\nmarkdown_extensions:\n"
                                             "  - smarty\n", "docs/index.md": page})
    assert texts(read_book(str(tmp_path / "plain" / "mkdocs.yml"))) == '"Quoted" -- here.'
    assert texts(read_book(str(tmp_path / "smart" / "mkdocs.yml"))) == "“Quoted” – here."


DEEP = "# Book\n\n## Alpha\n\n### Alpha one\n\n#### Alpha deep\n\n## Beta\n"


def test_markdown_headings_are_unnumbered_unless_asked_and_listed_three_deep(tmp_path, content):
    write(tmp_path, {"d.md": DEEP})
    book = read_book(str(tmp_path / "d.md"))
    assert book.numbering is False and book.toc_depth == 3
    own = typeset(book, content)
    check_book(own)
    assert [" ".join(label.split()) for label, _ in contents_entries(own)] == ["Book", "Alpha", "Alpha one", "Beta"]
    asked = typeset(read_book(str(tmp_path / "d.md")), content, number_headings=True)
    assert [" ".join(label.split()) for label, _ in contents_entries(asked)] == [
        "Book", "1 Alpha", "1.1 Alpha one", "2 Beta"]
    assert "1.1.1 Alpha deep" in "".join(p.text for p in asked.pages if p.kind == "body")


def test_markdown_front_matter_names_the_language(tmp_path):
    write(tmp_path, {"l.md": "---\nlang: en-GB\n---\n# One\n", "u.md": "# One\n", "fr.md": "---\nlang: fr_FR\n---\n"})
    assert [read_book(str(tmp_path / n)).language for n in ("l.md", "u.md", "fr.md")] == ["en-GB", "en-US", "fr-FR"]


# -- Sphinx as Sphinx reads it ---------------------------------------------------------
CONF = ("project = 'Moth Court'\nrst_epilog = '''\n.. |male| unicode:: U+2642 .. male sign\n'''\n"
        "rst_prolog = '.. |hive| replace:: the Hive'\n")
INDEX = ("Moth Court\n==========\n\n.. toctree::\n   :maxdepth: 2\n{numbered}\n\n   rules\n\n"
         "Notes\n-----\n\n.. todolist::\n")
RULES = ("Rules\n=====\n\nThe |male| moth enters |hive|. \"Quoted\" -- here...\n\n.. todo:: Write the duel.\n\n"
         "Duels\n-----\n\nBlows.\n\nFeints\n~~~~~~\n\nTricks.\n")


def sphinx(tmp_path, conf: str = CONF, numbered: str = "") -> m.Book:
    write(tmp_path, {"conf.py": conf, "index.rst": INDEX.format(numbered=numbered), "rules.rst": RULES})
    return read_book(str(tmp_path / "index.rst"))


def test_sphinx_reads_rst_epilog_and_rst_prolog_and_educates_the_punctuation(tmp_path):
    book = sphinx(tmp_path)
    assert "The ♂ moth enters the Hive. “Quoted” – here…" in texts(book)
    assert not [n for n in walk(book.blocks) if isinstance(n, m.Missing)] and book.warnings == []
    assert [n.line for n in walk(book.blocks) if isinstance(n, m.Paragraph)][0] == 4     # no line moved


def test_sphinx_prints_to_dos_only_where_conf_py_includes_them(tmp_path):
    hidden = sphinx(tmp_path / "hidden")
    assert "Write the duel" not in texts(hidden) and not [b for b in walk(hidden.blocks) if isinstance(b, m.Box)]
    shown = sphinx(tmp_path / "shown", CONF + "todo_include_todos = True\n")
    assert [m.plain(b.title) for b in walk(shown.blocks) if isinstance(b, m.Box)] == ["to do"]
    assert "Write the duel." in texts(shown) and shown.warnings == []


def test_sphinx_without_smartquotes_and_plain_docutils_keep_straight_quotes(tmp_path):
    assert '"Quoted" -- here...' in texts(sphinx(tmp_path / "off", CONF + "smartquotes = False\n"))
    write(tmp_path / "plain", {"plain.rst": "Title\n=====\n\n\"Quoted\" -- here...\n"})
    assert texts(read_book(str(tmp_path / "plain" / "plain.rst"))) == '"Quoted" -- here...'


def test_sphinx_numbers_headings_only_under_a_numbered_toctree_and_that_deep(tmp_path):
    def numbered(book):
        return [(m.plain(h.title), h.numbered) for h in headings(book)]

    plain = sphinx(tmp_path / "plain")
    assert plain.numbering is False
    every = sphinx(tmp_path / "every", numbered="   :numbered:")
    assert every.numbering and numbered(every) == [
        ("Moth Court", False), ("Rules", True), ("Duels", True), ("Feints", True), ("Notes", False)]
    two = sphinx(tmp_path / "two", numbered="   :numbered: 2")
    assert numbered(two) == [("Moth Court", False), ("Rules", True), ("Duels", True), ("Feints", False),
                             ("Notes", False)]


def test_rst_contents_are_as_deep_as_its_contents_directive_asks(tmp_path):
    sections = "One\n---\n\nSub\n~~~\n\nSubsub\n^^^^^^\n\nTwo\n---\n"
    write(tmp_path, {"deep.rst": "Title\n=====\n\n.. contents::\n   :depth: 2\n\n" + sections,
                     "local.rst": "Title\n=====\n\n" + sections.replace("Sub\n~~~\n", "Sub\n~~~\n\n.. contents::\n"
                                                                                        "   :local:\n   :depth: 1\n"),
                     "all.rst": "Title\n=====\n\n" + sections})
    deep = read_book(str(tmp_path / "deep.rst"))
    assert [m.plain(h.title) for h in headings(deep) if h.level <= deep.toc_depth] == ["Title", "One", "Sub", "Two"]
    assert read_book(str(tmp_path / "local.rst")).toc_depth is None       # a section's own contents: not the book's
    assert read_book(str(tmp_path / "all.rst")).toc_depth is None         # none asked: every heading


def test_sphinx_language_is_conf_pys(tmp_path):
    assert sphinx(tmp_path / "gb", CONF + "language = 'en_GB'\n").language == "en-GB"
    assert sphinx(tmp_path / "none", CONF + "language = None\n").language == "en-US"


# -- LaTeX as LaTeX sets it ------------------------------------------------------------
def test_latex_language_hyphenation_and_apostrophes(tmp_path):
    write(tmp_path, {"gb.tex": "\\documentclass[british]{article}\n\\usepackage{babel}\n\\usepackage[none]{hyphenat}\n"
                               "\\hyphenation{Quest-Worlds e-mail ORCID}\n\\begin{document}\nThe players' dice.\n"
                               "\\end{document}\n",
                     "de.tex": "\\documentclass{article}\n\\usepackage[english,main=ngerman]{babel}\n"
                               "\\begin{document}\nx\n\\end{document}\n",
                     "poly.tex": "\\documentclass{article}\n\\usepackage{polyglossia}\n"
                                 "\\setdefaultlanguage[variant=british]{english}\n\\begin{document}\nx\n"
                                 "\\end{document}\n",
                     "us.tex": "\\documentclass{article}\n\\begin{document}\nx\n\\end{document}\n"})
    gb = read_book(str(tmp_path / "gb.tex"))
    assert (gb.language, gb.hyphenate) == ("en-GB", False)
    assert gb.hyphenation == {"questworlds": "quest-worlds", "email": "e-mail", "orcid": "orcid"}
    assert texts(gb) == "The players’ dice."
    assert [read_book(str(tmp_path / n)).language for n in ("de.tex", "poly.tex", "us.tex")] == [
        "de", "en-GB", "en-US"]
    assert read_book(str(tmp_path / "us.tex")).hyphenate is True


def test_latex_secnumdepth_minus_maxdimen_numbers_nothing(tmp_path):
    write(tmp_path, {"n.tex": "\\documentclass{article}\n\\setcounter{secnumdepth}{-\\maxdimen}\n\\begin{document}\n"
                              "\\section{A}\n\\subsection{B}\n\\end{document}\n"})
    assert [h.numbered for h in headings(read_book(str(tmp_path / "n.tex")))] == [False, False]


# -- the book style: the language and hyphenation it is set in ------------------------------
def test_the_book_style_hyphenates_in_the_books_language_and_as_its_source_says(tmp_path):
    import pyphen

    write(tmp_path, {"us.md": "# Advantage\n\nAn advantage.\n",
                     "off.tex": "\\documentclass{article}\n\\usepackage[none]{hyphenat}\n"
                                "\\hyphenation{Quest-Worlds}\n\\begin{document}\nQuestWorlds \\& QuestWorlds.\n"
                                "\\end{document}\n"})
    us = read_book(str(tmp_path / "us.md"))
    html = book_html(us, "a4")
    assert '<html lang="en-US">' in html and "hyphens: auto" in html
    # US English patterns, as LaTeX and pandoc hyphenate English: "ad-van-tage", never "advant-age"
    assert pyphen.Pyphen(lang=us.language).inserted("advantage") != "advant-age"
    off = book_html(read_book(str(tmp_path / "off.tex")), "a4")
    assert "hyphens: manual" in off and "hyphens: auto" not in off
    assert "Quest\u00adWorlds &amp; Quest\u00adWorlds." in off                # its breaks, and escaped


def test_a_document_whose_tool_prints_no_title_page_opens_on_its_contents(tmp_path, runner):
    """An article without \\maketitle: its PDF opens on the contents (i), then the body (1…),
    its links and outline where they were; with \\maketitle, on its title page."""
    import pypdfium2
    from pypdf import PdfReader

    from nests.cli import main
    from tests.pdf_links import links

    body = "".join(f"\\section{{Part {k}}}\\label{{p{k}}}\nSee section \\ref{{p1}}. " + "Words. " * 300 + "\n"
                   for k in range(1, 4))
    for name, made in (("bare", ""), ("made", "\\maketitle\n")):
        write(tmp_path, {f"{name}.tex": f"\\documentclass{{article}}\n\\title{{Silk Roads}}\n\\begin{{document}}\n"
                                        f"{made}\\tableofcontents\n{body}\\end{{document}}\n"})
        result = runner.invoke(main, ["rulebook", str(tmp_path / f"{name}.tex"), "--format", "pdf", "-o",
                                      str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    pages = {}
    for name in ("bare", "made"):
        pdf = (tmp_path / name / f"{name}.pdf").read_bytes()
        document = pypdfium2.PdfDocument(pdf)
        pages[name] = [document[k].get_textpage().get_text_range() for k in range(len(document))]
        outline = PdfReader(tmp_path / name / f"{name}.pdf").outline
        assert [o.title for o in outline if not isinstance(o, list)][-3:] == ["1 Part 1", "2 Part 2", "3 Part 3"]
        for page, words, lands in links(pdf):            # each contents entry lands on its section's page
            if page == (1 if name == "bare" else 3) and words.startswith(("1 Part", "2 Part", "3 Part")):
                assert words.split(" ...")[0].split(" ", 1)[1].strip(" .")[:6] in pages[name][lands - 1]
    assert "Contents" in pages["bare"][0] and "Silk" not in pages["bare"][0]
    # with \maketitle: the title page and its blank back (as a book is bound, nests.publish.bound)
    assert pages["made"][0].split() == ["Silk", "Roads"] and pages["made"][1].split() == []
    assert "Contents" in pages["made"][2]
    assert len(pages["made"]) == len(pages["bare"]) + 2             # the same pages, less those two
