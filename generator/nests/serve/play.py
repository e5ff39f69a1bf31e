"""The values of a character that change in play, edited on the phone: read from a form,
checked by the sheet definition's own field kinds (as a state file is), merged into the
state. Every other value stays as `nests character new` made it or a sheet upload read it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nests.content.sheets.state import value_problem

# The sheet's values that play changes (the rest are the class's and the player's choices
# when the character is made). Food is Food Items, rows of the Inventory (type F): edited as
# Items. XP is the XP tickboxes, one per Feature that has one; Disposition the one circle of
# the Disposition Track marked (none out of Combat).
PLAY_KEYS = ("wounds", "hunger", "luck", "disposition", "xp", "items", "notes")
FORM_FIELDS = 80                 # more fields than a sheet's form has are refused unread


@dataclass(frozen=True)
class Tickboxes:
    """The XP tickboxes as the page edits them: one checkbox per Feature, (key, label)."""

    key: str
    label: str
    features: tuple


def play_fields(definition) -> list:
    """The definition's fields for ``PLAY_KEYS``, in that order: a choice by its first field,
    the XP tickboxes as ``Tickboxes``."""
    by_key: dict = {}
    for f in definition.fields:
        by_key.setdefault(f.key, f)
    for key in definition.xp_keys():
        features = tuple((f.key, f.label.split("/")[0]) for f in definition.xp_fields(key))
        by_key[key] = Tickboxes(key, key.upper(), features)
    return [by_key[k] for k in PLAY_KEYS if k in by_key]


def _number(text: str) -> Any:
    text = text.strip()
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        return text                # the field kind says what is wrong with it


def _row(f, form, i: int) -> dict:
    from nests.content.sheets.kinds.lists import item_keys

    o = f.options
    keys = item_keys(f)
    row: dict[str, Any] = {"name": form.get(f"{f.key}.{i}.name", "").strip()}
    if o.types_key in keys:
        row[o.types_key] = [t for t in form.get(f"{f.key}.{i}.{o.types_key}", "").replace(",", " ").split() if t]
    if o.value in keys:
        row[o.value] = _number(form.get(f"{f.key}.{i}.{o.value}", ""))
    for mark in keys[keys.index("name") + 1:]:
        if mark not in (o.types_key, o.value):
            row[mark] = form.get(f"{f.key}.{i}.{mark}") == "on" if mark != o.known_key else \
                form.get(f"{f.key}.{i}.{mark}", "on") == "on"
    return row


def read_play(definition, state: dict, form) -> tuple[dict, list[str]]:
    """The state with the form's play values; or the state unchanged and one message per
    value refused (naming it, as the sheet labels it, and what it allows)."""
    new = dict(state)
    problems = []
    for f in play_fields(definition):
        if isinstance(f, Tickboxes):
            if f.key not in form:          # the page's marker: the tickboxes were on the form
                continue
            ticked = [v for v in form.getlist(f.key) if v]
            problem = value_problem(definition, None, f.key, ticked)
            if problem:
                problems.append(f"{f.label}: {problem}")
            else:
                new[f.key] = [key for key, _ in f.features if key in ticked]
            continue
        if f.key == "items":
            if not any(k.startswith(f"{f.key}.") for k in form):
                continue
            value = [_row(f, form, i) for i in range(f.options.rows)]
        elif f.key not in form:
            continue
        elif f.key == "notes":
            value = form[f.key]
        elif f.handler.shares_key:
            value = form[f.key] or None    # none chosen: none marked
        else:
            value = _number(form[f.key])
        problem = value_problem(definition, f, f.key, value)
        if problem:            # as the sheet names it: Wounds (of Wounds/Max); a choice by its key, Disposition
            problems.append(f"{f.key.title() if f.handler.shares_key else f.label.split('/')[0]}: {problem}")
        elif value is None and f.handler.shares_key:
            new.pop(f.key, None)
        else:
            new[f.key] = f.handler.loaded(f, value)
    return (state, problems) if problems else (new, [])
