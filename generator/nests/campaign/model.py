"""A campaign as typed data: its record (what the store keeps and the export writes) and where
the party stands after replaying it (what the packet, the story and the page show)."""

from __future__ import annotations

from dataclasses import dataclass, field

from nests.errors import NestsError, Problem

FORMAT = "nests-campaign"        # the export's "format"
VERSION = 1                      # ... and its "version": an import refuses another


@dataclass(frozen=True)
class Campaign:
    """The record: everything else is derived from it and the content. ``party``: (class id, name)
    of each first character, in order; ``entries``: JSON-ready mappings, each with its ``kind``
    (evening, rest, reroll), in the order they happened."""
    name: str
    seed: int
    nest: str
    party: tuple[tuple[str, str], ...]
    entries: tuple[dict, ...] = ()

    @property
    def classes(self) -> list[str]:
        """The first party's classes: the Nest was drawn for them (its Secrets' Chance is their Perception)."""
        return [c for c, _ in self.party]

    @property
    def rerolls(self) -> list[str]:
        return [e["part"] for e in self.entries if e["kind"] == "reroll"]

    def to_json(self) -> dict:
        return {"format": FORMAT, "version": VERSION, "name": self.name, "seed": self.seed, "nest": self.nest,
                "party": [{"class": c, "name": n} for c, n in self.party], "entries": list(self.entries)}


@dataclass
class Mercenary:
    """One character of the campaign: her sheet's state (as `nests character` keeps it) and her story."""
    name: str
    klass: str
    state: dict
    joined: int = 0                    # the evening she joined before (0: from the start)
    died: int | None = None            # the evening she died in
    replaces: str | None = None        # the dead character she took over from
    bid: str | None = None             # a class bid for (ruling campaign-bid)

    @property
    def alive(self) -> bool:
        return self.died is None


@dataclass
class Told:
    """One entry as the story tells it: an evening, a rest or a re-roll."""
    kind: str
    number: int                        # the evening's number (a rest or re-roll: the evening it follows)
    spent: list[str] = field(default_factory=list)
    found: list[str] = field(default_factory=list)
    level: int = 0
    items: list[str] = field(default_factory=list)
    identified: list[str] = field(default_factory=list)
    died: list[str] = field(default_factory=list)
    joined: list[tuple[str, str, str]] = field(default_factory=list)     # (name, class name, replaces)
    lines: list[str] = field(default_factory=list)                      # a rest's changes, a re-roll's part
    job: str | None = None


@dataclass
class Stand:
    """Where the party stands after the entries so far."""
    evenings: int = 0
    pool: list[str] = field(default_factory=list)          # Rooms (and "spare:N" ways) not yet spent, in order found
    spent: list[str] = field(default_factory=list)         # every Room spent, in order: the party's path
    found: list[str] = field(default_factory=list)         # every Room that went in the Pool, in order
    spares_found: dict[int, int] = field(default_factory=dict)   # each Level's spare Rooms found so far
    level: int = 1                                         # the deepest Level reached
    items: list[str] = field(default_factory=list)         # Forms found (I3 …), in order
    identified: list[str] = field(default_factory=list)
    members: list[Mercenary] = field(default_factory=list)
    rested: bool = False                                   # a rest since the last evening
    job: str | None = None                                 # done: the Job completed and brought out
    story: list[Told] = field(default_factory=list)

    def living(self) -> list[Mercenary]:
        return [m for m in self.members if m.alive]

    def member(self, name: str) -> Mercenary | None:
        return next((m for m in self.members if m.name == name and m.alive), None) or \
            next((m for m in reversed(self.members) if m.name == name), None)


class EntryProblem(Exception):
    """A problem with one value of an entry: ``path`` its key path in the entry (a log's reader
    turns it into its file and line, an import into the entry's place in the file)."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path, self.message = path, message


def settings(content) -> dict:
    """content/campaign.yaml, checked: each ruling it lists must be in the rulings."""
    from nests.content.schema import Int, List, Map, OneOf, Str, validate

    doc = content.document("campaign.yaml")
    spec = Map({"source": Str(), "depth": OneOf(["full"]),
                "rest": Map({"heal": Int(0, 100), "hunger": Int(0, 100), "hunger_max": Int(0, 1000),
                             "xp_die": Str(), "raise_die": Str(), "raise_plus": Int(0, 100), "rating_max": Int(1, 1000)}),
                "log": Map({"most_rooms": Int(1, 10_000), "most_items": Int(1, 1000)}),
                "rulings": List(OneOf(list(content.tables.rulings)), min_len=1)})
    problems = validate(doc, spec)
    from nests.model import Die

    for key in ("xp_die", "raise_die"):
        if not problems and Die.parse(doc.data["rest"][key]) is None:
            problems.append(doc.problem(("rest", key), f"{doc.data['rest'][key]!r} is not a die (d100, d10, 1d6 …)"))
    if problems:
        raise NestsError(problems)
    return doc.data


def problem_at(where: str, path: tuple, message: str) -> Problem:
    """A problem of an entry not read from a log (an import): its place in the file as the key."""
    return Problem(message, file=where, key=".".join(str(p) for p in path) or None)
