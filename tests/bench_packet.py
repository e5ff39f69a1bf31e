"""Packet speed and memory (not a test); part of `make bench`, or alone: `python -m tests.bench_packet`."""

import multiprocessing
import statistics
import tempfile
import time

from nests.content import load_content
from nests.generators.packet.generate import build_packet
from tests.bench import NESTS, process, row

PARTY = ["wasp", "spider", "beetle", "ants"]


def _txt(seed: int) -> int:
    from nests.publish.txt import join_pages
    from nests.generators.packet.pages import packet_pages

    content = load_content()
    return len(join_pages([p.text for p in packet_pages(content, build_packet(content, seed, PARTY))]))


def main() -> None:
    print("Nest packet (seed 42, party wasp, spider, beetle, ants)")
    content = load_content()
    build_packet(content, 0, PARTY)                      # load and validate content once
    times = []
    for seed in range(1, 21):
        start = time.perf_counter()
        build_packet(content, seed, PARTY)
        times.append((time.perf_counter() - start) * 1000)
    row("generation in-process, median of 20 seeds", statistics.median(times), 50.0, note="vs the aim")
    with tempfile.TemporaryDirectory() as out:
        packet = NESTS + ["packet", "--seed", "42", "--party", ",".join(PARTY), "-o", out]
        ms, mib = process(packet + ["--format", "txt", "--format", "json"], runs=3)
        row("txt + JSON, whole process", ms, 1000.0, note=f"vs the aim; peak {mib:.0f} MiB")
        ms, mib = process(packet + ["--format", "pdf"], runs=1)
        row("PDF, whole process", ms, 5000.0, note=f"vs the aim; peak {mib:.0f} MiB")
    start = time.perf_counter()
    with multiprocessing.Pool(2) as pool:
        pool.map(_txt, range(200))
    row("200 packets in plaintext on 2 cores", (time.perf_counter() - start) * 1000)


if __name__ == "__main__":
    main()
