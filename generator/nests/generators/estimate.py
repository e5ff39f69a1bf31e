"""The difficulty estimate as a report: ``estimate_report(content, seed, party, nest, depth, runs, fmt)``.

Builds the packet of ``seed`` (as ``nests packet`` would), the party's starting
characters, plays them through it (``nests.rules.simulate``) and renders
templates/simulate.txt.j2, or the figures as JSON."""

from __future__ import annotations

import json

from nests.errors import NestsError
from nests.generators.packet.generate import build_packet
from nests.generators.sheet import character
from nests.rules.simulate import settings_of, simulate

FORMATS = ["txt", "json"]


def check_runs(content, runs: int | None) -> int:
    sim = content.simulate
    if runs is None:
        return sim.runs
    if not 1 <= runs <= sim.most_runs:
        raise NestsError(f"--runs {runs}: give 1 to {sim.most_runs} runs (content/simulate.yaml most_runs)")
    return runs


def party_estimate(content, packet, runs: int):
    """The estimate of ``packet`` for its own party over ``runs`` runs."""
    characters = [character(content, cid) for cid in packet.party]
    return simulate(packet, characters, runs=runs, seed=packet.seed, **settings_of(content, packet))


def estimate_report(content, seed: int, party: list[str], nest: str | None = None, depth: str = "oneshot",
                    runs: int | None = None, fmt: str = "txt", difficulty: str | None = None) -> str:
    if fmt not in FORMATS:
        raise NestsError(f"--format {fmt!r}: allowed: {', '.join(FORMATS)}")
    runs = check_runs(content, runs)
    packet = build_packet(content, seed, party, nest, depth, difficulty=difficulty)
    est = party_estimate(content, packet, runs)
    z = content.packet.settings["session"]["confidence_z"]
    if fmt == "json":
        return json.dumps({"seed": seed, "party": packet.party, "nest": packet.nest, "depth": depth,
                           "difficulty": packet.difficulty, "heart_level": len(packet.levels),
                           **est.to_json(), "job_interval": list(est.job_interval(z))},
                          indent=1, ensure_ascii=False) + "\n"
    from nests.render import render

    return render("simulate.txt.j2", packet=packet, est=est, hours=content.packet.settings["session"]["hours"],
                  depth=depth, interval=est.job_interval(z), guard_rounds=content.simulate.guard_rounds)
