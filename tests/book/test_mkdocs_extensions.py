"""The Python-Markdown and pymdownx extensions real mkdocs books use (issue 30): attr_list's
heading attributes (pandoc's heading attributes too) and pymdownx.snippets. The books are
written here, in our own words; the forms are those of mkdocs-material's own documentation
and pymdownx's."""

import json
import shutil
import subprocess

import pytest
from click.testing import CliRunner

from nests.book import model as m
from nests.book.readers import read_book
from nests.book.readers.common import walk
from nests.cli import main

HEADINGS = """# Wings { #wings .big }

See [the care](#care), [the context](#ctx) and [the larvae](#lv).

## Care {: #care }

## Eggs {-}

## Larvae {#lv}

### Context <small>optional</small> { #ctx }

### Default { #default data-toc-label="Default value" }

## Searched { data-search-exclude }

## Sets {1,2}

## Braces in { words }
"""


def headings(book):
    return [(m.plain(h.title), h.anchor, h.numbered) for h in walk(book.blocks) if isinstance(h, m.Heading)]


def write(folder, files: dict[str, str]):
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_heading_attributes_are_anchors_and_are_not_printed(tmp_path):
    write(tmp_path, {"h.md": HEADINGS})
    book = read_book(str(tmp_path / "h.md"))
    assert headings(book) == [
        ("Wings", "wings", False), ("Care", "care", True), ("Eggs", "eggs", False), ("Larvae", "lv", True),
        ("Context optional", "ctx", True), ("Default", "default", True),
        ("Searched", "searched", True),
        # braces holding no attribute are the heading's words (for pandoc and attr_list alike)
        ("Sets {1,2}", "sets-12", True), ("Braces in { words }", "braces-in--words", True)]
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == ["care", "ctx", "lv"]
    assert book.warnings == []


@pytest.mark.skipif(shutil.which("pandoc") is None, reason="pandoc is not installed")
def test_heading_attributes_as_pandoc_reads_them(tmp_path):
    """Where pandoc reads the heading's attributes (all but attr_list's "{: …}" and a bare
    data- name), its ids and its unnumbered headings are ours."""
    write(tmp_path, {"h.md": HEADINGS})
    said = json.loads(subprocess.run(["pandoc", "-f", "markdown", "-t", "json", str(tmp_path / "h.md")],
                                     capture_output=True, check=True).stdout)
    theirs = {b["c"][1][0]: "unnumbered" not in b["c"][1][1] for b in said["blocks"] if b["t"] == "Header"}
    ours = {anchor: numbered for _, anchor, numbered in headings(read_book(str(tmp_path / "h.md")))}
    for anchor in ("lv", "ctx", "default", "eggs"):
        assert theirs[anchor] == ours[anchor], anchor


BOOK = {
    "mkdocs.yml": "site_name: Snips\nnav:\n  - index.md\n  - two.md\nmarkdown_extensions:\n  - attr_list\n"
                  "  - pymdownx.snippets:\n      base_path: [snips]\n",
    "docs/index.md": ('# Home\n\nIntro.\n\n```python\n--8<-- "code.py:2:3"\n```\n\n- Item:\n\n    --8<-- "note.md"\n\n'
                      ';--8<-- "note.md"\n\n--8<--\nnote.md\n;left-out.md\n--8<--\n\n--8<-- "code.py:hatch"\n\n'
                      'See [deep](two.md#deep).\n'),
    "docs/two.md": "# Two\n\n## Deep { #deep }\n\nWords.\n",
    "snips/code.py": "eggs = 1\nlarvae = 2\npupae = 3\n# --8<-- [start:hatch]\nadults = 4\n# --8<-- [end:hatch]\n",
    "snips/note.md": "A *note* line.\n\nIts [second](#nowhere) line.\n",
}


def test_snippets_are_included_in_their_place(tmp_path):
    write(tmp_path, BOOK)
    book = read_book(str(tmp_path / "mkdocs.yml"))
    verbatim = [n.lines for n in walk(book.blocks) if isinstance(n, m.Verbatim)]
    assert verbatim == [["larvae = 2", "pupae = 3"]]                  # lines 2 to 3 of the file, in the fence
    paragraphs = [(m.plain(p.children), p.source.rsplit("/", 2)[-2:], p.line)
                  for p in walk(book.blocks) if isinstance(p, m.Paragraph)]
    assert paragraphs == [
        ("Intro.", ["docs", "index.md"], 3),
        ("Item:", ["docs", "index.md"], 9),
        ("A note line.", ["snips", "note.md"], 1), ("Its second line.", ["snips", "note.md"], 3),  # in the list item
        ('--8<-- "note.md"', ["docs", "index.md"], 13),                      # ;--8<--: as written, less the ;
        ("A note line.", ["snips", "note.md"], 1), ("Its second line.", ["snips", "note.md"], 3),  # the block form
        ("adults = 4", ["snips", "code.py"], 5),                             # a section, its markers left out
        ("See deep.", ["docs", "index.md"], 22), ("Words.", ["docs", "two.md"], 5)]
    items = [i for i in walk(book.blocks) if isinstance(i, m.ListItem)]
    assert len(items) == 1 and len(items[0].blocks) == 3                # the indented snippet stays in its item
    # the link across the book lands on the attr_list id; the snippet's bad link is warned of at its own line
    assert [r.target for r in walk(book.blocks) if isinstance(r, m.Ref)] == ["deep"]
    assert [(w.source.rsplit("/", 2)[-2:], w.line) for w in book.warnings] == [(["snips", "note.md"], 3)]


def test_a_snippet_outside_the_book_is_one_warning_at_its_line_and_an_error_under_strict(tmp_path):
    shelf = tmp_path / "shelf"
    write(shelf, {"secret.md": "SECRET-WORDS\n"})
    write(tmp_path / "book", {"a.md": '# A\n\nWords.\n\n--8<-- "../shelf/secret.md"\n\n--8<-- "../shelf/secret.md"\n\n'
                                      '--8<-- "absent.md"\n'})
    book = read_book(str(tmp_path / "book" / "a.md"))
    assert "SECRET" not in " ".join(m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph))
    assert [(w.line, w.message) for w in book.warnings] == [          # each at the line it is left out at
        (5, "snippet '../shelf/secret.md' is outside the book's folder; not included"),
        (7, "snippet '../shelf/secret.md' is outside the book's folder; not included"),
        (9, "snippet 'absent.md' is not there; not included")]
    result = CliRunner().invoke(main, ["rulebook", str(tmp_path / "book" / "a.md"), "--strict", "-o",
                                       str(tmp_path / "out")])
    assert result.exit_code == 2
    assert f"{tmp_path}/book/a.md:5: snippet '../shelf/secret.md' is outside the book's folder" in result.output
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").iterdir())


def test_a_snippet_that_includes_itself_is_read_once(tmp_path):
    write(tmp_path, {"a.md": '# A\n\n--8<-- "b.md"\n', "b.md": 'B words.\n\n--8<-- "a.md"\n\n--8<-- "b.md"\n'})
    book = read_book(str(tmp_path / "a.md"))
    words = [m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph)]
    assert words == ["B words."]
    assert [(w.source.rsplit("/", 1)[-1], w.line) for w in book.warnings] == [("b.md", 3), ("b.md", 5)]


def test_snippets_read_only_through_the_book_folders_rule(tmp_path):
    # mkdocs.yml's base_path outside the book's folder is no place to look
    write(tmp_path / "shelf", {"x.md": "OUTSIDE\n"})
    write(tmp_path / "book", {"mkdocs.yml": "site_name: S\nmarkdown_extensions:\n  - pymdownx.snippets:\n"
                                            "      base_path: ../shelf\n",
                              "docs/index.md": '# S\n\n--8<-- "x.md"\n'})
    book = read_book(str(tmp_path / "book" / "mkdocs.yml"))
    assert [w.message for w in book.warnings] == ["snippet 'x.md' is not there; not included"]


def test_snippets_inside_snippets_stop_at_their_depth_with_one_warning(tmp_path):
    from nests.book.readers.snippets import DEEPEST_SNIPPET

    files = {f"f{k}.md": f"Words {k}.\n\n--8<-- \"f{k + 1}.md\"\n" for k in range(1, DEEPEST_SNIPPET + 4)}
    write(tmp_path, {"a.md": '# A\n\n--8<-- "f1.md"\n', **files})
    book = read_book(str(tmp_path / "a.md"))
    words = [m.plain(p.children) for p in walk(book.blocks) if isinstance(p, m.Paragraph)]
    assert words == [f"Words {k}." for k in range(1, DEEPEST_SNIPPET + 1)]
    assert [(w.source.rsplit("/", 1)[-1], w.line) for w in book.warnings] == [(f"f{DEEPEST_SNIPPET}.md", 3)]
