"""A character's state (issue #14): new, printed, read back from an edited plaintext sheet."""


import pytest

from nests.cli import main
from nests.generators.sheet import Look, character_documents, new_character, read_character

CLASSES = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp"]
LOOKS = [Look(94), Look(48), Look(94, ascii=True), Look(40, ascii=True)]


def printed(content, state, look):
    [doc] = character_documents(content, state, "x", look=look)
    return "".join(p.text for p in doc.pages)


@pytest.mark.parametrize("class_id", CLASSES)
def test_state_to_sheet_to_state_is_the_identity(content, class_id):
    state = new_character(content, class_id, "Vesperina Quillfeather L")       # the most the heading holds
    state["notes"] = ("Owes the Ladybug a favour; found a map of the lower galleries. " * 4).strip()
    state["wounds"] = 2
    state["luck"] = 44
    state["pronouns"] = "she/her/hers and they/them/theirs"      # the most its line holds: wrapped when narrow
    state["items"][1] = {"name": "Royal Jelly", "types": ["F", "L"], "rating": 60, "depleted": True, "known": False}
    assert len(state["notes"]) >= 200
    for look in LOOKS:
        assert read_character(content, printed(content, state, look), "x.txt", state) == state, look


def test_a_new_characters_figures_are_its_class_starting_figures(content):
    state = new_character(content, "wasp", "Vesper")
    assert state["class"] == "wasp" and state["name"] == "Vesper"
    assert state["attributes.passions"] == 45 and state["conditions.initiative"] == 59
    assert state["wounds"] == 0 and state["wounds_max"] == 4 and state["luck"] == 11
    empty = {"name": "", "types": [], "rating": None, "depleted": False, "known": True}
    assert state["items"] == [{"name": "Nectar of Healing", "types": ["F"], "rating": 45, "depleted": False,
                               "known": True}] + [empty] * 4          # every Inventory slot, the unused ones empty
    assert new_character(content, "beetle", "B")["hunger"] is None


def test_printing_takes_figures_as_written(content):
    state = new_character(content, "wasp", "Vesper")
    state["attributes.speed"] = 99          # nothing is recomputed from it
    text = printed(content, state, Look())
    assert "□ Speed.....:[__99%]" in text and "□ Initiative...:[__59%]" in text
    assert "║....................................... WASP: Vesper ......................................║▓" in text


@pytest.fixture
def files(runner, tmp_path):
    state = tmp_path / "vesper.yaml"
    assert runner.invoke(main, ["character", "new", "wasp", "--name", "Vesper", "-o", str(state)]).exit_code == 0
    assert runner.invoke(main, ["sheet", "--character", str(state), "-o", str(tmp_path)]).exit_code == 0
    return state, tmp_path / "vesper.txt"


def test_reading_an_edited_sheet_prints_each_change(runner, files):
    state, sheet = files
    text = sheet.read_text(encoding="utf-8").replace("[_0/_4]", "[_3/_4]")
    sheet.write_text(text.replace("\n", "\r\n"), encoding="utf-8")            # Windows line endings are fine
    result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "Wounds 0 → 3"
    assert "wounds: 3\n" in state.read_text(encoding="utf-8")


DAMAGE = {
    "word-for-rating": (lambda t: t.replace("Speed.....:[__60%]", "Speed.....:[_fast]"), 6,
                        "Speed: 'fast' is not a rating"),
    "lost-frame": (lambda t: t.replace("║│ □ Smarts", " │ □ Smarts"), 7, "this line has lost the page's frame"),
    "rating-140": (lambda t: t.replace("Skill.....:[__45%]", "Skill.....:[_140%]"), 6,
                   "Skill: 140 is not a rating 0–100"),
    "other-class": (lambda t: t.replace(" WASP: Vesper ", " ANTS: Vesper "), 2, "this is a Ants's sheet"),
    "truncated": (lambda t: "\n".join(t.split("\n")[:30]), 30, "truncated"),
    "no-such-area": (lambda t: t.replace("[Inventory]", "[Backpack]─"), 2, "no 'Inventory' area"),
}


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_sheet_is_one_line_and_the_state_file_is_left_alone(runner, files, case):
    state, sheet = files
    damage, line, message = DAMAGE[case]
    sheet.write_text(damage(sheet.read_text(encoding="utf-8")), encoding="utf-8")
    before = state.read_bytes()
    result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state)])
    assert result.exit_code == 2
    [error] = result.output.splitlines()
    assert error.startswith(f"error: {sheet}:{line}: ") and message in error, error
    assert state.read_bytes() == before
    assert sorted(p.name for p in state.parent.iterdir()) == ["vesper.txt", "vesper.yaml"]


def test_a_binary_file_is_not_a_sheet(runner, files):
    state, sheet = files
    sheet.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state)])
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1 and ":1: " in result.output


def test_a_bad_state_file_is_a_content_error(runner, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("class: wasp\nname: V\nattributes:\n  speed: 160\n", encoding="utf-8")
    result = runner.invoke(main, ["sheet", "--character", str(bad), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert result.output == f"error: {bad}:4: attributes.speed: 160 is not a rating 0–100 (or null: does not apply)\n"
    assert not (tmp_path / "out").exists()


def test_a_name_longer_than_the_heading_holds_is_refused(runner, tmp_path):
    result = runner.invoke(main, ["character", "new", "wasp", "--name", "V" * 25, "-o", str(tmp_path / "v.yaml")])
    assert result.exit_code == 2 and result.output == f"error: --name {'V' * 25!r} is 25 columns wide; the sheet's heading holds 24\n"
    assert not (tmp_path / "v.yaml").exists()
