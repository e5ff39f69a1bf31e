"""Each rule the packet must follow, stated with its place in the rulebook (or the ruling id
where the rulebook is silent), checked on the JSON over many seeds (generation only)."""

import pytest

from nests.content import load_content
from nests.generators.packet.generate import build_packet
from nests.publish.json import packet_data

SEEDS = range(1, 61)


@pytest.fixture(scope="module")
def tables(content):
    return content.tables


@pytest.fixture(scope="module")
def packets(nest_of):
    return [packet_data(nest_of(seed), {}) for seed in SEEDS]


def events(data):
    """(Level, Room id, event) for every event, a Secret's inner one included, in printed order."""
    for lv in data["levels"]:
        for room in lv["rooms"]:
            for kind in ("cost", "risk", "reward"):       # the Heart's Room has none: its finale is under "heart"
                for lk in room.get(kind, []):
                    for e in lk["events"]:
                        while True:
                            yield lv, room, e
                            if e["side"] != "secret":
                                break
                            e = e["event"]


def _last(die: str) -> int:
    return int(die.split("d")[1]) - 1


def test_one_function_per_form(packets):
    """Items > Generating Food Items > Known Items: "All Items with the same Form have the same Function"
    (ruling item-function-by-form): the Item Key lists each Form once, and every Item found names its Form's code."""
    for data in packets:
        names = [i["form"]["name"] for i in data["items"]]
        assert len(names) == len(set(names)) == 24
        by_code = {i["id"]: i for i in data["items"]}
        for _, _, e in events(data):
            if e["side"] == "food-item":
                assert by_code[e["item"]]["form"]["name"] == e["item_name"]
                if "form_rolls" in e:
                    colour, kind = e["form_rolls"][0], e["form_rolls"][1]
                    assert colour["table"] == "food-colour" and kind["table"] == "food-type"


def test_known_item_was_found_in_an_earlier_room(packets):
    """Reward Events > Known Item (TBD) and Items > Known Items: a Known Item is one the party found before
    (rulings known-item, packet-known-item): a reused Known Item names a Room the party passes through to find
    this one (the chain of Rooms whose lookups revealed it, back to the Entrance) that holds its Form."""
    checked = 0
    for data in packets:
        found_in = {room["id"]: room.get("found_in") for lv in data["levels"] for room in lv["rooms"]}
        found = {}
        for _, room, e in events(data):
            if e["side"] != "food-item":
                continue
            if e["reused"]:
                before, at = [], found_in.get(room["id"])
                while at is not None:
                    before.append(at)
                    at = found_in.get(at)
                assert e["first_room"] in before, (room["id"], e["first_room"])
                assert e["item"] in found.get(e["first_room"], set())
                checked += 1
            else:
                found.setdefault(room["id"], set()).add(e["item"])
    assert checked > 50


def test_shortcuts_lead_toward_the_centre_or_are_duds(packets, tables):
    """Reward Events > Shortcut: a Roll to Increase with the Rewards die; "takes you closer to the Job Target"
    (ruling shortcut): above the rating, to the first deeper Level at least that high (or the Heart); otherwise
    a dud, unrolled when the die cannot beat the rating. Never backwards."""
    seen = {"on": 0, "dud": 0, "unrolled": 0}
    for data in packets:
        levels = data["levels"]
        for lv, _, e in events(data):
            if e["side"] != "shortcut":
                continue
            best = min(_last(lv["dice"]["rewards"]), 100)
            assert e.get("roll", {"die": lv["dice"]["rewards"]})["die"] == lv["dice"]["rewards"]
            if best <= lv["rating"]:
                assert e.get("dud") and "roll" not in e
                seen["unrolled"] += 1
                continue
            value = min(e["roll"]["roll"], 100)
            if value <= lv["rating"]:
                assert e.get("dud")
                seen["dud"] += 1
                continue
            assert e["from_level"] == lv["number"] and e["to_level"] > e["from_level"]
            target = next((x for x in levels if x["number"] > lv["number"] and x["rating"] >= value), levels[-1])
            assert e["to_level"] == target["number"] and e["to_rating"] == target["rating"]
            assert e["reaches_heart"] == (target is levels[-1])
            assert (e["leads_to_level"], e["leads_to_rating"]) == (e["to_level"], e["to_rating"])   # earlier packets' keys
            seen["on"] += 1
    assert all(seen.values()), seen


def test_one_darkness_per_room(packets):
    """Cost Events > Darkness: the Room's Darkness is set with the Level's Costs/Risks die (ruling room-darkness):
    one value per Room; every Darkness Cost in it prints that value and rolls nothing."""
    checked = 0
    for data in packets:
        for lv, room, e in events(data):
            assert room["darkness"]["die"] == lv["dice"]["costs_risks"]
            assert room["darkness"]["rating"] == min(room["darkness"]["roll"], 100)
            if e["side"] == "darkness":
                assert e["rating"] == room["darkness"]["rating"] and "roll" not in e
                checked += 1
    assert checked > 100


def test_resource_and_obstacle_building_resources(packets):
    """Reward Events > Resource: the Rewards die, to Set a new Building Resources Item or to Increase a held one
    (ruling resource-increase). Risk Events > Tearing Obstacles down: a Boolean Roll against the first Obstruction,
    then a Roll to Set the Resource (ruling obstacle-resources); Obstruction is set with the Costs/Risks die."""
    seen = {"resource": 0, "left": 0, "none": 0}
    for data in packets:
        for lv, _, e in events(data):
            if e["side"] == "resource":
                assert e["roll"]["die"] == lv["dice"]["rewards"] and e["rating"] == min(e["roll"]["roll"], 100)
                seen["resource"] += 1
            if e["side"] == "obstacle":
                assert e["roll"]["die"] == lv["dice"]["costs_risks"] and e["rating"] == min(e["roll"]["roll"], 100)
                assert e["blocks"] == (e["rating"] > 0) and ("salvage" in e) == e["blocks"]
                if e["blocks"]:
                    s = e["salvage"]
                    assert s["effort"] == e["rating"] and s["success"] == (s["roll"] < s["effort"])
                    assert ("resources" in e) == s["success"]
                    if s["success"]:
                        assert e["resources"]["die"] == lv["dice"]["rewards"]
                    seen["left" if s["success"] else "none"] += 1
    assert all(seen.values()), seen


def test_level_reward_leads_to_the_next_level_of_the_chain(packets):
    """Reward Events > Level: a new, deeper Level (ruling packet-level-link: the chain's next one; none at the Heart)."""
    for data in packets:
        last = len(data["levels"])
        for lv, _, e in events(data):
            if e["side"] == "level":
                if lv["number"] == last:
                    assert e.get("heart")
                else:
                    assert e["to_level"] == lv["number"] + 1


def test_every_roll_shows_its_die_table_and_source(packets):
    """Every printed pre-rolled result shows its die and roll, and names its table and rulebook place."""
    def rolls(value):
        if isinstance(value, dict):
            if "die" in value and "roll" in value:
                yield value
            for v in value.values():
                yield from rolls(v)
        elif isinstance(value, list):
            for v in value:
                yield from rolls(v)

    for data in packets[:10]:
        for r in rolls({k: data[k] for k in ("job", "levels", "items")}):
            assert r["table"] and r["source"], r


def test_stat_blocks_cover_the_printed_encounters(packets):
    """Issue 10: stat blocks only for the creatures the printed Rooms' Encounters bring (the Heart's too) and the
    Job's target."""
    for data in packets:
        met = {g["enemy"] for _, _, e in events(data) if e["side"] == "encounter" for g in e["groups"]}
        for e in data["heart"]["guards"] + data["heart"]["way_out"]["events"]:      # the finale's, a Secret's inner one too
            while e:
                met |= {g["enemy"] for g in e.get("groups", [])}
                e = e.get("event")
        target = data["job"]["target"].get("enemy")
        assert {c["enemy"] for c in data["creatures"]} == met | ({target} if target else set())


def test_the_glance_estimate_is_the_first_runs_of_nests_simulate(content, nest_of, tmp_path):
    """Issue 18: the glance page's difficulty estimate plays the party through this packet: it is the first
    ``session.runs`` runs of `nests simulate` (the same sub-stream), with the Exploration Actions per session from
    content/packet.yaml; more Actions a session end fewer sessions for want of Actions, and reach no shallower."""
    from pathlib import Path

    from nests.generators.estimate import party_estimate
    from nests.generators.packet.generate import assemble

    root = Path(__file__).resolve().parents[2] / "content" / "packet.yaml"
    (tmp_path / "packet.yaml").write_text(root.read_text().replace("actions: 8,", "actions: 40,"))
    usual, longer = content, load_content([str(tmp_path)])
    runs = 40                       # nest_of's estimate: the first 40 runs
    short_total = long_total = 0
    for seed in range(1, 11):
        packet = nest_of(seed, ["wasp", "ants"])
        same = assemble(longer, seed, ["wasp", "ants"], "termite", "oneshot", (), "standard", len(packet.levels), runs=runs)
        a, b = packet.session, same.session
        est = party_estimate(usual, packet, runs)
        shown = ("hours", "scout", "job_interval", "difficulty", "band", "precision")
        assert {k: v for k, v in a.to_json().items() if k not in shown} == est.glance()
        assert a.job_interval == est.job_interval(usual.packet.settings["session"]["confidence_z"])
        assert 1 <= a.median <= a.p90 <= len(packet.levels) and a.actions == 8 and b.actions == 40
        assert a.runs == runs and set(a.down_percent) == {"wasp", "ants"} and len(a.rooms) <= 3
        short_total += est.ends["actions"]
        long_total += party_estimate(longer, same, runs).ends["actions"]
        assert b.mean >= a.mean - 1, seed
    assert short_total > 0 and long_total < short_total
