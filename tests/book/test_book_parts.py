"""A book's parts, as LaTeX and DocBook number them: Part I, Part II…, numbered apart
from the chapters, which count on across the parts (the book's own references say
"Chapter 3" of the first chapter of the second part, never "2.1")."""

import pytest

from nests.book.readers import read_book
from nests.generators.rulebook import typeset
from tests.rulebook.checks import check_contents, contents_entries

from .test_latex_books import write


def contents(path, content) -> list[str]:
    from nests.book.readers import read_book

    book = typeset(read_book(str(path)), content)
    check_contents(book)
    return [" ".join(label.split()) for label, _ in contents_entries(book)]


def test_latex_parts_are_numbered_apart_and_chapters_count_on_across_them(tmp_path, content):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\chapter*{Foreword}\n"
                                 "\\part{Larva}\n\\chapter{Egg}\n\\section{Shell}\n\\chapter{Grub}\n"
                                 "\\part{Imago}\n\\chapter{Wings}\n\\section{Veins}\n\\part*{Notes}\n"
                                 "\\chapter{Flight}\n\\end{document}\n"})
    assert contents(tmp_path / "main.tex", content) == [
        "Foreword", "I Larva", "1 Egg", "1.1 Shell", "2 Grub", "II Imago", "3 Wings", "3.1 Veins", "Notes",
        "4 Flight"]


def test_docbook_parts_are_numbered_apart_and_chapters_count_on_across_them(tmp_path, content):
    write(tmp_path, {"book.xml": "<?xml version='1.0'?>\n<book><title>Beetle Lore</title>\n"
                                 "<preface><title>Before</title><para>Hi.</para></preface>\n"
                                 "<part><title>Shells</title>\n"
                                 "<chapter><title>Hard</title><sect1><title>Plates</title><para>A.</para></sect1>"
                                 "</chapter>\n<chapter><title>Soft</title><para>B.</para></chapter></part>\n"
                                 "<part><title>Legs</title><chapter><title>Six</title><para>C.</para></chapter>"
                                 "</part>\n<appendix><title>Sources</title><para>D.</para></appendix>\n</book>\n"})
    assert contents(tmp_path / "book.xml", content) == [
        "Beetle Lore", "Before", "I Shells", "1 Hard", "1.1 Plates", "2 Soft", "II Legs", "3 Six", "A Sources"]


def test_front_matter_appendices_and_set_counters_number_as_latex_does(tmp_path, content):
    # \frontmatter's chapters carry no number and step no counter, so a \setcounter made there
    # still holds in the main matter; \appendix letters the chapters after it, and what they hold;
    # \backmatter's chapters carry no number again
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\begin{document}\n\\frontmatter\n"
                                 "\\chapter{Welcome}\n\\section{Reading}\n\\setcounter{chapter}{-1}\n"
                                 "\\mainmatter\n\\chapter{Pitch}\n\\section{Why}\n\\chapter{Eggs}\n"
                                 "\\setcounter{chapter}{6}\n\\chapter{Larvae}\n\\appendix\n\\chapter{Hints}\n"
                                 "\\section{First}\n\\chapter{Answers}\n\\backmatter\n\\chapter{Index}\n"
                                 "\\end{document}\n"})
    assert contents(tmp_path / "main.tex", content) == [
        "Welcome", "Reading", "0 Pitch", "0.1 Why", "1 Eggs", "7 Larvae", "A Hints", "A.1 First", "B Answers",
        "Index"]


def test_an_articles_appendix_letters_its_sections(tmp_path, content):
    write(tmp_path, {"main.tex": "\\documentclass{article}\n\\begin{document}\n\\section{Hive}\n"
                                 "\\subsection{Comb}\n\\appendix\n\\section{Proofs}\n\\subsection{Lemma}\n"
                                 "\\end{document}\n"})
    assert contents(tmp_path / "main.tex", content) == ["1 Hive", "1.1 Comb", "A Proofs", "A.1 Lemma"]


@pytest.mark.parametrize("depth, listed", [
    ("0", ["1 Eggs", "Shell", "Yolk", "2 Larvae"]),
    ("-1", ["Eggs", "Shell", "Yolk", "Larvae"]),
    ("1", ["1 Eggs", "1.1 Shell", "Yolk", "2 Larvae"]),
])
def test_secnumdepth_is_the_deepest_numbered_level(tmp_path, content, depth, listed):
    write(tmp_path, {"main.tex": f"\\documentclass{{book}}\n\\setcounter{{secnumdepth}}{{{depth}}}\n"
                                 "\\begin{document}\n\\chapter{Eggs}\n\\section{Shell}\n\\subsection{Yolk}\n"
                                 "\\chapter{Larvae}\n\\end{document}\n"})
    assert contents(tmp_path / "main.tex", content) == listed


def test_titlesecs_heading_looks_print_nothing_and_make_no_heading(tmp_path, content):
    write(tmp_path, {"main.tex": "\\documentclass{book}\n\\usepackage{titlesec}\n"
                                 "\\titleformat{\\part}[display]{\\bfseries}{\\Roman{part}}{1em}{\\Huge}\n"
                                 "\\begin{document}\n\\chapter{Eggs}\n\\appendix\n"
                                 "\\titleformat{\\chapter}[display]{\\itshape}{\\chaptertitlename}{20pt}{\\large}\n"
                                 "\\titlespacing*{\\chapter}{0pt}{10pt}{5pt}\n\\chapter{Rules}\nFormal.\n"
                                 "\\end{document}\n"})
    assert contents(tmp_path / "main.tex", content) == ["1 Eggs", "A Rules"]


@pytest.mark.parametrize("cls, commands", [
    # a book numbers down to its subsections, an article down to its subsubsections; \paragraph never;
    # and each lists in its contents what it numbers (tocdepth: a book's 2, an article's 3)
    ("book", ["chapter", "section", "subsection", "subsubsection", "paragraph"]),
    ("article", ["section", "subsection", "subsubsection", "paragraph", "subparagraph"]),
])
def test_a_standard_class_numbers_down_to_its_own_depth(tmp_path, content, cls, commands):
    body = "".join(f"\\{c}{{{t}}}\n" for c, t in zip(commands, ["Nest", "Comb", "Cell", "Wax", "Drop"]))
    write(tmp_path, {"main.tex": f"\\documentclass{{{cls}}}\n\\begin{{document}}\n{body}\\end{{document}}\n"})
    assert contents(tmp_path / "main.tex", content) == ["1 Nest", "1.1 Comb", "1.1.1 Cell"]
    # asked for more, every heading is listed, each as it is numbered
    book = typeset(read_book(str(tmp_path / "main.tex")), content, toc_depth=5)
    assert [" ".join(label.split()) for label, _ in contents_entries(book)] == [
        "1 Nest", "1.1 Comb", "1.1.1 Cell", "Wax", "Drop"]
