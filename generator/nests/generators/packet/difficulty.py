"""How deep a one-shot's Nest runs (ruling oneshot-depth) and how many Rooms its party starts with (ruling
oneshot-rooms): ``choose_depth(content, party, difficulty, make)``.

The chain of Levels is rolled as always; the one-shot keeps its Levels down to a depth and puts the
Heart below them. With the Entrance alone in the Environment Pool, depths are tried from content/packet.yaml's
deepest up, then again with each more side Room, each screened with a few sessions on its own sub-stream
("difficulty/<depth>", "difficulty/<depth>/<Rooms>"): the first whose Job percent lies well inside the
difficulty's band is kept; else the one in the band nearest its middle, else the closest (of equals, the
fewest Rooms, then the shallowest). A screen plays its sessions in steps and stops early once its interval lies wholly outside
the band (a deep Nest the party never crosses needs few runs to tell). The full estimate (the glance
page's) is played only when printed. Everything here is deterministic from the seed, party, Nest,
difficulty and content.
"""

from __future__ import annotations

from dataclasses import replace

from nests.generators.sheet import character
from nests.rules.dice import substream
from nests.rules.estimate import interval
from nests.rules.simulate import Run, new_game, settings_of

STEP = 20           # a screen's sessions between two looks at its interval
FINALISTS = 3       # when no packet lands, the closest by their screens whose estimates are played to choose


def screen(content, packet, characters, runs: int, band: dict, z: float) -> float:
    """The Job percent of up to ``runs`` sessions of ``packet`` on its depth's sub-stream (and its starting
    Rooms', past the Entrance alone), stopping early once the interval lies outside ``band``."""
    game = new_game(packet, characters, **settings_of(content, packet))
    extra = (f"/{packet.start_rooms}" if packet.start_rooms > 1 else "") + ("/every-row" if packet.every_row else "")
    rng = substream(packet.seed, f"difficulty/{len(packet.levels)}{extra}")
    done = jobs = 0
    while done < runs:
        for _ in range(min(STEP, runs - done)):
            jobs += Run(game, rng).play().job
            done += 1
        low, high = interval(jobs, done, z)
        if high < band["low"] or low > band["high"]:
            break
    return 100 * jobs / done


def off_band(job: float, band: dict) -> float:
    """How far a Job percent lies outside the band (0 inside it)."""
    return max(band["low"] - job, job - band["high"], 0.0)


def choose_depth(content, party: list[str], difficulty: str, make, verify: bool = True):
    """The one-shot packet of this party and difficulty: its Heart at the depth kept (ruling oneshot-depth), the
    Rooms its party starts with (oneshot-rooms) and how its Encounters read (encounter-every-row).
    ``make(depth, every_row=False)`` makes the packet at a depth (generate.assemble); the packet made for the
    one kept is the one returned, not made again.

    The Entrance alone is tried at every depth first, then each more Room. A screen of a few sessions is
    noisy, so a packet is taken at once only when its Job percent lies well inside the band (``screen_margin``
    points from either edge); else, before a Room is added, those of its Rooms whose screens lie in the band,
    nearest its middle first. With ``verify``, a packet is taken only if its glance page's estimate (played then,
    and kept for the page) lands in the band too: a screen of 160 sessions can read 7 points off. If none is
    taken and some packet was too easy, the same again with Encounters that bring every row their roll
    generates, as the rulebook's table reads. When none is taken, the one kept is the closest to the band's
    middle, by its estimate where it was played (of equals, the fewest Rooms, then the shallowest); with
    ``verify``, of the ``FINALISTS`` closest by their screens, the closest by their estimates."""
    pt = content.packet.settings
    band, depths, s = pt["difficulty"]["bands"][difficulty], pt["oneshot_depth"], pt["session"]
    rooms = pt["start_rooms"]
    inner = {"low": band["low"] + s["screen_margin"], "high": band["high"] - s["screen_margin"]}
    middle = (band["low"] + band["high"]) / 2
    characters = [character(content, cid) for cid in party]
    made: dict[tuple[int, bool], object] = {}
    tried = []                                   # (screened Job percent, Rooms, depth, packet)

    def lands(packet) -> bool:
        return not verify or off_band(packet.session.job_percent, band) == 0

    def job_of(packet, screened: float) -> float:
        return packet.session.job_percent if "session" in vars(packet) else screened

    def one_pass(every_row: bool):
        for start in range(rooms["fewest"], rooms["most"] + 1):
            in_band = []
            for depth in range(depths["deepest"], depths["shallowest"] - 1, -1):
                if (depth, every_row) not in made:
                    made[depth, every_row] = make(depth, every_row=every_row)
                if len(made[depth, every_row].levels) < depth:
                    continue                     # a chain no deeper: a shallower depth tries it
                packet = replace(made[depth, every_row], start_rooms=start)
                job = screen(content, packet, characters, s["screen_runs"], band, s["confidence_z"])
                if off_band(job, inner) == 0 and lands(packet):
                    return packet
                if off_band(job, band) == 0:
                    in_band.append((abs(job - middle), packet))
                tried.append((job, start, depth, packet))
            for _, packet in sorted(in_band, key=lambda c: c[0]):
                if lands(packet):
                    return packet
        return None

    kept = one_pass(False)
    if kept is None and any(job_of(p, job) > band["high"] for job, *_, p in tried):
        kept = one_pass(True)
    if kept is not None:
        return kept
    if not tried:
        return replace(make(depths["shallowest"]), start_rooms=rooms["fewest"])

    def scored(job, start, depth, p):
        return off_band(job_of(p, job), band), abs(job_of(p, job) - middle), start, depth, p

    ranked = sorted((scored(*t) for t in tried), key=lambda c: c[:4])
    if verify:                                   # the few closest by their screens, by their estimates
        ranked = sorted((scored(p.session.job_percent, start, depth, p) for *_, start, depth, p in ranked[:FINALISTS]),
                        key=lambda c: c[:4])
    return ranked[0][4]
