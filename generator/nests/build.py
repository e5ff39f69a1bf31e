"""`nests build`: every default output, in one go."""

from __future__ import annotations

from nests.content import load_content
from nests.generators.sheet import write_sheets

SAMPLE_SEED = 42       # the sample packet: fixed seed, default party


def build_all(load_content_dirs=(), output: str = "build") -> list:
    from nests.generators.packet.tables import packet_tables
    from nests.generators.packet.write import write_packet

    content = load_content(load_content_dirs)
    ids = content.class_ids() + ["template"]
    written = write_sheets(content, ids, ("txt", "pdf"), "a4", f"{output}/sheets")
    party = packet_tables(content).settings["default_party"]
    written += write_packet(content, SAMPLE_SEED, list(party), None, ("txt", "pdf", "json"), "a4", f"{output}/packets")
    return written
