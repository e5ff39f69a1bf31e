"""The rulebook's tables, rulings and enemies as content: schemas, coverage checks, typed views.

Every file under ``content/tables/`` names its rulebook ``source:`` and its
``die:``, which says what the rows are keyed by:

* ``dN`` / ``1dN`` with ``faces:`` rows — a die table; the rows must cover every
  face of the die exactly once (a face is ``3`` or a run ``"0-1"``);
* ``d100`` with ``chance:`` rows — an event table; each row's Chance is
  ``base + level × Level rating [+ a character Feature]``;
* ``rating`` with ``ratings:`` rows — bands that cover 0–100 exactly once;
* ``degree`` with ``degree:`` rows — one row for each of the six Degrees of Success;
* ``none`` — not a table of rows (the dice of the game).

``content.tables`` validates all of it (every problem at once, each
with file:line and key path) and returns a ``Tables``; it is cached per
``Content``. Enemies (``content/enemies/*.yaml``, nests.content.enemies) load on
first use of ``Tables.enemies``; faces and the game's dice are nests.content.faces.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from nests.content.cited import CITED_RULINGS
from nests.content.faces import DIE_NAME, at_path, cover, dice_names, die_problem, faces_spec, game_die, read_faces
from nests.content.schema import Bool, Either, Int, List, Map, OneOf, Rating, Spec, Str, TableSpec, validate
from nests.content.yamlfile import YamlDocument
from nests.errors import NestsError, Problem
from nests.model import Basis, Die, Enemy
from nests.text import grid

SIX = ["Critical Failure", "Complete Failure", "Partial Failure",
       "Partial Success", "Complete Success", "Critical Success"]


# -- typed views ---------------------------------------------------------------
@dataclass(frozen=True)
class Chance:
    """base + level × (Level rating) [+ a character Feature]."""

    base: int
    level: int
    feature: str | None = None

    def value(self, level: int, features: dict | None = None) -> int | None:
        """The Chance at a Level; None when it needs a Feature that was not given."""
        extra = 0
        if self.feature:
            if not features or features.get(self.feature) is None:
                return None
            extra = features[self.feature]
        return self.base + self.level * level + extra

    def __str__(self) -> str:
        return self.text

    @cached_property
    def text(self) -> str:
        # kept on the Chance itself: every Event check of every simulated run prints it
        return _formula(self)


def _formula(chance: Chance) -> str:
    """The formula as the rulebook writes it: "50% + Level", "Level − 50%", "Perception − Level"
    (made once per Chance: ``Chance.text``)."""
    terms = [(1, chance.feature.capitalize())] if chance.feature else []
    if chance.base:
        terms.append((1 if chance.base > 0 else -1, f"{abs(chance.base)}%"))
    if chance.level:
        terms.append((chance.level, "Level"))
    terms.sort(key=lambda t: t[0] < 0)          # positive terms first
    if not terms:
        return "0%"
    text = ("−" if terms[0][0] < 0 else "") + terms[0][1]
    for sign, term in terms[1:]:
        text += (" − " if sign < 0 else " + ") + term
    return text


@dataclass(frozen=True)
class FaceRow:
    faces: tuple[int, ...]
    result: str
    data: dict


@dataclass(frozen=True)
class FaceTable:
    id: str
    source: str
    die: Die
    rows: tuple[FaceRow, ...]

    def row(self, face: int) -> FaceRow:
        for row in self.rows:
            if face in row.faces:
                return row
        raise NestsError(f"{self.id}: no row for face {face} of {self.die.name}")


@dataclass(frozen=True)
class EventRow:
    id: str
    name: str
    chance: Chance
    data: dict


@dataclass(frozen=True)
class ChanceTable:
    id: str
    source: str
    die: Die
    generated_when: str             # "at-most" (roll ≤ Chance) or "below" (roll < Chance)
    rulings: tuple[str, ...]
    rows: tuple[EventRow, ...]

    def generates(self, roll: int, chance: int | None) -> bool:
        if chance is None:
            return False
        return roll <= chance if self.generated_when == "at-most" else roll < chance

    def row(self, row_id: str) -> EventRow:
        for row in self.rows:
            if row.id == row_id:
                return row
        raise NestsError(f"{self.id}: no row {row_id!r}")


@dataclass(frozen=True)
class Band:
    low: int
    high: int
    data: dict

    @property
    def label(self) -> str:
        return f"{self.low}–{self.high}%"


@dataclass(frozen=True)
class RatingTable:
    id: str
    source: str
    rows: tuple[Band, ...]
    extra: dict = field(default_factory=dict)

    def band(self, rating: int) -> Band:
        for band in self.rows:
            if band.low <= rating <= band.high:
                return band
        raise NestsError(f"{self.id}: rating {rating} is outside 0–100")


# -- schemas -------------------------------------------------------------------
CHANCE = Map(required={"base": Int(-100, 200), "level": OneOf([-1, 0, 1])},
             optional={"feature": OneOf(["perception"])})
HEAD = {"source": Str(allow_empty=False), "die": Str(allow_empty=False)}
RULINGS = List(Str(allow_empty=False))
# A row's ``resolve`` names a procedure and gives it its arguments: a mapping here; which
# procedures exist and what each takes is the rules' to say, checked by nests.checks.
RESOLVE = Map(open=True)


def face_rows(needs: dict | None = None, result_width: int | None = None, **extra) -> Spec:
    """The rows of a die table: each takes ``faces`` (3, or a run "0-1") and gives a ``result``
    (of at most ``result_width`` columns, where it is printed in a fixed column);
    ``needs`` are further keys every row must have, ``extra`` keys a row may have."""
    return List(Map(required={"faces": faces_spec(), "result": Str(allow_empty=False, max_len=result_width),
                              **(needs or {})}, optional=extra), min_len=1)


# A result printed in the packet's Item Key fits its column there (grid.ITEM_KEY_RESULT).
ITEM_KEY = grid.ITEM_KEY_RESULT


def _event_rows(needs: dict | None = None, **extra) -> Spec:
    return List(Map(required={"id": Str(allow_empty=False), "name": Str(allow_empty=False, max_len=grid.EVENT_NAME), "chance": CHANCE,
                              **(needs or {})}, optional=extra), min_len=1)


FILES: dict[str, Spec] = {
    "dice": Map(required={**HEAD, "decile": List(Int(2, 1000), min_len=1), "polyhedral": List(Int(2, 1000)),
                          "one_based": List(Int(2, 1000), min_len=1)}),
    "degrees-of-success": Map(required={**HEAD, "degrees": List(OneOf(SIX), min_len=6, max_len=6),
                                        "initial": List(Map(required={"matches_effort": Bool(), "beats_resistance": Bool(),
                                                                      "degree": OneOf(SIX)}), min_len=4, max_len=4),
                                        "most_dramatic_modifiers": Int(0, 10)}),
    "quantification-dice": Map(required={**HEAD, "cap": Rating(), "rows": List(Map(required={"ratings": faces_spec(), "die": DIE_NAME}))},
                               optional={"rulings": RULINGS}),
    "nest-levels": Map(required={**HEAD, "rows": List(Map(required={"ratings": faces_spec(), "features": DIE_NAME,
                                                                    "costs_risks": DIE_NAME, "rewards": DIE_NAME})),
                                 "first_level": Map(required={"band": Str(), "die": OneOf(["features", "costs_risks", "rewards"])}),
                                 "next_level": Map(required={"die": OneOf(["features", "costs_risks", "rewards"])}),
                                 "heart": Rating()}),
    "food-colour": Map(required={**HEAD, "rows": face_rows(result_width=ITEM_KEY["food-colour"])}),
    "food-type": Map(required={**HEAD, "rows": face_rows(result_width=ITEM_KEY["food-type"])}),
    "item-condition": Map(required={**HEAD, "rows": face_rows(note=Str(), result_width=ITEM_KEY["item-condition"])}),
    "item-alignment": Map(required={**HEAD, "rows": face_rows(needs={"then": Str(allow_empty=False)},
                                                               result_width=ITEM_KEY["item-alignment"])}),
    "beneficial-abilities": Map(required={**HEAD, "rows": face_rows(note=Str(), result_width=ITEM_KEY["beneficial-abilities"])}),
    "harmful-abilities": Map(required={**HEAD, "rows": face_rows(note=Str(), result_width=ITEM_KEY["harmful-abilities"])}),
    "secret": Map(required={**HEAD, "rows": face_rows(needs={"then": Str(allow_empty=False)})}, optional={"rulings": RULINGS}),
    "secret-costs": Map(required={**HEAD, "rows": face_rows()}),
    "secret-risks": Map(required={**HEAD, "rows": face_rows()}),
    "secret-rewards": Map(required={**HEAD, "rows": face_rows()}),
    "costs": Map(required={**HEAD, "generated_when": OneOf(["at-most", "below"]),
                           "rows": _event_rows(needs={"resolve": RESOLVE}, once_per_action=Bool())}, optional={"rulings": RULINGS}),
    "exploration-action": Map(required={**HEAD, "effort": Str(), "resistance": Str(), "modifiers": List(Str()),
                                        "rows": List(Map(required={"degree": OneOf(SIX), "events": List(OneOf(["Cost", "Risk", "Reward"]), min_len=1)})),
                                        "tables": TableSpec(["Cost", "Risk", "Reward"], OneOf(["costs", "risks", "rewards"]))}),
    # an outcome is a phrase the simulation reads its Wounds from ("1 Wound healed"): a short one
    "desperate-times": Map(required={**HEAD, "effort": Str(), "resistance": Str(),
                                     "rows": List(Map(required={"degree": OneOf(SIX),
                                                               "outcome": Str(allow_empty=False, max_len=60)}))}),
    "alarm-pheromones": Map(required={**HEAD, "trigger": Str(), "rows": List(Map(
        required={"enemy": Str(allow_empty=False), "label": Str(), "numbers": Str(), "count": Int(1, 1000), "chance": Rating()},
        ), min_len=1)}, optional={"rulings": RULINGS}),
}
FILES["risks"] = FILES["rewards"] = FILES["costs"]
ENCOUNTERS = Map(required={**HEAD, "generated_when": OneOf(["at-most", "below"]), "rows": _event_rows()},
                 optional={"rulings": RULINGS})
# What a ruling rests on (nests.model.Basis): the rulebook's or the reference's own words and
# where they stand; the section where the rulebook is silent or TBD; or a house rule, what the
# text says instead and why. Quotes are short citations; a test finds each built-in one in
# ../shared/rulebook/ or ../shared/reference/ (a user's rulings may quote other books).
WHERE = Str(allow_empty=False, max_len=60)
BASIS = Either({"quote": Map(required={"quote": Str(allow_empty=False, max_len=120), "where": WHERE}),
                "silent": Map(required={"silent": WHERE}),
                "house": Map(required={"house": Str(allow_empty=False, max_len=240), "where": WHERE})},
               "quote (the rulebook's words) with where, silent (the section), or house (what the text "
               "says instead, and why) with where")
RULINGS_FILE = Map(required={"rulings": List(Map(required={"id": Str(allow_empty=False), "text": Str(allow_empty=False, max_len=160),
                                                           "basis": BASIS},
                                                optional={"reason": Str(allow_empty=False, max_len=200)}), min_len=1,
                                           unique="id")})


def face_table(doc: YamlDocument, stem: str, dice_sizes: dict, at: tuple = ()) -> tuple[FaceTable | None, list[Problem]]:
    """A validated die table's view, once its die is one of the game's and its rows
    cover every face of that die exactly once; otherwise None and the problems.
    Any content that rolls on a die table (the packet's Job and Room tables too) uses this;
    ``at``: where the table stands in the file when it is part of a larger one (it cites the
    file's ``source`` unless it gives its own)."""
    node = at_path(doc.data, at)
    problems = die_problem(doc, at + ("die",), node["die"], dice_sizes)
    if problems:
        return None, problems
    die = Die.parse(node["die"])
    problems = cover(doc, "faces", list(die.face_range()), f"the faces of {die.name}", rows=at + ("rows",))
    rows = tuple(FaceRow(tuple(read_faces(r["faces"])), r["result"], r) for r in node["rows"])
    return (None if problems else FaceTable(stem, node.get("source", doc.data["source"]), die, rows)), problems


class Tables:
    """Every table, the rulings and the enemies, validated; see the module docstring."""

    def __init__(self, content):
        self.content = content
        docs, problems = {}, []
        for rel in content.files("tables"):
            stem = Path(rel).stem
            spec = FILES.get(stem) or (ENCOUNTERS if stem.startswith("encounters-") else None)
            doc = content.document(rel)
            if spec is None:
                problems.append(Problem(f"unknown table; known: {', '.join(sorted(FILES))}, encounters-<nest>", file=doc.name))
                continue
            problems += validate(doc, spec)
            docs[stem] = doc
        for stem in FILES:
            if stem not in docs and not any(p.file and p.file.endswith(f"/{stem}.yaml") for p in problems):
                problems.append(Problem("missing from the content", file=f"tables/{stem}.yaml"))
        if problems:
            raise NestsError(problems)
        self.docs = docs
        dice = docs["dice"].data
        self.dice_sizes = {"zero_based": sorted(set(dice["decile"]) | set(dice["polyhedral"])),
                           "decile": list(dice["decile"]), "one_based": list(dice["one_based"])}
        problems += self._check_dice_and_coverage()
        problems += self._check_references()
        rulings_doc = content.checked("rulings.yaml", RULINGS_FILE)
        # a ruling's reason, when it gives one, is printed after it
        self.rulings = {r["id"]: r["text"] + (f" Why: {r['reason']}" if "reason" in r else "") for r in rulings_doc.data["rulings"]}
        self.bases = {r["id"]: Basis.from_content(r["basis"]) for r in rulings_doc.data["rulings"]}
        missing = sorted(CITED_RULINGS - set(self.rulings))
        if missing:
            problems.append(rulings_doc.problem(("rulings",), f"{', '.join(map(repr, missing))}: missing; the packet's "
                                                              "procedures cite these rulings, so each must stay"))
        for stem, doc in docs.items():
            for i, rid in enumerate(doc.data.get("rulings", [])):
                if rid not in self.rulings and content.users("rulings.yaml") and not content.users(f"tables/{stem}.yaml"):
                    # the user's rulings dropped one a built-in table cites: said at the user's file
                    problems.append(rulings_doc.problem(("rulings",), f"{rid!r}: missing; tables/{stem}.yaml "
                                                                      f"cites it, so it must stay"))
                elif rid not in self.rulings:
                    problems.append(doc.problem(("rulings", i), f"{rid!r} is not a ruling in rulings.yaml"))
        if problems:
            raise NestsError(sorted(problems, key=lambda p: (p.file or "", p.line or 0)))
        self._build()

    def _check_dice_and_coverage(self) -> list[Problem]:
        """Each table's rows, checked by what they are keyed by (see ROWS_KEYED_BY)."""
        problems, self.face_tables, self.refused = [], {}, set()
        for stem, doc in self.docs.items():
            rows = doc.data.get("rows") or []
            first = rows[0] if rows and isinstance(rows[0], dict) else {}
            key = next((k for k in ROWS_KEYED_BY if k in first), None)
            found = ROWS_KEYED_BY[key](self, stem, doc)
            if found:
                self.refused.add(stem)
            problems += found
        return problems

    def _check_references(self) -> list[Problem]:
        """Values that name another row or table must name one that exists."""
        problems = []
        for stem, doc in self.docs.items():
            for i, row in enumerate(doc.data.get("rows", [])):
                # (a table refused for its own rows is said at its own file, not again at each row naming it)
                if stem in self.face_tables and "then" in row and row["then"] not in self.face_tables \
                        and row["then"] not in self.refused:
                    problems.append(doc.problem(("rows", i, "then"), f"{row['then']!r} is not a die table; allowed: "
                                                                      f"{', '.join(sorted(self.face_tables))}"))
        problems += self._check_secrets()
        seen_ids: dict[str, str] = {}
        for stem in ("costs", "risks", "rewards"):
            for i, row in enumerate(self.docs[stem].data["rows"]):
                if row["id"] in seen_ids:
                    problems.append(self.docs[stem].problem(("rows", i, "id"), f"{row['id']!r} is already an Event of "
                                                                              f"{seen_ids[row['id']]}; each Event id once"))
                seen_ids.setdefault(row["id"], stem)
        degrees = self.docs["degrees-of-success"]
        seen: dict = {}
        for i, row in enumerate(degrees.data["initial"]):
            both = (row["matches_effort"], row["beats_resistance"])
            if both in seen:
                problems.append(degrees.problem(("initial", i), f"matches_effort {str(both[0]).lower()}, beats_resistance {str(both[1]).lower()} "
                                                                 f"is already given in row {seen[both] + 1}; each of the "
                                                                 "four combinations needs exactly one row"))
            seen.setdefault(both, i)
        levels = self.docs["nest-levels"]
        bands = [str(r["ratings"]).replace(" ", "") for r in levels.data["rows"]]
        band = levels.data["first_level"]["band"]
        if str(band).replace(" ", "") not in bands:
            problems.append(levels.problem(("first_level", "band"), f"{band!r} is not one of the rows' ratings; "
                                                                     f"allowed: {', '.join(bands)}"))
        return problems

    def _check_secrets(self) -> list[Problem]:
        """A Secret becomes a Cost, Risk or Reward (the Exploration Action's names), and the
        table it rolls on next names the Event it becomes: an id of the event tables."""
        problems = []
        kinds = self.docs["exploration-action"].data["tables"]
        events = {k: [r["id"] for r in self.docs[t].data["rows"]] for k, t in kinds.items() if t in self.docs}
        secret = self.docs["secret"]
        for i, row in enumerate(secret.data["rows"]):
            if row["result"] not in kinds:
                problems.append(secret.problem(("rows", i, "result"), f"{row['result']!r} is not a kind of Event; "
                                                                       f"allowed: {', '.join(kinds)}"))
            elif row["then"] in self.docs and row["then"] in self.face_tables:
                then = self.docs[row["then"]]
                known = events.get(row["result"], [])
                problems += [then.problem(("rows", j, "result"), f"{r['result']!r} is not an Event of {kinds[row['result']]}; "
                                                                  f"allowed: {', '.join(known)}")
                             for j, r in enumerate(then.data["rows"]) if r["result"] not in known]
        return problems

    def _build(self) -> None:
        d = self.docs
        degrees = d["degrees-of-success"].data
        self.degrees: list[str] = list(degrees["degrees"])
        self.initial = {(r["matches_effort"], r["beats_resistance"]): r["degree"] for r in degrees["initial"]}
        self.most_dramatic: int = degrees["most_dramatic_modifiers"]
        self.quantification = self._rating_table("quantification-dice", extra={"cap": d["quantification-dice"].data["cap"]})
        levels = d["nest-levels"].data
        self.levels = self._rating_table("nest-levels", extra={k: levels[k] for k in ("first_level", "next_level", "heart")})
        self.events = {stem: self._chance_table(stem) for stem in ("costs", "risks", "rewards")}
        self.encounters = {stem[len("encounters-"):]: self._chance_table(stem) for stem in d if stem.startswith("encounters-")}
        ex = d["exploration-action"].data
        self.exploration = {r["degree"]: list(r["events"]) for r in ex["rows"]}
        self.exploration_tables = dict(ex["tables"])
        self.exploration_source = ex["source"]
        self.desperate_times = {r["degree"]: r["outcome"] for r in d["desperate-times"].data["rows"]}
        self.summons = d["alarm-pheromones"].data
        self.all = {stem: doc.data for stem, doc in d.items()}

    @cached_property
    def event_rows(self) -> dict[str, tuple[str, EventRow]]:
        """Every exploration Event by id: its kind (Cost, Risk, Reward) and its row, the first
        where two share an id. Every Event of every simulated run is looked up here."""
        found: dict[str, tuple[str, EventRow]] = {}
        for kind, stem in self.exploration_tables.items():
            for row in self.events[stem].rows:
                found.setdefault(row.id, (kind, row))
        return found

    def _chance_table(self, stem: str) -> ChanceTable:
        data = self.docs[stem].data
        rows = tuple(EventRow(r["id"], r["name"], Chance(r["chance"]["base"], r["chance"]["level"], r["chance"].get("feature")), r)
                     for r in data["rows"])
        return ChanceTable(stem, data["source"], Die.parse(data["die"]), data["generated_when"], tuple(data.get("rulings", [])), rows)

    def _rating_table(self, stem: str, extra: dict) -> RatingTable:
        data = self.docs[stem].data
        rows = tuple(Band(min(read_faces(r["ratings"])), max(read_faces(r["ratings"])), r) for r in data["rows"])
        return RatingTable(stem, data["source"], rows, extra)

    # -- look-ups ---------------------------------------------------------------
    def die(self, name: str) -> Die:
        """The die called ``name``, if the game has it; a NestsError naming the allowed ones otherwise."""
        die = game_die(name, self.dice_sizes)
        if die is None:
            spelt, hint = Die.parse(name), ""
            if spelt and not spelt.first and spelt.faces in self.dice_sizes["one_based"]:
                hint = f" (for an ordinary one-based d{spelt.faces}, write 1d{spelt.faces})"
            raise NestsError(f"{name!r} is not a die of the game{hint}; allowed: {dice_names(self.dice_sizes)}")
        return die

    def table(self, stem: str) -> FaceTable:
        return self.face_tables[stem]

    def ruling(self, rid: str) -> str:
        return self.rulings[rid]

    @cached_property
    def enemies(self) -> dict[str, Enemy]:
        """Every enemy's stat block by id (its file name), validated and built once."""
        return {eid: Enemy.from_content(eid, doc.data) for eid, doc in self._enemy_files.items()}

    def enemy_problem(self, enemy_id: str, path: tuple, message: str) -> Problem:
        """A problem with a stat block, at the line of its file that ``path`` names."""
        return self._enemy_files[enemy_id].problem(path, message)

    @cached_property
    def _enemy_files(self) -> dict[str, YamlDocument]:
        """Every enemy file by id, validated (nests.content.enemies)."""
        from nests.content.enemies import read_enemies

        return read_enemies(self)


# -- rows by what they are keyed by ------------------------------------------------
def _face_rows(tables: Tables, stem: str, doc: YamlDocument) -> list[Problem]:
    table, problems = face_table(doc, stem, tables.dice_sizes)
    if table:
        tables.face_tables[stem] = table
    return problems


def _keyed_by(word: str, doc: YamlDocument) -> list[Problem]:
    """Rows keyed by ratings or Degrees say so in ``die``."""
    if doc.data["die"] != word:
        return [doc.problem(("die",), f"{doc.data['die']!r} does not fit these rows; rows keyed by "
                                      f"{'rating bands' if word == 'rating' else 'Degrees of Success'} take die: {word}")]
    return []


def _rating_rows(tables: Tables, stem: str, doc: YamlDocument) -> list[Problem]:
    problems = _keyed_by("rating", doc) + cover(doc, "ratings", list(range(0, 101)), "the ratings 0–100")
    for i, row in enumerate(doc.data["rows"]):
        for k in ("die", "features", "costs_risks", "rewards"):
            if k in row:
                problems += die_problem(doc, ("rows", i, k), row[k], tables.dice_sizes)
    return problems


def _degree_rows(tables: Tables, stem: str, doc: YamlDocument) -> list[Problem]:
    return _keyed_by("degree", doc) + cover(doc, "degree", SIX, "the six Degrees of Success",
                                             read=lambda v: [v] if v in SIX else None)


def _rolled_rows(tables: Tables, stem: str, doc: YamlDocument) -> list[Problem]:
    """Event rows (and files without rows, which may say die: none) are rolled on a die of the game."""
    if doc.data["die"] == "none" and not doc.data.get("rows"):
        return []
    return die_problem(doc, ("die",), doc.data["die"], tables.dice_sizes)


ROWS_KEYED_BY = {"faces": _face_rows, "ratings": _rating_rows, "degree": _degree_rows, None: _rolled_rows}


