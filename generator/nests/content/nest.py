"""A Nest's own words (content/nests/<nest>.yaml), validated: its Rooms' names and descriptions by
depth, and its Heart written for every Job kind and target.

Rooms (``rooms``): one die table for each depth zone (``zones``), whose ``ratings`` cover 0–100
once: a Room draws on the zone of its Level's rating. A row may say the ``area`` and ``height`` its
words need (a rating, or a run "30-100"); a Room draws among the rows that fit the Features it has
already rolled (generators/packet/words.py).

The Heart (``heart``): for each Job kind (jobs/kinds.yaml, by its result), how the guards stand,
what the deed sets off, the way out and when the Job counts as done; for each target (jobs/targets-*.yaml,
by its id) its chambers (a die table with fits, as a zone's), what it is doing when the party comes
in (a die table), and for each kind that can pick it, how that deed is done to it.

Beyond the schema this checks what a packet relies on: every table's die covers its faces; every
Area and Height a Room of a zone (or the Heart) can roll fits at least one row, and over all the
zones at least ``rooms.most`` rows, so no packet's Rooms run out of words; no two rows share a name
or a description (the Entrance's included; the Heart's chambers keep names no Room has).
"""

from __future__ import annotations

from dataclasses import dataclass

from nests.content.faces import cover, read_faces
from nests.content.schema import Int, List, Map, Spec, Str, shown
from nests.content.tables import FaceTable, face_rows, face_table
from nests.errors import Problem
from nests.model import Die

ROOM_NAME = 30      # a Room's name in the glance page's column of Levels (templates/packet/glance.txt.j2)
FLAVOUR = 80        # a Room's description: one line of its key at 80 columns
TEXT = 300          # a sentence of the Heart's page
SPAN_OF = "a rating 0–100 or a run of them like \"30-100\""


class _Span(Spec):
    def check(self, value, path, report):
        faces = read_faces(value)
        if faces is None or faces[-1] > 100:
            report(path, f"{shown(value)} is not {SPAN_OF}")


FITS = {"area": _Span(), "height": _Span()}
WORD_ROWS = face_rows(needs={"flavour": Str(allow_empty=False, max_len=FLAVOUR)}, result_width=ROOM_NAME, **FITS)
ZONE = Map(required={"id": Str(allow_empty=False, max_len=20), "where": Str(allow_empty=False, max_len=60),
                     "ratings": _Span(), "die": Str(allow_empty=False), "rows": WORD_ROWS})
ROOMS = Map(required={"most": Int(3, 500), "zones": List(ZONE, min_len=1, unique="id")})
KIND = Map(required={"guards": Str(allow_empty=False, max_len=TEXT), "done": Str(allow_empty=False, max_len=TEXT),
                     "way_out": Str(allow_empty=False, max_len=TEXT), "paid": Str(allow_empty=False, max_len=TEXT)},
           optional={"again": Str(allow_empty=False, max_len=TEXT)})
TARGET = Map(required={"chambers": Map(required={"die": Str(allow_empty=False), "rows": WORD_ROWS}),
                       "doing": Map(required={"die": Str(allow_empty=False),
                                              "rows": face_rows(result_width=TEXT)}),
                       "deeds": Map(open=True)})
HEART = Map(required={"unguarded": Str(allow_empty=False, max_len=TEXT), "kinds": Map(open=True),
                      "targets": Map(open=True)})
CREATURES = "targets-creature"        # the Job kinds that lead here need words for a target met again


@dataclass(frozen=True)
class Span:
    low: int
    high: int

    def __contains__(self, value: int) -> bool:
        return self.low <= value <= self.high

    @classmethod
    def read(cls, value) -> "Span":
        faces = read_faces(value) if value is not None else [0, 100]
        return cls(faces[0], faces[-1])


@dataclass(frozen=True)
class Worded:
    """A die table of names and descriptions whose rows may say the Area and Height they fit,
    in the order of their faces ("the next row down" is the row of the next face)."""
    table: FaceTable
    area: tuple[Span, ...]
    height: tuple[Span, ...]

    @classmethod
    def of(cls, table: FaceTable) -> "Worded":
        rows = tuple(sorted(table.rows, key=lambda r: r.faces[0]))
        return cls(FaceTable(table.id, table.source, table.die, rows), tuple(Span.read(r.data.get("area")) for r in rows),
                   tuple(Span.read(r.data.get("height")) for r in rows))

    def fits(self, i: int, area: int, height: int) -> bool:
        return area in self.area[i] and height in self.height[i]

    def walk(self, face: int, take) -> int | None:
        """The row of ``face`` if ``take(index)`` accepts it, else the next row down that it
        accepts, from the top after the last; None when it accepts none."""
        rows = self.table.rows
        start = next(i for i, r in enumerate(rows) if face in r.faces)
        return next((i % len(rows) for i in range(start, start + len(rows)) if take(i % len(rows))), None)


@dataclass(frozen=True)
class Zone:
    id: str
    where: str
    ratings: Span
    words: Worded


@dataclass(frozen=True)
class HeartTarget:
    chambers: Worded
    doing: FaceTable
    deeds: dict[str, str]              # Job kind (its result) → how that deed is done to this target


@dataclass(frozen=True)
class NestWords:
    """What a packet draws a Nest's words from; ``tables`` names each die table as a printed roll
    cites it after "nests/<nest>/" (rooms-<zone>, heart-<target>, doing-<target>)."""
    file: str
    source: str
    most: int
    zones: tuple[Zone, ...]
    kinds: dict[str, dict]
    targets: dict[str, HeartTarget]
    unguarded: str
    tables: dict[str, FaceTable]

    def zone_order(self, rating: int) -> list[int]:
        """The zones a Room at ``rating`` draws on: its own first, then the nearest (deeper first)."""
        own = next(i for i, z in enumerate(self.zones) if rating in z.ratings)
        near = sorted(range(len(self.zones)), key=lambda i: (abs(i - own), i < own))
        return near


def _thin_spot(fits: list[tuple[Span, Span]], top: int, need: int) -> tuple[int, int, int] | None:
    """An Area and Height, each 0 to ``top``, fitted by fewer than ``need`` of ``fits``: (area, height,
    how many fit), or None. The count only changes where a span starts or ends, so those are tried."""
    def edges(spans):
        return sorted({0} | {s.low for s in spans if s.low <= top} | {s.high + 1 for s in spans if s.high < top})

    for a in edges([f[0] for f in fits]):
        for h in edges([f[1] for f in fits]):
            n = sum(1 for sa, sh in fits if a in sa and h in sh)
            if n < need:
                return a, h, n
    return None


def _features_top(tables, ratings: Span) -> int:
    """The highest Area or Height a Room at these ratings can roll: its Level's Features die (Table 27),
    capped as every Feature is (ruling d120-cap)."""
    cap = tables.quantification.extra["cap"]
    return min(cap, max(Die.parse(tables.levels.band(r).data["features"]).last for r in range(ratings.low, ratings.high + 1)))


def _fits(worded: Worded) -> list[tuple[Span, Span]]:
    return list(zip(worded.area, worded.height))


def read_nest_words(doc, tables, jobs: dict) -> tuple[NestWords | None, list[Problem]]:
    """The Nest's words, or None and every problem (each at its file, line and key)."""
    data = doc.data           # (its schema, NEST in content/packet.py, is checked already)
    problems: list[Problem] = []
    zones, named = [], {}
    for z, zone in enumerate(data["rooms"]["zones"]):
        table, found = face_table(doc, f"rooms-{zone['id']}", tables.dice_sizes, at=("rooms", "zones", z))
        problems += found
        if table is not None:
            zones.append(Zone(zone["id"], zone["where"], Span.read(zone["ratings"]), Worded.of(table)))
            named[table.id] = table
    problems += _cover_ratings(doc)
    if problems:
        return None, problems
    problems += _distinct(doc)
    most = data["rooms"]["most"]
    everywhere = [f for zone in zones for f in _fits(zone.words)]
    for z, zone in enumerate(zones):
        top = _features_top(tables, zone.ratings)
        spot = _thin_spot(_fits(zone.words), top, 1)
        if spot:
            problems.append(doc.problem(("rooms", "zones", z, "rows"),
                                        f"no row fits a Room with Area {spot[0]}% and Height {spot[1]}%, which a Level of "
                                        f"{zone.ratings.low}–{zone.ratings.high}% can roll; give a row without area or height"))
        spot = _thin_spot(everywhere, top, most)
        if spot and not problems:
            problems.append(doc.problem(("rooms", "most"),
                                        f"only {spot[2]} rows of all the zones fit Area {spot[0]}% and Height {spot[1]}% "
                                        f"(a Room of zone {zone.id!r} can roll them); a packet names up to {most} Rooms apart: "
                                        "add rows without area or height"))
    heart, found = _heart(doc, tables, jobs, named)
    problems += found
    if problems:
        return None, problems
    return NestWords(doc.name, data["source"], most, tuple(zones), heart["kinds"], heart["targets"],
                     data["heart"]["unguarded"], named), []


def _cover_ratings(doc) -> list[Problem]:
    """The zones' ratings cover 0–100, each rating once."""
    return cover(doc, "ratings", list(range(0, 101)), "the ratings 0–100", rows=("rooms", "zones"))


def _distinct(doc) -> list[Problem]:
    """No two Rooms' rows (the Entrance's included) share a name or a description; no Heart chamber
    takes a Room's name or description."""
    problems, seen = [], {}
    rooms = [(("entrance",), doc.data["entrance"])] + [
        (("rooms", "zones", z, "rows", i), row) for z, zone in enumerate(doc.data["rooms"]["zones"])
        for i, row in enumerate(zone["rows"])]
    for path, row in rooms:
        for key in ("result", "flavour"):
            first = seen.setdefault((key, row[key]), path)
            if first != path:
                problems.append(doc.problem(path + (key,), f"{shown(row[key])} is already at {_dotted(first)}; "
                                                           "each Room's name and description once in a Nest"))
    for target, words in doc.data["heart"]["targets"].items():
        rows = words.get("chambers", {}).get("rows", []) if isinstance(words, dict) else []
        for i, row in enumerate(rows):
            for key in ("result", "flavour"):
                first = seen.get((key, row.get(key))) if isinstance(row, dict) else None
                if first:
                    problems.append(doc.problem(("heart", "targets", target, "chambers", "rows", i, key),
                                                f"{shown(row[key])} is a Room's, at {_dotted(first)}; the Heart's "
                                                "chamber is no Room of the Nest"))
    return problems


def _dotted(path: tuple) -> str:
    return ".".join(map(str, path))


def _heart(doc, tables, jobs: dict, named: dict) -> tuple[dict, list[Problem]]:
    """The Heart's words for every Job kind and every target the Job tables can roll."""
    heart, problems = doc.data["heart"], []
    kinds = {row.result: row.data["then"] for row in jobs["kinds"].rows}
    targets = {row.data["id"]: stem for stem in ("targets-creature", "targets-thing") for row in jobs[stem].rows}
    problems += _same_keys(doc, ("heart", "kinds"), heart["kinds"], list(kinds), "Job kind",
                           f"the results of jobs/kinds.yaml: {', '.join(kinds)}")
    problems += _same_keys(doc, ("heart", "targets"), heart["targets"], list(targets), "target",
                           f"the ids of jobs/targets-*.yaml: {', '.join(targets)}")
    out = {"kinds": {}, "targets": {}}
    for kind, words in heart["kinds"].items():
        if kind not in kinds:
            continue                # (said above)
        found = _validate_value(doc, KIND, words, ("heart", "kinds", kind))
        if not found and kinds.get(kind) == CREATURES and "again" not in words:
            found.append(doc.problem(("heart", "kinds", kind, "again"), "missing; a kind whose target is a creature "
                                                                        "says what becomes of it if the way out meets it again"))
        problems += found
        out["kinds"][kind] = words
    for target, words in heart["targets"].items():
        if target not in targets:
            continue                # (said above)
        at = ("heart", "targets", target)
        found = _validate_value(doc, TARGET, words, at)
        if found:
            problems += found
            continue
        chambers, found = face_table(doc, f"heart-{target}", tables.dice_sizes, at=at + ("chambers",))
        doing, more = face_table(doc, f"doing-{target}", tables.dice_sizes, at=at + ("doing",))
        problems += found + more
        leads = [k for k, then in kinds.items() if then == targets.get(target)]
        problems += _same_keys(doc, at + ("deeds",), words["deeds"], leads, "deed", f"the kinds that pick {target!r}: "
                                                                                      f"{', '.join(leads)}")
        for k, v in words["deeds"].items():
            problems += _validate_value(doc, Str(allow_empty=False, max_len=TEXT), v, at + ("deeds", k))
        if chambers is None or doing is None:
            continue
        worded = Worded.of(chambers)
        heart_rating = tables.levels.extra["heart"]
        top = _features_top(tables, Span(heart_rating, heart_rating))
        spot = _thin_spot(_fits(worded), top, 1)
        if spot:
            problems.append(doc.problem(at + ("chambers", "rows"), f"no row fits a Heart with Area {spot[0]}% and Height "
                                                                   f"{spot[1]}%; give a row without area or height"))
        named[chambers.id], named[doing.id] = chambers, doing
        out["targets"][target] = HeartTarget(worded, doing, dict(words["deeds"]))
    return out, problems


def _validate_value(doc, spec: Spec, value, at: tuple) -> list[Problem]:
    out: list[Problem] = []
    spec.check(value, at, lambda path, message: out.append(doc.problem(path, message)))
    return out


def _same_keys(doc, at: tuple, given, wanted: list[str], what: str, allowed: str) -> list[Problem]:
    """``given`` (a mapping) has exactly the keys ``wanted``: one line for the missing, one per unknown key."""
    if not isinstance(given, dict):
        return [doc.problem(at, f"{shown(given)} is not a mapping")]
    problems = []
    missing = [w for w in wanted if w not in given]
    if missing:
        problems.append(doc.problem(at, f"{', '.join(map(repr, missing))}: missing; every {what} needs its words "
                                        f"(allowed: {allowed})"))
    problems += [doc.problem(at + (k,), f"unknown {what}; allowed: {allowed}") for k in given if k not in wanted]
    return problems
