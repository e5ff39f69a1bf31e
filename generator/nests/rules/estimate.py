"""The difficulty estimate's figures, counted over the runs' records (``summarise``).

Every figure is a plain count over ``Estimate.records`` (one ``RunRecord`` per run),
so a reader can check any of them against the records themselves: the Levels
reached (median, 90th percentile, mean, and how many runs stopped at each Level),
the share of runs that reach the Heart and that complete the Job, the share in
which each party member goes down, and the Rooms whose Events dealt the most Wounds.
Chances are percentages with one decimal.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


ENDS = ("job", "heart", "party-down", "no-room", "actions")   # how a session ends, in the order reports list them


def percent(count: int, runs: int) -> float:
    return round(100 * count / runs, 1) if runs else 0.0


def _wilson(count: int, runs: int, z: float) -> tuple[float, float]:
    p = count / runs
    centre = (p + z * z / (2 * runs)) / (1 + z * z / runs)
    half = z * math.sqrt(p * (1 - p) / runs + z * z / (4 * runs * runs)) / (1 + z * z / runs)
    return centre, half


def interval(count: int, runs: int, z: float = 2.0) -> tuple[float, float]:
    """The Wilson score interval of a share seen ``count`` times in ``runs``, in percent (z = 2: about 95%):
    unlike count/runs ± z·sd it stays within 0–100 and is not empty at 0 or all runs."""
    if not runs:
        return 0.0, 100.0
    centre, half = _wilson(count, runs, z)
    return round(100 * max(0.0, centre - half), 1), round(100 * min(1.0, centre + half), 1)


def half_width(count: int, runs: int, z: float = 2.0) -> float:
    """Half the width of ``interval`` before rounding, in points: the estimate's precision."""
    return 100 * _wilson(count, runs, z)[1] if runs else 100.0


def settled(count: int, runs: int, z: float, precision: float, band: tuple[float, float] | None = None) -> bool:
    """Whether an estimate of ``count`` Jobs in ``runs`` sessions may stop playing (a sequential test): its interval
    lies wholly outside ``band`` (the packet is not printed: how far off it is need not be precise), or it is no
    wider than ± ``precision`` points and, with a band, wholly inside it. Otherwise more sessions decide."""
    low, high = interval(count, runs, z)
    if band is not None and (high < band[0] or low > band[1]):
        return True
    return half_width(count, runs, z) <= precision and (band is None or band[0] <= low and high <= band[1])


@dataclass(frozen=True)
class Hurt:
    room: str
    name: str
    level: int
    wounds: int            # over all runs
    per_run: float


@dataclass(frozen=True)
class Estimate:
    runs: int
    actions: int
    records: list              # RunRecord, one per run
    levels: dict[int, int]     # Level reached → runs
    median: int
    p90: int
    mean: float
    heart: float
    job: float
    down: list[tuple[str, str, float]]          # class id, class name, percent
    rooms: list[Hurt]                           # the three that hurt most
    ends: dict[str, float]                      # why runs ended → percent (rules.simulate.ENDS)
    wiped: float                                # runs in which the whole party went down, percent
    target: str | None
    rulings: list[tuple[str, str]]              # (id, text) in rulings.yaml order
    guarded: int = 0                            # fights stopped by combat's guard_rounds (not a rule; should be 0)

    def job_interval(self, z: float = 2.0) -> tuple[float, float]:
        """The Job's share as an interval (``interval``): the estimate's margin."""
        return interval(sum(r.job for r in self.records), self.runs, z)

    def glance(self) -> dict:
        """The figures a packet's glance page prints and its JSON's ``session`` carries."""
        return {"runs": self.runs, "actions": self.actions, "median": self.median, "p90": self.p90, "mean": self.mean,
                "heart_percent": self.heart, "job_percent": self.job,
                "down_percent": {cid: p for cid, _, p in self.down}, "wiped_percent": self.wiped, "ends": dict(self.ends),
                "rooms": [h.room for h in self.rooms]}

    def to_json(self) -> dict:
        return {"runs": self.runs, "actions": self.actions,
                "levels": {"median": self.median, "p90": self.p90, "mean": self.mean,
                           "reached": {str(k): v for k, v in self.levels.items()}},
                "heart_percent": self.heart, "job_percent": self.job, "job_interval": list(self.job_interval()),
                "down_percent": {cid: p for cid, _, p in self.down},
                "rooms": [{"room": h.room, "name": h.name, "level": h.level, "wounds": h.wounds, "per_run": h.per_run}
                          for h in self.rooms],
                "ends": self.ends, "wiped_percent": self.wiped, "guarded_fights": self.guarded,
                "rulings": [r for r, _ in self.rulings]}


def summarise(records: list, game, packet) -> Estimate:
    runs = len(records)
    reached = sorted(r.levels for r in records)
    levels: dict[int, int] = {}
    for n in reached:
        levels[n] = levels.get(n, 0) + 1
    median = reached[runs // 2] if runs else 0
    p90 = reached[min(runs - 1, (runs * 9) // 10)] if runs else 0
    names = {c.character_class.id: c.character_class.name for c in game.characters}
    down = [(cid, names[cid], percent(sum(1 for r in records if cid in r.down), runs)) for cid in names]
    totals: dict[str, int] = {}
    for r in records:
        for room, n in r.wounds.items():
            totals[room] = totals.get(room, 0) + n
    rooms = {room.id: (room.name, room.level) for room in packet.rooms()}
    worst = sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    hurt = [Hurt(room, *rooms.get(room, (room, 0)), n, round(n / runs, 2)) for room, n in worst if n]
    ends = {end: percent(sum(1 for r in records if r.end == end), runs) for end in ENDS}
    wiped = percent(sum(1 for r in records if len(r.down) == len(names)), runs)
    order = list(game.tables.rulings)
    rulings = [(r, game.tables.rulings[r]) for r in sorted(game.used, key=order.index)]
    return Estimate(runs, game.actions, records, dict(sorted(levels.items())), median, p90,
                    round(sum(reached) / runs, 1) if runs else 0.0, percent(sum(r.heart for r in records), runs),
                    percent(sum(r.job for r in records), runs), down, hurt, ends, wiped, game.target, rulings,
                    sum(r.guarded for r in records))
