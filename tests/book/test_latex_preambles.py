"""What real LaTeX books put in their preambles and around their headings, read as
LaTeX reads it (issue 30, point 4): titlesec's restyling, a command saved with
``\\let`` and wrapped, ``\\def`` of an @-named command, and pandoc's LaTeX writer's
``\\hypertarget`` around every heading. The sources are our own words."""

from pathlib import Path

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk

from .test_latex_books import warnings, words, write

SOURCES = Path(__file__).parent / "sources"


def headings(book) -> list[tuple[int, str, str]]:
    return [(h.level, m.plain(h.title), h.anchor) for h in walk(book.blocks) if isinstance(h, m.Heading)]


def test_a_manual_set_as_real_books_are_keeps_every_heading_and_no_preamble_word():
    book = read_book(str(SOURCES / "wasp-drill.tex"))
    assert book.title == "Wasp Drill Manual"
    assert headings(book) == [(1, "Wasp Drill Manual", "wasp-drill-manual"), (2, "Forming Up", "forming-up"),
                              (3, "The Sting Line", "the-sting-line"), (3, "The Wheel", "the-wheel"),
                              (4, "Breaking the Wheel", "breaking-the-wheel"),
                              (2, "Standing Orders", "standing-orders")]
    text = words(book)
    for leak in ("hang", "normalfont", "bfseries", "0pt", "1em", "itshape", "normalsize", "subfile"):
        assert leak not in text, leak
    assert "(drill one)" in text                        # \def\drill@note#1 expanded
    assert "without a signal" in text                   # the \subfile, read through its wrapper
    assert [(r.target, m.plain(r.children)) for r in walk(book.blocks) if isinstance(r, m.Ref)] == [
        ("forming-up", "Forming Up"), ("the-wheel", "")]
    assert warnings(book) == []


def test_a_short_titleformat_before_the_body_reads_none_of_it(tmp_path):
    write(tmp_path, {"moth.tex": "\\documentclass{article}\n\\title{Moth Notes}\n"
                                 "\\titleformat*{\\section}{\\Large}\n"        # two arguments, not five
                                 "\\begin{document}\n\\section{Wings}\nDust.\n"
                                 "\\titleformat*{\\subsection}{\\large}\n\\subsection{Scales}\nMore dust.\n"
                                 "\\end{document}\n"})
    book = read_book(str(tmp_path / "moth.tex"))
    assert [(level, title) for level, title, _ in headings(book)] == [(1, "Wings"), (2, "Scales")]
    assert words(book) == "Dust. More dust."


def test_a_saved_command_keeps_the_meaning_it_had_when_saved(tmp_path):
    """``\\let\\org@subfile\\subfile`` then ``\\subfile`` redefined around it: TeX's \\let copies
    the meaning of that moment, so the wrapper reads the file (it once never ended)."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\makeatletter\n\\let\\org@subfile\\subfile\n"
                                 "\\renewcommand*{\\subfile}[1]{%\n  \\filename@parse{#1}\n  \\org@subfile{#1}%\n}\n"
                                 "\\let\\saved@emph\\emph\n\\makeatother\n"
                                 "\\begin{document}\n\\chapter{Hive}\n\\subfile{comb}\n\\end{document}\n",
                     "comb.tex": "\\documentclass[main.tex]{subfiles}\n\\begin{document}\n"
                                 "Hexagons of wax.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert words(book) == "Hexagons of wax."
    assert [(level, title) for level, title, _ in headings(book)] == [(1, "Hive")]


def test_a_def_spaced_as_tex_allows_is_read_as_its_words(tmp_path):
    """``\\def \\game {…}`` (a space on either side of the name, as a book's own settings
    file writes it) defines the command as ``\\def\\game{…}`` does: its uses print its
    words, not nothing, and the definition prints nothing."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\def \\game {Moth Lanterns}\t% the title\n"
                                 "\\def \\year  {2024}\n\\begin{document}\n"
                                 "\\game{} was first printed in \\year.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert words(book) == "Moth Lanterns was first printed in 2024."
    assert warnings(book) == []


def test_pandocs_heading_wrapper_keeps_the_heading_and_names_it(tmp_path):
    write(tmp_path, {"srd.tex": "\\hypertarget{rolling}{%\n\\section{Rolling}\\label{rolling}}\n\nRoll low.\n\n"
                                "\\hypertarget{target-id}{%\n\\subsection{Ties}\\label{ties}}\n\n"
                                "See \\protect\\hyperlink{target-id}{ties} and \\hyperlink{rolling}{rolling}.\n"})
    book = read_book(str(tmp_path / "srd.tex"))
    assert headings(book) == [(1, "Rolling", "rolling"), (2, "Ties", "ties")]
    # the wrapper's own id is another name of the heading its \label names
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == ["ties", "rolling"]
    assert words(book) == "Roll low. See ties and rolling."


def test_pandocs_long_tables_and_angle_brackets_print_their_cells_and_signs(tmp_path):
    write(tmp_path, {"srd.tex": "\\begin{longtable}[]{@{}ll@{}}\n\\toprule\nRoll & Result\\tabularnewline\n"
                                "\\midrule\n\\endhead\n1 & \\textless{} half\\tabularnewline\n"
                                "2 & \\textgreater{} half\\tabularnewline\n\\bottomrule\n\\end{longtable}\n"})
    book = read_book(str(tmp_path / "srd.tex"))
    table = next(n for n in walk(book.blocks) if isinstance(n, m.Table))
    assert [[m.plain(c.children) for c in row] for row in table.header + table.rows] == [
        ["Roll", "Result"], ["1", "< half"], ["2", "> half"]]
    assert "@" not in words(book) and "ll" not in words(book).split()
    assert warnings(book) == []


def test_a_branch_tex_does_not_take_is_not_read(tmp_path):
    """TeX reads one branch of a conditional (The TeXbook, ch. 20): ``\\iffalse`` puts a passage
    out, a ``\\newif`` switch picks one of two versions, the engine tests answer as pdfLaTeX;
    hevea's ``htmlonly`` and the comment package's ``comment`` are skipped. What is not read
    defines and includes nothing, and every later line keeps its number."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\newif\\ifhtml\n\\newif\\ifdraft\n\\drafttrue\n"
                                 "\\begin{document}\n"
                                 "\\ifhtml\n\\input{web}\n\\newcommand{\\bee}{Wrong}\n\\else\n"
                                 "\\newcommand{\\bee}{Honeybee}\n\\fi\n"
                                 "\\chapter{Hive}\n\\iffalse Old draft words. \\ifx\\a\\b nested \\fi more old.\\fi\n"
                                 "\\ifdraft Draft copy.\\else Final copy.\\fi\n"
                                 "\\ifpdf Printed. \\fi\\ifxetex Xe. \\fi\n"
                                 "\\begin{comment}\nA note to self.\n\\end{comment}\n"
                                 "\\begin{htmlonly}\nClick here.\n\\end{htmlonly}\n"
                                 "\\begin{latexonly}\nThe \\bee{} dances.\n\\end{latexonly}\n"
                                 "\\ifthenelse{\\equal{a}{a}}{Same.}{Other.}\n"
                                 "\\unknowncommand\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert " ".join(words(book).split()) == "Draft copy. Printed. The Honeybee dances. Same."
    assert [(level, title) for level, title, _ in headings(book)] == [(1, "Hive")]
    # the web file was never looked for, and the last line kept its number
    assert warnings(book) == [("main.tex", 26, "unknown LaTeX command '\\unknowncommand'; its arguments' words are kept")]


def test_a_conditional_whose_fi_is_elsewhere_is_left_as_written(tmp_path):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\chapter{Hive}\n"
                                 "Wax.\n\\iffalse\nStill here.\n\\end{document}\n"})
    assert "Still here." in words(read_book(str(tmp_path / "main.tex")))


def test_a_font_switch_shapes_the_rest_of_its_group(tmp_path):
    """``{\\bf operators}``: a switch holds to the end of its group (The TeXbook, ch. 5), so the
    words after it are bold, italic or typewriter, and the words before it are not."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\chapter{Hive}\n"
                                 "Bees use {\\bf operators} and {\\em lots of} {wax \\tt comb} {\\sc small}.\n"
                                 "\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    shaped = [(type(n).__name__, m.plain(n.children) if hasattr(n, "children") else n.text)
              for n in walk(book.blocks) if isinstance(n, (m.Strong, m.Emphasis, m.Code))]
    assert shaped == [("Strong", "operators"), ("Emphasis", "lots of"), ("Code", "comb")]
    assert " ".join(words(book).split()) == "Bees use operators and lots of wax comb small."


def test_a_packages_let_never_takes_a_command_the_reader_reads(tmp_path):
    """hevea.sty lets \\url be its own \\ahref when no url package is loaded, a test this reader
    does not run: the book's URLs stay URLs."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\usepackage{links}\n\\begin{document}\n\\chapter{Hive}\n"
                                 "Read \\url{https://example.org/wax}.\n\\end{document}\n",
                     "links.sty": "\\newcommand{\\ahref}[2]{{#2}}\n"
                                  "\\AtBeginDocument{\\@ifundefined{url}{\\let\\url\\ahref}{}}\n"})
    assert "https://example.org/wax" in words(read_book(str(tmp_path / "main.tex")))


def test_a_percent_sign_inside_verb_is_a_character_not_a_comment(tmp_path):
    """``\\verb"%"`` prints a percent sign (LaTeX reads \\verb's text as characters); taking it for a
    comment left the \\verb open and printed the rest of the chapter as raw LaTeX."""
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\chapter{Hive}\n"
                                 "The modulus, \\verb\"%\", divides. % a real comment\n"
                                 "\\section{Wax}\nComb.\n\\end{document}\n"})
    book = read_book(str(tmp_path / "main.tex"))
    assert " ".join(words(book).split()) == "The modulus, %, divides. Comb."
    assert [(level, title) for level, title, _ in headings(book)] == [(1, "Hive"), (2, "Wax")]
