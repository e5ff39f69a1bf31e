"""The values of a character that change in play, edited on the phone: read from a form,
checked by the sheet definition's own field kinds (as a state file is), merged into the
state. Every other value stays as `nests character new` made it or a sheet upload read it."""

from __future__ import annotations

from typing import Any

# The sheet's values that play changes (the rest are the class's and the player's choices
# when the character is made). Food is Food Items, rows of the Inventory (type F): edited as
# Items. The XP tickboxes and the Disposition circles are printed blank and are no values of
# a character's state (content/sheets/nests-and-insects.yaml; `nests character read` does
# not read them), so there is nothing of them to edit until the state holds them.
PLAY_KEYS = ("wounds", "hunger", "luck", "items", "notes")
FORM_FIELDS = 80                 # more fields than a sheet's form has are refused unread


def play_fields(definition) -> list:
    """The definition's fields for ``PLAY_KEYS``, in that order."""
    by_key = {f.key: f for f in definition.fields}
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
        if f.key == "items":
            if not any(k.startswith(f"{f.key}.") for k in form):
                continue
            value = [_row(f, form, i) for i in range(f.options.rows)]
        elif f.key not in form:
            continue
        elif f.key == "notes":
            value = form[f.key]
        else:
            value = _number(form[f.key])
        problem = f.handler.check_value(f, value)
        if problem:
            problems.append(f"{f.label.split('/')[0]}: {problem}")
        else:
            new[f.key] = f.handler.loaded(f, value)
    return (state, problems) if problems else (new, [])
