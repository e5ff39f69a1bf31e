"""The schemas of the content files: what each key may hold.

Text limits are the widths of the fields the text is printed in on the sheet
(see templates/sheet.txt.j2), so a homebrew class that would not fit is told
so on load instead of breaking a box line.
"""

from __future__ import annotations

from nests.text.measure import width
from nests.content.schema import Bool, Int, List, Map, Modifier, Rating, Spec, Str, TableSpec

# Widths of sheet fields (characters), from the sheet template's layout.
ATTACK_TEXT_WIDTH = 40      # label + value on one attack-box line, one dot at least
REMINDER_WIDTH = 61         # Condition box rules reminder, inside its brackets
ITEM_WIDTH = 30             # Inventory line: item name and its types
HEADING_NAME_WIDTH = 35     # a class or enemy name on its heading at the narrowest page (--width 40): 37 columns less a space each side


def _named(extra: dict | None = None) -> Map:
    return Map(required={"id": Str(allow_empty=False), "name": Str(max_len=18, allow_empty=False), **(extra or {})})


def catalogue() -> Spec:
    ids = List(Str(allow_empty=False), min_len=1)
    return Map(required={
        "attributes": List(_named(), min_len=8, max_len=8),
        "combat_conditions": List(_named({"mean_of": ids}), min_len=3, max_len=3),
        "wounds": Map(required={"name": Str(), "base": Int(1, 99)}),
        "starting_luck": Int(0, 99),
        "starting_hunger": Rating(),
        "specific_abilities": List(_named(), min_len=5, max_len=5),
        "common_abilities": List(_named({"mean_of": ids}), min_len=10, max_len=10),
        "effects": List(_named(), min_len=10, max_len=10),
        "inventory_slots": Int(5, 5),
    })


class AttackLineSpec(Spec):
    """One Hit or Miss line: an optional qualifier and the outcome's text."""

    def __init__(self, label: str):
        self.label = label

    def check(self, value, path, report):
        Map(optional={"qualifier": Str(max_len=9), "text": Str()}).check(value, path, report)
        if not isinstance(value, dict):
            return
        qualifier, text = value.get("qualifier", ""), value.get("text", "")
        if isinstance(qualifier, str) and isinstance(text, str):
            shown = f"{self.label} ({qualifier}):" if qualifier else f"{self.label}:"
            if width(shown + text) > ATTACK_TEXT_WIDTH:
                report(path, f"'{shown}{text}' is {width(shown + text)} columns wide; "
                             f"at most {ATTACK_TEXT_WIDTH} fit on an attack line")


class Keywords(Spec):
    def check(self, value, path, report):
        List(Str(allow_empty=False)).check(value, path, report)
        if isinstance(value, list) and all(isinstance(k, str) for k in value):
            columns = width("Keywords:" + ", ".join(value))
            if columns > ATTACK_TEXT_WIDTH:
                report(path, f"the keywords take {columns} columns; at most {ATTACK_TEXT_WIDTH} fit")


class ItemSpec(Spec):
    def check(self, value, path, report):
        Map(required={"name": Str(allow_empty=False), "types": List(Str(max_len=2), min_len=1),
                      "rating": Rating()}).check(value, path, report)
        if isinstance(value, dict) and isinstance(value.get("name"), str) and isinstance(value.get("types"), list):
            shown = f"{value['name']} [{','.join(map(str, value['types']))}]"
            if width(shown) > ITEM_WIDTH:
                report(path, f"'{shown}' is {width(shown)} columns wide; at most {ITEM_WIDTH} fit on an Inventory line")


def attack() -> Spec:
    return Map(required={
        "name": Str(max_len=ATTACK_TEXT_WIDTH - len("Name:")),
        "keywords": Keywords(),
        "damage": Str(max_len=ATTACK_TEXT_WIDTH - len("Damage:")),
        "max_range": Str(max_len=ATTACK_TEXT_WIDTH - len("Max. Range:")),
        "hit": List(AttackLineSpec("Hit"), min_len=3, max_len=3),
        "miss": List(AttackLineSpec("Miss"), min_len=2, max_len=2),
    })


def character_class(catalogue: dict) -> Spec:
    attributes = [a["id"] for a in catalogue["attributes"]]
    conditions = [c["id"] for c in catalogue["combat_conditions"]] + ["wounds"]
    return Map(
        required={
            "name": Str(max_len=HEADING_NAME_WIDTH, allow_empty=False),
            "pronouns": Str(),
            "diet": Str(),
            "attributes": TableSpec(attributes, Rating()),
            "bonus": TableSpec(attributes, Modifier(), every_key=False),
            "condition_modifiers": TableSpec(conditions, Modifier()),
            "specific_abilities": TableSpec([a["id"] for a in catalogue["specific_abilities"]], Rating()),
            "common_ability_modifiers": TableSpec([a["id"] for a in catalogue["common_abilities"]], Modifier()),
            "hunger": Bool(),
            "wounds_reminder": Str(max_len=REMINDER_WIDTH),
            "attacks": Map(required={"base": attack(), "special": attack()}),
        },
        optional={
            "playable": Bool(),
            "starting_item": ItemSpec(),
            "effects": TableSpec([e["id"] for e in catalogue["effects"]], Rating(), every_key=False),
        },
    )
