"""The core calls of `nests campaign` and of the serve page's campaign forms: each opens the campaign in
the store, replays it, and records at most one entry, in one transaction (serve/store.py)."""

from __future__ import annotations

from nests.campaign.model import Campaign
from nests.errors import NestsError

NAME_MOST = 40


def check_name(name: str) -> str:
    from nests.content.yamlfile import control_character

    name = name.strip()
    if not name or len(name) > NAME_MOST or control_character(name):
        raise NestsError(f"campaign name {name!r}: 1 to {NAME_MOST} printable characters")
    return name


def party_of(content, text: str) -> tuple[tuple[str, str], ...]:
    """--party wasp:Vesper,spider:Ari (a class alone is named after it), checked as a packet's party is."""
    from nests.generators.packet.generate import check_party
    from nests.generators.sheet.characters import new_character

    members = []
    for part in text.split(","):
        klass, _, name = part.strip().partition(":")
        klass = klass.strip()
        members.append((klass, name.strip() or (content.classes[klass].name if klass in content.classes else klass)))
    check_party(content, [k for k, _ in members])
    names = [n for _, n in members]
    for klass, name in members:
        new_character(content, klass, name)           # the name's bounds, as `nests character new` checks them
        if names.count(name) > 1:
            raise NestsError(f"--party: the name {name!r} is given {names.count(name)} times; each character's own")
    return tuple(members)


def new_campaign(content, store, name: str, seed: int, party: str, nest: str | None) -> Campaign:
    from nests.campaign.nest import nest_packet

    name = check_name(name)
    campaign = Campaign(name, seed, nest or content.packet.settings["default_nest"], party_of(content, party))
    if campaign.nest not in content.packet.nests:
        raise NestsError(f"--nest: unknown Nest {campaign.nest!r}; known: {', '.join(content.packet.nests)}")
    nest_packet(content, campaign)                    # the Nest can be drawn, before anything is kept
    if not store.add_campaign(campaign):
        raise NestsError(f"a campaign named {name!r} exists already; give another name")
    return campaign


def opened(content, store, name: str):
    """(the campaign, its Nest, where the party stands)."""
    from nests.campaign.nest import nest_packet
    from nests.campaign.replay import replay

    campaign = store.campaign(name)
    if campaign is None:
        known = [c["name"] for c in store.campaigns()]
        raise NestsError(f"no campaign named {name!r}; campaigns: {', '.join(known) or 'none yet (nests campaign new)'}")
    packet = nest_packet(content, campaign)
    return campaign, packet, replay(content, campaign, packet)


def record(store, campaign, entry: dict) -> None:
    if not store.add_entry(campaign.name, entry, len(campaign.entries)):
        raise NestsError(f"campaign {campaign.name!r} changed while this was read; nothing was recorded, try again")


def log_evening(content, store, name: str, doc) -> dict:
    """An evening's log (a parsed YAML document), checked at its lines and recorded whole, or not at all."""
    from nests.campaign.log import entry_of
    from nests.campaign.nest import Layout

    campaign, packet, stand = opened(content, store, name)
    entry = entry_of(content, doc, Layout.of(packet), stand)
    record(store, campaign, entry)
    return entry


def rest(content, store, name: str) -> dict:
    from nests.campaign.rest import rest_entry

    campaign, packet, stand = opened(content, store, name)
    if stand.evenings == 0:
        raise NestsError(f"campaign {name!r} has no evening yet to rest after")
    if stand.rested:
        raise NestsError(f"the party of {name!r} already rested after evening {stand.evenings}")
    entry = rest_entry(content, campaign, stand)
    record(store, campaign, entry)
    return entry


def reroll(content, store, name: str, part: str) -> str:
    """A part of the Nest not yet played drawn anew (--reroll as `nests packet` takes it): refused when a Room
    spent or found, or a Form found, would change."""
    import json

    from nests.campaign.nest import nest_packet
    from nests.generators.packet.reroll import parse_reroll

    campaign, packet, stand = opened(content, store, name)
    parsed = str(parse_reroll(part))
    if parsed in campaign.rerolls:
        raise NestsError(f"--reroll {parsed}: already re-rolled in this campaign; @N picks another")
    if parsed.startswith("job"):
        raise NestsError("--reroll job: the Job is played from the first evening; a campaign keeps it")
    other = nest_packet(content, campaign, campaign.rerolls + [parsed])
    before = {r.id: json.dumps(r.to_json(), sort_keys=True) for r in packet.rooms()}
    after = {r.id: json.dumps(r.to_json(), sort_keys=True) for r in other.rooms()}
    for room in stand.found:
        if before.get(room) != after.get(room):
            raise NestsError(f"--reroll {parsed}: it would change Room {room}, already found or played; "
                             "a campaign re-rolls only what the party has not met")
    forms_before = {i.id: i.function for i in packet.items}
    for form in stand.items:
        if forms_before[form] != next(i.function for i in other.items if i.id == form):
            raise NestsError(f"--reroll {parsed}: it would change {form}, already found")
    record(store, campaign, {"kind": "reroll", "part": parsed})
    nest_packet(content, campaign)      # (the campaign's own again, for whoever asks next in this process)
    return parsed
