"""Issue 28, points 2 and 3: a one-shot's depth chosen for its difficulty, the Heart as a finale, the margin.

The bands (content/packet.yaml): the party completes the Job in at least 70% of sessions (easy),
40–70% (standard), 15–40% (hard). The full check over 90 packets is `make difficulty-check`;
these run a few seeds."""

from dataclasses import replace

import pytest

from nests.errors import NestsError
from nests.generators.packet.difficulty import off_band, screen
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
def test_the_packet_kept_lands_in_its_band_with_the_fewest_rooms_the_screens_allow(content, seed):
    """Rulings oneshot-depth and oneshot-rooms: the Entrance alone is tried at every depth, deepest first,
    before a side Room is added; a packet whose screen lies screen_margin points inside the band is taken if
    its glance estimate lands in the band. So the packet kept lands, and with fewer Rooms no depth's screen
    (each on its own sub-stream, screened again here) lay well inside the band with an estimate that lands."""
    pt = content.packet.settings
    band, s = pt["difficulty"]["bands"]["standard"], pt["session"]
    inner = {"low": band["low"] + s["screen_margin"], "high": band["high"] - s["screen_margin"]}
    characters = [character(content, c) for c in PARTY]
    kept = build_packet(content, seed, PARTY)
    assert off_band(kept.session.job_percent, band) == 0
    assert pt["start_rooms"]["fewest"] <= kept.start_rooms <= pt["start_rooms"]["most"]
    for rooms in range(pt["start_rooms"]["fewest"], kept.start_rooms):
        for depth in range(pt["oneshot_depth"]["deepest"], pt["oneshot_depth"]["shallowest"] - 1, -1):
            packet = replace(assemble(content, seed, PARTY, "termite", "oneshot", (), "standard", depth), start_rooms=rooms)
            if len(packet.levels) == depth:
                job = screen(content, packet, characters, s["screen_runs"], band, s["confidence_z"])
                assert off_band(job, inner) > 0 or off_band(packet.session.job_percent, band) > 0


def test_a_party_starting_with_more_rooms_never_runs_out_sooner(content):
    """Spend a Room to take an Exploration Action (Survival and Exploration Steps): each action spends one,
    so a party that starts with k Rooms takes at least k actions before it can run out (ruling oneshot-rooms),
    over a thousand sessions each."""
    from nests.rules.simulate import Run, new_game, settings_of

    characters = [character(content, c) for c in PARTY]
    base = assemble(content, 21, PARTY, "termite", "oneshot", (), "standard", 2)
    for rooms in (1, 2, 3):
        packet = replace(base, start_rooms=rooms)
        game = new_game(packet, characters, **settings_of(content, packet))
        rng = substream(21, "test-rooms")
        records = [Run(game, rng).play() for _ in range(1000)]
        ran_out = [r.actions for r in records if r.end == "no-room"]
        assert ran_out and min(ran_out) >= rooms


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


def test_side_rooms_are_on_the_glance_page_and_the_tracker(content):
    """A packet that starts with side Rooms says so where the GQ reads the Nest and lists them on the
    Environment Pool tracker, found at the Start (seed 21 of this party needs two, at the time of writing:
    the test finds whichever the packet kept)."""
    from nests.packet import packet_documents

    packet = build_packet(content, 21, PARTY)
    assert packet.start_rooms > 1
    text = "\n".join(page.text for page in packet_documents(content, 21, PARTY, None)[0].pages)
    flat = " ".join(line.strip("║▓ ") for line in text.splitlines())
    assert f"starts with {packet.start_rooms} Rooms in its Environment Pool" in " ".join(flat.split())
    rows = [line for line in text.splitlines() if "│ Side Room" in line]
    assert len(rows) == packet.start_rooms - 1 and all("│ Start" in r for r in rows)


def test_a_packet_too_easy_with_the_rarest_row_reads_its_encounters_whole(content):
    """Ruling encounter-every-row: seed 13 of wasp, spider, beetle and ants is too easy at depth 2 and too hard
    at depth 3 when an Encounter brings its rarest row only (about 72% and 35%); read as the table reads, it
    lands. The glance page says so, the JSON names it, and every Encounter of its Rooms brings every row its
    roll generated."""
    from nests.publish.json import packet_data

    party = ["wasp", "spider", "beetle", "ants"]
    packet = build_packet(content, 13, party)
    assert packet.every_row and off_band(packet.session.job_percent, content.packet.settings["difficulty"]["bands"]["standard"]) == 0
    assert packet_data(packet, {})["encounter_rows"] == "every"
    found = [e.resolution for room in packet.rooms() for lks in room.lookups.values() for lk in lks for e in lk.found
             if e.resolution is not None and e.resolution.procedure == "encounter"]
    assert found and all([g.enemy for g in r.groups] == [row.enemy for row in r.rows if row.generated] for r in found)
