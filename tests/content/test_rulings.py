"""The built-in rulings tell the truth about the rulebook.

Each ruling of content/rulings.yaml says what it rests on (its ``basis``). A quote
must stand word for word (whitespace and line breaks aside, case kept) in the
rulebook, ../shared/rulebook/nests-and-insects-1.0.0.raw.txt (its comments left
out: they are not printed text), or in the reference, ../shared/reference/*.md; and
every basis names a section as the rulebook or the reference heads it. Only the
built-in file is held to this: a user's homebrew rulings may quote other books, so
the content stage checks their shape, not their words.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nests.cli import main
from nests.content import load_content

ROOT = Path(__file__).parents[2]
SHARED = ROOT.parent / "shared"
RULEBOOK = SHARED / "rulebook" / "nests-and-insects-1.0.0.raw.txt"
REFERENCE = sorted((SHARED / "reference").glob("*.md"))


def words(text: str) -> str:
    return " ".join(text.split())


def printed(raw: str) -> str:
    """The rulebook's text without its comments (``/* … */`` blocks and ``%`` lines)."""
    raw = re.sub(r"/\*.*?\*/", " ", raw, flags=re.S)
    return "\n".join(line for line in raw.splitlines() if not line.lstrip().startswith("%"))


# A book's heads, by the kind a quote's ``where`` may name: a section (a chapter, section or
# subsection of the rulebook; a heading of the reference, or its part before a colon) or a box
# (a rules box or summary of the rulebook).
SECTION = re.compile(r"^\\(?:chapter|(?:sub)*section)\*?\{([^}]*)\}|^#+\s*(.+?)\s*$")
BOX = re.compile(r"^\\begin\*?\{(?:box|rules_summary)\}\[([^\]]*)\]")
END_BOX = re.compile(r"^\\end\{(?:box|rules_summary)\}")


class Book:
    """A book's text, whitespace-normalised, with the heads each of its lines stands under."""

    def __init__(self, text: str):
        self.text, self.under, self.heads = "", [], set()
        section, box = set(), set()
        for line in text.splitlines():
            if m := SECTION.match(line):
                head = m.group(1) or m.group(2)
                section, box = {head, head.split(":")[0]}, set()
                self.heads |= section
            elif m := BOX.match(line):
                box = {m.group(1)}
                self.heads |= box
            elif END_BOX.match(line):
                box = set()
            for word in line.split():
                self.text += word + " "
                self.under.append((len(self.text), section | box))

    def heads_over(self, quote: str) -> set[str] | None:
        """The heads the quote stands under (the nearest section and box), or None if it is not here."""
        at = self.text.find(words(quote))
        if at < 0:
            return None
        return next(heads for end, heads in self.under if end > at)


BOOKS = {RULEBOOK.name: Book(printed(RULEBOOK.read_text(encoding="utf-8"))),
         **{p.name: Book(p.read_text(encoding="utf-8")) for p in REFERENCE}}
HEADS = set().union(*(book.heads for book in BOOKS.values()))
BASES = load_content().tables.bases


def found_in(quote: str) -> dict[str, set[str]]:
    """Each book that holds the quote, with the heads it stands under there."""
    return {name: heads for name, book in BOOKS.items() if (heads := book.heads_over(quote)) is not None}


def test_the_sources_are_read():
    # a quote is looked for in text, not in an empty file or a missing one
    assert len(BOOKS[RULEBOOK.name].text) > 100_000 and len(BOOKS) > 1
    assert {"Encounter (TBD)", "Generate and pay Costs", "Special Rule: Levelling down", "Group sizes",
            "Termite Nest"} <= HEADS
    assert found_in("Make a Boolean Roll with Effort equal to the Obstacle's initial rating") == {
        RULEBOOK.name: {"Tearing Obstacles down"}}


def test_every_built_in_ruling_has_a_basis_of_one_kind():
    assert set(BASES) == set(load_content().tables.rulings)
    assert {b.kind for b in BASES.values()} == {"quote", "silent", "house"}


@pytest.mark.parametrize("rid", sorted(r for r, b in BASES.items() if b.kind == "quote"))
def test_every_quote_stands_in_the_rulebook_or_the_reference(rid):
    quote, where = BASES[rid].words, BASES[rid].where
    found = found_in(quote)
    assert found, f"ruling {rid}: its quote is not in the rulebook nor the reference: {quote!r}"
    assert any(head in where for heads in found.values() for head in heads), \
        f"ruling {rid}: {where!r} names none of the heads its quote stands under: {found}"


@pytest.mark.parametrize("rid", sorted(r for r, b in BASES.items() if b.kind == "house"))
def test_the_words_a_house_rule_quotes_stand_in_the_books(rid):
    """A house rule says in its own words what the text says instead; what it puts in quotation
    marks is the text's own, found as a quote is."""
    quoted = re.findall(r'"([^"]+)"', BASES[rid].words)
    for words_ in quoted:
        assert found_in(words_), f"ruling {rid}: {words_!r} is not in the rulebook nor the reference"


@pytest.mark.parametrize("rid", sorted(BASES))
def test_every_basis_names_a_section_as_the_books_head_it(rid):
    where = BASES[rid].where
    assert any(where.startswith(head) for head in HEADS), f"ruling {rid}: {where!r} begins with no section's name"


def test_a_quote_the_books_do_not_hold_is_not_found():
    """The search can fail: a changed word, text from a comment, or another book's words."""
    assert found_in("A Level Reward can only be reaped once per Exploration Action.")
    assert not found_in("A Level Reward can only be reaped twice per Exploration Action.")
    assert not found_in("Deferring a Turn")                       # inside /* … */ only
    assert not found_in("Explain what happens when an Attack hits or misses")   # a % comment
    assert "Deferring a Turn" in RULEBOOK.read_text(encoding="utf-8")


def test_a_users_homebrew_ruling_may_quote_another_book(runner, tmp_path):
    """The content stage checks a basis's shape, not its words: a user's rulings file may quote
    a book of its own (only the built-in file is held to the shared books, above)."""
    text = (ROOT / "content" / "rulings.yaml").read_text(encoding="utf-8")
    text += ('  - id: homebrew-shortcut\n    text: A Shortcut always leads to the Heart.\n'
             '    basis: {quote: "Shortcuts lead straight to the Queen.", where: "My Nest Book, p. 3"}\n')
    (tmp_path / "rulings.yaml").write_text(text, encoding="utf-8")
    content = load_content([str(tmp_path)])
    assert content.tables.bases["homebrew-shortcut"].words == "Shortcuts lead straight to the Queen."
    assert not found_in("Shortcuts lead straight to the Queen.")


BASIS_LINE = ("    basis:\n      quote: \"a Chance that is equal to, or higher than the result of the d100 Roll\"\n"
              "      where: \"Generate and pay Costs\"\n")


@pytest.mark.parametrize("new, key, message", [
    ("", "rulings.0.basis", "missing; this key is required"),
    ("    basis: {quote: \"words\"}\n", "rulings.0.basis.where", "missing; this key is required"),
    ("    basis: {silent: \"Encounter (TBD)\", where: \"Encounter (TBD)\"}\n", "rulings.0.basis.where",
     "unknown key; allowed: silent"),
    ("    basis: {quote: \"words\", house: \"mine\", where: \"Darkness\"}\n", "rulings.0.basis",
     "gives quote and house of quote, silent, house; give exactly one: quote (the rulebook's words) with where, "
     "silent (the section), or house (what the text says instead, and why) with where"),
    ("    basis: {where: \"Darkness\"}\n", "rulings.0.basis",
     "gives none of quote, silent, house; give exactly one: quote (the rulebook's words) with where, "
     "silent (the section), or house (what the text says instead, and why) with where"),
    ("    basis: Darkness\n", "rulings.0.basis",
     "'Darkness' is not a mapping; give quote (the rulebook's words) with where, silent (the section), "
     "or house (what the text says instead, and why) with where"),
])
def test_a_users_basis_of_the_wrong_shape_is_one_line_at_its_key(runner, tmp_path, new, key, message):
    text = (ROOT / "content" / "rulings.yaml").read_text(encoding="utf-8")
    assert BASIS_LINE in text
    text = text.replace(BASIS_LINE, new, 1)
    (tmp_path / "rulings.yaml").write_text(text, encoding="utf-8")
    result = runner.invoke(main, ["packet", "--seed", "1", "--content", str(tmp_path), "-o", str(tmp_path / "out")])
    line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("  - id: event-chance-inclusive"))
    if new:
        line = next(i for i, t in enumerate(text.splitlines(), 1) if t.startswith("    basis:"))
    assert result.output == f"error: {tmp_path}/rulings.yaml:{line}: {key}: {message}\n"
    assert result.exit_code == 2
    assert not (tmp_path / "out").exists()
