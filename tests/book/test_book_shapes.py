"""Whole books of several files in each markup's usual shape, typeset: a LaTeX book
of parts whose chapters come by \\subimport, a Sphinx project held together by its
toctree, a Markdown book whose headings carry their own numbers, a DocBook book
with entities and CALS tables. Each must list every heading of its sources in the
contents at the page that holds it, print every cell, leak no markup, carry its
own title in every page's top border, and warn of what it drops at the file and
line where it stands. What is expected is written here from the sources below."""

from pathlib import Path

import pytest

from nests.book.readers import read_book
from nests.generators.rulebook import typeset
from tests.rulebook.checks import (check_book, check_cells, check_contents, check_grid, check_warnings,
                                   contents_entries, lines_of)

from .test_latex_books import write

LATEX = {
    "almanac.tex": "\\documentclass{book}\n\\title{Cricket Almanac}\n\\begin{document}\n\\maketitle\n"
                   "\\tableofcontents\n\\part{Songs}\n\\subimport{parts/}{songs}\n"
                   "\\part{Silence}\n\\include{quiet/rest}\n\\end{document}\n",
    "parts/songs.tex": "\\chapter{Chirps}\nCrickets sing at dusk.\n\\subimport{songs/}{verse}\n",
    "parts/songs/verse.tex": "\\section{Verses}\n\\begin{tabular}{lr}\nSong & Beats \\\\\n\\hline\n"
                             "Dusk chorus & 12 \\\\\nDawn refrain & 7 \\\\\n\\end{tabular}\n\n"
                             "\\begin{wingcase}[style=loud]\nHidden words stay.\n\\end{wingcase}\n"   # 9
                             "\\input{refrain}\n",
    "parts/songs/refrain.tex": "\\subsection{Refrain}\nAgain and again.\n",
    "quiet/rest.tex": "\\chapter{Rest}\nQuiet nights.\n\\section{Sleep}\n\\oddcommand{zzz} Dreams.\n",  # 4
}
SPHINX = {
    "conf.py": "project = 'Beetle Manual'\n",
    "index.rst": "Beetle Manual\n=============\n\nWelcome.\n\n.. toctree::\n   :maxdepth: 2\n   :numbered:\n\n"
                 "   guide/start\n   /guide/tables\n",
    "guide/start.rst": "Getting Started\n===============\n\nShells first.\n\nWing Care\n---------\n\n"
                       ".. oddity:: strange\n\n   Inside words.\n\nPolish often.\n",      # 9
    "guide/tables.rst": "Tables\n======\n\n.. list-table:: Beetles\n   :header-rows: 1\n\n"
                        "   * - Beetle\n     - Weight\n   * - Stag beetle with long mandibles\n     - 5\n"
                        "   * - Dung\n     - 2\n",
}
MARKDOWN = {
    "codex.md": "# Wasp Codex\n\n## 1 Stings\n\n### 1.1 Venom\n\nBurns.\n\n#### 1.1.1 Dose\n\n"
                "| Wasp | Dose |\n|------|------|\n| Paper wasp of the eaves | 3 |\n| Hornet | 9 |\n\n"
                "## 2 Nests\n\n<video src=\"x.mp4\"></video>\n\nPaper walls.\n",                  # 18
}
DOCBOOK = Path(__file__).parent / "docbook" / "mantis-raid.xml"

SHAPES = {
    "latex": (LATEX, "almanac.tex", "Cricket Almanac",
              ["Cricket Almanac", "I Songs", "1 Chirps", "1.1 Verses", "1.1.1 Refrain", "II Silence",
               "2 Rest", "2.1 Sleep"],
              {("parts/songs/verse.tex", 9), ("quiet/rest.tex", 4)}),
    "sphinx": (SPHINX, "index.rst", "Beetle Manual",
               ["Beetle Manual", "1 Getting Started", "1.1 Wing Care", "2 Tables"],
               {("guide/start.rst", 9)}),
    # (its #### heading is below pandoc's contents depth, 3)
    "markdown": (MARKDOWN, "codex.md", "Wasp Codex",
                 ["Wasp Codex", "1 Stings", "1.1 Venom", "2 Nests"],
                 {("codex.md", 18)}),
}


@pytest.fixture(scope="module", params=sorted(SHAPES))
def shape(request, tmp_path_factory, content):
    files, main, title, contents, warned = SHAPES[request.param]
    root = tmp_path_factory.mktemp(request.param)
    write(root, files)
    model = read_book(str(root / main))
    return root, model, typeset(model, content), title, contents, warned


def test_the_book_holds_what_every_book_must(shape):
    _, model, book, *_ = shape
    check_book(book)
    check_cells(model, book)
    check_warnings(book)


def test_every_heading_of_every_file_is_listed_once_with_its_own_number(shape):
    _, _, book, _, contents, _ = shape
    assert [" ".join(label.split()) for label, _ in contents_entries(book)] == contents


def test_every_page_carries_the_books_title(shape):
    _, model, book, title, *_ = shape
    assert model.title == title
    for page in book.pages:
        if page.kind in ("body", "contents"):
            assert lines_of(page)[0].startswith(f"╔►{title}◄═"), page.number


def test_what_is_dropped_is_warned_at_its_own_file_and_line(shape):
    root, model, *_, warned = shape
    assert {(Path(w.source).relative_to(root).as_posix(), w.line) for w in model.warnings} == warned


def test_docbook_with_entities_and_cals_tables_carries_its_title_and_prints_every_cell(content):
    # its dollars and backslashes print as written, so check_no_markup is not for it (test_docbook.py)
    model = read_book(str(DOCBOOK))
    book = typeset(model, content)
    check_grid(book)
    check_contents(book)
    check_cells(model, book)
    assert model.title == "Mantis Raid Handbook"
    assert all(lines_of(p)[0].startswith(f"╔►{model.title}◄═") for p in book.pages if p.kind in ("body", "contents"))
