"""A character's starting Features, derived from its class's base figures.

The formulas are the game's: the class bonus is added to the attributes
first; each Combat Condition and Common Ability is the mean of its
attributes (which ones: the catalogue), rounded up, plus the class modifier.
"""

from __future__ import annotations

from nests.model import Character, CharacterClass, Feature


def mean_up(values: list[int]) -> int:
    """Arithmetic mean rounded up to a whole number (integer arithmetic, no floats)."""
    return -(-sum(values) // len(values))


def create_character(cls: CharacterClass, catalogue: dict) -> Character:
    attributes = {a: cls.attributes[a] + cls.bonus.get(a, 0) for a in cls.attributes}

    def derived(entry: dict, modifier: int) -> int:
        return mean_up([attributes[a] for a in entry["mean_of"]]) + modifier

    slots = catalogue["inventory_slots"]
    items = [cls.starting_item] if cls.starting_item else []
    return Character(
        character_class=cls,
        attributes=tuple(Feature(a["id"], a["name"], attributes[a["id"]]) for a in catalogue["attributes"]),
        combat_conditions=tuple(
            Feature(c["id"], c["name"], derived(c, cls.condition_modifiers[c["id"]]))
            for c in catalogue["combat_conditions"]
        ),
        wounds_max=catalogue["wounds"]["base"] + cls.condition_modifiers["wounds"],
        hunger=catalogue["starting_hunger"] if cls.hunger else None,
        luck=catalogue["starting_luck"],
        specific_abilities=tuple(
            Feature(s["id"], s["name"], cls.specific_abilities[s["id"]]) for s in catalogue["specific_abilities"]
        ),
        common_abilities=tuple(
            Feature(c["id"], c["name"], derived(c, cls.common_ability_modifiers[c["id"]]))
            for c in catalogue["common_abilities"]
        ),
        effects=tuple(
            Feature(e["id"], e["name"], cls.effects.get(e["id"], 0), applies=cls.effects.get(e["id"], 0) > 0)
            for e in catalogue["effects"]
        ),
        inventory=tuple(items + [None] * (slots - len(items))),
    )


def starting_values(char: Character) -> dict:
    """The character's figures as a sheet's values, by the keys of the Nests & Insects
    sheet definition (content/sheets/nests-and-insects.yaml)."""
    cls = char.character_class
    values: dict = {"class": cls.name, "pronouns": cls.pronouns, "diet": cls.diet}
    values.update({f"attributes.{f.id}": f.rating for f in char.attributes})
    values.update({f"conditions.{f.id}": f.rating for f in char.combat_conditions})
    values.update({"wounds_max": char.wounds_max, "wounds_reminder": cls.wounds_reminder,
                   "attacks.base": cls.base_attack, "attacks.special": cls.special_attack,
                   "hunger": char.hunger, "luck": char.luck})
    values.update({f"specific_abilities.{f.id}": f.rating for f in char.specific_abilities})
    values.update({f"common_abilities.{f.id}": f.rating for f in char.common_abilities})
    values.update({f"effects.{f.id}": f.rating for f in char.effects})
    values["items"] = [
        {"name": item.name, "types": list(item.types), "rating": item.rating, "depleted": item.depleted}
        for item in char.inventory if item is not None
    ]
    return values
