"""The pre-rolled Nest packet: lookups against the content tables, determinism, pages, errors, CLI."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from nests.cli import main
from nests.content import load_content
from nests.errors import NestsError
from nests.publish.json import packet_data, packet_json
from nests.publish.txt import join_pages
from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import packet_pages
from tests.frames import check_page, pages_of
from tests.packet import golden

ROOT = Path(__file__).resolve().parents[2]
PARTY = ["wasp", "spider", "beetle", "ants"]


@pytest.fixture(scope="module")
def content():
    return load_content()


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


def test_every_lookup_matches_the_tables(content):
    for seed in range(200):
        p = build_packet(content, seed, PARTY)
        data = packet_data(p)
        ratings = [lv["rating"] for lv in data["levels"]]
        assert ratings == sorted(ratings) and ratings[-1] == 100 and all(r < 100 for r in ratings[:-1])
        for lv in data["levels"]:
            for room in lv["rooms"]:
                for kind in ("cost", "risk", "reward"):
                    assert len(room[kind]) == 3
                    for lk in room[kind]:
                        assert lk["die"] == "d100" and 0 <= lk["roll"] <= 99
                        got = [e["name"] for e in lk["events"]]
                        assert got == _expected(kind, lv["rating"], lk["roll"], p["perception"]), (seed, room["id"], kind)


def test_secret_uses_the_party_best_perception(content):
    p = build_packet(content, 3, PARTY)
    assert p["perception"] == max(
        f.rating for cid in PARTY for f in __import__("nests.generators.sheet", fromlist=["x"]).character(content, cid).common_abilities
        if f.id == "perception")
    assert "packet-perception" in [r["id"] for r in p["rulings"]]


def test_json_keys_exactly(content):
    data = json.loads(packet_json(build_packet(content, 15, PARTY)))
    assert list(data) == ["seed", "version", "content_hash", "party", "nest", "job", "levels", "creatures", "items", "rulings"]
    lv = data["levels"][0]
    assert list(lv) == ["rating", "dice", "rooms"] and set(lv["dice"]) == {"features", "costs_risks", "rewards"}
    assert list(lv["rooms"][0]) == ["id", "name", "cost", "risk", "reward"]
    assert list(lv["rooms"][0]["cost"][0]) == ["die", "roll", "events"]
    assert data["content_hash"] == content.content_hash and data["party"] == PARTY


def test_golden_packet():
    for name, text in golden.outputs().items():
        assert text == (golden.GOLDEN / name).read_text(encoding="utf-8"), f"{name} differs: python -m tests.packet.golden"


def test_pages_pass_the_frame_checks(content):
    for seed in (15, 42):
        pages = pages_of(join_pages([p.text for p in packet_pages(content, build_packet(content, seed, PARTY))]))
        for page in pages:
            check_page(page)
            assert page[0].endswith("►Nest Packet◄╗ ")
            assert f"seed {seed} · v" in page[-2]


def test_same_seed_same_bytes_other_seed_differs(content):
    a = build_packet(content, 5, PARTY)
    b = build_packet(content, 5, PARTY)
    assert packet_json(a) == packet_json(b)
    assert join_pages([p.text for p in packet_pages(content, a)]) == join_pages([p.text for p in packet_pages(content, b)])
    assert packet_json(build_packet(content, 6, PARTY)) != packet_json(a)


def test_substreams_keep_levels_when_the_job_changes(content):
    a = build_packet(content, 5, PARTY)
    b = build_packet(content, 5, ["wasp"])
    assert [lv["rating"] for lv in a["levels"]] == [lv["rating"] for lv in b["levels"]]
    assert a["levels"][0]["rooms"][0]["cost"] == b["levels"][0]["rooms"][0]["cost"]
    assert a["job"] == b["job"]


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


def test_cli_exact_output(tmp_path):
    runner = CliRunner()
    result = runner.invoke(main, ["packet", "--seed", "15", "--party", "wasp,spider,beetle", "--format", "txt",
                                  "--format", "json", "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert result.output == f"wrote {tmp_path}/packet-15.txt\nwrote {tmp_path}/packet-15.json\n"
    assert (tmp_path / "packet-15.txt").read_text() == (golden.GOLDEN / "packet-15.txt").read_text()
    bad = runner.invoke(main, ["packet", "--seed", "1", "--party", "wasp,wasp", "-o", str(tmp_path)])
    assert bad.exit_code == 2
    assert bad.output == "error: --party: class 'wasp' is named 2 times; each class at most once (Character Selection)\n"


def test_cli_random_seed_is_printed(tmp_path):
    result = CliRunner().invoke(main, ["packet", "--party", "wasp", "--format", "json", "-o", str(tmp_path)])
    first, second = result.output.splitlines()
    seed = int(first.removeprefix("seed: "))
    assert second == f"wrote {tmp_path}/packet-{seed}.json"
    assert json.loads((tmp_path / f"packet-{seed}.json").read_text())["seed"] == seed


def test_handout_has_no_secrets(tmp_path):
    CliRunner().invoke(main, ["packet", "--seed", "15", "--party", "wasp,spider", "--format", "txt", "--handout", "-o", str(tmp_path)])
    text = (tmp_path / "packet-15-players.txt").read_text()
    pages = pages_of(text)
    assert len(pages) == 3
    for page in pages:
        check_page(page)
    assert "As the client tells it" in text and "Complications" not in text and "For the GQ" not in text


PDF_SCRIPT = """
import sys
from nests.content import load_content
from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import packet_pages
from nests.document import Page as PdfPage
from nests.publish.pdf import pdf_bytes
c = load_content()
pages = [PdfPage(p.text, p.bookmarks) for p in packet_pages(c, build_packet(c, 15, ["wasp"]))]
sys.stdout.buffer.write(pdf_bytes(pages, "t", "a4"))
"""


def test_pdf_same_bytes_across_processes_and_page_count(content):
    import io

    from pypdf import PdfReader

    runs = [subprocess.run([sys.executable, "-c", PDF_SCRIPT], capture_output=True, check=True).stdout for _ in range(2)]
    assert runs[0] == runs[1] and runs[0].startswith(b"%PDF")
    reader = PdfReader(io.BytesIO(runs[0]))
    pages = packet_pages(content, build_packet(content, 15, ["wasp"]))
    assert len(reader.pages) == len(pages)
    titles = [o.title for o in reader.outline if not isinstance(o, list)]
    assert titles[:4] == ["Cover", "The Job", "How to run this packet", "The Nest at a Glance"]
