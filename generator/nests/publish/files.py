"""Writing files so that a run's outputs appear all together or not at all.

Each file is first written under a temporary name beside its target
(``stage``: ``.NAME.<pid>.XXXXXXXX.tmp``); once every file of a run is staged, a
record of them is put in the output folder (``.nests-commit.<pid>``) and all
are renamed into place (``commit``), the record removed last. A run killed on
the way (``kill -9``, a power cut) leaves its record or its staged files; the
next run writing into that folder (``recover``) finishes what the record lists
(the staged files are whole: every one was written before the record was) and
removes staged files no record lists, of runs no longer running: no folder is
left mixing the old outputs with part of the new. Any OSError becomes one line
naming the path.

Ctrl-C waits while a process stages and renames its files (nests.publish.write_files,
``nests.children.ctrl_c_after``): they are all in place, or none is. A command interrupted ends its workers, which may be
writing packets of a batch, then finishes or removes what they left (``tidy``)
in the folders its outputs go to (``note_output``).
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

from nests.errors import NestsError

RECORD = ".nests-commit."
_STAGED = re.compile(r"^\..+\.(\d+)\.[A-Za-z0-9_]{8}\.tmp$")


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
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
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


def commit(staged: list[tuple[str, Path]], folder: Path | None = None) -> list[Path]:
    """Rename each staged file onto its target, under a record in ``folder`` (the output
    folder) that a later run finishes from if this one is killed meanwhile."""
    record = None
    if folder is not None and len(staged) > 1:
        record = folder / f"{RECORD}{os.getpid()}"
        pairs = [[os.path.abspath(tmp), os.path.abspath(path)] for tmp, path in staged]
        tmp, _ = stage(record, json.dumps(pairs).encode("utf-8"))
        _put(tmp, record)
    written = []
    for tmp, path in staged:
        _put(tmp, path)
        written.append(path)
    if record is not None:
        record.unlink(missing_ok=True)
    return written


def _put(tmp: str, path: Path) -> None:
    try:
        os.replace(tmp, path)
    except OSError as err:
        raise _refuse(path, err) from None


def recover(folder: Path, folders: list[Path]) -> None:
    """What runs killed while writing into ``folder`` left: a record's files put in
    place, then staged files of ended runs removed from ``folders`` (this run's)."""
    try:
        records = [p for p in folder.iterdir() if p.name.startswith(RECORD) and p.name[len(RECORD):].isdigit()]
    except OSError:
        return
    for record in records:
        if _running(int(record.name[len(RECORD):])):
            continue
        try:
            pairs = json.loads(record.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            pairs = []
        for tmp, path in pairs:
            if os.path.exists(tmp):
                _put(tmp, Path(path))
        record.unlink(missing_ok=True)
    for place in dict.fromkeys(folders):
        try:
            names = os.listdir(place)
        except OSError:
            continue
        for name in names:
            found = _STAGED.match(name)
            if found and not _running(int(found.group(1))):
                Path(place, name).unlink(missing_ok=True)


def _running(pid: int) -> bool:
    """Whether a process ``pid`` is running (ours or not: a stranger's files are left be)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


_outputs: set[Path] = set()      # the folders this command's outputs go to (its workers' too)


def note_output(folder: Path) -> None:
    _outputs.add(Path(folder))


def tidy() -> None:
    """After Ctrl-C, its workers ended: each output folder as the next run would leave it."""
    for folder in list(_outputs):
        try:
            recover(folder, [folder])
        except (OSError, ValueError, NestsError):
            pass
