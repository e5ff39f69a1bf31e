"""A Sphinx project read as one book: the documents its toctrees name, in place.

Sphinx names a document by its path from the project's folder without its
extension (its docname). A toctree entry is relative to the document that
holds it, or to the project's folder when it starts with ``/``; with
``:glob:``, ``*``, ``?`` and ``[…]`` match docnames (in sorted order, the
holding document left out). The project's folder is the folder of the file
given: nothing outside it is read. A document already in the book is not read
again (a toctree naming its own ancestor would never end).
"""

from __future__ import annotations

import fnmatch
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

SUFFIXES = (".rst", ".txt")
DEEPEST = 24            # documents inside documents: deeper is refused


@dataclass
class Found:
    path: Path | None = None
    docname: str = ""
    why: str = ""
    placeheld: bool = True              # False: the document is in the book anyway (a warning alone)


@dataclass
class Project:
    root: Path                                         # the project's folder, resolved
    main: str                                          # the file given, as the user named it
    parse: object = None                               # (path, shown) → the document's doctree
    reading: list[Path] = field(default_factory=list)
    read: dict[str, Path] = field(default_factory=dict)    # docname → file, every document in the book

    def docname(self, path: Path) -> str:
        return Path(os.path.relpath(path.resolve(), self.root)).with_suffix("").as_posix()

    def shown(self, path: Path) -> str:
        """A document as the user would name it: beside the main file as they gave it."""
        return os.path.normpath(os.path.join(os.path.dirname(self.main), os.path.relpath(path.resolve(), self.root)))

    def target(self, entry: str, here: Path) -> str:
        """A toctree entry's or a :doc: link's docname, from the document ``here``."""
        entry = entry.strip()
        if entry.startswith("/"):
            return os.path.normpath(entry.lstrip("/")).replace(os.sep, "/")
        inside = os.path.relpath(here.resolve().parent, self.root)
        return os.path.normpath(os.path.join(inside, entry)).replace(os.sep, "/")

    def glob(self, entry: str, here: Path) -> list[str]:
        """The docnames a glob entry matches, sorted, without the document that holds it."""
        pattern = self.target(entry, here)
        names = sorted({self.docname(p) for suffix in SUFFIXES for p in self.root.rglob("*" + suffix)
                        if not any(part.startswith((".", "_")) for part in p.relative_to(self.root).parts)})
        return [n for n in names if fnmatch.fnmatchcase(n, pattern) and n != self.docname(here)]

    def find(self, docname: str) -> Found:
        if docname.startswith("../") or docname == ".." or os.path.isabs(docname):
            return Found(docname=docname, why="it is outside the book's folder; not read")
        for suffix in ("",) + SUFFIXES:
            path = self.root / (docname + suffix)
            if path.is_file() and (suffix or path.suffix in SUFFIXES):
                return self._checked(path, docname)
        return Found(docname=docname, why="no such document")

    def _checked(self, path: Path, docname: str) -> Found:
        resolved = path.resolve()
        try:
            resolved.relative_to(self.root)
        except ValueError:
            return Found(docname=docname, why="it leads outside the book's folder; not read")
        if resolved in self.reading:
            return Found(docname=docname, why="it holds this toctree (a loop); not read again", placeheld=False)
        if docname in self.read or resolved == Path(self.main).resolve():
            return Found(docname=docname, why="it is in the book already; not read again", placeheld=False)
        if len(self.reading) > DEEPEST:
            return Found(docname=docname, why=f"documents nested more than {DEEPEST} deep; not read")
        return Found(path=path, docname=docname)

    def document(self, path: Path, docname: str):
        """The doctree of a document the book takes in, parsed with the book's warnings."""
        self.read[docname] = path
        self.reading.append(path.resolve())
        try:
            return self.parse(path, self.shown(path))
        finally:
            self.reading.pop()


def is_glob(entry: str) -> bool:
    return bool(re.search(r"[*?\[]", entry))
