"""The next evening's packet: the campaign's full-depth packet, opened (after its cover) by where the
party stands: the Pool as left with each Room's key and page, the next Levels, what the party knows of
the Item Key, the party as it is now with a new character for each dead one, and the estimate played
from there; beside it the party's sheets as they are now. Its JSON is the packet's with a ``campaign``
object. The pages are laid out as a packet's are (generators/packet/pages.py), the stand's part
through templates/campaign/stand.txt.j2."""

from __future__ import annotations

from dataclasses import replace

from nests.document import Document, File
from nests.generators.sheet import FULL, Look
from nests.text import grid


def character_now(content, state: dict):
    """A character as her sheet stands now (nests.model.Character), for the estimate to play."""
    from nests.generators.sheet import character
    from nests.model import Item

    base = character(content, state["class"])

    def now(features, prefix):
        return tuple(replace(f, rating=state.get(f"{prefix}.{f.id}", f.rating)) for f in features)

    items = tuple(Item(i["name"], tuple(i["types"]), i["rating"], i.get("depleted", False))
                  if i.get("name") and i.get("rating") is not None else None for i in state.get("items") or [])
    return replace(base, attributes=now(base.attributes, "attributes"),
                   combat_conditions=now(base.combat_conditions, "conditions"),
                   common_abilities=now(base.common_abilities, "common_abilities"),
                   specific_abilities=now(base.specific_abilities, "specific_abilities"),
                   effects=now(base.effects, "effects"), wounds_max=state.get("wounds_max", base.wounds_max),
                   hunger=state.get("hunger", base.hunger), inventory=items)


def standing_packet(content, campaign, stand, packet):
    """The packet with the campaign's rulings among its own and its estimate played from where the party
    stands (ruling campaign-estimate): the living characters as their sheets are now."""
    from nests.generators.packet.model import Ruling, Session
    from nests.rules.estimate import half_width, settled
    from nests.rules.simulate import Start, settings_of, simulate

    from nests.campaign.model import settings

    tables = packet.tables
    own = settings(content)["rulings"]
    have = {r.id for r in packet.rulings}
    rulings = packet.rulings + [Ruling(r, tables.rulings[r], tables.bases[r]) for r in own if r not in have]
    living = stand.living()
    characters = [character_now(content, m.state) for m in living]
    rooms = {r.id: r for r in packet.rooms()}
    rating = next((lv.rating for lv in packet.levels if lv.number == stand.level), None)
    start = Start(tuple(stand.pool), dict(stand.spares_found), stand.level, rating,
                  tuple((m.state["wounds"], m.state.get("hunger")) for m in living))
    s = content.packet.settings["session"]
    pt = content.packet

    # the one-shot's sequential rule (generate.py, issue 38): play until the Job's interval is as narrow as
    # ``runs`` sessions' at even odds, at most ``runs``; no band, for a campaign's Nest is never refused
    precision = round(half_width(s["runs"] // 2, s["runs"], s["confidence_z"]), 1)

    def estimate(p) -> Session:
        if not characters:
            raise ValueError("no living character")
        est = simulate(p, characters, runs=s["runs"], seed=campaign.seed, stream=f"campaign/{stand.evenings}",
                       start=start, enough=lambda jobs, done: settled(jobs, done, s["confidence_z"], precision),
                       **settings_of(content, p))
        band = pt.settings["difficulty"]["bands"][p.difficulty]
        scout = max(living, key=lambda m: m.state["common_abilities.exploration"])
        return Session(s["hours"], est.actions, est.runs, content.classes[scout.klass].name, est.median, est.p90,
                       est.mean, est.heart, est.job, {m.klass: p for m, (_, _, p) in zip(living, est.down)},
                       tuple(h.room for h in est.rooms if h.room in rooms), est.job_interval(s["confidence_z"]),
                       p.difficulty, (band["low"], band["high"]), est.wiped, dict(est.ends), precision)

    return replace(packet, rulings=rulings, estimate=estimate, without=None,
                   party=[m.klass for m in living], party_names=[m.name for m in living])


def xp_labels(content) -> dict[str, str]:
    """Each Feature with an XP tickbox, by its state key, as its sheet labels it."""
    from nests.content.sheets import NESTS, definition

    return {f.key: f.label.split("/")[0] for f in definition(content, NESTS).xp_fields("xp")}


def stand_pages(lay, content, packet, stand, pages, campaign):
    from nests.generators.packet.pages import Flow

    flow = Flow(lay, "Where the Party Stands", (1, "Where the party stands"))
    rooms = {r.id: r for r in packet.rooms()}
    ctx = {"packet": packet, "stand": stand, "pages": pages, "campaign": campaign, "rooms": rooms,
           "items": {i.id: i for i in packet.items}, "labels": xp_labels(content),
           "classes": {cid: c.name for cid, c in content.classes.items()}}
    for part in ("head", "pool", "levels", "items", "party"):
        flow.add(lay.pieces("campaign/stand.txt.j2", part=part, **ctx))
    return flow.pages


def page_words(stand, name: str, story: bool = False) -> dict:
    """What a campaign's page templates word their frame, cover and estimate by (pages.PacketLayout): the
    evening the packet is for (the story: the last one played), the Level the party stands on, the
    campaign's name and the command that makes its packet again, word by word (a name is one shell word)."""
    import shlex

    return {"evening": stand.evenings if story else stand.evenings + 1, "level": stand.level, "story": story,
            "name": name, "rebuild": ["nests", "campaign", "packet", shlex.quote(name)]}


def campaign_pages(content, packet, stand, campaign, look: Look = FULL, printed: bool | None = None):
    """Every page of the campaign's packet: a packet's pages (pages.packet_pages), the stand's part after
    the cover; numbered, stamped and cross-referenced alike."""
    from nests.generators.packet.pages import packet_pages
    from nests.text.transliterate import transliterate_value

    told = transliterate_value(stand) if look.ascii else stand
    return packet_pages(content, packet, look, printed, campaign=page_words(stand, campaign.name),
                        opening=lambda lay, shown, pages: stand_pages(lay, content, shown, told, pages, campaign))


def campaign_json(campaign, stand, packet, numbers) -> str:
    """The packet's JSON with the campaign's stand as ``campaign``."""
    import json

    from nests.publish.json import packet_json

    data = json.loads(packet_json(packet, numbers))
    data["campaign"] = stand_json(campaign, stand)
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def stand_json(campaign, stand) -> dict:
    return {"name": campaign.name, "evenings": stand.evenings, "level": stand.level, "pool": list(stand.pool),
            "spent": list(stand.spent), "items": list(stand.items), "identified": list(stand.identified),
            "job": stand.job, "rerolls": campaign.rerolls,
            "party": [{"name": m.name, "class": m.klass, "alive": m.alive, "joined": m.joined, "died": m.died,
                       "replaces": m.replaces, "bid": m.bid, "wounds": m.state["wounds"],
                       "hunger": m.state.get("hunger"), "xp": list(m.state.get("xp") or [])} for m in stand.members]}


def stem_of(campaign, stand) -> str:
    return f"campaign-{slug(campaign.name)}-evening-{stand.evenings + 1}"


def slug(name: str) -> str:
    import re

    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "campaign"


def campaign_documents(content, campaign, stand, packet, handout: bool = False, formats=None, look: Look = FULL,
                       print_width: int = grid.PAGE_WIDTH) -> list[Document]:
    """The next evening's packet (txt, pdf, json, svg), the party's sheets as they are now and, with
    ``handout``, the players' handout."""
    from nests.generators.packet.pages import handout_pages, map_svg
    from nests.publish.txt import join_pages

    packet = standing_packet(content, campaign, stand, packet)
    stem = stem_of(campaign, stand)
    title = f"Campaign {campaign.name}, evening {stand.evenings + 1}: {packet.nest_name}"
    printed = Look(print_width)
    laid = campaign_pages(content, packet, stand, campaign, printed, printed=True)
    files = {}
    if formats is None or "json" in formats:
        files["json"] = File(f"{stem}.json", campaign_json(campaign, stand, packet, laid.numbers))
    if formats is None or "svg" in formats:
        files["svg"] = File(f"{stem}-map.svg", map_svg(packet, laid.numbers, columns=grid.Grid(print_width).TEXT_WIDTH))
    reflowed = look != printed and (formats is None or "txt" in formats)
    if reflowed:
        files["txt"] = File(f"{stem}.txt", join_pages([p.text for p in campaign_pages(content, packet, stand, campaign, look).pages]))
    docs = [Document(stem, title, [_page(p) for p in laid.pages], files),
            _sheets(content, stand, f"{stem}-sheets", f"{title}: the party's sheets", printed, look if reflowed else None)]
    if handout:
        hand = {}
        if reflowed:
            hand["txt"] = File(f"{stem}-players.txt", join_pages([p.text for p in handout_pages(content, packet, look)]))
        docs.append(Document(f"{stem}-players", f"{title}: players' handout",
                             [_page(p) for p in handout_pages(content, packet, printed, printed=True)], hand))
    return docs


def _page(p):
    from nests.document import Page

    return Page(p.text, p.bookmarks, p.drawing, marks=p.marks)


def _sheets(content, stand, stem: str, title: str, printed: Look, look: Look | None) -> Document:
    """Each living character's sheet as it is now, from a page of its own (the new ones as printed)."""
    from nests.generators.sheet.pages import sheet_pages
    from nests.publish.txt import join_pages

    def pages_at(at: Look):
        out = []
        for m in stand.living():
            values = {k: v for k, v in m.state.items() if k != "class"}
            first, *rest = sheet_pages(content, m.klass, values=values, look=at)
            first.bookmarks = [(1, m.name)]
            out += [first, *rest]
        return out

    files = {"txt": File(f"{stem}.txt", join_pages([p.text for p in pages_at(look)]))} if look is not None else {}
    return Document(stem, title, pages_at(printed), files, loose=True)
