"""`nests build --books DIR` takes each book in DIR: its files, and each folder holding a
book in many files (mkdocs.yml, book.toml, SUMMARY.md, a Sphinx conf.py, a LaTeX document),
read as `nests rulebook FOLDER` reads it; one bad book never stops the others (issue 30)."""

import shutil
from pathlib import Path

from nests.build import book_documents, book_sources

SOURCES = Path(__file__).parent / "sources"


def shelf(tmp_path) -> Path:
    books = tmp_path / "books"
    books.mkdir()
    for name in ("beetle-docs", "moth-book", "termite-sphinx", "hornet-wiki"):
        shutil.copytree(SOURCES / name, books / name)
    latex = books / "cricket-latex"
    latex.mkdir()
    (latex / "main.tex").write_text("\\documentclass{book}\n\\title{Cricket Songs}\n\\begin{document}\n"
                                    "\\input{chirps}\n\\end{document}\n", encoding="utf-8")
    (latex / "chirps.tex").write_text("\\chapter{Chirps}\nCHIRP-WORDS.\n", encoding="utf-8")
    (books / "broken").mkdir()
    (books / "broken" / "mkdocs.yml").write_text("site_name: [unclosed\n", encoding="utf-8")
    (books / "pictures").mkdir()
    (books / "pictures" / "wing.png").write_bytes(b"\x89PNG")
    (books / "notes").mkdir()                     # files side by side: a book only when named alone
    (books / "notes" / "a.md").write_text("# A\n\nWords.\n", encoding="utf-8")
    (books / "single.md").write_text("# Single\n\nSINGLE-WORDS.\n", encoding="utf-8")
    return books


def test_each_folder_that_states_a_book_is_one_book_and_one_bad_book_stops_none(tmp_path, content):
    books = shelf(tmp_path)
    sources, notes = book_sources(books)
    assert [p.name for p in sources] == ["beetle-docs", "broken", "cricket-latex", "hornet-wiki", "moth-book",
                                         "single.md", "termite-sphinx"]
    assert sorted(n.split(": ", 1)[0].rsplit("/", 1)[-1] for n in notes) == ["notes", "pictures"]
    documents, warnings, notes, errors = book_documents(books, content)
    made = {d.stem: d for d in documents}
    assert sorted(made) == ["books/beetle-docs", "books/cricket-latex", "books/hornet-wiki", "books/moth-book",
                            "books/single", "books/termite-sphinx"]
    assert made["books/beetle-docs"].title == "Beetle Skirmish Rules"        # mkdocs.yml's site_name
    assert made["books/moth-book"].title == "Moth Hunting Season"            # book.toml's title
    assert made["books/termite-sphinx"].title == "Building Termite Mounds"   # conf.py's latex_documents
    assert "CHIRP-WORDS" in "".join(p.text for p in made["books/cricket-latex"].pages)   # its main file, whole
    # (YAML finds the bracket unclosed at the end of the file: its line 2)
    assert [(e.file, e.line) for e in errors] == [(str(books / "broken" / "mkdocs.yml"), 2)]


def test_a_folder_and_a_file_of_one_name_are_not_written_over_each_other(tmp_path, content):
    books = tmp_path / "books"
    shutil.copytree(SOURCES / "hornet-wiki", books / "hornets")
    (books / "hornets.md").write_text("# Hornets\n\nWords.\n", encoding="utf-8")
    documents, _, _, errors = book_documents(books, content)
    assert [d.stem for d in documents] == ["books/hornets"]
    assert [(e.file, e.message) for e in errors] == [
        (str(books / "hornets.md"), f"would be written as books/hornets too, over the book made from {books / 'hornets'}")]
