"""Effects as the difficulty estimate plays them (Rules > Effects ratings, Acquiring Effects, Checking Effects,
and one Section per Effect), for party members and creatures alike.

An Effect that applies is an entry ``{effect id: rating}`` of its holder's ``effects`` (a rating of 0% is no
entry). ``Afflictions`` (made once per game from the tables) does the three things the rules ask:

* ``bestow``: an Attack line ("Target Immobilised d40") or an Event gives an Effect: a Roll to Set with the
  die it names when the holder is not yet subject to it, else a Roll to Increase (ruling sim-effects);
* ``check``: one Boolean Roll against every Effect that applies: an Effect it beats is gone, one it matches
  triggers (Checking Effects);
* the trigger of each Effect, one handler per Effect (``TRIGGERS``), from its own Section.

What an Effect does while it applies is read off the holder by the game: ``NO_ACTIONS`` (Paralysed, Stunned:
no Actions at all), ``NO_MOVING`` (Immobilised: cannot move, so no Breaking from Combat and no exploring) and
``MODIFIER`` (Poisoned: a negative static modifier equal to its rating to all her Actions).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from nests.rules.nest import level_dice

# Table 8 (Effects) and the Sections Paralysed, Stunned, Immobilised, Poisoned
NO_ACTIONS = ("paralysed", "stunned")       # "cannot take any Actions"
NO_MOVING = ("immobilised",)                # "cannot move"
MODIFIER = "poisoned"                       # "a negative modifier equal to Poisoned to all Actions"
INERT = frozenset({"blind", "immobilised", "paralysed", "stunned"})   # their trigger does nothing: at 100% a check is moot
DEEPEST = 12                                # Infected picking Infected again: a chain this long stops (never seen)


@dataclass
class Triggered:
    """What a check set off that the holder's game must play: Wounds taken (Bleeding), and whether she turns
    on her allies (Charmed, or Confused with a failed Smarts roll)."""
    wounds: int = 0
    turns: bool = False


class Afflictions:
    """The dice Effects roll, read once from the tables: Table 20's die for every rating and its cap; ``names``
    are the ten Effects of the character sheet, among which the Infected trigger chooses."""

    def __init__(self, tables):
        self.tables = tables
        self.names = tuple(TRIGGERS)            # the ten Effects of the sheet's Effects box
        self.cap = tables.quantification.extra["cap"]
        self._faces = [self.faces(tables.quantification.band(r).data["die"]) for r in range(101)]

    def faces(self, die: str) -> int:
        return self.tables.die(die).faces

    def level_faces(self, rating: int) -> int:
        """Table 27: the faces of a Level's Costs/Risks die (Infection)."""
        return self.faces(level_dice(self.tables, rating).costs_risks)

    def roll(self, below: Callable[[int], int], faces: int) -> int:
        v = below(faces)
        return self.cap if v > self.cap else v

    def set(self, below, effects: dict, name: str, faces: int) -> int:
        """A Roll to Set; a 0 leaves the Effect off."""
        v = below(faces)                  # self.roll, inline: fights bestow Effects at most Attacks
        if v > self.cap:
            v = self.cap
        if v:
            effects[name] = v
        else:
            effects.pop(name, None)
        return v

    def increase(self, below, effects: dict, name: str, faces: int | None = None) -> int:
        """A Roll to Increase, with Table 20's die for its rating unless ``faces`` is given."""
        old = effects.get(name, 0)
        v = below(self._faces[old] if faces is None else faces)       # self.roll, inline
        if v > self.cap:
            v = self.cap
        if v > old:
            effects[name] = v
        return effects.get(name, 0)

    def bestow(self, below, effects: dict, name: str, faces: int) -> bool:
        """Gaining Effects: set when it does not apply yet, else increased, with the die given. → whether her
        Effects changed (a 0 set, or an increase that does not beat the rating, changes nothing)."""
        old = effects.get(name, 0)
        if old:
            return self.increase(below, effects, name, faces) > old
        return self.set(below, effects, name, faces) > 0

    def check(self, below, effects: dict, smarts: int, passions: int) -> Triggered:
        """Checking Effects: one Boolean Roll compared to each Effect that applies, in turn; beaten, it is gone;
        matched, it triggers. Effects gained by a trigger wait for the next check."""
        out = Triggered()
        face = below(100)
        for name, rating in list(effects.items()):
            if face >= rating:
                effects.pop(name, None)
            elif name in effects:
                TRIGGERS[name](self, below, effects, smarts, passions, out, 0)
        return out

    def trigger_one(self, below, effects: dict, name: str, smarts: int, passions: int) -> Triggered:
        """One Effect triggers without a check (an Infection Risk met by one already Infected)."""
        out = Triggered()
        self.trigger(below, effects, name, smarts, passions, out, 0)
        return out

    def trigger(self, below, effects, name, smarts, passions, out, depth) -> None:
        handler = TRIGGERS.get(name)
        if handler is not None and effects.get(name, 0) and depth < DEEPEST:
            handler(self, below, effects, smarts, passions, out, depth)


def _nothing(a, below, effects, smarts, passions, out, depth) -> None:
    """Blind, Immobilised, Paralysed, Stunned: "nothing special happens" when they trigger; they act while they
    apply (Blind has no trigger Section at all)."""


def _agony(a, below, effects, smarts, passions, out, depth) -> None:
    """Agony: a Boolean Roll against Passions; failed, she acquires Stunned, set with the die of her Agony's
    rating, and it triggers (she cannot act while it applies)."""
    if below(100) >= passions:
        a.set(below, effects, "stunned", a._faces[effects["agony"]])


def _bleeding(a, below, effects, smarts, passions, out, depth) -> None:
    out.wounds += 1


def _charmed(a, below, effects, smarts, passions, out, depth) -> None:
    out.turns = True


def _confused(a, below, effects, smarts, passions, out, depth) -> None:
    """Confused: a Boolean Roll against Smarts; failed, she attacks one of her allies."""
    if below(100) >= smarts:
        out.turns = True


def _infected(a, below, effects, smarts, passions, out, depth) -> None:
    """Infected: a random Effect at 0% is acquired, set with the die of the Infected rating; with none at 0%, a
    random one (Infected too) is increased with that die. Either triggers."""
    faces = a._faces[effects["infected"]]
    zero = [n for n in a.names if not effects.get(n, 0)]
    if zero:
        name = zero[below(len(zero))]
        a.set(below, effects, name, faces)
    else:
        name = a.names[below(len(a.names))]
        a.increase(below, effects, name, faces)
    a.trigger(below, effects, name, smarts, passions, out, depth + 1)


def _poisoned(a, below, effects, smarts, passions, out, depth) -> None:
    a.increase(below, effects, "poisoned")


TRIGGERS: dict[str, Callable] = {"agony": _agony, "bleeding": _bleeding, "blind": _nothing, "charmed": _charmed,
                                 "confused": _confused, "immobilised": _nothing, "infected": _infected,
                                 "paralysed": _nothing, "poisoned": _poisoned, "stunned": _nothing}


def acts(effects: dict) -> bool:
    return not any(effects.get(n, 0) for n in NO_ACTIONS)


def moves(effects: dict) -> bool:
    return acts(effects) and not any(effects.get(n, 0) for n in NO_MOVING)
