"""Constructs met in real public books, each written here in our own words: a
title named only in hyperref's settings, cleveref's ranges, hyphenation points,
the page's and the font's settings, a formula's empty delimiter."""

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk

from .test_latex_books import warnings, words, write


def test_a_book_whose_title_page_is_set_by_hand_takes_its_title_from_pdftitle(tmp_path):
    write(tmp_path, {"hive.tex": "\\documentclass{book}\n"
                                 "\\usepackage[colorlinks,pdfauthor={Queen},\n"
                                 "  pdftitle={Hive Keeping: A Field Guide}]{hyperref}\n"
                                 "\\begin{document}\n\\chapter{Combs}\nWax.\n\\end{document}\n"})
    assert read_book(str(tmp_path / "hive.tex")).title == "Hive Keeping: A Field Guide"
    write(tmp_path, {"hive.tex": "\\documentclass{book}\n\\usepackage{hyperref}\n"
                                 "\\hypersetup{pdftitle=Drone Notes, pdfsubject=Bees}\n"
                                 "\\title{Worker Notes}\n\\begin{document}\nBuzz.\n\\end{document}\n"})
    assert read_book(str(tmp_path / "hive.tex")).title == "Worker Notes"     # \title says it first
    write(tmp_path, {"hive.tex": "\\documentclass{book}\n\\hypersetup{pdftitle=Drone Notes}\n"
                                 "\\begin{document}\nBuzz.\n\\end{document}\n"})
    assert read_book(str(tmp_path / "hive.tex")).title == "Drone Notes"


def test_a_reference_range_names_both_ends(tmp_path):
    write(tmp_path, {"main.tex": "\\chapter{Eggs}\\label{ch:eggs}\n\\chapter{Larvae}\\label{ch:larvae}\n"
                                 "See \\crefrange{ch:eggs}{ch:larvae} and \\cpagerefrange{ch:eggs}{ch:larvae}.\n"})
    book = read_book(str(tmp_path / "main.tex"))
    refs = [(n.target, n.page) for n in walk(book.blocks) if isinstance(n, m.Ref)]
    assert refs == [("ch:eggs", False), ("ch:larvae", False), ("ch:eggs", True), ("ch:larvae", True)]
    assert "ch:" not in words(book) and " to " in words(book)
    assert book.warnings == []


def test_a_hyphenation_point_prints_nothing(tmp_path):
    write(tmp_path, {"main.tex": "Ant\\-hill and Martin\\-Löf.\n"})
    assert words(read_book(str(tmp_path / "main.tex"))).strip() == "Anthill and MartinLöf."


def test_page_font_and_outline_settings_print_none_of_their_arguments(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n"
                                 "\\newgeometry{top=0pt,bottom=0pt}\n\\pagecolor{nightblue}\n"
                                 "{\\fontsize{40}{40}\\fontseries{b}\\fontshape{it}\\selectfont Swarm}\n"
                                 "\\bookmark[dest=start]{Start}\\pdfbookmark[0]{Begin}{begin}\n"
                                 "\\cleartooddpage[\\thispagestyle{empty}]\\restoregeometry\\nopagecolor\n"
                                 "\\newlength{\\gap}\\settowidth{\\gap}{wide}\\addtocounter{page}{1}\n"
                                 "\\markright{Head}\\markboth{Left}{Right}\n"
                                 "\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert words(book).split() == ["Swarm"]
    assert warnings(book) == []


def test_an_empty_delimiter_of_a_formula_prints_nothing(tmp_path):
    write(tmp_path, {"main.tex": "Cases $\\left\\{ x \\right.$ and $\\left. f \\right|_{0}$ and "
                                 "$\\bigl. y \\bigr)$.\n"})
    formulas = [n.text for n in walk(read_book(str(tmp_path / "main.tex")).blocks) if isinstance(n, m.Math)]
    assert [f.replace(" ", "") for f in formulas] == ["{x", "f|_0", "y)"]


REFERENCE = """<?xml version="1.0"?>
<!DOCTYPE book PUBLIC "-//OASIS//DTD DocBook XML V4.5//EN" "docbookx.dtd">
<book><title>Termite Tools</title>
<reference><title>Commands</title>
<refentry id="dig">
  <refnamediv><refname>mound dig</refname><refpurpose>Open a tunnel.</refpurpose></refnamediv>
  <refsynopsisdiv><para><literal>mound dig DEPTH</literal></para></refsynopsisdiv>
  <refsect1><title>Options</title>
    <screen>
<xref linkend="opt.deep"/>
<xref linkend="opt.wide"/>
</screen>
    <variablelist>
      <varlistentry id="opt.deep"><term><option>--deep</option></term><listitem><para>Down.</para></listitem></varlistentry>
      <varlistentry id="opt.wide"><term><option>--wide</option></term><listitem><para>Across.</para></listitem></varlistentry>
    </variablelist>
  </refsect1>
</refentry>
</reference>
</book>
"""


def test_a_reference_page_is_titled_by_its_name_and_its_synopsis_so(tmp_path):
    write(tmp_path, {"tools.xml": REFERENCE})
    book = read_book(str(tmp_path / "tools.xml"))
    titles = [m.plain(n.title) for n in walk(book.blocks) if isinstance(n, m.Heading)]
    assert titles == ["Termite Tools", "Commands", "mound dig", "Synopsis", "Options"]


def test_a_cross_reference_inside_a_listing_prints_its_targets_words(tmp_path):
    write(tmp_path, {"tools.xml": REFERENCE})
    book = read_book(str(tmp_path / "tools.xml"))
    listing = next(n for n in walk(book.blocks) if isinstance(n, m.Verbatim))
    assert listing.lines == ["--deep", "--wide"]


def test_what_sphinx_writes_from_the_code_is_warned_at_its_own_file_and_line(tmp_path):
    write(tmp_path, {"conf.py": "project = 'Ant API'\n",
                     "index.rst": "Ant API\n=======\n\n.. toctree::\n\n   api\n",
                     "api.rst": "Interface\n=========\n\nThe calls.\n\n"
                                ".. autofunction:: colony.march\n\n"                 # 6
                                ".. autoclass:: colony.Nest\n   :members:\n\n"       # 8
                                "   Written here by hand.\n"})
    book = read_book(str(tmp_path / "index.rst"))
    said = [(w.source.rsplit("/", 1)[-1], w.line, w.message.split("'")[1]) for w in book.warnings]
    assert said == [("api.rst", 6, "autofunction:: colony.march"), ("api.rst", 8, "autoclass:: colony.Nest")]
    paragraphs = [m.plain(n.children) for n in walk(book.blocks) if isinstance(n, m.Paragraph)]
    assert paragraphs == ["The calls.", "Written here by hand."]


def test_credits_given_in_the_body_go_to_the_title_page_and_figure_settings_never_print(tmp_path):
    """A scrbook that names its author and date after \\begin{document}, wraps a figure beside its
    text (wrapfigure's placement and width are settings) and bookmarks each list item it makes
    (\\belowpdfbookmark's two arguments: the outline's, not the text's)."""
    write(tmp_path, {"hive.tex": "\\documentclass[a4paper,openany]{scrbook}\n\\begin{document}\n"
                                 "\\title{Hive Notes}\n\\author{A. Worker, B. Drone}\n\\date{Spring}\n\\maketitle\n"
                                 "\\chapter{Combs}\n\\begin{wrapfigure}{r}{0.5\\textwidth}\n\\vspace{-20pt}\n"
                                 "Six sides.\n\\end{wrapfigure}\n"
                                 "\\newcommand{\\cell}[1]{\\belowpdfbookmark{#1}{#1}\\item[#1]}\n"
                                 "\\begin{description}\n\\cell{Wax} Soft.\n\\end{description}\n\\end{document}\n"})
    book = read_book(str(tmp_path / "hive.tex"))
    assert (book.title, book.author, book.date) == ("Hive Notes", "A. Worker, B. Drone", "Spring")
    text = " ".join(m.plain(n.children) for n in walk(book.blocks) if isinstance(n, (m.Paragraph,)))
    assert text == "Six sides. Soft."
    assert [m.plain(d.term) for d in walk(book.blocks) if isinstance(d, m.Definition)] == ["Wax"]
    assert warnings(book) == []
