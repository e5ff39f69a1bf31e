"""Headings as the source sets them: their own numbers kept, their depth kept,
and the contents as deep as asked (--toc-depth) or as the source says."""

import re

import pytest

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.cli import main
from nests.generators.rulebook import typeset


def contents(book) -> list[str]:
    """The contents' entries, their dot leaders and page numbers dropped."""
    out = []
    for page in book.pages:
        if page.kind == "contents":
            for line in page.text.split("\n")[1:48]:
                entry = re.match(r"║ (\s*)(\S.*?) \.{2,} \d+ ║", line)
                if entry:
                    out.append(entry.group(1) + entry.group(2))
    return out


def body(book) -> list[str]:
    return [line[2:-3].strip() for page in book.pages if page.kind == "body"
            for line in page.text.split("\n")[1:48]]


NUMBERED = "# Field Manual\n\n## 5.4 Tunnels\n\nDig.\n\n### 5.4.11.2 Side shafts\n\nNarrow.\n\n## 6. Nests\n\n## Notes\n"


def test_a_heading_that_carries_its_number_is_not_numbered_again(tmp_path, content):
    path = tmp_path / "manual.md"
    path.write_text(NUMBERED, encoding="utf-8")
    book = read_book(str(path))
    assert [(m.plain(h.title), h.numbered) for h in walk(book.blocks) if isinstance(h, m.Heading)] == [
        ("Field Manual", False), ("5.4 Tunnels", False), ("5.4.11.2 Side shafts", False), ("6. Nests", False),
        ("Notes", False)]
    lines = body(typeset(book, content))
    # most headings carry their numbers: one without is left without (a "1" of ours would clash)
    assert "5.4.11.2 Side shafts" in lines and "5.4 Tunnels" in lines and "Notes" in lines
    assert not any(re.match(r"\d+(\.\d+)* (5\.4|Notes)", line) for line in lines)


def test_a_book_whose_headings_mostly_lack_numbers_numbers_them_all_but_the_numbered(tmp_path):
    path = tmp_path / "manual.md"
    path.write_text("# Field Manual\n\n## Tunnels\n\n## Nests\n\n### 3.1 Queens\n\n## Notes\n", encoding="utf-8")
    book = read_book(str(path))
    assert [(m.plain(h.title), h.numbered) for h in walk(book.blocks) if isinstance(h, m.Heading)] == [
        ("Field Manual", False), ("Tunnels", True), ("Nests", True), ("3.1 Queens", False), ("Notes", True)]


def test_a_skipped_level_keeps_its_depth(tmp_path, content):
    path = tmp_path / "skip.md"
    path.write_text("# Book\n\n## Caves\n\n#### Crystals\n\nShiny.\n\n### Pools\n\n## Lakes\n", encoding="utf-8")
    book = typeset(read_book(str(path)), content, number_headings=True, toc_depth=4)
    # #### under ## stands two levels down (### is a level the book uses), numbered as such
    assert contents(book) == ["Book", "  1 Caves", "      1.0.1 Crystals", "    1.1 Pools", "  2 Lakes"]
    # as pandoc prints it, unasked: no numbers, and the contents down to ### (its toc-depth, 3)
    book = typeset(read_book(str(path)), content)
    assert contents(book) == ["Book", "  Caves", "    Pools", "  Lakes"]


DEEP = "# Book\n\n## Alpha\n\n### Alpha one\n\n#### Alpha deep\n\n## Beta\n\n### Beta one\n"


def test_toc_depth_limits_the_contents_not_the_body(runner, tmp_path):
    path = tmp_path / "deep.md"
    path.write_text(DEEP, encoding="utf-8")
    own = runner.invoke(main, ["rulebook", str(path), "-o", "-"])
    full = runner.invoke(main, ["rulebook", str(path), "--number-headings", "--toc-depth", "4", "-o", "-"])
    two = runner.invoke(main, ["rulebook", str(path), "--number-headings", "--toc-depth", "2", "-o", "-"])
    assert own.exit_code == 0 and full.exit_code == 0 and two.exit_code == 0, two.output
    # unasked, as pandoc: no numbers, and #### below its toc-depth (3)
    assert "Alpha one ...." in own.stdout and "Alpha deep ...." not in own.stdout and "1 Alpha" not in own.stdout
    assert re.search(r"║ Alpha deep\s+║", own.stdout)
    assert "1.1.1 Alpha deep ...." in full.stdout and "1.1 Alpha one ...." in full.stdout
    assert "Alpha one ...." not in two.stdout and "1 Alpha ...." in two.stdout and "2 Beta ...." in two.stdout
    assert re.search(r"║ 1\.1\.1 Alpha deep\s+║", two.stdout)        # the heading itself is printed


def test_toc_depth_overrides_the_sources_own_limit(runner, tmp_path):
    path = tmp_path / "limited.tex"
    path.write_text("\\documentclass{article}\n\\setcounter{tocdepth}{2}\n\\begin{document}\n"
                    "\\section{Rain}\n\\subsection{Drizzle}\n\\subsubsection{Mist}\n\\end{document}\n",
                    encoding="utf-8")
    own = runner.invoke(main, ["rulebook", str(path), "-o", "-"]).stdout
    asked = runner.invoke(main, ["rulebook", str(path), "--toc-depth", "3", "-o", "-"]).stdout
    assert "1.1 Drizzle ...." in own and "Mist ...." not in own
    assert "1.1.1 Mist ...." in asked


def test_toc_depth_must_be_a_positive_whole_number(runner, tmp_path):
    path = tmp_path / "deep.md"
    path.write_text(DEEP, encoding="utf-8")
    for bad in ("0", "two", "-1"):
        result = runner.invoke(main, ["rulebook", str(path), "--toc-depth", bad, "-o", "-"])
        assert result.exit_code == 2 and "--toc-depth" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("source, numbered", [
    # "1 Stings" heads "1.1 Venom": the author's numbering, whose other headings follow it
    ("# Codex\n\n## 1 Stings\n\n### 1.1 Venom\n\n## 2 Nests\n", [False, False, False, False]),
    # chapters counting 1, 2, 3 carry their numbers though none has a dotted one
    ("# Codex\n\n## 1 Eggs\n\n## 2 Larvae\n\n## 3 Adults\n", [False, False, False, False]),
    # a title that happens to start with a number is the author's words, numbered as any other
    ("# Codex\n\n## Eggs\n\n## 20 Questions\n\n## Larvae\n", [False, True, True, True]),
    ("# Codex\n\n## 1 Eggs\n\n## 3 Larvae\n", [False, True, True]),
])
def test_a_bare_number_is_the_headings_own_only_as_part_of_a_numbering(tmp_path, source, numbered):
    path = tmp_path / "codex.md"
    path.write_text(source, encoding="utf-8")
    book = read_book(str(path))
    assert [h.numbered for h in walk(book.blocks) if isinstance(h, m.Heading)] == numbered
