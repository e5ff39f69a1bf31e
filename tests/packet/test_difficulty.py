"""Issue 28, points 2 and 3: a one-shot's depth chosen for its difficulty, the Heart as a finale, the margin.

The bands (content/packet.yaml): the party completes the Job in at least 70% of sessions (easy),
40–70% (standard), 15–40% (hard). The full check over 90 packets is `make difficulty-check`;
these run a few seeds."""

import pytest

from nests.errors import NestsError
from nests.generators.packet.difficulty import choose_depth, off_band, screen
from nests.generators.packet.generate import assemble, build_packet
from nests.generators.packet.reroll import parse_reroll
from nests.generators.sheet import character
from nests.rules.estimate import interval
from nests.rules.nest import level_chain
from nests.rules.dice import substream

PARTY = ["wasp", "spider", "beetle"]
SEEDS = (1, 4, 11)


def test_the_bands_are_the_issues(content):
    bands = content.packet.settings["difficulty"]["bands"]
    assert {d: (b["low"], b["high"]) for d, b in bands.items()} == {"easy": (70, 100), "standard": (40, 70),
                                                                    "hard": (15, 40)}


@pytest.mark.parametrize("seed", SEEDS)
def test_the_depth_kept_is_the_deepest_whose_screen_lands_well_inside(content, seed):
    """Ruling oneshot-depth: depths are screened from the deepest up; the first whose Job percent lies
    screen_margin points inside the band is kept, else the one in the band nearest its middle, else the one that
    came closest (of equals, the shallowest). Each depth is screened again here, on its own sub-stream."""
    pt = content.packet.settings
    band, s = pt["difficulty"]["bands"]["standard"], pt["session"]
    inner = {"low": band["low"] + s["screen_margin"], "high": band["high"] - s["screen_margin"]}
    characters = [character(content, c) for c in PARTY]
    chosen = choose_depth(content, PARTY, "standard",
                          lambda d: assemble(content, seed, PARTY, "termite", "oneshot", (), "standard", d)).oneshot_depth
    jobs = {}
    for depth in range(pt["oneshot_depth"]["deepest"], pt["oneshot_depth"]["shallowest"] - 1, -1):
        packet = assemble(content, seed, PARTY, "termite", "oneshot", (), "standard", depth)
        if len(packet.levels) == depth:
            jobs[depth] = screen(content, packet, characters, s["screen_runs"], band, s["confidence_z"])
    well = [d for d, job in jobs.items() if off_band(job, inner) == 0]
    middle = (band["low"] + band["high"]) / 2
    assert chosen == (well[0] if well else min(jobs, key=lambda d: (off_band(jobs[d], band), abs(jobs[d] - middle), d)))


@pytest.mark.parametrize("seed", SEEDS)
def test_the_cut_nest_keeps_every_roll_and_the_heart_is_its_own(content, seed):
    """Never bend a roll: the Levels above the Heart are the chain's as Table 27 rolled them; the Heart is set
    by ruling, without a roll of its own; its Room's name is no other Room's (ruling heart-finale)."""
    packet = build_packet(content, seed, PARTY)
    chain = level_chain(substream(seed, "levels"), packet.tables)
    above = packet.levels[:-1]
    assert [(lv.rating, lv.roll.roll) for lv in above] == [(lv.rating, lv.roll.result) for lv in chain.levels[:len(above)]]
    heart = packet.heart
    assert heart.rating == 100 and heart.number == len(packet.levels) == packet.oneshot_depth
    assert heart.roll is None or len(chain.levels) == len(packet.levels)
    names = [r.name for r in packet.rooms() if r is not heart.rooms[0]]
    assert heart.rooms[0].name not in names and not heart.rooms[0].lookups
    f = packet.finale
    assert f.room == heart.rooms[0].id and f.guards_rating == packet.levels[-2].rating
    # the guards: one Encounter with its d100 on the Nest's table; the way out: one Risk with its d100
    assert [e.side for e in f.guards] == ["encounter"] and f.guards[0].view.roll.die == "d100"
    assert f.way_out.roll.die == "d100" and f.way_out.roll.table == "risks"


def test_the_estimate_prints_its_margin_and_agrees_with_more_runs(content):
    """The glance estimate plays at least 1,000 sessions and gives the Job's 95% interval; nests simulate's
    4,000 runs of the same packet fall within it (their intervals overlap)."""
    from nests.generators.estimate import party_estimate

    packet = build_packet(content, 4, PARTY)
    s = packet.session
    assert s.runs >= 1000 and s.job_interval[0] <= s.job_percent <= s.job_interval[1]
    assert s.job_interval[1] - s.job_interval[0] < 7
    more = party_estimate(content, packet, 4000)
    low, high = more.job_interval()
    assert low <= s.job_interval[1] and s.job_interval[0] <= high
    # the estimate's sessions are simulate's first ones (the same sub-stream chunks)
    assert round(100 * sum(r.job for r in more.records[:s.runs]) / s.runs, 1) == s.job_percent


def test_interval_is_wilsons():
    assert interval(0, 1000) == (0.0, 0.4)
    assert interval(500, 1000) == (46.8, 53.2)
    assert interval(1000, 1000) == (99.6, 100.0)


def test_a_reroll_keeps_the_depth(content):
    first = build_packet(content, 1, PARTY)
    again = build_packet(content, 1, PARTY, rerolls=(parse_reroll("room:1.1"),))
    assert again.oneshot_depth == first.oneshot_depth and len(again.levels) == len(first.levels)
    assert [lv.rating for lv in again.levels] == [lv.rating for lv in first.levels]


def test_a_bad_difficulty_is_one_line(content):
    with pytest.raises(NestsError, match="--difficulty: 'brutal' is not a difficulty; allowed: easy, standard, hard"):
        build_packet(content, 1, PARTY, difficulty="brutal")
