"""`nests batch`: many packets at once, and what they add up to.

Seeds S, S+1, … are made in a pool of forked processes (one per core; the
content, checked once here, is inherited), each writing its own packet-<seed>
files exactly as `nests packet --seed <seed>` would (the same documents, the
same publish step, each file staged and renamed into place). Each worker hands
back only the packet's CSV row and its roll counts, so memory stays flat however
long the batch. The parent, in seed order, keeps the rows and adds up the
counts, then writes batch-<S>-<N>.csv and stats.json (see
generators/packet/stats.py for what is counted).

A seed whose Nests all miss the difficulty's band is refused by `nests packet` (NoNestLands); in a batch
it writes no packet files, its row describes the nearest Nest the refusal names with ``landed`` 0, and
its rolls are counted like every other seed's: the dice's uniformity does not depend on how they play.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from nests.errors import NestsError
from nests.generators.packet import stats
from nests.generators.packet.difficulty import STEP, NoNestLands
from nests.generators.packet.generate import check_party
from nests.packet import documents_of, laid_packet
from nests.render.paper import print_width


@dataclass(frozen=True)
class Batch:
    """What every packet of the batch shares: all but its seed."""
    content: object
    party: tuple[str, ...]
    nest: str | None
    depth: str
    difficulty: str | None
    formats: tuple[str, ...]
    paper: str
    impose: str | None
    output: str
    stats_only: bool


_batch: Batch | None = None        # set before the pool forks: every worker inherits it


def one_packet(seed: int) -> tuple[dict, Counter]:
    """Make (and, unless --stats-only, write) the packet of ``seed``; its CSV row and roll counts."""
    from nests.publish import render_all, write_files

    b = _batch
    pt = b.content.packet
    width = print_width(b.paper, b.impose)
    # --stats-only counts the pages but prints no glance page: its estimate plays one screening step
    runs = STEP if b.stats_only else None
    drawn: list = []
    try:
        packet, laid = laid_packet(b.content, seed, list(b.party), b.nest, b.depth, (), b.difficulty, runs,
                                   print_width=width, drawn=drawn)
    except NoNestLands as refused:
        if refused.packet is None:          # not one Nest with a printed way: nothing to describe
            raise NestsError(f"seed {seed}: {refused}") from None
        row = {**stats.summary(refused.packet, 0, pt), "landed": 0}
        return row, stats.tally(drawn[0], pt)
    if not b.stats_only:
        documents = documents_of(b.content, packet, laid, formats=b.formats, print_width=width)
        write_files(Path(b.output), render_all(documents, b.formats, b.paper, impose=b.impose))
    # the rolls are counted as first drawn, before a one-shot's depth is chosen by how they play
    return {**stats.summary(packet, len(laid.pages), pt), "landed": 1}, stats.tally(drawn[0], pt)


def _results(seeds: list[int], workers: int) -> Iterator[tuple[dict, Counter]]:
    """Each seed's result, in seed order, from a pool of ``workers`` forked processes (none: here)."""
    if workers < 2:
        for seed in seeds:
            yield one_packet(seed)
        return
    import multiprocessing

    from nests.children import bound_to_parent

    with multiprocessing.get_context("fork").Pool(workers, initializer=bound_to_parent,
                                                  initargs=(os.getpid(),)) as pool:
        yield from pool.imap(one_packet, seeds, chunksize=1)


def run_batch(batch: Batch, seed: int, count: int,
              progress: Callable[[int, int], None] | None = None) -> tuple[list[Path], list[int]]:
    """Make ``count`` packets from ``seed`` on; write the CSV and the stats; the paths of those two and the
    seeds refused (no Nest lands the difficulty's band: no packet written)."""
    from nests.publish import write_files

    global _batch
    pt = batch.content.packet
    check_party(batch.content, list(batch.party))           # a bad party is one line before any fork
    nest = batch.nest or pt.settings["default_nest"]
    if nest not in pt.nests:
        raise NestsError(f"--nest: unknown Nest {nest!r}; known: {', '.join(pt.nests)}")
    batch = Batch(**{**batch.__dict__, "nest": nest})
    if "pdf" in batch.formats and not batch.stats_only:
        from nests.publish.pdf import _import_weasyprint

        _import_weasyprint()            # once, here: every worker inherits it
    _batch = batch
    seeds = list(range(seed, seed + count))
    rows, counts = [], Counter()
    try:
        for done, (row, tally) in enumerate(_results(seeds, min(os.cpu_count() or 1, count)), 1):
            rows.append(row)
            counts.update(tally)
            if progress:
                progress(done, count)
    finally:
        _batch = None
    table = io.StringIO()
    writer = csv.DictWriter(table, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    summary = json.dumps(stats.table_stats(counts, pt), ensure_ascii=False, indent=1) + "\n"
    refused = [row["seed"] for row in rows if not row["landed"]]
    return write_files(Path(batch.output), [(f"batch-{seed}-{count}.csv", table.getvalue().encode("utf-8")),
                                            ("stats.json", summary.encode("utf-8"))]), refused
