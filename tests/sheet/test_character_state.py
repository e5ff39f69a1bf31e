"""A character's state (issue #14): new, printed, read back from an edited plaintext sheet."""

import re

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
    "other-class": (lambda t: t.replace(" WASP: Vesper ", " ANTS: Vesper "), 2, "the heading names the class Ants"),
    "truncated": (lambda t: "\n".join(t.split("\n")[:30]), 30, "truncated"),
    "no-such-area": (lambda t: t.replace("[Inventory]", "[Backpack]─"), 2, "no 'Inventory' area"),
    "rating--5": (lambda t: t.replace("Skill.....:[__45%]", "Skill.....:[__-5%]"), 6, "'-5%' is not a rating"),
    "label-edited": (lambda t: t.replace("Speed.....:", "Sped......:"), 6, "Speed: a rating like [__60%] is not readable"),
    "line-deleted": (lambda t: _lines(t, lambda ls: ls[:11] + ls[12:]), 49, "page 1 is a line short"),
    "line-repeated": (lambda t: _lines(t, lambda ls: ls[:12] + ls[11:]), 49, "page 1 is a line long"),
    "border-deleted": (lambda t: _lines(t, lambda ls: ls[:9] + ls[10:]), 10, "a box's side breaks off here"),
    "rows-swapped": (lambda t: _lines(t, lambda ls: ls[:3] + ls[8:29] + ls[3:8] + ls[29:]), 4,
                     "the section 'Combat Stats' stands where the sheet has the section 'Attributes'"),
    "right-side-lost": (lambda t: _lines(t, lambda ls: ls[:11] + [ls[11][:-2] + " ▓"] + ls[12:]), 12,
                        "lost the page's frame"),
    "tabs": (lambda t: t.replace(" " * 8, "\t"), 3, "this line holds a tab"),
    "notes-page-lost": (lambda t: _lines(t, lambda ls: ls[:50]), 50, "the sheet ends without its section 'Notes'"),
    "utf-16": (lambda t: t.encode("utf-16"), 1, "is UTF-16 text; a sheet is read as UTF-8"),
    "cut-inside-a-character": (lambda t: t.encode("utf-8")[:t.encode("utf-8").index("Abilities".encode()) - 2], 34,
                               "the sheet ends in the middle of this line: it is truncated"),
    "empty": (lambda t: "", 1, "the file is empty"),
}


def _lines(text, edit):
    return "\n".join(edit(text.split("\n")[:-1])) + "\n"


@pytest.mark.parametrize("case", DAMAGE)
def test_a_damaged_sheet_is_one_line_and_the_state_file_is_left_alone(runner, files, case):
    state, sheet = files
    damage, line, message = DAMAGE[case]
    damaged = damage(sheet.read_text(encoding="utf-8"))
    sheet.write_bytes(damaged if isinstance(damaged, bytes) else damaged.encode("utf-8"))
    before = state.read_bytes()
    result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state)])
    assert result.exit_code == 2
    [error] = result.output.splitlines()
    assert error.startswith(f"error: {sheet}:{line}: ") and message in error, error
    assert state.read_bytes() == before
    assert sorted(p.name for p in state.parent.iterdir()) == ["vesper.txt", "vesper.yaml"]


@pytest.mark.parametrize("look, rating_line", [(["--width", "48", "--ascii"], 7), (["--width", "119"], 6)])
def test_a_narrow_or_wide_sheet_damaged_is_one_line_too(runner, files, look, rating_line):
    state, sheet = files
    assert runner.invoke(main, ["sheet", "--character", str(state), "-o", str(sheet.parent)] + look).exit_code == 0
    text = sheet.read_text(encoding="utf-8")
    before = state.read_bytes()
    for damaged, line, message in [(_lines(text, lambda ls: ls[:rating_line - 1] + ls[rating_line:]), 49, "a line short"),
                                   (re.sub(r"Speed(\.+):\[__60%\]", r"Speed\1:[_140%]", text), rating_line,
                                    "140 is not a rating")]:
        sheet.write_text(damaged, encoding="utf-8")
        result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state)])
        assert result.exit_code == 2 and result.output.startswith(f"error: {sheet}:{line}: ") and message in result.output
        assert len(result.output.splitlines()) == 1 and state.read_bytes() == before


def test_what_is_no_damage_reads_back_as_the_state(runner, files):
    # trailing blanks stripped, mixed line endings, a byte order mark; an --ascii sheet of a
    # state whose text is not ASCII keeps the state's own spelling
    state, sheet = files
    text = state.read_text(encoding="utf-8").replace("name: Vesper", "name: Vésper 蜂")
    state.write_text(text.replace("notes: ''", "notes: Owes the Ladybug a favour"), encoding="utf-8")
    before = state.read_bytes()
    for look in ([], ["--ascii", "--width", "57"]):
        assert runner.invoke(main, ["sheet", "--character", str(state), "-o", str(sheet.parent)] + look).exit_code == 0
        lines = sheet.read_text(encoding="utf-8").split("\n")
        edited = "\ufeff" + "".join(line.rstrip() + ("\r\n" if n % 3 else "\n") for n, line in enumerate(lines[:-1]))
        sheet.write_text(edited, encoding="utf-8")
        result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state)])
        assert result.exit_code == 0 and result.output == f"wrote {state}\n", result.output
        assert state.read_bytes() == before


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


def test_a_pool_below_zero_is_refused_where_it_is_written(runner, tmp_path):
    """Wounds -5 would print, but no sheet could be read back with it: refused on load, at its line."""
    state = tmp_path / "v.yaml"
    assert runner.invoke(main, ["character", "new", "wasp", "--name", "V", "-o", str(state)]).exit_code == 0
    lines = state.read_text(encoding="utf-8").splitlines()
    n = next(i for i, line in enumerate(lines, 1) if line.startswith("wounds:"))
    lines[n - 1] = "wounds: -5"
    state.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["sheet", "--character", str(state), "-o", str(tmp_path / "out")])
    assert (result.exit_code, result.output) == (2, f"error: {state}:{n}: wounds: -5 is below 0; a pool holds 0 or more\n")
    assert not (tmp_path / "out").exists()


def test_a_name_longer_than_the_heading_holds_is_refused(runner, tmp_path):
    result = runner.invoke(main, ["character", "new", "wasp", "--name", "V" * 25, "-o", str(tmp_path / "v.yaml")])
    assert result.exit_code == 2 and result.output == f"error: --name {'V' * 25!r} is 25 columns wide; the sheet's heading holds 24\n"
    assert not (tmp_path / "v.yaml").exists()
