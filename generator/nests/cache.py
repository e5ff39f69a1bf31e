"""A per-user cache of work that is the same from run to run (compiled
templates, parsed YAML). Every entry is keyed by the exact bytes it came
from, so a stale entry can never be used; without a writable cache
directory everything still works, only slower."""

from __future__ import annotations

import os
from pathlib import Path


_made: dict[str, Path | None] = {}      # directory → itself once made and writable, else None


def cache_dir(kind: str) -> Path | None:
    """The cache directory of ``kind``, made on first use; asked for every file read, so a
    directory made (or found unusable) once in this process is not made again."""
    base = os.path.join(os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"),
                        "nests-press", kind)
    if base not in _made:
        path = Path(base)
        try:
            path.mkdir(parents=True, exist_ok=True)
            _made[base] = path if os.access(path, os.W_OK) else None
        except OSError:
            _made[base] = None
    return _made[base]
