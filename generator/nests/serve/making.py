"""Packets and their files, made in worker processes by the same calls as `nests packet`
(nests.packet, nests.publish.render_all), so that a download is byte for byte what the
command line writes. Two pools of one process each: one for a packet's pages and text
files (a second or less), one for PDFs (seconds), so a PDF being typeset never holds up
a packet's pages, and neither holds up the server's own thread.

A packet is named by its ``spec``: seed, party, depth, Nest, re-rolls (as --reroll writes
them) and difficulty (as --difficulty takes it)."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

# Each download: (the document of the packet's documents, nests.packet.packet_documents: 0 the GQ's
# packet, 1 the party's sheets, 2 the players' handout; its format; the booklet's imposition).
# The server's URLs name these keys, never a file.
FILES = {
    "txt": (0, "txt", None),
    "json": (0, "json", None),
    "pdf": (0, "pdf", None),
    "sheets-txt": (1, "txt", None),
    "sheets-pdf": (1, "pdf", None),
    "handout-txt": (2, "txt", None),
    "handout-pdf": (2, "pdf", None),
    "booklet-pdf": (0, "pdf", "a5"),
}
HANDOUT = 2
PAPER = "a4"            # the command line's default paper
_content = None


def _start(content_dirs: tuple, templates_dir: str | None, nice: int, server: int) -> None:
    """A worker's start: the content loaded and checked once, as `nests packet` does."""
    global _content
    import signal
    import threading

    from nests.setup import setup

    signal.signal(signal.SIGINT, signal.SIG_IGN)        # Ctrl-C is the server's, which ends its workers

    threading.Thread(target=_outlive_no_server, args=(server,), daemon=True).start()
    if nice:
        os.nice(nice)
    _content = setup(content_dirs, templates_dir)


def _outlive_no_server(server: int) -> None:
    """A worker ends when its server does, even a server killed outright (kill -9), which
    cannot tell its workers to stop: no worker is left behind holding memory."""
    import time

    while os.getppid() == server:
        time.sleep(1)
    os._exit(0)


def pools(content_dirs: tuple = (), templates_dir: str | None = None) -> dict[str, ProcessPoolExecutor]:
    """The two pools, started now (each loads the content while the server starts)."""
    import signal

    spawn = multiprocessing.get_context("spawn")       # no fork of a process running threads
    made = {name: ProcessPoolExecutor(1, mp_context=spawn, initializer=_start,
                                      initargs=(content_dirs, templates_dir, nice, os.getpid()))
            for name, nice in (("pages", 0), ("pdf", 5))}
    # Ctrl-C is the server's: each worker starts with it blocked (a new process keeps the mask it
    # is started with), so that one that comes while the worker's interpreter starts, before
    # _start ignores it, is no traceback of the worker's
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        for pool in made.values():
            pool.submit(os.getpid)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)
    return made


def worker_content():
    """The content a worker loaded at its start (serve/campaigning.py's calls read it too)."""
    return _content


def difficulties(content) -> tuple[str, ...]:
    """The difficulties the GQ's form offers: those `nests packet --difficulty` takes, the default first."""
    settings = content.packet.settings["difficulty"]
    return (settings["default"], *(d for d in settings["bands"] if d != settings["default"]))


def _documents(spec: dict, handout: bool, formats, impose: str | None):
    from nests.generators.packet.reroll import parse_reroll
    from nests.packet import packet_documents
    from nests.render.paper import print_width

    rerolls = tuple(parse_reroll(r) for r in spec["rerolls"])
    return packet_documents(_content, spec["seed"], spec["party"], spec["nest"], handout, depth=spec["depth"],
                            formats=formats, rerolls=rerolls, difficulty=spec["difficulty"],
                            print_width=print_width(PAPER, impose))


def packet_file(spec: dict, kind: str) -> tuple[str, bytes]:
    """One download of a packet: its file name and bytes, as `nests packet` writes them."""
    from nests.errors import NestsError
    from nests.publish import file_name, render_all

    try:
        document, fmt, impose = FILES[kind]
        docs = _documents(spec, document == HANDOUT, (fmt,), impose)
        files = render_all([docs[document]], (fmt,), PAPER, impose=impose)
        return file_name(docs[document], fmt), files[0][1]
    except NestsError as err:
        raise ValueError(str(err)) from None


def packet_view(spec: dict) -> dict:
    """What the packet's page shows: each page's text and the codes on it, the map's SVG,
    the glance page's estimate, and the parts that can be re-rolled."""
    from nests.errors import NestsError
    from nests.generators.packet.pages import map_svg
    from nests.generators.packet.reroll import parse_reroll
    from nests.packet import laid_packet
    from nests.text import grid

    try:
        rerolls = tuple(parse_reroll(r) for r in spec["rerolls"])
        packet, laid = laid_packet(_content, spec["seed"], spec["party"], spec["nest"], spec["depth"], rerolls,
                                   spec["difficulty"])
        session = packet.session
    except NestsError as err:
        raise ValueError(str(err)) from None
    rooms = [r.id for r in packet.rooms()]
    return {
        "title": f"Nest Packet {packet.stamp}: {packet.nest_name}",
        "stamp": packet.stamp,
        "pages": [{"text": p.text, "codes": list(p.codes)} for p in laid.pages],
        "svg": map_svg(packet, laid.numbers, columns=grid.Grid(grid.PAGE_WIDTH).TEXT_WIDTH),
        "session": session.to_json(),
        "party_names": list(packet.party_names),
        "parts": {"job": ["job"],
                  "levels": [f"level:{lv.number}" for lv in packet.levels if lv.rooms],
                  "rooms": [f"room:{r}" for r in rooms],
                  "items": [f"item:{i.id}" for i in packet.items]},
    }


def packet_changes(before: dict, after: dict) -> list[dict]:
    """What a re-roll changed, from the two packets' JSON as `nests packet --format json` writes them."""
    import json

    from nests.serve.rerolls import changes

    return changes(json.loads(packet_file(before, "json")[1]), json.loads(packet_file(after, "json")[1]))


def character_pdf(state: dict, stem: str) -> bytes:
    """A character's filled-in sheet as `nests sheet --character FILE --format pdf` makes it."""
    from nests.generators.sheet import character_documents
    from nests.publish import render_all

    docs = character_documents(_content, state, stem)
    return render_all(docs, ("pdf",), PAPER)[0][1]
