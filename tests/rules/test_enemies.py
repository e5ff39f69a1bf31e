from pathlib import Path

import pytest

from nests.errors import NestsError
from nests.generators.enemy import enemy, enemy_ids, enemy_text
from nests.text.measure import width

GOLDEN = Path(__file__).parent / "golden"
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
