"""The difficulty estimate: a party plays one packet ``runs`` times (``simulate``).

A run is one session at the table: ``actions`` Exploration Actions (content/packet.yaml), played in
the Nest as the packet prints it (generators/packet/dungeon.py). The Environment Pool starts with the
Entrance; each action spends one Room of the Pool (the party's choice: ``Run.choose``, ruling
sim-choose-room) and plays that Room's key: the Scout (the standing member with the best Exploration)
rolls Exploration against its Level's rating, the others' Exploration and her Eusociology and
Perception static modifiers; the Degree names the Events; the n-th Cost, Risk or Reward of the action
is the Room's n-th lookup of that type; the Events are paid, faced and reaped in that order by one
handler each (``nests.rules.sim_events.HANDLERS``), and those that add an Environment to the Pool add
the Room their printed line names (a spare Room: the next unused spare key of its Level). Once the
Heart is in the Pool the party goes for the Job's target. The dice the party rolls (Exploration,
Combat, Hunger, Consumption, tearing Obstacles down) are rolled anew in every run, from the seeded
sub-stream of its chunk (``simulate``). Every simplification is a ruling sim-… of content/rulings.yaml;
``Estimate.rulings`` lists those used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nests.rules.combat import RULINGS as COMBAT_RULINGS, Bestiary, fight
from nests.rules.encounter import group
from nests.rules.resolution import degree_of
from nests.rules.sim_events import HANDLERS, Food, Member, check, desperate_wounds, explorers, face, present

KIND_WORDS = {"cost": "Cost", "risk": "Risk", "reward": "Reward"}      # the packet's lookup keys → the Event types
SPARE = "spare:"                   # a link to a Level's spare Rooms (generators/packet/dungeon.py)


def packet_parts(packet):
    """The packet's engine objects: its Level chain, its tables, the Job's target creature (or None) and the
    Heart's guards (rules.encounter.Group). The one place this module reads the packet beyond its Rooms."""
    guards = packet.finale.groups() if packet.finale is not None else []
    way_out = packet.finale.way_out.found if packet.finale is not None else []
    return packet.chain, packet.tables, packet.job.target.enemy, guards, way_out


@dataclass(frozen=True)
class Chamber:
    """A keyed Room as the party plays it: its Level and rating, and per Event type its lookups in order,
    each (the Events found, the Room each reveals or None)."""
    id: str
    level: int
    rating: int
    lookups: dict[str, list[tuple[list, list]]]


def chambers(packet) -> tuple[dict[str, Chamber], dict[int, list[str]], str]:
    """The packet's keyed Rooms by id, each Level's spare Rooms in the order they are used, the Heart's id."""
    rooms, spares = {}, {}
    for lv in packet.levels:
        for room in lv.rooms:
            lookups = {word: [(lk.found, lk.links) for lk in room.lookups.get(kind, [])] for kind, word in KIND_WORDS.items()}
            rooms[room.id] = Chamber(room.id, lv.number, lv.rating, lookups)
            if room.spare:
                spares.setdefault(lv.number, []).append(room.id)
    return rooms, spares, packet.heart.rooms[0].id


@dataclass(frozen=True)
class RunRecord:
    """One run: the deepest Level reached, the Heart, the Job, who went down, Wounds dealt by Room, why it
    ended, the Exploration Actions taken, and whether a way led past the packet's spare Rooms."""
    levels: int
    heart: bool
    job: bool
    down: tuple[str, ...]
    wounds: dict[str, int]
    end: str                           # estimate.ENDS: job (done and out), heart (there, not done), party-down, no-room, actions
    actions: int
    past_spares: bool = False
    guarded: int = 0                   # fights stopped by combat's guard_rounds (not a rule: a count to report)


@dataclass
class Action:
    """What one Exploration Action has settled so far."""
    level_taken: bool = False
    blocked: bool = False
    darkness: int = 0
    words: tuple = ()                  # the Events the Degree names ("Cost", "Risk", "Reward"), in order
    at: int = 0                        # the one being dealt with
    missing: set = field(default_factory=set)   # members who fled a fight: they face no later Risk (Missing Characters)


def exploration_roll(standing: list[Member]) -> tuple[int, list[int], int]:
    """The Exploration Action's Effort, static modifiers and standing Shift (Form an Exploration Party; Resolve
    the Exploration Action): the Scout, the best Explorer standing, rolls her Exploration; each other member's
    Exploration and the Scout's Eusociology and Perception are positive static modifiers; Starving, a Shift Down;
    her Poisoned rating, a negative static modifier (Poisoned)."""
    scout = max(standing, key=lambda m: m.ratings["exploration"])
    static = [m.ratings["exploration"] for m in standing if m is not scout]
    static += [scout.ratings["eusociology"], scout.ratings["perception"]]
    if scout.effects and scout.effects.get("poisoned"):
        static.append(-scout.effects["poisoned"])
    return scout.ratings["exploration"], static, -1 if scout.starving else 0


class Run:
    def __init__(self, game: "Game", rng: random.Random):
        self.game, self.rng = game, rng
        self.members = [game.member(c) for c in game.characters]
        # the Environment Pool's Rooms not yet spent, in the order found: the Entrance, and any hand-crafted
        # side Rooms the packet starts it with (ruling oneshot-side-rooms)
        self.pool: list[str] = [game.entrance, *game.sides]
        self.level, self.deepest = 1, 1
        self.rating = game.rooms[game.entrance].rating     # the rating of the Level the party explores
        self.spent_spares: dict[int, int] = {}
        self.past_spares = False
        self.wounds: dict[str, int] = {}
        self.action = Action()
        self.link: str | None = None                   # the Room the Event being played reveals
        self.guarded = 0
        if game.start is not None:
            self.resume(game.start)

    def resume(self, start: "Start") -> None:
        """A campaign's evening begins where the last one stopped (ruling campaign-estimate): the Pool as
        left, its Levels' spare Rooms already found, the deepest Level reached, each member's Wounds and
        Hunger as logged."""
        self.pool = list(start.pool)
        self.spent_spares = dict(start.spares)
        self.deepest = start.level
        if start.rating is not None:
            self.rating = start.rating
        for m, (wounds, hunger) in zip(self.members, start.members):
            m.wounds = wounds
            m.down = wounds >= m.character.wounds_max
            if hunger is not None and m.hunger is not None:
                m.hunger = hunger

    def standing(self) -> list[Member]:
        return [m for m in self.members if not m.down]

    def wound(self, m: Member, n: int, room: str) -> None:
        n = max(0, min(n, m.character.wounds_max - m.wounds))
        if n:
            m.wounds += n
            self.wounds[room] = self.wounds.get(room, 0) + n
        if m.wounds >= m.character.wounds_max:
            m.down = True

    def reveal(self) -> None:
        """The Room the Event being played reveals goes in the Environment Pool (Generate and reap Rewards,
        step 6; Passage)."""
        if self.link is not None:
            self.pool.append(self.link)

    def choose(self) -> str | None:
        """Ruling sim-choose-room: the Heart once it is found; else the Room of the Pool on the deepest Level,
        of those the first found. A link to spare Rooms is the next unused spare key of its Level; when none
        is left, that way ends (ruling packet-spare-rooms) and the next is chosen."""
        g = self.game
        while self.pool:
            if g.heart in self.pool:
                self.pool.remove(g.heart)
                return g.heart
            pick = max(self.pool, key=g.level_of)       # max keeps the first of equals
            self.pool.remove(pick)
            if not pick.startswith(SPARE):
                return pick
            level = int(pick[len(SPARE):])
            used = self.spent_spares.get(level, 0)
            keys = g.spares.get(level, [])
            if used < len(keys):
                self.spent_spares[level] = used + 1
                return keys[used]
            self.past_spares = True
        return None

    def explore(self, room: Chamber) -> None:
        g = self.game
        self.level, self.rating = room.level, room.rating
        self.deepest = max(self.deepest, room.level)
        able = explorers(self)
        if not able:
            self.held_fast(room)
            return
        effort, static, shift = exploration_roll(able)
        degree = degree_of(g.tables, self.rng.randrange(100), effort, room.rating, static, shift)
        words = g.tables.exploration[degree]
        self.action = Action(words=tuple(words))
        counts: dict[str, int] = {}
        for at, word in enumerate(words):
            self.action.at = at
            n = counts[word] = counts.get(word, 0) + 1
            if self.action.blocked and word != "Cost":
                continue
            lookups = room.lookups[word]
            if n > len(lookups):
                continue
            found, links = lookups[n - 1]
            for event, link in zip(found, links):
                if not self.standing():
                    return
                self.link = link
                self.event(event, room.id, word)
            self.link = None

    def event(self, event, room: str, word: str) -> None:
        if event.void or event.resolution is None:
            return
        if self.action.blocked and word != "Cost":
            return
        handler = HANDLERS.get(event.id) or HANDLERS.get(event.resolution.procedure)
        if handler is None:
            self.game.note("sim-unplayed")
            return
        handler(self, event.resolution, room)

    def play(self) -> RunRecord:
        g, end, taken = self.game, "actions", 0
        job = heart = False
        for _ in range(g.actions):
            if not self.standing():
                end = "party-down"
                break
            pick = self.choose()
            if pick is None:
                g.note("sim-pool")
                end = "no-room"
                break
            taken += 1
            if pick == g.heart:
                heart = True
                self.deepest = g.heart_level
                job = bool(self.standing()) and self.job(g.actions - taken + 1)
                end = "job" if job else "party-down" if not self.standing() else "heart"
                break
            self.explore(g.rooms[pick])
        if end == "actions" and not self.standing():
            end = "party-down"
        return RunRecord(self.deepest, heart, job, tuple(m.id for m in self.members if m.down),
                         dict(self.wounds), end, taken, self.past_spares, self.guarded)

    def held_fast(self, room: Chamber) -> None:
        """Ruling sim-held-fast: no standing member can go exploring (Immobilised, Paralysed, Stunned): the
        party spends the action waiting, each member checking her Effects as an Effects Cost would, and keeps
        the Room it would have spent (first in its Pool again, as it was chosen)."""
        self.game.note("sim-held-fast")
        self.pool.insert(0, room.id)
        self.action = Action()
        for m in self.standing():
            if m.effects:
                check(self, m, room.id)

    def job(self, assaults: int) -> bool:
        """Rulings sim-job, sim-finale: at the Heart the party gets past the guards the Heart's page prints, as
        past any Guardians (``sim_events.face``; driven back, it tries again while it has an action left, the
        guards keeping their Wounds), then takes the target: a thing needs a member past the guards;
        a creature must be beaten in Combat by those past them, and a party beaten back regroups and attacks
        again, the creature keeping its Wounds, ``assaults`` times at most (the actions left, and one). Then
        the way out (``leave``): the Job is done when the party is out with it."""
        g = self.game
        g.note("sim-job", "sim-finale")
        self.rating = g.heart_rating
        guards = [f for grp in g.guards for f in g.bestiary.group(grp.enemy, grp.count, grp.wounds_max)]
        self.action = Action()
        while guards and not face(self, guards, g.heart_room, ahead=True):
            assaults -= 1                        # driven back: with an action left, the party tries them again
            if assaults <= 0 or not self.standing():
                return False
            self.action = Action()
        if g.target is None:
            return bool(present(self)) and self.leave()
        t = group(self.rng, g.tables, g.target)
        target = g.bestiary.group(t.enemy, t.count, t.wounds_max)
        behind = set(self.action.missing)
        while assaults > 0 and present(self):
            assaults -= 1
            self.action.missing = set(behind)
            if self.fight(target, g.heart_room, beat=True).won:
                return bool(self.standing()) and self.leave()
        return False

    def leave(self) -> bool:
        """The way out the Heart's page prints (ruling heart-finale): its Risks faced as any Risk is (Generate
        and face Risks), then the Job is done if a member is still standing to bring it out."""
        self.action = Action()
        for event in self.game.way_out:
            if not self.standing():
                break
            self.event(event, self.game.heart, "Risk")
        return bool(self.standing())

    def fight(self, creatures, room: str, beat: bool = False):
        """One Combat of the members in the Room (``sim_events.present``) against ``creatures``: their Wounds and
        Effects are kept, and those who fled are missing for the rest of the action. → combat.FightResult."""
        g = self.game
        members = present(self)
        party = [g.bestiary.member(m.character, m.wounds, -1 if m.starving else 0, self.action.darkness, m.effects)
                 for m in members]
        result = fight(self.rng, g.bestiary, party, creatures, beat)
        for m, f, fate in zip(members, party, result.fates):
            self.wound(m, f.wounds - m.wounds, room)
            if fate == "back":
                self.action.missing.add(m)
        self.guarded += result.guarded
        g.note(*COMBAT_RULINGS)
        return result


# -- the game and its estimate ------------------------------------------------------------------
@dataclass(frozen=True)
class Start:
    """Where a session starts when not at the Entrance (a campaign's next evening): the Pool's Rooms in the
    order found, each Level's spare Rooms used, the deepest Level and the rating of the Level the party is
    on, and (Wounds, Hunger) of each member in party order."""
    pool: tuple[str, ...]
    spares: dict
    level: int
    rating: int | None
    members: tuple[tuple[int, int | None], ...]


@dataclass
class Game:
    """What every run shares: the packet's Rooms, the party, the tables and settings, and the rulings used."""
    rooms: dict[str, Chamber]
    spares: dict[int, list[str]]       # each Level's spare Rooms, in the order they are used
    heart: str                         # the Heart's Room id
    heart_level: int
    characters: list
    tables: object
    sim: object
    actions: int
    target: str | None
    chain: object
    encounters: str                    # the Nest's encounter table
    perception: int | None             # a Secret's Chance (ruling packet-perception)
    slots: int
    desperate: dict[str, int]
    guards: list                       # the Heart's guards (rules.encounter.Group), fought before the target
    way_out: list                      # the Events of the way out (rules.exploration.Event), faced once it is taken
    entrance: str = "1.1"
    sides: tuple[str, ...] = ()
    used: set[str] = field(default_factory=set)
    start: Start | None = None         # None: every session from the Entrance (a one-shot's)

    def __post_init__(self):
        self.bestiary = Bestiary(self.tables, self.sim)
        self._sheets: dict[int, tuple] = {}            # id(character) → what ``member`` reads of her sheet
        self.heart_room = self.heart
        self.heart_rating = self.chain.levels[-1].rating

    def level_of(self, link: str) -> int:
        """The Level of a Room of the Pool: a keyed Room's, a spare link's, the Heart's."""
        if link.startswith(SPARE):
            return int(link[len(SPARE):])
        return self.heart_level if link == self.heart else self.rooms[link].level

    def note(self, *rulings: str) -> None:
        self.used.update(rulings)

    def member(self, c) -> Member:
        """Her state at a session's start. Her sheet is read once per game (every run begins so): her ratings,
        shared by the runs (never changed), and her Food Items' ratings and her Effects, fresh in each run."""
        sheet = self._sheets.get(id(c))
        if sheet is None:
            ratings = {f.id: f.rating for f in c.common_abilities} | {f.id: f.rating for f in c.attributes}
            food = [i.rating for i in c.inventory if i is not None and self.sim.food_type in i.types]
            sheet = self._sheets[id(c)] = c, ratings, food, {f.id: f.rating for f in c.effects if f.rating}
        _, ratings, food, effects = sheet
        return Member(c, ratings, c.hunger, [Food(r) for r in food], effects=dict(effects))


SIM_RULINGS = ["sim-session", "sim-choose-room", "sim-effects", "sim-no-resting"]     # every run plays by these


def settings_of(content, packet) -> dict:
    """What a session of ``packet`` plays by, from its content: the simulation's settings, the Exploration
    Actions of a session, a member's inventory slots and the Nest's encounter table. The keywords of
    ``new_game`` and ``simulate``, read in this one place for the estimate, its screens and the report."""
    pt = content.packet
    return {"sim": content.simulate, "actions": pt.settings["session"]["actions"],
            "slots": content.catalogue["inventory_slots"], "encounters": pt.nests[packet.nest][0]["encounters"]}


def new_game(packet, characters: list, sim, actions: int, slots: int, encounters: str,
             start: Start | None = None) -> Game:
    """What the runs of ``packet`` share; ``encounters``: the Nest's encounter table; ``start``: where each
    session starts, when not at the Entrance."""
    chain, tables, target, guards, way_out = packet_parts(packet)
    rooms, spares, heart = chambers(packet)
    game = Game(rooms, spares, heart, packet.heart.number, list(characters), tables, sim, actions, target, chain,
                encounters, packet.perception, slots, desperate_wounds(tables), guards, way_out,
                packet.levels[0].rooms[0].id, tuple(getattr(packet, "sides", ())), start=start)
    game.note(*SIM_RULINGS)
    return game


CHUNK = 250         # runs on one sub-stream: "simulate/0" holds runs 1–250, "simulate/1" 251–500, …
LOOK = 20           # a sequential estimate's runs between two looks at its interval
_shared: tuple | None = None       # (game, seed, stream, runs) for the forked players of ``_chunk``


def _runs(k: int):
    """Runs k·CHUNK … of the shared game on their own sub-stream, played as they are asked for, each with the
    rulings it used first (known run by run, so an estimate that stops within a chunk names only its own)."""
    from nests.rules.dice import substream

    game, seed, stream, runs = _shared
    rng = substream(seed, f"{stream}/{k}")
    seen = set(game.used)
    for _ in range(min(CHUNK, runs - k * CHUNK)):
        record = Run(game, rng).play()
        new = game.used - seen if len(game.used) != len(seen) else set()
        seen |= new
        yield record, new


def _chunk(k: int) -> list[tuple[RunRecord, set]]:
    """A forked player's chunk, whole."""
    return list(_runs(k))


def _processes(chunks: int) -> int:
    """Two players when there are two cores and the runs fill two chunks; one inside a batch's (daemonic) worker."""
    import multiprocessing
    import os

    if chunks < 2 or (os.cpu_count() or 1) < 2 or multiprocessing.current_process().daemon:
        return 1
    return 2


def simulate(packet, characters: list, sim, actions: int, runs: int, slots: int, seed: int, encounters: str,
             stream: str = "simulate", enough=None, start: Start | None = None):
    """The party (``characters``: nests.model.Character, in party order) plays ``packet`` ``runs`` times, each
    a session of ``actions`` Exploration Actions. → ``Estimate``. The runs are dealt in chunks of ``CHUNK``,
    each on its own seeded sub-stream ("simulate/0", "simulate/1", …), so the first N runs are the same
    however many are played and in however many processes: with two cores, two play at once.
    ``enough(jobs, runs)``, when given, is asked after every ``LOOK`` runs (rules.estimate.settled): the
    estimate stops at the first look it answers yes, at most ``runs``; where it stops depends on the runs
    alone, never on how many processes played them. ``start``: where each session starts (a campaign's
    evening); None, the Entrance."""
    from nests.rules.estimate import summarise

    global _shared
    game = new_game(packet, characters, sim, actions, slots, encounters, start)
    chunks = -(-runs // CHUNK)
    _shared = game, seed, stream, runs
    kept: list[tuple[RunRecord, set]] = []
    jobs = 0

    def take(part) -> bool:
        # the chunk's runs in order, until ``enough`` says the runs so far settle the estimate
        nonlocal jobs
        for played in part:
            kept.append(played)
            jobs += played[0].job
            if enough is not None and len(kept) % LOOK == 0 and enough(jobs, len(kept)):
                return True
        return False

    try:
        if _processes(chunks) == 1:
            for k in range(chunks):
                if take(_runs(k)):
                    break
        else:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(2) as pool:
                for part in pool.imap(_chunk, range(chunks), chunksize=1):
                    if take(part):
                        break             # leaving the pool stops the chunks still playing
    finally:
        _shared = None
    for _, used in kept:
        game.used |= used
    return summarise([r for r, _ in kept], game, packet)
