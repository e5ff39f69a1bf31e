"""Combat (Combat chapter) as the difficulty estimate plays it: ``fight(rng, bestiary, party, nest)``.

Each side is a list of ``Fighter``s (``nests.rules.fighters``). The Combat Steps: every Combatant's starting
Disposition from a Boolean Roll against its Initiative (Holding or Recoiling); Rounds of Turns in Initiative
order (ties: the more advanced Disposition, then at random). Each Turn begins with the Alarm Pheromones roll
while a creature with that rule is a Combatant (the Termites it summons Join Combat at the next Round's start),
then the Combatant's Effects are checked (``nests.rules.effects``), then she acts: an Attack Action (a
Qualification Roll, Effort her Threat Rate, Resistance the target's Survival Rate, the target's Carapace
against Crushing, Piercing, Shredding and Flying as negative static modifiers, her Disposition's modifier, her
Poisoned rating, one Shift Down per Wound; the Degree picks which Attacks Hit or Miss and their lines are read,
``LINES``), or Breaking from Combat. Combat ends only as the rules end it: every Combatant of one side killed or
Retreating (a member who broke away is no Combatant). ``guard_rounds`` only stops a fight that could never end
(nobody able to hurt or leave), far past any real one; the result says so and the estimate counts it.
The party's choices and the simplifications are rulings sim-… (content/rulings.yaml), named in ``RULINGS``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Callable

from nests.rules.effects import Afflictions
from nests.rules.fighters import BYSTANDER, GUEST, HUNTER, Fighter, Roster, stock

RULINGS = ["sim-rally", "sim-fight-sides", "sim-targets", "sim-attack-lines", "sim-swarm-wounds", "sim-alarm", "sim-break",
           "sim-flee", "sim-fight-ends", "sim-area-attack", "sim-special-rules", "modifier-match", "sim-effects",
           "sim-effects-combat", "sim-effects-turn", "sim-pursuit", "sim-alarm-gun", "sim-autothysis"]


# What an Attack line does: act(fight, attacker, target, opponents, rem, arg), where ``rem`` is its Attack's Rem
# Wounds for a swarm (in place of a kill) and ``arg`` what the line says, read once when the Attack is made ready.
def _wound(fight, a: Fighter, t: Fighter, opponents, rem, arg) -> None:
    who, n = arg
    fight.hurt(a if who == "attacker" else t, n)


def _kill(fight, a: Fighter, t: Fighter, opponents, rem, who: str) -> None:
    f = a if who == "attacker" else t
    if who == "target" and f.swarm and rem is not None:
        fight.hurt(f, rem)
    elif f.swarm and who == "attacker":
        fight.hurt(f, 1)               # one of the swarm bursts (Minor Termite Soldier), the rest fight on
    else:
        fight.hurt(f, f.wounds_max - f.wounds)


def _kill_some(fight, a: Fighter, t: Fighter, opponents, rem, n: int) -> None:
    others = [o for o in opponents if o is not t and o.combatant]
    for v in [t] + fight.rng.sample(others, min(len(others), n - 1)):
        _kill(fight, a, v, opponents, rem, "target")


def _move(fight, a: Fighter, t: Fighter, opponents, rem, arg) -> None:
    who, steps = arg
    f = a if who == "attacker" else t
    place, top = f.place + steps, len(f.track) - 1
    f.place = f.floor if place < f.floor else top if place > top else place      # within its track, above its floor
    f.refresh()


def _effect(fight, a: Fighter, t: Fighter, opponents, rem, arg) -> None:
    """An Effect bestowed by a line ("Target Immobilised d40", "Attacker Stunned: d60"): ruling sim-effects."""
    who, name, faces = arg
    f = a if who == "attacker" else t
    if f.combatant and fight.afflict.bestow(fight.below, f.effects, name, faces):
        f.affected()


_EFFECT = re.compile(r"\b(Targets?|Enemy|Attacker)\s+(?:is\s+)?(?:in\s+)?(Agony|Bleeding|Blind|Charmed|Confused|"
                     r"Immobilised|Infected|Paralysed|Poisoned|Stunned)\b\s*:?\s*d(\d+)", re.I)

# Attack lines this simulation reads, by what they say (ruling sim-attack-lines): (pattern, what the line says
# read from its match, what it does).
LINES: list[tuple[re.Pattern, Callable, Callable]] = [
    (re.compile(r"(\d+) Targets? Dies?", re.I), lambda m: int(m.group(1)), _kill_some),
    (re.compile(r"Target (?:is )?Killed", re.I), lambda m: "target", _kill),
    (re.compile(r"Attacker (?:is )?killed", re.I), lambda m: "attacker", _kill),
    (re.compile(r"Attacker takes (\d+) Wounds?", re.I), lambda m: ("attacker", int(m.group(1))), _wound),
    (re.compile(r"Targets? takes? (\d+) Wounds?", re.I), lambda m: ("target", int(m.group(1))), _wound),
    (re.compile(r"Attacker Recoils( twice)?", re.I), lambda m: ("attacker", -2 if m.group(1) else -1), _move),
    (re.compile(r"Targets? Recoils?", re.I), lambda m: ("target", -1), _move),
    (_EFFECT, lambda m: ("attacker" if m.group(1).lower() == "attacker" else "target", m.group(2).lower(),
                         int(m.group(3))), _effect),
]


class Bestiary(Roster):
    """``nests.rules.fighters.Roster`` reading this module's ``LINES``, with the game's ``Afflictions`` and
    the Alarm Pheromones table (Table 33) in the order it is read (``summon``)."""

    def __init__(self, tables, sim):
        super().__init__(tables, sim, LINES)
        self.afflict = Afflictions(tables)
        # Table 33 in the order it is read: (Chance to Summon, enemy, count, Wounds Max or its die's faces)
        self.summons = []
        for r in sorted(tables.summons["rows"], key=lambda r: r["chance"]):
            wounds = tables.enemies[r["enemy"]].feature("Wounds Max")
            self.summons.append((r["chance"], r["enemy"], r["count"], wounds.figure,
                                 None if wounds.die is None else tables.die(wounds.die).faces))
        # Fight.could_hit's answers, the same few asked all game (and in every game: ``fighters.stock``)
        self.hopes: dict[tuple, bool] = stock(tables, sim, LINES).setdefault("hopes", {})

    def summon(self, below, face: int) -> list[Fighter]:
        """Alarm Pheromones' d100 ``face``: the row with the lowest Chance to Summon above it, its creatures
        (``encounter.group``'s numbers, without its printed records: a session summons hundreds; a Wounds Max
        die rolling 0 counts as 1, ruling wounds-die-minimum); none above it, no one (ruling summons-none)."""
        for chance, enemy, count, wounds, faces in self.summons:
            if chance > face:
                return self.group(enemy, count, wounds if faces is None else max(1, below(faces)))
        return []


_STANDING = attrgetter("standing")


@dataclass
class Fight:
    rng: random.Random
    tables: object
    sim: object
    sides: tuple[list[Fighter], list[Fighter]]
    bestiary: Bestiary | None = None
    fleeing: bool = False              # ruling sim-flee: the party is Breaking from Combat
    beat: bool = False                 # the party fights until the creatures are beaten (the Job's target)
    start_left: int = 0                # the party's Wounds left when the fight began
    joining: list = field(default_factory=list)     # summoned, they Join Combat at the next Round's start
    glued: int = 0                     # Obstacles the Autothytes' Special Attacks made (ruling sim-autothysis)
    turns: int = 0                     # Combat Turns begun
    alarms: int = 0                    # Alarm Pheromones rolls made (one per Turn while a caller is a Combatant)
    summoned: int = 0                  # groups the alarm brought

    def __post_init__(self):
        # Table 18 as a fight reads it (the Degrees worst first, the last's index, both Criticals, the initial
        # Degree's index by (matches Effort, beats Resistance)), made once for the tables: a session has dozens of fights
        shared = stock(self.tables, self.sim, LINES)
        if "table18" not in shared:
            degrees = list(self.tables.degrees)
            shared["table18"] = (degrees, len(degrees) - 1, (degrees[0], degrees[-1]),
                                 {k: degrees.index(v) for k, v in self.tables.initial.items()})
        self._degrees, self._last, self._critical, self._initial = shared["table18"]
        # randrange(n) is _randbelow(n) behind its argument checks: the same faces, from the same stream,
        # for a fraction of the cost (a fight draws hundreds)
        self.below = self.rng._randbelow
        self.callers = [o for o in self.sides[1] if o.alarm]      # the Combatants with Alarm Pheromones
        self.gunners = [o for o in self.sides[1] if o.gun]        # those with the Alarm Gun, in the side's order
        self._best = None                                          # their highest Swarming, once known
        self._hopes = self.bestiary.hopes if self.bestiary else {}
        self.afflict = self.bestiary.afflict if self.bestiary else Afflictions(self.tables)
        self._obstacle = self.sim.guardians["obstacle_chance"]
        self._static, self._shift_up = self.sim.static, self.sim.shift_up      # read at every Attack (``odds``)

    # -- rolls -------------------------------------------------------------------------
    def degree(self, effort: int, resistance: int, static: list[int], shift: int) -> str:
        """``resolution.degree_of`` for one fresh d100, without its look-ups: Table 18's Degree for the face,
        each static modifier's Shift against the same face (ruling modifier-match), standing Shifts, clamped."""
        face = self.below(100)
        net = shift
        for m in static:
            if face < abs(m):
                net += 1 if m > 0 else -1
        index = self._initial[(face < effort, face >= resistance)] + net
        return self._degrees[0 if index < 0 else index if index < self._last else self._last]

    def hurt(self, f: Fighter, n: int) -> None:
        if n > 0:
            wounds = f.wounds + n
            f.wounds = wounds if wounds < f.wounds_max else f.wounds_max
            f.refresh()
            if f.alarm and not f.combatant:
                self._best = None

    def over(self) -> bool:
        """Combat ends when all Combatants on one side are killed or Retreating (a member who broke away is no
        longer a Combatant)."""
        return not any(map(_STANDING, self.sides[0])) or not any(map(_STANDING, self.sides[1]))

    # -- actions -----------------------------------------------------------------------
    def odds(self, f: Fighter, target: Fighter) -> tuple[list[int], int]:
        """An Attack Action's static modifiers (Carapace, Flying, Disposition, Darkness, Poisoned) and standing
        Shifts (Wounds, Starving, Charging)."""
        static = []
        if target.carapace > 0 and f.against_carapace:
            static.append(-target.carapace)
        if target.flying > 0:
            static.append(-target.flying)
        disposition = f.track[f.place]
        modifier = self._static.get(disposition)
        if modifier is not None:
            static.append(modifier)
        if f.darkness:
            static.append(-f.darkness)
        if f.poison:
            static.append(-f.poison)
        return static, f.shift + (0 if f.swarm else -f.wounds) + (1 if disposition in self._shift_up else 0)

    def could_hit(self, f: Fighter, target: Fighter) -> bool:
        """Whether any face of her Attack Roll on ``target`` is a Success: with a Wound or two's Shifts Down, or a
        Carapace's, often none is (ruling sim-targets: then she does something else)."""
        static, shift = self.odds(f, target)
        key = (f.threat, target.survival, tuple(static), shift)
        known = self._hopes.get(key)
        if known is None:
            # the Degree is a step function of the face, changing only where it reaches Effort, Resistance or a
            # modifier's size: the faces that start a step are all there is to try
            success = self._degrees.index("Partial Success")
            starts = {0, f.threat, target.survival, *(abs(m) for m in static)}
            known = self._hopes[key] = any(
                self._initial[(face < f.threat, face >= target.survival)] + shift
                + sum((1 if m > 0 else -1) for m in static if face < abs(m)) >= success for face in starts if face < 100)
        return known

    def attack(self, f: Fighter, target: Fighter, opponents: list[Fighter]) -> None:
        """An Attack Action: Threat Rate against Survival Rate with its ``odds``; the Degree names the Attacks that
        Hit or Miss, whose Damage and lines are dealt."""
        static, shift = self.odds(f, target)
        degree = self.degree(f.threat, target.survival, static, shift)
        hits, which = self.sim.outcomes[degree]
        critical = degree in self._critical
        strikes = f.strikes
        for name in which:
            s = strikes.get(name)
            if s is None or (s.close and target.flying > 0 and f.flying <= 0):     # not f.reaches(s, target)
                continue
            if f.autothyte and name == "special" and self.below(100) < self._obstacle:
                self.glued += 1                              # ruling sim-autothysis: its tunnel glued shut
            targets = [target]
            if hits and s.area:                              # ruling sim-area-attack
                targets += [o for o in opponents if o is not target and o.combatant and f.reaches(s, o)]
            lines = s.hit if hits else s.miss
            for t in targets:
                if hits:
                    self.hurt(t, s.damage * (f.wounds_max - f.wounds if s.per_individual else 1))
                for crit_only, act, arg in lines:
                    if critical or not crit_only:
                        act(self, f, t, opponents, s.rem, arg)

    def alarm_gun(self, a: Fighter, target: Fighter) -> None:
        """Ruling sim-alarm-gun: each discharge, ``alarm_gun.chance`` percent that another Nasute in the fight
        that has not attacked this Round fires at the same target, in this Turn, as its Attack of the Round."""
        gun = self.sim.alarm_gun
        while target.combatant and self.below(100) < gun["chance"]:
            ready = [o for o in self.gunners if o is not a and not o.acted and o.standing and o.acts]
            if not ready:
                return
            b = ready[self.below(len(ready))]
            b.acted = True
            self.attack(b, target, self.sides[0])
            a = b

    def rally(self, f: Fighter) -> None:
        """Ruling sim-rally: a member Retreating or Recoiling is Rallied or Encouraged by the ally with the best
        Leadership who has not acted this Round (Support Action: Leadership against her Passions)."""
        action = self.sim.support.get(f.track[f.place])
        if action is None or not f.support:
            return
        helpers = [a for a in self.sides[0] if a is not f and a.standing and a.acts and not a.acted and a.support]
        if not helpers:
            return
        helper = max(helpers, key=lambda a: a.support["leadership"])
        helper.acted = True
        static = [helper.support[action[1]]] + ([-helper.poison] if helper.poison else [])
        degree = self.degree(helper.support["leadership"], f.support["passions"], static, helper.shift)
        wanted = self.sim.support_outcomes[degree]
        if wanted in f.track:
            f.place = f.track.index(wanted)
            f.refresh()

    def pursuer(self, f: Fighter) -> Fighter | None:
        """Ruling sim-pursuit: the fastest creature that would chase her: one that sets upon intruders and can move
        now; a Flying member is chased only by one that flies."""
        chasing = [o for o in self.sides[1] if o.role == HUNTER and o.standing and o.moves and (o.flying > 0 or f.flying <= 0)]
        return max(chasing, key=attrgetter("speed")) if chasing else None

    def outruns(self, f: Fighter, chaser: Fighter) -> bool:
        """Ruling sim-pursuit: a Contested Boolean Roll, Effort her Speed, Resistance the pursuer's: she gets away
        when the d100 matches her Speed and beats its Speed."""
        face = self.below(100)
        return chaser.speed <= face < f.speed

    def can_flee(self, f: Fighter) -> bool:
        """Whether fleeing back may work: no creature would chase her, or she is the faster (a Contested Boolean
        Roll succeeds only when Effort is higher than Resistance)."""
        chaser = self.pursuer(f)
        return chaser is None or f.speed > chaser.speed

    def break_away(self, f: Fighter, way: str) -> None:
        """Breaking from Combat: a Boolean Roll against Initiative, as a Manoeuver; one who cannot move cannot.
        Fleeing ("back") from a creature that pursues, she must outrun it too (ruling sim-pursuit)."""
        if not f.moves or self.below(100) >= f.initiative:
            return
        if way == "back":
            chaser = self.pursuer(f)
            if chaser is not None and not self.outruns(f, chaser):
                return
        f.out = way
        f.refresh()

    def turn_on_ally(self, f: Fighter, side: int) -> None:
        """Charmed, or Confused with a failed Smarts roll: she attacks a random ally (ruling sim-effects-turn)."""
        allies = [o for o in self.sides[side] if o is not f and o.combatant]
        if allies and f.strikes:
            self.attack(f, allies[self.below(len(allies))], allies)

    def member_turn(self, f: Fighter) -> None:
        """A member's Turn (the party's choices: rulings sim-break, sim-flee, sim-guardians, sim-targets): she Breaks
        from Combat when she is Retreating, when the party flees, when one Wound from death, when nothing she
        must beat stands (past the Guardians), or when no Attack of hers could succeed; but not back from a
        pursuer she cannot outrun while she has a target. Otherwise she attacks."""
        self.rally(f)
        if not f.acts or f.acted:
            return
        f.acted = True
        if not f.standing:                                   # Retreating: she can only flee
            self.break_away(f, "back")
            return
        standing = [o for o in self.sides[1] if o.standing]
        hunting = HUNTER in [o.role for o in standing]
        targets = []
        if f.strikes:
            hopes = {}                   # a stat block's Combatants differ only in Wounds, place and Effects
            for o in standing:
                hope = hopes.get(o.id)
                if hope is None:
                    hope = hopes[o.id] = f.can_reach(o) and self.could_hit(f, o)
                if hope:
                    targets.append(o)
        # past the creatures that keep their post (Guardians, Workers) while none that hunts stands and no
        # Autothysis has glued the tunnel; else back (ruling sim-guardians)
        way = "back" if hunting or self.glued else "past"
        fighting = self.beat or self.glued or hunting
        leaving = not fighting or not targets or self.fleeing or f.wounds_max - f.wounds == 1 < f.wounds_max
        if leaving and f.moves and (way == "past" or not targets or self.can_flee(f)):
            self.break_away(f, way)
        elif targets:
            # the creature that raises the alarm first, then the one nearest death
            self.attack(f, min(targets, key=lambda o: (-o.alarm, o.wounds_max - o.wounds)), self.sides[1])

    def creature_turn(self, f: Fighter) -> None:
        if not f.acts or f.acted or not f.standing or f.role in (BYSTANDER, GUEST) or not f.strikes:
            return
        f.acted = True
        flyers = f.reaches_flyers                            # f.can_reach(o), read once for the Turn
        targets = [o for o in self.sides[0] if o.combatant and (o.flying <= 0 or flyers)]
        if targets:
            target = targets[self.below(len(targets))]
            self.attack(f, target, self.sides[0])
            if f.gun:
                self.alarm_gun(f, target)

    def turn(self, f: Fighter, side: int) -> None:
        """A Combat Turn: the Alarm Pheromones roll, her Effects checked, then her Actions."""
        self.turns += 1
        if self.callers:
            self.alarm()
        if f.checks:
            hit = self.afflict.check(self.below, f.effects, f.smarts, f.passions)
            if hit.wounds:
                self.hurt(f, hit.wounds)
            f.affected()
            if hit.turns and f.acts and f.standing and not f.acted:
                f.acted = True
                self.turn_on_ally(f, side)
        if f.combatant:
            (self.creature_turn if side else self.member_turn)(f)

    # -- the Nest's side ---------------------------------------------------------------
    def alarm(self) -> None:
        """Alarm Pheromones (Worker Termite's Special Rule), at the start of each Combat Turn: one Boolean Roll
        against the highest Swarming of the Combatants with the rule (ruling sim-alarm); on a Success the d100
        picks the summons row with the lowest Chance to Summon above it. They Join Combat at the next Round."""
        best = self._best
        if best is None:                 # a caller fell or joined since: the highest Swarming again
            best = self._best = max((o.alarm for o in self.callers if o.combatant), default=0)
        if not best:
            return
        self.alarms += 1
        if self.below(100) >= best:
            return
        come = self.bestiary.summon(self.below, self.below(100))
        if come:
            self.joining.extend(come)
            self.summoned += 1

    def join(self) -> None:
        """Joining Combat: at the Round's start, before any Turn, the newcomers' Disposition is determined."""
        if self.joining:
            self.start(self.joining)
            self.sides[1].extend(self.joining)
            self.gunners += [o for o in self.joining if o.gun]
            callers = [o for o in self.joining if o.alarm]
            if callers:
                self.callers += callers
                if self._best is not None:   # newcomers are Combatants: the highest Swarming is theirs or the same
                    self._best = max(self._best, max(o.alarm for o in callers))
            self.joining = []

    def start(self, fighters: list[Fighter]) -> None:
        """Starting Disposition (Table 8): a Boolean Roll against Initiative; its places were read once
        (``Fighter.starts``: after a failure, after a success)."""
        below = self.below
        for f in fighters:
            f.place = f.starts[below(100) < f.initiative]
            f.refresh()

    def weigh(self) -> None:
        """Ruling sim-flee: at a Round's start the party weighs the fight; once it has lost ``flee_share`` percent
        of the Wounds its members had left when it began, or a member has fallen, every member Breaks from Combat."""
        if not self.fleeing and not self.beat:
            left = sum(f.wounds_max - f.wounds for f in self.sides[0])
            self.fleeing = (100 * (self.start_left - left) >= self.sim.flee_share * self.start_left
                            or any(f.killed for f in self.sides[0]))

    def routed(self) -> list[Fighter]:
        """The Combat has ended with every member in it Retreating: she runs, and a creature that pursues
        catches those it outruns (ruling sim-pursuit); the caught are in a new Combat."""
        if any(map(_STANDING, self.sides[0])) or not any(map(_STANDING, self.sides[1])):
            return []
        caught = []
        for f in self.sides[0]:
            if f.combatant:
                chaser = self.pursuer(f)
                if chaser is not None and not self.outruns(f, chaser):
                    caught.append(f)
                else:
                    f.out = "back"
                    f.refresh()
        return caught


@dataclass(frozen=True)
class FightResult:
    won: bool            # every creature killed or Retreating, a member still in Combat
    fates: tuple         # per member, in party order: "killed", "back" (fled), "past" (got by), "held" (in the Room)
    rounds: int
    glued: int = 0       # Obstacles made by Autothysis (ruling sim-autothysis)
    guarded: bool = False          # stopped by ``guard_rounds``: not a rule, a fight that could never end
    turns: int = 0
    alarms: int = 0
    summoned: int = 0              # groups the alarm brought

    @property
    def through(self) -> bool:
        """Someone is on the far side of the creatures: got past them, or holds the Room they lost."""
        return any(f in ("past", "held") for f in self.fates)


def fight(rng: random.Random, bestiary: Bestiary, party: list[Fighter], nest: list[Fighter], beat: bool = False) -> FightResult:
    """One Combat, played until it ends as the rules end it (module docstring). ``beat``: the party's aim is
    to beat the creatures (the Job's target), so it neither flees nor slips past them."""
    sim = bestiary.sim
    for f in party + nest:             # a creature that fought before (the Job's target, again) is in this one
        f.out = ""
    battle = Fight(rng, bestiary.tables, sim, (party, nest), bestiary, beat=beat,
                   start_left=sum(f.wounds_max - f.wounds for f in party))
    battle.start(party + nest)
    rounds, guarded = 0, False
    member = creature = None           # a standing Combatant of each side, once seen
    while True:
        if battle.over():
            caught = battle.routed()
            if not caught:
                break
            battle.start(caught + [o for o in nest if o.combatant])       # a new Combat: the pursuers set upon them
        if rounds >= sim.guard_rounds:
            guarded = True
            break
        rounds += 1
        battle.join()
        battle.weigh()
        # Initiative order: ties to the more advanced Disposition, then at random
        order = [(-f.initiative, -f.place, rng.random(), i, f, side)
                 for side, fs in enumerate((party, nest)) for i, f in enumerate(fs) if f.combatant]
        order.sort()
        for _, _, _, _, f, _ in order:
            f.acted = False
        turn = battle.turn
        for _, _, _, _, f, side in order:
            # battle.over(), asked before every Turn: of each side, a Combatant seen standing is asked first, the
            # side searched only when it no longer stands (the crowd the alarm brings makes this the commonest question)
            if not (member and member.standing):
                member = next(filter(_STANDING, party), None)
                if member is None:
                    break
            if not (creature and creature.standing):
                creature = next(filter(_STANDING, nest), None)
                if creature is None:
                    break
            if f.combatant:
                turn(f, side)
    won = not any(map(_STANDING, nest)) and any(f.combatant for f in party)
    fates = tuple("killed" if f.killed else (f.out or ("held" if won else "back")) for f in party)
    return FightResult(won, fates, rounds, battle.glued, guarded, battle.turns, battle.alarms, battle.summoned)
