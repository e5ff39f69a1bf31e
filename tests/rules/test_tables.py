from pathlib import Path

import pytest

from nests.content import load_content
from nests.content.tables import Tables
from nests.errors import NestsError
from nests.rules.dice import Die

CONTENT = Path(__file__).resolve().parents[2] / "content"


def test_every_table_cites_a_source_and_a_die(tables):
    for stem, data in tables.all.items():
        assert data["source"].strip(), stem
        assert data["die"], stem


def test_die_tables_cover_every_face_once(tables):
    assert tables.face_tables, "no die tables loaded"
    for table in tables.face_tables.values():
        faces = sorted(f for row in table.rows for f in row.faces)
        assert faces == list(table.die.face_range()), table.id


def test_rating_tables_cover_0_to_100(tables):
    for t in (tables.quantification, tables.levels):
        assert sorted(r for b in t.rows for r in range(b.low, b.high + 1)) == list(range(101))


def test_rulebook_figures(tables):
    # Table 20 governs; the rulebook's worked example (45% → d60) disagrees with it (ruling table-over-example).
    assert tables.quantification.band(45).data["die"] == "d80"
    assert tables.levels.band(55).data == {"ratings": "41-60", "features": "d60", "costs_risks": "d80", "rewards": "d80"}
    assert tables.table("food-colour").row(11).result == "Yellow"
    assert [str(r.chance) for r in tables.events["rewards"].rows] == [
        "100% − Level", "Level − 50%", "25% + Level", "15% + Level", "10% + Level", "Perception − Level"]


def test_cited_rulings_exist_and_are_one_line(tables):
    for rid, text in tables.rulings.items():
        assert "\n" not in text and text.strip(), rid
    for data in tables.all.values():
        for rid in data.get("rulings", []):
            assert rid in tables.rulings


def _broken(tmp_path, name, text):
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / name).write_text(text, encoding="utf-8")
    return load_content([str(tmp_path)])


def test_gap_in_faces_is_reported_with_file_and_line(tmp_path):
    content = _broken(tmp_path, "food-type.yaml",
                      "source: Table 11\ndie: d8\nrows:\n  - {faces: 0-1, result: Nectar}\n  - {faces: 1-5, result: Honey}\n")
    with pytest.raises(NestsError) as err:
        Tables(content)
    message = str(err.value)
    assert f"{tmp_path}/tables/food-type.yaml:5: rows.1.faces: 1 is already covered by row 1" in message
    assert "no row covers 6, 7" in message


def test_missing_source_is_reported(tmp_path):
    content = _broken(tmp_path, "food-type.yaml", "die: d8\nrows:\n  - {faces: 0-7, result: Nectar}\n")
    with pytest.raises(NestsError, match=r"food-type.yaml:1: source: missing"):
        Tables(content)


def test_unknown_die_is_reported(tmp_path):
    content = _broken(tmp_path, "food-type.yaml", "source: x\ndie: d7\nrows:\n  - {faces: 0-6, result: Nectar}\n")
    with pytest.raises(NestsError, match=r"food-type.yaml:2: die: 'd7' is not a die of the game"):
        Tables(content)


def test_die_names():
    assert Die.parse("d60") == Die("d60", 60, 0)
    assert Die.parse("1d6") == Die("1d6", 6, 1)
    assert Die.parse("x") is None


def test_roll_rejects_unknown_die_with_hint(tables):
    with pytest.raises(NestsError, match="'d7' is not a die of the game; allowed: d4, d6, d8, d10, d12, d20, d40"):
        tables.die("d7")
    assert tables.die("1d20").face_range() == range(1, 21)
