"""Content validation: one exact line per problem, exit status 2, nothing written."""

from pathlib import Path

import pytest

from nests.cli import main
from nests.content import load_content
from nests.errors import NestsError

BUILT_IN = Path(__file__).parents[2] / "content"


def homebrew(tmp_path, name, text):
    (tmp_path / "classes").mkdir(exist_ok=True)
    (tmp_path / "classes" / name).write_text(text, encoding="utf-8")
    return str(tmp_path)


def wasp_with(old, new):
    text = (BUILT_IN / "classes" / "wasp.yaml").read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def line_of(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def run(runner, args, tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(main, args + ["-o", str(out)])
    assert not out.exists() or not any(out.iterdir()), "nothing is written when the input is bad"
    return result


def test_bad_rating(runner, tmp_path):
    text = wasp_with("speed: 60", "speed: 160")
    d = homebrew(tmp_path, "wasp.yaml", text)
    result = run(runner, ["sheet", "wasp", "--content", d], tmp_path)
    assert result.exit_code == 2
    assert result.output == f"error: {d}/classes/wasp.yaml:{line_of(text, 'speed: 160')}: attributes.speed: 160 is not a rating 0–100\n"


@pytest.mark.parametrize("key, old, value, room", [
    ("pronouns", "me/ME/MINE!", "she/her/hers and they/them/theirs too", 34),   # Pronouns: width 44
    ("diet", "Vegetarian", "Nectar, pollen, aphid honeydew and fruit", 38),         # Diet: width 44
])
def test_text_too_long_for_its_line_on_the_sheet(runner, tmp_path, key, old, value, room):
    # The room is the sheet definition's: the field's width less its label and ": ".
    text = wasp_with(f"{key}: {old}", f"{key}: {value}")
    d = homebrew(tmp_path, "hornet.yaml", text)
    for args in (["sheet", "hornet"], ["sheet", "wasp", "--width", "40"], ["packet", "--party", "wasp"]):
        result = run(runner, args + ["--content", d], tmp_path)
        assert result.exit_code == 2
        assert result.output == (f"error: {d}/classes/hornet.yaml:{line_of(text, value)}: {key}: {value!r} is "
                                 f"{len(value)} columns wide; the sheet's {key.title()} line holds {room} "
                                 f"(content/sheets/nests-and-insects.yaml)\n")
    fits = homebrew(tmp_path, "hornet.yaml", wasp_with(f"{key}: {old}", f"{key}: {value[:room]}"))
    assert runner.invoke(main, ["sheet", "hornet", "--width", "40", "--content", fits, "-o", "-"]).exit_code == 0


def test_missing_key(runner, tmp_path):
    text = wasp_with("diet: Vegetarian\n", "")
    d = homebrew(tmp_path, "wasp.yaml", text)
    result = run(runner, ["sheet", "wasp", "--content", d], tmp_path)
    assert result.exit_code == 2
    assert result.output == f"error: {d}/classes/wasp.yaml:{line_of(text, 'name: Wasp')}: diet: missing; this key is required\n"


def test_broken_yaml(runner, tmp_path):
    d = homebrew(tmp_path, "wasp.yaml", "name: Wasp\nattributes: [speed: 60\n")
    result = run(runner, ["sheet", "wasp", "--content", d], tmp_path)
    assert result.exit_code == 2
    assert result.output == f"error: {d}/classes/wasp.yaml:2: attributes: not valid YAML: did not find expected ',' or ']'\n"


def test_every_problem_is_reported_one_per_line(runner, tmp_path):
    text = wasp_with("speed: 60", "speed: -5").replace("flying: 60", "flying: lots").replace("ken: 30", "kenn: 30")
    d = homebrew(tmp_path, "wasp.yaml", text)
    result = run(runner, ["sheet", "wasp", "--content", d], tmp_path)
    assert result.exit_code == 2
    f = f"{d}/classes/wasp.yaml"
    assert result.output.splitlines() == [
        f"error: {f}:{line_of(text, 'attributes:')}: attributes.ken: missing; this key is required",
        f"error: {f}:{line_of(text, 'speed: -5')}: attributes.speed: -5 is not a rating 0–100",
        f"error: {f}:{line_of(text, 'kenn: 30')}: attributes.kenn: unknown key; allowed: "
        "speed, skill, strength, stamina, smarts, charms, ken, passions",
        f"error: {f}:{line_of(text, 'flying: lots')}: specific_abilities.flying: 'lots' is not a rating 0–100",
    ]


def test_text_that_would_not_fit_its_field(runner, tmp_path):
    text = wasp_with("name: Nectar of Healing", "name: Nectar of Extraordinarily Long Healing")
    d = homebrew(tmp_path, "wasp.yaml", text)
    result = run(runner, ["sheet", "wasp", "--content", d], tmp_path)
    assert result.exit_code == 2
    assert result.output == (
        f"error: {d}/classes/wasp.yaml:{line_of(text, 'starting_item')}: starting_item: "
        "'Nectar of Extraordinarily Long Healing [F]' is 42 columns wide; at most 30 fit on an Inventory line\n")


def test_duplicate_key(runner, tmp_path):
    text = wasp_with("speed: 60", "speed: 60\n  speed: 61")
    d = homebrew(tmp_path, "wasp.yaml", text)
    result = run(runner, ["sheet", "wasp", "--content", d], tmp_path)
    assert result.output == f"error: {d}/classes/wasp.yaml:{line_of(text, 'speed: 61')}: attributes.speed: duplicate key\n"


def test_unknown_class_names_the_known_ones(runner, tmp_path):
    result = run(runner, ["sheet", "mantis"], tmp_path)
    assert result.exit_code == 2
    assert result.output == ("error: unknown class 'mantis'; known classes: "
                             "ants, beetle, ladybug, scorpion, spider, template, wasp\n")


def test_a_homebrew_class_is_one_yaml_file(runner, tmp_path):
    text = wasp_with("name: Wasp", "name: Hornet").replace("speed: 60", "speed: 70")
    d = homebrew(tmp_path, "hornet.yaml", text)
    listing = runner.invoke(main, ["classes", "--content", d])
    assert listing.output == ("ants       Ants\nbeetle     Beetle\nhornet     Hornet\nladybug    Ladybug\n"
                              "scorpion   Scorpion\nspider     Spider\nwasp       Wasp\n")
    sheet = runner.invoke(main, ["sheet", "hornet", "--content", d, "-o", "-"])
    assert sheet.exit_code == 0
    assert "HORNET" in sheet.output and "□ Speed.....:[__70%]" in sheet.output


def test_user_content_overrides_a_built_in_file(tmp_path):
    d = homebrew(tmp_path, "wasp.yaml", wasp_with("speed: 60", "speed: 65"))
    content = load_content([d])
    assert content.classes["wasp"].attributes["speed"] == 65
    assert set(content.class_ids()) == {"ants", "beetle", "ladybug", "scorpion", "spider", "wasp"}


def test_classes_are_typed_and_built_once(content):
    """Every consumer reads the one CharacterClass content built; a problem with a class still names its file's line."""
    from nests.generators.sheet import character
    from nests.model import CharacterClass

    wasp = content.classes["wasp"]
    assert isinstance(wasp, CharacterClass) and content.classes["wasp"] is wasp
    assert (wasp.name, wasp.playable) == ("Wasp", True) and not content.classes["template"].playable
    assert character(content, "wasp").character_class is wasp
    problem = content.class_problem("wasp", ("name",), "too wide")
    line = line_of((BUILT_IN / "classes" / "wasp.yaml").read_text(encoding="utf-8"), "name: Wasp")
    assert (problem.file, problem.line, problem.key, problem.message) == ("content/classes/wasp.yaml", line, "name", "too wide")


def test_missing_content_directory(runner, tmp_path):
    result = runner.invoke(main, ["classes", "--content", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert result.output == f"error: {tmp_path / 'nowhere'}: no such content directory\n"


def test_catalogue_derivations_name_real_attributes(tmp_path):
    text = (BUILT_IN / "catalogue.yaml").read_text(encoding="utf-8").replace("[charms, passions]", "[charm, passions]")
    (tmp_path / "catalogue.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(NestsError) as err:
        load_content([str(tmp_path)]).catalogue
    assert str(err.value) == (
        f"{tmp_path}/catalogue.yaml:{line_of(text, '[charm, passions]')}: common_abilities.8.mean_of.0: "
        "'charm' is not an attribute; allowed: speed, skill, strength, stamina, smarts, charms, ken, passions")
