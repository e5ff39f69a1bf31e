"""The Nest as a dungeon (issue 35): every Room a printed lookup reveals is keyed or named as its Level's spare
Rooms, the tree the keys make is the Nest the simulation plays, and every packet prints a way to the Heart.
Each rule is checked over many Nests drawn from many seeds (``nest_of``: not chosen for a difficulty) and
over the packets as chosen (``packet_of``)."""

import random
from pathlib import Path

import pytest

from nests.generators.packet.dungeon import leads_to, spare_homes, spare_level, way_through
from nests.generators.sheet import character
from nests.rules.simulate import Run, new_game, settings_of

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = " ".join((ROOT.parent / "shared" / "rulebook" / "nests-and-insects-1.0.0.raw.txt").read_text(encoding="utf-8").split())
PARTY = ["wasp", "spider", "beetle", "ants"]
SEEDS = range(1, 41)


def _links(packet):
    """(Room, lookup, Event, the Room it reveals) for every Event of every keyed Room that reveals one."""
    for room in packet.rooms():
        for lk in room.all_lookups():
            for e, to in zip(lk.found, lk.links):
                yield room, lk, e, to


def test_every_room_revealing_lookup_names_a_keyed_room_or_its_levels_spares(nest_of):
    """Survival and Exploration > Generate and reap Rewards, step 6 ("If a generated Reward is a Room, Shortcut,
    or Level, the Reward is added to the player characters' communal Environment Pool") and > Passage ("add a
    Room"): every such Event of a keyed Room names the Room it adds (issue 35: "its line names that Room and
    its page"), on the Level the rules put it: a Room or a Passage on the same Level, a Level on the next, a
    Shortcut on the Level it leads to (past the keyed Rooms, that Level's band's spare Rooms); the Heart is its
    one Room. No other Event names one."""
    assert "If a generated Reward is a Room, Shortcut, or Level, the Reward is added to the player characters' communal Environment Pool" in RULEBOOK
    named = 0
    for seed in SEEDS:
        packet = nest_of(seed)
        rooms = {r.id: r for r in packet.rooms()}
        heart = packet.heart.rooms[0].id
        spares = {lv.number for lv in packet.levels if any(r.spare for r in lv.rooms)}
        home = spare_homes(packet.levels)
        for room, lk, e, to in _links(packet):
            level = leads_to(e, room.level)
            if level is None:
                assert to is None, (seed, room.id, e.id)
                continue
            named += 1
            assert to is not None, (seed, room.id, e.id)
            if level >= packet.heart.number:
                assert to == heart, (seed, room.id, to)
            elif spare_level(to) is not None:
                assert spare_level(to) == home[level] and home[level] in spares, (seed, room.id, to)
            else:
                assert rooms[to].level == level and not rooms[to].spare, (seed, room.id, to)
                if not room.spare:
                    assert rooms[to].found_in == room.id, (seed, room.id, to)
    assert named > 500


def test_each_keyed_room_is_revealed_by_one_keyed_room_and_no_key_is_played_for_two(nest_of):
    """Issue 35: "No key is played for two Rooms": each keyed Room but the Entrance, the spares and the Heart is
    named by exactly one printed line, of the Room it was found in; the Entrance is Room 1.1."""
    for seed in SEEDS:
        packet = nest_of(seed)
        named = {}
        for room, lk, e, to in _links(packet):
            if to is not None and spare_level(to) is None and to != packet.heart.rooms[0].id:
                named.setdefault(to, []).append(room.id)
        for room in packet.rooms():
            if room.spare or room is packet.heart.rooms[0]:
                continue
            if room.id == "1.1":
                assert room.found_in is None and room.id not in named
            else:
                assert named.get(room.id) == [room.found_in], (seed, room.id, named.get(room.id))


def test_no_level_the_keys_enter_keys_one_room_when_its_lines_reveal_more(content, nest_of):
    """Issue 35's Done-when: "no Level that the printed lookups enter has only one Room when its lookups reveal
    more". Past the packet's reach a Level whose one keyed Room (or a Room above it) reveals a second Room of
    it keys that second Room too; only the Rooms after it go to the spares."""
    grown = 0
    for seed in SEEDS:
        packet = nest_of(seed)
        heart = packet.heart.rooms[0].id
        entered: dict[int, set] = {}
        for room, lk, e, to in _links(packet):
            if to is not None and to != heart and not room.spare:
                entered.setdefault(spare_level(to) or int(to.partition(".")[0]), set()).add(to)
        for level, links in entered.items():
            keyed = [r for r in packet.levels[level - 1].rooms if not r.spare]
            assert len(keyed) != 1 or len(links) == 1, (seed, level, sorted(links))
        reach = content.packet.settings["reach"]["oneshot"]["rooms"]
        grown += len([r for r in packet.rooms() if not r.spare and r.id != heart]) > reach
    assert grown >= 3                    # the rule was needed: Nests keyed a second Room past their reach


def test_every_packet_prints_a_way_from_the_entrance_to_the_heart(packet_of):
    """Issue 35, point 2: "the Heart can be reached from the Entrance through printed lookups alone": the way the
    glance page prints is a chain of keyed Rooms, each named by a printed line of the one before it."""
    for seed in range(1, 11):
        packet = packet_of(seed)
        way = packet.way
        assert way and way[0] == "1.1" and way[-1] == packet.heart.rooms[0].id and way == way_through(packet.levels)
        rooms = {r.id: r for r in packet.rooms()}
        for here, there in zip(way, way[1:]):
            assert there in rooms[here].reveals() and not rooms[here].spare, (seed, here, there)


def test_the_simulation_spends_each_room_once_and_only_rooms_the_pool_holds(content, nest_of, monkeypatch):
    """Environment Pool: "Environments can only be spent once"; Spend a Room: the party spends a Room of its
    Pool. Over many sessions of many Nests, every Room played was in the Pool (the Entrance, or named by a
    line played before), none twice, a Level's spare Rooms in their order. (An action the party is held
    fast for, ruling sim-held-fast, spends no Room: it plays that Room later.)"""
    assert "Environments can only be spent once" in RULEBOOK
    chars = [character(content, c) for c in PARTY]
    checked = 0
    for seed in range(1, 16):
        packet = nest_of(seed)
        game = new_game(packet, chars, **settings_of(content, packet))
        for n in range(40):
            run = Run(game, random.Random(n))
            played = []
            explore = run.explore

            def spy(room, explore=explore, played=played, run=run):
                assert room.id not in played and (room.id == "1.1" or room.id in run.revealed), (seed, n, room.id)
                explore(room)
                if run.action.words:        # played; a party held fast (ruling sim-held-fast) spent no Room
                    played.append(room.id)

            run.revealed = set()
            reveal = run.reveal

            def track(run=run, reveal=reveal):
                if run.link is not None:
                    run.revealed.add(run.link)
                    if spare_level(run.link) is not None:
                        run.revealed.update(game.spares.get(spare_level(run.link), []))
                reveal()

            monkeypatch.setattr(run, "explore", spy)
            monkeypatch.setattr(run, "reveal", track)
            run.play()
            for level, keys in game.spares.items():
                used = [r for r in played if r in keys]
                assert used == keys[:len(used)], (seed, n, used)
            checked += len(played)
    assert checked > 300
