"""`nests build`: every default output, checked first, then written in one go."""

from __future__ import annotations

from nests.content import Content
from nests.document import Document
from nests.generators.enemy import enemy_documents, enemy_ids
from nests.generators.sheet import sheet_documents

SAMPLE_SEED = 42       # the sample packet: fixed seed, default party
FORMATS = ("txt", "pdf", "json")


def build_documents(content: Content) -> list[Document]:
    """Every default output as documents; any bad input fails here, before a file is written."""
    from nests.generators.packet.tables import packet_tables
    from nests.generators.packet.write import packet_documents

    docs = sheet_documents(content, content.class_ids() + ["template"], "sheets/")
    docs += enemy_documents(content, enemy_ids(content), "enemies/")
    party = packet_tables(content).settings["default_party"]
    docs += packet_documents(content, SAMPLE_SEED, list(party), None, folder="packets/")
    return docs
