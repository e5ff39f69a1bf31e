"""Sheets for devices (issue #14): reflowed to N columns, in ASCII, and as Markdown."""

import pytest
from hypothesis import given, settings, strategies as st
from wcwidth import wcswidth

from nests.generators.sheet import (Look, build_sheets, character_documents, new_character, read_character,
                                    render_sheet, sheet_markdown)
from nests.text.measure import unwrap, wrap
from nests.text.transliterate import transliterate
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
    d = content.sheets[sheet_id]
    wide = "".join(render_sheet(d, {}))
    for width in (40, 64):
        narrow = "".join(render_sheet(d, {}, look=Look(width)))
        check_width(narrow, width)
        assert words(wide) <= words(narrow)


def test_markdown_sheet_has_headings_and_tables_and_no_box_drawing(content):
    d = content.sheets["nests-and-insects"]
    from nests.generators.sheet import class_values

    md = sheet_markdown(d, class_values(content, "wasp"))
    assert md.startswith("# Wasp\n") and "## Attributes" in md and "| Speed | 60% |" in md
    assert "| Initiative | 59% | Match/Beat to start Combat in Holding/Recoiling Disposition |" in md
    assert not any(0x2500 <= ord(ch) <= 0x259F for ch in md)


# ── a character's sheet at awkward widths: its own text, wide characters, long words ──

AWKWARD = [41, 47, 53, 63, 79, 95, 119]
CUT = "pneumonoultramicroscopicsilicovolcanoconiosis"          # longer than a narrow sheet's line


def _character(content, class_id):
    state = new_character(content, class_id, "蜂蜜 Ösé Quillfeather")        # 24 columns: the most the heading holds
    state["notes"] = " ".join([CUT, "Antidisestablishmentarian", "蜂蜂蜂蜂蜂"]
                              + ["Owes the Ladybug a favour; found a map of the lower galleries."] * 3)
    state["pronouns"] = "蜂" * 17                                         # 34 columns, the most its line holds
    state["wounds"] = 2
    for i, name in enumerate(["Nectar of Everlasting Healing", "蜂蜜 Honey", "Ösé Rope", "A", "Thorn-"]):
        state["items"][i] = {"name": name, "types": [["F", "L"], ["F"], [], ["L"], []][i],
                             "rating": [60, 5, None, 100, 0][i], "depleted": i % 2 == 0, "known": i != 1}
    return state


def _printed(content, state, look):
    [doc] = character_documents(content, state, "x", look=look)
    return "".join(p.text for p in doc.pages)


@pytest.mark.parametrize("width", AWKWARD)
def test_a_characters_sheet_at_any_width_is_whole_and_reads_back(content, width):
    class_id = SHEETS[AWKWARD.index(width) % 6]
    state = _character(content, class_id)
    full = _printed(content, state, Look())
    for look in [Look(width)] + ([Look(width, ascii=True)] if width in (41, 119) else []):
        text = _printed(content, state, look)
        check_width(text, width)
        wanted = transliterate(full) if look.ascii else full
        assert words(wanted) - {CUT} <= words(text), (class_id, look)
        assert read_character(content, text, "x.txt", state) == state, (class_id, look)


@pytest.mark.parametrize("width", AWKWARD)
def test_other_games_at_awkward_widths(content, width):
    for sheet_id in ["base-rules", "rules-and-procedures", "basic-rules", "malleus-deum"]:
        d = content.sheets[sheet_id]
        narrow = "".join(render_sheet(d, {}, look=Look(width)))
        check_width(narrow, width)
        assert words("".join(render_sheet(d, {}))) <= words(narrow), sheet_id


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.text(alphabet="ab -蜂Öé.", max_size=60), st.integers(3, 30))
def test_wrapped_text_unwraps_to_itself(text, field):
    lines = wrap(text, field)
    assert all(wcswidth(line) <= field for line in lines)
    assert unwrap(lines, field) == " ".join(text.split())


@pytest.mark.parametrize("width", [40, 43, 45, 47, 48])
def test_the_blank_fillable_sheet_fits_a_narrow_page_with_both_write_in_places(content, width):
    """The blank sheet's heading has two write-in places (the class and the character's name);
    on a narrow page the class's gives up room so that the name's keeps at least 3 columns."""
    from nests.generators.sheet.pages import sheet_pages

    pages = sheet_pages(content, "nests-and-insects", fillable=True, look=Look(width))
    check_width(pages[0].text, width)
    heading = pages[0].text.split("\n")[1]
    name = next(f for f in pages[0].fields if heading[f.column:f.column + f.width].strip("_") == "" and f.line == 1)
    assert "NAME: " in heading and name.width >= 3 and heading.count("___") >= 2
