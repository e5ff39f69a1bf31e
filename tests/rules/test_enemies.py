import random
from pathlib import Path

import pytest

from nests.content import load_content
from nests.errors import NestsError
from nests.generators.enemy import enemy, enemy_ids, enemy_text
from nests.model import Enemy, EnemyFeature
from nests.rules.encounter import group
from nests.text.measure import width

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).parents[2]
CASTES = ["worker-termite", "minor-termite-soldier", "major-termite-soldier", "nasute-soldier"]
PROVISIONAL = ["centipede", "moth", "king", "queen-tertiary", "queen-secondary", "queen-primary"]


def test_every_enemy_has_a_stat_block(content):
    assert sorted(enemy_ids(content)) == sorted(CASTES + PROVISIONAL)


@pytest.mark.parametrize("eid", CASTES + PROVISIONAL)
def test_golden(content, eid):
    """Regenerate with `python -m tests.rules.golden` after a deliberate change."""
    assert enemy_text(content, eid) == (GOLDEN / f"{eid}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("eid", CASTES + PROVISIONAL)
def test_page_shape(content, eid):
    lines = enemy_text(content, eid).rstrip("\n").split("\n")
    assert len(lines) == 50
    assert {width(line) for line in lines} == {94}


def test_provisional_marking(content):
    for eid in PROVISIONAL:
        assert enemy(content, eid).provisional and "PROVISIONAL" in enemy_text(content, eid)
    for eid in CASTES:
        assert not enemy(content, eid).provisional and "PROVISIONAL" not in enemy_text(content, eid)


def test_caste_figures_match_the_rulebook(content):
    minor = enemy(content, "minor-termite-soldier")
    assert [(f.label, f.value) for f in minor.features][:4] == [
        ("Initiative", 50), ("Threat Rate", 45), ("Survival Rate", 50), ("Wounds Max", "10")]
    assert [d.name for d in minor.disposition] == ["Recoiling", "Recoiling", "Holding", "Advancing", "Advancing"]
    nasute = enemy(content, "nasute-soldier")
    assert nasute.special_attack.damage == "2 Wounds"
    assert [(m.qualifier, m.text) for m in nasute.base_attack.miss] == [("", "Target Immobilised d40"), ("Add", "Attacker Recoils twice")]


def test_unknown_enemy(content):
    with pytest.raises(NestsError, match="unknown enemy 'wasp'; known enemies: centipede"):
        enemy(content, "wasp")


def test_enemies_are_typed_and_built_once(content):
    """Consumers read one typed stat block per enemy, built once from its file."""
    minor = content.tables.enemies["minor-termite-soldier"]
    assert isinstance(minor, Enemy) and content.tables.enemies["minor-termite-soldier"] is minor
    assert minor.feature("Wounds Max") == EnemyFeature(("Wounds Max",), number=10)
    assert minor.feature("Ken") == EnemyFeature(("Smarts", "Charms", "Ken", "Passions"), rating=20)
    assert minor.feature("Carapace").note == "Armoured Head" and minor.feature("Flying") is None
    assert (minor.base_attack.name, minor.count, minor.provisional) == ("Mandible Attack", None, False)
    assert minor.disposition == ("Recoiling", "Recoiling", "Holding", "Advancing", "Advancing")


def _overlay(tmp_path, eid, old, new):
    """The built-in content with enemy ``eid``'s file edited; the content and the edited file's text."""
    text = (ROOT / "content" / "enemies" / f"{eid}.yaml").read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    (tmp_path / "enemies").mkdir()
    (tmp_path / "enemies" / f"{eid}.yaml").write_text(text, encoding="utf-8")
    return load_content([str(tmp_path)]), text


def _line(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_stat_block_without_wounds_max_is_named_at_its_features(tmp_path):
    content, text = _overlay(tmp_path, "moth", "names: [Wounds Max]", "names: [Wounds]")
    with pytest.raises(NestsError) as err:
        group(random.Random(0), content.tables, "moth")
    assert str(err.value) == (f"{tmp_path}/enemies/moth.yaml:{_line(text, 'features:')}: features: "
                              "no Wounds Max feature; every enemy needs one")


def test_a_disposition_the_sheet_lacks_is_named_at_its_line(tmp_path):
    content, text = _overlay(tmp_path, "moth", "disposition: [Retreating,", "disposition: [Dancing,")
    with pytest.raises(NestsError) as err:
        enemy(content, "moth")
    assert str(err.value).startswith(f"{tmp_path}/enemies/moth.yaml:{_line(text, 'disposition:')}: disposition: "
                                     "'Dancing' is not a Disposition; allowed: Retreating, ")
