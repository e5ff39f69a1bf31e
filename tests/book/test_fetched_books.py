"""Real public books, each typeset in the book style and measured as a book designer would
(tests/book_print.py's ``defects``), with what each source's own tool makes of it: issue 37's
books (Fate Core SRD in Markdown, QuestWorlds in LaTeX, Et in Arcadia Ego as a Sphinx project,
the dndbook class's example) and others it did not name (the Open Legend SRD in Markdown, the
Python Guide as a Sphinx project, Into the Dungeon: Revived, a LaTeX book of its own macros,
Endless Horizons, a KOMA-Script book, the Markdown SRD5, pandoc's Markdown with raw HTML tables).

The books are not in this repository (their licences differ from ours): give a folder holding
each one's repository, named owner+name (as ``git archive`` of each would lay it out), in
``NESTS_FETCHED_BOOKS``. A book whose folder is absent is skipped, saying so."""

import os
import re
from pathlib import Path

import pytest

from nests.generators.rulebook.book_page import book_page
from tests.book_print import defects, read

FETCHED = Path(os.environ.get("NESTS_FETCHED_BOOKS", "/nonexistent"))

# name: (source under FETCHED, columns as the source sets them, paper, chapters at least, title page's words or None)
BOOKS = {
    "fate-core": ("brunobord+fate-srd-markdown/markdown/fate-core", 1, "a4", 60, "Fate Core"),
    "questworlds": ("ChaosiumInc+QuestWorlds/docs/QuestWorlds.tex", 1, "letter", 8, None),   # (LaTeX's default paper)
    "arcadia": ("wlonk+arcadia", 1, "a4", 10, "Et in Arcadia Ego"),
    "dndbook": ("rpgtex+DND-5e-LaTeX-Template/example.tex", 2, "letter", 4, "The Dark LaTeX"),    # (letterpaper)
    "open-legend": ("openlegend+core-rules/core/SRD.md", 1, "a4", 5, None),
    "python-guide": ("realpython+python-guide/docs", 1, "a4", 5, "Python Guide Documentation"),
    "itdr": ("Vladar4+itdr/itdr.tex", 2, "letter", 10, "Into the Dungeon: Revived"),   # (its own titlepage)
    "endless-horizons": ("ehrpg+books/core/eh_core.tex", 1, "a4", 12, "Endless Horizons"),   # a scrbook
    "mdsrd5": ("gguillotte+mdsrd5/mdsrd5.md", 1, "a4", 12, None),    # some 800 pages of Markdown and HTML tables
}


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """Each book's PDF, typeset once for this module's tests."""
    from click.testing import CliRunner

    from nests.cli import main

    made = {}

    def pdf(name: str) -> bytes:
        source = FETCHED / BOOKS[name][0]
        if not source.exists():
            pytest.skip(f"{name}: {source} is absent (fetch the book and name its folder in NESTS_FETCHED_BOOKS)")
        if name not in made:
            out = tmp_path_factory.mktemp(name)
            result = CliRunner().invoke(main, ["rulebook", str(source), "--format", "pdf", "-o", str(out)])
            assert result.exit_code == 0, result.output
            made[name] = next(out.glob("*.pdf")).read_bytes()
        return made[name]
    return pdf


@pytest.mark.parametrize("name", sorted(BOOKS))
def test_a_fetched_book_shows_none_of_the_defects(printed, name):
    _, columns, paper, chapters, title = BOOKS[name]
    pdf = printed(name)
    found = defects(pdf, book_page(paper, columns))
    low, high = (60, 75) if columns == 1 else (40, 60)
    assert found.failures(low, high) == {}
    assert found.openings >= chapters
    first = read(pdf, [0])[0]
    words = " ".join(ln.text for ln in first.lines)
    if title is None:                          # (its tool prints no title page: it opens on its contents)
        assert words.startswith("Contents") and first.label == "i"
    else:
        assert words.startswith(title) and "Contents" not in words


def test_the_dndbook_example_prints_its_class_as_what_it_is(printed):
    """Two columns as the class sets them, the stat block's ability scores as their table, no
    key=value list printed raw, DndTable's heads as a table's, headers apart from their text."""
    import pypdfium2

    pdf = printed("dndbook")
    document = pypdfium2.PdfDocument(pdf)
    text = "\n".join(document[k].get_textpage().get_text_range() for k in range(len(document)))
    flat = " ".join(text.split())
    assert re.search(r"STR DEX CON INT WIS CHA \d+ \([+\u2013-]\d\)", flat), flat[:400]
    assert "armor-class" not in flat and "hit-points" not in flat and "= 9" not in flat
    assert "Table head Table head" in flat and "XX" not in flat
    assert not re.search(r"Move[A-Z]", flat)                      # a header never runs into its text
    assert 40 <= defects(pdf, book_page("a4", 2)).measure <= 60


def test_the_sources_own_settings_reach_the_page(printed):
    """QuestWorlds turns hyphenation off (hyphenat's none): no line ends in a hyphen it did not
    write; Arcadia's conf.py substitutes |male| and hides its to-dos; Fate Core's quotes are
    curled and its links broken over lines read as links, as pandoc reads them."""
    import pypdfium2

    def said(name):
        document = pypdfium2.PdfDocument(printed(name))
        return "\n".join(document[k].get_textpage().get_text_range() for k in range(len(document)))

    quest = read(printed("questworlds"))
    assert [ln.text for page in quest for ln in page.lines if ln.text.endswith("\u2010")] == []    # (WeasyPrint's hyphen)
    arcadia = said("arcadia")
    assert "[missing" not in arcadia and "Todo" not in arcadia
    fate = said("fate-core")
    assert "](" not in fate and '"' not in fate and "Quote" not in fate


def test_a_book_of_its_own_macros_prints_none_of_their_source(printed):
    """Into the Dungeon: Revived defines its chapters, features and boxes in a style file of its
    own (\\@ifstar, \\@dblarg, delimited \\def, xparse, TeX's tests): every one is read as LaTeX
    reads it, its words printed, never its source; its chapter made by a macro is a chapter."""
    import pypdfium2

    document = pypdfium2.PdfDocument(printed("itdr"))
    text = "\n".join(document[k].get_textpage().get_text_range() for k in range(len(document)))
    for leak in ("ifstar", "dblarg", "NoValue", "Boolean", "@", "\\", "=-1", "bKeys", "DTL", "*[", "O{"):
        assert leak not in text, leak
    assert re.search(r"\nIntroduction\s", text) and re.search(r"\nAssassin\s", text)     # \\chapterx, \\feat


def test_a_chapters_last_page_in_two_columns_ends_its_columns_near_level(printed):
    """The dndbook example's third chapter ends on a page whose stat block opens the left column:
    WeasyPrint's own balancing stopped with the left column full and the right half empty
    (some 300 pt apart); the columns end within a few lines of each other, as multicol sets them."""
    from tests.book_print import columns_of

    pdf = printed("dndbook")
    geometry = book_page("letter", 2)
    page = next(p for p in read(pdf) if p.label.isdigit() and p.body(geometry.top, geometry.bottom)
                and p.body(geometry.top, geometry.bottom)[0].text.startswith("3 Monsters"))
    feet = [column[-1].bottom for column in columns_of(page.body(geometry.top, geometry.bottom), page.width / 2)]
    assert len(feet) == 2 and abs(feet[0] - feet[1]) < 6 * geometry.body_pt * 1.4, feet
