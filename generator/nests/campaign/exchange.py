"""A whole campaign as JSON, and back: ``exported`` writes its record (templates/campaign/campaign.schema.json
describes it), ``import_campaign`` reads one, checks every entry as a log is checked and replays it over
the Nest before anything is kept. The record holds no clock: the same seed and entries give the same bytes."""

from __future__ import annotations

import json

from nests.campaign.model import FORMAT, VERSION, Campaign, EntryProblem
from nests.errors import NestsError, Problem

MOST_BYTES = 16 * 1024 * 1024


def exported(campaign: Campaign) -> str:
    return json.dumps(campaign.to_json(), indent=1, ensure_ascii=False) + "\n"


def schema_text() -> str:
    from nests.paths import TEMPLATES

    return (TEMPLATES / "campaign" / "campaign.schema.json").read_text(encoding="utf-8")


def _need(cond: bool, file: str, key: str, message: str) -> None:
    if not cond:
        raise NestsError(Problem(message, file=file, key=key))


def read_campaign(content, file: str, text: str) -> Campaign:
    """The campaign a JSON export holds, its every part checked (a log's own checks for each evening)."""
    from nests.campaign.core import check_name, party_of
    from nests.campaign.log import shape
    from nests.campaign.model import Stand

    try:
        data = json.loads(text)
    except ValueError as err:
        raise NestsError(Problem(f"is not JSON: {err}", file=file)) from None
    _need(isinstance(data, dict), file, "", "is not a campaign's export: a JSON object")
    _need(data.get("format") == FORMAT and data.get("version") == VERSION, file, "format",
          f"is not a campaign's export of version {VERSION} (\"format\": \"{FORMAT}\", \"version\": {VERSION})")
    keys = ("format", "version", "name", "seed", "nest", "party", "entries")
    for key in data:
        _need(key in keys, file, key, f"is not a key of a campaign's export; allowed: {', '.join(keys)}")
    _need(isinstance(data.get("name"), str), file, "name", "is not a name")
    name = check_name(data["name"])
    seed = data.get("seed")
    _need(isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= 999_999_999, file, "seed",
          "is not a seed (0–999999999)")
    _need(data.get("nest") in content.packet.nests, file, "nest", f"is not a Nest; known: {', '.join(content.packet.nests)}")
    party = data.get("party")
    _need(isinstance(party, list) and all(isinstance(p, dict) and set(p) == {"class", "name"} and
                                          all(isinstance(v, str) and ":" not in v and "," not in v for v in p.values())
                                          for p in party), file, "party", "is not a list of {\"class\", \"name\"}")
    members = party_of(content, ",".join(f"{p['class']}:{p['name']}" for p in party))
    entries = data.get("entries")
    _need(isinstance(entries, list), file, "entries", "is not a list of entries")
    from nests.content.sheets import NESTS, definition

    rest_keys = set(definition(content, NESTS).state_keys())
    stand = Stand()
    for n, entry in enumerate(entries):
        key = f"entries.{n}"
        _need(isinstance(entry, dict) and entry.get("kind") in ("evening", "rest", "reroll"), file, key,
              "is not an entry: an object whose kind is evening, rest or reroll")
        if entry["kind"] == "evening":
            body = {k: v for k, v in entry.items() if k != "kind"}
            try:
                stand.evenings = (body.get("evening") or 1) - 1
                same = shape(content, body, stand) == entry
            except EntryProblem as err:
                raise NestsError(Problem(err.message, file=file, key=".".join(map(str, (key, *err.path))))) from None
            _need(same, file, key, "is not an evening as the tool records it")
        elif entry["kind"] == "rest":
            _need(set(entry) == {"kind", "party"} and isinstance(entry["party"], dict) and all(
                isinstance(v, dict) and set(v) == {"state", "said"} and isinstance(v["state"], dict)
                and set(v["state"]) <= rest_keys and isinstance(v["said"], list)
                and all(isinstance(s, str) and len(s) < 200 for s in v["said"]) for v in entry["party"].values()),
                file, key, "is not a rest as the tool records it")
            for who, v in entry["party"].items():
                for k, value in v["state"].items():
                    ok = value == [] if k == "xp" else isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 1000
                    _need(ok, file, f"{key}.party.{who}.state.{k}", f"{value!r} is not a figure a rest sets")
        else:
            from nests.generators.packet.reroll import parse_reroll

            _need(set(entry) == {"kind", "part"} and isinstance(entry["part"], str), file, key,
                  "is not a re-roll: {\"kind\": \"reroll\", \"part\": \"room:5.2@1\"}")
            _need(str(parse_reroll(entry["part"])) == entry["part"], file, key, "is not a re-roll as the tool writes it")
    return Campaign(name, seed, data["nest"], members, tuple(entries))


def import_campaign(content, store, file: str) -> Campaign:
    from pathlib import Path

    from nests.campaign.nest import nest_packet
    from nests.campaign.replay import replay

    path = Path(file)
    try:
        if path.stat().st_size > MOST_BYTES:
            raise NestsError(Problem(f"is larger than {MOST_BYTES // (1024 * 1024)} MB; a campaign's export is far smaller", file=file))
        raw = path.read_bytes()
    except OSError as err:
        raise NestsError(Problem(err.strerror or str(err), file=file)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NestsError(Problem("is not UTF-8 text", file=file)) from None
    campaign = read_campaign(content, file, text)
    replay(content, campaign, nest_packet(content, campaign))     # every entry agrees with the Nest, in turn
    if not store.add_campaign(campaign):
        raise NestsError(Problem(f"a campaign named {campaign.name!r} exists already in this data folder", file=file))
    return campaign
