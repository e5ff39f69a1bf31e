"""Issue 40's campaign through the command line: seed 42 played over three evenings (a character dying
and replaced, a rest between), each evening's packet starting where the last one stopped; a broken log
refused at its line with the store untouched; a kill -9 mid-save; export → import → export; the same
record in another process."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from nests.cli import main

ROOT = Path(__file__).parents[2]
PARTY = "wasp:Vesper,spider:Ari,beetle:Bo"
# Seed 42's full Nest: 1.1 reveals 1.2 and 1.3, 1.2 reveals 2.1 and 2.2, 2.2 reveals 3.2 and 3.3, 3.2 reveals 4.1,
# 4.1 reveals 5.1 (tests read the Nest itself below, so a change to the Nest fails here first, by name).
EVENINGS = [
    """\
    spent: 1.1 1.2 2.1
    found: 1.2 1.3 2.1 2.2
    level: 2
    items: {found: [I3]}
    party:
      Vesper: {wounds: 2, hunger: 1, xp: [attributes.speed, common_abilities.exploration]}
      Ari: {wounds: 3, died: true}
    joined:
      - {name: Bea, class: ladybug, replaces: Ari, bid: spider}
    """,
    """\
    spent: 2.2 3.2
    found: 3.2 3.3 4.1
    level: 3
    items: {found: [I7], identified: [I3]}
    party:
      Bea: {wounds: 1, items: [{name: I3 Black Honeydew, types: [F], rating: 40}]}
      Bo: {xp: [attributes.stamina]}
    """,
    """\
    spent: 4.1 5.1
    found: 5.1 6.1
    level: 5
    party:
      Bo: {wounds: 4}
    """,
]
# What each evening leaves in the Environment Pool, in the order found.
POOLS = [["1.3", "2.2"], ["1.3", "3.3", "4.1"], ["1.3", "3.3", "6.1"]]


def nests(*args, data: Path):
    result = CliRunner().invoke(main, [*args, "--data", str(data)], catch_exceptions=False)
    return result


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The campaign played: after each evening its packet's JSON (and txt), and the export at the end."""
    data = tmp_path_factory.mktemp("data")
    logs = tmp_path_factory.mktemp("logs")
    out = tmp_path_factory.mktemp("out")
    assert nests("campaign", "new", "Cathedral", "--party", PARTY, "--seed", "42", data=data).exit_code == 0
    packets = []
    for n, text in enumerate(EVENINGS, 1):
        log = logs / f"evening-{n}.yaml"
        log.write_text(textwrap.dedent(text), encoding="utf-8")
        result = nests("campaign", "log", "Cathedral", str(log), data=data)
        assert result.exit_code == 0, result.output
        if n == 1:
            rest = nests("campaign", "rest", "Cathedral", data=data)
            assert rest.exit_code == 0, rest.output
        result = nests("campaign", "packet", "Cathedral", "--format", "txt", "--format", "json", "-o", str(out), data=data)
        assert result.exit_code == 0, result.output
        stem = out / f"campaign-cathedral-evening-{n + 1}"
        packets.append((json.loads(stem.with_suffix(".json").read_text(encoding="utf-8")),
                        stem.with_suffix(".txt").read_text(encoding="utf-8")))
    export = nests("campaign", "export", "Cathedral", data=data)
    assert export.exit_code == 0
    return {"data": data, "logs": logs, "packets": packets, "export": export.output, "out": out}


def test_each_evening_starts_where_the_last_stopped_and_agrees_with_the_log(played):
    spent = []
    for n, ((packet, txt), pool) in enumerate(zip(played["packets"], POOLS), 1):
        stand = packet["campaign"]
        assert stand["evenings"] == n
        assert stand["pool"] == pool
        spent += [r for line in EVENINGS[n - 1].splitlines() if line.strip().startswith("spent:")
                  for r in line.split(":", 1)[1].split()]
        assert stand["spent"] == spent
        # the Nest is the same Nest every evening: the Rooms the log names are the keyed Rooms it names
        rooms = {r["id"]: r for lv in packet["levels"] for r in lv["rooms"]}
        for room in pool:
            assert room in rooms
        assert f"CAMPAIGN CATHEDRAL · EVENING {n + 1}" in txt
        # its frame and its estimate are an evening's of the campaign, not a one-shot's
        assert f"═►Campaign · Evening {n + 1}◄╗" in txt.splitlines()[0] and "Nest Packet" not in txt
        # its cover names the evening and the command that makes this packet again (not a fresh full-depth one)
        assert f"A CAMPAIGN'S EVENING · Termite Cathedral · evening {n + 1}" in txt and "PRE-ROLLED" not in txt
        assert "Rebuild: nests campaign packet Cathedral" in txt and "Rebuild: nests packet" not in txt
        assert f"Difficulty of evening {n + 1}, from where the party stands (Level {packet['campaign']['level']}," \
            in " ".join(line.strip("║▓ ") for line in txt.splitlines())
        for room in pool:
            assert f"Room {room} p." in txt.split("The next Levels")[0]
    first, second, third = (p["campaign"] for p, _ in played["packets"])
    assert first["level"] == 2 and second["level"] == 3 and third["level"] == 5
    ari = next(m for m in first["party"] if m["name"] == "Ari")
    bea = next(m for m in first["party"] if m["name"] == "Bea")
    assert not ari["alive"] and ari["died"] == 1
    assert bea["alive"] and bea["replaces"] == "Ari" and bea["class"] == "ladybug" and bea["bid"] == "spider"
    assert second["identified"] == ["I3"] and second["items"] == ["I3", "I7"]
    # the estimate is played from the party's place: the living party of the evening, its Pool
    assert set(played["packets"][0][0]["party"]) == {"wasp", "beetle", "ladybug"}
    assert "ruling" in played["packets"][0][1] and "campaign-where-left" in {r["id"] for r in played["packets"][0][0]["rulings"]}


def test_a_rest_heals_and_rolls_the_xp_ticked(played):
    record = json.loads(played["export"])
    rest = record["entries"][1]
    assert rest["kind"] == "rest"
    vesper = rest["party"]["Vesper"]
    assert vesper["state"]["wounds"] == 0 and vesper["state"]["xp"] == []     # 2 Wounds healed (content/campaign.yaml)
    assert vesper["state"]["hunger"] == 2
    assert sum("XP: d100 → " in line for line in vesper["said"]) == 2
    assert "Ari" not in rest["party"]                                        # the dead do not rest


def test_a_broken_log_is_refused_at_its_line_and_nothing_is_written(played, tmp_path):
    files = sorted(played["data"].glob("table.sqlite3*"))
    before = {f.name: f.read_bytes() for f in files if not f.name.endswith("-shm")}
    cases = [("spent: 6.1 7.1\nfound: ''\n", 1, "spent.1", "is not in the Environment Pool"),
             ("spent: 6.1 9.9\n", 1, "spent.1", "is no Room of this Nest"),
             ("spent: '6.1'\nfound: '7.1'\nparty:\n  Nobody: {wounds: 1}\n", 4, "party.Nobody", "no character of the party"),
             ("spent: '6.1'\nfound: '7.1'\nparty:\n  Bo:\n    wounds: 99\n", 5, "party.Bo.wounds", "more than Bo's Wounds Max, 5"),
             ("spent: '6.1'\nfound: 7.1 8.1\n", 2, "found.1", "is revealed by no Room spent"),
             ("spent: '6.1'\njob: won\n", 2, "job", "allowed: done, failed"),
             ("spent: [6.1, 9.9]\n", 1, "spent.1", "'9.9' is no Room of this Nest")]
    for text, line, key, message in cases:
        log = tmp_path / "broken.yaml"
        log.write_text(text, encoding="utf-8")
        result = nests("campaign", "log", "Cathedral", str(log), data=played["data"])
        assert result.exit_code == 2, result.output
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in result.output
        assert lines[0].startswith(f"error: {log}:{line}: {key}: ") and message in lines[0], lines[0]
    assert {f.name: f.read_bytes() for f in files if not f.name.endswith("-shm")} == before
    assert nests("campaign", "export", "Cathedral", data=played["data"]).output == played["export"]


@pytest.mark.parametrize("text", ["spent: 6.1\nfound: 7.1\n", "spent: [6.1]\nfound: [7.1]\n"])
def test_a_lone_room_id_written_bare_is_the_room_it_reads_as(played, tmp_path, text):
    """YAML reads ``spent: 6.1`` as a number; seed 42's Nest has one Room that reads as it (no Room 6.10)."""
    data = tmp_path / "data"
    exported = tmp_path / "cathedral.json"
    exported.write_text(played["export"], encoding="utf-8")
    assert nests("campaign", "import", str(exported), data=data).exit_code == 0
    log = tmp_path / "bare.yaml"
    log.write_text(text, encoding="utf-8")
    result = nests("campaign", "log", "Cathedral", str(log), data=data)
    assert result.exit_code == 0, result.output
    last = json.loads(nests("campaign", "export", "Cathedral", data=data).output)["entries"][-1]
    assert (last["spent"], last["found"]) == (["6.1"], ["7.1"])


def test_a_bare_number_two_rooms_read_as_is_refused_with_the_way_to_quote_it():
    from nests.campaign.log import _rooms
    from nests.campaign.model import EntryProblem

    nest = ("2.1", "2.9", "2.10", "3.1")
    assert _rooms(2.9, ("spent",), 10, nest) == ["2.9"] and _rooms([3.1, "2.10"], ("spent",), 10, nest) == ["3.1", "2.10"]
    with pytest.raises(EntryProblem) as refused:
        _rooms([3.1, 2.1], ("spent",), 10, nest)
    assert refused.value.path == ("spent", 1)
    assert "Rooms 2.1 and 2.10 both read as it; quote the id: '2.10'" in refused.value.message


def test_export_import_export_gives_the_same_bytes(played, tmp_path):
    exported = tmp_path / "cathedral.json"
    exported.write_text(played["export"], encoding="utf-8")
    other = tmp_path / "other"
    result = nests("campaign", "import", str(exported), data=other)
    assert result.exit_code == 0, result.output
    assert nests("campaign", "export", "Cathedral", data=other).output == played["export"]
    again = nests("campaign", "import", str(exported), data=other)
    assert again.exit_code == 2 and "exists already" in again.output


def test_the_export_follows_its_schema(played):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "templates" / "campaign" / "campaign.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate(json.loads(played["export"]), schema)


def test_an_import_that_does_not_agree_with_its_nest_is_refused_whole(played, tmp_path):
    record = json.loads(played["export"])
    record["entries"][2]["spent"] = ["9.9"]
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record), encoding="utf-8")
    other = tmp_path / "other"
    result = nests("campaign", "import", str(broken), data=other)
    assert result.exit_code == 2 and "9.9" in result.output and len(result.output.strip().splitlines()) == 1
    assert nests("campaign", "export", "Cathedral", data=other).exit_code == 2     # nothing kept


SAVER = """
import sys, time
from pathlib import Path
from nests.serve.store import Store
store = Store(Path(sys.argv[1]))
real = store._db
class Slow:
    def __getattr__(self, name):
        return getattr(real, name)
    def execute(self, sql, *args):
        out = real.execute(sql, *args)
        if sql.startswith("insert into campaign_entries"):
            print("written, not committed", flush=True)
            time.sleep(60)
        return out
store._db = Slow()
store.add_entry("Cathedral", {"kind": "reroll", "part": "room:9.1@1"}, int(sys.argv[2]))
"""


def test_a_kill_mid_save_leaves_the_campaign_as_it_was(played, tmp_path):
    """A process killed (-9) between writing an entry and committing it: the campaign is as before."""
    data = tmp_path / "data"
    exported = tmp_path / "cathedral.json"
    exported.write_text(played["export"], encoding="utf-8")
    assert nests("campaign", "import", str(exported), data=data).exit_code == 0
    entries = len(json.loads(played["export"])["entries"])
    saver = subprocess.Popen([sys.executable, "-c", SAVER, str(data), str(entries)], stdout=subprocess.PIPE,
                             text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "generator")})
    try:
        assert saver.stdout.readline().strip() == "written, not committed"
    finally:
        saver.send_signal(signal.SIGKILL)
        saver.wait()
    assert nests("campaign", "export", "Cathedral", data=data).output == played["export"]
    # and a save that is not killed is there whole
    from nests.serve.store import Store

    assert Store(data).add_entry("Cathedral", {"kind": "reroll", "part": "room:9.1@1"}, entries)
    assert len(json.loads(nests("campaign", "export", "Cathedral", data=data).output)["entries"]) == entries + 1


PLAY = """
import sys, textwrap, json
from pathlib import Path
from click.testing import CliRunner
from nests.cli import main
data, logs = sys.argv[1], Path(sys.argv[2])
def run(*a):
    r = CliRunner().invoke(main, [*a, "--data", data], catch_exceptions=False)
    assert r.exit_code == 0, r.output
    return r.output
run("campaign", "new", "Cathedral", "--party", sys.argv[3], "--seed", "42")
for n in (1, 2, 3):
    run("campaign", "log", "Cathedral", str(logs / f"evening-{n}.yaml"))
    if n == 1:
        run("campaign", "rest", "Cathedral")
run("campaign", "packet", "Cathedral", "--format", "txt", "--format", "json", "--format", "pdf", "-o", sys.argv[4])
sys.stdout.write(run("campaign", "export", "Cathedral"))
"""


def test_the_same_seed_and_logs_give_the_same_bytes_in_another_process(played, tmp_path):
    """The record, and the next evening's packet (txt, JSON, PDF), the same bytes in a process of its own."""
    there = tmp_path / "there"
    other = subprocess.Popen([sys.executable, "-c", PLAY, str(tmp_path / "data"), str(played["logs"]), PARTY, str(there)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT / "generator"), "PYTHONHASHSEED": "7"})
    try:
        # the PDF made here meanwhile (the txt and JSON were, by the fixture)
        here = nests("campaign", "packet", "Cathedral", "--format", "pdf", "-o", str(tmp_path / "here"), data=played["data"])
        assert here.exit_code == 0, here.output
        out, err = other.communicate(timeout=180)
    finally:
        other.kill()
    assert other.returncode == 0, err
    assert out == played["export"]
    stem = "campaign-cathedral-evening-4"
    for made, suffix in ((played["out"], ".txt"), (played["out"], ".json"), (tmp_path / "here", ".pdf")):
        assert (there / (stem + suffix)).read_bytes() == (made / (stem + suffix)).read_bytes(), suffix


def test_a_reroll_draws_only_what_the_party_has_not_met(played, tmp_path):
    data = tmp_path / "data"
    exported = tmp_path / "cathedral.json"
    exported.write_text(played["export"], encoding="utf-8")
    assert nests("campaign", "import", str(exported), data=data).exit_code == 0
    refused = nests("campaign", "packet", "Cathedral", "--reroll", "room:2.1", "--format", "json", "-o",
                    str(tmp_path / "out"), data=data)
    assert refused.exit_code == 2 and "already found or played" in refused.output
    assert nests("campaign", "export", "Cathedral", data=data).output == played["export"]
    kept = nests("campaign", "packet", "Cathedral", "--reroll", "room:7.2", "--format", "json", "-o",
                 str(tmp_path / "out"), data=data)
    assert kept.exit_code == 0, kept.output
    record = json.loads(nests("campaign", "export", "Cathedral", data=data).output)
    assert record["entries"][-1] == {"kind": "reroll", "part": "room:7.2@1"}
    packet = json.loads((tmp_path / "out" / "campaign-cathedral-evening-4.json").read_text(encoding="utf-8"))
    assert packet["campaign"]["rerolls"] == ["room:7.2@1"] and packet["campaign"]["pool"] == POOLS[-1]
