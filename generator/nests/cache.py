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


def keep(path: Path, data: bytes) -> None:
    """An entry written whole: under a name of its own, then renamed onto ``path``, so that a
    run ended meanwhile (Ctrl-C, kill) or another writing the same entry leaves no half of one.
    Raises OSError when it cannot be written (the caller goes on without it)."""
    import tempfile

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
