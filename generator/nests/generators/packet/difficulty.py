"""Which Nest a one-shot prints, and how deep (rulings oneshot-choice, oneshot-depth, oneshot-side-rooms):
``choose_nest``.

The rules are the same for every packet; a difficulty is reached by the choices the rules leave to
whoever writes an adventure, each stated on the glance page: how deep the one-shot's Nest runs (its
Heart below Level 1 to 6) and which of the Nests drawn from the seed's own streams is printed
("nest-1/…", "nest-2/…": content/packet.yaml ``choice.nests`` of them at most). Only a Nest with a
printed way from the Entrance to the Heart is printed (dungeon.way_through). Each one tried is screened
with a few sessions on its own sub-stream ("difficulty/<Nest>/<depth>"), played in steps and stopped
once the interval lies wholly inside or outside the band (a sequential test against the band's edges);
the glance page's estimate is played for the packet kept. When no Nest lands, the ones too hard by the
least are tried again with hand-crafted side Rooms in the party's Pool from the start (ruling
oneshot-side-rooms, sub-stream "difficulty/<Nest>/<depth>/<sides>"); when still none does,
``NoNestLands`` names the nearest one found. Everything here is deterministic from the seed, party, Nest kind, difficulty and
content.
"""

from __future__ import annotations

from nests.errors import NestsError
from nests.generators.sheet import character
from nests.rules.dice import substream
from nests.rules.estimate import interval
from nests.rules.simulate import Run, new_game, settings_of

STEP = 20           # a screen's sessions between two looks at its interval
FINALISTS = 3       # screens that land, checked by their full estimate before one is kept


class NoNestLands(NestsError):
    """No Nest drawn from the seed lands the Job in the difficulty's band: the nearest is named (and kept, as
    ``packet``, for the batch's statistics and the tests)."""

    def __init__(self, message: str, packet=None):
        super().__init__(message)
        self.packet = packet

    def __reduce__(self):
        # Sent from a batch's worker to its parent as its message alone: a packet holds its estimate's closure.
        return NoNestLands, (str(self),)


def screen(content, packet, characters, runs: int, band: dict, z: float) -> float:
    """The Job percent of up to ``runs`` sessions of ``packet`` on its own sub-stream, stopping early once the
    interval lies wholly inside ``band`` or wholly outside it."""
    game = new_game(packet, characters, **settings_of(content, packet))
    sides = f"/{len(packet.sides)}" if packet.sides else ""
    rng = substream(packet.seed, f"difficulty/{packet.candidate}/{len(packet.levels)}{sides}")
    done = jobs = 0
    while done < runs:
        for _ in range(min(STEP, runs - done)):
            jobs += Run(game, rng).play().job
            done += 1
        low, high = interval(jobs, done, z)
        if high < band["low"] or low > band["high"] or (low >= band["low"] and high <= band["high"]):
            break
    return 100 * jobs / done


def off_band(job: float, band: dict) -> float:
    """How far a Job percent lies outside the band (0 inside it)."""
    return max(band["low"] - job, job - band["high"], 0.0)


def choose_nest(content, party: list[str], difficulty: str, make, verify: bool = True):
    """The one-shot packet of this party and difficulty. ``make(candidate, depth)`` makes the packet of the
    seed's Nest number ``candidate`` with its Heart at ``depth`` (generate.assemble); the packet made for the
    one kept is returned, not made again. Nests are drawn in turn; of each, every depth from the shallowest;
    a packet whose screen lands in the band is kept when (with ``verify``) its glance page's estimate lands
    too. When none does, ``NoNestLands`` names the nearest by its estimate."""
    pt = content.packet.settings
    band, depths, s = pt["difficulty"]["bands"][difficulty], pt["oneshot_depth"], pt["session"]
    nests = pt["choice"]["nests"]
    characters = [character(content, cid) for cid in party]
    # (how far off, candidate, depth, side Rooms, screened): a packet is not kept while others are tried (a seed
    # may try dozens), the nearest is made again when it is named
    near = []

    def again(candidate: int, depth: int, count: int, screened: float):
        packet = make(candidate, depth, sides=count)
        packet.screened, packet.drawn, packet.choice_of = screened, candidate + 1, nests
        return packet

    def job_of(packet) -> float:
        return packet.session.job_percent if verify else packet.screened

    # A deeper Heart is further to go: the Job is done less often. Each Nest's depths are tried from the
    # end nearer the band (the shallowest first for a band that reaches 100%), and once one misses on the
    # far side (too hard going deeper, too easy going shallower) that Nest's further depths are passed over.
    # Tried from the deepest, a Nest is screened at its shallowest first: too hard there, it is too hard at
    # every depth and passed over (most Nests a seed draws are; issue 38: their deeper screens cost the most).
    order = list(range(depths["deepest"], depths["shallowest"] - 1, -1))
    shallow_first = band["high"] >= 100
    if shallow_first:
        order.reverse()
    for candidate in range(nests):
        tried: dict[int, object] = {}

        def trial(depth: int):
            # the packet of this Nest and depth, screened (None: no such depth or no printed way), made once
            if depth not in tried:
                packet = make(candidate, depth)
                if len(packet.levels) < depth or not packet.way:
                    packet = None                # a chain no deeper, or no printed way to the Heart: never printed
                else:
                    packet.screened = screen(content, packet, characters, s["screen_runs"], band, s["confidence_z"])
                    packet.drawn, packet.choice_of = candidate + 1, nests
                    near.append((off_band(packet.screened, band), candidate, depth, 0, packet.screened))
                tried[depth] = packet
            return tried[depth]

        if not shallow_first:
            probe = trial(order[-1])
            if probe is not None and probe.screened < band["low"]:
                continue
        for depth in order:
            packet = trial(depth)
            if packet is None:
                continue
            if off_band(packet.screened, band) == 0 and off_band(job_of(packet), band) == 0:
                return packet
            if (packet.screened < band["low"]) if shallow_first else (packet.screened > band["high"]):
                break                            # further depths of this Nest lie further off
    # Ruling oneshot-side-rooms: no Nest landed. Those too hard by the least are made again with 1, 2, … hand-
    # crafted side Rooms in the party's Pool from the start (fewer first), each screened as before.
    sides = pt["side_rooms"]
    harder = sorted((c for c in near if c[4] < band["low"]), key=lambda c: c[:3])[:sides["tries"]]
    for count in range(1, sides["most"] + 1):
        for _, candidate, depth, _, _ in harder:
            packet = make(candidate, depth, sides=count)
            packet.screened = screen(content, packet, characters, s["screen_runs"], band, s["confidence_z"])
            packet.drawn, packet.choice_of = candidate + 1, nests
            if off_band(packet.screened, band) == 0 and off_band(job_of(packet), band) == 0:
                return packet
            near.append((off_band(packet.screened, band), candidate, depth, count, packet.screened))
    if not near:
        raise NoNestLands(f"--difficulty {difficulty}: none of the {nests} Nests this seed draws has a printed way "
                          f"from the Entrance to the Heart at depths {depths['shallowest']}–{depths['deepest']}; "
                          "try another seed")
    near.sort(key=lambda c: c[:4])
    finalists = [again(*c[1:]) for c in near[:FINALISTS]]
    packet = min(finalists, key=lambda p: (off_band(job_of(p), band), p.candidate, len(p.levels), len(p.sides)))
    raise NoNestLands(f"--difficulty {difficulty}: no Nest of the {nests} this seed draws lands the Job in "
                      f"{band['low']}–{band['high']}% of sessions; the nearest is Nest {packet.candidate + 1} with its "
                      f"Heart at Level {len(packet.levels)}, the Job done in {job_of(packet):.1f}%; try another seed "
                      "or difficulty", packet=packet)


def choose_full(content, make):
    """A full-depth packet (a campaign's Nest, every Level of the chain): the first Nest the seed draws with a
    printed way from the Entrance to the Heart, else the seed's first."""
    nests = content.packet.settings["choice"]["nests"]
    first = None
    for candidate in range(nests):
        packet = make(candidate, None)
        packet.drawn = candidate + 1
        if packet.way:
            return packet
        first = first or packet
    return first
