"""`nests build`: every default output, in one go."""

from __future__ import annotations

from nests.content import load_content
from nests.generators.sheet import write_sheets


def build_all(load_content_dirs=(), output: str = "build") -> list:
    content = load_content(load_content_dirs)
    ids = content.class_ids() + ["template"]
    written = write_sheets(content, ids, ("txt", "pdf"), "a4", f"{output}/sheets")
    return written
