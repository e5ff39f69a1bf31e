"""The difficulty estimate's Combat and Risks as the rulebook plays them (issue 36, items b–f): each test names
the rule it checks, where the rulebook states it, and checks it over many seeded fights or Events."""

import math
import random
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml

from nests.content import load_content
from nests.generators.packet.generate import assemble
from nests.generators.sheet import character
from nests.rules.combat import Bestiary, Fight, FightResult, fight
from nests.rules.effects import TRIGGERS
from nests.rules.encounter import group
from nests.rules.sim_events import _effects, _encounter, _infection, face
from nests.rules.simulate import Run, new_game, settings_of

ROOT = Path(__file__).resolve().parents[2]
PARTY = ["wasp", "spider", "beetle", "ants"]
CASTES = ["worker-termite", "minor-termite-soldier", "major-termite-soldier", "nasute-soldier", "centipede", "king",
          "queen-primary", "queen-secondary", "queen-tertiary"]


def within(count: int, trials: int, p: float, sigmas: float = 4.0) -> bool:
    """A count of successes is within ``sigmas`` standard deviations of ``p`` · ``trials``."""
    return abs(count - p * trials) <= sigmas * math.sqrt(trials * p * (1 - p)) + 1


@pytest.fixture(scope="module")
def bestiary(content):
    return Bestiary(content.tables, content.simulate)


@pytest.fixture(scope="module")
def chars(content):
    return {cid: character(content, cid) for cid in PARTY + ["ladybug", "scorpion"]}


@pytest.fixture(scope="module")
def packet(content):
    # a Nest of four Levels, assembled without the difficulty search (its Rooms' lookups are not played here)
    return assemble(content, 3, PARTY, "termite", "oneshot", (), "standard", 4)


_games = {}


def new_run(content, packet, chars, seed: int, party=PARTY) -> Run:
    """A fresh session of ``party`` in ``packet``: new members, the game (and its rulings noted) shared."""
    key = (id(packet), tuple(party))
    if key not in _games:
        _games[key] = new_game(packet, [chars[c] for c in party], **settings_of(content, packet))
    return Run(_games[key], random.Random(seed))


def edited(tmp_path: Path, name: str, change) -> Path:
    """A content directory holding one enemy's stat block, changed by ``change(data)``."""
    directory = tmp_path / name
    (directory / "enemies").mkdir(parents=True)
    data = yaml.safe_load((ROOT / "content" / "enemies" / f"{name}.yaml").read_text(encoding="utf-8"))
    change(data)
    (directory / "enemies" / f"{name}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return directory


# -- c. Combat ends only as the rules end it ------------------------------------------------------
def test_every_fight_ends_with_a_side_killed_retreating_or_gone(content, bestiary, chars):
    """Combat Summary: "Combat ends when all Combatants on one side are either killed, or Retreating"; Breaking
    from Combat: one who breaks away is "no longer in Combat". Over 300 fights of every creature the Termite
    Nest's table brings, hurt and fresh parties alike: when a fight ends one side has no Combatant standing,
    no fight is stopped by the guard, and many run past 12 Rounds (no Round limit)."""
    retreat = content.simulate.cannot_attack
    long_fights = 0
    for seed in range(300):
        rng = random.Random(seed)
        cids = rng.sample(sorted(chars), rng.randint(1, 4))
        party = [bestiary.member(chars[c], rng.randrange(chars[c].wounds_max)) for c in cids]
        kinds = rng.sample(CASTES, rng.randint(1, 3))
        nest = [f for e in kinds for g in [group(rng, content.tables, e)] for f in bestiary.group(e, g.count, g.wounds_max)]
        result = fight(rng, bestiary, party, nest, beat=rng.random() < 0.3)
        assert not result.guarded, seed
        creatures_beaten = all(c.killed or c.track[c.place] in retreat for c in nest)
        party_gone = all(m.killed or m.out or m.track[m.place] in retreat for m in party)
        assert creatures_beaten or party_gone, (seed, kinds, cids)
        assert result.won == (creatures_beaten and any(not m.killed and not m.out for m in party)), seed
        long_fights += result.rounds > 12
    assert long_fights > 10


# -- d. Alarm Pheromones at each Combat Turn ------------------------------------------------------
def test_alarm_pheromones_are_rolled_at_the_start_of_every_combat_turn(content, bestiary, chars):
    """Worker Termite, Special Rule - Alarm Pheromones: "At the start of each Combat Turn the GQ makes a Boolean
    Roll against the Worker Termites' Swarming" (90%); on a Success the d100 picks the row with the lowest
    Chance to Summon above it (80% of faces bring someone). So each Turn summons with 72%, counted over 3,000
    Turns of a member who can do nothing; the summoned Join Combat at the start of the next Round."""
    summons = turns = 0
    for seed in range(30):
        held = bestiary.member(chars["wasp"], 0, effects={"paralysed": 100})
        workers = bestiary.group("worker-termite", 1, 1000)
        battle = Fight(random.Random(seed), content.tables, content.simulate, ([held], workers), bestiary)
        battle.start([held] + workers)
        for _ in range(100):
            battle.turn(held, 0)
            turns += 1
        waiting = len(battle.joining)
        assert len(battle.sides[1]) == 1 and waiting >= battle.summoned > 0
        summons += battle.summoned
        battle.join()
        assert len(battle.sides[1]) == 1 + waiting and not battle.joining
    assert within(summons, turns, 0.9 * 0.8)


def test_in_a_fight_the_alarm_is_rolled_once_a_turn_not_once_a_round(content, bestiary, chars):
    """The same rule over whole fights: while the Workers stand (here they cannot fall) every Turn begins with
    one roll, so a fight's summons are 72% of its Turns, several a Round."""
    summons = turns = rounds = 0
    for seed in range(60):
        party = [bestiary.member(chars[c], 0) for c in PARTY]
        nest = bestiary.group("worker-termite", 1, 1000) + bestiary.group("major-termite-soldier", 5, 5)
        result = fight(random.Random(seed), bestiary, party, nest)
        assert result.alarms == result.turns
        turns, rounds, summons = turns + result.turns, rounds + result.rounds, summons + result.summoned
    assert within(summons, turns, 0.9 * 0.8) and summons > 2 * rounds


# -- c. pursuit: a creature that cannot move never pursues ------------------------------------------
def test_a_queen_that_cannot_move_never_pursues(content, tmp_path):
    """Breaking from Combat lets a Combatant leave; a creature that can move chases a fleeing member, who must
    outrun it (ruling sim-pursuit). The primary Queen's own rule says she "cannot move": made faster than any
    member, she still catches no one, while the same stat block without those words catches every member who
    tries to flee (each is one Wound from death, so she tries at every Turn: ruling sim-break; an Immobilised
    or Stunned creature cannot chase either, so here the members make no Attack that could hold her)."""
    def fast(data):
        for f in data["features"]:
            if "Speed" in f["names"] or "Threat Rate" in f["names"]:
                f["rating"] = 100        # faster than any member, and sure to end the fight

    def fast_and_free(data):
        fast(data)
        for r in data["special_rules"]:
            r["text"] = r["text"].replace("cannot move or Retreat", "never Retreats")

    fled = {}
    for name, change in (("still", fast), ("free", fast_and_free)):
        c = load_content([str(edited(tmp_path / name, "queen-primary", change))])
        b = Bestiary(c.tables, c.simulate)
        assert b.mobile("queen-primary") == (name == "free")
        count = 0
        for seed in range(40):
            party = [b.member(character(c, cid), character(c, cid).wounds_max - 1) for cid in ("spider", "ants")]
            for m in party:
                m.strikes = {}           # they only flee: no Attack of theirs can Immobilise or Stun her
            queen = b.group("queen-primary", 1, 20)
            result = fight(random.Random(seed), b, party, queen, beat=True)
            assert not result.guarded
            count += sum(m.out == "back" for m in party)
        fled[name] = count
    assert fled["still"] > 20 and fled["free"] == 0


# -- f. Effects -------------------------------------------------------------------------------------
def test_the_effects_are_the_sheets_ten():
    """Character > Effects box: ten Effects, each with a trigger (Rules > Effects, one Section each; Blind has
    none and does nothing when it triggers)."""
    text = (ROOT.parent / "shared" / "rulebook" / "nests-and-insects-1.0.0.raw.txt").read_text(encoding="utf-8")
    box = text[text.index("┌[Effects]"):text.index("└<^Applies>")]
    names = sorted(n.lower() for n in __import__("re").findall(r"○ (\w+)", box))
    assert names == sorted(TRIGGERS)


def test_an_effects_cost_checks_every_effect(content, packet, chars):
    """Effects (Cost): "the character paying the Cost must check all Effects she is subject to"; Checking
    Effects: one Boolean Roll; an Effect it beats is gone, one it matches triggers: Immobilised 30% stays 30% of
    the time, Bleeding 40% costs a Wound 40% of the time, Poisoned 30% triggers a Roll to Increase with a d60
    (raised 30% × 29/60 of the time); Ants' Blind 100% is never beaten."""
    stay = bled = raised = 0
    n = 1500
    for seed in range(n):
        run = new_run(content, packet, chars, seed, ["ants"])
        m = run.members[0]
        m.effects.update({"immobilised": 30, "bleeding": 40, "poisoned": 30})
        _effects(run, None, "1.1")
        stay += "immobilised" in m.effects
        bled += m.wounds
        raised += m.effects.get("poisoned", 0) > 30
        assert m.effects.get("blind") == 100
    assert within(stay, n, 0.30) and within(bled, n, 0.40) and within(raised, n, 0.30 * 29 / 60)


def test_infection_is_bestowed_at_the_levels_rating(content, packet, chars):
    """Infection (Risk): a Boolean Roll against the current Level's rating; on a Success one not yet Infected
    becomes Infected, set with the Level's Costs/Risks die (a 0 sets nothing). Counted over 4 members × 800
    Risks at each Level of a packet."""
    from nests.rules.nest import level_dice

    for lv in packet.levels:
        faces = content.tables.die(level_dice(content.tables, lv.rating).costs_risks).faces
        infected = 0
        for seed in range(800):
            run = new_run(content, packet, chars, seed)
            run.level, run.rating = lv.number, lv.rating
            _infection(run, None, lv.rooms[0].id)
            infected += sum("infected" in m.effects for m in run.members)
        assert within(infected, 4 * 800, lv.rating / 100 * (faces - 1) / faces), (lv.number, lv.rating)


def test_a_member_who_cannot_move_cannot_explore_or_break_away(content, packet, chars, bestiary):
    """Immobilised: she "cannot take any actions that would initiate a Survival and Exploration" minigame, and
    (Table 8) "cannot move": no Breaking from Combat. A party all Immobilised waits, spending no Room (ruling
    sim-held-fast); one member free explores. In Combat a member Immobilised for good is never out of it."""
    run = new_run(content, packet, chars, 1)
    for m in run.members:
        m.effects["immobilised"] = 100
    room = run.game.rooms[run.choose()]            # the Room play() spends before the action
    run.explore(room)
    assert run.pool[0] == room.id and run.action.words == () and "sim-held-fast" in run.game.used
    run.members[0].effects.pop("immobilised")
    assert run.choose() == room.id
    run.explore(room)
    assert run.action.words                        # her action rolled its Degree and took the Room's lookups
    for seed in range(30):
        stuck = bestiary.member(chars["spider"], 2, effects={"immobilised": 100})
        result = fight(random.Random(seed), bestiary, [stuck], bestiary.group("centipede", 1, 8))
        assert result.fates[0] in ("killed", "held"), seed


def test_a_paralysed_creature_takes_no_action(content, bestiary, chars):
    """Paralysed: the character "cannot take any Actions until she is no longer Paralysed"; at 100% no check
    beats it. A Centipede Paralysed for good never hurts anyone; one free does."""
    hurt = {True: 0, False: 0}
    for held in (True, False):
        for seed in range(40):
            party = [bestiary.member(chars["spider"], 0)]
            centipede = bestiary.group("centipede", 1, 8)
            if held:
                centipede[0].effects["paralysed"] = 100
                centipede[0].affected()
            fight(random.Random(seed), bestiary, party, centipede, beat=True)
            hurt[held] += party[0].wounds
    assert hurt[True] == 0 and hurt[False] > 10


# -- b. Nest Guardians, Autothysis, Alarm Gun, Workers ---------------------------------------------------
def test_an_autothytes_special_attack_glues_its_tunnel_sixty_percent_of_the_time(content, bestiary, chars, monkeypatch):
    """Nest Guardians: "When an Autothyte Soldier's Special Attack fires, there is a 60% chance that the tunnel
    entrance that it is guarding will be blocked", an Obstacle. The Special fires on a Complete Success and a
    Complete Failure alike (its Miss lines wound or kill the Soldier); the Base Attack, or a Nasute's, never."""
    def glued(degree, enemy):
        monkeypatch.setattr(Fight, "degree", lambda self, *a: degree)
        total = 0
        for seed in range(1000):
            target = bestiary.member(chars["beetle"], 0)
            soldier = bestiary.group(enemy, 1, 10)[0]
            battle = Fight(random.Random(seed), content.tables, content.simulate, ([target], [soldier]), bestiary)
            battle.attack(soldier, target, [target])
            total += battle.glued
        return total

    assert within(glued("Complete Success", "minor-termite-soldier"), 1000, 0.6)
    assert within(glued("Complete Failure", "major-termite-soldier"), 1000, 0.6)
    assert glued("Partial Success", "minor-termite-soldier") == 0
    assert glued("Complete Success", "nasute-soldier") == 0


def test_the_nasutes_alarm_gun(content, bestiary, chars):
    """Nasute Soldier, Special Rule - Alarm Gun: at each discharge, 40% that another Nasute that has not yet
    attacked fires at the same target in the same Turn, and that counts as its Attack for the Round (it
    cannot attack again in its own Turn). With three Nasutes ready: 0.4 + 0.4 × 0.4 chained shots a Turn."""
    chained = 0
    n = 1500
    for seed in range(n):
        target = bestiary.member(chars["ants"], 0)
        target.wounds_max = 1000
        target.refresh()
        squad = bestiary.group("nasute-soldier", 3, 6)
        battle = Fight(random.Random(seed), content.tables, content.simulate, ([target], squad), bestiary)
        battle.start([target] + squad)
        for f in squad:
            f.place = f.track.index("Holding")
            f.refresh()
        shots = []
        real = battle.attack
        battle.attack = lambda f, t, o: (shots.append(f), real(f, t, o))
        battle.creature_turn(squad[0])
        chained += len(shots) - 1
        for f in shots[1:]:
            before = len(shots)
            battle.creature_turn(f)
            assert len(shots) == before       # its Attack of the Round is spent
    assert within(chained, n, 0.4 + 0.16, sigmas=5)


def test_guardians_bar_the_way_and_workers_raise_the_alarm(content, packet, chars, monkeypatch):
    """Nest Guardians "stand in place in front of their tunnels and attempt to stop intruders": with a Reward
    still to find past them, going on is a Combat (ruling sim-guardians). Worker Termites "will raise the alarm
    as soon as they become aware that the Nest has been breached": met alone, one Alarm Pheromones roll (90%),
    whose d100 below 60 brings Soldiers, who bar the way (ruling sim-workers): 54% of the time a fight."""
    fights = {"guards": 0, "workers": 0}
    kind = None

    def counted(self, creatures, room, beat=False):
        fights[kind] += 1
        return FightResult(True, tuple("past" for _ in self.standing()), 1)

    monkeypatch.setattr(Run, "fight", counted)
    n = 1000
    for seed in range(n):
        for kind, groups in (("guards", ["nasute-soldier"]), ("workers", ["worker-termite"])):
            run = new_run(content, packet, chars, seed)
            run.action.words = ("Cost", "Risk", "Reward")
            run.action.at = 1
            _encounter(run, SimpleNamespace(groups=[group(run.rng, content.tables, e) for e in groups]), "1.1")
            assert not run.action.blocked
    assert fights["guards"] == n and within(fights["workers"], n, 0.9 * 0.6)


def test_a_party_that_flees_misses_the_rest_of_the_action(content, packet, chars, monkeypatch):
    """Generate and face Risks, Missing Characters: those who fled a Combat "do not face any subsequent Risks";
    with no one through, the action's later Risks and Rewards are lost (ruling sim-fled): after a fight all
    fled, an Infection at the Heart (rating 100%) infects no one; after one two fled, only the others."""
    heart = len(packet.levels)
    for fates, spared in ((("back",) * 4, 4), (("back", "past", "back", "held"), 2)):
        monkeypatch.setattr(Run, "fight", lambda self, c, room, beat=False: (
            self.action.missing.update(m for m, f in zip(self.standing(), fates) if f == "back"),
            FightResult(False, fates, 3))[1])
        for seed in range(20):
            run = new_run(content, packet, chars, seed)
            run.level = heart
            run.action.words = ("Risk", "Risk", "Reward")
            through = face(run, run.game.bestiary.group("centipede", 1, 8), "1.1", True)
            assert through == (spared < 4) and run.action.blocked == (spared == 4)
            _infection(run, None, "1.1")
            infected = sum("infected" in m.effects for m in run.members)
            assert infected <= 4 - spared
            assert all("infected" not in m.effects for m in run.action.missing)


def test_could_hit_is_the_rules_engines_odds(content, bestiary, chars):
    """A member leaves a fight she cannot win a blow of (ruling sim-targets): whether any face of her Attack
    Roll is a Success is read off the rules engine's own Qualification Roll (Six Degrees of Success, Table 18,
    Modification) over all hundred faces, for every member against every creature, hurt and poisoned."""
    from nests.rules.resolution import degree_of

    success = {"Partial Success", "Complete Success", "Critical Success"}
    rng = random.Random(5)
    battle = Fight(rng, content.tables, content.simulate, ([], []), bestiary)
    for _ in range(400):
        cid = rng.choice(sorted(chars))
        f = bestiary.member(chars[cid], rng.randrange(chars[cid].wounds_max), -rng.randrange(2), rng.choice([0, 40]),
                            {"poisoned": rng.choice([0, 15, 70])} if rng.random() < 0.5 else {})
        f.place = rng.randrange(5)
        f.refresh()
        e = rng.choice(CASTES)
        target = bestiary.group(e, 1, 5)[0]
        static, shift = battle.odds(f, target)
        expected = any(degree_of(content.tables, face, f.threat, target.survival, static, shift) in success
                       for face in range(100))
        assert battle.could_hit(f, target) == expected, (cid, e, static, shift)


def test_attack_lines_bestow_their_effects(content, bestiary, chars, monkeypatch):
    """A Nasute's Fontanellar Gun: Hit, "Target Poisoned d40"; Miss, "Target Immobilised d40" and "Attacker
    Recoils twice" (its stat block). The Effect is set with the die named (a 0 sets nothing, so 39 times in
    40), below 40."""
    for degree, effect in (("Partial Success", "poisoned"), ("Partial Failure", "immobilised")):
        monkeypatch.setattr(Fight, "degree", lambda self, *a, d=degree: d)
        got = 0
        for seed in range(800):
            target = bestiary.member(chars["ants"], 0)
            nasute = bestiary.group("nasute-soldier", 1, 6)[0]
            nasute.place = nasute.track.index("Holding")
            battle = Fight(random.Random(seed), content.tables, content.simulate, ([target], [nasute]), bestiary)
            battle.attack(nasute, target, [target])
            rating = target.effects.get(effect, 0)
            assert rating < 40 and set(target.effects) <= {"blind", effect}
            got += rating > 0
            if degree == "Partial Failure":
                assert nasute.track[nasute.place] == "Recoiling"
        assert within(got, 800, 39 / 40)


def test_effects_act_at_each_combat_turn(content, bestiary, chars):
    """Bleeding: the character "automatically takes a Wound each Combat Turn" (Table 8), checked at the start of
    her Turn (ruling sim-effects-combat): Bleeding 100% is never beaten, so every Turn costs a Wound. Charmed
    100%: she attacks one of her allies, never an enemy."""
    bleeder = bestiary.member(chars["ants"], 0, effects={"bleeding": 100})
    centipede = bestiary.group("centipede", 1, 8)
    battle = Fight(random.Random(1), content.tables, content.simulate, ([bleeder], centipede), bestiary)
    battle.start([bleeder] + centipede)
    for n in range(1, 6):
        bleeder.acted = True                 # she takes no Action; her Effects still act at her Turn
        battle.turn(bleeder, 0)
        assert bleeder.wounds == n
    struck = []
    for seed in range(50):
        charmed = bestiary.member(chars["wasp"], 0, effects={"charmed": 100})
        friend = bestiary.member(chars["spider"], 0)
        battle = Fight(random.Random(seed), content.tables, content.simulate, ([charmed, friend], centipede), bestiary)
        battle.start([charmed, friend] + centipede)
        real = battle.attack
        battle.attack = lambda f, t, o: (struck.append(t), real(f, t, o))
        battle.turn(charmed, 0)
    assert len(struck) == 50 and all(t.id == "spider" for t in struck)


def test_the_primary_queen_never_falls_below_holding(content, bestiary, chars):
    """Her stat block (Royal Scent): "She cannot move or Retreat: her Disposition never falls below Holding".
    Over 60 fights against Attacks that push her back ("Target Recoils"), she starts and ends at Holding or
    better, while the secondary Queen, without those words, is often lower."""
    lowest = {}
    for queen in ("queen-primary", "queen-secondary"):
        places = []
        for seed in range(60):
            party = [bestiary.member(chars[c], 0) for c in ("wasp", "scorpion")]
            q = bestiary.group(queen, 1, 30)
            battle = Fight(random.Random(seed), content.tables, content.simulate, (party, q), bestiary)
            battle.start(party + q)
            places.append(q[0].place)
            fight(random.Random(seed), bestiary, party, q, beat=True)
            places.append(q[0].place)
        lowest[queen] = min(places)
    holding = bestiary.group("queen-primary", 1, 20)[0].track.index("Holding")
    assert lowest["queen-primary"] == holding and lowest["queen-secondary"] < holding
