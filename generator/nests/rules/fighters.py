"""The Combatants of the difficulty estimate's fights (``nests.rules.combat``): ``Fighter``, its ``Strike``s, and
the ``Roster`` that makes them from stat blocks and character sheets, read once per game (``combat.Bestiary``
is the Roster the estimate uses, with the Attack lines it reads).

A creature has a role in a fight, from its stat block (ruling sim-guardians):

* ``HUNTER``: it sets upon intruders: Combat begins when it is met, and if it can move it pursues;
* ``GUARDIAN``: it has the Nest Guardians rule: it stands before its tunnel, attacks whoever tries to get
  past, and neither starts a fight nor pursues;
* ``BYSTANDER``: it cannot fight (no Attack or no Threat Rate: Workers), but is a Combatant of its Side and
  still raises the alarm (Alarm Pheromones);
* ``GUEST``: a Guest of the Nest (the provisional Moth): it neither starts a fight nor joins one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nests.model import Attack, Enemy
from nests.rules.effects import INERT, MODIFIER, NO_ACTIONS, NO_MOVING

HUNTER, GUARDIAN, BYSTANDER, GUEST = "hunter", "guardian", "bystander", "guest"
_DAMAGE = re.compile(r"^\s*(\d+)\s*(?:Wounds?)?(\s+per\s+\w+)?", re.IGNORECASE)


@dataclass(frozen=True)
class Strike:
    """An Attack made ready once: its Damage, whether it reaches Flying targets or hits an area, and its
    Hit and Miss lines as (Crit only?, handler, what the line says) for the lines this simulation reads."""
    name: str
    damage: int
    per_individual: bool               # "1 Wound per Ant": times the swarm's individuals left
    close: bool
    area: bool
    against_carapace: bool
    hit: tuple
    miss: tuple
    rem: int | None                    # a Rem line's Wounds for a swarm, in place of a kill


_REM_WOUNDS = re.compile(r"Swarms? takes? (\d+) Wounds?", re.I)


def strike(sim, attack: Attack, lines_read) -> Strike:
    """``lines_read``: (pattern, reader, handler), the first that matches a line reads it (combat.LINES)."""
    m = _DAMAGE.match(attack.damage)

    def lines(items):
        out = []
        for ln in items:
            parts = {q.strip() for q in ln.qualifier.split(",") if q.strip()}
            if "Alt" in parts or "Rem" in parts:          # ruling sim-attack-lines
                continue
            for pattern, read, act in lines_read:
                found = pattern.search(ln.text)
                if found:
                    out.append(("Crit" in parts, act, read(found)))
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
    out: str = ""                      # broke from Combat: "back" (fled), "past" (got by the Guardians)
    retreats: frozenset = frozenset()  # the places on its track where it cannot Attack
    support: dict = None               # a member's Leadership, Passions, Threat Rate and Smarts (ruling sim-rally)
    acted: bool = False                # has taken its Tactical Action this Round
    effects: dict = None               # Effect id → rating, the ones that apply (a member's own, kept between fights)
    role: str = HUNTER
    mobile: bool = True                # its stat block lets it move (a primary Queen's does not)
    floor: int = 0                     # the lowest place on its track its special rules allow
    speed: int = 0
    smarts: int = 0
    passions: int = 0
    gun: bool = False                  # the Nasutes' Alarm Gun rule
    autothyte: bool = False            # its Special Attack glues its tunnel shut (Nest Guardians)
    starts: tuple = (0, 0)             # its place after a failed, a successful starting roll (``Roster.starts``)

    def __post_init__(self):
        if self.effects is None:
            self.effects = {}
        self.refresh()
        self.affected()
        self.reaches_flyers = self.flying > 0 or any(not s.close for s in self.strikes.values())
        self.against_carapace = any(s.against_carapace for s in self.strikes.values())

    @property
    def killed(self) -> bool:
        return self.wounds >= self.wounds_max

    def refresh(self) -> None:
        """``combatant``: neither killed nor broken from Combat; ``standing``: nor where its track forbids Attacks.
        Plain attributes (every Turn asks them): whatever changes Wounds, place or ``out`` calls this."""
        self.combatant = self.wounds < self.wounds_max and not self.out
        self.standing = self.combatant and self.place not in self.retreats

    def affected(self) -> None:
        """``acts``: no Effect keeps it from Actions; ``moves``: it acts and may move; ``poison``: its Poisoned
        rating; ``checks``: checking its Effects can change anything. Whatever changes its Effects calls this."""
        fx = self.effects
        if fx:
            # (map over dict.get and a key-set comparison: a fight asks this at every Effect an Attack bestows)
            self.acts = not any(map(fx.get, NO_ACTIONS))
            self.moves = self.mobile and self.acts and not any(map(fx.get, NO_MOVING))
            self.poison = fx.get(MODIFIER, 0)
            # a check can change something: some Effect below 100% (a roll may beat it) or with a trigger
            self.checks = min(fx.values()) < 100 or not fx.keys() <= INERT
        else:
            self.acts, self.moves, self.poison, self.checks = True, self.mobile, 0, False

    def reaches(self, s: Strike, target: "Fighter") -> bool:
        """Flying (Combat > Attack Action): a Close Attack reaches a Flying target only from a Flying attacker."""
        return not (s.close and target.flying > 0 and self.flying <= 0)

    def can_reach(self, target: "Fighter") -> bool:
        return target.flying <= 0 or self.reaches_flyers


def _feature(enemy: Enemy, name: str) -> int:
    """A stat block's rating or number of Feature ``name``; 0 when it has none (or rolls a die)."""
    f = enemy.feature(name)
    return (f.figure or 0) if f else 0


_STOCK: dict[tuple, tuple] = {}        # (id(tables), id(sim), id(lines_read)) → (tables, sim, lines_read, caches)
_STOCK_KEPT = 4


def stock(tables, sim, lines_read) -> dict:
    """What Rosters read off the stat blocks and tables alone (their caches by name), shared by every Roster of
    the same tables, settings and Attack lines: a packet's screens and estimate play a dozen games or more,
    each with its own Roster, and reading the stat blocks anew cost each game more than its first sessions.
    The objects are held with their caches, so no id is reused while kept; the last few are kept (a server
    may load its content anew)."""
    key = id(tables), id(sim), id(lines_read)
    kept = _STOCK.get(key)
    if kept is None:
        if len(_STOCK) >= _STOCK_KEPT:
            del _STOCK[next(iter(_STOCK))]
        kept = _STOCK[key] = tables, sim, lines_read, {}
    return kept[3]


class Roster:
    """Makes Combatants: a creature's from its stat block (read once per enemy), a member's from her sheet."""

    def __init__(self, tables, sim, lines_read):
        self.tables, self.sim, self.lines_read = tables, sim, lines_read
        shared = stock(tables, sim, lines_read)
        self._profiles: dict[str, tuple] = shared.setdefault("profiles", {})
        self._protos: dict[str, dict] = shared.setdefault("protos", {})     # enemy id → a fresh Combatant's attributes
        self._tracks: dict[tuple, frozenset] = shared.setdefault("tracks", {})
        self._roles: dict[str, str] = shared.setdefault("roles", {})
        # a game's own: its characters (kept by id while the Roster lives)
        self._members: dict[int, tuple] = {}        # id(character) → (character, her first Combatant's attributes)
        # the words of special rules this estimate plays (None: a game that fights not)
        self._immobile = re.compile(sim.cannot_move, re.I) if sim is not None else None
        self._floor = re.compile(sim.floor_words + r"\s+(\w+)", re.I) if sim is not None else None
        self._member_starts = self.starts(tuple(sim.track), 0) if sim is not None else (0, 0)

    def _retreats(self, track) -> frozenset:
        if track not in self._tracks:
            self._tracks[track] = frozenset(i for i, name in enumerate(track) if name in self.sim.cannot_attack)
        return self._tracks[track]

    def starts(self, track: tuple, floor: int) -> tuple[int, int]:
        """Starting Disposition (Table 8) on ``track``: its place after a failed and after a successful Boolean
        Roll against Initiative (a Disposition the track lacks: its middle; never below ``floor``). Read once
        per stat block and character: every Combatant of every fight starts so."""
        def place(outcome: str) -> int:
            wanted = self.sim.start[outcome]
            return max(floor, track.index(wanted) if wanted in track else len(track) // 2)

        return place("failure"), place("success")

    def role(self, enemy_id: str) -> str:
        """Its role in a fight (module docstring; ruling sim-guardians); read once per stat block."""
        if enemy_id not in self._roles:
            self._roles[enemy_id] = self._role(enemy_id)
        return self._roles[enemy_id]

    def _role(self, enemy_id: str) -> str:
        e = self.tables.enemies[enemy_id]
        rules = {r.name for r in e.special_rules}
        armed = _feature(e, "Threat Rate") > 0 and (e.base_attack is not None or e.special_attack is not None)
        if rules & self.sim.guests:
            return GUEST
        if not armed:
            return BYSTANDER
        return GUARDIAN if self.sim.guardians["rule"] in rules else HUNTER

    def attacks(self, enemy_id: str) -> bool:
        """Whether the creature sets upon intruders."""
        return self.role(enemy_id) == HUNTER

    def mobile(self, enemy_id: str) -> bool:
        """Whether its stat block lets it move: no special rule says it cannot (content/simulate.yaml cannot_move)."""
        return not any(self._immobile.search(r.text) for r in self.tables.enemies[enemy_id].special_rules)

    def floor(self, enemy_id: str, track: tuple) -> int:
        """The lowest place on its track a special rule lets it take ("never falls below Holding"); else 0."""
        for r in self.tables.enemies[enemy_id].special_rules:
            m = self._floor.search(r.text)
            if m and m.group(1) in track:
                return track.index(m.group(1))
        return 0

    def group(self, enemy_id: str, count: int, wounds_max: int) -> list[Fighter]:
        """A group of one stat block: each creature its own Combatant (a swarm is one)."""
        if enemy_id not in self._profiles:
            e = self.tables.enemies[enemy_id]
            strikes = {k: strike(self.sim, a, self.lines_read) for k, a in (("base", e.base_attack), ("special", e.special_attack))
                       if a is not None}
            swarming = _feature(e, "Swarming")
            rules = {r.name for r in e.special_rules}
            alarm = swarming if self.sim.alarm_rule in rules else 0
            track = tuple(e.disposition or self.sim.track)
            role = self.role(enemy_id)
            extra = dict(role=role, mobile=self.mobile(enemy_id), floor=self.floor(enemy_id, track),
                         speed=_feature(e, "Speed"), smarts=_feature(e, "Smarts"),
                         passions=_feature(e, "Passions"), gun=self.sim.alarm_gun["rule"] in rules,
                         autothyte=role == GUARDIAN and self.sim.guardians["autothyte"] in e.name)
            self._profiles[enemy_id] = (_feature(e, "Initiative"), _feature(e, "Threat Rate"), _feature(e, "Survival Rate"),
                                        _feature(e, "Carapace"), _feature(e, "Flying"),
                                        swarming >= self.sim.swarm_ignores_wounds, strikes, track, alarm, extra)
            ini, tr, sr, carapace, flying, swarm, strikes, track, alarm, extra = self._profiles[enemy_id]
            self._protos[enemy_id] = Fighter(enemy_id, ini, tr, sr, 1, 0, carapace, flying, swarm, strikes, track, alarm,
                                             retreats=self._retreats(track), starts=self.starts(track, extra["floor"]),
                                             **extra).__dict__
        # each a copy of its stat block's first Combatant, with its own Wounds Max and Effects: the Alarm
        # Pheromones bring hundreds in a session, and copying its attributes whole (a dict's copy, the
        # quickest way) skips the checks made once already
        proto = self._protos[enemy_id]
        out = []
        for _ in range(count):
            f = object.__new__(Fighter)
            f.__dict__ = proto.copy()
            f.wounds_max, f.effects = wounds_max, {}
            f.refresh()
            out.append(f)
        return out

    def member(self, character, wounds: int, shift: int = 0, darkness: int = 0, effects: dict | None = None) -> Fighter:
        """A party member as a Combatant: her sheet's Combat Conditions, Specific Abilities and Attacks; Darkness
        counts only above her Blind rating (Darkness > Blindness). ``effects``: the Effects that apply to her,
        the very dict her session keeps (a fight changes it); by default her sheet's."""
        sim = self.sim
        if id(character) not in self._members:     # read once per character: every Combat of every run asks
            cond = {f.id: f.rating for f in character.combat_conditions}
            spec = {f.id: f.rating or 0 for f in character.specific_abilities}
            cls = character.character_class
            attrs = {f.id: f.rating for f in character.attributes}
            support = {"leadership": next(f.rating for f in character.common_abilities if f.id == "leadership"),
                       "passions": attrs["passions"], "smarts": attrs["smarts"], "threat_rate": cond["threat_rate"]}
            strikes = {"base": strike(sim, cls.base_attack, self.lines_read),
                       "special": strike(sim, cls.special_attack, self.lines_read)}
            proto = Fighter(cls.id, cond["initiative"], cond["threat_rate"], cond["survival_rate"], character.wounds_max, 0,
                            spec.get("carapace", 0), spec.get("flying", 0), spec.get("swarming", 0) >= sim.swarm_ignores_wounds,
                            strikes, sim.track, 0, retreats=self._retreats(sim.track), support=support,
                            speed=attrs["speed"], smarts=attrs["smarts"], passions=attrs["passions"], starts=self._member_starts)
            self._members[id(character)] = character, proto.__dict__
        # a copy of her Combatant as first made (as ``group`` copies a stat block's), with this fight's state
        f = object.__new__(Fighter)
        f.__dict__ = self._members[id(character)][1].copy()
        if effects is None:
            effects = {e.id: e.rating for e in character.effects if e.rating}
        blind = effects.get("blind", 0)
        f.wounds, f.shift, f.darkness, f.effects = wounds, shift, darkness if darkness > blind else 0, effects
        f.refresh()
        f.affected()
        return f
