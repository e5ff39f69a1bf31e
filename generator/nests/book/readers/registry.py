"""The readers by name, each with the file extensions that tell it (see ``nests.book.readers``)."""

from __future__ import annotations

from pathlib import Path

from nests.errors import NestsError, Problem

# name → (module, file extensions)
READERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "nests": ("nests.book.readers.nests", (".raw.txt",)),
    "md": ("nests.book.readers.markdown", (".md", ".markdown")),
    "rst": ("nests.book.readers.rst", (".rst",)),
    "latex": ("nests.book.readers.latex", (".tex",)),
    "xml": ("nests.book.readers.xml", (".xml",)),
    "docbook": ("nests.book.readers.docbook", (".dbk", ".docbook")),
}


def reader_for(path: Path, name: str | None = None) -> str:
    """The reader's name: ``name`` if given, else the one whose extension ends the file's name."""
    if name is not None:
        if name not in READERS:
            raise NestsError(f"unknown markup {name!r}; allowed: {', '.join(READERS)}")
        return name
    for reader, (_, extensions) in READERS.items():
        if any(path.name.lower().endswith(ext) for ext in extensions):
            return reader
    raise NestsError(Problem(f"cannot tell the markup from the file name; give --from {'|'.join(READERS)}",
                             file=str(path)))
