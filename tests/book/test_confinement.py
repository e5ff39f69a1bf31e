"""A book reads only inside its own folder, never the network (issue 29, point 1).

Every door a reader has to a file or an address (an include, a listing, a table's
rows, a picture, an entity, a toctree entry…) is tried with what a hostile book
would name: an absolute path, ``../``, a link inside the folder pointing outside,
a ``file://`` address and an ``http://`` one. None of the outside file's bytes
may reach the book, the door is one warning at its file and line, and with
``--strict`` the command exits 2. ``common.confined`` is the one rule they go
through.
"""

from __future__ import annotations

import os

import pytest

from nests.book.readers import read_book
from nests.book.readers.common import confined
from nests.cli import main
from nests.generators.rulebook import typeset

SECRET = "OUTSIDE-BYTES-7731"

# Each door: (file name, the source around it, {target} the name it opens).
DOORS = {
    "rst include": ("book.rst", "Title\n=====\n\nWords.\n\n.. include:: {target}\n"),
    "rst literal include": ("book.rst", "Title\n=====\n\nWords.\n\n.. include:: {target}\n   :literal:\n"),
    "rst literalinclude": ("book.rst", "Title\n=====\n\nWords.\n\n.. literalinclude:: {target}\n"),
    "rst csv-table :file:": ("book.rst", "Title\n=====\n\nWords.\n\n.. csv-table:: Rows\n   :file: {target}\n"),
    "rst csv-table :url:": ("book.rst", "Title\n=====\n\nWords.\n\n.. csv-table:: Rows\n   :url: {target}\n"),
    "rst raw :file:": ("book.rst", "Title\n=====\n\nWords.\n\n.. raw:: html\n   :file: {target}\n"),
    "rst image": ("book.rst", "Title\n=====\n\nWords.\n\n.. image:: {target}\n"),
    "rst figure": ("book.rst", "Title\n=====\n\nWords.\n\n.. figure:: {target}\n   :figwidth: image\n\n   A caption.\n"),
    "rst toctree": ("book.rst", "Title\n=====\n\nWords.\n\n.. toctree::\n\n   {target}\n"),
    "md image": ("book.md", "# Title\n\nWords.\n\n![a picture]({target})\n"),
    "md html img": ("book.md", "# Title\n\nWords.\n\n<img src=\"{target}\" alt=\"a picture\">\n"),
    "latex input": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\input{{{target}}}\n\\end{{document}}\n"),
    "latex include": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\include{{{target}}}\n\\end{{document}}\n"),
    "latex subfile": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\subfile{{{target}}}\n\\end{{document}}\n"),
    "latex import": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\import{{}}{{{target}}}\n\\end{{document}}\n"),
    "latex bare input": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\input {target}\n\\end{{document}}\n"),
    "latex includegraphics": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\includegraphics{{{target}}}\n\\end{{document}}\n"),
    "latex lstinputlisting": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\lstinputlisting{{{target}}}\n\\end{{document}}\n"),
    "latex verbatiminput": ("book.tex", "\\documentclass{{article}}\n\\begin{{document}}\n\\section{{Title}}\nWords.\n\n\\verbatiminput{{{target}}}\n\\end{{document}}\n"),
    "xml entity": ("book.xml", "<!DOCTYPE book [\n<!ENTITY leak SYSTEM \"{target}\">\n]>\n<book><title>Title</title>\n<para>&leak;</para>\n</book>\n"),
    "xml xinclude text": ("book.xml", "<book xmlns:xi=\"http://www.w3.org/2001/XInclude\">\n<title>Title</title>\n<para>Words.</para>\n\n"
                                      "<para><xi:include href=\"{target}\" parse=\"text\"/></para>\n</book>\n"),
    "docbook imagedata": ("book.dbk", "<book xmlns=\"http://docbook.org/ns/docbook\">\n<title>Title</title>\n<para>Words.</para>\n\n"
                                      "<mediaobject><imageobject><imagedata fileref=\"{target}\"/></imageobject></mediaobject>\n</book>\n"),
}

def door_line(door: str) -> int:
    """The door's line: where its directive, command or element starts (an entity: where it is used)."""
    name, text = DOORS[door]
    lines = text.split("\n")
    if door == "rst toctree":                      # a toctree's entry is said at its own line
        return 8
    return next(k for k, line in enumerate(lines, start=1)
                if line.startswith((".. ", "![", "<img", "\\input", "\\include", "\\subfile", "\\import",
                                    "\\lst", "\\verbatim", "<para>&", "<para><xi", "<mediaobject")))


TARGETS = ("absolute", "parent", "link", "file-url", "http-url")


@pytest.fixture
def shelf(tmp_path):
    """An outside file, and a book folder holding a link to it."""
    (tmp_path / "secret.txt").write_text(SECRET + "\n", encoding="utf-8")
    (tmp_path / "secret.tex").write_text(SECRET + "\n", encoding="utf-8")
    book = tmp_path / "book"
    book.mkdir()
    (book / "link.txt").symlink_to(tmp_path / "secret.txt")
    (book / "link.tex").symlink_to(tmp_path / "secret.tex")
    return tmp_path


def target(kind: str, shelf, door: str) -> str:
    suffix = ".tex" if door.startswith("latex") and door != "latex includegraphics" else ".txt"
    return {"absolute": str(shelf / f"secret{suffix}"), "parent": f"../secret{suffix}",
            "link": f"link{suffix}", "file-url": f"file://{shelf}/secret{suffix}",
            "http-url": f"http://127.0.0.1:9/secret{suffix}"}[kind]


def write_door(shelf, door: str, kind: str):
    name, text = DOORS[door]
    path = shelf / "book" / name
    path.write_text(text.format(target=target(kind, shelf, door)), encoding="utf-8")
    return path


def door_cases():
    return [(door, kind) for door in DOORS for kind in TARGETS
            # a brace-less \input ends at the first space: an address is not a name it reads;
            # a toctree's address is a link of the contents (Sphinx's external entry), not a read
            if not (door == "latex bare input" and kind == "http-url")
            and not (door == "rst toctree" and kind.endswith("url"))]


@pytest.mark.parametrize("door,kind", door_cases())
def test_no_door_reads_outside_the_book(shelf, content, door, kind):
    path = write_door(shelf, door, kind)
    book = read_book(str(path))
    text = "".join(page.text for page in typeset(book, content).pages)
    assert SECRET not in text
    assert "Words." in text or "Title" in text          # the book still comes out
    said = [w for w in book.warnings if (w.source, w.line) == (str(path), door_line(door))]
    # (markdown-it itself takes no file: address for a link or a picture: the markup prints as written)
    assert len(said) == (0 if (door, kind) == ("md image", "file-url") else 1), book.warnings


def test_the_rule_itself(tmp_path):
    book = tmp_path / "book"
    (book / "ch").mkdir(parents=True)
    (book / "ch" / "one.tex").write_text("x")
    (book / "out").symlink_to(tmp_path)
    (book / "in").symlink_to(book / "ch")
    assert confined(book, "ch/one.tex")[0] == book.resolve() / "ch" / "one.tex"
    assert confined(book, "one.tex", book / "ch")[0] == book.resolve() / "ch" / "one.tex"
    assert confined(book, "in/one.tex")[0] is not None              # a link that stays inside
    assert confined(book, f"file://{book}/ch/one.tex")[0] is not None
    assert confined(book, "../x") == (None, "outside the book's folder")
    assert confined(book, "/etc/passwd") == (None, "outside the book's folder")
    assert confined(book, "ch/../../x") == (None, "outside the book's folder")
    assert confined(book, "out/book/ch/one.tex")[0] is not None     # out/ leads back in: read as where it leads
    assert confined(book, "out/secret") == (None, "a link leading outside the book's folder")
    assert confined(book, "http://example.org/x") == (None, "on the network")
    assert confined(book, "file://example.org/x") == (None, "on the network")


def test_the_standard_include_form_reads_only_docutils_own_definitions(tmp_path, content):
    path = tmp_path / "book.rst"
    path.write_text("Title\n=====\n\n.. include:: <isonum.txt>\n\n|copy| words\n\n"
                    ".. include:: <../../../../../../../../../../etc/passwd>\n", encoding="utf-8")
    book = read_book(str(path))
    text = "".join(page.text for page in typeset(book, content).pages)
    assert "© words" in text
    assert "root:" not in text
    assert [(w.line, "standard definitions" in w.message) for w in book.warnings] == [(8, True)]


def test_a_table_or_include_inside_the_book_is_still_read(tmp_path, content):
    (tmp_path / "rows.csv").write_text("a,b\nINSIDE-ROW,2\n", encoding="utf-8")
    (tmp_path / "part.rst").write_text("INSIDE-PART words.\n", encoding="utf-8")
    path = tmp_path / "book.rst"
    path.write_text(f"Title\n=====\n\n.. csv-table:: Rows\n   :file: rows.csv\n\n"
                    f".. csv-table:: Again\n   :url: file://{tmp_path}/rows.csv\n\n.. include:: part.rst\n",
                    encoding="utf-8")
    book = read_book(str(path))
    text = "".join(page.text for page in typeset(book, content).pages)
    assert text.count("INSIDE-ROW") == 2 and "INSIDE-PART" in text
    assert book.warnings == []


def test_strict_makes_a_door_an_error_and_writes_nothing(runner, shelf):
    path = write_door(shelf, "rst csv-table :file:", "parent")
    out = shelf / "out"
    result = runner.invoke(main, ["rulebook", str(path), "--strict", "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr.strip() == (f"error: {path}:6: csv-table :file: of '../secret.txt', "
                                     f"which is outside the book's folder; not read")
    assert not out.exists() or not any(out.iterdir())
    result = runner.invoke(main, ["rulebook", str(path), "-o", "-"])
    assert result.exit_code == 0 and SECRET not in result.stdout
    assert result.stderr.count("warning:") == 1


def test_a_book_of_the_build_reads_nothing_outside_and_a_bad_one_stops_no_other(runner, shelf, tmp_path):
    books = shelf / "book"
    write_door(shelf, "rst csv-table :file:", "parent")
    (books / "bad.tex").write_text("\\documentclass{article}\n\\begin{document}\n\\def\\x{\\x}\n\\x\n"
                                   "\\end{document}\n", encoding="utf-8")
    (books / "good.md").write_text("# Good\n\nGOOD-BOOK words.\n", encoding="utf-8")
    (books / "letter.tex").write_text("\\documentclass{book}\n\\begin{document}\n\\chapter{One}\nWords.\n"
                                      "\\end{document}\n", encoding="utf-8")
    os.symlink(shelf / "secret.txt", books / "outside.md")
    out = tmp_path / "build"
    result = runner.invoke(main, ["build", "--books", str(books), "-o", str(out)])
    assert result.exit_code == 2, result.output
    written = sorted(p.name for p in (out / "books").iterdir())
    assert written == ["book.pdf", "book.txt", "good.pdf", "good.txt", "letter.pdf", "letter.txt"]
    # each book on its source's paper: LaTeX's default letter for the LaTeX book, A4 for the others
    from pypdf import PdfReader

    def size(path):
        box = PdfReader(path).pages[0].mediabox
        return round(float(box.width)), round(float(box.height))

    assert size(out / "books" / "letter.pdf") == (612, 792)
    assert size(out / "books" / "good.pdf") == size(out / "books" / "book.pdf") == (595, 842)
    assert "GOOD-BOOK" in (out / "books" / "good.txt").read_text(encoding="utf-8")
    for name in written:
        assert SECRET.encode() not in (out / "books" / name).read_bytes()
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert errors == [f"error: {books}/bad.tex:4: \\x is still expanding after 8 rounds (a command that uses "
                      f"itself, or commands nested deeper); not read; this book is left out, the rest is written"]
    assert f"{books}/outside.md: a link leading outside {books}; skipped" in result.stderr
    assert (out / "sheets").is_dir()                   # the rest of the build is there
