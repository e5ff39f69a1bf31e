"""The pre-rolled Nest packet: lookups against the content tables, determinism, pages, errors, CLI.

The rule tests (test_rules.py) check what the packet prints against the rulebook
over many seeds; this module checks the packet as a whole.
"""

import dataclasses
import json
import os
import re
import statistics
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml
from click.testing import CliRunner

from nests.cli import main
from nests.errors import NestsError
from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import handout_pages, packet_pages
from nests.publish.json import packet_data, packet_json, packet_schema
from nests.publish.txt import join_pages
from tests.frames import check_page, pages_of
from tests.packet import golden

ROOT = Path(__file__).resolve().parents[2]
PARTY = ["wasp", "spider", "beetle", "ants"]
CLASSES = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp"]
SCHEMA = json.loads(packet_schema())
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


def made(content, packet, validate=True):
    """A packet, paginated, its txt and its JSON data, checked against the shipped schema."""
    pages, numbers = packet_pages(content, packet)
    data = packet_data(packet, numbers)
    if validate:
        VALIDATOR.validate(data)
    return packet, pages, join_pages([p.text for p in pages]), data


@pytest.fixture(scope="module")
def thirty(content, packet_of):
    # The schema is checked on a third of them (jsonschema takes longer than the packet itself).
    return {seed: made(content, packet_of(seed), validate=seed <= 10) for seed in range(1, 31)}


def _rows(kind):
    """The event table, read straight from the YAML (not through the engine)."""
    data = yaml.safe_load((ROOT / "content" / "tables" / f"{kind}s.yaml").read_text())
    return [(r["name"], r["chance"]) for r in data["rows"]]


TABLES = {k: _rows(k) for k in ("cost", "risk", "reward")}


def _expected(kind, rating, roll, perception):
    names = []
    for name, ch in TABLES[kind]:
        extra = perception if ch.get("feature") == "perception" else 0
        if ch["base"] + ch["level"] * rating + extra >= roll:
            names.append(name)
    return names


def test_every_lookup_matches_the_tables(content, thirty):
    for seed, (packet, _, _, data) in thirty.items():
        ratings = [lv["rating"] for lv in data["levels"]]
        assert ratings == sorted(ratings) and ratings[-1] == 100 and all(r < 100 for r in ratings[:-1])
        assert [lv["number"] for lv in data["levels"]] == list(range(1, len(ratings) + 1))
        for lv in data["levels"]:
            for room in lv["rooms"]:
                if lv.get("heart"):
                    assert set(room).isdisjoint({"cost", "risk", "reward"})     # its finale is under "heart"
                    continue
                for kind in ("cost", "risk", "reward"):
                    # a Room is spent by one action: three Costs, two Risks or three Rewards at most (Table 12)
                    assert len(room[kind]) == {"cost": 3, "risk": 2, "reward": 3}[kind]
                    for lk in room[kind]:
                        assert lk["die"] == "d100" and 0 <= lk["roll"] <= 99 and lk["table"] == kind + "s"
                        got = [e["name"] for e in lk["events"]]
                        assert got == _expected(kind, lv["rating"], lk["roll"], packet.perception), (seed, room["id"], kind)


def test_the_gqs_booklet_is_at_most_20_pages_for_the_median_packet(thirty):
    """Issue 35: "the GQ's booklet (sheets apart) has at most 20 pages for the median packet"; issue 10: a
    one-shot is at most 28 pages."""
    counts = [len(pages) for _, pages, _, _ in thirty.values()]           # the sheets are a file of their own
    assert max(counts) <= 28 and statistics.median(counts) <= 20, counts


def test_one_shot_order_and_what_is_keyed(thirty):
    """Issue 35: every Room a keyed lookup reveals is keyed (or named as its Level's spare Rooms); the median
    packet keys at least 8 Rooms; a Level the printed lookups enter has more than one Room whenever its Rooms'
    lookups reveal more; the pages run Cover, How-to, glance, Rooms, the Heart, stat blocks, Item Key, trackers
    and rulings, and end there (issue 35, point 6: the sheets are the players' file, packet-<seed>-sheets)."""
    keyed_counts = []
    for packet, pages, _, data in thirty.values():
        ids = {r["id"] for lv in data["levels"] for r in lv["rooms"]}
        spares = {lv["number"] for lv in data["levels"] for r in lv["rooms"] if r.get("spare")}
        keyed_counts.append(len(ids))
        for lv in data["levels"]:
            for room in lv["rooms"]:
                for to in room.get("reveals", []):
                    assert to in ids or (to.startswith("spare:") and int(to[6:]) in spares), (packet.seed, room["id"], to)
                if room.get("found_in"):
                    assert room["id"] in next(r for x in data["levels"] for r in x["rooms"] if r["id"] == room["found_in"])["reveals"]
            entered = [r for r in lv["rooms"]]
            reveal_same = {t for r in entered for t in r.get("reveals", []) if t.startswith(f"{lv['number']}.") or t == f"spare:{lv['number']}"}
            if entered and not lv.get("heart") and reveal_same:
                assert len(entered) > 1, (packet.seed, lv["number"])
        parts = [p.part for p in pages]
        assert parts[0] == "Cover" and parts[1] == "How to Run" and parts[2] == "The Nest at a Glance"
        assert parts.index("The Heart") < parts.index("Stat Blocks") < parts.index("Item Key") < parts.index(
            "Trackers and Rulings") and parts[-1] == "Trackers and Rulings" and "Character Sheet" not in parts
    assert statistics.median(keyed_counts) >= 8, keyed_counts


def test_every_code_is_on_its_page(thirty):
    """Issue 10, point 3: every code printed with its page; `pages` maps each code to a page that holds it."""
    for packet, pages, text, data in thirty.values():
        framed = pages_of(text)
        for code, number in data["pages"].items():
            page = "\n".join(framed[number - 1])
            if code == "Item Key":
                assert "ITEM KEY" in page
            elif code.startswith("Level "):
                n = code[6:]
                assert re.search(rf"Level {n}\b", page) or re.search(rf"^║ {n} ", page, re.M), code
            elif code.startswith("spare:"):
                assert f"Spare Rooms of Level {code[6:]}'s band" in page, code
            elif code[0] == "E":
                assert f"►{code} · " in page, code
            elif code[0] == "I":
                assert f"║ {code} " in page, code
            else:
                assert f"Room {code} · " in page, code
        for room in packet.rooms():
            assert room.id in data["pages"]
        for ref in re.findall(r"\b(E\d+|I\d+|Level \d+) p\.(\d+)", text):
            assert data["pages"][ref[0]] == int(ref[1]), ref
        for ref in re.findall(r"\bRoom (\d+\.\d+) p\.(\d+)", text):
            assert data["pages"][ref[0]] == int(ref[1]), ref


def test_no_room_is_split_and_pages_pass_the_frame_checks(thirty):
    for seed in (15, 42 % 30):
        _, pages, text, _ = thirty[seed]
        for page in pages_of(text):
            check_page(page)
            assert page[0].endswith("►Nest Packet◄╗ ")
            assert f"seed {seed} · v" in page[-2]
            opened = sum(line.count("┌[Room ") for line in page)
            closed = sum(1 for line in page if line.startswith("║└" + "─" * 89 + "┘║"))
            assert opened == closed


@pytest.mark.parametrize("size", range(1, 7))
def test_every_party_and_seed_builds(content, packet_of, size):
    """Parties of 1 to 6 × seeds 0, 1, 42, 999999999: a one-shot of at most 28 pages (sheets apart), its cover
    fitting any party, or, where no Nest of the seed lands the difficulty, one line naming the nearest
    (issue 36). A full-depth packet keys a printed way from the Entrance to the Heart."""
    from nests.generators.packet.difficulty import NoNestLands

    party = CLASSES[:size]
    for seed in (0, 1, 42, 999_999_999):
        try:
            packet = packet_of(seed, party)
        except NoNestLands as miss:
            assert "\n" not in str(miss) and "the nearest is Nest " in str(miss)
            packet = miss.packet
        _, pages, text, data = made(content, packet, validate=seed == 1)
        assert len(pages) <= 28 and data["depth"] == "oneshot"
        check_page(pages_of(pages[0].text)[0])                     # the cover holds any party and seed
    for seed in {1: (0,), 6: (999_999_999,)}.get(size, ()):      # full depth: the smallest and largest party
        _, pages, text, data = made(content, packet_of(seed, party, "full"))
        keyed = {r["id"]: lv for lv in data["levels"] for r in lv["rooms"]}
        assert data["depth"] == "full" and data["way"] and set(data["way"]) <= set(keyed)
        for page in pages_of(text):
            check_page(page)


def test_json_keeps_its_keys_and_adds(content, thirty):
    data = thirty[15][3]
    assert list(data) == ["seed", "version", "content_hash", "depth", "difficulty", "oneshot_depth", "nest_drawn", "way", "party", "nest", "job",
                          "levels", "heart", "creatures", "items", "rulings", "sides", "session", "pages"]
    lv = data["levels"][0]
    assert {"rating", "dice", "rooms", "number", "roll"} <= set(lv) and set(lv["dice"]) == {"features", "costs_risks", "rewards"}
    room = lv["rooms"][0]
    assert {"id", "name", "cost", "risk", "reward", "area", "height", "darkness", "flavour", "reveals"} <= set(room)
    assert {"die", "roll", "events", "table", "source"} == set(room["cost"][0])
    assert data["content_hash"] == content.content_hash and data["party"] == PARTY
    assert "null" not in json.dumps(data)


def test_schema_requires_every_key_and_two_depths():
    # every key is required but the stamp, which only a re-rolled packet has (nests packet --reroll), and the
    # one-shot's depth, which a full packet has not
    assert set(SCHEMA["required"]) == set(SCHEMA["properties"]) - {"stamp", "oneshot_depth"}
    assert SCHEMA["properties"]["depth"] == {"enum": ["oneshot", "full"]}
    result = CliRunner().invoke(main, ["packet", "--schema"])
    assert result.exit_code == 0 and json.loads(result.output) == SCHEMA


def test_golden_packet():
    for name, text in golden.outputs().items():
        assert text == (golden.GOLDEN / name).read_text(encoding="utf-8"), f"{name} differs: make golden"


def test_substreams_keep_levels_when_the_job_changes(content, nest_of):
    a = nest_of(5)
    b = nest_of(5, ["wasp"])
    # the same Nest of the seed for two parties (not chosen for either: rulings oneshot-choice, oneshot-depth):
    # the same Levels and Rooms, and the same Job
    above = min(len(a.levels), len(b.levels)) - 1
    assert [lv.rating for lv in a.levels[:above]] == [lv.rating for lv in b.levels[:above]]
    assert a.levels[0].rooms[0].lookups["cost"][0].roll == b.levels[0].rooms[0].lookups["cost"][0].roll
    # the target's stat block code (E-number) follows the creatures of the Levels kept, not the Job's rolls
    def rolled(job):
        return dataclasses.replace(job, target=dataclasses.replace(job.target, creature=None))
    assert rolled(a.job) == rolled(b.job)


@pytest.mark.parametrize("party, message", [
    (["wasp", "wasp"], "--party: class 'wasp' is named 2 times; each class at most once (Character Selection)"),
    (["wasp", "bee"], "--party: unknown class 'bee'; playable classes: ants, beetle, ladybug, scorpion, spider, wasp"),
    (["template"], "--party: unknown class 'template'; playable classes: ants, beetle, ladybug, scorpion, spider, wasp"),
    (["wasp"] * 7, "--party names 7 classes; a party has at most 6"),
])
def test_bad_party(content, party, message):
    with pytest.raises(NestsError) as err:
        build_packet(content, 1, party)
    assert str(err.value.message) == message


def _override(tmp_path, rel, old, new):
    target = tmp_path / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    text = (ROOT / "content" / rel).read_text()
    assert old in text
    target.write_text(text.replace(old, new, 1))
    return text[:text.index(old)].count("\n") + 1


@pytest.mark.parametrize("rel, old, new, expected", [
    ("tables/costs.yaml", "{procedure: boolean, effort: {base: 100, level: -1}, success: leads to a Room, failure: dead end}",
     "{procedure: boolean, success: leads to a Room, failure: dead end}", "resolve.effort: missing; this key is required"),
    ("tables/costs.yaml", "{procedure: players}", "{procedure: dice}", "resolve.procedure: 'dice' is not a procedure; allowed:"),
    ("tables/nest-levels.yaml", "first_level: {band: 0-20", "first_level: {band: low", "first_level.band: 'low' is not one of the rows' ratings"),
    ("tables/encounters-termite-nest.yaml", "{id: moth,", "{id: mothman,", "'mothman' has no stat block"),
    ("packet.yaml", "choice: {nests: 24}", "choice: {nests: many}", "choice.nests: 'many'"),
    ("enemies/moth.yaml", "short: {one: Moth, many: Moths}", "short: {one: Moth}", "short.many: missing; this key is required"),
])
def test_bad_packet_content_is_one_line_per_problem(tmp_path, rel, old, new, expected):
    line = _override(tmp_path, rel, old, new)
    result = CliRunner().invoke(main, ["packet", "--seed", "1", "--content", str(tmp_path), "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = [x for x in result.output.splitlines() if x.startswith("error")]
    assert len(lines) == 1 and f"{rel}:{line}" in lines[0] and expected in lines[0], result.output
    assert not (tmp_path / "out").exists()


def test_cli_exact_output(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["packet", "--seed", "15", "--party", "wasp,spider,beetle", "--format", "txt",
                                  "--format", "json", "--format", "svg", "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert result.output == (f"wrote {tmp_path}/packet-15.txt\nwrote {tmp_path}/packet-15.json\n"
                             f"wrote {tmp_path}/packet-15-map.svg\nwrote {tmp_path}/packet-15-sheets.txt\n")
    assert (tmp_path / "packet-15.txt").read_text() == (golden.GOLDEN / "packet-15.txt").read_text()
    svg = (tmp_path / "packet-15-map.svg").read_text()
    levels = json.loads((tmp_path / "packet-15.json").read_text())["levels"]
    drawn = svg.split('<g class="legend">')[0]          # the map: a chamber for each keyed Room, the Heart's marked
    keyed = [r for lv in levels for r in lv["rooms"] if not r.get("spare")]
    assert svg.startswith("<svg") and drawn.count('<ellipse class="chamber"') == len(keyed) - 1
    assert drawn.count('<ellipse class="heart"') == 1 and f"Level {len(levels)} · the Heart" in svg
    full = runner.invoke(main, ["packet", "--seed", "15", "--depth", "full", "--format", "json", "-o", str(tmp_path / "f")])
    assert json.loads((tmp_path / "f" / "packet-15.json").read_text())["depth"] == "full"
    bad = runner.invoke(main, ["packet", "--seed", "1", "--party", "wasp,wasp", "-o", str(tmp_path)])
    assert bad.exit_code == 2
    assert bad.output == "error: --party: class 'wasp' is named 2 times; each class at most once (Character Selection)\n"


def test_cli_random_seed_is_printed(tmp_path):
    """The seed drawn is printed first, whether its packet is written or refused (a seed none of whose
    Nests lands the difficulty for this party says so in one line, issue 36 point 3)."""
    result = CliRunner().invoke(main, ["packet", "--party", "wasp", "--format", "json", "-o", str(tmp_path)])
    first, second = result.stdout.splitlines() if result.exit_code == 0 else result.stdout.splitlines() + result.stderr.splitlines()
    seed = int(first.removeprefix("seed: "))
    if result.exit_code == 0:
        assert second == f"wrote {tmp_path}/packet-{seed}.json"
        assert json.loads((tmp_path / f"packet-{seed}.json").read_text())["seed"] == seed
    else:
        assert result.exit_code == 2 and second.startswith("error: --difficulty standard: no Nest of the 24")
        assert list(tmp_path.iterdir()) == []


def test_handout_has_what_players_need_and_no_secrets(packet_of, tmp_path):
    """Issue 10, point 5: the Job as told, the Exploration table, the Pool, a blank map; no Item Function,
    Room contents, encounter, Secret or complication. (The sheets are the players' own file since issue 35.)"""
    import re

    CliRunner().invoke(main, ["packet", "--seed", "15", "--party", "wasp,spider", "--format", "txt", "--handout", "-o", str(tmp_path)])
    text = (tmp_path / "packet-15-players.txt").read_text()
    for page in pages_of(text):
        check_page(page)
    packet = packet_of(15, ["wasp", "spider"])
    assert "As the client tells it" in text and "Critical Success" in text
    assert "Environment Pool" in text and "____%" in text
    assert "Complications" not in text and "For the GQ" not in text
    for c in packet.job.complications:
        assert c.text not in text
    for room in packet.rooms()[1:]:
        assert f"Room {room.id}" not in text and room.flavour not in text
    assert not re.search(r"\b(E\d+|I\d+) p\.", text) and "Secret:" not in text and "Item Key" not in text


# The packet made and written the way the command does, as a function: run once in this process
# and once in a fresh one, the two must print the same hashes.
SCRIPT = """
import hashlib
from pathlib import Path


def made(pdf, letter=None):
    from nests.content import load_content
    from nests.packet import packet_documents
    from nests.publish import render_all

    c = load_content()
    docs = packet_documents(c, 15, ["wasp", "spider"], None, handout=True)
    outputs = render_all(docs[:1], ["txt", "json", "svg", "pdf"], "a4") + render_all(docs[1:], ["txt"], "a4")
    outputs += render_all(docs[1:2], ["pdf"], "a4", impose="a5")         # the party's sheets, one side a player
    lines = []
    for name, data in outputs:
        lines.append(f"{name} {hashlib.sha256(data).hexdigest()}")
        if name == "packet-15.pdf":
            Path(pdf).write_bytes(data)
    if letter:                          # the players' handout (the shorter document) on Letter
        Path(letter).write_bytes(render_all(docs[2:], ["pdf"], "letter")[0][1])
    return "\\n".join(lines) + "\\n"
"""


def test_two_processes_give_identical_bytes_and_the_pdf_matches_the_txt(content, packet_of, tmp_path):
    """Same seed and content → the same bytes in every format from two processes (a fresh one and this
    one); the PDF has the txt's pages (at A4; the handout's at Letter), an outline down to every Room,
    stat block and the Item Key."""
    import io

    import pypdfium2
    from pypdf import PdfReader

    # the fresh process runs while this one makes the same packet
    fresh = subprocess.Popen([sys.executable, "-c", SCRIPT + "\nimport sys\nprint(made(*sys.argv[1:]), end='')",
                              str(tmp_path / "0.pdf")], stdout=subprocess.PIPE, text=True,
                             env={k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"})
    here = {}
    exec(SCRIPT, here)
    mine = here["made"](tmp_path / "1.pdf", tmp_path / "letter.pdf")
    theirs = fresh.communicate(timeout=300)[0]
    assert fresh.returncode == 0
    assert theirs == mine and "packet-15.pdf" in mine and "packet-15-players.txt" in mine
    assert "packet-15-sheets.txt" in mine and "packet-15-sheets.pdf" in mine
    assert (tmp_path / "0.pdf").read_bytes() == (tmp_path / "1.pdf").read_bytes()
    letter = PdfReader(io.BytesIO((tmp_path / "letter.pdf").read_bytes()))
    packet = packet_of(15, ["wasp", "spider"])
    txt_pages = packet_pages(content, packet).pages
    pdf = (tmp_path / "0.pdf").read_bytes()
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == len(txt_pages)
    assert len(letter.pages) == len(handout_pages(content, packet)) and letter.pages[0].mediabox.width == 612

    def bookmarks(outline):
        for o in outline:
            yield from (bookmarks(o) if isinstance(o, list) else [o])

    marks = {o.title: o for o in bookmarks(reader.outline)}
    for room in packet.rooms():
        assert f"Room {room.id} · {room.name}" in marks
    for c in packet.creatures:
        assert f"{c.id} {c.name}" in marks
    assert "Item Key" in marks and "Map of the Nest" in marks
    # the vector map: its own words (the text map under it is not printed), on the page of the map's bookmark
    # (the pages' text read by PDFium: pypdf takes seconds a page to lay out the map's labels)
    heart = f"Level {packet.heart.number} · the Heart"
    drawn = [i for i, page in enumerate(pypdfium2.PdfDocument(pdf))
             if heart in (text := page.get_textpage().get_text_range()) and f"Outside: {packet.nest_outside}" in text]
    assert drawn and drawn[0] == reader.get_destination_page_number(marks["Map of the Nest"])
    assert "Map of the Nest, Outside down to the Heart" in "\n".join(txt_pages[drawn[0]].text.split("\n")[:48])
