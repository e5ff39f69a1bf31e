"""Every reader's work is bounded (issue 29, point 2): past a limit, one error at the
file and line (exit 2), never a long wait, a traceback or a silent loss; below it,
nothing is cut. The limits are stated in README.md ("Limits of a book")."""

from __future__ import annotations

import time

import pytest

from nests.book.readers import read_book
from nests.cli import main
from nests.errors import NestsError


def write(tmp_path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path) -> str:
    with pytest.raises(NestsError) as caught:
        read_book(str(path))
    assert len(caught.value.problems) == 1
    return str(caught.value.problems[0])


def plain(book) -> str:
    from nests.book import model as m
    from nests.book.readers.common import walk

    return " ".join(m.plain(n.children) if isinstance(n, m.Paragraph) else m.plain(n.title)
                    for n in walk(book.blocks) if isinstance(n, (m.Paragraph, m.Heading)))


# -- Markdown: nesting ------------------------------------------------------------
def nested_list(depth: int) -> str:
    return "".join("  " * d + f"- level {d}\n" for d in range(depth))


@pytest.mark.parametrize("depth", [10, 12, 20, 31])
def test_a_deep_markdown_list_drops_nothing_after_it(tmp_path, depth):
    path = write(tmp_path, "deep.md", "# Book\n\n" + nested_list(depth) + "\nAfter the list.\n\n## Next\n\nLast words.\n")
    book = read_book(str(path))
    said = plain(book)
    assert f"level {depth - 1}" in said
    assert "After the list." in said and "Next" in said and "Last words." in said


def test_a_markdown_list_nested_past_the_limit_is_one_error_at_its_line(tmp_path):
    path = write(tmp_path, "deep.md", "# Book\n\n" + nested_list(40) + "\nAfter.\n")
    assert refused(path) == (f"{path}:34: lists and quotes nested too deep (past 64 levels of markup: a list "
                             f"counts two, a quote one); not read: nest them less")


def test_deep_markdown_quotes_drop_nothing_and_past_the_limit_are_an_error(tmp_path):
    quotes = "".join("> " * d + f"quote {d}\n" for d in range(1, 41)) + "\nAfter the quotes.\n"
    assert "After the quotes." in plain(read_book(str(write(tmp_path, "q.md", quotes))))
    quotes = "".join("> " * d + f"quote {d}\n" for d in range(1, 80))
    assert "nested too deep" in refused(write(tmp_path, "q2.md", quotes))


# -- LaTeX: expansion, nesting, includes --------------------------------------------
def latex(body: str, preamble: str = "") -> str:
    return f"\\documentclass{{article}}\n{preamble}\\begin{{document}}\n{body}\\end{{document}}\n"


def test_commands_that_multiply_each_other_are_one_error_quickly(tmp_path):
    defs = "\\newcommand{\\a}{xxxxxxxxxx}\n" + "".join(
        f"\\newcommand{{\\{n}}}{{{(chr(92) + p) * 10}}}\n" for p, n in zip("abcdef", "bcdefg"))
    path = write(tmp_path, "fan.tex", latex("\\g\n", defs))
    start = time.monotonic()
    message = refused(path)
    assert time.monotonic() - start < 10
    assert message.startswith(f"{path}:10: \\")
    assert "expands the text past 1,048,576 characters (commands that multiply each other); not read" in message


def test_a_command_that_uses_itself_is_said_so_not_unknown(tmp_path):
    path = write(tmp_path, "self.tex", latex("Words.\n\\x\n", "\\def\\x{more \\x}\n"))
    assert refused(path) == (f"{path}:5: \\x is still expanding after 8 rounds (a command that uses itself, "
                             f"or commands nested deeper); not read")


def test_a_plain_tex_input_is_read_and_a_bare_include_is_a_warning(tmp_path):
    write(tmp_path, "ch.tex", "Chapter words.\n")
    path = write(tmp_path, "book.tex", latex("\\section{One}\n\\input ch\n\nMore.\n\n\\include\n"))
    book = read_book(str(path))
    assert "Chapter words." in plain(book) and "More." in plain(book)
    assert [(w.line, w.message) for w in book.warnings] == [(8, "\\include of names no file")]


def test_a_preamble_that_renames_subfile_reads(tmp_path):
    write(tmp_path, "part.tex", "Part words.\n")
    path = write(tmp_path, "book.tex", latex("\\section{One}\n\\org@subfile{part}\n",
                                             "\\makeatletter\n\\let\\org@subfile\\subfile\n\\makeatother\n"))
    assert "Part words." in plain(read_book(str(path)))


def test_braces_nested_past_the_limit_are_one_error_at_their_line(tmp_path):
    path = write(tmp_path, "deep.tex", latex("Words.\n" + "{" * 150 + "x" + "}" * 150 + "\n"))
    assert refused(path) == f"{path}:4: braces and environments nested more than 100 deep; not read"
    path = write(tmp_path, "fine.tex", latex("Words.\n" + "\\textbf{" * 40 + "x" + "}" * 40 + "\n"))
    assert "Words." in plain(read_book(str(path)))


def test_includes_that_multiply_each_other_stop_at_the_files_a_book_may_read(tmp_path, monkeypatch):
    from nests.book.readers import common

    monkeypatch.setattr("nests.book.readers.latex_files.MOST_READS", 50)
    for k in range(6):
        write(tmp_path, f"f{k}.tex", f"\\input{{f{k + 1}}}\n" * 4 if k < 5 else "leaf\n")
    path = write(tmp_path, "book.tex", latex("\\section{One}\n\\input{f0}\n"))
    book = read_book(str(path))
    assert any("this book reads, past 50" in w.message for w in book.warnings)
    assert common.MOST_READS == 2000


# -- reStructuredText, XML, headings, files -----------------------------------------
def test_rst_indented_past_the_limit_is_one_error_not_a_traceback(tmp_path):
    text = "Title\n=====\n\n" + "".join("  " * d + f"- level {d}\n\n" for d in range(300))
    path = write(tmp_path, "deep.rst", text)
    assert refused(path) == (f"{path}:204: indented more than 100 levels deep (lists, quotes and directives "
                             f"inside each other); not read")


@pytest.mark.parametrize("text,said", [
    ("<book>" + "<div>" * 300 + "x" + "</div>" * 300 + "</book>",
     "elements nested more than 256 deep, past the XML parser's limit; not read"),
    ("<book><para>" + "x" * 10_000_001 + "</para></book>",
     "a text of more than 10,000,000 characters without markup, past the XML parser's limit; not read"),
    ("<!DOCTYPE book [<!ENTITY a \"aaaaaaaaaa\">" + "".join(
        f"<!ENTITY {n} \"{('&' + p + ';') * 10}\">" for p, n in zip("abcdef", "bcdefg"))
     + "]><book><para>&g;&g;</para></book>",
     "entities that expand to far more text than the file holds (entities that multiply each other); not read"),
])
def test_xml_limits_are_said_in_our_words(tmp_path, text, said):
    path = write(tmp_path, "big.xml", text)
    message = refused(path)
    assert message == f"{path}:1: {said}"
    assert "XML_PARSE_HUGE" not in message


def test_headings_nested_past_the_limit_are_one_error(tmp_path):
    text = "".join(f"<section><title>T{k}</title>\n" for k in range(40)) + "<para>x</para>" + "</section>" * 40
    path = write(tmp_path, "deep.dbk", f'<book xmlns="http://docbook.org/ns/docbook">\n{text}</book>\n')
    assert refused(path) == f"{path}:34: headings nested more than 32 levels deep; not read"


def test_a_file_past_the_size_of_a_book_is_one_error(tmp_path, monkeypatch):
    monkeypatch.setattr("nests.book.readers.common.LARGEST_SOURCE", 1000)
    path = write(tmp_path, "big.md", "# Big\n\n" + "words " * 400)
    assert refused(path) == f"{path}: is 2,407 bytes, more than a book's file may be (0 MB); not read"
    write(tmp_path, "big.tex", "x" * 2000)
    path = write(tmp_path, "book.tex", latex("\\section{One}\n\\input{big}\n"))
    assert refused(path).startswith(f"{tmp_path}/big.tex: is 2,000 bytes")


def test_a_bad_book_through_the_command_is_one_line_and_exit_2(runner, tmp_path):
    path = write(tmp_path, "self.tex", latex("\\x\n", "\\def\\x{\\x}\n"))
    result = runner.invoke(main, ["rulebook", str(path), "-o", "-"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith(f"error: {path}:4: \\x is still expanding")
