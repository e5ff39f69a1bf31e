"""How deep a one-shot's Nest runs (ruling oneshot-depth): ``choose_depth(content, party, difficulty, make)``.

The chain of Levels is rolled as always; the one-shot keeps its Levels down to a depth and puts the
Heart below them. Depths are tried from content/packet.yaml's deepest up, each screened with a few
sessions on its own sub-stream ("difficulty/<depth>"): the first whose Job percent lies well inside the
difficulty's band is kept; else the one in the band nearest its middle, else the closest (of equals, the
shallowest). A screen plays its sessions in steps and stops early once its interval lies wholly outside
the band (a deep Nest the party never crosses needs few runs to tell). The full estimate (the glance
page's) is played only when printed. Everything here is deterministic from the seed, party, Nest,
difficulty and content.
"""

from __future__ import annotations

from nests.generators.sheet import character
from nests.rules.dice import substream
from nests.rules.estimate import interval
from nests.rules.simulate import Run, new_game, settings_of

STEP = 20           # a screen's sessions between two looks at its interval


def screen(content, packet, characters, runs: int, band: dict, z: float) -> float:
    """The Job percent of up to ``runs`` sessions of ``packet`` on its depth's sub-stream, stopping early
    once the interval lies outside ``band``."""
    game = new_game(packet, characters, **settings_of(content, packet))
    rng = substream(packet.seed, f"difficulty/{len(packet.levels)}")
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


def choose_depth(content, party: list[str], difficulty: str, make):
    """The one-shot packet of this party and difficulty with its Heart at the depth kept (ruling oneshot-depth);
    ``make(depth)`` makes the packet at a depth (generate.assemble), and the packet made for the depth kept is
    the one returned, not made again. A screen of a few sessions is noisy, so a depth is taken at once only
    when its Job percent lies well inside the band (``screen_margin`` points from either edge); otherwise the
    depth kept is the one in the band nearest its middle, else the closest to the band."""
    pt = content.packet.settings
    band, depths, s = pt["difficulty"]["bands"][difficulty], pt["oneshot_depth"], pt["session"]
    inner = {"low": band["low"] + s["screen_margin"], "high": band["high"] - s["screen_margin"]}
    middle = (band["low"] + band["high"]) / 2
    characters = [character(content, cid) for cid in party]
    best = None                                  # (how far off, how far from the middle, the packet)
    for depth in range(depths["deepest"], depths["shallowest"] - 1, -1):
        packet = make(depth)
        if len(packet.levels) < depth:
            continue                             # a chain no deeper: a shallower depth tries it
        job = screen(content, packet, characters, s["screen_runs"], band, s["confidence_z"])
        if off_band(job, inner) == 0:
            return packet
        score = (off_band(job, band), abs(job - middle))
        if best is None or score <= best[:2]:    # of equals, the shallowest (the most finishable)
            best = (*score, packet)
    return best[2] if best else make(depths["shallowest"])
