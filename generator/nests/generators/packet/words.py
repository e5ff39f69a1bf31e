"""A packet's Room words: each keyed Room's name and description, drawn in the order the key prints
them (Level by Level, Room by Room) so that no two Rooms of a packet share either, fitting the Room's depth and the Features it has rolled.

How a name is drawn (the How-to page says it in a sentence, templates/packet/howto.txt.j2): roll the
die of the Room's depth zone (content/nests/<nest>.yaml ``rooms.zones``, by its Level's rating); take
the row of that face unless an earlier Room of the packet has it, or the Room's Area or Height falls
outside the row's ``area``/``height``: then the next row down, from the top after the last. A zone
with no row left that fits is passed over for the nearest zone (deeper first), whose die is rolled
instead. The printed roll is that one roll, on the table it names (``nests/<nest>/rooms-<zone>``), and
its ``result`` the name taken: anyone with the content and the Rooms before can re-derive it. The
Features are never re-rolled to suit the words.

A re-rolled packet (reroll.py) keeps the words of every Room the re-roll leaves alone, whatever the
re-rolled Rooms draw before them: those rows are held from the start, and a Room not re-rolled takes
its own again, with the roll it printed first (its stream is unchanged).

The Nest's file promises (``rooms.most``, checked when it loads) that at least that many Rooms are
named apart whatever their Features; a one-shot keys fewer. Only a Nest keyed deeper than all its rows
reach (a campaign's full depth of some 50 Levels) finds none left: then the tables start over, every
row free again, and the How-to says so.
"""

from __future__ import annotations

from nests.errors import NestsError
from nests.generators.packet.model import Rolled


class RoomWords:
    """Called once per keyed Room, in the order the key prints the Rooms; never gives a name or a description twice."""

    def __init__(self, pt, nest_id: str, held: dict[str, tuple] | None = None):
        self.nest_id = nest_id
        self.nest = pt.nests[nest_id][0]
        self.words = pt.nests[nest_id][1]          # content.nest.NestWords
        self.taken: set[tuple[int, int]] = set()    # (zone, row) given to a Room of this packet
        # a re-rolled packet's Rooms left alone: path → (name, flavour, roll), their rows held for them alone
        self.held = dict(held or {})
        self.kept = {(z, i) for name, flavour, _ in self.held.values() for z, zone in enumerate(self.words.zones)
                     for i, row in enumerate(zone.words.table.rows)
                     if row.result == name and row.data["flavour"] == flavour}
        self.taken |= self.kept

    def entrance(self) -> tuple[str, str, None]:
        """The Entrance's fixed words (the Nest's ``entrance``): no roll; no zone row has them (content.nest)."""
        return self.nest["entrance"]["result"], self.nest["entrance"]["flavour"], None

    def draw(self, rng, rating: int, area: int, height: int, path: str | None = None) -> tuple[str, str, Rolled | None]:
        """(name, flavour, the name's roll) for a Room at a Level of ``rating`` with these Features;
        never a name or flavour given before, while the tables have a fitting row left. ``path``: the
        Room's place, when its words may be held for it (a re-roll leaves it alone)."""
        if path in self.held:
            return self.held[path]
        found = self._draw(rng, rating, area, height)
        if found is None:           # every fitting row is taken: the tables start over
            self.taken = set(self.kept)
            found = self._draw(rng, rating, area, height)
        if found is None:           # (content.nest checks every Area and Height a Level can roll)
            raise NestsError(f"{self.words.file}: rooms: no row fits a Room at {rating}% with Area {area}% and "
                             f"Height {height}%; give its zone a row without area or height")
        return found

    def _draw(self, rng, rating: int, area: int, height: int) -> tuple[str, str, Rolled] | None:
        for z in self.words.zone_order(rating):
            zone = self.words.zones[z]

            def free(i: int, z=z, zone=zone) -> bool:
                return (z, i) not in self.taken and zone.words.fits(i, area, height)

            if not any(free(i) for i in range(len(zone.words.table.rows))):
                continue            # (no roll is made on a zone that has nothing left to give)
            table = zone.words.table
            face = table.die.roll(rng)
            i = zone.words.walk(face, free)
            self.taken.add((z, i))
            row = table.rows[i]
            return row.result, row.data["flavour"], Rolled(table.die.name, face, f"nests/{self.nest_id}/{table.id}",
                                                           table.source, result=row.result)
        return None
