"""Each reader on small sources of our own: the constructs every book may use."""

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.errors import NestsError

from .test_latex_book_shapes import png


def read(tmp_path, name: str, text: str) -> m.Book:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return read_book(str(path))


def nodes(book, kind) -> list:
    return [n for n in walk(book.blocks) if isinstance(n, kind)]


def list_depth(block) -> int:
    inner = [b for item in block.items for b in item.blocks if isinstance(b, m.ListBlock)]
    return 1 + max((list_depth(b) for b in inner), default=0)


def levels(book) -> list[tuple[str, int, bool]]:
    return [(m.plain(h.title), h.level, h.numbered) for h in nodes(book, m.Heading)]


MARKDOWN = """\
---
title: The Small Book
---
# Title

Intro with a note[^n], a [broken link](#nowhere) and a [good one](#deep).

#### Deep <a name="old-deep"></a>

See [the old name](#old-deep).

- one
  - two
    - three

Term
: Its definition.

| a | b |
|---|---|
| 1 | **2** |

> Quoted words.

!!! tip "Be careful"
    Inside.

> [!WARNING]
> Hot.

```
x **y**
```

\\newpage

<div style="page-break-after: always"></div>

## Next {#the-next}

[^n]: The note.
"""


def test_markdown_constructs(tmp_path):
    book = read(tmp_path, "small.md", MARKDOWN)
    # #### under # keeps its depth below the ## the book also uses (no ### anywhere: no hole
    # for it); the lone top heading is the unnumbered title
    assert levels(book) == [("Title", 1, False), ("Deep", 3, True), ("Next", 2, True)]
    assert list_depth(nodes(book, m.ListBlock)[0]) == 3
    assert [m.plain(d.term) for d in nodes(book, m.Definition)] == ["Term"]
    table = nodes(book, m.Table)[0]
    assert [[m.plain(c.children) for c in r] for r in table.header + table.rows] == [["a", "b"], ["1", "2"]]
    assert isinstance(table.rows[0][1].children[0], m.Strong)
    assert book.title == "The Small Book"
    assert [(b.kind, m.plain(b.title)) for b in nodes(book, m.Box)] == [
        ("quote", ""), ("tip", "Be careful"), ("warning", "")]
    assert m.plain(nodes(book, m.Box)[2].blocks[0].children) == "Hot."
    assert nodes(book, m.Verbatim)[0].lines == ["x **y**"]
    assert len(nodes(book, m.PageBreak)) == 2
    assert nodes(book, m.Heading)[-1].anchor == "the-next"
    assert [r.label for r in nodes(book, m.FootnoteRef)] == [f.label for f in nodes(book, m.Footnote)]
    assert [r.target for r in nodes(book, m.Ref)] == ["deep", "deep"]     # an <a name> is the section's
    assert [(w.line, w.message) for w in book.warnings] == [
        (6, "link to 'nowhere', which is not in this book; its words are printed")]
    assert [x.what for x in nodes(book, m.Missing)] == []          # a link prints its words alone


RST = """\
Title
=====

A note [#n]_, :ref:`nowhere`, :ref:`the deep part <deep>` and :doc:`other`.

.. _deep:

Deep
----

Deeper
^^^^^^

- one

  - two

    - three

.. note:: Careful.

.. csv-table:: Odd
   :header: "H1", "H2"

   "a", "b, c"

.. [#n] The note.

.. include:: absent.rst

.. index:: dropped

.. page-break::

.. versionadded:: 2.0
"""


def test_rst_constructs(tmp_path):
    (tmp_path / "part.rst").write_text("Included\n--------\n\nSee :ref:`nothing`.\n", encoding="utf-8")
    book = read(tmp_path, "small.rst", RST + "\n.. include:: part.rst\n")
    assert levels(book) == [("Title", 1, False), ("Deep", 2, True), ("Deeper", 3, True), ("Included", 2, True)]
    included = nodes(book, m.Heading)[-1]
    assert (included.source, included.line) == (str(tmp_path / "part.rst"), 1)
    assert [(w.source, w.line) for w in book.warnings if "'nothing'" in w.message] == [(str(tmp_path / "part.rst"), 4)]
    assert list_depth(nodes(book, m.ListBlock)[0]) == 3
    assert [b.kind for b in nodes(book, m.Box)] == ["note", "note"]
    assert [p.line for p in nodes(book, m.PageBreak)] == [33]
    table = nodes(book, m.Table)[0]
    assert [[m.plain(c.children) for c in r] for r in table.header + table.rows] == [["H1", "H2"], ["a", "b, c"]]
    assert [r.label for r in nodes(book, m.FootnoteRef)] == [f.label for f in nodes(book, m.Footnote)] == ["1"]
    assert [r.target for r in nodes(book, m.Ref)] == ["deep"]
    missing = {x.what: x.line for x in nodes(book, m.Missing) if x.source.endswith("small.rst")}
    assert missing == {"nowhere": 4, "absent.rst": 29}             # a :doc: link to a document not here: its words
    assert [w.message for w in book.warnings if "'other'" in w.message] == [
        "link to the document 'other', which is not in this book; its words are printed"]
    assert sorted(w.line for w in book.warnings if w.source.endswith("small.rst")) == [4, 4, 29]


LATEX = r"""\section{One}\label{sec:one}
Text\footnote{A note.} see \ref{sec:one} on page~\pageref{sec:one} and \ref{nope}.
\subsubsection*{Skipped}
\begin{itemize}
\item[First] a
  \begin{enumerate}
  \item b
    \begin{itemize}
    \item c
    \end{itemize}
  \end{enumerate}
\end{itemize}
\begin{table}\begin{center}
\begin{tabular}{ll}
H1 & H2 \\ \hline
a & b \\
\end{tabular}\end{center}\caption{Pairs}\label{tab:pairs}
\end{table}
See table~\ref{tab:pairs}.
\newpage
\begin{verbatim}
\emph{kept}
\end{verbatim}
\input{absent}
\input{present}
$$x \geq \sqrt{y}$$
"""


def test_latex_constructs(tmp_path):
    (tmp_path / "present.tex").write_text("\\section{Included}\nFrom \\emph{elsewhere}.\n", encoding="utf-8")
    book = read(tmp_path, "small.tex", LATEX)
    assert levels(book) == [("One", 1, True), ("Skipped", 2, False), ("Included", 1, True)]
    assert nodes(book, m.Heading)[2].source == str(tmp_path / "present.tex")
    assert list_depth(nodes(book, m.ListBlock)[0]) == 3
    assert m.plain(nodes(book, m.ListItem)[0].blocks[0].children) == "First a"
    table = nodes(book, m.Table)[0]
    assert [[m.plain(c.children) for c in r] for r in table.header] == [["H1", "H2"]]
    assert [[m.plain(c.children) for c in r] for r in table.rows] == [["a", "b"]]
    assert (m.plain(table.caption), table.anchor, table.numbered) == ("Pairs", "tab:pairs", True)
    assert nodes(book, m.PageBreak) and nodes(book, m.Verbatim)[0].lines == [r"\emph{kept}"]
    assert [f.text for f in nodes(book, m.Formula)] == ["x ≥ √(y)"]
    assert [r.label for r in nodes(book, m.FootnoteRef)] == [f.label for f in nodes(book, m.Footnote)] == ["1"]
    assert [(r.target, r.page) for r in nodes(book, m.Ref)] == [
        ("sec:one", False), ("sec:one", True), ("tab:pairs", False)]
    assert {x.what: x.line for x in nodes(book, m.Missing)} == {"nope": 2, "absent": 24}


XML = """<?xml version="1.0" encoding="utf-8" ?>
<book>
  <chapter><chaptertitle>One <d6/></chaptertitle><label>ch:one</label>
    <p>See <ref>ch:one</ref> on page<pageref>ch:one</pageref> and <ref>nope</ref>; ``quoted''~words.</p>
    <list><li>a<list><li>b<list><li>c</li></list></li></list></li></list>
    {% include "absent.xml" %}
    {% include "present.xml" %}
    {% if shown %}<section><sectiontitle>Hidden</sectiontitle></section>{% endif %}
    <playexample><p>An example for {{ reader }}.</p></playexample>
  </chapter>
</book>
"""


def test_xml_constructs(tmp_path):
    (tmp_path / "present.xml").write_text("<section><sectiontitle>Included</sectiontitle></section>\n"
                                          "<section><sectiontitle>Twice</sectiontitle></section>\n", encoding="utf-8")
    book = read(tmp_path, "small.xml", XML)
    # the lone chapter over all the others is the book's title: unnumbered, as a lone # is
    assert levels(book) == [("One ⚅", 1, False), ("Included", 2, True), ("Twice", 2, True)]
    assert book.title == "One ⚅"
    assert nodes(book, m.Heading)[0].anchor == "ch:one"
    assert [h.source for h in nodes(book, m.Heading)][1:] == [str(tmp_path / "present.xml")] * 2
    assert list_depth(nodes(book, m.ListBlock)[0]) == 3
    assert "; “quoted” words." in m.plain(nodes(book, m.Paragraph)[0].children)
    assert [(r.target, r.page) for r in nodes(book, m.Ref)] == [("ch:one", False), ("ch:one", True)]
    assert "on page " in m.plain(nodes(book, m.Paragraph)[0].children)   # the number never sticks to "page"
    assert {x.what: x.line for x in nodes(book, m.Missing)} == {
        "nope": 4, "absent.xml": 6, "template condition if shown": 8, "template value reader": 9}
    assert nodes(book, m.Box)[0].kind == "example"


@pytest.mark.parametrize("name, text, line", [
    ("bad.xml", "<book>\n<p>open\n</book>\n", 3),
    ("bad.xml", "<book>\n<p>a &unknown; b</p></book>\n", 2),
])
def test_unparsable_xml_is_one_error_line_with_file_and_line(tmp_path, name, text, line):
    with pytest.raises(NestsError) as caught:
        read(tmp_path, name, text)
    message = str(caught.value)
    assert len(message.splitlines()) == 1
    assert message.startswith(f"{tmp_path / name}:{line}: ")


def test_rst_problems_become_warnings_not_errors(tmp_path):
    book = read(tmp_path, "odd.rst", "Title\n=====\n\n.. nosuchdirective:: x\n\nText with :nosuchrole:`words`.\n"
                                     "\nSee nowhere_ and |nosub|.\n")
    assert sorted(w.line for w in book.warnings) == [4, 6, 8, 8]
    assert [x.what for x in nodes(book, m.Missing)] == ["nowhere", "substitution nosub"]
    texts = " ".join(n.text for n in nodes(book, m.Text))
    assert "words" in texts and ":nosuchrole:" not in texts and ".. " not in texts


def test_every_xml_symbol_is_one_glyph_of_one_column():
    from wcwidth import wcswidth
    from nests.book.readers.xml import _SYMBOLS
    for name, glyph in _SYMBOLS.items():
        assert len(glyph) == 1 and wcswidth(glyph) == 1, name


PIECES = ["a", " ", "\n", "\n\n", "#", "*", "_", "`", "[", "]", "(", ")", "|", ":", "-", "=", "{", "}",
          "\\", "$", "%", "&", "<", ">", "'", "\\section{", "\\begin{itemize}", "\\item ", "\\end{itemize}",
          "\\ref{", "\\footnote{", "\\begin{tabular}{ll}", "\\end{tabular}", "<p>", "</p>", "<section>",
          "{% for x in y %}", "{% endfor %}", "{{ v }}", ".. note::", ".. csv-table:: T\n", ":widths: 1, 2\n",
          ".. [#] ", "[#]_", ":ref:`x`", "   ", "- ", "1. ", "| a | b |\n|---|---|\n", "[^1]", "[^1]: n\n",
          "<![a", "<list><li>", "</li></list>", "<ref>a</ref>", "<chapter><chaptertitle>T</chaptertitle>",
          ".. image:: x.png\n", "![a](b.png)", "\\input{zz}", ".. include:: zz\n", "{% include 'q' %}"]


@pytest.mark.parametrize("name", ["any.md", "any.rst", "any.tex", "any.xml"])
def test_any_input_is_a_book_or_one_error_never_a_traceback(tmp_path, name):
    from hypothesis import given, settings, strategies as st

    @settings(max_examples=25, deadline=None, derandomize=True)
    @given(st.lists(st.sampled_from(PIECES), max_size=40).map("".join))
    def check(text):
        try:
            book = read(tmp_path, name, text if not name.endswith(".xml") else f"<book>{text}</book>")
        except NestsError as err:
            assert len(str(err).splitlines()) == 1 and str(err).startswith(str(tmp_path / name))
        else:
            assert all(n.line >= 1 and n.source for n in walk(book.blocks))

    check()


def test_sphinx_metadata_and_toctree_options_are_not_text(tmp_path):
    book = read(tmp_path, "index.rst", ":orphan:\n\nBook\n====\n\n.. toctree::\n   :maxdepth: 2\n\n   one\n"
                                       "   Two <two>\n\n.. list-table:: T\n   :header-rows: 1\n\n"
                                       "   * - A\n     - B\n   * - 1\n     - 2\n")
    assert [x.what for x in nodes(book, m.Missing)] == ["document: one", "document: two"]
    words = " ".join(n.text for n in nodes(book, m.Text))
    assert "orphan" not in words and "maxdepth" not in words
    table = nodes(book, m.Table)[0]
    assert [[m.plain(c.children) for c in r] for r in table.header + table.rows] == [["A", "B"], ["1", "2"]]


def test_markdown_inside_an_html_block_is_still_read(tmp_path):
    book = read(tmp_path, "html.md", '# T\n\n<div align="center">Some **strong** words</div>\n')
    paragraph = nodes(book, m.Paragraph)[0]
    assert m.plain(paragraph.children) == "Some strong words" and nodes(book, m.Strong)


def test_xml_tables_and_unknown_elements(tmp_path):
    book = read(tmp_path, "t.xml", "<book><chapter><chaptertitle>T</chaptertitle>\n"
                                   "<table><tabletitle>Arms<label>table:arms</label></tabletitle>\n"
                                   "<tablespec><fixed>0.3</fixed><fixed>0.7</fixed></tablespec>\n"
                                   "<tableheaderrow><th>Name</th><th>Damage</th></tableheaderrow>\n"
                                   "<tablerow><td>Sword</td><td>d8</td></tablerow></table>\n"
                                   "<p>See <ref>table:arms</ref>, <odd>kept</odd> and <blank/>.</p></chapter></book>\n")
    table = nodes(book, m.Table)[0]
    assert (table.anchor, table.widths, m.plain(table.caption)) == ("table:arms", [30, 70], "Arms")
    assert [[m.plain(c.children) for c in r] for r in table.header + table.rows] == [["Name", "Damage"], ["Sword", "d8"]]
    assert [r.target for r in nodes(book, m.Ref)] == ["table:arms"]
    assert "kept" in m.plain(nodes(book, m.Paragraph)[0].children)
    assert [(w.line, "odd" in w.message or "blank" in w.message) for w in book.warnings] == [(6, True), (6, True)]


def test_jinja_blocks_keep_their_content_loops_and_macros_do_not(tmp_path):
    book = read(tmp_path, "j.xml", "<book>{% block body %}<chapter><chaptertitle>Kept</chaptertitle>\n"
                                   "{% set x = 1 %}{% macro m() %}<section><sectiontitle>Macro</sectiontitle>"
                                   "</section>{% endmacro %}\n"
                                   "<section><sectiontitle>Also kept</sectiontitle></section>"
                                   "</chapter>{% endblock %}</book>\n")
    assert [m.plain(h.title) for h in nodes(book, m.Heading)] == ["Kept", "Also kept"]
    assert [x.what for x in nodes(book, m.Missing)] == ["template block macro m()"]


def test_an_html_picture_standing_alone_is_a_figure_and_a_video_is_warned_of(tmp_path):
    (tmp_path / "wasp.png").write_bytes(png())
    book = read(tmp_path, "html.md", '# T\n\n<img src="wasp.png" alt="A wasp">\n\n'                # 3
                                     '<figure><img src="wasp.png"><figcaption>Nest</figcaption></figure>\n\n'
                                     'Before <img src="gone.png" alt="icon"> after.\n\n'         # 7
                                     '<video src="x.mp4">Watch the swarm</video>\n\n'           # 9
                                     'See <iframe src="https://example.org"></iframe> there.\n')  # 11
    figures = nodes(book, m.Figure)
    assert [(m.plain(f.caption), f.alt, f.image is not None and f.image.name) for f in figures] == [
        ("A wasp", "A wasp", "wasp.png"), ("Nest", "", "wasp.png")]
    words = " ".join(m.plain(p.children) for p in nodes(book, m.Paragraph))
    assert "Before icon after." in words and "Watch the swarm" in words
    assert [(w.line, w.message.split(";")[0]) for w in book.warnings] == [
        (7, "image 'gone.png' is not there"), (9, "HTML <video> cannot be printed"),
        (11, "HTML <iframe> cannot be printed")]


def test_raw_latex_paragraphs_in_markdown_are_left_out_with_a_warning(tmp_path):
    # pandoc passes such lines to its LaTeX output only; words that start with a command stay words
    book = read(tmp_path, "raw.md", "# T\n\n\\begin{multicols}{2}\n\\setlength{\\parskip}{1em} % gap\n\n"   # 3
                                    "Plain words.\n\n\\textbf{Bold} words stay.\n\n\\NextColumn{OCT{1}}\n")   # 10
    words = " ".join(m.plain(p.children) for p in nodes(book, m.Paragraph))
    assert words == "Plain words. \\textbf{Bold} words stay."
    assert [(w.line, w.message.split(":")[0]) for w in book.warnings] == [
        (3, "raw LaTeX (for pandoc's LaTeX output) is left out"), (10, "raw LaTeX (for pandoc's LaTeX output) is left out")]


def test_latex_line_breaks_and_spacing_among_markdown_words(tmp_path):
    # what a book written for pandoc leaves in its text: a line break, spacing, escaped spaces
    book = read(tmp_path, "pandoc.md", "# T\n\nFirst line. \\newline\nSecond\\ line.\n\n"
                                       "\\hfill Right side \\vspace{2mm} end.\n\nAgain \\hfill here.\n")
    first, second, third = nodes(book, m.Paragraph)
    assert [type(n).__name__ for n in first.children].count("LineBreak") == 1
    assert m.plain(first.children).split() == ["First", "line.", "Second", "line."]
    assert m.plain(second.children).split() == ["Right", "side", "end."]
    assert "\\" not in m.plain(second.children) + m.plain(third.children)
    assert [(w.line, w.message) for w in book.warnings] == [(6, "LaTeX spacing (\\hfill…) prints nothing here")]
