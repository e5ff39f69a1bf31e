"""The rulings that move the odds, measured (issue 36, point 5): ``make sensitivity`` writes the table of
docs/rulings.md.

For each seed (default 1-30), the default party's standard one-shot is built as ``nests packet`` builds it
(a seed no Nest lands: its nearest). Its Job rate is measured over ``--runs`` sessions as the estimate
plays them, then again with each ruling's other reading: the same content but for one setting, given as
a content directory that overrides one file (``--content``), exactly as a homebrewer would. A reading
that changes what the packet prints (``rebuild``) is played on the packet that content makes of the same
Nest at the same depth (the same candidate, the same cut); a reading of the estimate alone is played on
the very packet printed. Nothing here is switched by how a packet plays: each reading holds for every
seed. The mean over the seeds of each column is printed as a Markdown table, with the lowest and the
highest, and written into docs/rulings.md between its two markers.

    python -m tests.packet.sensitivity [--seeds 1-30] [--runs 1000] [--write]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rulings.md"
BEGIN, END = "<!-- measured: begin -->", "<!-- measured: end -->"


@dataclass(frozen=True)
class Reading:
    ruling: str                   # the ruling's id in content/rulings.yaml
    basis: str                    # its basis: quote, silent or house
    ours: str                     # what this project plays
    other: str                    # the reading it sets aside
    file: str                     # the content file the other reading changes
    find: str                     # ... the text it replaces
    put: str                      # ... with this
    rebuild: bool = False         # the other reading changes what the packet prints


# Each a content setting whose other value is the other reading (content/packet.yaml, content/simulate.yaml).
READINGS = [
    Reading("heart-finale", "house", "the Heart's guards and way out rolled at the Level above's rating",
            "rolled at the Heart's own 100%", "packet.yaml", "heart: {rolled_at: above}", "heart: {rolled_at: heart}",
            rebuild=True),
    Reading("sim-flee", "quote", "the party flees a fight that has cost half its Wounds left, or a member",
            "it flees only once a member has fallen", "simulate.yaml",
            "flee_share: 50 ", "flee_share: 100 "),
    Reading("sim-autothysis", "quote", "an Autothyte's Special Attack glues its tunnel shut 60% of the time",
            "every time it goes off (\"creates an Obstacle\")", "simulate.yaml",
            "obstacle_chance: 60}", "obstacle_chance: 100}"),
]

_content = _alternatives = None


def _seeds(text: str) -> list[int]:
    low, _, high = text.partition("-")
    return list(range(int(low), int(high or low) + 1))


def _overlay(reading: Reading, into: Path) -> str:
    """A content directory holding the one file the reading changes."""
    from nests.paths import CONTENT

    text = (CONTENT / reading.file).read_text(encoding="utf-8")
    if text.count(reading.find) != 1:
        raise SystemExit(f"sensitivity: {reading.file} does not hold {reading.find!r} once; update READINGS")
    folder = into / reading.ruling
    folder.mkdir(parents=True)
    (folder / reading.file).write_text(text.replace(reading.find, reading.put), encoding="utf-8")
    return str(folder)


def measure(job: tuple[int, list[str], int]) -> dict:
    """One seed: the Job percent as printed, and with each other reading."""
    from nests.generators.estimate import party_estimate
    from nests.generators.packet.difficulty import NoNestLands
    from nests.generators.packet.generate import assemble, build_packet

    seed, party, runs = job
    try:
        packet = build_packet(_content, seed, party)
    except NoNestLands as miss:
        packet = miss.packet
    out = {"seed": seed, "ours": party_estimate(_content, packet, runs).job}
    for reading, content in zip(READINGS, _alternatives):
        played = packet
        if reading.rebuild:
            played = assemble(content, seed, party, packet.nest, "oneshot", (), packet.difficulty, len(packet.levels),
                              candidate=packet.candidate, sides=len(packet.sides))
        out[reading.ruling] = party_estimate(content, played, runs).job
    return out


def main(argv=None) -> int:
    from nests.content import load_content

    global _content, _alternatives
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seeds", default="1-30")
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--write", action="store_true", help="write the table into docs/rulings.md")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        _content = load_content([])
        _alternatives = [load_content([_overlay(r, Path(tmp))]) for r in READINGS]
        party = list(_content.packet.settings["default_party"])
        jobs = [(seed, party, args.runs) for seed in _seeds(args.seeds)]
        with multiprocessing.get_context("fork").Pool(os.cpu_count() or 1) as pool:
            rows = pool.map(measure, jobs, chunksize=1)

    def cell(key: str) -> str:
        values = [r[key] for r in rows]
        return f"{statistics.mean(values):.1f}% ({min(values):.1f}–{max(values):.1f})"

    seeds = f"{rows[0]['seed']}–{rows[-1]['seed']}"
    table = [f"Measured by `make sensitivity`: seeds {seeds}, party {', '.join(party)}, `--difficulty standard`, "
             f"{args.runs} sessions each; the mean Job rate over the seeds, lowest and highest in brackets. "
             f"As printed: {cell('ours')}.", "",
             "| Ruling | Basis | This project plays | The other reading | Job rate with it | Job rate with the other |",
             "|---|---|---|---|---|---|"]
    for r in READINGS:
        table.append(f"| `{r.ruling}` | {r.basis} | {r.ours} | {r.other} | {cell('ours')} | {cell(r.ruling)} |")
    text = "\n".join(table)
    print(text)
    if args.write:
        doc = DOC.read_text(encoding="utf-8")
        if BEGIN not in doc or END not in doc:
            raise SystemExit(f"sensitivity: {DOC} has no {BEGIN} … {END} markers")
        doc = re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), lambda m: f"{BEGIN}\n{text}\n{END}", doc, flags=re.S)
        DOC.write_text(doc, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
