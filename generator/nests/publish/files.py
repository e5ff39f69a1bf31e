"""Writing files so that a failure never leaves a half-written file behind.

Each file is first written under a temporary name beside its target
(``stage``); once every file of a run is staged, all are renamed into place
(``commit``). Any OSError becomes one line naming the path.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from nests.errors import NestsError


def _refuse(path: Path, err: OSError) -> NestsError:
    return NestsError(f"{path}: cannot write here: {err.strerror or err}")


def stage(path: Path, data: bytes) -> tuple[str, Path]:
    """Write ``data`` to a temporary file beside ``path``; returns (temporary, target)."""
    path = Path(path)
    if path.is_dir():
        raise NestsError(f"{path}: is a directory; cannot write a file there")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise _refuse(path.parent, err) from None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as err:
        raise _refuse(path.parent, err) from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, 0o644)
    except OSError as err:
        Path(tmp).unlink(missing_ok=True)
        raise _refuse(path, err) from None
    return tmp, path


def commit(staged: list[tuple[str, Path]]) -> list[Path]:
    """Rename each staged file onto its target."""
    written = []
    for tmp, path in staged:
        try:
            os.replace(tmp, path)
        except OSError as err:
            raise _refuse(path, err) from None
        written.append(path)
    return written
