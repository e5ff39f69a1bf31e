"""`nests build`: every default output, in one go."""

from __future__ import annotations

from nests.content import load_content
from nests.generators.enemy import enemy_ids, write_enemies
from nests.generators.sheet import write_sheets

SAMPLE_SEED = 42       # the sample packet: fixed seed, default party


def build_all(load_content_dirs=(), output: str = "build") -> list:
    from nests.generators.packet.tables import packet_tables
    from nests.generators.packet.write import write_packet

    content = load_content(load_content_dirs)
    written = write_sheets(content, content.class_ids() + ["template"], ("txt", "pdf"), "a4", f"{output}/sheets")
    written += write_enemies(content, enemy_ids(content), ("txt", "pdf"), "a4", f"{output}/enemies")
    party = packet_tables(content).settings["default_party"]
    written += write_packet(content, SAMPLE_SEED, list(party), None, ("txt", "pdf", "json"), "a4", f"{output}/packets")
    return written
