"""Sheet definitions (content/sheets/): other games' sheets, formulas, broken and homebrew definitions."""

import re
from pathlib import Path

import pytest
from wcwidth import wcswidth

from nests.cli import main
from nests.content import load_content
from nests.errors import NestsError
from nests.generators.sheet import Look, render_sheet, sheet_pages, sheet_values
from tests.frames import PAGE_LINES, PAGE_WIDTH, check_boxes, check_width, words

RULEBOOKS = Path(__file__).resolve().parents[3] / "shared" / "rulebook"
GAMES = ["base-rules", "rules-and-procedures", "basic-rules", "malleus-deum"]

# What each rulebook says a character is made of (issue #13), as labels on the sheet.
ITEMS = {
    "base-rules": ["Entity Type", "Race/Template", "Size Category", "Movement Modalities", "Character Level", "Base",
                   "Str", "Dex", "Con", "Int", "Wis", "Cha", "Resource Pools", "HP", "SP Dice Pool", "MP Dice Pool",
                   "SP", "MP", "Nat", "Sup", "NAP", "SAP", "HiT", "Saving Throws", "Skills", "Proficiencies",
                   "Abilities"],
    "malleus-deum": ["Primary Attributes", "Strength", "Endurance", "Agility", "Speed", "Luck", "Willpower",
                     "Perception", "Secondary Attributes", "Armour Class", "Movement", "Initiative", "Experience",
                     "Stamina", "Health", "Dice Pools", "Magic", "Resolve", "Fate", "Archetype", "Level", "Aspects",
                     "Abilities", "Description", "Equipment", "Total Encumbrance"],
    "rules-and-procedures": ["Skills", "Bennies", "Hits", "Party Supply Die"],
    "basic-rules": ["Descriptors", "Conditions", "Mild", "Moderate", "Severe", "Taken Out"],
}


def labels(content, sheet_id) -> set[str]:
    d = content.sheets[sheet_id]
    out = {f.label.lower() for f in d.fields}
    for row in d.rows:
        out.add((row.section or "").lower())
        out |= {a.title.lower() for s in row.stacks for a in s.areas}
    return out


def check_sheet(pages: list[str], game: str) -> None:
    for text in pages:
        page = text.split("\n")[:-1]
        assert len(page) == PAGE_LINES
        for n, line in enumerate(page, 1):
            assert wcswidth(line) == PAGE_WIDTH, f"line {n} is {wcswidth(line)} columns: {line!r}"
        assert page[0].startswith(f"╔►{game}◄") and page[0].endswith("►Character Sheet◄╗ ")
        assert all(line[0] in "║╠" and line[-2:] in ("║▓", "╣▓") for line in page[1:-2])
        assert page[-2].startswith("╚") and page[-1] == " " + "▀" * 93
        check_boxes(page)


@pytest.mark.parametrize("sheet_id", GAMES)
def test_each_game_has_a_closed_gridded_sheet_naming_its_source(content, sheet_id):
    d = content.sheets[sheet_id]
    assert (RULEBOOKS / d.source["file"]).is_file() and d.source["section"]
    check_sheet(render_sheet(d, {}), d.game)


@pytest.mark.parametrize("sheet_id", GAMES)
def test_each_game_sheet_holds_every_item_its_rulebook_lists(content, sheet_id):
    assert {item.lower() for item in ITEMS[sheet_id]} <= labels(content, sheet_id)


def test_base_rules_has_six_saving_throws_each_good_or_bad(content):
    keys = content.sheets["base-rules"].keys()
    assert [k for k in keys if re.fullmatch(r"saving_throws\.\w{3}", k)] == [
        f"saving_throws.{s}" for s in ("str", "dex", "con", "int", "wis", "cha")]
    assert sum(k.endswith("_good") for k in keys) == 6


def test_every_skill_of_the_skill_descriptions_has_a_field_and_s_skills_a_speciality(content):
    source = (RULEBOOKS / "rules-and-procedures.tex").read_text(encoding="utf-8")
    skills = re.findall(r"\\subsubsection\*\{([^}]*)\}", source)
    assert len(skills) > 15
    have = labels(content, "rules-and-procedures")
    for skill in skills:
        if skill != "Other skills":
            assert skill.lower() in have, skill
    special = [s.removesuffix(" (S)") for s in skills if s.endswith("(S)")]
    keys = content.sheets["rules-and-procedures"].keys()
    assert special and all(f"specialities.{s.lower().replace('/', '_')}" in keys for s in special)


def test_a_blank_sheet_shows_formulas_and_a_filled_one_computes_them(content):
    # base-rules.md: Base = [LEVEL / 5] rounded up; max HP = [Con] + [Cha] + Level;
    # NAP = Base + Nat, Nat = SP dice / 6 rounded up.
    d = content.sheets["base-rules"]
    blank = "".join(render_sheet(d, {}))
    assert "Base...........:[__] (Level/5, up)" in blank
    values = sheet_values(d, {"character_level": 7, "stats.con": 14, "stats.cha": 12, "sp_dice_max": 13})
    assert values["base"] == 2 and values["modifiers.con"] == 2 and values["modifiers.cha"] == 1
    assert values["hp_max"] == 2 + 1 + 7 and values["nat"] == 3 and values["nap"] == 5
    filled = "".join(render_sheet(d, {"character_level": 7, "stats.con": 14, "stats.cha": 12}))
    assert "Base...........:[_2] (Level/5, up)" in filled
    assert "HP..........:[___/_10]" in filled


def test_a_formula_leaves_a_value_the_state_holds(content):
    d = content.sheets["base-rules"]
    assert sheet_values(d, {"character_level": 7, "base": 9})["base"] == 9


def test_sheet_pages_takes_class_ids_and_definition_ids(content):
    wasp = sheet_pages(content, "wasp")
    assert len(wasp) == 1 and " WASP " in wasp[0].text
    assert sheet_pages(content, "malleus-deum")[0].text.startswith("╔►Malleus Deum◄")
    with pytest.raises(NestsError, match="unknown sheet 'hornet'"):
        sheet_pages(content, "hornet")


def test_fillable_sheet_names_a_field_per_value(content):
    page, notes = sheet_pages(content, "wasp", fillable=True)      # a fillable sheet has the Notes too
    names = {f.name: f for f in page.fields}
    assert [f.name for f in notes.fields] == ["notes"] and "name" in names
    assert names["attributes.speed"].value == "60" and names["conditions.initiative"].value == "59"
    assert names["items.0.name"].value == "Nectar of Healing" and names["items.4.name"].value == ""
    assert {"wounds", "wounds_max", "hunger", "luck", "items.0.depleted"} <= set(names) and "class" not in names
    line = page.text.split("\n")[names["attributes.speed"].line]
    f = names["attributes.speed"]
    assert line[f.column:f.column + f.width] == "[__60%]"
    blank = {f.name: f.value for p in sheet_pages(content, "base-rules", fillable=True) for f in p.fields}
    assert blank["stats.str"] == "" and "saving_throws.cha_good" in blank and "skills.7.name" in blank


# ── definitions a user writes ──────────────────────────────────────────────

GOOD = """\
game: Hive Wars
title: Character Sheet
source: {file: hive-wars.md, section: Characters}
heading: {key: name, label: Name}
areas:
  - section: Stats
    title: Stats
    width: 45
    fields:
      - {key: might, label: Might, kind: number, width: 41}
      - {key: wits, label: Wits, kind: number, width: 41}
  - title: Derived
    beside: true
    fields:
      - {key: grit, label: Grit, kind: number, width: 41, formula: "might + wits", reminder: "Might + Wits"}
"""

BROKEN = {
    "unknown-kind": (GOOD.replace("kind: number, width: 41}\n      - {key: wits", "kind: gauge, width: 41}\n      - {key: wits"),
                     r":10: areas\.0\.fields\.0\.kind: 'gauge' is not a kind of field; allowed: rating, "),
    "missing-field": (GOOD.replace('"might + wits"', '"might + wisdom"'),
                      r":15: areas\.1\.fields\.0\.formula: 'might \+ wisdom' names 'wisdom', which is no field"),
    "field-too-wide": (GOOD.replace("{key: wits, label: Wits, kind: number, width: 41}",
                                    "{key: wits, label: Wits, kind: number, width: 60}"),
                       r":11: areas\.0\.fields\.1\.width: 60 columns is wider than its area, which holds 42"),
    "area-too-wide": (GOOD.replace("    width: 45\n", "    width: 95\n"),
                      r":8: areas\.0\.width: the areas of this row need at least 99 columns; the page holds 91"),
    "circular": (GOOD.replace("{key: wits, label: Wits, kind: number, width: 41}",
                              '{key: wits, label: Wits, kind: number, width: 41, formula: "grit - might"}'),
                 r":11: areas\.0\.fields\.1\.formula: the formula is circular: wits → grit → wits"),
    "empty": ("", r":1: game: the file is empty; a sheet definition starts with game, title, source and areas"),
    "yaml-key-twice": (GOOD.replace("kind: number, width: 41}\n  - title", "kind: number, width: 41, width: 30}\n  - title"),
                       r":11: areas\.0\.fields\.1\.width: duplicate key"),
    "field-key-twice": (GOOD.replace("  - title: Derived", "      - {key: might, label: Brawn, kind: number, width: 41}\n"
                                                           "  - title: Derived"),
                        r":12: areas\.0\.fields\.2\.key: 'might' is already the key of areas\.0\.fields\.0"),
    "empty-label": (GOOD.replace("label: Wits", 'label: ""'), r":11: areas\.0\.fields\.1\.label: is empty"),
    "joined-first": (GOOD.replace("  - section: Stats\n", "  - section: Stats\n    joined: true\n"),
                     r":7: areas\.0\.joined: the first area has no area before it"),
    "title-too-wide-for-a-narrow-page": (GOOD.replace("title: Derived", "title: " + "Derived " * 5),
                                         r":12: areas\.1\.title: 'Derived .*' is 39 columns; a box's top border "
                                         r"holds 33 on the narrowest page \(--width 40\)"),
    "unparsable": ("game: [Hive Wars\ntitle: x\n", r":1: game: not valid YAML: "),
}


def write_definition(tmp_path, text):
    (tmp_path / "mine" / "sheets").mkdir(parents=True)
    (tmp_path / "mine" / "sheets" / "hive-wars.yaml").write_text(text, encoding="utf-8")
    return str(tmp_path / "mine")


def test_a_homebrew_definition_works_without_code(runner, tmp_path):
    mine = write_definition(tmp_path, GOOD)
    listed = runner.invoke(main, ["sheets", "--content", mine])
    assert "hive-wars              Hive Wars (hive-wars.md, Characters)" in listed.output
    result = runner.invoke(main, ["sheet", "--system", "hive-wars", "--content", mine, "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "out" / "hive-wars.txt").read_text(encoding="utf-8")
    check_sheet([text], "Hive Wars")
    assert "│ Grit.:[___] (Might + Wits)" in text


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_definition_is_one_line_with_file_line_and_key(runner, tmp_path, case):
    text, expected = BROKEN[case]
    mine = write_definition(tmp_path, text)
    out = tmp_path / "out"
    result = runner.invoke(main, ["sheet", "--system", "hive-wars", "--content", mine, "-o", str(out)])
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert len(lines) == 1, result.output
    assert re.match(r"error: " + re.escape(mine + "/sheets/hive-wars.yaml") + expected, lines[0]), lines[0]
    assert not out.exists()


def test_one_pdf_of_another_game(runner, tmp_path):
    result = runner.invoke(main, ["sheet", "--system", "basic-rules", "--format", "pdf", "--format", "txt",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "basic-rules.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "basic-rules.txt").read_text(encoding="utf-8").startswith("╔►Basic Rules◄")


def test_the_sheet_definition_is_the_one_copy_of_what_the_sheet_prints(runner, tmp_path):
    # The Disposition Track's notes (and the rules reminders, the Luck track) are held once,
    # in the sheet definition: the enemies' stat blocks print the same notes from it.
    built_in = (Path(__file__).parents[2] / "content" / "sheets" / "nests-and-insects.yaml").read_text(encoding="utf-8")
    assert built_in.count("Cant Attack") == 1
    (tmp_path / "mine" / "sheets").mkdir(parents=True)
    (tmp_path / "mine" / "sheets" / "nests-and-insects.yaml").write_text(
        built_in.replace("Cant Attack", "Flees Only"), encoding="utf-8")
    mine = str(tmp_path / "mine")
    for args in (["enemy", "centipede"], ["sheet", "wasp"]):
        result = runner.invoke(main, args + ["--content", mine, "-o", "-"])
        assert result.exit_code == 0, result.output
        assert "<^Flees Only>" in result.output and "Cant Attack" not in result.output


# ── an invented game with every kind of field (tests/sheet/invented/sheets/lantern-moths.yaml) ──

INVENTED = str(Path(__file__).parent / "invented")
MOTH = {"name": "Ösé 蜂", "gifts.glow": 55, "gifts.dust": 40, "wick": "d12", "moods.dreamy": True, "stance": "Diving",
        "stall.name": "The Lamp of 蜂 Street", "dawn": 5, "heat": 25,
        "satchel": [{"name": "Spare wick of the finest spider silk", "number": 3, "spent": True}],
        "favours": "A favour owed to the glowworm for a borrowed wick, Extraordinarilylongwordhere and more",
        "tale": "Came to the market the night the lanterns went out."}


def test_an_invented_game_prints_at_any_width_blank_and_filled(runner, tmp_path):
    d = load_content([INVENTED]).sheets["lantern-moths"]
    assert {f.kind for f in d.fields} == {"rating", "number", "die", "pool", "checkbox", "choice", "text",
                                             "lines", "list", "track"}
    filled = "".join(render_sheet(d, MOTH))
    assert "Oil......:[__/_5] ((Glow+Dust)/20)" in filled and "Flame....:[_3]" in filled     # formulas computed
    for values in ({}, MOTH):
        wide = "".join(render_sheet(d, values))
        for width in (41, 53, 79, 119):
            narrow = "".join(render_sheet(d, values, look=Look(width)))
            check_width(narrow, width)
            assert words(wide) - {"Extraordinarilylongwordhere"} <= words(narrow), width
    result = runner.invoke(main, ["sheet", "--system", "lantern-moths", "--content", INVENTED, "--width", "47",
                                  "--ascii", "--fillable", "--format", "txt", "--format", "md", "--format", "pdf",
                                  "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    check_width((tmp_path / "lantern-moths.txt").read_text(encoding="utf-8"), 47)
    assert "| Oil |  /  | (Glow+Dust)/20 |\n" in (tmp_path / "lantern-moths.md").read_text(encoding="utf-8")
    from pypdf import PdfReader

    fields = PdfReader(tmp_path / "lantern-moths.pdf").get_fields()
    assert {"oil", "oil_max", "wick", "satchel.5.spent", "heat", "dawn", "tale"} <= set(fields)
