"""A first property test per reader (issue 29, point 7; the long fuzz run is for later):
sources built from pieces of each markup, well and badly put together, with doors
to a file outside the book among them. Whatever the source, a reader either gives a
book or one NestsError (never another exception, never a traceback), within a few
seconds, and no byte of the outside file reaches the typeset pages."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nests.book.readers import read_book
from nests.errors import NestsError
from nests.generators.rulebook import typeset

SECRET = "OUTSIDE-BYTES-4410"

PIECES = {
    "md": ["# Heading\n", "## Sub\n", "- item\n", "  - nested\n", "    - deeper\n", "> quote\n", "1. one\n",
           "![pic](../secret.txt)\n", "<img src=\"../secret.txt\">\n", "[link](../secret.txt)\n", "*em* ",
           "`code` ", "[ref](#heading)\n", "\n", "| a | b |\n|---|---|\n| 1 | 2 |\n", "```\ncode\n```\n",
           "words and words ", "[^n]\n\n[^n]: a note\n", "<div>\n", "</div>\n", "---\n"],
    "rst": ["Title\n=====\n\n", "Section\n-------\n\n", "- item\n", "  - nested\n", "\n", "words ",
            ".. include:: ../secret.txt\n", ".. literalinclude:: ../secret.txt\n",
            ".. csv-table:: T\n   :file: ../secret.txt\n", ".. csv-table:: U\n   :url: file:///etc/passwd\n",
            ".. include:: <../../../../secret.txt>\n", ".. image:: ../secret.txt\n", ".. note::\n\n   body\n",
            "*em* ", "``code`` ", ":ref:`x` ", "   indented\n", "::\n\n    literal\n"],
    "tex": ["\\section{S}\n", "\\subsection{T}\n", "words ", "\n\n", "{", "}", "\\input{../secret}\n",
            "\\input ../secret\n", "\\include\n", "\\lstinputlisting{../secret.txt}\n", "\\newcommand{\\a}{aa}\n",
            "\\newcommand{\\b}{\\a\\a\\a}\n", "\\b ", "\\def\\x{\\x}\n", "\\begin{itemize}\\item x\n",
            "\\end{itemize}\n", "\\textbf{b} ", "$x^2$ ", "%comment\n", "\\includegraphics{../secret}\n",
            "\\let\\org@subfile\\subfile\n"],
    "xml": ["<para>words</para>", "<section><title>S</title><para>x</para></section>", "&amp;", "&undefined;",
            "<xi:include href=\"../secret.txt\" parse=\"text\"/>", "<xi:include href=\"file:///etc/passwd\"/>",
            "<", ">", "<!-- c -->", "<![CDATA[x]]>", "<para>", "</para>", "<itemizedlist><listitem><para>i"
            "</para></listitem></itemizedlist>", "\n"],
}
EXTENSION = {"md": "md", "rst": "rst", "tex": "tex", "xml": "xml", "dbk": "dbk"}


def source(kind: str, body: str) -> str:
    if kind == "tex":
        return "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n"
    if kind == "xml":
        return ("<!DOCTYPE book [<!ENTITY leak SYSTEM \"../secret.txt\">]>\n"
                "<book xmlns:xi=\"http://www.w3.org/2001/XInclude\"><title>B</title>" + body + "&leak;</book>\n")
    if kind == "dbk":
        return ("<book xmlns=\"http://docbook.org/ns/docbook\" xmlns:xi=\"http://www.w3.org/2001/XInclude\">"
                "<title>B</title>" + body + "</book>\n")
    return body


@pytest.fixture(scope="module")
def shelf(tmp_path_factory):
    root = tmp_path_factory.mktemp("shelf")
    (root / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (root / "secret.tex").write_text(SECRET + "\n", encoding="utf-8")
    (root / "book").mkdir()
    return root / "book"


@pytest.mark.parametrize("kind", ["md", "rst", "tex", "xml", "dbk"])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_source_is_a_book_or_one_error_and_never_reads_outside(shelf, content, kind, data):
    pieces = st.sampled_from(PIECES["xml" if kind == "dbk" else kind])
    body = "".join(data.draw(st.lists(pieces, max_size=30)))
    path = shelf / f"book.{EXTENSION[kind]}"
    path.write_text(source(kind, body), encoding="utf-8")
    start = time.monotonic()
    try:
        book = read_book(str(path))
    except NestsError as err:
        assert len(str(err).splitlines()) >= 1
        return
    text = "".join(page.text for page in typeset(book, content).pages)
    assert SECRET not in text and "root:" not in text
    assert time.monotonic() - start < 20
