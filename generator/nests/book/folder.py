"""What a book may read: the one rule every reader, directive and command that opens
a file goes through (``confined``), and the pictures' lookup (``nests.book.images``)
too. A book reads only inside its own folder, never the network."""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

# An address with a scheme (http:, ftp:, data:…), not a Windows drive letter.
_SCHEME = re.compile(r"^[A-Za-z][\w+.-]+:")


def confined(root: Path, name: str, here: Path | None = None) -> tuple[Path | None, str]:
    """May this book read the file ``name``? The one rule every reader and every
    directive, option or command that opens a file goes through: a book reads only
    inside its own folder ``root`` (resolved: links followed), never the network.

    ``name`` is as the source writes it, relative to the folder ``here`` (the
    root by default); a ``file:`` URL is a path like any other. Returns the file
    (not yet checked to be there) and "", or None and why not, in words that
    finish "… is …" ("outside the book's folder", "on the network")."""
    root = Path(os.path.realpath(root))
    if name.startswith("file:"):
        url = urlparse(name)
        if url.netloc not in ("", "localhost"):
            return None, "on the network"
        name = unquote(url.path)
    elif _SCHEME.match(name):
        return None, "on the network"
    here = Path(os.path.realpath(here)) if here is not None else root
    path = Path(os.path.normpath(os.path.join(here, name)))
    try:
        real = Path(os.path.realpath(path))
    except (OSError, ValueError):              # a loop of links, a NUL in the name
        return None, "outside the book's folder"
    if not _within(real, root):
        return None, "a link leading outside the book's folder" if _within(path, root) else "outside the book's folder"
    return path, ""


def _within(path: Path, root: Path) -> bool:
    return path == root or root in path.parents
