"""Packet benchmark: `python -m tests.bench_packet` prints the figures against the aims."""

import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

from nests.content import load_content
from nests.generators.packet.generate import build_packet

PARTY = ["wasp", "spider", "beetle", "ants"]


def _txt(seed: int) -> int:
    from nests.export.txt import join_pages
    from nests.generators.packet.pages import packet_pages

    content = load_content()
    return len(join_pages([p.text for p in packet_pages(content, build_packet(content, seed, PARTY))]))


def _process(fmt: str) -> float:
    nests = os.path.join(os.path.dirname(sys.executable), "nests")
    with tempfile.TemporaryDirectory() as out:
        args = [nests, "packet", "--seed", "42", "-o", out] + sum((["--format", f] for f in fmt.split("+")), [])
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        return time.perf_counter() - start


def main() -> None:
    content = load_content()
    build_packet(content, 0, PARTY)                      # load and validate content once
    times = []
    for seed in range(1, 21):
        start = time.perf_counter()
        build_packet(content, seed, PARTY)
        times.append(time.perf_counter() - start)
    times.sort()
    print(f"generation, one packet in-process (median of 20): {times[10] * 1000:.1f} ms   (aim < 50 ms)")
    print(f"txt+JSON, whole process (seed 42):                {_process('txt+json'):.2f} s   (aim < 1 s)")
    print(f"PDF, whole process (seed 42):                     {_process('pdf'):.2f} s   (aim < 5 s)")
    start = time.perf_counter()
    with multiprocessing.Pool(2) as pool:
        pool.map(_txt, range(200))
    print(f"200 packets in plaintext on 2 cores:              {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
