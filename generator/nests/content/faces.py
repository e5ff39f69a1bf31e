"""Faces and dice as content: a face or a run of faces ("0-1"), rows that cover every
face of a die exactly once, and whether a die name is one the game has
(content/tables/dice.yaml). The tables and the enemies' stat blocks both check these.
"""

from __future__ import annotations

import re

from nests.content.schema import Spec, Str, shown
from nests.content.yamlfile import YamlDocument
from nests.errors import Problem
from nests.model import Die

_RUN = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")
DIE_NAME = Str(allow_empty=False)      # checked against the game's dice once dice.yaml is read


def faces_spec() -> Spec:
    """A face (a whole number) or a run of faces ("0-1")."""
    return _FacesSpec()


class _FacesSpec(Spec):
    def check(self, value, path, report):
        if read_faces(value) is None:
            report(path, f"{shown(value)} is not a face (a whole number) or a run like \"0-1\"")


MAX_FACE = 1000     # far above any die of the game (d120): a run beyond it is no run of faces
_FACE_DIGITS = len(str(MAX_FACE))


def read_faces(value) -> list[int] | None:
    """The faces a row's ``faces`` (or ``ratings``) gives: 3 → [3], "0-1" → [0, 1]; None when it gives none.
    A run's ends are read only up to MAX_FACE's digits: past them it is no run, however many digits
    there are (Python refuses to read a number of some thousands)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return [value]
    match = _RUN.match(value) if isinstance(value, str) else None
    if not match or max(len(match.group(1).lstrip("0")), len(match.group(2).lstrip("0"))) > _FACE_DIGITS:
        return None
    first, last = int(match.group(1)), int(match.group(2))
    return list(range(first, last + 1)) if first <= last <= MAX_FACE else None


def at_path(data, path: tuple):
    """The value at ``path`` (keys and list indexes) of a validated document's data."""
    for key in path:
        data = data[key]
    return data


def cover(doc: YamlDocument, key: str, universe: list, what: str, read=read_faces,
          rows: tuple = ("rows",)) -> list[Problem]:
    """Each row's ``key`` must take every member of ``universe`` exactly once (``rows``: where the
    rows stand in the file, for a table nested in a larger one)."""
    problems, seen = [], {}
    for i, row in enumerate(at_path(doc.data, rows[:-1]).get(rows[-1], [])):
        members = read(row.get(key)) if isinstance(row, dict) else None
        if members is None:
            continue
        for m in members:
            if m not in universe:
                problems.append(doc.problem(rows + (i, key), f"{m} is not {what}"))
            elif m in seen:
                problems.append(doc.problem(rows + (i, key), f"{m} is already covered by row {seen[m] + 1}"))
            else:
                seen[m] = i
    missing = [str(m) for m in universe if m not in seen]
    if missing:
        problems.append(doc.problem(rows, f"no row covers {', '.join(missing)}; every one of {what} needs exactly one row"))
    return problems


def game_die(name, sizes: dict) -> Die | None:
    """The die ``name`` spells, if the game has it (``sizes``: Tables.dice_sizes)."""
    die = Die.parse(name) if isinstance(name, str) else None
    allowed = sizes["one_based" if die and die.first else "zero_based"] if die else []
    return die if die is not None and die.faces in allowed else None


def dice_names(sizes: dict) -> str:
    return ", ".join([f"d{n}" for n in sizes["zero_based"]] + [f"1d{n}" for n in sizes["one_based"]])


def die_problem(doc: YamlDocument, path: tuple, name, sizes: dict) -> list[Problem]:
    if game_die(name, sizes) is None:
        return [doc.problem(path, f"{name!r} is not a die of the game; allowed: {dice_names(sizes)}")]
    return []
