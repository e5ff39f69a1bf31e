"""A per-user cache of work that is the same from run to run (compiled
templates, parsed YAML). Every entry is keyed by the exact bytes it came
from, so a stale entry can never be used; without a writable cache
directory everything still works, only slower."""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(kind: str) -> Path | None:
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "nests-press" / kind
    try:
        base.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return base if os.access(base, os.W_OK) else None
