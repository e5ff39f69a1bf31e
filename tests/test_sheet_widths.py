"""Sheets for devices (issue #14): reflowed to N columns, in ASCII, and as Markdown."""

import pytest

from nests.content.sheets import definitions
from nests.generators.sheet import Look, build_sheets, render_sheet, sheet_markdown
from nests.render.transliterate import transliterate
from tests.frames import check_width, words
from tests.golden import SHEETS


WIDTHS = [40, 48, 64]
@pytest.fixture(scope="module")
def full(content):
    return {s.class_id: s.text for s in build_sheets(content, SHEETS)}


@pytest.mark.parametrize("width", WIDTHS)
def test_every_sheet_reflows_to_n_columns_keeping_every_word(content, full, width):
    for sheet in build_sheets(content, SHEETS, Look(width)):
        check_width(sheet.text, width)
        assert words(full[sheet.class_id]) <= words(sheet.text), sheet.class_id


@pytest.mark.parametrize("width", [40, 94])
def test_ascii_sheets_are_printable_ascii_on_the_same_grid(content, full, width):
    for sheet in build_sheets(content, SHEETS, Look(width, ascii=True)):
        assert all(32 <= ord(ch) < 127 for ch in sheet.text.replace("\n", "")), sheet.class_id
        lines = sheet.text.split("\n")[:-1]
        assert all(len(line) == width for line in lines)
        assert lines[0].startswith("+>Nests & Insects<=") and lines[-1] == " " + "#" * (width - 1)
        assert words(transliterate(full[sheet.class_id])) <= words(sheet.text), sheet.class_id
    wasp = build_sheets(content, ["wasp"], Look(94, ascii=True))[0].text
    assert "| o Speed.....:[__60%] o Skill" in wasp and "When Wounds >= Max" in wasp


@pytest.mark.parametrize("sheet_id", ["base-rules", "rules-and-procedures", "basic-rules", "malleus-deum"])
def test_other_games_reflow_too(content, sheet_id):
    d = definitions(content)[sheet_id]
    wide = "".join(render_sheet(d, {}))
    for width in (40, 64):
        narrow = "".join(render_sheet(d, {}, look=Look(width)))
        check_width(narrow, width)
        assert words(wide) <= words(narrow)


def test_markdown_sheet_has_headings_and_tables_and_no_box_drawing(content):
    d = definitions(content)["nests-and-insects"]
    from nests.generators.sheet import class_values

    md = sheet_markdown(d, class_values(content, "wasp"))
    assert md.startswith("# Wasp\n") and "## Attributes" in md and "| Speed | 60% |" in md
    assert "| Initiative | 59% | Match/Beat to start Combat in Holding/Recoiling Disposition |" in md
    assert not any(0x2500 <= ord(ch) <= 0x259F for ch in md)
