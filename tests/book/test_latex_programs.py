"""An author's LaTeX commands read as LaTeX reads them (issue 37, the ITDR book): a command
that chooses by a star (``\\@ifstar``) or gives its title twice (``\\@dblarg``), TeX's
``\\def`` with delimited parameters, xparse's ``\\NewDocumentCommand``, TeX's own tests
that such commands bring in (``\\ifx&#2&``, ``\\ifcase``), a titlesec heading class, and a
command that computes what it prints. Each defined, expanded where used, and never printed
as its source. The sources are our own words."""

import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk

from .test_latex_books import warnings, words, write

# a package of chapter commands, as a real book's style file writes them
CHAPTERS = (
    "\\ProvidesPackage{moth}\n\\makeatletter\n"
    "\\newcommand{\\chapterx}{\\@ifstar{\\chapterx@star}{\\@dblarg\\chapterx@toc}}\n"
    "\\def\\chapterx@toc[#1]#2{%\n\t\\chapter*{#2}%\n\t\\markboth{#1}{}%\n"
    "\t\\addcontentsline{toc}{chapter}{#1}%\n}\n"
    "\\newcommand{\\chapterx@star}[1]{\\chapter*{#1}}\n"
    "\\def\\pair#1.#2\\@nil{#2 and #1}\n"
    "\\NewDocumentCommand{\\moth}{ s O{dusty} m }{\\IfBooleanTF{#1}{a #2 #3 at rest}{a #2 #3 in flight}}\n"
    "\\NewDocumentCommand{\\lamp}{ m O{} }{\\IfNoValueTF{#2}{no}{#1 lamp\\ifx&#2&\\else{} of #2\\fi}}\n"
    "\\NewDocumentEnvironment{wing}{o m o G{0pt}}%\n{\\begin{minipage}{#2}}{\\end{minipage}}\n"
    "\\newcommand{\\size}[1]{\\ifcase#1 none\\or one\\or a pair\\else many\\fi}\n"
    "\\newcommand{\\seen}[1]{\\@ifundefined{r@#1}{nowhere}{\\nameref{#1}}}\n"
    "\\titleclass{\\mothsection}{straight}[\\subsubsection]\n"
    "\\newcommand{\\tally}[1]{\\DTLforeach{moths}{\\n=Name}{\\n, }\\advance\\count@ by #1}\n"
    "\\newcommand{\\tight}{\\looseness=-1}\n"
    "\\makeatother\n")


def book(tmp_path: Path, body: str):
    write(tmp_path, {"moth.sty": CHAPTERS,
                     "main.tex": "\\documentclass{book}\n\\usepackage{moth}\n\\begin{document}\n" + body +
                                 "\n\\end{document}\n"})
    return read_book(str(tmp_path / "main.tex"))


def headings(found) -> list[tuple[int, str, bool]]:
    return [(h.level, m.plain(h.title), h.numbered) for h in walk(found.blocks) if isinstance(h, m.Heading)]


def test_a_chapter_command_of_the_books_own_gives_a_chapter(tmp_path):
    """``\\chapterx{Intro}`` is ``\\chapter*{Intro}`` (and its contents entry) by way of ``\\@ifstar``,
    ``\\@dblarg`` and a ``\\def`` whose first parameter is delimited by brackets: a chapter, never
    the words "ifstar" or "dblarg"."""
    found = book(tmp_path, "\\chapterx{Lanterns}\nLight.\n\\chapterx[Short]{Moths at Night}\nDark.\n"
                           "\\chapterx*{Apart}\nAlone.\n\\chapter{Numbered}\nCounted.\n")
    assert headings(found) == [(1, "Lanterns", False), (1, "Moths at Night", False), (1, "Apart", False),
                               (1, "Numbered", True)]
    assert words(found) == "Light. Dark. Alone. Counted."
    assert warnings(found) == []


def test_xparse_commands_take_their_star_and_defaults(tmp_path):
    found = book(tmp_path, "\\chapter{Moths}\n\\moth{moth}; \\moth*[pale]{moth}. \\lamp{Oil}[brass]. "
                           "\\lamp{Oil}. \\size{2}, \\size{7}, \\size{0}. \\pair wax.comb\\@nil.\n"
                           "\\begin{wing}[r]{3cm}\nFolded.\n\\end{wing}\n")
    said = " ".join(words(found).split())
    assert said == ("a dusty moth in flight; a pale moth at rest. Oil lamp of brass. Oil lamp. "
                    "a pair, many, none. comb and wax. Folded.")
    # (the book's own environment is read as any the reader does not know: its text, once said)
    assert warnings(found) == [("main.tex", 6, "unknown LaTeX environment 'wing'; its text is kept")]


def test_no_source_of_an_authors_command_is_ever_printed(tmp_path):
    """A command that computes its text (datatool's loop, TeX's arithmetic) prints its argument's
    words, not its program; TeX's settings (``\\looseness=-1``) print nothing; a heading class
    declared with titlesec is a heading one level below its parent."""
    found = book(tmp_path, "\\chapter{Moths}\n\\label{moths}\nSee \\seen{moths}. \\tally{Twelve} moths.\\tight\n"
                           "\\mothsection{Luna}\nGreen wings.\n")
    said = words(found)
    assert not re.search(r"[\\@#=]|DTL|advance|count|looseness|ifundefined", said), said
    assert "Twelve moths." in said and "Green wings." in said
    # (a paragraph's heading: the level below the chapter here, unnumbered in a book)
    assert headings(found) == [(1, "Moths", True), (2, "Luna", False)]
    assert [r.target for r in walk(found.blocks) if isinstance(r, m.Ref)] == ["moths"]
    assert warnings(found) == [("main.tex", 6, "the book's command '\\tally' computes what it prints, which only "
                                               "TeX can run; its arguments' words are kept")]


def test_a_title_kept_in_a_command_of_the_books_own_is_its_title(tmp_path):
    """``\\def \\title {…}`` (a book that sets its title page by hand and names the title in
    its own command) titles the book: the PDF and the running heads say it."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\def \\title {Moth Lanterns}\n"
                                 "\\def \\author {A. Moth}\n\\begin{document}\n\\chapter{Wings}\nDust.\n"
                                 "\\end{document}\n"})
    found = read_book(str(tmp_path / "main.tex"))
    assert (found.title, found.author) == ("Moth Lanterns", "A. Moth")


def test_a_table_environment_of_the_books_own_that_stripes_its_rows_is_a_striped_table(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\newenvironment{dtable}[1][LL]{%\n"
                                 "\t\\rowcolors{1}{white}{lightgray}\\tabularx{\\linewidth}{#1}%\n}{\\endtabularx}\n"
                                 "\\newenvironment{plain}{\\begin{tabular}{ll}}{\\end{tabular}}\n"
                                 "\\begin{document}\n\\chapter{Moths}\n\\begin{dtable}\nLuna & green \\\\\n"
                                 "Atlas & brown \\\\\n\\end{dtable}\n"
                                 "\\begin{plain}\nOwl & grey \\\\\n\\end{plain}\n\\end{document}\n"})
    tables = [t for t in walk(read_book(str(tmp_path / "main.tex")).blocks) if isinstance(t, m.Table)]
    assert [(t.look, [m.plain(c.children) for c in t.rows[0]]) for t in tables] == [
        ("striped", ["Luna", "green"]), ("", ["Owl", "grey"])]


def test_texs_own_tests_are_decided_from_the_text_or_taken_out_whole(tmp_path):
    """``\\ifmmode`` in running text is false; ``\\if\\relax#1\\relax`` tests an empty argument; a test
    of the page (``\\ifodd\\c@page``, ``\\ifdim\\pagetotal``) is the press's to answer: taken out,
    test and code; ``\\iff`` and ``\\ifthenelse`` are not TeX's tests."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\makeatletter\n"
                                 "\\newcommand{\\degs}{\\ifmmode^\\circ\\else{} degrees\\fi}\n"
                                 "\\newcommand{\\note}[1]{\\if\\relax#1\\relax none\\else #1\\fi}\n"
                                 "\\newcommand{\\toleft}{\\clearpage\\if@twoside\\ifodd\\c@page\\hbox{}\\newpage\\fi\\fi}\n"
                                 "\\newcommand{\\gap}{\\ifdim\\pagetotal>0pt \\vspace{1ex}\\else\\fi}\n\\makeatother\n"
                                 "\\begin{document}\n\\chapter{Heat}\nForty\\degs, \\note{} and \\note{some}.\\gap\n"
                                 "\\toleft\nAfter $a \\iff b$.\n\\end{document}\n"})
    found = read_book(str(tmp_path / "main.tex"))
    said = " ".join(words(found).split())
    assert said == "Forty degrees, none and some. After a b.", said
    assert not re.search(r"[\\@]|odd|page|pagetotal|0pt|hbox", said), said
    assert warnings(found) == []


def test_a_heading_whose_number_the_book_makes_nothing_is_unnumbered(tmp_path):
    """``\\renewcommand\\thesection{}`` (ITDR hides its sections' numbers so): its sections print no
    number, its chapters theirs."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\renewcommand\\thesection{}\n"
                                 "\\renewcommand{\\thesubsection}{%\n}\n\\begin{document}\n"
                                 "\\chapter{Moths}\n\\section{Wings}\n\\subsection{Scales}\nDust.\n\\end{document}\n"})
    assert headings(read_book(str(tmp_path / "main.tex"))) == [(1, "Moths", True), (2, "Wings", False),
                                                               (3, "Scales", False)]


def test_ordinals_and_raised_text_print_their_words(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\chapter{Circles}\n"
                                 "\\section{\\nth{1} Circle}\nThe \\nth{2}, \\nth{3}, \\nth{11} and \\nth{22} circles; "
                                 "x\\textsuperscript{2} and H\\textsubscript{2}O, \\sfrac{1}{2}.\n\\end{document}\n"})
    found = read_book(str(tmp_path / "main.tex"))
    assert headings(found)[1][1] == "1st Circle"
    assert words(found) == "The 2nd, 3rd, 11th and 22nd circles; x2 and H2O, 1/2."
    assert warnings(found) == []


def test_an_entry_in_a_named_index_prints_nothing(tmp_path):
    """imakeidx's ``\\index[spells]{Daze}`` (an entry in the index named spells) prints nothing."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\chapter{Spells}\n"
                                 "\\textbf{Daze:}\\index[spells]{Daze (1)} a mind stops.\\index{Daze}\n\\end{document}\n"})
    assert words(read_book(str(tmp_path / "main.tex"))) == "Daze: a mind stops."


def test_a_packages_graphicspath_finds_the_books_pictures_and_its_picture_tests(tmp_path):
    """ITDR's style file names its pictures' folder (\\graphicspath) and tests for each picture
    before drawing a placeholder in its place (\\IfFileExists): the picture is found and printed."""
    from .test_latex_book_shapes import png

    (tmp_path / "pics").mkdir()
    (tmp_path / "pics" / "moth.png").write_bytes(png())
    write(tmp_path, {"look.sty": "\\graphicspath{ {./pics/} }\n\\newcommand{\\pic}[1]{\\IfFileExists{#1.png}"
                                 "{\\includegraphics{#1.png}}{\\fbox{#1 is missing}}}\n",
                     "main.tex": "\\documentclass{book}\n\\usepackage{look}\n\\begin{document}\n\\chapter{Moths}\n"
                                 "\\pic{moth}\n\nDust.\n\\end{document}\n"})
    found = read_book(str(tmp_path / "main.tex"))
    assert [f.image.name for f in walk(found.blocks) if isinstance(f, m.Figure) and f.image] == ["moth.png"]
    assert "missing" not in words(found) and warnings(found) == []
