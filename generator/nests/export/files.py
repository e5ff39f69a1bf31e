"""Writing outputs so that a failure never leaves a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from nests.errors import NestsError


def write_atomic(path: Path, data: bytes | str) -> Path:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place."""
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as err:
        raise NestsError(f"{path.parent}: cannot write here: {err.strerror}") from None
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def write_pages(directory, stem: str, pages: list, formats, title: str, paper: str) -> list[Path]:
    """One document's pages as DIR/<stem>.txt and/or DIR/<stem>.pdf.

    ``pages`` are ``export.pdf.PdfPage`` (its text, and its bookmarks for the
    PDF outline). WeasyPrint is imported only when a PDF is asked for.
    """
    from nests.export.txt import join_pages

    written = []
    if "txt" in formats:
        written.append(write_atomic(Path(directory) / f"{stem}.txt", join_pages([p.text for p in pages])))
    if "pdf" in formats:
        from nests.export.pdf import pdf_bytes

        written.append(write_atomic(Path(directory) / f"{stem}.pdf", pdf_bytes(pages, title=title, paper=paper)))
    return written
