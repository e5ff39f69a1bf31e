"""The Nest packet, for `make bench` (or `python -m tests.bench packet`)."""

from __future__ import annotations

import multiprocessing
import time

from tests.bench import NESTS, Process, Row, Timing, alone, pdf_row, temporary

TITLE = "Nest packet, one-shot depth (seed 42, party wasp, spider, beetle, ants)"
PARTY = ["wasp", "spider", "beetle", "ants"]
MANY = 20


def _txt(seed: int) -> int:
    from nests.content import load_content
    from nests.generators.packet.write import packet_documents

    [document] = packet_documents(load_content(), seed, PARTY, None, False)
    return sum(len(p.text) for p in document.pages)


def rows():
    from nests.content import load_content
    from nests.generators.packet.generate import build_packet
    from nests.generators.packet.write import packet_documents

    content = load_content().check()
    seeds = iter(range(1, 1000))
    yield alone("generation in one process, one seed a round", lambda: build_packet(content, next(seeds), PARTY),
                rounds=20)
    with temporary() as out:
        packet = NESTS + ["packet", "--seed", "42", "--party", ",".join(PARTY), "-o", out]
        yield alone("txt + JSON, whole process", Process(packet + ["--format", "txt", "--format", "json"]),
                    note="the issue's aim: under 2 s on one core")

    def packet():
        return packet_documents(load_content().check(), 42, PARTY, None, False, formats=("pdf",))[0]

    yield pdf_row("one-shot packet PDF, in one process", packet, "content (goal ≤ 1.15×)")

    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        pool.map(_txt, range(MANY))
    yield Row(f"{MANY} packets in plaintext on 2 cores, once", Timing(((time.perf_counter() - start) * 1000,)))
