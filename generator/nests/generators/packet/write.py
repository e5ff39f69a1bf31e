"""A packet as documents: packet-<seed> (txt, pdf, json) and the players' handout."""

from __future__ import annotations

from nests.document import Document, File, Page
from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import packet_pages, handout_pages


def packet_documents(content, seed: int, party: list[str], nest: str | None, handout: bool = False,
                     folder: str = "") -> list[Document]:
    """The packet (txt, pdf, json) and, with ``handout``, packet-<seed>-players (txt, pdf)."""
    from nests.publish.json import packet_json

    packet = build_packet(content, seed, party, nest)
    title = f"Nest Packet {seed}: {packet['nest_name']}"
    stem = f"{folder}packet-{seed}"
    docs = [Document(stem, title, [Page(p.text, p.bookmarks) for p in packet_pages(content, packet)],
                     {"json": File(f"{stem}.json", packet_json(packet))})]
    if handout:
        docs.append(Document(f"{stem}-players", f"{title}: players' handout",
                             [Page(p.text, p.bookmarks) for p in handout_pages(content, packet)]))
    return docs
