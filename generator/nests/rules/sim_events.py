"""The party's side of a simulated session (``nests.rules.simulate``): its members' survival state
(``Member``, ``Food``) and what each Event does to them, one handler per Event (``HANDLERS``: by Event id,
else by the procedure that resolved it). A handler gets the run (``simulate.Run``: its dice, its members,
its Environment Pool, the action under way), the Event's resolution record, and the Room it happened in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nests.rules.effects import acts, moves
from nests.rules.fighters import GUARDIAN, GUEST, HUNTER
from nests.rules.quantification import quantify
from nests.rules.resolution import degree_of


@dataclass
class Food:
    rating: int
    depleted: bool = False
    spoiled: bool = False


@dataclass(eq=False)
class Member:
    character: object                  # nests.model.Character
    ratings: dict[str, int]            # her Common Abilities and Attributes by id
    hunger: int | None
    food: list[Food]
    wounds: int = 0
    starving: bool = False
    down: bool = False
    effects: dict = None               # Effect id → rating, the ones that apply; from her sheet (Ants: Blind 100%)

    def __post_init__(self):
        if self.effects is None:
            self.effects = {f.id: f.rating for f in self.character.effects if f.rating}

    @property
    def id(self) -> str:
        return self.character.character_class.id


def present(run) -> list[Member]:
    """The standing members in the Room the action explores: not those who fled a fight in it (Generate and face
    Risks > Missing Characters: they face no later Risk until they return, at the action's end)."""
    missing = run.action.missing
    return [m for m in run.standing() if m not in missing] if missing else run.standing()


def explorers(run) -> list[Member]:
    """Who can go exploring: an Immobilised member cannot take an Action that would begin Survival and
    Exploration, a Paralysed or Stunned one no Action at all; the others carry her (ruling sim-held-fast)."""
    return [m for m in run.standing() if not m.effects or moves(m.effects)]


def level_rating(run) -> int:
    """The rating of the Level the party explores."""
    return run.rating


def _hunger(run, res, room: str) -> None:
    """Hunger (Cost Events > Hunger, Starvation): each standing member eats one Food Item or goes hungry."""
    for m in run.standing():
        if m.hunger is None:
            run.game.note("sim-no-hunger")
            continue
        run.game.note("sim-eat")
        food = sorted(m.food, key=lambda f: (f.spoiled, -f.rating))
        if food and m.hunger > 0:
            _eat(run, m, food[0], room)
        elif m.starving:
            m.down = True                      # a Starving character who cannot pay dies
        elif m.hunger < 100:
            m.hunger = quantify(run.rng, run.game.tables, "increase", m.hunger).after
        else:
            m.starving = True


def _eat(run, m: Member, item: Food, room: str) -> None:
    """Consuming Food Items: a Spoiled one first asks the Desperate Times roll; then the Consumption Roll
    (a failure depletes, a second exhausts it) and a Roll to Decrease Hunger with Table 20's die."""
    tables = run.game.tables
    if item.spoiled:
        degree = degree_of(tables, run.rng.randrange(100), m.ratings["stamina"], item.rating,
                           [-m.effects["poisoned"]] if m.effects.get("poisoned") else [])
        wounds = run.game.desperate.get(degree, 0)
        if wounds > 0:
            run.wound(m, wounds, room)
        elif wounds < 0:
            m.wounds = max(0, m.wounds + wounds)
        effect = desperate_effects(tables).get(degree)
        if effect is not None:                   # ruling sim-effects: Poisoned d40, Infected d60, Blind d80
            run.game.bestiary.afflict.bestow(run.rng._randbelow, m.effects, *effect)
    if run.rng.randrange(100) >= item.rating:
        if item.depleted:
            m.food.remove(item)
        else:
            item.depleted = True
    m.hunger = quantify(run.rng, tables, "decrease", m.hunger).after
    m.starving = m.starving and m.hunger >= 100


def _spoilage(run, res, room: str) -> None:
    """Spoilage: one Boolean Roll per member; each Food Item whose rating it matches becomes Spoiled."""
    for m in run.standing():
        face = run.rng.randrange(100)
        for f in m.food:
            f.spoiled = f.spoiled or face < f.rating


def _room(run, res, room: str) -> None:
    """Room (Reward): the Room its line names goes in the Environment Pool."""
    run.reveal()


def _passage(run, res, room: str) -> None:
    """Passage: a Boolean Roll made already (the packet prints it); when it leads to a Room, that Room."""
    if res.boolean.success:
        run.reveal()


def _darkness(run, res, room: str) -> None:
    run.game.note("sim-darkness")
    run.action.darkness = max(run.action.darkness, res.rating)


def _encounter(run, res, room: str) -> None:
    """An Encounter: the creatures it brings, a Guest of the Nest apart (it joins no fight), as ``face`` meets them."""
    g = run.game
    creatures = [f for grp in res.groups if g.bestiary.role(grp.enemy) != GUEST
                 for f in g.bestiary.group(grp.enemy, grp.count, grp.wounds_max)]
    if creatures:
        face(run, creatures, room, "Reward" in run.action.words[run.action.at:])


def face(run, creatures: list, room: str, ahead: bool) -> bool:
    """The party meets ``creatures`` in ``room``; → whether it is through: on the far side of them, free to go
    on with the action (ruling sim-guardians). A creature that hunts attacks: Combat begins. Guardians stand
    before their tunnels: the party gets past them only through a Combat they begin when it tries, and tries
    only with a Reward still ``ahead`` in the action (else it turns back from them). Workers met with neither
    raise the alarm once (ruling sim-workers). Who fled is missing for the rest of the action; if no one is
    through, the action's later Risks and Rewards are lost; a tunnel the Autothytes glued must be torn down."""
    g = run.game
    g.note("sim-guardians")
    if not any(c.role == HUNTER for c in creatures):
        if not any(c.role == GUARDIAN for c in creatures):
            creatures = creatures + _alarm(run, creatures)
        if not any(c.role in (GUARDIAN, HUNTER) for c in creatures):
            return True                          # Workers cannot stop anyone
        if not ahead:
            run.action.blocked = True
            return False
    result = run.fight(creatures, room)
    if not result.through:
        g.note("sim-fled")
        run.action.blocked = True
        return False
    for _ in range(result.glued):
        if not tear_down(run, room):
            run.action.blocked = True
            return False
    return True


def _alarm(run, creatures: list) -> list:
    """Ruling sim-workers: Workers met outside Combat raise the alarm once, one Alarm Pheromones roll; those it
    summons come into the Room."""
    g = run.game
    best = max((c.alarm for c in creatures), default=0)
    if not best:
        return []
    g.note("sim-workers", "sim-alarm")
    if run.rng.randrange(100) >= best:
        return []
    return g.bestiary.summon(run.rng._randbelow, run.rng.randrange(100))


def _item(run, res, room: str) -> None:
    """Ruling sim-items: a Food Item found goes to the standing member with Hunger holding the least Food."""
    run.game.note("sim-items")
    takers = [m for m in present(run) if m.hunger is not None and len(m.food) < run.game.slots]
    if takers:
        min(takers, key=lambda m: len(m.food)).food.append(Food(_amount(res)))


def _amount(res) -> int:
    amount = getattr(res, "amount", None)
    if isinstance(amount, dict):
        return amount["rating"]
    if amount is None:
        return res.form.amount           # an Item rolled outside a packet
    return getattr(amount, "rating", getattr(amount, "after", 0))


def _obstacle(run, res, room: str) -> None:
    """An Obstacle that stands blocks the action's Risks and Rewards until torn down (``tear_down``)."""
    if res.blocks and not tear_down(run, room):
        run.action.blocked = True


def tear_down(run, room: str) -> bool:
    """Tearing Obstacles down (ruling sim-obstacle): the best Construction among the members in the Room who can
    act and have a Wound to spare tries until it falls; each failure is a Wound to her. → whether it fell."""
    run.game.note("sim-obstacle")
    while True:
        able = [m for m in present(run) if m.character.wounds_max - m.wounds > 1 and (not m.effects or acts(m.effects))]
        if not able:
            return False
        m = max(able, key=lambda m: m.ratings["construction"])
        if run.rng.randrange(100) < m.ratings["construction"]:
            return True
        run.wound(m, 1, room)


def _shortcut(run, res, room: str) -> None:
    """Shortcut: the deeper Level's Room its line names goes in the Pool (a dud adds none)."""
    if not res.dud and res.leads_to_level:
        run.reveal()


def _level(run, res, room: str) -> None:
    """Level (Reward): the new Level's first Room goes in the Pool; one Level Reward per Exploration Action
    (Special Rule: Levelling down)."""
    if res.level is None or run.action.level_taken:
        return
    run.action.level_taken = True
    run.game.note("one-level-per-action")
    run.reveal()


def _secret(run, res, room: str) -> None:
    inner = res.event
    run.event(inner, room, inner.kind)


def _effects(run, res, room: str) -> None:
    """Effects (Cost): each member checks every Effect that applies to her (ruling sim-effects)."""
    run.game.note("sim-effects")
    for m in run.standing():
        if m.effects:
            check(run, m, room)


def check(run, m: Member, room: str) -> None:
    """Checking Effects outside Combat: Bleeding's Wound taken; Charmed, or Confused with a failed Smarts roll,
    and she attacks an ally (ruling sim-effects-turn)."""
    hit = run.game.bestiary.afflict.check(run.rng._randbelow, m.effects, m.ratings["smarts"], m.ratings["passions"])
    if hit.wounds:
        run.wound(m, hit.wounds, room)
    if hit.turns and not m.down:
        _turn_on_ally(run, m, room)


def _turn_on_ally(run, m: Member, room: str) -> None:
    """Ruling sim-effects-turn: the Combat that begins is her one Attack on a random ally; then the others
    Break from it."""
    from nests.rules.combat import Fight

    g = run.game
    g.note("sim-effects-turn")
    others = [o for o in run.standing() if o is not m]
    if not others or not acts(m.effects):
        return
    victim = others[run.rng.randrange(len(others))]
    a, v = (g.bestiary.member(x.character, x.wounds, -1 if x.starving else 0, 0, x.effects) for x in (m, victim))
    Fight(run.rng, g.tables, g.sim, ([a], [v]), g.bestiary).attack(a, v, [v])
    run.wound(victim, v.wounds - victim.wounds, room)
    run.wound(m, a.wounds - m.wounds, room)


def _infection(run, res, room: str) -> None:
    """Infection (Risk): each member in the Room makes a Boolean Roll against the Level's rating; on a Success
    she becomes Infected, set with the Level's Costs/Risks die, or, already Infected, her Infected triggers."""
    g = run.game
    g.note("sim-effects")
    rating = level_rating(run)
    afflict = g.bestiary.afflict
    for m in present(run):
        if run.rng.randrange(100) >= rating:
            continue
        if m.effects.get("infected", 0):
            hit = afflict.trigger_one(run.rng._randbelow, m.effects, "infected", m.ratings["smarts"], m.ratings["passions"])
            if hit.wounds:
                run.wound(m, hit.wounds, room)
            if hit.turns and not m.down:
                _turn_on_ally(run, m, room)
        else:
            afflict.set(run.rng._randbelow, m.effects, "infected", afflict.level_faces(rating))


def _resource(run, res, room: str) -> None:
    """Building Resources serve Resting and Healing, which a session does not play (ruling sim-no-resting)."""


HANDLERS = {"hunger": _hunger, "spoilage": _spoilage, "room": _room, "boolean": _passage, "darkness": _darkness,
            "encounter": _encounter, "food-item": _item, "obstacle": _obstacle, "shortcut": _shortcut,
            "level": _level, "secret": _secret, "effects": _effects, "infection": _infection, "resource": _resource}


_WOUND_WORDS = re.compile(r"(\d+) Wounds? (healed|taken)", re.I)


def desperate_wounds(tables) -> dict[str, int]:
    """Desperate Times (Eating Spoiled Food Items): Wounds taken (+) or healed (−) by Degree."""
    out = {}
    for row in tables.docs["desperate-times"].data["rows"]:
        m = _WOUND_WORDS.search(row["outcome"])
        if m:
            out[row["degree"]] = int(m.group(1)) * (1 if m.group(2).lower() == "taken" else -1)
    return out


_EFFECT_WORDS = re.compile(r"(Agony|Bleeding|Blind|Charmed|Confused|Immobilised|Infected|Paralysed|Poisoned|Stunned):?\s*(d\d+)")


@lru_cache(maxsize=4)
def desperate_effects(tables) -> dict[str, tuple[str, int]]:
    """Desperate Times: the Effect bestowed by Degree, as (Effect id, the faces of its die)."""
    out = {}
    for row in tables.docs["desperate-times"].data["rows"]:
        m = _EFFECT_WORDS.search(row["outcome"])
        if m:
            out[row["degree"]] = (m.group(1).lower(), tables.die(m.group(2)).faces)
    return out
