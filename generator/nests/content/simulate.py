"""content/simulate.yaml, validated into ``SimulateSettings``: what the difficulty estimate
reads of the Combat chapter (the Attack Action's outcomes, the Disposition Track) and the
figures of its own rulings. Every problem is one line with file, line and key."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nests.content.schema import Bool, Int, List, Map, OneOf, Rating, Spec, Str, TableSpec, shown, validate
from nests.content.tables import SIX
from nests.errors import NestsError


class _Mapping(Spec):
    """Any mapping; its keys and values are checked against the track afterwards."""

    def check(self, value, path, report):
        if not isinstance(value, dict):
            report(path, f"{shown(value)} is not a mapping")


OUTCOME = Map(required={"hits": Bool(), "attacks": List(OneOf(["base", "special"]), min_len=1, max_len=2)})
NAME = Str(allow_empty=False, max_len=30)
SUPPORT = Map(required={"when": NAME, "static": OneOf(["threat_rate", "smarts"])})
SPEC = Map(required={
    "runs": Int(1, 1_000_000), "most_runs": Int(1, 1_000_000),
    "attack": Map(required={"source": Str(allow_empty=False), "outcomes": TableSpec(SIX, OUTCOME),
                            "carapace_keywords": List(NAME), "close_range": NAME, "area_keyword": NAME}),
    "disposition": Map(required={"source": Str(allow_empty=False), "track": List(NAME, min_len=5, max_len=5),
                                 "start": Map(required={"success": NAME, "failure": NAME}),
                                 "static": _Mapping(), "shift_up": List(NAME), "cannot_attack": List(NAME)}),
    "food_type": Str(allow_empty=False, max_len=3), "swarm_ignores_wounds": Rating(), "alarm_rule": NAME,
    "alarm_gun": Map(required={"rule": NAME, "chance": Rating()}),
    "guardians": Map(required={"rule": NAME, "autothyte": NAME, "obstacle_chance": Rating()}),
    "guests": List(NAME), "cannot_move": Str(allow_empty=False, max_len=60), "floor_words": Str(allow_empty=False, max_len=60),
    "guard_rounds": Int(10, 100_000), "flee_share": Int(1, 100),
    "support": Map(required={"source": Str(allow_empty=False), "rally": SUPPORT, "encourage": SUPPORT,
                             "outcomes": TableSpec(SIX, NAME)}),
})


@dataclass(frozen=True)
class SimulateSettings:
    runs: int
    most_runs: int
    outcomes: dict[str, tuple[bool, tuple[str, ...]]]     # Degree → (hits?, which Attacks)
    carapace_keywords: frozenset[str]
    close_range: str
    area_keyword: str
    track: tuple[str, ...]
    start: dict[str, str]                                 # "success"/"failure" → Disposition
    static: dict[str, int]
    shift_up: frozenset[str]
    cannot_attack: frozenset[str]
    food_type: str
    swarm_ignores_wounds: int
    alarm_rule: str
    alarm_gun: dict                                        # rule, chance (ruling sim-alarm-gun)
    guardians: dict                                        # rule, autothyte, obstacle_chance (sim-guardians, sim-autothysis)
    guests: frozenset[str]
    cannot_move: str                                       # the words, escaped as a regular expression
    floor_words: str                                       # the words before a Disposition, escaped likewise
    guard_rounds: int                                      # not a rule: a never-ending fight's stop, counted
    flee_share: int                                        # ruling sim-flee
    support: dict[str, tuple[str, str]]                 # the Disposition it answers → (Support Action, supporter's static)
    support_outcomes: dict[str, str]                    # Degree → the Disposition the ally takes


def _check(doc) -> None:
    problems = validate(doc, SPEC)
    if not problems:
        d = doc.data["disposition"]
        track = d["track"]
        names = [(("start", k), v) for k, v in d["start"].items()] + [(("static", k), k) for k in d["static"]]
        names += [((key, i), v) for key in ("shift_up", "cannot_attack") for i, v in enumerate(d[key])]
        sup = doc.data["support"]
        names += [(("..", "support", k, "when"), sup[k]["when"]) for k in ("rally", "encourage")]
        names += [(("..", "support", "outcomes", k), v) for k, v in sup["outcomes"].items()]
        problems += [doc.problem(path[1:] if path[0] == ".." else ("disposition",) + path,
                                 f"{name!r} is not on the track; allowed: {', '.join(track)}")
                     for path, name in names if name not in track]
        problems += [doc.problem(("disposition", "static", k), f"{shown(v)} is not a modifier −100–+100")
                     for k, v in d["static"].items() if isinstance(v, bool) or not isinstance(v, int) or not -100 <= v <= 100]
        if doc.data["runs"] > doc.data["most_runs"]:
            problems.append(doc.problem(("runs",), f"{doc.data['runs']} is more than most_runs ({doc.data['most_runs']})"))
    if problems:
        raise NestsError(problems)


def read_simulate(content) -> SimulateSettings:
    """simulate.yaml checked and typed; ``content.simulate`` keeps it."""
    doc = content.document("simulate.yaml")
    _check(doc)
    a, d = doc.data["attack"], doc.data["disposition"]
    return SimulateSettings(
        doc.data["runs"], doc.data["most_runs"],
        {degree: (o["hits"], tuple(o["attacks"])) for degree, o in a["outcomes"].items()},
        frozenset(a["carapace_keywords"]), a["close_range"], a["area_keyword"],
        tuple(d["track"]), dict(d["start"]), dict(d["static"]), frozenset(d["shift_up"]), frozenset(d["cannot_attack"]),
        doc.data["food_type"], doc.data["swarm_ignores_wounds"], doc.data["alarm_rule"],
        dict(doc.data["alarm_gun"]), dict(doc.data["guardians"]), frozenset(doc.data["guests"]),
        re.escape(doc.data["cannot_move"]), re.escape(doc.data["floor_words"]), doc.data["guard_rounds"],
        doc.data["flee_share"],
        {s["when"]: (k, s["static"]) for k, s in ((k, doc.data["support"][k]) for k in ("rally", "encourage"))},
        dict(doc.data["support"]["outcomes"]))
