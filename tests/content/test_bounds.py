"""Numbers in content are read within bounds, and what a message quotes of the input is
bounded (issue 38, point 5): a face, a run of faces or ratings, a count, a die's size, a
Chance, a rating of thousands of digits, or a key of a megabyte, is one error line at
its file's line, a part of the offending text quoted and then "…"; never a traceback
(Python refuses to read a number of more than 4,300 digits: a run of faces of 100,000
was a ValueError), never a line that echoes the input whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from nests.cli import main
from nests.content.formula import LARGEST, compute
from nests.errors import WIDEST_VALUE

BUILT_IN = Path(__file__).parents[2] / "content"
NINES = "9" * (WIDEST_VALUE - 1) + "…"          # a long number as a message shows it
RUN = "…' is not a face (a whole number) or a run like \"0-1\""

# (the case, the file, the text replaced, its replacement, the command, and each error line of the
# command in order: the line of the edited file and what is said there)
CASES = [
    ("a run of faces of 100,000 digits", "tables/food-colour.yaml", "faces: 10-11,", "faces: 10-" + "9" * 100_000 + ",",
     ["roll", "d60"], [(9, "rows.5.faces: '10-" + "9" * 54 + RUN)]),
    ("a face of 4,000 digits", "tables/food-colour.yaml", "faces: 10-11,", "faces: " + "9" * 4_000 + ",",
     ["roll", "d60"], [(3, "rows: no row covers 10, 11; every one of the faces of d12 needs exactly one row"),
                       (9, f"rows.5.faces: {NINES} is not the faces of d12")]),
    ("a band of ratings of 100,000 digits", "tables/quantification-dice.yaml", "ratings: 0-20,",
     "ratings: 0-" + "9" * 100_000 + ",", ["roll", "d60"], [(6, "rows.0.ratings: '0-" + "9" * 55 + RUN)]),
    ("a die's size of 4,000 digits", "tables/dice.yaml", "decile: [", "decile: [" + "9" * 4_000 + ", ",
     ["roll", "d60"], [(7, f"decile.0: {NINES} is not a whole number 2–1000")]),
    ("a die of 100,000 digits", "tables/food-colour.yaml", "die: d12", "die: d" + "9" * 100_000,
     ["roll", "d60"], [(2, "die: 'd" + "9" * 56 + "…' is not a die of the game; allowed: d4, d6, d8, d10, d12, d20, "
                           "d40, d60, d80, d100, d120, 1d4, 1d6, 1d8, 1d10, 1d12, 1d20")]),
    ("a Chance of 4,000 digits", "tables/risks.yaml", "chance: {base: 50,", "chance: {base: " + "9" * 4_000 + ",",
     ["roll", "d60"], [(8, f"rows.0.chance.base: {NINES} is not a whole number -100–200")]),
    ("a count of 4,000 digits", "tables/alarm-pheromones.yaml", "count: 5,", "count: " + "9" * 4_000 + ",",
     ["roll", "d60"], [(12, f"rows.2.count: {NINES} is not a whole number 1–1000")]),
    ("a rating of 4,000 digits", "classes/wasp.yaml", "speed: 60", "speed: " + "9" * 4_000,
     ["sheet", "wasp", "-o", "-"], [(8, f"attributes.speed: {NINES} is not a rating 0–100")]),
    ("a number of 100,000 digits", "classes/wasp.yaml", "speed: 60", "speed: " + "9" * 100_000,
     ["sheet", "wasp", "-o", "-"],
     [(8, "attributes.speed: '" + "9" * 37 + "...' cannot be read as a value; write a number of a few digits, or text")]),
    ("an unknown key of a megabyte", "classes/wasp.yaml", "speed: 60", "speed: 60\n  ? " + "k" * 1_000_000 + "\n  : 1",
     ["sheet", "wasp", "-o", "-"],
     [(9, "attributes." + "k" * (WIDEST_VALUE - 1) + "…: unknown key; allowed: speed, skill, strength, stamina, "
          "smarts, charms, ken, passions")]),
    ("a Desperate Times outcome whose Wounds have 100,000 digits", "tables/desperate-times.yaml",
     'outcome: "1 Wound healed"', 'outcome: "' + "9" * 100_000 + ' Wound healed"', ["packet", "--seed", "1", "-o", "-"],
     [(8, "rows.0.outcome: '" + "9" * 57 + "…' is 100013 columns wide; at most 60 fit")]),
    ("a track's format padding to 100,000 columns", "sheets/nests-and-insects.yaml", 'format: "[%02d%%]."',
     'format: "[%' + "9" * 100_000 + 'd%%]."', ["sheet", "wasp", "-o", "-"],
     [(98, "areas.7.fields.0.format: '[%" + "9" * 55 + "…' pads a value to more than 99 columns; a track's cell is a few")]),
    ("a track's format that prints no value", "sheets/nests-and-insects.yaml", 'format: "[%02d%%]."', 'format: "[x]"',
     ["sheet", "wasp", "-o", "-"],
     [(98, "areas.7.fields.0.format: '[x]' cannot print a value (not all arguments converted during string "
           "formatting); a format prints one, like \"[%s]\" or \"[%+d]\"")]),
    ("a key of a megabyte that YAML cannot read", "classes/wasp.yaml", "speed: 60", "speed: 60\n  " + "k" * 1_000_000 + ": 1",
     ["sheet", "wasp", "-o", "-"], [(9, "k" * (WIDEST_VALUE - 1) + "…: not valid YAML: could not find expected ':'")]),
]


@pytest.mark.parametrize("name, rel, old, new, command, said", CASES, ids=[c[0] for c in CASES])
def test_a_number_or_key_past_its_bound_is_one_short_line(runner, tmp_path, name, rel, old, new, command, said):
    text = (BUILT_IN / rel).read_text(encoding="utf-8")
    assert old in text, (rel, old)
    target = tmp_path / "mine" / rel
    target.parent.mkdir(parents=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    result = runner.invoke(main, command + ["--content", str(tmp_path / "mine")])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output[-2000:]
    lines = result.output.splitlines()
    assert all(len(line) < 300 for line in lines), [len(line) for line in lines]
    assert lines == [f"error: {target}:{line}: {message}" for line, message in said]


def test_the_cases_edit_the_built_in_files():
    for name, rel, old, *_ in CASES:
        assert old in (BUILT_IN / rel).read_text(encoding="utf-8"), name


@pytest.mark.parametrize("formula", ["9**99999", "5000000 ** 5", "level * 10**14 * 100", "2 << 100", "ceil(1e300)",
                                     "max(10**15, 5) * 2", "10.0 ** 400"])
def test_a_formula_past_the_bound_has_no_value(formula):
    """The arithmetic stops at LARGEST (a power before it is computed): the formula has no value,
    as when a value it reads is missing, and the sheet shows its field blank."""
    assert compute(formula, {"level": 3}) is None


@pytest.mark.parametrize("formula, value", [("10**15", 10**15), ("2**49", 2**49), ("-(10**15)", -10**15),
                                            ("2**-3", 0.125), ("level * 10**14", 3 * 10**14), ("mod(level) + 1", -3)])
def test_a_formula_within_the_bound_is_computed(formula, value):
    assert compute(formula, {"level": 3}) == value and abs(value) <= LARGEST


def test_a_sheet_whose_formula_passes_the_bound_is_printed_with_the_field_blank(runner, tmp_path):
    text = (BUILT_IN / "sheets" / "base-rules.yaml").read_text(encoding="utf-8")
    target = tmp_path / "mine" / "sheets" / "base-rules.yaml"
    target.parent.mkdir(parents=True)
    old = 'formula: "ceil(character_level / 5)"'
    assert old in text
    target.write_text(text.replace(old, 'formula: "9**99999 + 5000000 ** 5"'), encoding="utf-8")
    result = runner.invoke(main, ["sheet", "--system", "base-rules", "--content", str(tmp_path / "mine"), "-o", "-"])
    assert result.exit_code == 0, result.output[-2000:]
    assert "Base...........:[__] (Level/5, up)" in result.stdout
