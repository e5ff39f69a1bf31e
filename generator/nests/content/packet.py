"""The packet's content, validated: content/packet.yaml, content/nests/<nest>.yaml, content/jobs/*.yaml.

Every problem is reported at once, each as file:line: key: message. The die
tables reuse the engine's coverage check (``face_table``: every face of the
die exactly once). Besides its own files, a packet relies on parts of the
shared tables the engine alone does not check: the nest-levels table's
``first_level`` band, and the encounter rows naming enemies with stat blocks.
(Each event row's ``resolve`` arguments are checked by its procedure's handler
when the tables load: ``nests.rules.procedures``.)
"""

from __future__ import annotations

from pathlib import Path

from nests.content import nest
from nests.content.schema import Int, List, Map, OneOf, Str, validate
from nests.content.tables import FaceTable, face_rows, face_table
from nests.errors import NestsError
from nests.model import Die

SESSION = Map(required={"hours": Str(allow_empty=False, max_len=20), "actions": Int(1, 100), "runs": Int(1, 5000),
                        "screen_runs": Int(1, 5000),
                        "confidence_z": Int(1, 4)})
BAND = Map(required={"low": Int(0, 100), "high": Int(0, 100)})
DIFFICULTY = Map(required={"default": Str(allow_empty=False), "source": Str(allow_empty=False),
                           "bands": Map(required={"easy": BAND, "standard": BAND, "hard": BAND})})
DEPTH = Map(required={"deepest": Int(2, 30), "shallowest": Int(2, 30)})
REACH = Map(required={"rooms": Int(1, 200), "spares": Int(0, 10)}, optional={"per_level": Int(1, 20)})
SETTINGS = Map(required={"default_party": List(Str(allow_empty=False), min_len=1), "default_nest": Str(allow_empty=False),
                         "max_party": Int(1, 20), "session": SESSION,
                         "reach": Map(required={"oneshot": REACH, "full": REACH}),
                         "difficulty": DIFFICULTY, "oneshot_depth": DEPTH,
                         "choice": Map(required={"nests": Int(1, 100)}),
                         "side_rooms": Map(required={"most": Int(0, 10), "tries": Int(0, 100)}),
                         "heart": Map(required={"rolled_at": OneOf(["above", "heart"])})},
               # ruling id → the settings (a part of these) that read the rules as written instead
               optional={"without": Map(optional={"heart-finale": Map(required={
                   "heart": Map(required={"rolled_at": OneOf(["above", "heart"])})})})})
HEAD = {"source": Str(allow_empty=False), "die": Str(allow_empty=False)}
# A Nest's file: its own Room words and Heart (checked by nests.content.nest), and its encounter table.
NEST = Map(required={"source": Str(allow_empty=False), "name": Str(allow_empty=False, max_len=40),
                     "encounters": Str(allow_empty=False), "outside": Str(allow_empty=False, max_len=60),
                     "entrance": Map(required={"result": Str(allow_empty=False, max_len=nest.ROOM_NAME),
                                               "flavour": Str(allow_empty=False, max_len=nest.FLAVOUR)}),
                     "rooms": nest.ROOMS, "heart": nest.HEART})
TEXT = {"text": Str(allow_empty=False, max_len=80)}
# (every key of a Job row is printed or followed: each one is required)
JOBS = {
    "clients": Map(required={**HEAD, "rows": face_rows(needs=TEXT)}),
    "kinds": Map(required={**HEAD, "rows": face_rows(needs={"verb": Str(allow_empty=False, max_len=30),
                                                             "then": Str(allow_empty=False)})}),
    # (a target's id names its words in each Nest's heart.targets)
    "targets-creature": Map(required={**HEAD, "rows": face_rows(needs={"id": Str(allow_empty=False), "enemy": Str(allow_empty=False), **TEXT})}),
    "targets-thing": Map(required={**HEAD, "rows": face_rows(needs={"id": Str(allow_empty=False), **TEXT})}),
    "pay": Map(required={**HEAD, "rows": face_rows(needs=TEXT)}),
    "complications": Map(required={**HEAD, "rows": face_rows(needs=TEXT)}),
}


def _shared_problems(tables) -> list:
    """What a packet needs of the shared tables beyond their own schema."""
    problems = []      # (the first Level's band is checked with the nest-levels table itself)
    for stem, table in tables.encounters.items():
        doc = tables.docs[f"encounters-{stem}"]
        for i, row in enumerate(table.rows):
            if row.id not in tables.enemies:
                problems.append(doc.problem(("rows", i, "id"), f"{row.id!r} has no stat block in content/enemies/; "
                                                                f"known: {', '.join(tables.enemies)}"))
    return problems


class PacketTables:
    """Settings, Nests and Job tables, every problem reported at once."""

    def __init__(self, content):
        self.tables = content.tables
        settings = content.document("packet.yaml")
        problems = validate(settings, SETTINGS)
        self.settings = settings.data
        problems += _shared_problems(self.tables)
        self.nests, self.jobs = {}, {}
        if not problems:
            known = content.class_ids()
            party = self.settings["default_party"]
            problems += [settings.problem(("default_party", i), f"{cid!r} is not a playable class; known: {', '.join(known)}")
                         for i, cid in enumerate(party) if cid not in known]
            # Character Selection: each class at most once, at most max_party of them
            problems += [settings.problem(("default_party", i), f"{cid!r} is named twice; each class at most once")
                         for i, cid in enumerate(party) if cid in party[:i]]
            if len(party) > self.settings["max_party"]:
                problems.append(settings.problem(("default_party",), f"names {len(party)} classes; "
                                                                     f"max_party allows at most {self.settings['max_party']}"))
        for stem, spec in JOBS.items():
            doc = content.document(f"jobs/{stem}.yaml")
            found = validate(doc, spec)
            if not found:
                self.jobs[stem], found = face_table(doc, stem, self.tables.dice_sizes)
            problems += found
            if not found and stem == "kinds":
                problems += [doc.problem(("rows", i, "then"), f"{r['then']!r} is not a target table; allowed: targets-creature, targets-thing")
                             for i, r in enumerate(doc.data["rows"]) if r["then"] not in ("targets-creature", "targets-thing")]
            if not found and stem == "targets-creature":
                problems += [doc.problem(("rows", i, "enemy"), f"{r['enemy']!r} is not an enemy; known: {', '.join(self.tables.enemies)}")
                             for i, r in enumerate(doc.data["rows"]) if r["enemy"] not in self.tables.enemies]
        problems += self._target_ids(content)
        # a Nest's Heart has words for every Job kind and target: checked against Job tables without problems
        problems += self._read_nests(content, jobs_read=not problems)
        if problems:
            raise NestsError(problems)

    def _target_ids(self, content) -> list:
        """Each target's id once over both target tables: a Nest's Heart names its words by it."""
        problems, seen = [], {}
        for stem in ("targets-creature", "targets-thing"):
            if stem not in self.jobs:
                continue
            doc = content.document(f"jobs/{stem}.yaml")
            for i, row in enumerate(doc.data["rows"]):
                if row["id"] in seen:
                    problems.append(doc.problem(("rows", i, "id"), f"{row['id']!r} is already a target's id, in "
                                                                   f"jobs/{seen[row['id']]}.yaml; each id once"))
                seen.setdefault(row["id"], stem)
        return problems

    def _read_nests(self, content, jobs_read: bool) -> list:
        problems = []
        for rel in content.files("nests"):
            doc = content.document(rel)
            found = validate(doc, NEST)
            if not found:
                if doc.data["encounters"] not in self.tables.encounters:
                    found.append(doc.problem(("encounters",), f"{doc.data['encounters']!r} is not an encounter table; "
                                                              f"known: {', '.join(self.tables.encounters)}"))
                if jobs_read:
                    words, more = nest.read_nest_words(doc, self.tables, self.jobs)
                    found += more
                    self.nests[Path(rel).stem] = (doc.data, words)
            problems += found
        if jobs_read and not problems and self.settings["default_nest"] not in self.nests:
            problems.append(content.document("packet.yaml").problem(
                ("default_nest",), f"{self.settings['default_nest']!r} is not a Nest; known: {', '.join(self.nests)}"))
        return problems

    def table(self, stem: str) -> FaceTable:
        """A die table by name, for ``roll_on``: a Job table or a shared table."""
        return self.jobs[stem] if stem in self.jobs else self.tables.table(stem)

    def face_table_of(self, table: str) -> FaceTable | None:
        """The die table a printed roll names (``jobs/pay``, ``nests/termite/rooms-deep``, ``food-colour``…), if it is one."""
        if table.startswith("nests/"):
            nest_id, _, stem = table[len("nests/"):].partition("/")
            return self.nests[nest_id][1].tables.get(stem) if nest_id in self.nests else None
        folder, _, stem = table.rpartition("/")
        if folder == "jobs":
            return self.jobs.get(stem)
        return None if folder else self.tables.face_tables.get(stem)

    def fixed_die(self, table: str) -> bool:
        """Whether the file of the table a roll names fixes its die (a die or an event table), unlike
        Table 27, whose dice depend on the Level, or a stat block's Wounds die."""
        doc = self.tables.docs.get(table)
        return self.face_table_of(table) is not None or (doc is not None and Die.parse(doc.data["die"]) is not None)


