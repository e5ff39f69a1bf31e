"""The party's side of a simulated session (``nests.rules.simulate``): its members' survival state
(``Member``, ``Food``) and what each Event does to them, one handler per Event (``HANDLERS``: by Event id,
else by the procedure that resolved it). A handler gets the run (``simulate.Run``: its dice, its members,
its Environment Pool, the action under way), the Event's resolution record, and the Room it happened in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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

    @property
    def id(self) -> str:
        return self.character.character_class.id


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
        degree = degree_of(tables, run.rng.randrange(100), m.ratings["stamina"], item.rating)
        wounds = run.game.desperate.get(degree, 0)
        if wounds > 0:
            run.wound(m, wounds, room)
        elif wounds < 0:
            m.wounds = max(0, m.wounds + wounds)
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
    """Ruling sim-guardians: Combat begins only when a side attacks (Combat > Determine Combatants and Sides).
    Creatures that cannot fight (Workers) or keep to their post (Nest Guardians, a Guest of the Nest) set upon
    no one, and the exploring party keeps clear of them; once one that attacks comes, all of them are Combatants."""
    g = run.game
    if not any(g.bestiary.attacks(grp.enemy) for grp in res.groups):
        if res.groups:
            g.note("sim-guardians")
        return
    creatures = [f for grp in res.groups for f in g.bestiary.group(grp.enemy, grp.count, grp.wounds_max)]
    run.fight(creatures, room)


def _item(run, res, room: str) -> None:
    """Ruling sim-items: a Food Item found goes to the standing member with Hunger holding the least Food."""
    run.game.note("sim-items")
    takers = [m for m in run.standing() if m.hunger is not None and len(m.food) < run.game.slots]
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
    """Tearing Obstacles down (ruling sim-obstacle): the best Construction with a Wound to spare tries until it falls;
    each failure is a Wound to her. When no one can, it stands: the action's Risks and Rewards are lost."""
    if not res.blocks:
        return
    run.game.note("sim-obstacle")
    while True:
        able = [m for m in run.standing() if m.character.wounds_max - m.wounds > 1]
        if not able:
            run.action.blocked = True
            return
        m = max(able, key=lambda m: m.ratings["construction"])
        if run.rng.randrange(100) < m.ratings["construction"]:
            return
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


def _unplayed(run, res, room: str) -> None:
    run.game.note("sim-effects")


HANDLERS = {"hunger": _hunger, "spoilage": _spoilage, "room": _room, "boolean": _passage, "darkness": _darkness,
            "encounter": _encounter, "food-item": _item, "obstacle": _obstacle, "shortcut": _shortcut,
            "level": _level, "secret": _secret, "effects": _unplayed, "infection": _unplayed, "resource": _unplayed}


_WOUND_WORDS = re.compile(r"(\d+) Wounds? (healed|taken)", re.I)


def desperate_wounds(tables) -> dict[str, int]:
    """Desperate Times (Eating Spoiled Food Items): Wounds taken (+) or healed (−) by Degree; Effects not tracked."""
    out = {}
    for row in tables.docs["desperate-times"].data["rows"]:
        m = _WOUND_WORDS.search(row["outcome"])
        if m:
            out[row["degree"]] = int(m.group(1)) * (1 if m.group(2).lower() == "taken" else -1)
    return out
