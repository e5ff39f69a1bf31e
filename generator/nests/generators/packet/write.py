"""Writing a packet: DIR/packet-<seed>.txt|.pdf|.json, and the players' handout."""

from __future__ import annotations

from pathlib import Path

from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import packet_pages, handout_pages


def write_packet(content, seed: int, party: list[str], nest: str | None, formats, paper: str, output: str,
                 handout: bool = False):
    """Write the packet in each format; with output "-", return its plaintext instead."""
    from nests.export.files import write_atomic, write_pages
    from nests.export.json import packet_json
    from nests.export.pdf import PdfPage
    from nests.export.txt import join_pages

    packet = build_packet(content, seed, party, nest)
    pages = [PdfPage(p.text, p.bookmarks) for p in packet_pages(content, packet)]
    if output == "-":
        return join_pages([p.text for p in pages])
    title = f"Nest Packet {seed}: {packet['nest_name']}"
    written = write_pages(output, f"packet-{seed}", pages, formats, title, paper)
    if "json" in formats:
        written.append(write_atomic(Path(output) / f"packet-{seed}.json", packet_json(packet)))
    if handout:
        players = [PdfPage(p.text, p.bookmarks) for p in handout_pages(content, packet)]
        # the handout has no JSON of its own: with --format json alone it comes as plaintext
        handout_formats = {"txt"} if "json" in formats and "txt" not in formats else set(formats)
        written += write_pages(output, f"packet-{seed}-players", players, handout_formats,
                               f"{title}: players' handout", paper)
    return written
