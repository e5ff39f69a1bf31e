"""A new kind of sheet field is one class: registered here, in the test, and used by a
definition in tmp_path, it is checked on load, laid out, drawn, filled in a fillable
sheet and read back from a written-on sheet, with no file of the project changed."""

import re
from dataclasses import dataclass

import pytest

from nests.cli import main
from nests.content import load_content
from nests.content.schema import Int
from nests.content.sheets import FIELD_KINDS, field_kind, option
from nests.content.sheets.kinds.labelled import LabelledKind
from nests.content.sheets.pages import Damaged
from nests.content.sheets.reader import read_sheet
from nests.content.sheets.reading import checked
from nests.errors import NestsError
from nests.generators.sheet import Look, render_sheet, sheet_markdown, sheet_pages


class PurseKind(LabelledKind):
    """Coins in a purse: a count up to ``most``, drawn the way a number is."""

    macro = "number"

    @dataclass(frozen=True)
    class Options:
        digits: int = option(3, Int(1, 6))
        most: int = option(999, Int(1, 999999))

    def check(self, f, say):
        if len(str(f.options.most)) > f.options.digits:
            say("most", f"{f.options.most} coins take more than the purse's {f.options.digits} digits")
        return f

    def value_width(self, f):
        return f.options.digits + 2

    def check_value(self, f, value):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= f.options.most:
            return f"{value!r} is not a count of coins from 0 to {f.options.most}"
        return None

    def read(self, f, found, bottom, column, others):
        n, m = self.find_value(f, found, r"\[_*([^\]]*)\]", "a count of coins in [ ]")
        raw = m.group(1)
        if not raw:
            return {}
        if not raw.isdigit():
            raise Damaged(n, f"{f.label}: {raw!r} is not a count of coins")
        return {f.key: checked(f, int(raw), n)}


@pytest.fixture
def purse():
    field_kind("purse")(PurseKind)
    yield FIELD_KINDS["purse"]
    del FIELD_KINDS["purse"]


SHEET = """\
game: Coin Lands
title: Pocket Sheet
source: {file: coin-lands.md, section: Money}
areas:
  - title: Wealth
    fields:
      - {key: coins, label: Coins, kind: purse, width: 30, most: 500, reminder: "at most 500"}
      - {key: grit, label: Grit, kind: number, width: 30}
"""


def content_with(tmp_path, text):
    (tmp_path / "mine" / "sheets").mkdir(parents=True, exist_ok=True)
    (tmp_path / "mine" / "sheets" / "pocket.yaml").write_text(text, encoding="utf-8")
    return str(tmp_path / "mine")


def test_a_kind_registered_in_a_test_is_checked_drawn_filled_and_read_back(purse, tmp_path, runner):
    mine = content_with(tmp_path, SHEET)
    content = load_content([mine])
    d = content.sheets["pocket"]
    [coins, grit] = d.fields
    assert coins.handler is purse and coins.options.most == 500 and coins.value_width == 5
    # drawn: a blank sheet and a filled one, at the full width and the narrowest
    for look in (Look(), Look(40)):
        blank = "".join(render_sheet(d, {}, look=look))
        assert "Coins" in blank and "[___]" in blank
        filled = "".join(render_sheet(d, {"coins": 42, "grit": 7}, look=look))
        assert re.search(r"Coins\.*:\[_42\]", filled) and re.search(r"Grit\.*:\[__7\]", filled)
        assert "(at most 500)" in filled
        # read back, at either width
        assert read_sheet(filled, d, "pocket.txt") == {"coins": 42, "grit": 7}
    # the command line prints it too
    result = runner.invoke(main, ["sheet", "--system", "pocket", "--content", mine, "-o", "-"])
    assert result.exit_code == 0, result.output
    assert re.search(r"Coins\.*:\[___\] \(at most 500\)", result.output)
    # a fillable sheet has a form field over the purse's value, where the page prints it
    [page] = sheet_pages(content, "pocket", values={"coins": 42}, fillable=True)
    [field] = [f for f in page.fields if f.name == "coins"]
    line = page.text.split("\n")[field.line]
    assert line[field.column:field.column + field.width] == "[_42]" and field.value == "42"
    # the Markdown sheet shows it in its box's table
    assert "| Coins | 42 | at most 500 |" in sheet_markdown(d, {"coins": 42})


def test_the_new_kind_checks_a_value_read_back_and_its_own_options(purse, tmp_path):
    d = load_content([content_with(tmp_path, SHEET)]).sheets["pocket"]
    written = "".join(render_sheet(d, {"coins": 42})).replace("[_42]", "[900]")
    with pytest.raises(NestsError) as err:
        read_sheet(written, d, "pocket.txt")
    [problem] = err.value.problems
    assert problem.line == written.split("\n").index(next(l for l in written.split("\n") if "[900]" in l)) + 1
    assert problem.message == "Coins: 900 is not a count of coins from 0 to 500"
    with pytest.raises(NestsError) as err:
        read_sheet(written.replace("[900]", "[_4x]"), d, "pocket.txt")
    assert err.value.problems[0].message == "Coins: '4x' is not a count of coins"
    # its options are checked on load: its own check, and its schema
    for text, key, message in (
            (SHEET.replace("most: 500", "most: 5000"), "most", "5000 coins take more than the purse's 3 digits"),
            (SHEET.replace("most: 500", "most: lots"), "most", "'lots' is not a whole number"),
            (SHEET.replace("most: 500", "mots: 500"), "mots", "unknown key; allowed: key, label, kind, width, from, "),
    ):
        with pytest.raises(NestsError) as err:
            load_content([content_with(tmp_path, text)]).sheets
        [problem] = err.value.problems
        assert (problem.line, problem.key) == (7, f"areas.0.fields.0.{key}")
        assert problem.message.startswith(message), problem.message
    assert problem.message.endswith(", note_fill, xp_key, digits, most")          # the purse's own options last


def test_an_unregistered_kind_is_a_content_error_naming_the_kinds(tmp_path):
    with pytest.raises(NestsError) as err:
        load_content([content_with(tmp_path, SHEET)]).sheets
    [problem] = err.value.problems
    assert problem.key == "areas.0.fields.0.kind"
    assert problem.message == ("'purse' is not a kind of field; allowed: rating, number, die, pool, checkbox, "
                               "choice, text, lines, list, track, attack")
