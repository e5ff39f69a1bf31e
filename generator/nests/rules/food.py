"""Food Items (Character > Inventory Items): Form, then Function.

* ``food_form(rng, tables, level)`` → ``FoodForm``: Colour (Table 10, d12),
  Type (Table 11, d8), amount: a Roll to Set with the Level's Costs/Risks die (Table 27).
* ``food_function(rng, tables)`` → ``FoodFunction``: Condition (Table 12, d10),
  Alignment (Table 13, d6), Ability (Table 14 or 15, d10).
* ``food_item(rng, tables, level, known=False)`` → ``FoodItem`` with both; the
  Function is always rolled, so a packet can seal it in its Item Key.
Each carries ``rolls``: every Roll in the order made.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from nests.rules.dice import Record, Roll
from nests.rules.lookup import roll_on
from nests.rules.nest import level_dice
from nests.rules.quantification import quantify


@dataclass(frozen=True)
class FoodForm(Record):
    colour: str
    type: str
    amount: int
    name: str
    rolls: list[Roll]


@dataclass(frozen=True)
class FoodFunction(Record):
    condition: str
    condition_note: str
    alignment: str
    ability: str
    ability_note: str
    rolls: list[Roll]


@dataclass(frozen=True)
class FoodItem(Record):
    form: FoodForm
    function: FoodFunction
    known: bool
    procedure: str = "food-item"
    rulings: list[str] = field(default_factory=list)


def food_form(rng: random.Random, tables, level: int) -> FoodForm:
    colour, colour_roll = roll_on(rng, tables, "food-colour", "Colour")
    kind, kind_roll = roll_on(rng, tables, "food-type", "Type")
    amount = quantify(rng, tables, "set", None, die=level_dice(tables, level).costs_risks, feature="amount")
    return FoodForm(colour.result, kind.result, amount.after, f"{colour.result} {kind.result}",
                    [colour_roll, kind_roll, amount.roll])


def food_function(rng: random.Random, tables) -> FoodFunction:
    condition, condition_roll = roll_on(rng, tables, "item-condition", "Condition")
    alignment, alignment_roll = roll_on(rng, tables, "item-alignment", "Alignment")
    ability, ability_roll = roll_on(rng, tables, alignment.data["then"], "Ability")
    return FoodFunction(condition.result, condition.data.get("note", ""), alignment.result,
                        ability.result, ability.data.get("note", ""), [condition_roll, alignment_roll, ability_roll])


def food_item(rng: random.Random, tables, level: int, known: bool = False) -> FoodItem:
    form = food_form(rng, tables, level)
    return FoodItem(form, food_function(rng, tables), known, rulings=["known-item"] if known else [])
