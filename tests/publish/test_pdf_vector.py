"""Drawing glyphs as vector shapes: what each glyph is made of, and how a page's glyphs join.

Glyphs are named by their Unicode names here, so no test holds a drawing glyph.
"""

import unicodedata

import pytest

from nests.publish.pdf import blank_under
from nests.publish.vector import vector_shapes
from nests.text.glyphs import DOUBLE, HEAVY, LIGHT, NONE, shapes

CELL, LINE, LIGHT_W, HEAVY_W, GAP = 6.0, 16.0, 0.5, 1.0, 1.2


def glyph(name: str) -> str:
    return unicodedata.lookup(name)


@pytest.mark.parametrize("name, arms", [
    # (up, right, down, left), as the Unicode names describe them
    ("BOX DRAWINGS LIGHT HORIZONTAL", (NONE, LIGHT, NONE, LIGHT)),
    ("BOX DRAWINGS DOUBLE DOWN AND RIGHT", (NONE, DOUBLE, DOUBLE, NONE)),
    ("BOX DRAWINGS DOWN LIGHT AND RIGHT HEAVY", (NONE, HEAVY, LIGHT, NONE)),
    ("BOX DRAWINGS LEFT UP HEAVY AND RIGHT DOWN LIGHT", (HEAVY, LIGHT, LIGHT, HEAVY)),
    ("BOX DRAWINGS LIGHT UP AND HEAVY DOWN", (LIGHT, NONE, HEAVY, NONE)),
    ("BOX DRAWINGS VERTICAL DOUBLE AND RIGHT SINGLE", (DOUBLE, LIGHT, DOUBLE, NONE)),
    ("BOX DRAWINGS DOUBLE VERTICAL AND LEFT", (DOUBLE, NONE, DOUBLE, DOUBLE)),
    ("BOX DRAWINGS LEFT HEAVY AND RIGHT VERTICAL LIGHT", (LIGHT, LIGHT, LIGHT, HEAVY)),
    ("BOX DRAWINGS LIGHT ARC UP AND LEFT", (LIGHT, NONE, NONE, LIGHT)),
])
def test_a_box_glyphs_arms_are_those_its_name_gives(name, arms):
    assert shapes()[glyph(name)].arms == arms


def test_dashes_diagonals_and_blocks():
    table = shapes()
    assert table[glyph("BOX DRAWINGS HEAVY TRIPLE DASH VERTICAL")].dashes == 3
    assert table[glyph("BOX DRAWINGS LIGHT DIAGONAL CROSS")].diagonals == "/\\"
    assert table[glyph("UPPER HALF BLOCK")].fills == ((0, 0, 1, 0.5, 1),)
    assert table[glyph("DARK SHADE")].fills == ((0, 0, 1, 1, 0.75),)
    assert table[glyph("LOWER ONE QUARTER BLOCK")].fills == ((0, 0.75, 1, 1, 1),)
    assert table[glyph("QUADRANT UPPER RIGHT AND LOWER LEFT")].fills == ((.5, 0, 1, .5, 1), (0, .5, .5, 1, 1))


def test_every_glyph_from_u2500_to_u259f_is_drawn():
    table = shapes()
    assert len(table) == 0x25A0 - 0x2500
    for char, shape in table.items():
        assert any(shape.arms) or shape.diagonals or shape.fills, unicodedata.name(char)


def draw(*rows: str):
    return vector_shapes("\n".join(rows), CELL, LINE, LIGHT_W, HEAVY_W, GAP)


def test_a_double_frame_is_two_unbroken_strokes_a_side_and_its_shadow_two_fills():
    corner_tl, corner_tr = glyph("BOX DRAWINGS DOUBLE DOWN AND RIGHT"), glyph("BOX DRAWINGS DOUBLE DOWN AND LEFT")
    corner_bl, corner_br = glyph("BOX DRAWINGS DOUBLE UP AND RIGHT"), glyph("BOX DRAWINGS DOUBLE UP AND LEFT")
    across, down = glyph("BOX DRAWINGS DOUBLE HORIZONTAL"), glyph("BOX DRAWINGS DOUBLE VERTICAL")
    shade, half = glyph("DARK SHADE"), glyph("UPPER HALF BLOCK")
    rows = [corner_tl + across * 10 + corner_tr + " ",
            *[down + " " * 10 + down + shade] * 5,
            corner_bl + across * 10 + corner_br + shade,
            " " + half * 12]
    drawn = draw(*rows)
    black = [r for r in drawn.rects if r.ink == 1 and r.h < LINE / 2 and r.w > CELL]       # frame tops and bottoms
    assert len([r for r in black if r.h == pytest.approx(LIGHT_W)]) == 4                                  # two strokes each
    tops = sorted(r.y for r in black if r.h == pytest.approx(LIGHT_W))
    assert tops[1] - tops[0] == pytest.approx(2 * GAP) and tops[3] - tops[2] == pytest.approx(2 * GAP)
    sides = [r for r in drawn.rects if r.w == pytest.approx(LIGHT_W)]
    assert len(sides) == 4 and all(r.h > 5 * LINE for r in sides)
    outer = min(black, key=lambda r: r.y)
    left = min(sides, key=lambda r: r.x)
    # The outer corner is square: each outer stroke reaches the other's far edge.
    assert outer.x == pytest.approx(left.x) and left.y == pytest.approx(outer.y)
    shadow = [r for r in drawn.rects if r.ink < 1]
    assert len(shadow) == 1 and shadow[0].h == pytest.approx(6 * LINE)
    bottom = [r for r in drawn.rects if r.ink == 1 and r.h == pytest.approx(LINE / 2)]
    assert len(bottom) == 1 and bottom[0].w == pytest.approx(12 * CELL)


def test_a_tee_opens_the_double_line_it_joins():
    tee = glyph("BOX DRAWINGS DOUBLE VERTICAL AND RIGHT")
    down, across = glyph("BOX DRAWINGS DOUBLE VERTICAL"), glyph("BOX DRAWINGS DOUBLE HORIZONTAL")
    drawn = draw(down, tee + across, down)
    sides = sorted((r for r in drawn.rects if r.w == pytest.approx(LIGHT_W)), key=lambda r: (r.x, r.y))
    # The outer (left) stroke runs through; the inner one stops either side of the joint.
    assert len(sides) == 3 and sides[0].h == pytest.approx(3 * LINE)
    assert sides[1].y + sides[1].h < LINE * 1.5 < sides[2].y


def test_text_under_a_drawing_is_blank_and_the_rest_is_kept():
    from nests.document import Drawing

    text = "\n".join(["0123456789"] * 4)
    assert blank_under(text, Drawing("<svg/>", first_line=1, lines=2, first_column=2, columns=5)).split("\n") == [
        "0123456789", "01     789", "01     789", "0123456789"]
    assert blank_under(text, None) == text

