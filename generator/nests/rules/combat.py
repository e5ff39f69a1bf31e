"""Combat (Combat chapter) as the difficulty estimate plays it: ``fight(rng, tables, sim, party, nest)``.

Each side is a list of ``Fighter``s (``fighter_of_character``, ``fighters_of_group``).
Combat Steps: every Combatant's starting Disposition from a Boolean Roll against
its Initiative (Holding or Recoiling); Turns in Initiative order (ties: the more
advanced Disposition, then at random); in her Turn a Combatant takes an Attack
Action: a Qualification Roll, Effort her Threat Rate, Resistance the target's
Survival Rate, the target's Carapace (against Crushing, Piercing, Shredding) and
Flying as negative static modifiers, her Disposition's modifier, and one Shift
Down per Wound (Combat Summary). The Degree picks which Attacks Hit or Miss (the
Attack Action formula); a Hit deals its Damage and its lines are read
(``LINES``). Combat ends when one side is all killed or Retreating. The
simplifications are rulings sim-… (content/rulings.yaml), named in ``RULINGS``.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from operator import attrgetter
from typing import Callable

from nests.model import Attack, Enemy
from nests.rules.encounter import alarm_pheromones

RULINGS = ["sim-rally", "sim-fight-sides", "sim-targets", "sim-attack-lines", "sim-swarm-wounds", "sim-alarm", "sim-break",
           "sim-flee", "sim-fight-rounds", "sim-area-attack", "sim-special-rules", "modifier-match"]


@dataclass(frozen=True)
class Strike:
    """An Attack made ready once: its Damage, whether it reaches Flying targets or hits an area, and its
    Hit and Miss lines as (Crit only?, handler, match) for the lines this simulation reads."""
    name: str
    damage: int
    per_individual: bool               # "1 Wound per Ant": times the swarm's individuals left
    close: bool
    area: bool
    against_carapace: bool
    hit: tuple
    miss: tuple
    rem: int | None                    # a Rem line's Wounds for a swarm, in place of a kill


def strike(sim, attack: Attack) -> Strike:
    m = _DAMAGE.match(attack.damage)

    def lines(items):
        out = []
        for ln in items:
            parts = {q.strip() for q in ln.qualifier.split(",") if q.strip()}
            if "Alt" in parts or "Rem" in parts:          # ruling sim-attack-lines
                continue
            for pattern, act in LINES:
                found = pattern.search(ln.text)
                if found:
                    out.append(("Crit" in parts, act, found))
                    break
        return tuple(out)

    rem = next((int(r.group(1)) for ln in attack.hit if "Rem" in ln.qualifier for r in [_REM_WOUNDS.search(ln.text)] if r), None)
    return Strike(attack.name, int(m.group(1)) if m else 0, bool(m and m.group(2)),
                  attack.max_range.split()[0] == sim.close_range, sim.area_keyword in attack.keywords,
                  bool(sim.carapace_keywords & set(attack.keywords)), lines(attack.hit), lines(attack.miss), rem)


@dataclass(eq=False)
class Fighter:
    """One Combatant: a party member, one creature of a group, or one swarm."""
    id: str                            # class id or enemy id
    initiative: int
    threat: int
    survival: int
    wounds_max: int
    wounds: int
    carapace: int
    flying: int
    swarm: bool                        # no Wound penalty (ruling sim-swarm-wounds)
    strikes: dict[str, Strike]         # "base"/"special"; none for a creature that cannot fight
    track: tuple[str, ...]
    alarm: int = 0                     # Swarming, when its stat block has the Alarm Pheromones rule
    shift: int = 0                     # standing Shifts to its Actions (Starving: −1)
    darkness: int = 0                  # a Room in Darkness it does not see through: a static modifier
    place: int = 0                     # on the Disposition track
    out: bool = False                  # broke from Combat
    retreats: frozenset = frozenset()  # the places on its track where it cannot Attack
    support: dict = None               # a member's Leadership, Passions, Threat Rate and Smarts (ruling sim-rally)
    acted: bool = False                # has taken its Tactical Action this Round

    def __post_init__(self):
        self.refresh()
        self.reaches_flyers = self.flying > 0 or any(not s.close for s in self.strikes.values())
        self.against_carapace = any(s.against_carapace for s in self.strikes.values())

    @property
    def killed(self) -> bool:
        return self.wounds >= self.wounds_max

    def refresh(self) -> None:
        """``standing``: neither killed, nor broken from Combat, nor where its track forbids Attacks. Kept as a
        plain attribute (every Turn asks it of every Combatant); whatever changes those calls this."""
        self.standing = self.wounds < self.wounds_max and not self.out and self.place not in self.retreats

    def reaches(self, s: Strike, target: "Fighter") -> bool:
        """Flying (Combat > Attack Action): a Close Attack reaches a Flying target only from a Flying attacker."""
        return not (s.close and target.flying > 0 and self.flying <= 0)

    def can_reach(self, target: "Fighter") -> bool:
        return target.flying <= 0 or self.reaches_flyers


_STANDING = attrgetter("standing")
_DAMAGE = re.compile(r"^\s*(\d+)\s*(?:Wounds?)?(\s+per\s+\w+)?", re.IGNORECASE)


@dataclass
class Blow:
    """What one Attack line acts on: the attacker, its target, the opposing side, and the fight."""
    attacker: Fighter
    target: Fighter
    opponents: list[Fighter]
    fight: "Fight"
    swarm_wounds: int | None           # a Rem line's Wounds for a swarm, in place of a kill


def _wound(b: Blow, n: int, who: str = "target") -> None:
    b.fight.hurt(b.attacker if who == "attacker" else b.target, n)


def _kill(b: Blow, who: str) -> None:
    f = b.attacker if who == "attacker" else b.target
    if who == "target" and f.swarm and b.swarm_wounds is not None:
        b.fight.hurt(f, b.swarm_wounds)
    elif f.swarm and who == "attacker":
        b.fight.hurt(f, 1)             # one of the swarm bursts (Minor Termite Soldier), the rest fight on
    else:
        b.fight.hurt(f, f.wounds_max - f.wounds)


def _kill_some(b: Blow, n: int) -> None:
    others = [o for o in b.opponents if o is not b.target and not o.killed]
    victims = [b.target] + b.fight.rng.sample(others, min(len(others), n - 1))
    for v in victims:
        _kill(Blow(b.attacker, v, b.opponents, b.fight, b.swarm_wounds), "target")


def _move(f: Fighter, steps: int) -> None:
    f.place = max(0, min(len(f.track) - 1, f.place + steps))
    f.refresh()


# Attack lines this simulation reads, by what they say (ruling sim-attack-lines); Effects
# (Poisoned, Immobilised, …) are not tracked and do nothing here.
LINES: list[tuple[re.Pattern, Callable[[Blow, re.Match], None]]] = [
    (re.compile(r"(\d+) Targets? Dies?", re.I), lambda b, m: _kill_some(b, int(m.group(1)))),
    (re.compile(r"Target (?:is )?Killed", re.I), lambda b, m: _kill(b, "target")),
    (re.compile(r"Attacker (?:is )?killed", re.I), lambda b, m: _kill(b, "attacker")),
    (re.compile(r"Attacker takes (\d+) Wounds?", re.I), lambda b, m: _wound(b, int(m.group(1)), "attacker")),
    (re.compile(r"Targets? takes? (\d+) Wounds?", re.I), lambda b, m: _wound(b, int(m.group(1)))),
    (re.compile(r"Attacker Recoils( twice)?", re.I), lambda b, m: _move(b.attacker, -2 if m.group(1) else -1)),
    (re.compile(r"Targets? Recoils?", re.I), lambda b, m: _move(b.target, -1)),
]
_REM_WOUNDS = re.compile(r"Swarms? takes? (\d+) Wounds?", re.I)


@dataclass
class Fight:
    rng: random.Random
    tables: object
    sim: object
    sides: tuple[list[Fighter], list[Fighter]]
    attacked: bool = False
    fleeing: bool = False              # ruling sim-flee: the party is Breaking from Combat
    start_left: int = 0                # the party's Wounds left when the fight began

    def __post_init__(self):
        self._degrees = list(self.tables.degrees)
        self._last = len(self._degrees) - 1
        self._critical = (self._degrees[0], self._degrees[-1])
        self._initial = {k: self._degrees.index(v) for k, v in self.tables.initial.items()}
        # randrange(n) is _randbelow(n) behind its argument checks: the same faces, from the same stream,
        # for a fraction of the cost (a fight draws hundreds)
        self.below = self.rng._randbelow

    def degree(self, effort: int, resistance: int, static: list[int], shift: int) -> str:
        """``resolution.degree_of`` for one fresh d100, without its look-ups: Table 18's Degree for the face,
        each static modifier's Shift against the same face (ruling modifier-match), standing Shifts, clamped."""
        face = self.below(100)
        net = shift
        for m in static:
            if face < abs(m):
                net += 1 if m > 0 else -1
        index = self._initial[(face < effort, face >= resistance)] + net
        return self._degrees[0 if index < 0 else min(index, self._last)]

    def hurt(self, f: Fighter, n: int) -> None:
        f.wounds += max(0, min(n, f.wounds_max - f.wounds))
        f.refresh()

    def over(self) -> bool:
        return not any(map(_STANDING, self.sides[0])) or not any(map(_STANDING, self.sides[1]))

    def attack(self, f: Fighter, target: Fighter, opponents: list[Fighter]) -> None:
        """An Attack Action: Threat Rate against Survival Rate, static modifiers (Carapace, Flying,
        Disposition, Darkness) and standing Shifts (Wounds, Starving, Charging)."""
        sim = self.sim
        static = []
        if target.carapace > 0 and f.against_carapace:
            static.append(-target.carapace)
        if target.flying > 0:
            static.append(-target.flying)
        disposition = f.track[f.place]
        if disposition in sim.static:
            static.append(sim.static[disposition])
        if f.darkness:
            static.append(-f.darkness)
        shift = f.shift + (0 if f.swarm else -f.wounds) + (1 if disposition in sim.shift_up else 0)
        degree = self.degree(f.threat, target.survival, static, shift)
        hits, which = sim.outcomes[degree]
        critical = degree in self._critical
        self.attacked = True
        for name in which:
            s = f.strikes.get(name)
            if s is None or not f.reaches(s, target):
                continue
            targets = [target]
            if hits and s.area:                              # ruling sim-area-attack
                targets += [o for o in opponents if o is not target and o.standing and f.reaches(s, o)]
            for t in targets:
                if hits:
                    self.hurt(t, s.damage * (f.wounds_max - f.wounds if s.per_individual else 1))
                for crit_only, act, match in (s.hit if hits else s.miss):
                    if critical or not crit_only:
                        act(Blow(f, t, opponents, self, s.rem), match)

    def rally(self, f: Fighter) -> None:
        """Ruling sim-rally: a member Retreating or Recoiling is Rallied or Encouraged by the ally with the best
        Leadership who has not acted this Round (Support Action: Leadership against her Passions)."""
        action = self.sim.support.get(f.track[f.place])
        helpers = [a for a in self.sides[0] if a is not f and a.standing and not a.acted and a.support]
        if action is None or not helpers or not f.support:
            return
        helper = max(helpers, key=lambda a: a.support["leadership"])
        helper.acted = True
        degree = self.degree(helper.support["leadership"], f.support["passions"], [helper.support[action[1]]], helper.shift)
        wanted = self.sim.support_outcomes[degree]
        if wanted in f.track:
            f.place = f.track.index(wanted)
            f.refresh()

    def turn(self, f: Fighter, side: int) -> None:
        opponents = self.sides[1 - side]
        if side == 0:
            self.rally(f)
            if not f.standing:
                return
        f.acted = True
        if side == 0 and (self.fleeing or f.wounds_max - f.wounds == 1 and f.wounds_max > 1):
            # rulings sim-break, sim-flee: she Breaks from Combat (Boolean Roll against Initiative)
            if self.below(100) < f.initiative:
                f.out = True
                f.refresh()
            return
        if not f.strikes or not f.standing:
            return
        targets = [o for o in opponents if o.standing and f.can_reach(o)]
        if not targets:
            return
        if side == 0:      # ruling sim-targets: the party finishes the creature with the fewest Wounds left
            target = min(targets, key=lambda o: o.wounds_max - o.wounds)
        else:              # a creature attacks a member it can reach, at random
            target = targets[self.below(len(targets))]
        self.attack(f, target, opponents)

    def odds(self) -> None:
        """Ruling sim-flee: at a Round's start the party weighs the fight; once it has lost ``flee_share`` percent
        of the Wounds its members had left when it began, or a member has fallen, every member Breaks from Combat."""
        if not self.fleeing:
            left = sum(f.wounds_max - f.wounds for f in self.sides[0])
            self.fleeing = (100 * (self.start_left - left) >= self.sim.flee_share * self.start_left
                            or any(f.killed for f in self.sides[0]))

    def alarm(self, bestiary: "Bestiary") -> None:
        """Ruling sim-alarm: at a Round's start, one Boolean Roll against the highest Swarming of the creatures
        with the Alarm Pheromones rule; the Termites summoned join the fight at once."""
        callers = [f.alarm for f in self.sides[1] if f.alarm and f.standing]
        if not callers:
            return
        summons = alarm_pheromones(self.rng, self.tables, max(callers))
        if summons.group is not None:
            new = bestiary.group(summons.group.enemy, summons.group.count, summons.group.wounds_max)
            self.start(new)
            self.sides[1].extend(new)

    def start(self, fighters: list[Fighter]) -> None:
        """Starting Disposition (Table 8): a Boolean Roll against Initiative."""
        for f in fighters:
            outcome = "success" if self.below(100) < f.initiative else "failure"
            wanted = self.sim.start[outcome]
            f.place = f.track.index(wanted) if wanted in f.track else len(f.track) // 2
            f.refresh()


@dataclass(frozen=True)
class FightResult:
    won: bool            # every creature killed or Retreating
    beaten: bool         # every member killed, Retreating or broken away
    rounds: int
    away: bool = False   # a member broke from Combat alive


def fight(rng: random.Random, bestiary: "Bestiary", party: list[Fighter], nest: list[Fighter],
          slip: bool = False) -> FightResult:
    """One Combat, played until a side is beaten, or ``sim.rounds`` Rounds have passed, or a Round passes with
    no Attack possible (ruling sim-fight-rounds: the party then breaks away). With ``slip`` the party Breaks
    from Combat from the first Round (ruling sim-finale: slipping past the Heart's guards)."""
    sim = bestiary.sim
    battle = Fight(rng, bestiary.tables, sim, (party, nest), fleeing=slip,
                   start_left=sum(f.wounds_max - f.wounds for f in party))
    battle.start(party + nest)
    rounds = 0
    while rounds < sim.rounds and not battle.over():
        rounds += 1
        battle.alarm(bestiary)
        battle.odds()
        battle.attacked = False
        everyone = [(f, 0) for f in party if not f.killed and not f.out] + [(f, 1) for f in nest if f.standing]
        order = sorted(everyone, key=lambda fs: (-fs[0].initiative, -fs[0].place, rng.random()))
        for f, _ in everyone:
            f.acted = False
        for f, side in order:
            if battle.over():
                break
            if not f.killed and not f.out and not (side == 0 and f.acted):
                battle.turn(f, side)
        if not battle.attacked:
            break            # no one could reach anyone: the party walks on
    won, beaten = not any(map(_STANDING, nest)), not any(map(_STANDING, party))
    away = any(f.out and not f.killed for f in party)
    for f in party:
        f.out = False
        f.refresh()
    return FightResult(won, beaten, rounds, away)


# -- fighters ---------------------------------------------------------------------------
def _feature(enemy: Enemy, name: str) -> int:
    """A stat block's rating or number of Feature ``name``; 0 when it has none (or rolls a die)."""
    f = enemy.feature(name)
    return (f.figure or 0) if f else 0


class Bestiary:
    """Makes Combatants: a creature's from its stat block (read once per enemy), a member's from her sheet."""

    def __init__(self, tables, sim):
        self.tables, self.sim = tables, sim
        self._profiles: dict[str, tuple] = {}
        self._members: dict[int, tuple] = {}        # id(character) → (character, her figures)
        self._tracks: dict[tuple, frozenset] = {}

    def _retreats(self, track) -> frozenset:
        if track not in self._tracks:
            self._tracks[track] = frozenset(i for i, name in enumerate(track) if name in self.sim.cannot_attack)
        return self._tracks[track]

    def attacks(self, enemy_id: str) -> bool:
        """Whether the creature sets upon intruders: it has an Attack and a Threat Rate, and none of the special
        rules of creatures that keep to their post (content/simulate.yaml keep_off_rules; ruling sim-guardians)."""
        e = self.tables.enemies[enemy_id]
        armed = _feature(e, "Threat Rate") > 0 and (e.base_attack is not None or e.special_attack is not None)
        return armed and not any(r.name in self.sim.keep_off_rules for r in e.special_rules)

    def group(self, enemy_id: str, count: int, wounds_max: int) -> list[Fighter]:
        """A group of one stat block: each creature its own Combatant (a swarm is one)."""
        if enemy_id not in self._profiles:
            e = self.tables.enemies[enemy_id]
            strikes = {k: strike(self.sim, a) for k, a in (("base", e.base_attack), ("special", e.special_attack))
                       if a is not None}
            swarming = _feature(e, "Swarming")
            alarm = swarming if any(r.name == self.sim.alarm_rule for r in e.special_rules) else 0
            track = tuple(e.disposition or self.sim.track)
            self._profiles[enemy_id] = (_feature(e, "Initiative"), _feature(e, "Threat Rate"), _feature(e, "Survival Rate"),
                                        _feature(e, "Carapace"), _feature(e, "Flying"),
                                        swarming >= self.sim.swarm_ignores_wounds, strikes, track, alarm)
        ini, tr, sr, carapace, flying, swarm, strikes, track, alarm = self._profiles[enemy_id]
        return [Fighter(enemy_id, ini, tr, sr, wounds_max, 0, carapace, flying, swarm, strikes, track, alarm,
                        retreats=self._retreats(track)) for _ in range(count)]

    def member(self, character, wounds: int, shift: int = 0, darkness: int = 0) -> Fighter:
        """A party member as a Combatant: her sheet's Combat Conditions, Specific Abilities and Attacks; Darkness
        counts only above her Blind rating (Darkness > Blindness)."""
        sim = self.sim
        if id(character) not in self._members:     # read once per character: every Combat of every run asks
            cond = {f.id: f.rating for f in character.combat_conditions}
            spec = {f.id: f.rating or 0 for f in character.specific_abilities}
            blind = next((f.rating for f in character.effects if f.id == "blind"), 0) or 0
            cls = character.character_class
            attrs = {f.id: f.rating for f in character.attributes}
            support = {"leadership": next(f.rating for f in character.common_abilities if f.id == "leadership"),
                       "passions": attrs["passions"], "smarts": attrs["smarts"], "threat_rate": cond["threat_rate"]}
            strikes = {"base": strike(sim, cls.base_attack), "special": strike(sim, cls.special_attack)}
            self._members[id(character)] = character, (cls.id, cond, spec, blind, support, strikes)
        cid, cond, spec, blind, support, strikes = self._members[id(character)][1]
        return Fighter(cid, cond["initiative"], cond["threat_rate"], cond["survival_rate"], character.wounds_max, wounds,
                       spec.get("carapace", 0), spec.get("flying", 0), spec.get("swarming", 0) >= sim.swarm_ignores_wounds,
                       strikes, sim.track, 0, shift, darkness if darkness > blind else 0, retreats=self._retreats(sim.track),
                       support=support)
