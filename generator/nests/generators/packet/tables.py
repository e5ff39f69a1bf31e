"""The packet's own content: content/packet.yaml, content/nests/<nest>.yaml, content/jobs/*.yaml.

The die tables reuse the engine's schema pieces and coverage check
(``nests.content.tables``): every face of the die exactly once.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from nests.content.schema import Int, List, Map, Str, validate
from nests.content.tables import FaceTable, face_rows, face_table, load_tables
from nests.errors import NestsError

SETTINGS = Map(required={"default_party": List(Str(allow_empty=False), min_len=1), "default_nest": Str(allow_empty=False),
                         "rooms_per_level": Int(1, 20), "lookups": Int(1, 3), "max_party": Int(1, 20)})
HEAD = {"source": Str(allow_empty=False), "die": Str(allow_empty=False)}
ENTRY = {"result": Str(allow_empty=False, max_len=40), "flavour": Str(allow_empty=False, max_len=80)}
NEST = Map(required={**HEAD, "name": Str(allow_empty=False, max_len=40), "encounters": Str(allow_empty=False),
                     "outside": Str(allow_empty=False, max_len=60),
                     "entrance": Map(required=ENTRY), "rows": face_rows(flavour=Str(allow_empty=False, max_len=80))})
TEXT = {"text": Str(allow_empty=False, max_len=80)}
JOBS = {
    "clients": Map(required={**HEAD, "rows": face_rows(**TEXT)}),
    "kinds": Map(required={**HEAD, "rows": face_rows(verb=Str(allow_empty=False, max_len=30), then=Str(allow_empty=False))}),
    "targets-creature": Map(required={**HEAD, "rows": face_rows(enemy=Str(allow_empty=False), **TEXT)}),
    "targets-thing": Map(required={**HEAD, "rows": face_rows(**TEXT)}),
    "pay": Map(required={**HEAD, "rows": face_rows(**TEXT)}),
    "complications": Map(required={**HEAD, "rows": face_rows(**TEXT)}),
}


class PacketTables:
    """Settings, Nests and Job tables, every problem reported at once."""

    def __init__(self, content):
        self.tables = load_tables(content)
        self.settings = content.checked("packet.yaml", SETTINGS).data
        problems, self.nests, self.jobs = [], {}, {}
        for rel in content.files("nests"):
            doc = content.document(rel)
            found = validate(doc, NEST)
            if not found:
                table, found = face_table(doc, Path(rel).stem, self.tables.dice_sizes)
                if doc.data["encounters"] not in self.tables.encounters:
                    found.append(doc.problem(("encounters",), f"{doc.data['encounters']!r} is not an encounter table; "
                                                              f"known: {', '.join(self.tables.encounters)}"))
                self.nests[Path(rel).stem] = (doc.data, table)
            problems += found
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
        if problems:
            raise NestsError(problems)

    def table(self, stem: str) -> FaceTable:
        """A die table by name, for ``roll_on``: a Job table, or "rooms-<nest>"."""
        if stem.startswith("rooms-"):
            return self.nests[stem[len("rooms-"):]][1]
        return self.jobs[stem]


@lru_cache(maxsize=4)
def _cached(content) -> PacketTables:
    return PacketTables(content)


def packet_tables(content) -> PacketTables:
    return _cached(content)
