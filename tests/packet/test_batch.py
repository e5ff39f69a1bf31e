"""`nests batch`: packets byte-identical to `nests packet`, a CSV row each, and stats that count every roll
once, where it was drawn, and agree with the tables' exact odds."""

import csv
import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner

from nests.cli import main
from nests.generators.packet import stats
from nests.model import Die
from tests.frames import pages_of
from tests.packet import stats_check
from tests.packets import packet_settings

SEED, COUNT = 40, 3


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """A batch of three run as users run it: its own process, a pool of workers, output piped."""
    out = tmp_path_factory.mktemp("batch")
    run = subprocess.run([sys.executable, "-m", "nests", "batch", "--count", str(COUNT), "--seed", str(SEED),
                          "--format", "txt", "--format", "json", "-o", str(out)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return out, run


def test_each_packet_of_a_batch_is_the_packet_of_its_seed(batch, tmp_path):
    out, run = batch
    for seed in range(SEED, SEED + COUNT):
        alone = CliRunner().invoke(main, ["packet", "--seed", str(seed), "--format", "txt", "--format", "json",
                                          "-o", str(tmp_path)])
        assert alone.exit_code == 0, alone.output
        for ext in ("txt", "json"):
            assert (out / f"packet-{seed}.{ext}").read_bytes() == (tmp_path / f"packet-{seed}.{ext}").read_bytes()
    assert f"batch: {COUNT}/{COUNT} packets" in run.stderr          # piped: plain progress lines
    assert f"wrote {out / f'batch-{SEED}-{COUNT}.csv'}" in run.stdout


def _rolls(data, skip_form=False):
    """Every {die, roll} of a packet's JSON with its table, read from the JSON alone. An Item's Form
    rolls in the Item Key repeat the ones its Room printed (skip_form leaves them out)."""
    if isinstance(data, dict):
        if "die" in data and "roll" in data:
            yield data
        for key, value in data.items():
            if skip_form and key == "form":
                continue
            yield from _rolls(value, skip_form)
    elif isinstance(data, list):
        for value in data:
            yield from _rolls(value, skip_form)


def test_the_csv_has_a_row_per_packet_read_from_the_packet(batch, content):
    out, _ = batch
    castes = [row.id for row in content.packet.tables.encounters["termite-nest"].rows]
    with open(out / f"batch-{SEED}-{COUNT}.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == ["seed", "levels", "heart_depth", "pages", *castes, "difficulty", "landed"]
    assert {r["landed"] for r in rows} == {"1"}
    assert [int(r["seed"]) for r in rows] == list(range(SEED, SEED + COUNT))
    for row in rows:
        data = json.loads((out / f"packet-{row['seed']}.json").read_text())
        assert int(row["levels"]) == len(data["levels"])
        assert int(row["pages"]) == len(pages_of((out / f"packet-{row['seed']}.txt").read_text()))
        met = Counter()
        for e in _events(data):
            for g in e.get("groups", []):
                met[g["enemy"]] += g["count"]
        assert {c: int(row[c]) for c in castes} == {c: met[c] for c in castes}
        jumps = [e for e in _events(data) if e["side"] == "shortcut" and "to_level" in e]
        assert 2 <= int(row["heart_depth"]) <= len(data["levels"])
        if not jumps:
            assert int(row["heart_depth"]) == len(data["levels"])
        down = data["session"]["down_percent"]
        assert float(row["difficulty"]) == round(sum(down.values()) / len(down), 1)
        assert 0 <= float(row["difficulty"]) <= 100


def _events(data):
    for lv in data["levels"]:
        for room in lv["rooms"]:
            for kind in ("cost", "risk", "reward"):       # the Heart's Room has none: its finale is under "heart"
                for lk in room.get(kind, []):
                    for e in lk["events"]:
                        while e:
                            yield e
                            e = e.get("event")


def test_stats_count_every_roll_once_where_it_was_drawn_before_the_depth_is_chosen(batch, content):
    """Every {die, roll} of the JSON is one roll: each a face of its die. The stats count every roll of the
    packet as drawn before its one-shot depth is chosen (the chain cut at the deepest depth tried: which
    Levels are kept depends on how their rolls play, so the printed ones lean toward helpful faces), the
    Item Key's copies of a Room's Form rolls left out, and each table's results add up to its total."""
    from nests.generators.packet.generate import assemble
    from nests.publish.json import packet_data

    out, _ = batch
    pt = content.packet.settings
    counted = Counter()
    for seed in range(SEED, SEED + COUNT):
        for r in _rolls(json.loads((out / f"packet-{seed}.json").read_text())):
            die = Die.parse(r["die"])
            assert die.first <= r["roll"] <= die.last, r
        drawn = assemble(content, seed, pt["default_party"], pt["default_nest"], "oneshot", (),
                         pt["difficulty"]["default"], pt["oneshot_depth"]["deepest"])
        for r in _rolls(json.loads(json.dumps(packet_data(drawn, {}))), skip_form=True):
            counted[r["table"].rsplit("/", 1)[-1], r["die"]] += 1
    tables = json.loads((out / "stats.json").read_text())["tables"]
    by_table = Counter()
    for key, entry in tables.items():
        assert sum(r["observed"] for r in entry["results"].values()) == entry["total"]
        assert sum(Fraction(r["probability"]) for r in entry["results"].values()) == 1
        by_table[key.split("@")[0], entry["die"]] += entry["total"]
    assert by_table == counted


def test_a_tables_results_agree_with_its_exact_odds_over_many_packets(content, packet_of):
    """Chi-squared, table by table, at p > 0.001 (a batch of 2,000 runs the same check: make stats-check).
    Seeds 1–300, each packet's rolls as first drawn (its seed's first Nest at the first depth tried, no estimate
    played: cheap to make), before a Nest and its Job are chosen by how they play, as the batch counts them: a
    choice among fair rolls is no fair sample of them (easy evenings keep easy Jobs)."""
    from nests.generators.packet.generate import assemble

    pt = content.packet
    counts = Counter()
    deepest = pt.settings["oneshot_depth"]["deepest"]
    for seed in range(1, 301):
        first = assemble(content, seed, ["wasp", "spider", "beetle", "ants"], "termite", "oneshot", (), "standard", deepest)
        counts.update(stats.tally(first, pt))
    rows = stats_check.check(stats.table_stats(counts, pt))
    assert len(rows) >= 20
    assert [r for r in rows if r[3] <= stats_check.P_MIN] == []


def test_the_check_finds_a_loaded_die():
    """The chi-squared check can fail: a d10 that shows 0 twice as often as it should."""
    results = {str(f): {"observed": 200 if f == 0 else 89, "probability": "1/10"} for f in range(10)}
    entry = {"die": "d10", "total": 1001, "results": results}
    assert stats_check.check({"tables": {"loaded": entry}})[0][3] < stats_check.P_MIN


def test_a_bad_batch_is_one_line_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    run = CliRunner().invoke(main, ["batch", "--count", "2", "--seed", "1", "--party", "wasp,moth", "-o", str(out)])
    assert run.exit_code == 2 and "unknown class 'moth'" in run.output and "Traceback" not in run.output
    assert not out.exists()
    run = CliRunner().invoke(main, ["batch", "--count", "2", "--seed", "1", "--nest", "ant", "-o", str(out)])
    assert run.exit_code == 2 and "unknown Nest 'ant'" in run.output and not out.exists()


def test_a_seed_no_nest_lands_is_refused_in_a_batch_as_nests_packet_refuses_it(tmp_path):
    """A batch's worker that meets a refused seed (NoNestLands: no Nest lands the band) goes on: no packet
    files for it, its CSV row the nearest Nest with landed 0, its rolls counted, one line naming the seeds.
    A band no session can reach (every session done, and more) refuses every seed, in a pool of workers."""
    overlay = packet_settings(tmp_path / "content", ("easy: {low: 50, high: 100}", "easy: {low: 100, high: 100}"),
                              ("choice: {nests: 24}", "choice: {nests: 2}"))
    out = tmp_path / "out"
    args = ["batch", "--count", "2", "--seed", "5", "--difficulty", "easy", "--format", "json",
            "--content", str(overlay), "-o", str(out)]
    run = subprocess.run([sys.executable, "-m", "nests", *args], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert "batch: 2 seeds refused" in run.stderr and ": 5, 6" in run.stderr
    assert "wrote 0 packets" in run.stdout
    assert not list(out.glob("packet-*"))
    with open(out / "batch-5-2.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [(r["seed"], r["landed"]) for r in rows] == [("5", "0"), ("6", "0")]
    assert all(int(r["levels"]) >= 2 for r in rows)                      # the nearest Nest, described
    tables = json.loads((out / "stats.json").read_text())["tables"]
    assert sum(t["total"] for t in tables.values()) > 0                   # their rolls counted all the same
    alone = CliRunner().invoke(main, ["packet", "--seed", "5", "--difficulty", "easy", "--format", "json",
                                      "--content", str(overlay), "-o", str(tmp_path / "alone")])
    assert alone.exit_code == 2 and "no Nest of the 2 this seed draws" in alone.output
