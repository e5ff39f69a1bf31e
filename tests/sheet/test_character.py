"""Derived figures against the figures the rulebook and the class data quote."""

import pytest

from nests.generators.sheet import character


def rating(features, feature_id):
    return next(f.rating for f in features if f.id == feature_id)


@pytest.mark.parametrize("class_id, ability, expected", [
    ("wasp", "signalling", 68),        # quoted by the rulebook
])
def test_common_abilities(content, class_id, ability, expected):
    assert rating(character(content, class_id).common_abilities, ability) == expected


@pytest.mark.parametrize("class_id, ability, expected", [
    ("wasp", "venomous", 80), ("wasp", "swarming", 25), ("spider", "web_weaving", 90), ("ants", "swarming", 90),
])
def test_specific_abilities(content, class_id, ability, expected):
    assert rating(character(content, class_id).specific_abilities, ability) == expected


@pytest.mark.parametrize("class_id, condition, expected", [
    ("spider", "initiative", 60), ("wasp", "threat_rate", 57),   # the class data's own checks
])
def test_combat_conditions(content, class_id, condition, expected):
    assert rating(character(content, class_id).combat_conditions, condition) == expected


def test_bonus_is_applied_before_deriving(content):
    wasp = character(content, "wasp")
    assert rating(wasp.attributes, "passions") == 45


@pytest.mark.parametrize("class_id, wounds", [("ants", 10), ("beetle", 5), ("ladybug", 3),
                                              ("scorpion", 4), ("spider", 3), ("wasp", 4), ("template", 3)])
def test_wounds_max(content, class_id, wounds):
    assert character(content, class_id).wounds_max == wounds


def test_ants_start_blind_and_only_ants(content):
    for class_id in ("ants", "beetle", "ladybug", "scorpion", "spider", "wasp"):
        applying = [e.name for e in character(content, class_id).effects if e.applies]
        assert applying == (["Blind"] if class_id == "ants" else [])


def test_beetle_has_no_hunger_and_everyone_else_starts_at_zero(content):
    assert character(content, "beetle").hunger is None
    assert character(content, "wasp").hunger == 0


def test_starting_item_is_held_not_depleted(content):
    item = character(content, "spider").inventory[0]
    assert (item.name, item.types, item.rating, item.depleted) == ("Firefly", ("F", "L"), 45, False)


def test_template_is_all_zero(content):
    blank = character(content, "template")
    features = blank.attributes + blank.combat_conditions + blank.specific_abilities + blank.common_abilities
    assert {f.rating for f in features} == {0}
    assert blank.inventory == (None,) * 5
