"""The difficulty estimate: a party plays one packet ``runs`` times (``simulate``).

A run is one session at the table: ``actions`` Exploration Actions (content/packet.yaml).
Each action follows the Survival and Exploration Steps: spend a Room of the
Environment Pool; the Scout (the standing member with the best Exploration) rolls
Exploration against the Level's rating, the others' Exploration and her
Eusociology and Perception static modifiers (the How-to page); the Degree names
the Events; each Cost, Risk and Reward takes the next unused lookup of the
Level's keyed Room (its pre-rolled d100 and the Events it resolved), as the
How-to page tells the GQ, and once they are used up one rolled anew at that
Level by the rules engine; the Events are paid, faced and reaped in that order
by one handler each (``nests.rules.sim_events.HANDLERS``). A Level or Shortcut
moves the party at the action's end. At the Heart the party goes for the Job's target. The dice the
party rolls (Exploration, Combat, Hunger, Consumption, tearing Obstacles down)
are rolled anew in every run, from the seeded sub-stream of its chunk (``simulate``). Every simplification is a
ruling sim-… of content/rulings.yaml; ``Estimate.rulings`` lists those used.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nests.rules.combat import RULINGS as COMBAT_RULINGS, Bestiary, fight
from nests.rules.encounter import group
from nests.rules.exploration import ExplorationAction, lookup
from nests.rules.nest import stand_in
from nests.rules.procedures import Context
from nests.rules.resolution import degree_of
from nests.rules.sim_events import HANDLERS, Food, Member, check, desperate_wounds, explorers, face, present

KIND_WORDS = {"cost": "Cost", "risk": "Risk", "reward": "Reward"}      # the packet's lookup keys → the Event types


def packet_parts(packet):
    """The packet's engine objects: its Level chain, its tables, the Job's target creature (or None) and the
    Heart's guards (rules.encounter.Group). The one place this module reads the packet beyond its Levels and Rooms."""
    guards = packet.finale.groups() if packet.finale is not None else []
    return packet.chain, packet.tables, packet.job.target.enemy, guards


@dataclass(frozen=True)
class Stop:
    """A Level as the party plays it: per Event type, the lookups of its keyed Rooms (or its stand-in's), in
    order, each (Room id, the Events found)."""
    number: int
    rating: int
    room: str                          # the Room its Events are counted for: its keyed Room or its stand-in
    lookups: dict[str, list[tuple[str, list]]]


def course(packet) -> list[Stop]:
    """Every Level of the chain with the Room lookups it plays (ruling sim-room-lookups)."""
    stops = []
    for lv in packet.levels:
        keyed = lv if lv.rooms else stand_in(packet.levels, lv)
        rooms = keyed.rooms if keyed else []
        lookups = {word: [(room.id, lk.found) for room in rooms for lk in room.lookups.get(kind, [])]
                   for kind, word in KIND_WORDS.items()}
        stops.append(Stop(lv.number, lv.rating, rooms[0].id if rooms else f"Level {lv.number}", lookups))
    return stops


@dataclass(frozen=True)
class RunRecord:
    """One run: the deepest Level reached, the Heart, the Job, who went down, Wounds dealt by Room, and why it ended."""
    levels: int
    heart: bool
    job: bool
    down: tuple[str, ...]
    wounds: dict[str, int]
    end: str                           # actions, heart, party-down, no-room
    actions: int
    guarded: int = 0                   # fights stopped by combat's guard_rounds (not a rule: a count to report)


@dataclass
class Action:
    """What one Exploration Action has settled so far."""
    move_to: int = 0
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
        self.level, self.pool, self.deepest = 1, game.start_rooms, 1
        self.cursor: dict[tuple[int, str], int] = {}
        self.wounds: dict[str, int] = {}
        self.action = Action()
        self.guarded = 0

    def standing(self) -> list[Member]:
        return [m for m in self.members if not m.down]

    def wound(self, m: Member, n: int, room: str) -> None:
        n = max(0, min(n, m.character.wounds_max - m.wounds))
        if n:
            m.wounds += n
            self.wounds[room] = self.wounds.get(room, 0) + n
        if m.wounds >= m.character.wounds_max:
            m.down = True

    def next_lookup(self, word: str) -> tuple[str, list] | None:
        """The next unused lookup of the Level's keyed Room; once they are used up, one rolled anew at the
        Level with the rulebook's procedure (ruling sim-room-lookups)."""
        g = self.game
        stop = g.stops[self.level - 1]
        lookups = stop.lookups[word]
        key = (self.level, word)
        n = self.cursor.get(key, 0)
        self.cursor[key] = n + 1
        if n < len(lookups):
            return lookups[n]
        ctx = Context(self.rng, g.tables, stop.rating, g.encounters, g.chain, stop.number, g.perception, ExplorationAction(),
                      every_row=g.every_row)
        _, events = lookup(self.rng, g.tables, word, stop.rating, self.rng.randrange(100), g.encounters, g.chain,
                           g.perception, ctx.action, ctx=ctx)
        return (lookups[0][0] if lookups else stop.room), events

    def explore(self) -> None:
        g = self.game
        stop = g.stops[self.level - 1]
        able = explorers(self)
        if not able:
            self.held_fast()
            return
        effort, static, shift = exploration_roll(able)
        degree = degree_of(g.tables, self.rng.randrange(100), effort, stop.rating, static, shift)
        words = g.tables.exploration[degree]
        self.action = Action(words=tuple(words))
        for at, word in enumerate(words):
            self.action.at = at
            if self.action.blocked and word != "Cost":
                continue
            found = self.next_lookup(word)
            if found is None:
                continue
            room, events = found
            for event in events:
                if not self.standing():
                    return
                self.event(event, room, word)
        if self.action.level_taken:
            self.pool += 1      # Level (Reward): a Room, the new Level's entrance; a Shortcut adds none (Shortcut)
        if self.action.move_to > self.level:
            self.level = self.action.move_to
            self.deepest = max(self.deepest, self.level)

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
        last = len(g.stops)
        job = False
        for _ in range(g.actions):
            if not self.standing():
                end = "party-down"
                break
            if self.pool <= 0:
                g.note("sim-pool")
                end = "no-room"
                break
            self.pool -= 1
            taken += 1
            self.explore()
            if self.level == last:
                end = "heart"
                job = bool(self.standing()) and self.job(g.actions - taken + 1)
                break
        if end == "actions" and not self.standing():
            end = "party-down"
        return RunRecord(self.deepest, self.deepest == last, job, tuple(m.id for m in self.members if m.down),
                         dict(self.wounds), end, taken, self.guarded)

    def held_fast(self) -> None:
        """Ruling sim-held-fast: no standing member can go exploring (Immobilised, Paralysed, Stunned): the
        party spends the action waiting, each member checking her Effects as an Effects Cost would, and keeps
        the Room it would have spent."""
        self.game.note("sim-held-fast")
        self.pool += 1
        self.action = Action()
        for m in self.standing():
            if m.effects:
                check(self, m, self.game.stops[self.level - 1].room)

    def job(self, assaults: int) -> bool:
        """Rulings sim-job, sim-finale: at the Heart the party gets past the guards the Heart's page prints, as
        past any Guardians (``sim_events.face``), then takes the target: a thing needs a member past the guards;
        a creature must be beaten in Combat by those past them, and a party beaten back regroups and attacks
        again, the creature keeping its Wounds, ``assaults`` times at most (the actions left, and one)."""
        g = self.game
        g.note("sim-job", "sim-finale")
        guards = [f for grp in g.guards for f in g.bestiary.group(grp.enemy, grp.count, grp.wounds_max)]
        self.action = Action()
        if guards and not face(self, guards, g.heart_room, ahead=True):
            return False
        if g.target is None:
            return bool(present(self))
        t = group(self.rng, g.tables, g.target)
        target = g.bestiary.group(t.enemy, t.count, t.wounds_max)
        behind = set(self.action.missing)
        while assaults > 0 and present(self):
            assaults -= 1
            self.action.missing = set(behind)
            if self.fight(target, g.heart_room, beat=True).won:
                return bool(self.standing())
        return False

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
@dataclass
class Game:
    """What every run shares: the packet's course, the party, the tables and settings, and the rulings used."""
    stops: list[Stop]
    characters: list
    tables: object
    sim: object
    actions: int
    target: str | None
    chain: object
    encounters: str                    # the Nest's encounter table
    perception: int | None             # a Secret's Chance (ruling packet-perception)
    heart_room: str
    slots: int
    desperate: dict[str, int]
    guards: list                       # the Heart's guards (rules.encounter.Group), fought before the target
    start_rooms: int = 1               # the Environment Pool's Rooms at the start (ruling oneshot-rooms)
    every_row: bool = False            # Encounters rolled anew bring every row generated (encounter-every-row)
    used: set[str] = field(default_factory=set)

    def __post_init__(self):
        self.bestiary = Bestiary(self.tables, self.sim)

    def note(self, *rulings: str) -> None:
        self.used.update(rulings)

    def member(self, c) -> Member:
        ratings = {f.id: f.rating for f in c.common_abilities} | {f.id: f.rating for f in c.attributes}
        food = [Food(i.rating) for i in c.inventory if i is not None and self.sim.food_type in i.types]
        return Member(c, ratings, c.hunger, food)


SIM_RULINGS = ["sim-session", "sim-room-lookups", "sim-effects", "sim-no-resting"]     # every run plays by these


def settings_of(content, packet) -> dict:
    """What a session of ``packet`` plays by, from its content: the simulation's settings, the Exploration
    Actions of a session, a member's inventory slots and the Nest's encounter table. The keywords of
    ``new_game`` and ``simulate``, read in this one place for the estimate, its screens and the report."""
    pt = content.packet
    return {"sim": content.simulate, "actions": pt.settings["session"]["actions"],
            "slots": content.catalogue["inventory_slots"], "encounters": pt.nests[packet.nest][0]["encounters"]}


def new_game(packet, characters: list, sim, actions: int, slots: int, encounters: str) -> Game:
    """What the runs of ``packet`` share; ``encounters``: the Nest's encounter table."""
    chain, tables, target, guards = packet_parts(packet)
    stops = course(packet)
    game = Game(stops, list(characters), tables, sim, actions, target, chain, encounters, packet.perception,
                stops[-1].room, slots, desperate_wounds(tables), guards, packet.start_rooms,
                packet.every_row)
    game.note(*SIM_RULINGS)
    return game


CHUNK = 250         # runs on one sub-stream: "simulate/0" holds runs 1–250, "simulate/1" 251–500, …
_shared: tuple | None = None       # (game, seed, stream, runs) for the forked players of ``_chunk``


def _chunk(k: int) -> tuple[list, set]:
    """Runs k·CHUNK … of the shared game on their own sub-stream, and the rulings they used."""
    from nests.rules.dice import substream

    game, seed, stream, runs = _shared
    rng = substream(seed, f"{stream}/{k}")
    return [Run(game, rng).play() for _ in range(min(CHUNK, runs - k * CHUNK))], game.used


def _processes(chunks: int) -> int:
    """Two players when there are two cores and the runs fill two chunks; one inside a batch's (daemonic) worker."""
    import multiprocessing
    import os

    if chunks < 2 or (os.cpu_count() or 1) < 2 or multiprocessing.current_process().daemon:
        return 1
    return 2


def simulate(packet, characters: list, sim, actions: int, runs: int, slots: int, seed: int, encounters: str,
             stream: str = "simulate"):
    """The party (``characters``: nests.model.Character, in party order) plays ``packet`` ``runs`` times, each
    a session of ``actions`` Exploration Actions. → ``Estimate``. The runs are dealt in chunks of ``CHUNK``,
    each on its own seeded sub-stream ("simulate/0", "simulate/1", …), so the first N runs are the same
    however many are played and in however many processes: with two cores, two play at once."""
    from nests.rules.estimate import summarise

    global _shared
    game = new_game(packet, characters, sim, actions, slots, encounters)
    chunks = -(-runs // CHUNK)
    _shared = game, seed, stream, runs
    try:
        if _processes(chunks) == 1:
            played = [_chunk(k) for k in range(chunks)]
        else:
            import multiprocessing

            with multiprocessing.get_context("fork").Pool(2) as pool:
                played = pool.map(_chunk, range(chunks), chunksize=1)
    finally:
        _shared = None
    records = [r for part, _ in played for r in part]
    for _, used in played:
        game.used |= used
    return summarise(records, game, packet)
