"""What the table's pages show of a character and of a class, as plain data for the
templates (which lay it out): the phone sheet's play values, a party card for the GQ,
a class's card for a player choosing one, and what changed between two saves.

Every label comes from the sheet definition (content/sheets/nests-and-insects.yaml),
every figure from the character's state or the class's content, never written here."""

from __future__ import annotations

from typing import Any

from nests.content.sheets.definition import SheetDefinition, choices

# The figures a player looks up most in play, shown in the page's heading: the Combat
# Conditions of the sheet's Condition box (Character Sheet > Condition box) but Wounds,
# which has its own control.
KEY_FIGURES = ("conditions.initiative", "conditions.threat_rate", "conditions.survival_rate")
# The Item type that pays a Hunger Cost (rulebook, Inventory Items, Table 8: Food [F]).
FOOD = "F"
TOP_ABILITIES = 3       # a class's card: its best Common Abilities
TOP_ATTRIBUTES = 2      # ... and Attributes


INVENTORY = "items"      # the sheet's list of Items (its Inventory box)


def _marks(definition: SheetDefinition) -> dict[str, str]:
    """What an Inventory row holds, by the keys the sheet definition gives them."""
    o = next(f for f in definition.fields if f.key == INVENTORY).options
    return {"types": o.types_key, "value": o.value, "tick": o.tick_key or "ticked", "known": o.known_key}


def _food(definition: SheetDefinition, state: dict) -> list[tuple[int, dict]]:
    """The Inventory's Food Items (named, of type F), with their rows' places."""
    marks = _marks(definition)
    return [(i, r) for i, r in enumerate(state.get(INVENTORY) or [])
            if r.get("name") and FOOD in (r.get(marks["types"]) or [])]


def _labels(definition: SheetDefinition) -> dict[str, str]:
    """Each value's label as the sheet prints it (a pool's without its "/Max")."""
    return {f.key: f.label.split("/")[0] for f in definition.fields}


def _area_of(definition: SheetDefinition) -> dict[str, Any]:
    return {f.key: area for row in definition.rows for stack in row.stacks for area in stack.areas for f in area.fields}


def xp_groups(definition: SheetDefinition, xp_key: str, state: dict) -> list[dict]:
    """The XP tickboxes by the box they stand in (Attributes, Condition, Common Abilities),
    each with its Feature's figure, ticked or not."""
    areas = _area_of(definition)
    ticked = set(state.get(xp_key) or [])
    groups: list[dict] = []
    for f in definition.xp_fields(xp_key):
        area = areas[f.key]
        title = area.title or area.section or ""
        if not groups or groups[-1]["title"] != title:
            groups.append({"title": title, "boxes": []})
        figure = state.get(f.key)
        shown = f"{figure}/{state.get(f.max_key)}" if f.max_key else "" if figure is None else f"{figure}%"
        groups[-1]["boxes"].append({"key": f.key, "label": f.label.split("/")[0], "figure": shown,
                                    "ticked": f.key in ticked})
    return groups


def play_sheet(definition: SheetDefinition, klass, state: dict) -> dict:
    """The phone sheet: the heading's figures, then each play value with what its control needs."""
    labels = _labels(definition)
    by_key = {f.key: f for f in definition.fields}
    luck, wounds = by_key["luck"], by_key["wounds"]
    steps = choices(definition, "disposition")
    track = _area_of(definition)["disposition"]
    marks = _marks(definition)
    return {
        "figures": [{"label": labels[k], "value": state.get(k)} for k in KEY_FIGURES if k in labels],
        "wounds": {"label": labels["wounds"], "value": state.get("wounds") or 0, "max": state.get(wounds.max_key),
                   "reminder": klass.wounds_reminder},
        # a class without Hunger (the Beetle) has none to change: the sheet prints NONE
        "hunger": {"label": labels["hunger"], "value": state.get("hunger"), "has": klass.hunger,
                   "starving": (definition_footer(definition, "hunger") or [""])[0]},
        "luck": {"label": labels["luck"], "value": state.get("luck"),
                 "steps": [(v, luck.options.format.strip(".[]") % v) for v in luck.options.values]},
        "disposition": {"label": track.title, "value": state.get("disposition"), "caption": track.caption,
                        "steps": [{"label": label, "note": note} for label, note in steps]},
        "food": [{"index": i, "name": r.get("name"), "rating": r.get(marks["value"]), "used": r.get(marks["tick"])}
                 for i, r in _food(definition, state)],
        "rows": state.get(INVENTORY) or [],
        "item_marks": {**marks, "tick_label": (definition_footer(definition, INVENTORY) or ["Used"])[0]},
        "xp": {key: xp_groups(definition, key, state) for key in definition.xp_keys()},
    }


def definition_footer(definition: SheetDefinition, key: str) -> list[str]:
    """The words under the box of ``key`` (the Food box's Starving, the Inventory's Depleted)."""
    return list(_area_of(definition)[key].footer)


def party_card(definition: SheetDefinition, klass, row: dict) -> dict:
    """A character as the GQ's party view shows it: one glance, the figures play changes."""
    state = row["state"]
    wounds, most = state.get("wounds") or 0, state.get("wounds_max") or 0
    return {"id": row["id"], "name": state.get("name", ""), "class": klass.name, "version": row["version"],
            "wounds": wounds, "wounds_max": most, "percent": min(100, round(100 * wounds / most)) if most else 0,
            "down": bool(most) and wounds >= most, "hunger": state.get("hunger"), "has_hunger": klass.hunger,
            "luck": state.get("luck"), "disposition": state.get("disposition"),
            "xp": len(state.get("xp") or []),
            "food": sum(1 for _, r in _food(definition, state) if not r.get(_marks(definition)["tick"])),
            "labels": _labels(definition)}


def class_card(definition: SheetDefinition, klass, values: dict) -> dict:
    """A class as the join page offers it: its figures and what it is best at, from its content
    (its Specific Abilities, its best Common Abilities and Attributes, its two Attacks)."""
    labels = _labels(definition)

    def best(prefix: str, most: int | None) -> list[dict]:
        found = [(k, v) for k, v in values.items() if k.startswith(prefix) and isinstance(v, int) and v > 0]
        found.sort(key=lambda kv: -kv[1])          # stable: equal figures stay in sheet order
        return [{"label": labels.get(k, k), "value": v} for k, v in found[:most]]

    return {"id": klass.id, "name": klass.name, "pronouns": klass.pronouns, "diet": klass.diet,
            "figures": [{"label": labels["wounds"] + " Max", "value": values.get("wounds_max"), "unit": ""}]
            + [{"label": labels[k], "value": values.get(k), "unit": "%"} for k in KEY_FIGURES],
            "specific": best("specific_abilities.", None),
            "abilities": best("common_abilities.", TOP_ABILITIES),
            "attributes": best("attributes.", TOP_ATTRIBUTES),
            "attacks": [klass.base_attack, klass.special_attack],
            "hunger": klass.hunger,
            "item": klass.starting_item}


def changes(definition: SheetDefinition, old: dict, new: dict) -> list[dict]:
    """What a save changed, a line each as the GQ reads it: {"what": "Wounds", "before": "1",
    "after": "3"}; XP and the Items by each tickbox and row."""
    labels = _labels(definition)
    out = []

    def said(value, none: str = "none") -> str:
        return none if value in (None, "") else str(value)

    for key in ("wounds", "hunger", "luck"):
        if old.get(key) != new.get(key):
            out.append({"what": labels.get(key, key.title()), "before": said(old.get(key)), "after": said(new.get(key))})
    if old.get("disposition") != new.get("disposition"):
        out.append({"what": "Disposition", "before": said(old.get("disposition"), "out of Combat"),
                    "after": said(new.get("disposition"), "out of Combat")})
    for key in definition.xp_keys():
        before, after = set(old.get(key) or []), set(new.get(key) or [])
        for f in definition.xp_fields(key):
            if (f.key in before) != (f.key in after):
                out.append({"what": f"XP {f.label.split('/')[0]}", "before": "",
                            "after": "ticked" if f.key in after else "unticked"})
    marks = _marks(definition)
    rows_before, rows_after = old.get(INVENTORY) or [], new.get(INVENTORY) or []
    for i in range(max(len(rows_before), len(rows_after))):
        a = rows_before[i] if i < len(rows_before) else {}
        b = rows_after[i] if i < len(rows_after) else {}
        if a == b:
            continue
        name = b.get("name") or a.get("name") or f"Item {i + 1}"
        if a.get("name") != b.get("name"):
            out.append({"what": f"Item {i + 1}", "before": said(a.get("name"), "empty"),
                        "after": said(b.get("name"), "empty")})
        elif a.get(marks["tick"]) != b.get(marks["tick"]):
            out.append({"what": name, "before": "", "after": "used" if b.get(marks["tick"]) else "not used"})
        else:
            out.append({"what": name, "before": _item_figures(a, marks), "after": _item_figures(b, marks)})
    if (old.get("notes") or "") != (new.get("notes") or ""):
        out.append({"what": labels.get("notes", "Notes"), "before": "", "after": "rewritten"})
    return out


def _item_figures(row: dict, marks: dict) -> str:
    types = "".join(row.get(marks["types"]) or [])
    rating = row.get(marks["value"])
    return " ".join(p for p in (f"[{types}]" if types else "", "" if rating is None else f"{rating}%") if p) or "none"
