"""Room keys a GQ reads at a glance, and first pages that speak to the GQ (issue 28, points 1 and 8).

Each Room key is rendered on its own (templates/packet/room.txt.j2) and read back as a GQ
would: the lines under Costs, Risks and Rewards, each led by its ordinals, its words
first and the dice that decided them apart at the right. The trackers and the first
pages are read from the laid-out packet. Every check runs over many seeds.
"""

import re
from collections import Counter

import pytest

from nests.generators.packet.pages import PacketLayout, packet_pages
from nests.generators.sheet import Look
from nests.publish.txt import join_pages

SEEDS = range(1, 31)
ROLL = r"1?d\d+ → \d+(?: \(cap\))?"
DICE = rf"{ROLL}(?:(?:, | · ){ROLL})*(?: ·|,)?"
APART = re.compile(rf"^(?P<words>(?:.*?\S)??)(?P<gap>\s*)(?P<dice>{DICE})$")
ORDINALS = r"(?:1st|2nd|3rd)(?:, (?:1st|2nd|3rd))*"
LEAD = re.compile(rf"^(?P<lead>{ORDINALS})  (?P<words>.*)$")
KINDS = {"Costs": "cost", "Risks": "risk", "Rewards": "reward"}


@pytest.fixture(scope="module")
def laid(content, nest_of):
    """seed → (packet, the page of every code, its pages). Each seed's Nest as drawn (``nest_of``): a Room key,
    a tracker and a first page are laid out alike whichever Nest a difficulty keeps."""
    out = {}
    for seed in SEEDS:
        packet = nest_of(seed)
        pages, numbers = packet_pages(content, packet)
        out[seed] = packet, numbers, pages
    return out


def entries(lines: list[str]) -> dict[str, list[dict]]:
    """A Room key's entries by kind: each its lead, its words (lines joined) and its dice, in order.
    A line with a roll in its words part, or an entry not led by ordinals, fails here."""
    out, kind, entry = {}, None, None
    for line in lines:
        if line.startswith("║├─<"):
            kind = KINDS[line[4:line.index(">")]]
            out[kind] = []
            continue
        if kind is None or not line.startswith("║│ "):
            continue
        body = line[3:line.rindex(" │║")].rstrip()
        m = APART.match(body)
        words, dice = (m["words"], m["dice"]) if m and (not m["words"].strip() or len(m["gap"]) >= 3) else (body, "")
        assert not re.search(ROLL, words), f"a roll among the words: {body!r}"
        if not body.startswith(" "):
            lead = LEAD.match(words)
            assert lead, f"an entry not led by its ordinals and words: {body!r}"
            entry = {"lead": lead["lead"].split(", "), "words": lead["words"], "dice": []}
            out[kind].append(entry)
        elif words.strip():
            entry["words"] += " " + words.strip()
        entry["dice"] += re.findall(ROLL, dice)
    return out


def keyed(packet) -> list:
    """The Levels whose Rooms are printed as Room keys: all but the Heart, which has a page of its own."""
    return [lv for lv in packet.levels if not lv.heart]


def shown(r) -> str:
    return f"{r.die} → {r.roll}" + (" (cap)" if r.counts is not None else "")


@pytest.mark.parametrize("look", [None, Look(48), Look(40)], ids=["print", "48", "40"])
def test_a_room_key_line_leads_with_words_and_its_dice_follow_apart(laid, look, content):
    """Each line of a Room key names what happens first (its ordinals, then words); every die that
    decided it follows, apart, in the order the words tell them: none is lost (every pre-rolled
    result shows its die and roll) and none stands among the words."""
    for seed in SEEDS[::3] if look else SEEDS:
        packet, numbers, _ = laid[seed]
        lay = PacketLayout(packet, look) if look else PacketLayout(packet)
        for lv in keyed(packet):
            for room in lv.rooms:
                found = entries(lay.lines("packet/room.txt.j2", room=room, level=lv, pages=numbers))
                assert list(found) == ["cost", "risk", "reward"], (seed, room.id)
                for kind, lookups in room.lookups.items():
                    for e in found[kind]:
                        assert e["words"][0].isalpha(), (seed, room.id, e)
                        mine = [lk for lk in lookups if lk.ordinal in e["lead"]]
                        want = [shown(lk.roll) for lk in mine]
                        for lk in mine:
                            for ev in lk.events:
                                want += [shown(r) for r in ev.rolls()]
                        assert e["dice"] == want, (seed, room.id, kind, e)


def test_rolls_that_bring_nothing_share_one_line(laid):
    """Under each of Costs, Risks and Rewards, the lookups that generate no Event are one line,
    "2nd, 3rd  nothing", standing where the first of them would; each other lookup has a line of
    its own; every ordinal is led once."""
    merged = 0
    for seed in SEEDS:
        packet, numbers, _ = laid[seed]
        lay = PacketLayout(packet)
        for lv in keyed(packet):
            for room in lv.rooms:
                found = entries(lay.lines("packet/room.txt.j2", room=room, level=lv, pages=numbers))
                for kind, lookups in room.lookups.items():
                    empty = [lk.ordinal for lk in lookups if not lk.events]
                    leads = [e["lead"] for e in found[kind]]
                    assert sorted(o for lead in leads for o in lead) == sorted(lk.ordinal for lk in lookups)
                    nothing = [e for e in found[kind] if e["words"] == "nothing"]
                    assert [e["lead"] for e in nothing] == ([empty] if empty else []), (seed, room.id, kind)
                    if empty:
                        first = [lk.ordinal for lk in lookups].index(empty[0])
                        assert leads.index(empty) == len([lk for lk in lookups[:first] if lk.events])
                    merged += len(empty) > 1
    assert merged, "no Room merged two nothing-lookups in 30 seeds: the check saw nothing"


def _groups(event):
    """The creature groups an Event brings, a Secret's Encounter included."""
    while event.side == "secret":
        event = event.view.event
    return event.view.groups if event.side == "encounter" else ()


def test_an_encounter_names_its_creatures_by_count_name_code_and_page(laid, content):
    """"5 Major Soldiers (E3 p.13, …)": the count, the creature's short name from its content file
    (its plural for more than one), its stat block's code and page."""
    seen = Counter()
    for seed in SEEDS:
        packet, numbers, _ = laid[seed]
        enemies = packet.tables.enemies
        lay = PacketLayout(packet)
        for lv in keyed(packet):
            for room in lv.rooms:
                found = entries(lay.lines("packet/room.txt.j2", room=room, level=lv, pages=numbers))
                for kind, lookups in room.lookups.items():
                    for lk in lookups:
                        words = next(e["words"] for e in found[kind] if lk.ordinal in e["lead"])
                        for ev in lk.events:
                            for g in _groups(ev):
                                one, many = enemies[g.enemy].short
                                name = one if g.count == 1 else many
                                assert f"{g.count} {name} ({g.creature} p.{numbers[g.creature]}, Wounds {g.wounds_max}" \
                                       in words, (seed, room.id, words)
                                seen[g.count > 1] += 1
    assert seen[True] and seen[False]


def test_every_enemy_has_a_short_name_for_one_and_for_several(content, nest_of):
    enemies = nest_of(1).tables.enemies
    for enemy in enemies.values():
        one, many = enemy.short
        assert one and many and one != many and enemy.called(1) == one and enemy.called(5) == many


def _part(pages, *parts) -> str:
    return join_pages([p.text for p in pages if p.part in parts])


FILE = re.compile(r"\b[\w-]+\.(?:ya?ml|py|j2|json)\b|\b(?:content|generator|templates|tests)/")


def test_no_first_page_nor_ruling_names_a_file_or_an_id(laid):
    """The GQ's first pages (cover and Job, how to run, the glance) and the Rulings say what they
    mean in words: no content file, and none of the packet's internal ids (a ruling's or a table's)."""
    for seed in SEEDS:
        packet, _, pages = laid[seed]
        ids = {i for i in list(packet.tables.rulings) + list(packet.tables.docs) if "-" in i}
        text = _part(pages, "Cover", "How to Run", "The Nest at a Glance", "Trackers and Rulings")
        assert not FILE.search(text), FILE.search(text)
        words = set(re.findall(r"[\w-]+", text))
        assert not ids & words, (seed, ids & words)
    for rid, ruling in packet.tables.rulings.items():
        assert not FILE.search(ruling), rid


def test_the_trackers_are_as_long_as_the_nest_and_track_every_creature(laid, content):
    """Survival and Exploration > The Environment Pool: every Room, Passage, Shortcut and Level
    found is one entry of the pool, tabulated as Table 28. The tracker has a row for every Level of
    the Nest and for each Exploration Action of a session (each may find a Room). Every creature an
    Encounter of the packet brings has its Wounds track (Wounds Max, on its stat block): a row of
    boxes for each of the most of it one Encounter brings, as many boxes as its largest Wounds Max
    there."""
    actions = content.packet.settings["session"]["actions"]
    for seed in SEEDS:
        packet, _, pages = laid[seed]
        text = _part(pages, "Trackers and Rulings")
        rows = re.findall(r"^║│[^│]*│  □ ", text, re.M)
        assert len(rows) >= len(packet.levels) + actions, (seed, len(rows))
        most = {}
        events = [ev for room in packet.rooms() for lookups in room.lookups.values() for lk in lookups for ev in lk.events]
        events += [*packet.finale.guards, *packet.finale.way_out.events] if packet.finale else []
        for ev in events:
            for g in _groups(ev):
                count, wounds = most.get(g.creature, (0, 0))
                most[g.creature] = max(count, g.count), max(wounds, g.wounds_max)
        tracked = re.findall(r"^║ (E\d+) · \d+ ([^·]+) · Wounds Max [^:]*:  (.*?)\s*║▓$", text, re.M)
        assert sorted(code for code, _, _ in tracked) == sorted(most), seed
        enemy = {c.id: packet.tables.enemies[c.enemy] for c in packet.creatures}
        for code, name, boxes in tracked:
            count, wounds = most[code]
            assert name == enemy[code].called(count), (seed, code, name)
            rows = re.findall(r"(?:(\d+) )?(□+)", boxes)
            assert len(rows) == count and all(len(b) == wounds for _, b in rows), (seed, code, boxes)
            if count > 1:
                assert [int(n) for n, _ in rows] == list(range(1, count + 1))


def test_a_stat_block_prints_each_attack_outcome_whole(laid):
    """Character Sheets > Attack boxes (and each caste's Attacks figure under Setting > Termites): an
    Attack's outcomes are "Hit", "Hit (Alt)", "Hit (Add)", "Hit (Crit)", "Miss"…, each with its
    words. No bare "Alt" or "Add": each outcome with words prints whole, "Hit (Add): Attacker
    killed"; a line the box leaves blank is not printed."""
    for seed in (1, 7, 42 % 30):
        packet, _, pages = laid[seed]
        text = " ".join(line[2:-2].strip() for line in _part(pages, "Stat Blocks").splitlines() if line.startswith("║ "))
        text = re.sub(r"\s+", " ", text)
        assert not re.search(r"(?<!\()\b(?:Alt|Add|Crit|Rem)\b(?!\))", text)
        for c in packet.creatures:
            enemy = packet.tables.enemies[c.enemy]
            for a in (enemy.base_attack, enemy.special_attack):
                for side, lines in (("Hit", a.hit if a else ()), ("Miss", a.miss if a else ())):
                    for ln in lines:
                        if ln.text:
                            q = f" ({ln.qualifier})" if ln.qualifier else ""
                            assert f"{side}{q}: {ln.text}" in text, (c.id, side, ln)
