"""The packet as plain data: ``build_packet(content, seed, party, nest)`` → dict.

Every part rolls on its own named sub-stream (``substream(seed, name)``):
"job", "levels", "level-2/room-3" (its Features and lookups) and
"level-2/room-3/name", so changing one part never reshuffles another. Each
printed result keeps its die and roll. The dict is JSON-ready and ordered;
``nests.publish.json`` picks the keys the JSON carries.
"""

from __future__ import annotations

from nests import __version__
from nests.errors import NestsError
from nests.generators.packet.tables import packet_tables
from nests.generators.sheet import character
from nests.rules.dice import substream
from nests.rules.exploration import ORDINALS, ExplorationAction, lookup
from nests.rules.lookup import roll_on
from nests.rules.nest import level_chain
from nests.rules.quantification import quantify
from nests.rules.resolution import D100

KINDS = [("cost", "Cost"), ("risk", "Risk"), ("reward", "Reward")]
PACKET_RULINGS = ["packet-perception", "packet-lookups", "packet-level-link", "packet-rooms",
                  "packet-room-features", "packet-job-tables", "packet-complications", "packet-creatures"]


def _roll(r) -> dict:
    out = {"die": r.die, "roll": r.result}
    if r.value is not None:
        out["counts"] = r.value
    return out


def check_party(content, party: list[str]) -> list[str]:
    """1 to max_party distinct playable classes (Character Selection); one exact line per problem."""
    settings = packet_tables(content).settings
    known = content.class_ids()
    if not party:
        raise NestsError(f"--party names no class; a party is 1 to {settings['max_party']} of: {', '.join(known)}")
    if len(party) > settings["max_party"]:
        raise NestsError(f"--party names {len(party)} classes; a party has at most {settings['max_party']}")
    for cid in party:
        if cid not in known:
            raise NestsError(f"--party: unknown class {cid!r}; playable classes: {', '.join(known)}")
    for cid in party:
        if party.count(cid) > 1:
            raise NestsError(f"--party: class {cid!r} is named {party.count(cid)} times; each class at most once (Character Selection)")
    return list(party)


def _job(pt, seed: int) -> dict:
    rng = substream(seed, "job")

    def pick(stem: str, what: str) -> dict:
        row, r = roll_on(rng, pt, stem, what)
        out = {**_roll(r), "result": row.result}
        out.update({k: v for k, v in row.data.items() if k not in ("faces", "result", "then")})
        return out, row

    client, _ = pick("clients", "Client")
    kind, kind_row = pick("kinds", "Job")
    target, _ = pick(kind_row.data["then"], "Target")
    pay, _ = pick("pay", "Pay")
    first, _ = pick("complications", "Complication")
    second, _ = pick("complications", "Complication")
    complications = [first] if second["roll"] == first["roll"] else [first, second]
    return {"client": client, "kind": kind, "target": target, "pay": pay, "complications": complications,
            "source": pt.jobs["clients"].source}


class _Items:
    """Every Food Item of the packet, numbered I1, I2 … in the order they are keyed."""

    def __init__(self):
        self.items: list[dict] = []

    def add(self, item, room: str, known: bool) -> dict:
        if known and self.items:
            earlier = self.items[-1]
            return {"item": earlier["id"], "known": True, "reused": True, "item_name": earlier["form"]["name"]}
        form, fn = item.form, item.function
        entry = {"id": f"I{len(self.items) + 1}", "room": room, "known": known,
                 "form": {"colour": form.colour, "type": form.type, "amount": form.amount, "name": form.name,
                          "rolls": [_roll(r) for r in form.rolls]},
                 "function": {"condition": fn.condition, "condition_note": fn.condition_note, "alignment": fn.alignment,
                              "ability": fn.ability, "ability_note": fn.ability_note, "rolls": [_roll(r) for r in fn.rolls]}}
        self.items.append(entry)
        return {"item": entry["id"], "known": known, "reused": False, "item_name": form.name}


class _Packet:
    def __init__(self, pt, nest: str, chain, codes: dict):
        self.pt, self.chain, self.codes = pt, chain, codes
        self.nest_id, self.nest = nest, pt.nests[nest][0]
        self.items = _Items()
        self.rulings: list[str] = []

    def note(self, rulings) -> None:
        self.rulings += [r for r in rulings if r not in self.rulings]

    def event(self, e, level_index: int, room: str) -> dict:
        """The GQ's side of one engine Event, as packet data."""
        out = {"name": e.name, "id": e.id}
        if e.blocked:
            out["blocked"] = True
        r = e.resolution
        if e.void:      # a second Level in one lookup (a Secret turned into one)
            self.note(["one-level-per-action"])
            out.update(side="void")
            return out
        self.note(getattr(r, "rulings", []) or [])
        how = r.procedure
        out["side"] = how
        if how == "boolean":
            out.update(roll=_roll(r.boolean.roll), effort=r.boolean.effort, leads_to=r.leads_to)
        elif how == "set":
            q = r.quantification
            self.note(q.rulings)
            out.update(feature=r.feature, roll=_roll(q.roll), rating=q.after, blocks=r.blocks)
        elif how == "encounter":
            out.update(roll=_roll(r.roll), groups=[
                {"creature": self.codes[g.enemy], "enemy": g.enemy, "name": g.name, "count": g.count, "wounds_max": g.wounds_max,
                 "wounds_roll": _roll(g.wounds_roll) if g.wounds_roll else None} for g in r.groups])
            for g in r.groups:
                self.note(g.rulings)
        elif how == "food-item":
            if r.known:
                self.note(["packet-known-item"])
            out.update(self.items.add(r, room, r.known))
        elif how == "shortcut":
            target = self.chain.levels[r.leads_to_level - 1]
            out.update(roll=_roll(r.roll), rating=r.new_rating, leads_to_level=target.number,
                       leads_to_rating=target.rating, reaches_heart=r.reaches_heart)
        elif how == "level":
            # the engine's own new Level counts from nowhere: link to the chain's next Level instead
            nxt = self.chain.levels[level_index + 1] if level_index + 1 < len(self.chain.levels) else None
            out.update(leads_to_level=nxt.number if nxt else None, leads_to_rating=nxt.rating if nxt else None)
        elif how == "secret":
            out.update(category={**_roll(r.category), "result": r.category.meaning.split(": ")[-1]},
                       choice={**_roll(r.choice), "result": r.event.name},
                       event=self.event(r.event, level_index, room))
        return out

    def room(self, seed: int, level, index: int, number: int, perception: int) -> dict:
        tables = self.pt.tables
        room_id = f"{level.number}.{number}"
        if level.number == 1 and number == 1:
            name = {"result": self.nest["entrance"]["result"], "flavour": self.nest["entrance"]["flavour"]}
        else:
            row, r = roll_on(substream(seed, f"level-{level.number}/room-{number}/name"), self.pt, f"rooms-{self.nest_id}", "Room")
            name = {**_roll(r), "result": row.result, "flavour": row.data["flavour"]}
        rng = substream(seed, f"level-{level.number}/room-{number}")
        features = []
        for feature, die in (("Area", level.dice.features), ("Height", level.dice.features), ("Darkness", level.dice.costs_risks)):
            q = quantify(rng, tables, "set", None, die=die, feature=feature)
            self.note(q.rulings)
            features.append({"feature": feature, **_roll(q.roll), "rating": q.after})
        out = {"id": room_id, "name": name["result"], "title": name, "features": features}
        for key, kind in KINDS:
            lookups = []
            for n in range(self.pt.settings["lookups"]):
                face = D100.roll(rng)
                checks, found = lookup(rng, tables, kind, level.rating, face, self.nest["encounters"], self.chain,
                                       perception, ExplorationAction())
                events = [self.event(e, index, room_id) for e in found]
                lookups.append({"ordinal": ORDINALS[n], "die": D100.name, "roll": face,
                                "chances": {c.name: c.chance for c in checks}, "events": events})
            out[key] = lookups
        return out


def _creatures(pt, nest: dict, chain, target_enemy: str | None) -> list[str]:
    table = pt.tables.encounters[nest["encounters"]]
    ids = [row.id for row in table.rows if any((row.chance.value(lv.rating) or 0) > 0 for lv in chain.levels)]
    if target_enemy and target_enemy not in ids:
        ids.append(target_enemy)
    return ids


def build_packet(content, seed: int, party: list[str], nest: str | None = None) -> dict:
    pt = packet_tables(content)
    nest = nest or pt.settings["default_nest"]
    if nest not in pt.nests:
        raise NestsError(f"--nest: unknown Nest {nest!r}; known: {', '.join(pt.nests)}")
    party = check_party(content, party)
    characters = [character(content, cid) for cid in party]
    perception = max(f.rating for c in characters for f in c.common_abilities if f.id == "perception")
    job = _job(pt, seed)
    chain = level_chain(substream(seed, "levels"), pt.tables)
    creature_ids = _creatures(pt, pt.nests[nest][0], chain, job["target"].get("enemy"))
    codes = {eid: f"E{i + 1}" for i, eid in enumerate(creature_ids)}
    if "enemy" in job["target"]:
        job["target"]["creature"] = codes[job["target"]["enemy"]]
    packet = _Packet(pt, nest, chain, codes)
    for lv in chain.levels:
        packet.note(lv.rulings)
    levels = []
    for index, lv in enumerate(chain.levels):
        rooms = [packet.room(seed, lv, index, n, perception) for n in range(1, pt.settings["rooms_per_level"] + 1)]
        levels.append({"number": lv.number, "rating": lv.rating, "roll": _roll(lv.roll), "meaning": lv.roll.meaning,
                       "dice": {"features": lv.dice.features, "costs_risks": lv.dice.costs_risks, "rewards": lv.dice.rewards},
                       "rooms": rooms})
    for stem in ("costs", "risks", "rewards"):
        packet.note(pt.tables.events[stem].rulings)
    packet.note(PACKET_RULINGS)
    creatures = []
    for eid in creature_ids:
        doc = pt.tables.enemies[eid].data
        creatures.append({"id": codes[eid], "enemy": eid, "name": doc["name"], "provisional": doc["provisional"]})
        if doc["provisional"]:
            packet.note(["provisional-enemies"])
    order = list(pt.tables.rulings)
    rulings = [{"id": r, "text": pt.tables.rulings[r]} for r in sorted(packet.rulings, key=order.index)]
    return {"seed": seed, "version": __version__, "content_hash": content.content_hash, "party": party,
            "nest": nest, "nest_name": packet.nest["name"], "nest_outside": packet.nest["outside"], "perception": perception, "job": job, "levels": levels,
            "creatures": creatures, "items": packet.items.items, "rulings": rulings}
