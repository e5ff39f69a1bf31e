"""The difficulty estimate (`nests simulate`, issue 18 point 2): its figures are counts over its runs,
it is reproducible, and the rules it plays are the rulebook's (each test names where)."""

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from nests.cli import main
from nests.content import load_content
from nests.generators.estimate import party_estimate
from nests.generators.packet.generate import build_packet
from nests.generators.sheet import character
from nests.rules.combat import Bestiary, fight
from nests.rules.resolution import degree_of
from nests.rules.sim_events import Food, Member, _eat, _hunger
from nests.rules.simulate import Run, chambers, exploration_roll, new_game
from tests.packets import packet_or_nearest

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = ROOT.parent / "shared" / "rulebook" / "nests-and-insects-1.0.0.raw.txt"
PARTY = ["wasp", "spider", "beetle", "ants"]


@pytest.fixture(scope="module")
def content():
    return load_content()


@pytest.fixture(scope="module")
def sim(content):
    return content.simulate


def estimate(content, seed, party=PARTY, runs=40):
    return party_estimate(content, packet_or_nearest(content, seed, party), runs)


def harmless(tmp_path: Path, actions: int | None = None) -> Path:
    """A content directory whose creatures have no Attacks (every stat block but its attacks kept), and
    optionally more Exploration Actions a session."""
    directory = tmp_path / "harmless"
    (directory / "enemies").mkdir(parents=True)
    for path in sorted((ROOT / "content" / "enemies").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        data.pop("attacks", None)
        (directory / "enemies" / path.name).write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    if actions is not None:
        text = (ROOT / "content" / "packet.yaml").read_text(encoding="utf-8")
        (directory / "packet.yaml").write_text(text.replace("actions: 8,", f"actions: {actions},"), encoding="utf-8")
    return directory


# -- its figures -----------------------------------------------------------------------------
def test_same_arguments_same_output_in_two_processes():
    """A fresh process and this one print the same estimate; another seed prints another."""
    def args(seed):
        return ["simulate", "--seed", str(seed), "--party", "wasp,ants", "--runs", "60"]

    fresh = subprocess.run([sys.executable, "-m", "nests", *args(11)], capture_output=True, text=True, check=True,
                           cwd=ROOT).stdout
    here = CliRunner().invoke(main, args(11))
    assert here.exit_code == 0 and fresh == here.stdout and fresh.startswith("Difficulty estimate: packet 11")
    assert CliRunner().invoke(main, args(12)).stdout != fresh


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_levels_reached_is_a_count_over_the_runs(content, seed):
    est = estimate(content, seed)
    reached = sorted(r.levels for r in est.records)
    assert len(est.records) == est.runs == 40
    assert est.levels == dict(sorted(Counter(reached).items()))
    assert est.median == reached[len(reached) // 2]
    assert est.p90 == reached[(len(reached) * 9) // 10]
    assert est.mean == round(sum(reached) / len(reached), 1)
    assert est.heart == round(100 * sum(r.heart for r in est.records) / 40, 1)
    out = CliRunner().invoke(main, ["simulate", "--seed", str(seed), "--runs", "40", "--format", "json"])
    data = json.loads(out.output)
    assert data["levels"]["reached"] == {str(k): v for k, v in est.levels.items()}
    text = CliRunner().invoke(main, ["simulate", "--seed", str(seed), "--runs", "40"]).output
    assert f"Usually Level {est.median} (the median run)" in " ".join(text.split())


def test_chances_are_percentages(content):
    for seed, party in [(2, PARTY), (3, ["ladybug"]), (5, ["scorpion", "spider"]), (8, ["ants", "wasp", "beetle"])]:
        est = estimate(content, seed, party, runs=30)
        chances = [est.heart, est.job] + [p for _, _, p in est.down] + list(est.ends.values())
        assert all(0 <= c <= 100 for c in chances), (seed, chances)
        assert [cid for cid, _, _ in est.down] == party
        assert sum(est.ends.values()) == pytest.approx(100, abs=0.5)
        assert est.job <= est.heart
        assert all(set(r.down) <= set(party) for r in est.records)
        assert 1 <= est.median <= est.p90 <= len(packet_or_nearest(content, seed, party).levels)


def test_a_party_that_cannot_be_hurt_never_goes_down(content, tmp_path):
    """Beetle has no Hunger (Beetle Consuming Food Items), so she neither starves nor eats spoiled Food; with
    creatures that have no Attacks no fight can hurt her, and tearing an Obstacle down only costs a Wound
    she can spare (ruling sim-obstacle)."""
    from nests.generators.packet.generate import assemble

    safe = load_content([str(harmless(tmp_path))])
    went_down = 0
    for seed in range(6):
        # each seed's first Nest as drawn (the rule holds in every Nest, chosen for a difficulty or not)
        est = party_estimate(safe, assemble(safe, seed, ["beetle"], "termite", "oneshot", (), "standard", 2 + seed % 6), 30)
        assert est.down == [("beetle", "Beetle", 0.0)] and est.ends["party-down"] == 0.0
        usual = assemble(content, seed, ["beetle"], "termite", "oneshot", (), "standard", 2 + seed % 6)
        went_down += party_estimate(content, usual, 30).down[0][2] > 0
    assert went_down, "the usual creatures never hurt her either: the test could not fail"


def test_a_deeper_heart_is_reached_less_often(tmp_path):
    """Over many seeds, a packet whose Heart is deeper in its chain is reached less often on average (the whole
    chain: a one-shot's depth is chosen for its difficulty, ruling oneshot-depth)."""
    longer = load_content([str(harmless(tmp_path, actions=30))])
    # each packet's own glance estimate (its first runs of nests simulate): one build a seed
    packets = [build_packet(longer, seed, ["ants", "wasp"], depth="full") for seed in range(24)]
    rows = sorted((len(p.levels), p.session.heart_percent) for p in packets)
    shallow, deep = rows[: len(rows) // 2], rows[len(rows) // 2:]
    assert sum(h for _, h in shallow) / len(shallow) > sum(h for _, h in deep) / len(deep)
    assert any(h > 0 for _, h in rows)


def test_bad_arguments_are_one_line(content):
    runner = CliRunner()
    for args, message in [(["--party", "wasp,mantis"], "error: --party: unknown class 'mantis'; playable classes: "
                                                         "ants, beetle, ladybug, scorpion, spider, wasp\n"),
                          (["--runs", "0"], "error: --runs 0: give 1 to 100000 runs (content/simulate.yaml most_runs)\n"),
                          (["--nest", "ant"], "error: --nest: unknown Nest 'ant'; known: termite\n")]:
        result = runner.invoke(main, ["simulate", "--seed", "1"] + args)
        assert (result.exit_code, result.output) == (2, message)


def test_the_rulings_used_are_printed(content):
    est = estimate(content, 3)
    text = CliRunner().invoke(main, ["simulate", "--seed", "3", "--runs", "40"]).output
    ids = [r for r, _ in est.rulings]
    assert {"sim-session", "sim-choose-room", "sim-pool", "sim-effects"} <= set(ids)
    for rid in ids:
        assert re.search(rf"^  {re.escape(rid)}: ", text, re.M), rid
    for args in (["--seed", "3"], ["--seed", "42", "--party", "scorpion,ladybug", "--depth", "full"]):
        lines = CliRunner().invoke(main, ["simulate", "--runs", "20"] + args).output.splitlines()
        assert max(len(line) for line in lines) <= 79 and not any(line.endswith(" ") for line in lines), args


# -- the rules it plays ------------------------------------------------------------------------
def _member(content, cid, **kw):
    c = character(content, cid)
    ratings = {f.id: f.rating for f in c.common_abilities} | {f.id: f.rating for f in c.attributes}
    return Member(c, ratings, kw.pop("hunger", c.hunger), kw.pop("food", []), **kw)


def test_the_scout_and_her_party_modifiers(content):
    """Survival and Exploration > Form an Exploration Party: the Scout's Exploration is the Effort, every other
    member's Exploration a positive static modifier; Resolve the Exploration Action: the Scout adds her
    Eusociology and Perception."""
    members = [_member(content, cid) for cid in PARTY]
    effort, static, shift = exploration_roll(members)
    best = max(members, key=lambda m: m.ratings["exploration"])
    assert effort == best.ratings["exploration"] and shift == 0
    assert sorted(static) == sorted([m.ratings["exploration"] for m in members if m is not best]
                                    + [best.ratings["eusociology"], best.ratings["perception"]])
    best.starving = True
    assert exploration_roll(members)[2] == -1            # Starvation: a Shift Down to all Actions


def test_the_attack_outcomes_are_the_rulebook_table(sim):
    """Combat > Attack Action: the Attack Action formula's six outcomes."""
    text = RULEBOOK.read_text(encoding="utf-8")
    block = text[text.index("List of Minigame Actions ............ Attack"):]
    for degree, (hits, which) in sim.outcomes.items():
        line = re.search(rf"^{degree}\s+&\s+(.+)$", block, re.M).group(1)
        assert ("Hit" in line) == hits, degree
        assert ("Base" in line) == ("base" in which) and ("Special" in line) == ("special" in which), degree


def test_wounds_shift_down_and_swarms_ignore_them(content, sim):
    """Combat Summary: Wounds Shift Down all subsequent Combat Actions; Ants (Character > Ants) and Minor
    Termite Soldiers (Special Rule - Swarm) suffer no Wound penalties."""
    packet = build_packet(content, 1, ["wasp"])
    tables = packet.tables
    for face in range(100):
        well = degree_of(tables, face, 60, 40)
        hurt = degree_of(tables, face, 60, 40, shift=-2)
        assert tables.degrees.index(hurt) == max(0, tables.degrees.index(well) - 2)
    b = Bestiary(tables, sim)
    assert b.member(character(content, "ants"), 0).swarm and not b.member(character(content, "wasp"), 0).swarm
    assert b.group("minor-termite-soldier", 1, 10)[0].swarm and not b.group("nasute-soldier", 1, 6)[0].swarm


def test_a_fight_resolves_attacks_as_the_rules_engine_does(content, sim):
    """Six Degrees of Success (Table 18, Modification): a fight's own quick Qualification gives the Degree the
    rules engine's degree_of gives for the same face, modifiers and Shifts."""
    from nests.rules.combat import Fight

    tables = build_packet(content, 1, ["wasp"]).tables
    for effort, resistance, static, shift in [(60, 40, [], 0), (45, 55, [-40, 30], -2), (0, 100, [-70], 1), (90, 10, [30], 3)]:
        for seed in range(40):
            battle = Fight(random.Random(seed), tables, sim, ([], []))
            face = random.Random(seed).randrange(100)
            assert battle.degree(effort, resistance, static, shift) == degree_of(tables, face, effort, resistance, static, shift)


def test_starting_disposition_and_flying(content, sim):
    """Combat > Starting Disposition (Table 8): Success against Initiative, Holding, else Recoiling.
    Combat > Attack Action > Flying: a Close Attack reaches a Flying target only from a Flying attacker."""
    tables = build_packet(content, 1, ["wasp"]).tables
    b = Bestiary(tables, sim)
    soldier = b.group("centipede", 1, 8)[0]                    # both its Attacks Close, no Flying
    wasp, spider = b.member(character(content, "wasp"), 0), b.member(character(content, "spider"), 0)
    assert not soldier.can_reach(wasp) and soldier.can_reach(spider)
    assert b.group("nasute-soldier", 1, 6)[0].can_reach(wasp)  # Long range
    from nests.rules.combat import Fight
    sure, never = b.member(character(content, "wasp"), 0), b.member(character(content, "wasp"), 0)
    sure.initiative, never.initiative = 100, 0
    Fight(random.Random(1), tables, sim, ([sure, never], [])).start([sure, never])
    assert (sure.track[sure.place], never.track[never.place]) == ("Holding", "Recoiling")


def test_a_fight_ends_when_a_side_is_beaten(content, sim):
    """Combat Summary: Combat ends when all Combatants on one side are killed or Retreating (a member who Broke
    from Combat is no Combatant), and only then (tests/rules/test_combat_rules.py tries every creature)."""
    tables = content.tables
    b = Bestiary(tables, sim)
    won = 0
    for seed in range(30):
        party = [b.member(character(content, cid), 0) for cid in PARTY]
        nest = b.group("nasute-soldier", 3, 6) + b.group("centipede", 1, 8)
        result = fight(random.Random(seed), b, party, nest, beat=True)     # the party fights, not slips past
        assert not result.guarded and result.won == all(f.killed or f.track[f.place] in sim.cannot_attack for f in nest)
        if not result.won:
            assert all(m.killed or m.out or m.track[m.place] in sim.cannot_attack for m in party), seed
        won += result.won
    assert 0 < won < 30


def test_starvation_and_consumption(content):
    """Survival and Exploration > Starvation: a Starving character who cannot pay a Hunger Cost dies; below
    100% her Hunger rises. Inventory Items: a failed Consumption Roll depletes a Food Item, a second exhausts it."""
    run = Run(new_game(build_packet(content, 1, ["wasp"]), [], None, 8, 5, "termite-nest"), random.Random(3))
    starving = _member(content, "wasp", hunger=100, starving=True)
    hungry = _member(content, "spider", hunger=30)
    run.members = [starving, hungry]
    _hunger(run, None, "1.1")
    assert starving.down and hungry.hunger >= 30 and not hungry.down
    eater = _member(content, "wasp", hunger=50, food=[Food(0)])
    _eat(run, eater, eater.food[0], "1.1")                    # a 0% Item always fails its Consumption Roll
    assert eater.food == [Food(0, depleted=True)] and eater.hunger <= 50
    _eat(run, eater, eater.food[0], "1.1")
    assert eater.food == []


def test_an_action_plays_the_lookups_its_degree_names_in_the_room_it_spends(content, monkeypatch):
    """Survival and Exploration > Resolve the Exploration Action: the Degree of Success names three Events
    ("Partial Success: Cost, Risk, Reward"; "Critical Failure: Cost, Cost, Cost"); a Room is spent once
    (Environment Pool: "Environments can only be spent once"), so the action plays that Room's key: the n-th
    Cost of the action is the Room's n-th Cost lookup, and so on. Over every Degree and many Rooms, the Events
    played are exactly those lookups' Events, in that order."""
    import nests.rules.simulate as simulate

    text = RULEBOOK.read_text(encoding="utf-8")
    assert "Critical Failure  &    Cost, Cost, Cost" in text and "Environments can only be spent once" in text
    packets = {seed: build_packet(content, seed, PARTY) for seed in (2, 5, 9)}    # built before any Degree is fixed
    chars = [character(content, cid) for cid in PARTY]
    for seed, packet in packets.items():
        rooms, _, heart = chambers(packet)
        for degree, words in packet.tables.exploration.items():
            monkeypatch.setattr(simulate, "degree_of", lambda *a, degree=degree: degree)
            for room in (r for rid, r in rooms.items() if rid != heart):
                run = Run(new_game(packet, chars, content.simulate, 8, 5, "termite-nest"), random.Random(seed))
                played = []
                monkeypatch.setattr(run, "event", lambda e, where, word: played.append(e))
                run.explore(room)
                expected, seen = [], {}
                for word in words:
                    seen[word] = seen.get(word, 0) + 1
                    expected += room.lookups[word][seen[word] - 1][0]
                assert played == expected, (seed, degree, room.id)


def test_creatures_that_do_not_attack_start_no_fight(content, sim):
    """Combat Summary: Combat begins when the characters and creatures attack one another. Setting > Termites:
    the Soldiers' Nest Guardians rule keeps them before their tunnels rather than setting upon intruders
    (ruling sim-guardians): a party with nothing left to find past them turns back, unhurt, and the action's
    later Risks and Rewards are lost. One that brings a creature that attacks (a Centipede) is a fight."""
    from types import SimpleNamespace

    from nests.rules.encounter import group
    from nests.rules.sim_events import _encounter

    text = RULEBOOK.read_text(encoding="utf-8")
    assert "cannot fight" in text and "do not set upon enemies directly" in text
    packet = build_packet(content, 1, PARTY)
    chars = [character(content, cid) for cid in PARTY]
    calm = ["minor-termite-soldier", "major-termite-soldier", "nasute-soldier", "moth"]
    hurt = 0
    for seed in range(60):
        rng = random.Random(seed)
        run = Run(new_game(packet, chars, sim, 8, 5, "termite-nest"), rng)
        run.action.words = ("Cost", "Risk", "Risk")
        _encounter(run, SimpleNamespace(groups=[group(rng, packet.tables, e) for e in calm]), "1.1")
        assert run.wounds == {} and run.action.blocked and "sim-guardians" in run.game.used, seed
        run.action.blocked = False
        _encounter(run, SimpleNamespace(groups=[group(rng, packet.tables, "centipede")]), "1.1")
        hurt += bool(run.wounds)
    assert hurt > 20


def test_rooms_levels_shortcuts_and_passages_add_the_room_their_line_names(content):
    """Survival and Exploration > Generate and reap Rewards, step 6: "If a generated Reward is a Room, Shortcut,
    or Level, the Reward is added to the player characters' communal Environment Pool"; > Passage: on a success
    "add a Room"; > Level (Reward), Special Rule Levelling down: one Level Reward per Exploration Action. Over
    many actions, each such Event adds the Room its printed line names, a failed Passage or a second Level none."""
    from types import SimpleNamespace

    text = " ".join(RULEBOOK.read_text(encoding="utf-8").split())
    assert "If a generated Reward is a Room, Shortcut, or Level, the Reward is added to the player characters' communal Environment Pool" in text
    packet = build_packet(content, 2, PARTY)
    chars = [character(content, cid) for cid in PARTY]
    passage = SimpleNamespace(success=True)
    finds = {"shortcut": SimpleNamespace(procedure="shortcut", dud=False, leads_to_level=2),
             "level": SimpleNamespace(procedure="level", level=SimpleNamespace(number=2)),
             "room": SimpleNamespace(procedure="room"),
             "passage": SimpleNamespace(procedure="boolean", boolean=passage)}
    for seed in range(20):
        for kind, res in finds.items():
            run = Run(new_game(packet, chars, content.simulate, 8, 5, "termite-nest"), random.Random(seed))
            run.pool = []
            event = SimpleNamespace(id=kind, void=False, resolution=res, kind="Reward")
            room = SimpleNamespace(id="1.1", level=1, rating=10,
                                   lookups={w: [([event, event], ["2.7", "2.8"])] * 3 for w in ("Cost", "Risk", "Reward")})
            run.explore(room)
            added = run.pool
            if kind == "level":
                assert added == ["2.7"], (seed, kind, added)          # the second Level of the action is void
            else:
                assert added and set(added) <= {"2.7", "2.8"} and added[0] == "2.7", (seed, kind, added)
    passage.success = False
    run = Run(new_game(packet, chars, content.simulate, 8, 5, "termite-nest"), random.Random(1))
    run.pool = []
    run.link = "2.7"
    run.event(SimpleNamespace(id="passage", void=False, resolution=finds["passage"], kind="Cost"), "1.1", "Cost")
    assert run.pool == []
