"""What the readers are fed: for each, pieces of its markup (well and badly put together,
each door to a file or an address among them), ways to nest it deep, and the real
sources it is seeded with; and the strategies that make a book's files of them.

A ``{NAME}`` in a piece becomes one of the shelf's ways out (``Shelf.doors``): the
outside file by its absolute path or a file:// address, the HTTP server's address.
``../secret.txt``, ``link.txt`` (a link inside the book leading out) and
``linkdir/secret.txt`` (a folder link leading out) are written as they are."""

from __future__ import annotations

from pathlib import Path

from hypothesis import strategies as st

from tests.pdf_figures import HALF_BLUE, encrypted, pdf_figure, without_a_page

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared" / "rulebook"
SOURCES = REPO / "tests" / "book" / "sources"
OUT = ["../secret.txt", "{ABS}", "{FILEURL}", "{HTTP}", "link.txt", "linkdir/secret.txt", "passwd.txt",
       "/etc/passwd", "../../../../../../../../etc/passwd", "file:///etc/passwd", "../outside/secret.txt"]


def _doors(forms: list[str], names: list[str]) -> list[str]:
    return [form.replace("@", name) for form in forms for name in names]


PIECES: dict[str, list[str]] = {
    "nests": ["\\chapter{The Hive}\n", "\\section{Rules}\n", "\\subsection{Sub}\n", "\\subsubsection{Deep}\n",
              "\n", "Words and more words. ", "*stress* ", "_Label_ Run-in text.\n", "* a bullet\n",
              "  * nested bullet\n", "1. first\n", "12. twelfth\n", "\\begin{table}[3]\n", "a & b & c\n",
              "0-4 & x & y\n", "\\end{table}\n", "\\label{A table.}[table]\n", "\\label{fig}[figure]\n",
              "\\begin{example}\n", "\\end{example}\n", "\\begin{note}[Title]\n", "\\end{note}\n",
              "\\begin{box}\n", "\\end{box}\n", "\\begin{note_reader}\n", "\\end{note_reader}\n",
              "\\begin*{rules_summary}\n", "\\end{rules_summary}\n", "\\charsheet[beetle]\n",
              "\\charsheet[../secret]\n", "\\charsheet[nope]\n", "\\begin{coverpage}\n", "\\end{coverpage}\n",
              "\\begin{credits}\n", "\\end{credits}\n", "---\n", "\\unknown{x}\n", "\\begin{table}[99999999999]\n",
              "\\begin{table}[0]\n", "蜜 🍯 ", "\t", "\\", "{", "}", "[", "]"],
    "md": ["# Heading\n", "## Sub\n", "###### Six\n", "- item\n", "  - nested\n", "    - deeper\n", "> quote\n",
           "1. one\n", "99999999999. big\n", "*em* ", "**strong** ", "`code` ", "[ref](#heading)\n", "\n",
           "| a | b |\n|---|---|\n| 1 | 2 |\n", "```\ncode\n```\n", "~~~python\nx\n~~~\n", "words and words ",
           "[^n]\n\n[^n]: a note\n", "<div>\n", "</div>\n", "---\n", "Setext\n===\n", "<!-- c -->\n",
           "<table><tr><td>cell</td></tr></table>\n", "<br>", "&amp; &#0; &#x110000; ", "\\*", "[x]: {HTTP}\n[y][x]\n",
           "+ plus\n", "    indented code\n", "<script>alert(1)</script>\n", "<style>@import url({HTTP});</style>\n",
           "$x^2$ ", ":smile: ", "[[wiki]] "]
          + ["![fig](fig.pdf)\n", "![fig](fig)\n"]
          + _doors(["![pic](@)\n", "<img src=\"@\">\n", "[link](@)\n", "<iframe src=\"@\"></iframe>\n",
                    "<object data=\"@\"></object>\n", "<link rel=\"stylesheet\" href=\"@\">\n",
                    "<svg><image href=\"@\"/></svg>\n", "<img srcset=\"@ 2x\">\n", "<a href=\"@\">a</a>\n",
                    "<div style=\"background: url(@)\">bg</div>\n", "<embed src=\"@\">\n", "<video src=\"@\"></video>\n",
                    "[r]: @\n\n![pic][r]\n", "![pic](<@>)\n", "<https://x>@ ", "<picture><source srcset=\"@\"></picture>\n"],
                   OUT),
    "rst": ["Title\n=====\n\n", "Section\n-------\n\n", "Sub\n~~~\n\n", "- item\n", "  - nested\n", "\n", "words ",
            "*em* ", "**strong** ", "``code`` ", ":ref:`x` ", ":doc:`part` ", "   indented\n", "::\n\n    literal\n",
            ".. note::\n\n   body\n", ".. _label:\n\n", "`label`_ ", ".. |sub| replace:: text\n\n", "|sub| ",
            "+---+---+\n| a | b |\n+---+---+\n", "=== ===\na   b\n=== ===\n", "1. one\n", "#. auto\n",
            ".. [1] note\n", "[1]_ ", ".. comment\n", ".. unknown-directive:: x\n", ".. list-table::\n\n   * - a\n     - b\n",
            ".. math::\n\n   x^2\n", ".. raw:: latex\n\n   \\x\n", ".. contents::\n", ".. sectnum::\n",
            ".. include:: part.rst\n", ".. include:: index.rst\n", ".. include:: <isonum.txt>\n",
            ".. include:: <../../../../../../../../etc/passwd>\n", ".. include:: <../../secret.txt>\n",
            ".. csv-table:: In\n   :file: rows.csv\n", ".. raw:: html\n   :url: {HTTP}\n",
            ".. parsed-literal::\n\n   x\n", ".. code-block:: python\n\n   x = 1\n", ".. only:: html\n\n   x\n",
            ".. toctree::\n   :glob:\n\n   *\n", ".. toctree::\n\n   part\n   ../outside/index\n   /index\n"]
           + _doors([".. include:: @\n", ".. include:: @\n   :literal:\n", ".. literalinclude:: @\n",
                     ".. csv-table:: T\n   :file: @\n", ".. csv-table:: U\n   :url: @\n", ".. raw:: html\n   :file: @\n",
                     ".. image:: @\n", ".. figure:: @\n\n   Caption.\n", ".. toctree::\n\n   @\n",
                     ".. include:: @\n   :start-line: 0\n   :end-before: x\n", ".. code-block::\n   :include: @\n",
                     ".. csv-table:: V\n   :file: @\n   :encoding: latin-1\n", ":download:`@` "], OUT),
    "latex": ["\\section{S}\n", "\\subsection{T}\n", "\\chapter{C}\n", "\\part{P}\n", "words ", "\n\n", "{", "}",
              "\\newcommand{\\a}{aa}\n", "\\newcommand{\\b}{\\a\\a\\a\\a}\n", "\\newcommand{\\c}{\\b\\b\\b\\b}\n",
              "\\c ", "\\def\\x{\\x}\n", "\\x ", "\\def\\y#1{#1#1}\n", "\\y{\\y{\\y{z}}} ", "\\renewcommand{\\a}{\\b}\n",
              "\\begin{itemize}\\item x\n", "\\end{itemize}\n", "\\begin{enumerate}\n", "\\item y\n",
              "\\end{enumerate}\n", "\\textbf{b} ", "\\emph{e} ", "$x^2$ ", "\\[ \\frac{a}{b} \\]\n", "%comment\n",
              "\\let\\org@subfile\\subfile\n", "\\makeatletter\n", "\\include\n", "\\input\n", "\\input ch \n",
              "\\input{ch}\n", "\\include{ch}\n", "\\subfile{ch}\n", "\\input{book}\n", "\\label{l}\\ref{l} ",
              "\\begin{tabular}{ll}a & b\\\\\n\\end{tabular}\n", "\\begin{verbatim}\nv\n\\end{verbatim}\n",
              "\\footnote{f} ", "\\setcounter{tocdepth}{99999999999}\n", "\\\\", "&", "#", "^", "_", "~", "\\",
              "\\csname relax\\endcsname ", "\\expandafter\\x ", "\\begin{figure}\\caption{c}\\end{figure}\n",
              "\\href{{HTTP}}{h} ", "\\url{{FILEURL}} ", "\\begin{document}\n", "\\end{document}\n",
              "\\input{|\"cat /etc/passwd\"}\n", "\\immediate\\write18{cat /etc/passwd}\n", "\\openin1=../secret.txt \\read1 to\\x\n",
              "\\graphicspath{{../}{/etc/}}\n", "\\includegraphics{secret}\n", "\\includegraphics[width=9999999999pt]{x}\n",
              "\\includegraphics{figs/fig}\n", "\\begin{figure}\\includegraphics[scale=0.8]{figs/fig.pdf}\\caption{c}\\end{figure}\n",
              "\\catcode`\\@=11\n", "\\catcode`\\{=12\n", "\\csname input\\endcsname{../secret}\n", "\\expandafter\\input\\x\n"]
             + _doors(["\\input{@}\n", "\\include{@}\n", "\\subfile{@}\n", "\\import{}{@}\n", "\\input @ \n",
                       "\\includegraphics{@}\n", "\\lstinputlisting{@}\n", "\\verbatiminput{@}\n",
                       "\\InputIfFileExists{@}{}{}\n", "\\bibliography{@}\n", "\\includepdf{@}\n",
                       "\\subimport{../}{@}\n", "\\inputminted{text}{@}\n", "\\usepackage{@}\n"],
                      OUT + ["../secret", "{ABSTEX}", "link", "linkdir/secret"]),
    "xml": ["<para>words</para>", "<section><title>S</title><para>x</para></section>", "&amp;", "&undefined;",
            "<", ">", "<!-- c -->", "<![CDATA[x]]>", "<para>", "</para>", "<title>T</title>",
            "<itemizedlist><listitem><para>i</para></listitem></itemizedlist>", "\n", "&#0;", "&#x110000;",
            "&lol;", "<?pi x?>", "<chapter>", "</chapter>", "<emphasis>e</emphasis>", "<table><tr><td>c</td></tr></table>",
            "<xi:include href=\"ch.xml\"/>", "<xi:include href=\"ch.xml\" parse=\"text\"/>", "<xi:include href=\"book.xml\"/>",
            "<xi:include href=\"book.dbk\"/>", "&part;", "&local;", "<p>p</p>", "<chaptertitle>C</chaptertitle>",
            "<?xml-stylesheet href=\"../secret.txt\"?>", "<xi:include href=\"ch.xml\" xpointer=\"xpointer(//*)\"/>",
            "<xi:include href=\"ch.xml\" parse=\"text\" encoding=\"utf-32\"/>", "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"]
           + _doors(["<xi:include href=\"@\" parse=\"text\"/>", "<xi:include href=\"@\"/>",
                     "<xi:include href=\"nope.xml\"><xi:fallback><xi:include href=\"@\" parse=\"text\"/></xi:fallback></xi:include>",
                     "<imagedata fileref=\"@\"/>", "<mediaobject><imageobject><imagedata fileref=\"@\"/></imageobject></mediaobject>",
                     "<graphic fileref=\"@\"/>", "<ulink url=\"@\">u</ulink>", "<link xlink:href=\"@\">l</link>",
                     "<textdata fileref=\"@\"/>", "<inlinegraphic fileref=\"@\"/>", "<image src=\"@\"/>",
                     "<imagedata entityref=\"leak\"/>"], OUT),
}
PIECES["sphinx"] = PIECES["rst"]
PIECES["docbook"] = PIECES["xml"] + ["<sect1><title>s</title>", "</sect1>", "<programlisting>x</programlisting>",
                                     "<footnote><para>f</para></footnote>", "<xref linkend=\"x\"/>", "<anchor id=\"x\"/>"]

# What nests: an opening and a closing, repeated DEPTH times.
NESTING: dict[str, list[tuple[str, str]]] = {
    "nests": [("\\begin{note}\n", "\\end{note}\n"), ("  ", "* x\n"), ("{", "}")],
    "md": [("> ", "q\n"), ("- ", "x\n"), ("<div>", "</div>\n"), ("[", "](x)"), ("*", "*"), ("1. ", "x\n")],
    "rst": [("   ", "x\n"), ("- ", "\n"), (".. note::\n\n   ", "\n"), ("*", "*")],
    "latex": [("{", "}"), ("\\begin{itemize}\\item ", "\\end{itemize}\n"), ("\\textbf{", "}"),
              ("\\newcommand{\\z}{\\z\\z}", "\\z"), ("\\section{", "}")],
    "xml": [("<section><title>t</title>", "</section>"), ("<para>", "</para>"), ("<emphasis>", "</emphasis>"),
            ("<itemizedlist><listitem>", "</listitem></itemizedlist>")],
}
NESTING["sphinx"] = NESTING["rst"]
NESTING["docbook"] = NESTING["xml"]

_ENTITIES = ("<!DOCTYPE book [\n<!ENTITY leak SYSTEM \"../secret.txt\">\n<!ENTITY part SYSTEM \"ch.xml\">\n"
             "<!ENTITY % dtd SYSTEM \"../secret.txt\">\n<!ENTITY % web SYSTEM \"{HTTP}\">\n"
             "<!ENTITY local \"words\">\n<!ENTITY url SYSTEM \"{HTTP}\">\n"
             "<!ENTITY lol \"&local;&local;&local;&local;&local;&local;&local;&local;&local;&local;\">\n]>\n")


def wrap(reader: str, body: str, framed: bool) -> str:
    """A whole source around a body of pieces (``framed``: in its markup's usual frame)."""
    if not framed:
        return body
    if reader == "latex":
        return "\\documentclass{article}\n\\begin{document}\n" + body + "\n\\end{document}\n"
    if reader == "xml" and body.startswith("<"):       # now and then the outside as the book's own DTD
        return "<!DOCTYPE book SYSTEM \"../secret.txt\">\n<book><title>B</title>" + body + "</book>\n"
    if reader == "xml" and body.startswith("&"):       # now and then the outside read as part of the DTD
        return _ENTITIES.replace("]>", "%dtd;\n%web;\n]>") + "<book><title>B</title>" + body + "</book>\n"
    if reader == "xml":
        return (_ENTITIES + "<book xmlns:xi=\"http://www.w3.org/2001/XInclude\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">"
                "<title>B</title>" + body + "&leak;&url;</book>\n")
    if reader == "docbook":
        return (_ENTITIES + "<book xmlns=\"http://docbook.org/ns/docbook\" xmlns:xi=\"http://www.w3.org/2001/XInclude\" "
                "xmlns:xlink=\"http://www.w3.org/1999/xlink\"><title>B</title>" + body + "&leak;</book>\n")
    if reader in ("rst", "sphinx"):
        return "Book\n====\n\n" + body
    if reader == "md":
        return "# Book\n\n" + body
    return "\\chapter{Book}\n\n" + body


# The book's files: its main file, and the files its pieces name (each there or not).
MAIN = {"nests": "book.raw.txt", "md": "book.md", "rst": "book.rst", "sphinx": "index.rst", "latex": "book.tex",
        "xml": "book.xml", "docbook": "book.dbk"}
OTHERS = {"nests": [], "md": ["part.md", "fig.pdf"], "rst": ["part.rst", "rows.csv"], "latex": ["ch.tex", "sub/ch2.tex", "figs/fig.pdf"],
          "sphinx": ["part.rst", "sub/deeper.rst", "conf.py", "rows.csv"], "xml": ["ch.xml"], "docbook": ["ch.xml"]}
SEEDS = {
    "nests": [SHARED / "nests-and-insects-1.0.0.raw.txt", SOURCES / "ant-parade.raw.txt"],
    "md": [SHARED / "base-rules.md", SOURCES / "lantern-moths.md", SOURCES / "short-night.md"],
    "rst": [SHARED / "basic-rules.rst", SOURCES / "hive-tithe.rst"],
    "sphinx": [SHARED / "basic-rules.rst", SOURCES / "hive-tithe.rst"],
    "latex": [SHARED / "rules-and-procedures.tex", SOURCES / "cricket-duel.tex", SOURCES / "moth-notes.tex"],
    "xml": [SHARED / "malleus-deum.xml", SOURCES / "spider-court.xml"],
    "docbook": sorted((REPO / "tests" / "book" / "docbook").glob("*.xml")),
}
_FLIPS = list(b" \n\t{}\\<>&;[]()*#-_`:|.=9aZ%$!\"'/")      # a flipped byte: mostly one the markups mean something by
WINDOW = 24_000          # the most of a seed one example reads: long enough for chapters, short enough to be quick


def seed_bytes(reader: str) -> list[bytes]:
    return [path.read_bytes() for path in SEEDS[reader] if path.is_file()]


def text_pieces(reader: str):
    """One piece: of the markup, a run of any characters, a number past every limit, or a deep nesting."""
    nestings = st.tuples(st.sampled_from(NESTING[reader]), st.integers(1, 40) | st.integers(1, 400)).map(
        lambda n: n[0][0] * n[1] + "x" + n[0][1] * n[1])
    return st.one_of(
        st.sampled_from(PIECES[reader]),
        st.sampled_from(PIECES[reader]),
        st.text(max_size=12),
        st.integers(10, 5000).map(lambda k: "9" * k),
        nestings,
    )


def generated(reader: str):
    """A source made of pieces, in its markup's frame or not."""
    return st.builds(lambda body, framed: wrap(reader, "".join(body), framed).encode("utf-8", "surrogatepass"),
                     st.lists(text_pieces(reader), max_size=40), st.booleans() | st.just(True))


@st.composite
def mutated(draw, reader: str):
    """A window of a real source, mutated: bytes flipped, cut, doubled, pieces and text put in."""
    seeds = seed_bytes(reader)
    data = draw(st.sampled_from(seeds))
    if len(data) > WINDOW:
        start = draw(st.integers(0, len(data) - WINDOW))
        data = data[start:start + draw(st.integers(WINDOW // 8, WINDOW))]
        data = data[data.find(b"\n") + 1:] if start else data     # from a line's start: never inside a character
    data = bytearray(data)
    for _ in range(draw(st.integers(0, 8))):
        kind = draw(st.sampled_from(["flip", "cut", "double", "piece", "text", "truncate", "number"]))
        at = draw(st.integers(0, max(len(data), 1))) if data else 0
        if kind == "flip" and data:
            data[min(at, len(data) - 1)] = draw(st.sampled_from(_FLIPS) | st.integers(0, 255)
                                                if draw(st.integers(0, 9)) == 0 else st.sampled_from(_FLIPS))
        elif kind == "cut":
            del data[at:at + draw(st.integers(1, 2000))]
        elif kind == "double":
            run = bytes(data[at:at + draw(st.integers(1, 400))])
            data[at:at] = run * draw(st.integers(1, 60))
        elif kind == "piece":
            data[at:at] = draw(text_pieces(reader)).encode("utf-8", "surrogatepass")
        elif kind == "text":
            data[at:at] = draw(st.text(min_size=1, max_size=30)).encode("utf-8", "surrogatepass")
        elif kind == "number":
            data[at:at] = b"9" * draw(st.integers(10, 5000))
        else:
            del data[at:]
    return bytes(data)


@st.composite
def book_files(draw, reader: str) -> dict[str, bytes]:
    """A book's folder: its main file (made of pieces, or a real source mutated) and the files it may name."""
    main = draw(st.one_of(generated(reader), mutated(reader)) if seed_bytes(reader) else generated(reader))
    files = {MAIN[reader]: main}
    for name in OTHERS[reader]:
        if not draw(st.booleans()):
            continue
        if name == "conf.py":
            files[name] = draw(st.sampled_from([b"project = 'Fuzzed'\n", b"project = open('../secret.txt').read()\n",
                                                b"latex_documents = [('index', 'b.tex', 'T', 'A', 'manual')]\n",
                                                b"\xff\xfe", b"import os; os.system('touch ../ran')\n"]))
        elif name.endswith(".pdf"):
            files[name] = draw(pdf_figure_files())
        elif name.endswith(".csv"):
            files[name] = draw(st.sampled_from([b"a,b\n1,2\n", b"a,\"b\n", b"\xff", b"x" * 5000 + b"\n"]))
        else:
            files[name] = wrap(reader, "".join(draw(st.lists(text_pieces(reader), max_size=12))),
                               False).encode("utf-8", "surrogatepass")
    return files


# What a fuzzed PDF figure draws: paths, text in its font and in one it lacks, what it has no
# resource for, deep nesting of the graphics state, numbers past every limit, an inline image.
_PDF_DRAWINGS = [HALF_BLUE, "BT /F1 {height} Tf 0 0 Td (Nest) Tj ET", "0 0 m {width} {height} l S", "/Im1 Do",
                 "BT /F9 12 Tf (x) Tj ET", "q " * 3000 + "Q " * 3000, "99999999999 w 0 0 m 9e99 9e99 l S",
                 "1e30 0 0 1e30 0 0 cm 0 0 1 1 re f", "BI /W 9999 /H 9999 /BPC 8 /CS /RGB ID x EI", "{width} {height} [ << ( re"]
_PDF_SIZES = st.sampled_from([1.0, 72.0, 288.0, 14400.0]) | st.floats(0.001, 20000)


@st.composite
def pdf_figure_files(draw) -> bytes:
    """A figure's PDF: well made (of any size, drawn with anything, its stream deflated or not),
    then maybe cut short, its bytes flipped, a run doubled, a long number put in, locked with a
    password; or a PDF of no page."""
    data = pdf_figure(draw(_PDF_SIZES), draw(_PDF_SIZES), draw(st.sampled_from(_PDF_DRAWINGS)),
                      draw(st.sampled_from(["MediaBox", "CropBox"])), draw(st.booleans()))
    data = bytearray(encrypted(data) if draw(st.integers(0, 5)) == 3 else data)
    for _ in range(draw(st.integers(0, 4))):
        how = draw(st.sampled_from(["cut", "flip", "double", "number", "no page"]))
        at = draw(st.integers(0, len(data) - 1))
        if how == "cut":
            del data[at:]
        elif how == "flip":
            data[at] = draw(st.integers(0, 255))
        elif how == "double":
            data[at:at] = bytes(data[at:at + draw(st.integers(1, 200))]) * draw(st.integers(1, 50))
        elif how == "number":
            data[at:at] = b"9" * draw(st.integers(10, 3000))
        elif how == "no page":
            data = bytearray(without_a_page())
        if not data:
            data = bytearray(b"%PDF-")
    return bytes(data)
