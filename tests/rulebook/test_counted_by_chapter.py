"""Figures and tables carry their chapter's number where the source's own tool numbers them so:
LaTeX's book and report classes count them within each chapter (``\\thefigure`` is
``\\thechapter.\\arabic{figure}``), as DocBook's stylesheets do in a book; an article counts
them through the whole text. References print the same number as the caption."""

import pytest

from nests.book.readers import read_book
from nests.generators.rulebook import typeset

LATEX = ("\\documentclass{{{cls}}}\n\\begin{{document}}\n"
         "\\{top}{{Eggs}}\n\\begin{{table}}\\begin{{tabular}}{{ll}}a & b\\\\\\end{{tabular}}\\caption{{Clutch.}}\\end{{table}}\n"
         "\\{top}{{Larvae}}\nSee Table~\\ref{{t:food}}.\n"
         "\\begin{{table}}\\begin{{tabular}}{{ll}}c & d\\\\\\end{{tabular}}\\caption{{Food.}}\\label{{t:food}}\\end{{table}}\n"
         "\\end{{document}}\n")
DOCBOOK = ("<{root} xmlns='http://docbook.org/ns/docbook' version='5.0'><title>Brood</title>"
           "<{part}><title>Eggs</title><table><title>Clutch.</title><tgroup cols='1'><tbody><row><entry>a</entry>"
           "</row></tbody></tgroup></table></{part}>"
           "<{part}><title>Larvae</title><table><title>Food.</title><tgroup cols='1'><tbody><row><entry>c</entry>"
           "</row></tbody></tgroup></table></{part}></{root}>")


def text_of(path, content) -> str:
    return " ".join("".join(p.text for p in typeset(read_book(str(path)), content).pages).split())


@pytest.mark.parametrize("cls,top,second", [("book", "chapter", "Table 2.1"), ("report", "chapter", "Table 2.1"),
                                            ("article", "section", "Table 2")])
def test_latex_counts_tables_as_its_class_does(tmp_path, content, cls, top, second):
    source = tmp_path / "brood.tex"
    source.write_text(LATEX.format(cls=cls, top=top), encoding="utf-8")
    text = text_of(source, content)
    assert f"{second}: Food." in text and f"See {second} (page" in text
    first = "Table 1.1" if second.count(".") else "Table 1"
    assert f"{first}: Clutch." in text


@pytest.mark.parametrize("root,part,second", [("book", "chapter", "Table 2.1"), ("article", "section", "Table 2")])
def test_docbook_counts_tables_within_a_books_chapters(tmp_path, content, root, part, second):
    source = tmp_path / "brood.xml"
    source.write_text(DOCBOOK.format(root=root, part=part), encoding="utf-8")
    assert f"{second}: Food." in text_of(source, content)
