"""Writing a packet: DIR/packet-<seed>.txt|.pdf|.json, and the players' handout."""

from __future__ import annotations

from pathlib import Path

from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import packet_pages, handout_pages


def _pdf(pages, title: str, paper: str) -> bytes:
    from nests.export.pdf import PdfPage, pdf_bytes

    return pdf_bytes([PdfPage(p.text, p.bookmarks) for p in pages], title=title, paper=paper)


def write_packet(content, seed: int, party: list[str], nest: str | None, formats, paper: str, output: str,
                 handout: bool = False):
    """Write the packet in each format; with output "-", return its plaintext instead."""
    from nests.export.files import write_atomic
    from nests.export.json import packet_json
    from nests.export.txt import join_pages

    packet = build_packet(content, seed, party, nest)
    pages = packet_pages(content, packet)
    if output == "-":
        return join_pages([p.text for p in pages])
    out, written = Path(output), []
    title = f"Nest Packet {seed}: {packet['nest_name']}"
    if "txt" in formats:
        written.append(write_atomic(out / f"packet-{seed}.txt", join_pages([p.text for p in pages])))
    if "pdf" in formats:
        written.append(write_atomic(out / f"packet-{seed}.pdf", _pdf(pages, title, paper)))
    if "json" in formats:
        written.append(write_atomic(out / f"packet-{seed}.json", packet_json(packet)))
    if handout:
        players = handout_pages(content, packet)
        if "txt" in formats or "json" in formats:
            written.append(write_atomic(out / f"packet-{seed}-players.txt", join_pages([p.text for p in players])))
        if "pdf" in formats:
            written.append(write_atomic(out / f"packet-{seed}-players.pdf", _pdf(players, f"{title}: players' handout", paper)))
    return written
