import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nests.errors import NestsError
from nests.rules.resolution import boolean, contested, odds, qualify

SIX = ["Critical Failure", "Complete Failure", "Partial Failure", "Partial Success", "Complete Success", "Critical Success"]


def test_no_modifiers_hand_counted(tables):
    # E 50, R 30: 0–29 match E only (Partial Success), 30–49 both (Complete), 50–99 beat R only.
    assert odds(tables, 50, 30) == dict(zip(SIX, map(Fraction, [0, 0, "1/2", "3/10", "1/5", 0])))


def test_effort_below_resistance_hand_counted(tables):
    # E 30, R 60: 0–29 Partial Success, 30–59 Complete Failure, 60–99 Partial Failure.
    assert odds(tables, 30, 60) == dict(zip(SIX, map(Fraction, [0, "3/10", "2/5", "3/10", 0, 0])))


def test_static_modifiers_use_the_qualification_roll(tables):
    # E 50, R 30, static +20 -10. Faces 0–9: Partial Success +1 -1 → Partial Success;
    # 10–19: +1 → Complete Success; 20–29: Partial Success; 30–49: Complete Success;
    # 50–99: Partial Failure.
    got = odds(tables, 50, 30, static=(20, -10))
    assert got == dict(zip(SIX, map(Fraction, [0, 0, "1/2", "1/5", "3/10", 0])))


def test_dramatic_modifier_hand_counted(tables):
    # E 50, R 30, dramatic +10: 10% of each outcome moves up one step.
    got = odds(tables, 50, 30, dramatic=(10,))
    assert got["Critical Success"] == Fraction(1, 5) * Fraction(1, 10)
    assert got["Complete Success"] == Fraction(1, 5) * Fraction(9, 10) + Fraction(3, 10) * Fraction(1, 10)
    assert got["Partial Success"] == Fraction(3, 10) * Fraction(9, 10) + Fraction(1, 2) * Fraction(1, 10)
    assert got["Partial Failure"] == Fraction(1, 2) * Fraction(9, 10)


def test_two_dramatic_by_brute_force(tables):
    # Compare with a literal triple loop over all 100³ outcomes of a smaller case's logic.
    e, r, d1, d2 = 40, 60, 25, -35
    counts = dict.fromkeys(SIX, 0)
    init = {(True, True): 4, (True, False): 3, (False, True): 2, (False, False): 1}
    for q in range(100):
        base = init[(q < e, q >= r)]
        for a in range(100):
            for b in range(100):
                net = (1 if a < 25 else 0) - (1 if b < 35 else 0)
                counts[SIX[max(0, min(5, base + net))]] += 1
    assert odds(tables, e, r, dramatic=(d1, d2)) == {k: Fraction(v, 100 ** 3) for k, v in counts.items()}


def test_rule_of_two(tables):
    with pytest.raises(NestsError, match="Rule of Two"):
        odds(tables, 50, 50, dramatic=(10, 10, 10))


def test_bad_ratings(tables):
    with pytest.raises(NestsError, match="Effort 101 is not a rating 0–100"):
        odds(tables, 101, 50)


ratings = st.integers(0, 100)
mods = st.lists(st.integers(-100, 100), max_size=3)


@settings(max_examples=60, deadline=None)
@given(e=ratings, r=ratings, static=mods, dramatic=st.lists(st.integers(-100, 100), max_size=2))
def test_distribution_sums_to_one(tables, e, r, static, dramatic):
    assert sum(odds(tables, e, r, static, dramatic).values()) == 1


@settings(max_examples=40, deadline=None)
@given(e=st.integers(0, 99), r=ratings, static=mods, dramatic=st.lists(st.integers(-100, 100), max_size=2))
def test_more_effort_never_worse(tables, e, r, static, dramatic):
    low, high = odds(tables, e, r, static, dramatic), odds(tables, e + 1, r, static, dramatic)
    for k in range(6):   # P(at least degree k) never drops
        assert sum(high[d] for d in SIX[k:]) >= sum(low[d] for d in SIX[k:])


def test_qualify_records_every_roll_and_is_deterministic(tables):
    a = qualify(random.Random(7), tables, 50, 30, static=[20], dramatic=[10, -40])
    b = qualify(random.Random(7), tables, 50, 30, static=[20], dramatic=[10, -40])
    assert a == b
    assert [m.kind for m in a.modifiers] == ["static", "dramatic", "dramatic"]
    assert a.modifiers[0].roll.result == a.qualification.result
    assert a.degree in SIX and a.to_dict()["qualification"]["die"] == "d100"


def test_boolean_and_contested():
    assert boolean(random.Random(1), 100).success
    assert not boolean(random.Random(1), 0).success
    # Resistance at or above Effort can never succeed.
    assert not any(contested(random.Random(s), 40, 40).success for s in range(50))
