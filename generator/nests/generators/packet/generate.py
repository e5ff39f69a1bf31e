"""The packet as a typed model: ``build_packet(content, seed, party, nest, depth)`` → ``model.Packet``.

Every part rolls on its own named sub-stream (``reroll.Streams``, ``substream(seed, name)``):
"job", "levels", "level-2/room-3" (its Features and lookups),
"level-2/room-3/name", "item-key/<colour>/<type>" (a Form's Function), "heart"
(the finale), "difficulty/<depth>" (screening a one-shot's depth) and
"simulate/<chunk>" (the glance page's difficulty estimate), so changing one part never
reshuffles another. Each printed result keeps its die and roll. Rooms are
keyed in the order they are printed, so "an earlier Room" means an earlier
page (ruling packet-known-item).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from nests import __version__
from nests.errors import NestsError
from nests.text import grid
from nests.text.measure import width
from nests.generators.packet.model import (PrintedEvent, Without, Creature, Function, ItemKeyEntry, Job, JobPick, LevelKey, Lookup, Packet,
                                           Rolled, Room, Ruling, Session)
from nests.generators.packet.views import event_view, quantified, rolled
from nests.generators.sheet import character
from nests.generators.packet.reroll import Reroll, Streams
from nests.generators.packet.difficulty import choose_full, choose_nest
from nests.generators.packet.dungeon import Reach, key_nest, way_through
from nests.generators.packet.heart import finale, heart_room
from nests.generators.packet.words import RoomWords
from nests.rules.exploration import ORDINALS, ExplorationAction, lookup
from nests.rules.lookup import roll_on
from nests.rules.nest import cut_chain, level_chain
from nests.rules.procedures import PROCEDURES, Context
from nests.rules.quantification import quantify
from nests.rules.resolution import D100
from nests.rules.estimate import half_width, settled
from nests.rules.simulate import settings_of, simulate

KINDS = ["cost", "risk", "reward"]
DEPTHS = ["oneshot", "full"]
PACKET_RULINGS = ["packet-perception", "packet-lookups", "packet-level-link", "packet-rooms", "room-darkness",
                  "packet-room-features", "item-function-by-form", "packet-job-tables", "packet-complications",
                  "packet-creatures", "packet-session"]


def check_party(content, party: list[str]) -> list[str]:
    """1 to max_party distinct playable classes (Character Selection); one exact line per problem."""
    settings = content.packet.settings
    known = content.class_ids()
    if not party:
        raise NestsError(f"--party names no class; a party is 1 to {settings['max_party']} of: {', '.join(known)}")
    if len(party) > settings["max_party"]:
        raise NestsError(f"--party names {len(party)} classes; a party has at most {settings['max_party']}")
    for cid in party:
        if cid not in known:
            raise NestsError(f"--party: unknown class {cid!r}; playable classes: {', '.join(known)}")
    for cid in party:
        # the Hunger and Wounds tracker gives a member's class name 11 columns and its colon
        name = content.classes[cid].name
        if width(name) > grid.TRACKER_NAME:
            raise NestsError(content.class_problem(cid, ("name",), f"{name!r} is {width(name)} columns wide; "
                                                                   f"a packet's party tracker holds {grid.TRACKER_NAME}"))
    for cid in party:
        if party.count(cid) > 1:
            raise NestsError(f"--party: class {cid!r} is named {party.count(cid)} times; each class at most once (Character Selection)")
    return list(party)


def _job(pt, streams: Streams) -> Job:
    rng = streams("job", "job")

    def pick(stem: str, what: str):
        row, r = roll_on(rng, pt, stem, what)
        words = {k: row.data[k] for k in ("verb", "enemy", "text") if k in row.data}
        return JobPick(r.die, r.result, f"jobs/{stem}", pt.jobs[stem].source, result=row.result, **words), row

    client, _ = pick("clients", "Client")
    kind, kind_row = pick("kinds", "Job")
    target, _ = pick(kind_row.data["then"], "Target")
    pay, _ = pick("pay", "Pay")
    first, _ = pick("complications", "Complication")
    second, _ = pick("complications", "Complication")
    complications = (first,) if second.roll == first.roll else (first, second)
    return Job(client, kind, target, pay, complications, pt.jobs["clients"].source)


@dataclass(frozen=True)
class FoundItem:
    """An Item as a Room finds it: its Form's code, the amount, and the Form's rolls when rolled here."""
    code: str
    name: str
    known: bool
    amount: Rolled
    form_rolls: tuple[Rolled, ...] | None
    first_room: str | None            # a Known Item: the earlier Room its Form was found in
    procedure: str = "food-item"
    rulings: list[str] = field(default_factory=list)


class ItemKey:
    """Items by Form (Items > Known Items: all Items with the same Form have the same Function).
    One Function per Form for the whole Nest, each rolled on its own sub-stream."""

    def __init__(self, pt, streams: Streams):
        self.tables = pt.tables
        colours = [r.result for r in pt.table("food-colour").rows]
        types = [r.result for r in pt.table("food-type").rows]
        self.items: dict[tuple[str, str], ItemKeyEntry] = {}
        for c in colours:
            for t in types:
                rng = streams(f"item-key/{c}/{t}", f"item:I{len(self.items) + 1}")
                condition, r1 = roll_on(rng, pt, "item-condition", "Condition")
                alignment, r2 = roll_on(rng, pt, "item-alignment", "Alignment")
                ability, r3 = roll_on(rng, pt, alignment.data["then"], "Ability")
                function = Function(condition.result, condition.data.get("note", ""), alignment.result, ability.result,
                                    ability.data.get("note", ""),
                                    (rolled(r1, "item-condition", pt.tables), rolled(r2, "item-alignment", pt.tables),
                                     rolled(r3, alignment.data["then"], pt.tables)))
                self.items[(c, t)] = ItemKeyEntry(f"I{len(self.items) + 1}", c, t, function)
        self.history: list[tuple[str, ItemKeyEntry]] = []        # (room id, Item) in the order found
        self.room: str = ""
        self.before: tuple[str, ...] = ()
        self.own = None

    def enter(self, room_id: str, own, before: tuple[str, ...] = ()) -> None:
        """The Room being keyed, the Rooms the party passes through to find it (``before``: a Known Item is
        one of their Forms), and the sub-stream (made when first needed) on which a Known Item without such
        a Form rolls its new Form: the Room's own draws never wait on what other Rooms found, so re-rolling
        one Room moves nothing in another (ruling packet-reroll)."""
        self.room, self.own, self._own, self.before = room_id, None, own, before

    def find(self, ctx: Context, known: bool) -> FoundItem:
        amount = quantify(ctx.rng, ctx.tables, "set", None, die=ctx.dice.costs_risks, feature="amount")
        amount_view = quantified(amount, ctx.tables)
        earlier = [(room, item) for room, item in self.history if room in self.before]
        if known and earlier:
            room, item = earlier[-1]
            return FoundItem(item.id, item.name, True, amount_view, None, room, rulings=["known-item", "packet-known-item"])
        rng = ctx.rng
        if known:
            self.own = self.own or self._own()
            rng = self.own
        colour, r1 = roll_on(rng, ctx.tables, "food-colour", "Colour")
        kind, r2 = roll_on(rng, ctx.tables, "food-type", "Type")
        item = self.items[(colour.result, kind.result)]
        rolls = (rolled(r1, "food-colour", ctx.tables), rolled(r2, "food-type", ctx.tables))
        if item.room is None:
            item.room, item.known, item.amount = self.room, known, amount.after
            item.form_rolls = rolls + (amount_view,)
        if not known:           # what later Known Items name: Unknown Items only, each drawn on its own Room's stream
            self.history.append((self.room, item))
        return FoundItem(item.id, item.name, known, amount_view, rolls, None,
                         rulings=["known-item", "packet-known-item"] if known else [])


class _Builder:
    def __init__(self, pt, streams: Streams, nest: str, chain, perception: int, held=None):
        self.pt, self.tables, self.streams, self.chain, self.perception = pt, pt.tables, streams, chain, perception
        self.nest_id, self.nest = nest, pt.nests[nest][0]
        self.items = ItemKey(pt, streams)
        self.found_in: dict[str, str | None] = {}         # each keyed Room's: the Room whose lookup revealed it
        self.first_id: dict[str, str] = {}                # each keyed Room's id in the packet as first rolled
        self.words = RoomWords(pt, nest, held)
        self.unnamed: dict[str, tuple[int, tuple[str, ...]]] = {}   # Rooms keyed, not yet named: (rating, parts)
        self.rulings: list[str] = []
        self.codes: dict[str, str] = {}

    def note(self, rulings) -> None:
        self.rulings += [r for r in rulings if r not in self.rulings]

    def features(self, rng, lv) -> list:
        """A Room's Area and Height with the Level's Features die, its Darkness with its Costs/Risks die
        (ruling packet-room-features): every keyed Room's, the Heart's too."""
        feats = []
        for feature, die in (("Area", lv.dice.features), ("Height", lv.dice.features), ("Darkness", lv.dice.costs_risks)):
            q = quantify(rng, self.tables, "set", None, die=die, feature=feature)
            self.note(q.rulings)
            feats.append(quantified(q, self.tables))
        return feats

    def room(self, lv, room_id: str, path: str, spare: bool, found_in: str | None, first_id: str) -> Room:
        """One keyed Room at Level ``lv``: its words, Features and lookups, on the sub-streams of its place in
        the Nest (``path``); ``first_id``: its id in the packet as first rolled, what --reroll names it by."""
        tables = self.tables
        self.found_in[room_id], self.first_id[room_id] = found_in, first_id
        before, at = [], found_in
        while at is not None:
            before.append(at)
            at = self.found_in.get(at)
        # what --reroll may name it by: itself, its Level, and the Rooms that reveal it (a Room re-rolled
        # draws anew the Rooms only it reveals)
        parts = (f"room:{first_id}", f"level:{lv.number}", *(f"room:{self.first_id[a]}" for a in before))
        self.items.enter(room_id, lambda: self.streams(f"room/{path}/known-item", *parts), tuple(before))
        rng = self.streams(f"room/{path}", *parts)
        feats = self.features(rng, lv)
        room = Room(room_id, lv.number, "", "", None, feats[0], feats[1], feats[2], {}, spare, found_in, path)
        self.unnamed[room_id] = (lv.rating, parts)
        for kind, word in zip(KINDS, ("Cost", "Risk", "Reward")):
            out = []
            stem = tables.exploration_tables[word]
            for n in range(most_of(tables, word)):
                face = D100.roll(rng)
                ctx = Context(rng, tables, lv.rating, self.nest["encounters"], self.chain, lv.number, self.perception,
                              ExplorationAction(), room_darkness=feats[2].rating, items=self.items)
                checks, found = lookup(rng, tables, word, lv.rating, face, self.nest["encounters"], self.chain,
                                       self.perception, ctx.action, ctx=ctx)
                roll = Rolled(D100.name, face, stem, tables.events[stem].source)
                out.append(Lookup(kind, ORDINALS[n], roll, {c.name: c.chance for c in checks}, found))
            room.lookups[kind] = out
        return room

    def name_rooms(self, levels) -> None:
        """Every keyed Room's name and description, in the order the key prints them (Level by Level,
        Room by Room), so a GQ can re-derive them from the page; a Room's words are drawn from its own
        sub-stream, after the Features they must fit (words.py)."""
        for lv in levels:
            for room in lv.rooms:
                if room.id not in self.unnamed:
                    continue                        # (the Heart's: heart.py)
                rating, parts = self.unnamed.pop(room.id)
                rerolled = any(p in self.streams.rerolls for p in parts)
                room.name, room.flavour, room.name_roll = self.words.entrance() if room.path == "entrance" else \
                    self.words.draw(self.streams(f"room/{room.path}/name", *parts), rating, room.area.rating,
                                    room.height.rating, None if rerolled else room.path)

    def enemies_in(self, events) -> list[str]:
        return [eid for e in events if e.resolution is not None
                for eid in PROCEDURES[e.resolution.procedure].enemies(e.resolution)]

    def event_view(self, e):
        return event_view(e, self, self.note)


def held_words(first: Packet, rerolls: tuple[Reroll, ...]) -> dict[str, tuple]:
    """The words of every Room of the packet as first rolled that a re-roll leaves alone (none of its
    parts re-rolled: itself, its Level, the Rooms that reveal it), by path: they stay that Room's, and no
    re-rolled Room may take them, wherever it is keyed (words.py)."""
    parts = {r.part for r in rerolls}
    by_id = {r.id: r for r in first.rooms()}
    held = {}
    for room in first.rooms():
        mine, at = {f"room:{room.id}", f"level:{room.level}"}, room.found_in
        while at is not None:
            mine.add(f"room:{at}")
            at = by_id[at].found_in if at in by_id else None
        if room.path != "entrance" and not mine & parts:
            held[room.path] = (room.name, room.flavour, room.name_roll)
    return held


def most_of(tables, word: str) -> int:
    """The most Events of one type a single Exploration Action brings (the Exploration Action formula: three
    Costs at a Critical Failure, two Risks at a Partial Failure, three Rewards at a Critical Success): the
    lookups of that type a Room is keyed with, for a Room is spent by one action."""
    return max(list(types).count(word) for types in tables.exploration.values())


def leading(e: PrintedEvent, to: str | None, heart: str) -> PrintedEvent:
    """A printed Event with the Room it reveals; a Secret's Event it became reveals it too."""
    if to is None or e.side == "void":
        return e
    if e.side == "secret":
        e = replace(e, view=replace(e.view, event=leading(e.view.event, to, heart)))
    return replace(e, leads_to=to, to_heart=to == heart)


def reach_of(pt, depth: str) -> Reach:
    """How far a packet keys its Nest (content/packet.yaml ``reach``): a one-shot as far as an evening's
    Exploration Actions go, with a margin; a full Nest a few Rooms on every Level."""
    r = pt.settings["reach"][depth]
    return Reach(r["rooms"], r.get("per_level"), r["spares"])


def check_difficulty(content, difficulty: str | None) -> str:
    settings = content.packet.settings["difficulty"]
    difficulty = difficulty or settings["default"]
    if difficulty not in settings["bands"]:
        raise NestsError(f"--difficulty: {difficulty!r} is not a difficulty; allowed: {', '.join(settings['bands'])}")
    return difficulty


def build_packet(content, seed: int, party: list[str], nest: str | None = None, depth: str = "oneshot",
                 rerolls: tuple[Reroll, ...] = (), difficulty: str | None = None, runs: int | None = None,
                 drawn: list | None = None) -> Packet:
    """The packet of ``seed``; with ``rerolls``, those parts drawn anew (see reroll.py). A one-shot's Nest is
    chosen among the Nests its seed draws, at the depth that lands the party's Job in ``difficulty``'s band
    (rulings oneshot-depth, oneshot-choice; generators/packet/difficulty.py); a re-rolled packet keeps the
    Nest and depth of the packet as first rolled. ``runs``: the sessions its estimate plays (default
    content/packet.yaml's ``session.runs``; a batch's --stats-only plays fewer). ``drawn``, when given,
    receives a packet made before any choice: a one-shot's first Nest cut at its deepest depth, a full
    packet's first made (the batch's statistics count that one: the Nest kept is chosen by how its rolls play)."""
    pt = content.packet
    nest = nest or pt.settings["default_nest"]
    if nest not in pt.nests:
        raise NestsError(f"--nest: unknown Nest {nest!r}; known: {', '.join(pt.nests)}")
    if depth not in DEPTHS:
        raise NestsError(f"--depth: {depth!r} is not a depth; allowed: {', '.join(DEPTHS)}")
    difficulty = check_difficulty(content, difficulty)
    party = check_party(content, party)
    counting, drawn = drawn is not None, [] if drawn is None else drawn

    def make(candidate: int, cut: int | None, rerolls: tuple[Reroll, ...] = (), ids=None, held=None,
             sides: int = 0) -> Packet:
        made = assemble(content, seed, party, nest, depth, rerolls, difficulty, cut, runs, candidate, ids, held, sides)
        if not drawn:           # the first alone: a seed that tries every Nest makes dozens, which memory need not keep
            drawn.append(made)
        return made

    if rerolls:
        first = build_packet(content, seed, party, nest, depth, (), difficulty, runs)
        Streams(seed, rerolls).check(first)
        ids = {r.path: r.id for r in first.rooms()}
        return replace(make(first.candidate, first.oneshot_depth, rerolls, ids, held_words(first, rerolls),
                            len(first.sides)), drawn=first.drawn, choice_of=first.choice_of)
    if depth != "oneshot":
        return choose_full(content, make)
    if counting:
        # the rolls a batch's statistics count: the seed's first Nest cut at the deepest depth, before any choice
        # (made apart: the search screens each Nest at its shallowest first)
        make(0, pt.settings["oneshot_depth"]["deepest"])
    # a batch's --stats-only plays fewer sessions than its glance page would: its screens alone choose
    return choose_nest(content, party, difficulty, make, verify=runs is None)


def assemble(content, seed: int, party: list[str], nest: str, depth: str, rerolls: tuple[Reroll, ...],
             difficulty: str, cut: int | None, runs: int | None = None, candidate: int = 0,
             ids: dict[str, str] | None = None, held: dict[str, tuple] | None = None, sides: int = 0) -> Packet:
    """The packet of ``seed``'s Nest number ``candidate`` (its sub-streams' prefix), cut to ``cut`` Levels
    (None: the whole chain), its Rooms keyed from the Entrance as far as its reach (dungeon.py), with
    ``sides`` hand-crafted side Rooms in the party's Pool from the start (ruling oneshot-side-rooms)."""
    pt = content.packet
    characters = [character(content, cid) for cid in party]

    def ability(c, fid):
        return next(f.rating for f in c.common_abilities if f.id == fid)

    perception = max(ability(c, "perception") for c in characters)
    streams = Streams(seed, rerolls, candidate)
    job = _job(pt, streams)
    tables = pt.tables
    chain = level_chain(streams("levels"), tables)
    if cut is not None:
        chain = cut_chain(tables, chain, cut)
    b = _Builder(pt, streams, nest, chain, perception, held)
    b.job = job                    # the Heart is written for it (heart.py)
    for lv in chain.levels:
        b.note(lv.rulings)
    levels = []
    for lv in chain.levels:
        roll = None if lv.roll is None else Rolled(lv.roll.die, lv.roll.result, "nest-levels", tables.levels.source,
                                                   counts=lv.roll.value)
        levels.append(LevelKey(lv.number, lv.rating, roll, lv.roll.meaning if lv.roll else "", lv.dice, lv.dice.band,
                               lv.number == len(chain.levels)))
    levels[-1].rooms = [heart_room(b, levels[-1])]
    side_ids = key_nest(b, levels, reach_of(pt, depth), ids, sides)
    if side_ids:
        b.note(["oneshot-side-rooms"])
    b.name_rooms(levels)
    if any(r.spare for r in (room for lv in levels for room in lv.rooms)):
        b.note(["packet-spare-rooms"])
    end = finale(b, levels)
    # Stat blocks: the creatures the printed Rooms' Encounters bring, and the Job's target (ruling packet-creatures).
    met = {eid for lv in levels for room in lv.rooms for lk in room.all_lookups() for eid in b.enemies_in(lk.found)}
    met |= set(b.enemies_in(end.guards_found + end.way_out.found))
    target_enemy = job.target.enemy
    order = [row.id for row in tables.encounters[b.nest["encounters"]].rows]
    creature_ids = [eid for eid in order if eid in met or eid == target_enemy]
    if target_enemy and target_enemy not in creature_ids:
        creature_ids.append(target_enemy)
    # A re-rolled packet keeps every stat block of the packet as first rolled, under its code, so no
    # other Room's codes move; a creature new to it takes the next code (ruling packet-reroll).
    kept = {c.enemy: c.id for c in assemble(content, seed, party, nest, depth, (), difficulty, cut,
                                            candidate=candidate, sides=sides).creatures} if rerolls else {}
    b.codes = dict(kept)
    for eid in creature_ids:
        b.codes.setdefault(eid, f"E{len(b.codes) + 1}")
    creature_ids = list(b.codes)
    if rerolls:
        b.note(["packet-reroll"])
    if target_enemy:
        job = replace(job, target=replace(job.target, creature=b.codes[target_enemy]))
    heart = levels[-1].rooms[0].id
    for lv in levels:
        for room in lv.rooms:
            for lk in room.all_lookups():
                lk.events = [leading(b.event_view(e), to, heart) for e, to in zip(lk.found, lk.links)]
    end.guards = [b.event_view(e) for e in end.guards_found]
    end.way_out.events = [b.event_view(e) for e in end.way_out.found]
    for stem in ("costs", "risks", "rewards"):
        b.note(tables.events[stem].rulings)
    b.note(PACKET_RULINGS + (["oneshot-choice"] if depth == "oneshot" else []))
    creatures = []
    for eid in creature_ids:
        e = tables.enemies[eid]
        creatures.append(Creature(b.codes[eid], eid, e.name, e.provisional))
        if e.provisional:
            b.note(["provisional-enemies"])
    order = list(tables.rulings)
    rulings = [Ruling(r, tables.rulings[r], tables.bases[r]) for r in sorted(b.rulings, key=order.index)]
    s = pt.settings["session"]
    names = [content.classes[cid].name for cid in party]
    scout = max(characters, key=lambda c: ability(c, "exploration"))

    # Issue 38: an estimate stops once its interval is as narrow as ``runs`` sessions' at even odds (the widest
    # they give: the precision the glance page states) and lies inside the band, or once it lies wholly outside
    # it (a packet not printed); at most ``runs`` sessions (rules.estimate.settled).
    # (``runs`` given, for a batch's --stats-only or a test: that many, whose own precision is stated)
    most = runs or s["runs"]
    precision = round(half_width(most // 2, most, s["confidence_z"]), 1)

    def sequential(band):
        return lambda jobs, done: settled(jobs, done, s["confidence_z"], precision, band)

    def estimate(packet: Packet) -> Session:
        # The glance page's difficulty estimate: the first runs of `nests simulate` for this packet
        # (ruling packet-session), on its own seeded stream, so it is the same whenever it is asked for.
        band = pt.settings["difficulty"]["bands"][difficulty]
        est = simulate(packet, characters, runs=runs or s["runs"], seed=seed, **settings_of(content, packet),
                       enough=None if runs else sequential((band["low"], band["high"])))
        return Session(s["hours"], est.actions, est.runs, scout.character_class.name, est.median, est.p90, est.mean,
                       est.heart, est.job, {cid: p for cid, _, p in est.down}, tuple(h.room for h in est.rooms),
                       est.job_interval(s["confidence_z"]), difficulty, (band["low"], band["high"]), est.wiped, dict(est.ends),
                       precision)

    def without(packet: Packet) -> list[Without]:
        # Issue 36: where a house rule softens the rules, the estimate without it stands beside: this very
        # packet made again (the same seed, Nest, cut and re-rolls) from content whose setting reads the rules
        # as written, played as many sessions on the same stream.
        out = []
        used = {r.id for r in packet.rulings}
        for ruling, setting in pt.settings.get("without", {}).items():
            other = content.with_packet_settings(setting)
            if ruling not in used or other.packet.settings == pt.settings:
                continue
            made = assemble(other, seed, party, nest, depth, rerolls, difficulty, cut, runs, candidate, ids, held, sides)
            est = simulate(made, characters, runs=runs or s["runs"], seed=seed, **settings_of(other, made),
                           enough=None if runs else sequential(None))
            out.append(Without(ruling, est.runs, est.heart, est.job, est.job_interval(s["confidence_z"])))
        return out

    packet = Packet(seed, __version__, content.content_hash, depth, party, names, nest, b.nest["name"], b.nest["outside"],
                    perception, job, levels, creatures, list(b.items.items.values()), rulings, estimate, chain, tables,
                    tuple(rerolls), end, difficulty, cut, candidate=candidate, way=way_through(levels), without=without,
                    sides=side_ids)
    return packet
