"""Re-rolling one part of a packet: ``--reroll room:3.2`` (also ``level:4``, ``item:I7``, ``job``).

Every part of a packet draws from its own named sub-stream of the seed
(``Streams``). Re-rolling a part renames the sub-streams of that part alone
(``level-3/room-2`` becomes ``level-3/room-2+room:3.2@1``), so that part is drawn
anew while every other part draws exactly what it drew before. ``@N`` (default
1) picks the N-th re-roll of the part, so any re-rolled packet can be made again
from its stamp, ``42+room:3.2@1``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from nests.errors import NestsError
from nests.rules.dice import substream

# (numbers of at most nine digits: a longer one names no part, and would be slow to read)
_PART = re.compile(r"^(?:(room):(\d{1,9}\.\d{1,9})|(level):(\d{1,9})|(item):(I\d{1,9})|(job))(?:@(\d+))?$")
MOST_TIMES = 999_999_999         # @N: as many re-rolls of one part as there are seeds
FORMS = ("room:LEVEL.ROOM (room:3.2), level:N, item:IN (item:I7) or job, each with @N "
         f"(1 to {MOST_TIMES}) to pick another re-roll")


@dataclass(frozen=True)
class Reroll:
    kind: str            # room, level, item or job
    target: str          # "3.2", "4", "I7"; "" for the Job
    times: int           # which re-roll of the part: 1, 2, …

    @property
    def part(self) -> str:
        return f"{self.kind}:{self.target}" if self.target else self.kind

    @property
    def file_part(self) -> str:
        """The part as a file name may hold it (no colon)."""
        return f"{self.kind}-{self.target}@{self.times}" if self.target else f"{self.kind}@{self.times}"

    def __str__(self) -> str:
        return f"{self.part}@{self.times}"


# A file's name holds 255 bytes; the longest ending a packet's stem is given is "-players.pdf".
LONGEST_STEM = 200


def file_stem(seed: int, rerolls: tuple[Reroll, ...] = ()) -> str:
    """The packet's files' name before its ending: ``packet-42+room-3.2@1``, every part re-rolled.
    Past ``LONGEST_STEM`` characters the parts that do not fit are counted, with a hash of the
    whole name so that two packets never share one (``packet-42+job@1+…+5-more-1a2b3c4d``): the
    first page's Rebuild line and the JSON's stamp still list every part."""
    stem = f"packet-{seed}" + "".join(f"+{r.file_part}" for r in rerolls)
    if len(stem) <= LONGEST_STEM:
        return stem
    digest = hashlib.sha256(stem.encode()).hexdigest()[:8]
    listed = f"packet-{seed}"
    for k, r in enumerate(rerolls):
        if len(f"{listed}+{r.file_part}+{len(rerolls) - k - 1}-more-{digest}") > LONGEST_STEM:
            return f"{listed}+{len(rerolls) - k}-more-{digest}"
        listed += "+" + r.file_part
    return listed                   # (not reached: the whole stem was too long)


def parse_reroll(text: str) -> Reroll:
    m = _PART.match(text.strip())
    if not m or (m.group(8) is not None and (len(m.group(8).lstrip("0")) > len(str(MOST_TIMES))
                                             or not 1 <= int(m.group(8)) <= MOST_TIMES)):
        raise NestsError(f"--reroll {text!r}: not a part of the packet; give {FORMS}")
    kind = next(g for g in (m.group(1), m.group(3), m.group(5), m.group(7)) if g)
    target = m.group(2) or m.group(4) or m.group(6) or ""
    return Reroll(kind, target, int(m.group(8) or 1))


class Streams:
    """The packet's named random sub-streams of one seed; a re-rolled part's are drawn anew. The Nest
    drawn ``candidate``-th of a seed (ruling oneshot-choice) draws its Levels, Rooms and Heart on
    sub-streams of its own ("nest-2/levels"), its Job too (an adventure is a Nest and a Job); the Item Key
    is the seed's, whichever Nest."""

    NEST_PARTS = ("levels", "room/", "heart", "spare-", "job")

    def __init__(self, seed: int, rerolls: tuple[Reroll, ...] = (), candidate: int = 0):
        self.seed, self.candidate = seed, candidate
        self.rerolls = {r.part: r for r in rerolls}
        if len(self.rerolls) < len(rerolls):
            raise NestsError("--reroll names the same part twice; re-roll each part once (pick another with @N)")

    def __call__(self, name: str, *parts: str):
        """The sub-stream ``name``, which belongs to ``parts`` (a Room to its Room and its Level)."""
        for part in parts:
            if part in self.rerolls:
                name = f"{name}+{self.rerolls[part]}"
        if self.candidate and name.startswith(self.NEST_PARTS):
            name = f"nest-{self.candidate}/{name}"
        return substream(self.seed, name)

    def check(self, packet) -> None:
        """Every re-rolled part exists in ``packet`` (as first rolled): a keyed Room or Level, an Item Form."""
        rooms = [r.id for r in packet.rooms()]
        keyed = [lv.number for lv in packet.levels if lv.rooms]
        items = len(packet.items)
        for r in self.rerolls.values():
            if r.kind == "room" and r.target not in rooms:
                raise NestsError(f"--reroll {r.part}: no such Room is keyed in this packet; keyed: {', '.join(rooms)}")
            if r.kind == "level" and int(r.target) not in keyed:
                where = f"keyed Levels: {', '.join(map(str, keyed))}" if int(r.target) <= len(packet.levels) \
                    else f"the chain has {len(packet.levels)} Levels"
                raise NestsError(f"--reroll {r.part}: Level {r.target} has no keyed Room in this packet; {where}")
            if r.kind == "item" and not 1 <= int(r.target[1:]) <= items:
                raise NestsError(f"--reroll {r.part}: the Item Key holds I1 to I{items}")
