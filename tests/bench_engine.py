"""Engine benchmark (not a test): `python -m tests.bench_engine`.

Times 10,000 Food Items and 10,000 Exploration outcomes (every Degree and
Level in turn, resolved) and prints the cost per item.
"""

from __future__ import annotations

import random
import time

from nests.content import load_content
from nests.content.tables import load_tables
from nests.rules.exploration import explore
from nests.rules.food import food_item

N = 10_000


def _time(label: str, make) -> None:
    start = time.perf_counter()
    for i in range(N):
        make(i)
    elapsed = time.perf_counter() - start
    print(f"  {label:<46} {elapsed * 1000:9.1f} ms  for {N:,}: {elapsed / N * 1e6:.1f} µs each")


def main() -> None:
    print("Rules engine (in one process)")
    tables = load_tables(load_content())
    tables.enemies   # load and validate before timing
    rng = random.Random(2024)
    _time("Food Items", lambda i: food_item(rng, tables, i % 101))
    degrees = tables.degrees
    _time("Exploration outcomes", lambda i: explore(rng, tables, degrees[i % 6], i % 101, perception=50))


if __name__ == "__main__":
    main()
