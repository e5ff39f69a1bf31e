"""Fillable sheets (issue #14 point 3): one form field per value of a character's state file
(except its class), named by the value's dotted key path with list positions from 0, lying
over the place the sheet prints that value; no PDF is made here (tests/publish/test_pdf.py does that)."""

import pytest
import yaml

from nests.content.sheets import NESTS, definition
from nests.content.sheets.state import state_yaml
from nests.content.yamlfile import read_yaml
from nests.generators.sheet import Look, character_documents, new_character, sheet_pages
from nests.paths import CONTENT
from nests.text.transliterate import transliterate

CLASSES = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp"]
GAMES = ["base-rules", "rules-and-procedures", "basic-rules", "malleus-deum"]
LOOKS = [Look(94), Look(48), Look(40, ascii=True)]
TICKS = set("□○✓✗ovx")


def leaves(node, path=()):
    """The dotted key path of every value of a state file as YAML reads it: mappings and
    lists of mappings are walked into (list positions from 0); anything else is one value
    (an item's types, [F, L], is one write-in place on the sheet)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, path + (str(key),))
    elif isinstance(node, list) and node and all(isinstance(v, dict) for v in node):
        for i, value in enumerate(node):
            yield from leaves(value, path + (str(i),))
    else:
        yield ".".join(path), node


def shown(value) -> str:
    """What a form field holds for a value: text; a tick is "true" or empty; types joined."""
    if isinstance(value, bool):
        return "true" if value else ""
    if isinstance(value, list):
        return ",".join(value)
    return "" if value is None else str(value)


def fields(pages):
    out = [(page, f) for page in pages for f in page.fields]
    names = [f.name for _, f in out]
    assert len(names) == len(set(names)), "a field name twice"
    return out


def form_values(content, state) -> dict:
    """What the form of a character's sheet holds: each value of its state file (its leaves,
    but its class), where the XP tickboxes (the list ``xp``) are a checkbox for each Feature
    that has one, ``xp.<its key>``, and the Disposition Track a checkbox on each circle,
    ``disposition.<its label>``, ticked for the one the state names."""
    sheet = definition(content, NESTS)
    out = {k: v for k, v in leaves(yaml.safe_load(state_yaml(state))) if k not in ("class", "xp", "disposition")}
    out.update({f"xp.{f.key}": f.key in state.get("xp", []) for f in sheet.xp_fields("xp")})
    out.update({f"disposition.{f.label}": f.label == state.get("disposition")
                for f in sheet.fields if f.key == "disposition"})
    return out


@pytest.fixture(scope="module")
def states(content):
    out = {}
    for class_id in CLASSES:
        state = new_character(content, class_id, "Vesper")
        state["notes"] = "Owes the Ladybug a favour."
        state["wounds"] = 2
        state["xp"] = ["attributes.skill", "wounds", "common_abilities.sneaking"]
        state["disposition"] = "Recoiling"
        state["items"][1] = {"name": "Royal Jelly", "types": ["F", "L"], "rating": 60, "depleted": True,
                             "known": False}
        out[class_id] = state
    return out


@pytest.mark.parametrize("class_id", CLASSES)
def test_a_characters_fields_are_the_values_of_its_state_file(content, states, class_id):
    assert yaml.safe_load(state_yaml(states[class_id]))["class"] == class_id
    written = form_values(content, states[class_id])
    for look in LOOKS:
        [doc] = character_documents(content, states[class_id], "vesper", fillable=True, look=look)
        found = fields(doc.pages)
        assert {f.name for _, f in found} == set(written), look
        for page, f in found:
            expected = shown(written[f.name])
            assert f.value == (transliterate(expected) if look.ascii else expected), (f.name, look)
            lines = page.text.split("\n")
            under = lines[f.line][f.column:f.column + f.width]
            assert len(under) == f.width and f.line + f.height <= len(lines) - 2, (f.name, look)
            if f.name.endswith((".types", ".known")):
                continue          # printed after the name ("[F,L] (?)"), the end of whose place they take
            if f.kind == "checkbox":
                assert under in TICKS, (f.name, under, look)
                assert (under in "✓v") == (f.value == "true"), (f.name, under, look)
            elif f.value:         # the field lies over the printed value
                assert f.value.split()[0] in under, (f.name, under, look)


def test_the_blank_fillable_sheet_has_the_same_fields_empty(content, states):
    names = set(form_values(content, states["wasp"]))
    for look in LOOKS:
        pages = sheet_pages(content, "template", fillable=True, look=look)
        found = fields(pages)
        assert {f.name for _, f in found} == names and not [f.value for _, f in found if f.value], look
        text = "".join(p.text for p in pages)
        assert "NAME: ____" in text and "[Notes]" in text and "[___0%]" not in text      # written in by the player
        for page, f in found:
            if f.name != "luck" and not f.name.endswith((".types", ".known")):     # the track: its values
                check_write_in(page, f)
    [name] = [f for f in pages[0].fields if f.name == "name"]
    assert set(pages[0].text.split("\n")[1][name.column:name.column + name.width]) == {"_"}


def test_a_class_sheet_made_fillable_holds_the_class_figures(content):
    page = sheet_pages(content, "wasp", fillable=True)[0]
    by_name = {f.name: f for f in page.fields}
    assert by_name["attributes.speed"].value == "60" and by_name["items.0.name"].value == "Nectar of Healing"
    assert by_name["name"].value == "" and by_name["items.4.name"].value == ""


def expected_names(sheet_id: str) -> set[str]:
    """From the definition file itself: each field's key (and a pool's max_key), the
    heading's key; a list's rows by position, each with its name, its figure and its tick."""
    data = read_yaml(CONTENT / "sheets" / f"{sheet_id}.yaml", sheet_id).data
    names = {data["heading"]["key"]}
    for area in data["areas"]:
        for f in area["fields"]:
            if f["kind"] == "list":
                parts = ["name"] + ([f["value"]] if f.get("value", "none") != "none" else []) \
                    + ([f.get("tick_key", "ticked")] if f.get("tick") else [])
                names |= {f"{f['key']}.{row}.{part}" for row in range(f["rows"]) for part in parts}
            else:
                names |= {f["key"]} | ({f["max_key"]} if "max_key" in f else set())
    return names


@pytest.mark.parametrize("sheet_id", GAMES)
def test_other_games_have_a_field_per_key(content, sheet_id):
    for look in (Look(94), Look(48)):
        found = fields(sheet_pages(content, sheet_id, fillable=True, look=look))
        assert {f.name for _, f in found} == expected_names(sheet_id), look
        assert not [f.value for _, f in found if f.value]
        for page, f in found:
            check_write_in(page, f)


def check_write_in(page, f) -> None:
    """An empty field lies over its write-in place: a tick box, or blanks to write on."""
    under = page.text.split("\n")[f.line][f.column:f.column + f.width]
    if f.kind == "checkbox":
        assert under in TICKS, (f.name, under)
    else:
        assert under and set(under) <= set("_[]%/ "), (f.name, under)
