"""The running head and the PDF's title are the book's title: the one the source
gives (a LaTeX \\title, a Markdown or rST title heading over its chapters), or
--title; never the file's name, never a chapter's heading on every page (a book
with no title of its own names none)."""

import io

import pytest

from nests.book.readers import read_book
from nests.cli import main
from nests.generators.rulebook import typeset

from .checks import check_book, lines_of

CHAPTERS = "# Legal Information\n\nPermission.\n\n# Races\n\nElves.\n\n## Elf Traits\n\nKeen senses.\n"


def heads(book) -> set[str]:
    """The running heads of the book's typeset pages (its own, not the sheets'): "" where the
    top line names no book ("╔═…►Contents◄╗")."""
    return {lines_of(p)[0].split("◄")[0][2:] if lines_of(p)[0].startswith("╔►") else ""
            for p in book.pages if p.kind in ("body", "contents")}


@pytest.mark.parametrize("name, text, title", [
    ("srd-book.md", CHAPTERS, ""),                                  # chapters side by side: no title among them
    ("titled.md", "# The Titled Book\n\n## One\n\nA.\n\n## Two\n\nB.\n", "The Titled Book"),
    ("front.md", "---\ntitle: Front Matter Title\n---\n\n# One\n\nA.\n\n# Two\n\nB.\n", "Front Matter Title"),
    ("chapters.rst", "Legal\n=====\n\nPermission.\n\nRaces\n=====\n\nElves.\n", ""),
    ("titled.rst", "The Book\n========\n\nOne\n---\n\nA.\n\nTwo\n---\n\nB.\n", "The Book"),
    ("article.tex", "\\title{An Article}\n\\begin{document}\\maketitle\n\\section{Legal}\nA.\n"
                    "\\section{Races}\nB.\n\\end{document}\n", "An Article"),
    ("untitled.tex", "\\begin{document}\n\\chapter{Legal}\nA.\n\\chapter{Races}\nB.\n\\end{document}\n", ""),
])
def test_the_running_head_is_the_books_title_never_a_chapter(tmp_path, content, name, text, title):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    book = typeset(read_book(str(path)), content)
    check_book(book)
    assert book.title == title and heads(book) == {title}


def test_a_title_too_long_for_the_head_is_shortened_at_a_word(tmp_path, content):
    path = tmp_path / "long.md"
    words = " ".join(f"word{n}" for n in range(30))
    path.write_text(f"# {words}\n\n## One\n\nA.\n", encoding="utf-8")
    book = typeset(read_book(str(path)), content)
    check_book(book)                                 # the grid holds, "Rulebook" stays on the top line
    (head,) = heads(book)
    assert head.endswith("…") and words.startswith(head[:-1]) and words[len(head) - 1] == " "
    assert book.title == words                       # the PDF keeps it whole


def test_title_option_names_every_page_and_the_pdf(runner, tmp_path):
    import pypdf

    source = tmp_path / "srd.md"
    source.write_text(CHAPTERS, encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(source), "--title", "  Reference   Document ", "--format", "txt",
                                  "--format", "pdf", "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "srd.txt").read_text(encoding="utf-8")
    tops = [line for line in text.split("\n") if line.startswith("╔")]
    assert tops and all(line.startswith("╔►Reference Document◄═") for line in tops)
    reader = pypdf.PdfReader(io.BytesIO((tmp_path / "srd.pdf").read_bytes()))
    assert reader.metadata.title == "Reference Document"


@pytest.mark.parametrize("title", ["", "   ", "two\nlines"])
def test_title_option_refuses_what_is_not_a_title(runner, tmp_path, title):
    source = tmp_path / "srd.md"
    source.write_text(CHAPTERS, encoding="utf-8")
    result = runner.invoke(main, ["rulebook", str(source), "--title", title, "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: --title {title!r}: give the title as words on one line")
    assert not (tmp_path / "out").exists()
