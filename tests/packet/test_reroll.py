"""`nests packet --reroll PART`: one part drawn anew, every other part as the seed rolled it.

What may change besides the part (issue: only that part, its Items, creatures and rulings,
the pages and the glance estimate): the Item Key's notes of where a Form was first found,
stat blocks new to the packet (each old one keeps its code), the rulings, and a later
Room's Known Item that names the Form last found in the re-rolled Room (ruling
packet-known-item: a Known Item is the Form last found as an Unknown Item in an earlier Room).
"""

import json
import re
from dataclasses import replace

import jsonschema
import pytest
from click.testing import CliRunner

from nests.cli import main
from nests.generators.packet.generate import build_packet
from nests.generators.packet.reroll import parse_reroll
from nests.publish.json import packet_data, packet_schema

PARTY = ["wasp", "spider", "beetle", "ants"]
SEEDS = range(19, 31)         # packets the key, page and JSON tests read too, built once (tests/packets.py)
VALIDATOR = jsonschema.Draft202012Validator(json.loads(packet_schema()))


@pytest.fixture(scope="module")
def data_of(content, packet_of):
    """seed, *parts → the packet's JSON data, those parts re-rolled (none: the packet as rolled, built once).
    ``played=False``: the re-rolled packet's ``session`` is the packet's as first rolled, its own estimate not
    played (the tests that compare what a re-roll changes leave the estimate aside)."""
    def data(seed, *parts, played=True):
        first = packet_of(seed, PARTY)
        if not parts:
            return packet_data(first, {})
        # (the packet as first rolled, which the re-roll reads, is built once: tests/packets.py)
        packet = build_packet(content, seed, PARTY, rerolls=tuple(parse_reroll(p) for p in parts))
        if not played:
            packet = replace(packet, estimate=lambda _: first.session, without=lambda _: first.beside)
        return packet_data(packet, {})
    return data


def _rooms(data):
    return {room["id"]: room for lv in data["levels"] for room in lv["rooms"]}


def _follows(a, b, rerolled):
    """Two views of one Event that differ only as a Known Item naming a re-rolled Room's Form may."""
    if a.get("side") == b.get("side") == "secret":
        same = {k: v for k, v in a.items() if k != "event"} == {k: v for k, v in b.items() if k != "event"}
        return same and (a["event"] == b["event"] or _follows(a["event"], b["event"], rerolled))
    known = all(e.get("side") == "food-item" and e.get("known") for e in (a, b))
    return known and (a.get("first_room") in rerolled or b.get("first_room") in rerolled)


def _unlinked(e):
    """An Event without the Room it reveals (a re-roll that reveals more Rooms may leave a later Room's find
    to its Level's spare Rooms: the same find, keyed elsewhere), a Secret's Event too."""
    out = {k: v for k, v in e.items() if k != "reveals"}
    if "event" in out:
        out["event"] = _unlinked(out["event"])
    return out


def _same_room(a, b, rerolled):
    """A Room not re-rolled: its Features and lookups as before, event by event (the Rooms they reveal aside)."""
    assert {k: v for k, v in a.items() if k not in ("cost", "risk", "reward", "reveals")} == \
           {k: v for k, v in b.items() if k not in ("cost", "risk", "reward", "reveals")}
    for kind in ("cost", "risk", "reward"):          # the Heart's Room has none (its finale: _same_heart)
        for x, y in zip(a.get(kind, []), b.get(kind, []), strict=True):
            assert {k: v for k, v in x.items() if k != "events"} == {k: v for k, v in y.items() if k != "events"}
            for e, f in zip(x["events"], y["events"], strict=True):
                e, f = _unlinked(e), _unlinked(f)
                assert e == f or _follows(e, f, rerolled), (a["id"], e, f)


# The Heart's words are written for the Job's kind and target (issue 35, point 4): a re-rolled Job
# writes them anew, its chamber's name and description too; its dice (guards, way out) stay.
HEART_WORDS = {"kind", "guards_text", "doing", "deed", "taken", "paid", "again"}
CHAMBER = {"name", "flavour", "name_roll"}


def _same_heart(a, b, rerolled, job=False):
    """The Heart's finale not re-rolled: as before, but for a Known Item naming a re-rolled Room's Form
    (and, with ``job``, its words)."""
    skip = {"guards", "way_out"} | (HEART_WORDS if job else set())
    assert {k: v for k, v in a.items() if k not in skip} == {k: v for k, v in b.items() if k not in skip}
    assert a["guards"] == b["guards"]
    skip = {"events"} | ({"text"} if job else set())
    assert {k: v for k, v in a["way_out"].items() if k not in skip} == {k: v for k, v in b["way_out"].items() if k not in skip}
    for e, f in zip(a["way_out"]["events"], b["way_out"]["events"], strict=True):
        assert e == f or _follows(e, f, rerolled), (e, f)


def _unchanged_but(before, after, part):
    """Every key of the packet but the ones the part may change."""
    skip = {"stamp", "levels", "heart", "items", "creatures", "rulings", "pages", "session", "way"} | ({"job"} if part == "job" else set())
    heart = before["heart"]["room"]
    if part not in (f"room:{heart}", f"level:{heart.split('.')[0]}"):
        _same_heart(before["heart"], after["heart"], {part.partition(":")[2]}, job=part == "job")
    else:
        assert before["heart"] != after["heart"]
    assert {k: v for k, v in before.items() if k not in skip} == {k: v for k, v in after.items() if k not in skip}
    assert [lv["rating"] for lv in before["levels"]] == [lv["rating"] for lv in after["levels"]]
    # stat blocks keep their codes (ruling packet-reroll)
    codes = {c["enemy"]: c["id"] for c in after["creatures"]}
    assert all(codes[c["enemy"]] == c["id"] for c in before["creatures"])
    functions = {i["id"]: i["function"] for i in after["items"]}
    for item in before["items"]:
        if part != f"item:{item['id']}":
            assert functions[item["id"]] == item["function"]


def _subtree(rooms, rid):
    """A Room and every Room revealed from it, in turn (each Room's ``found_in``)."""
    out = {rid}
    while True:
        more = {r for r, room in rooms.items() if room.get("found_in") in out} - out
        if not more:
            return out
        out |= more


@pytest.mark.parametrize("seed", SEEDS)
def test_a_rerolled_room_or_level_changes_its_rooms_and_nothing_else(data_of, seed):
    """Issue 35: "a Room's re-roll re-rolls that Room and the Rooms only it reveals"; every other Room still
    found where it was keeps its id and its key; a Level's re-roll draws its Rooms anew."""
    before = data_of(seed)
    old = _rooms(before)
    keyed = [r for r in old if not old[r].get("spare") and r != before["heart"]["room"]]
    for part, rerolled in [(f"room:{keyed[len(keyed) // 2]}", _subtree(old, keyed[len(keyed) // 2])),
                           (f"room:{keyed[-1]}", _subtree(old, keyed[-1])),
                           ("level:1", {r for r in old if r.startswith("1.")})]:
        after = data_of(seed, part, played=False)
        assert after["stamp"] == f"{seed}+{part}@1"
        _unchanged_but(before, after, part)
        new = _rooms(after)
        first = part.partition(":")[2] if part.startswith("room:") else "1.1"
        assert old[first] != new[first], part
        kept = (old.keys() & new.keys()) - rerolled
        assert "1.1" in kept or "1.1" in rerolled
        for rid in kept:
            _same_room(old[rid], new[rid], rerolled)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_a_rerolled_item_or_job_changes_that_alone(data_of, seed):
    before = data_of(seed)
    for part in ("item:I7", "job"):
        after = data_of(seed, part, played=False)
        _unchanged_but(before, after, part)
        heart = before["heart"]["room"]
        rooms = {rid: room for rid, room in _rooms(after).items() if part != "job" or rid != heart}
        assert {rid: room for rid, room in _rooms(before).items() if rid in rooms} == rooms
        if part == "job":
            assert after["job"] != before["job"]
            old, new = _rooms(before)[heart], _rooms(after)[heart]
            assert {k: v for k, v in old.items() if k not in CHAMBER} == {k: v for k, v in new.items() if k not in CHAMBER}
        else:
            assert [i for i in after["items"] if i["id"] == "I7"] != [i for i in before["items"] if i["id"] == "I7"]


def test_a_reroll_is_reproducible_and_another_reroll_differs(data_of):
    once, again = data_of(7, "room:1.1"), data_of(7, "room:1.1@1")
    other = data_of(7, "room:1.1@2")
    assert once == again and _rooms(once)["1.1"] != _rooms(other)["1.1"]
    assert other["stamp"] == "7+room:1.1@2"
    VALIDATOR.validate(other)                         # the shipped JSON Schema knows the stamp
    assert "stamp" not in data_of(7)           # a packet as rolled keeps the keys it always had


def test_the_pages_say_it_and_the_files_stand_beside_the_original(tmp_path):
    run = CliRunner().invoke(main, ["packet", "--seed", "42", "--reroll", "room:2.1", "--format", "txt", "-o", str(tmp_path)])
    assert run.exit_code == 0, run.output
    text = (tmp_path / "packet-42+room-2.1@1.txt").read_text()
    stamps = re.findall(r"seed (\S+) · v", text)
    assert stamps and set(stamps) == {"42+room:2.1@1"}
    assert "--reroll" in text and "room:2.1@1" in text.split("Rebuild:")[1][:400]
    assert not (tmp_path / "packet-42.txt").exists()


@pytest.mark.parametrize("args, says", [
    (["--seed", "42", "--reroll", "room:9.9"], "no such Room is keyed in this packet; keyed: 1.1,"),
    (["--seed", "42", "--reroll", "level:99"], "Level 99 has no keyed Room"),
    (["--seed", "42", "--reroll", "item:I99"], "the Item Key holds I1 to I24"),
    (["--seed", "42", "--reroll", "hall:3"], "not a part of the packet; give room:LEVEL.ROOM"),
    (["--seed", "42", "--reroll", "job@0"], "not a part of the packet"),
    (["--seed", "42", "--reroll", "job", "--reroll", "job@2"], "names the same part twice"),
    (["--reroll", "job"], "give its --seed"),
])
def test_a_bad_reroll_is_one_line(tmp_path, args, says):
    run = CliRunner().invoke(main, ["packet", *args, "--format", "txt", "-o", str(tmp_path / "out")])
    assert run.exit_code == 2 and says in run.output, run.output
    assert "Traceback" not in run.output and len(run.output.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_many_rerolled_parts_make_files_whose_names_fit_and_a_rebuild_line_that_makes_them_again(tmp_path):
    """A file's name holds 255 bytes: past reroll.LONGEST_STEM characters the parts left out of the
    name are counted and hashed (issue 29, point 5), and the first page's Rebuild line, which lists
    every part, is a command that makes the same packet again, byte for byte."""
    import shlex

    parts = [f"item:I{i}@123456789" for i in range(1, 12)] + [f"level:{n}@987654321" for n in (1, 2)] + \
            ["job@999999999"]
    args = ["packet", "--seed", "42", "--format", "txt", "--handout"] + [a for p in parts for a in ("--reroll", p)]
    run = CliRunner().invoke(main, args + ["-o", str(tmp_path / "one")])
    assert run.exit_code == 0, run.output
    names = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert len(names) == 3 and all(len(n.encode()) <= 255 for n in names)         # the packet, sheets, handout
    packet = next(n for n in names if not n.endswith(("-players.txt", "-sheets.txt")))
    assert re.fullmatch(r"packet-42\+item-I1@123456789\+.*\+\d+-more-[0-9a-f]{8}\.txt", packet), names
    assert packet.replace(".txt", "-players.txt") in names and packet.replace(".txt", "-sheets.txt") in names
    text = (tmp_path / "one" / packet).read_text(encoding="utf-8")
    rows = text.split("Rebuild:")[1].split("╠")[0].splitlines()
    rebuild = " ".join(row.strip("║▓ ").rstrip("\\ ") for row in rows)
    said = shlex.split(rebuild)
    assert said[0] == "nests" and [said[k + 1] for k, a in enumerate(said) if a == "--reroll"] == parts
    again = CliRunner().invoke(main, said[1:] + ["--format", "txt", "--handout", "-o", str(tmp_path / "two")])
    assert again.exit_code == 0, again.output
    assert sorted(p.name for p in (tmp_path / "two").iterdir()) == names
    assert (tmp_path / "two" / packet).read_bytes() == text.encode("utf-8")
    assert parse_reroll("job@2").file_part == "job@2"
