"""The seven sheets: golden plaintext, the page grid, closed boxes, markers under their buttons."""

from pathlib import Path

import pytest

from nests.publish.txt import join_pages
from nests.generators.sheet import build_sheets
from tests.frames import check_page, pages_of
from tests.golden import SHEETS

GOLDEN = Path(__file__).parents[1] / "golden" / "sheets"


@pytest.fixture(scope="module")
def sheets(content):
    return {s.class_id: join_pages([s.text]) for s in build_sheets(content, SHEETS)}


@pytest.mark.parametrize("class_id", SHEETS)
def test_sheet_matches_golden(sheets, class_id):
    # Regenerate with `make golden` after a deliberate change, and review the diff.
    assert sheets[class_id] == (GOLDEN / f"{class_id}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("class_id", SHEETS)
def test_sheet_is_one_framed_page_with_closed_boxes(sheets, class_id):
    [page] = pages_of(sheets[class_id])
    check_page(page)
    assert page[0] == "╔►Nests & Insects◄" + "═" * 57 + "►Character Sheet◄╗ "


@pytest.mark.parametrize("class_id", SHEETS)
def test_footer_markers_point_at_their_buttons(sheets, class_id):
    [page] = pages_of(sheets[class_id])
    for r, line in enumerate(page):
        if "^" not in line:
            continue
        for c, ch in enumerate(line):
            if ch == "^":
                above = page[r - 1][c]
                assert above in "□○✓✗1", f"line {r + 1}: ^ at column {c + 1} sits under {above!r}"


def test_sheet_areas_come_in_the_rulebook_order(sheets):
    page = sheets["wasp"]
    order = ["WASP", "►Attributes◄", "►Combat Stats◄", "[Condition]", "<Disposition Track>",
             "[Base Attack]", "►Survival◄", "[Food]", "[Luck]", "►Abilities◄", "[Specific Abilities]",
             "[Common Abilities]", "[Effects]", "[Inventory]"]
    positions = [page.index(label) for label in order]
    assert positions == sorted(positions)


def test_class_specific_fields(sheets):
    assert "│ ✗ Hunger........[_NONE] │" in sheets["beetle"]
    assert "│ ○ Hunger........[___0%] │" in sheets["wasp"]
    assert "✓ Blind....:[_100%]" in sheets["ants"]
    assert "│ ○ Firefly [F,L]_________________:[__45%] │" in sheets["spider"]
    assert "□ Signalling........:[__68%]" in sheets["wasp"]
    assert "Venomous..........:[__80%]" in sheets["wasp"]
    assert "Web Weaving.......:[__90%]" in sheets["spider"]
    assert "□ Wounds/Max...:[__/_3]" in sheets["template"]
    assert "Hit (Crit,Rem):....(Swarms take 2 Wounds)" in sheets["wasp"]


def test_luck_marker_starts_under_eleven(sheets):
    lines = sheets["wasp"].split("\n")
    row = next(i for i, line in enumerate(lines) if "[11%].[22%]" in line)
    assert lines[row + 1][lines[row].index("[11%]") + 1] == "^"
