"""One reader per markup, registered by name and chosen by file extension or ``--from``.

A reader is a module with ``read(text: str, shown: str, path: Path) -> Book``:
``text`` is the source, ``shown`` the path as the user gave it (for warnings),
``path`` the file itself (to look for what it includes); a markup whose files
name their own encoding (XML) has ``read_bytes(raw: bytes, shown, path)``
instead. Reader modules are imported only when used: their parsers are heavy.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from nests.book.model import Book
from nests.book.readers.common import book_bytes
from nests.book.readers.registry import READERS, reader_for  # noqa: F401  (the readers, by name)
from nests.errors import NestsError, Problem


def read_book(source: str | list[str], name: str | None = None) -> Book:
    """The book at ``source``, read by the reader ``name`` or the one its extension names;
    a book in many files (several sources, a folder, mkdocs.yml, book.toml, SUMMARY.md) is
    read whole, each file by its own reader (``nests.book.readers.many``)."""
    from nests.book.readers.outlines import outline_for

    sources = [str(source)] if isinstance(source, (str, Path)) else [str(s) for s in source]
    outline = outline_for(sources)
    if outline is not None and outline.main:                # a folder whose book one file holds
        sources, outline = [outline.main], None
    if outline is not None:
        from nests.book.readers.many import read as read_many

        try:
            return read_many(outline, name)
        except RecursionError:
            raise NestsError(Problem("nests its markup too deep for the press to read; not read",
                                     file=sources[0])) from None
    source = sources[0]
    path = Path(source)
    reader = reader_for(path, name)
    module = importlib.import_module(READERS[reader][0])
    try:
        raw = book_bytes(path, source) if path.is_file() else path.read_bytes()
        if hasattr(module, "read_bytes"):
            text = None
        else:
            text = raw.decode("utf-8-sig")
    except FileNotFoundError:
        raise NestsError(Problem("no such rulebook source", file=source)) from None
    except IsADirectoryError:
        raise NestsError(Problem("is a directory, not a rulebook source", file=source)) from None
    except UnicodeDecodeError as err:
        raise NestsError(Problem(f"is not UTF-8 text (byte {err.start})", file=source)) from None
    except OSError as err:
        raise NestsError(Problem(f"cannot be read: {err.strerror}", file=source)) from None
    try:
        if text is None:
            return module.read_bytes(raw, source, path)
        return module.read(text.replace("\r\n", "\n"), source, path)
    except RecursionError:          # (each reader bounds its nesting first: this is the last guard)
        raise NestsError(Problem("nests its markup too deep for the press to read; not read", file=source)) from None
