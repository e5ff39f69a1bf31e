"""Do a batch's observed frequencies agree with its tables' exact odds? A chi-squared test per table.

``python -m tests.packet.stats_check DIR`` reads DIR/stats.json (written by
`nests batch`) and prints one line per table with its statistic and p-value;
it exits 1 when any table's p-value is at most 0.001. `make stats-check` runs it
on a batch of 2,000 packets; test_batch.py runs it on a smaller one.
"""

from __future__ import annotations

import json
import math
import sys
from fractions import Fraction
from pathlib import Path

P_MIN = 0.001


def p_value(statistic: float, freedom: int) -> float:
    """The chance of a chi-squared statistic at least this large by luck alone (Wilson–Hilferty:
    the cube root of chi-squared over its degrees of freedom is nearly normal)."""
    if freedom <= 0:
        return 1.0
    mean, spread = 1 - 2 / (9 * freedom), math.sqrt(2 / (9 * freedom))
    z = ((statistic / freedom) ** (1 / 3) - mean) / spread
    return 0.5 * math.erfc(z / math.sqrt(2))


def chi_squared(entry: dict) -> tuple[float, int] | None:
    """The statistic and its degrees of freedom over a table's results (results too rare for the test
    at this total, expected fewer than 5 times, are pooled); None when under two cells remain."""
    total = entry["total"]
    cells, pooled = [], [0, 0.0]
    for result in entry["results"].values():
        expected = float(Fraction(result["probability"]) * total)
        if expected >= 5:
            cells.append((result["observed"], expected))
        else:
            pooled[0] += result["observed"]
            pooled[1] += expected
    if pooled[1] >= 5:
        cells.append((pooled[0], pooled[1]))
    elif cells and pooled[1] > 0:
        last = cells.pop()
        cells.append((last[0] + pooled[0], last[1] + pooled[1]))
    if len(cells) < 2:
        return None
    return sum((o - e) ** 2 / e for o, e in cells), len(cells) - 1


def check(stats: dict) -> list[tuple[str, float, int, float]]:
    """(table, statistic, freedom, p) for every table with enough rolls to test."""
    out = []
    for table, entry in stats["tables"].items():
        found = chi_squared(entry)
        if found:
            statistic, freedom = found
            out.append((table, statistic, freedom, p_value(statistic, freedom)))
    return out


def main(directory: str) -> int:
    rows = check(json.loads((Path(directory) / "stats.json").read_text(encoding="utf-8")))
    for table, statistic, freedom, p in rows:
        print(f"{table:32} chi2 {statistic:9.2f}  df {freedom:4}  p {p:.4f}{'  FAIL' if p <= P_MIN else ''}")
    failed = [r for r in rows if r[3] <= P_MIN]
    print(f"{len(rows)} tables tested, {len(failed)} below p = {P_MIN}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
