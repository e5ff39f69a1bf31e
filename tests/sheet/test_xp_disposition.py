"""XP and Disposition in a character's state (issue 31 point 3): kept in the state file,
printed on the sheet, read back by `nests character read`, bad values refused in one line.

The rulebook, Character chapter, "Character Sheet": an XP tickbox stands before each
Attribute, Combat Condition (Wounds among them) and Common Ability, ticked (✓) when the
Feature has a chance to improve ("XP Tickboxes", Figure 3); the Disposition Track has five
circles, Retreating to Charging, the one marked being the character's Disposition
("Disposition Track", Figure 6), set at the start of a Combat ("Starting Disposition")."""

import pytest
import yaml

from nests.cli import main
from nests.content.sheets import NESTS, definition
from nests.generators.sheet import Look, character_documents, new_character, read_character

CLASSES = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp"]
LOOKS = [Look(94), Look(48), Look(94, ascii=True), Look(40, ascii=True), Look(119)]
DISPOSITIONS = ["Retreating", "Recoiling", "Holding", "Advancing", "Charging"]


def printed(content, state, look):
    [doc] = character_documents(content, state, "x", look=look)
    return "".join(p.text for p in doc.pages)


def xp_keys(content):
    return [f.key for f in definition(content, NESTS).xp_fields("xp")]


def test_the_sheet_has_an_xp_tickbox_where_the_rulebook_puts_one(content):
    sheet = definition(content, NESTS)
    by_key = {f.key: f for f in sheet.fields}
    assert [by_key[k].label for k in xp_keys(content)] == [
        "Speed", "Skill", "Strength", "Stamina", "Smarts", "Charms", "Ken", "Passions",
        "Initiative", "Threat Rate", "Survival Rate", "Wounds/Max",
        "Construction", "Eusociology", "Exploration", "Foraging", "Healing", "Hunting", "Leadership", "Perception",
        "Signalling", "Sneaking"]
    assert [f.label for f in sheet.fields if f.key == "disposition"] == DISPOSITIONS


def test_a_new_character_has_no_xp_and_no_disposition(content):
    state = new_character(content, "wasp", "Vesper")
    assert state["xp"] == [] and "disposition" not in state
    text = printed(content, state, Look())
    assert "✓" not in text.split("[Effects]")[0]          # above the Effects (whose circles an Effect ticks)


@pytest.mark.parametrize("class_id", CLASSES)
def test_xp_and_disposition_go_round_the_sheet_unchanged(content, class_id):
    keys = xp_keys(content)
    for n, disposition in enumerate(DISPOSITIONS + [None]):
        state = new_character(content, class_id, "Vesper")
        state["xp"] = keys[n::3]                   # a different third of the tickboxes each time
        if disposition:
            state["disposition"] = disposition
        for look in LOOKS:
            text = printed(content, state, look)
            assert read_character(content, text, "x.txt", state) == state, (disposition, look)
    state["xp"] = keys                            # every tickbox ticked
    assert read_character(content, printed(content, state, Look(48)), "x.txt", state)["xp"] == keys


def test_each_ticked_feature_shows_its_tick_and_the_disposition_its_circle(content):
    state = new_character(content, "spider", "Vesper")
    state["xp"], state["disposition"] = ["attributes.ken", "wounds", "common_abilities.healing"], "Holding"
    text = printed(content, state, Look())
    assert "✓ Ken" in text and "✓ Wounds/Max" in text and "✓ Healing" in text
    assert "□ Speed" in text and "□ Initiative" in text and "□ Hunting" in text
    [track] = [line for line in text.split("\n") if "Retreating" in line]
    assert "○ Retreating" in track and "✓ Holding" in track and track.count("✓") == 1
    ascii_text = printed(content, state, Look(94, ascii=True))
    assert "v Ken" in ascii_text and "o Speed" in ascii_text and "v Holding" in ascii_text


@pytest.fixture
def state_file(runner, tmp_path):
    path = tmp_path / "vesper.yaml"
    assert runner.invoke(main, ["character", "new", "wasp", "--name", "Vesper", "-o", str(path)]).exit_code == 0
    return path


def test_a_state_file_with_xp_and_a_disposition_reads_back_the_same(runner, state_file, tmp_path):
    data = yaml.safe_load(state_file.read_text(encoding="utf-8"))
    data["xp"] = ["attributes.speed", "conditions.threat_rate", "common_abilities.foraging"]
    data["disposition"] = "Charging"
    state_file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert runner.invoke(main, ["sheet", "--character", str(state_file), "-o", str(tmp_path)]).exit_code == 0
    back = tmp_path / "back.yaml"
    result = runner.invoke(main, ["character", "read", str(tmp_path / "vesper.txt"), "-o", str(back)])
    assert result.exit_code == 0, result.output
    assert yaml.safe_load(back.read_text(encoding="utf-8")) == data


@pytest.mark.parametrize("key, value, message", [
    ("xp", "[speed]", "xp: 'speed' has no tickbox of this list; allowed: attributes.speed, attributes.skill,"),
    ("xp", "attributes.speed", "xp: 'attributes.speed' is not a list of the Features whose tickbox is ticked;"),
    ("xp", "[hunger]", "xp: 'hunger' has no tickbox of this list;"),
    ("xp", "[wounds, wounds]", "xp: names a Feature twice; each tickbox is ticked once"),
    ("disposition", "Fleeing", "disposition: 'Fleeing' is not one of: Retreating, Recoiling, Holding, Advancing, "
                               "Charging (or nothing: none marked)"),
    ("disposition", "2", "disposition: 2 is not one of: Retreating,"),
])
def test_a_bad_xp_or_disposition_is_one_line_naming_file_line_and_key(runner, state_file, tmp_path, key, value,
                                                                      message):
    lines = [line for line in state_file.read_text(encoding="utf-8").splitlines() if not line.startswith(f"{key}:")]
    lines.append(f"{key}: {value}")
    state_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["sheet", "--character", str(state_file), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert result.output.startswith(f"error: {state_file}:{len(lines)}: {message}"), result.output
    assert not (tmp_path / "out").exists()


def test_a_disposition_of_null_is_none_marked(content, runner, state_file, tmp_path):
    from nests.content.sheets.state import load_state

    state_file.write_text(state_file.read_text(encoding="utf-8") + "disposition: null\n", encoding="utf-8")
    state = load_state(str(state_file), definition(content, NESTS), content.class_ids())
    assert "disposition" not in state
    assert read_character(content, printed(content, state, Look()), "x.txt", state) == state


def test_two_dispositions_marked_on_a_sheet_is_one_line(runner, state_file, tmp_path):
    data = yaml.safe_load(state_file.read_text(encoding="utf-8"))
    data["disposition"] = "Holding"
    state_file.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert runner.invoke(main, ["sheet", "--character", str(state_file), "-o", str(tmp_path)]).exit_code == 0
    sheet = tmp_path / "vesper.txt"
    sheet.write_text(sheet.read_text(encoding="utf-8").replace("○ Charging", "✓ Charging"), encoding="utf-8")
    before = state_file.read_text(encoding="utf-8")
    result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state_file)])
    assert result.exit_code == 2 and len(result.output.splitlines()) == 1, result.output
    assert "Charging and Holding are both marked" in result.output
    assert state_file.read_text(encoding="utf-8") == before


def test_reading_a_sheet_with_xp_ticked_and_a_disposition_marked_prints_each_change(runner, state_file, tmp_path):
    assert runner.invoke(main, ["sheet", "--character", str(state_file), "-o", str(tmp_path)]).exit_code == 0
    sheet = tmp_path / "vesper.txt"
    text = sheet.read_text(encoding="utf-8")
    for blank, ticked in (("□ Speed", "✓ Speed"), ("□ Wounds", "✓ Wounds"), ("○ Holding", "✓ Holding")):
        assert text.count(blank) == 1
        text = text.replace(blank, ticked)
    sheet.write_text(text, encoding="utf-8")
    result = runner.invoke(main, ["character", "read", str(sheet), "-o", str(state_file)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[:2] == ["XP (none) → Speed; Wounds", "Disposition (none) → Holding"]
    state = yaml.safe_load(state_file.read_text(encoding="utf-8"))
    assert state["xp"] == ["attributes.speed", "wounds"] and state["disposition"] == "Holding"
