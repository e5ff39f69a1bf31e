"""`nests build`: every default output, checked first, then written in one go."""

from __future__ import annotations

from pathlib import Path

from nests.content import Content
from nests.document import Document
from nests.errors import NestsError, Problem
from nests.generators.enemy import enemy_documents, enemy_ids
from nests.generators.sheet import sheet_documents

SAMPLE_SEED = 42       # the sample packet: fixed seed, default party
FORMATS = ("txt", "pdf", "json")


def book_sources(directory) -> tuple[list[Path], list[str]]:
    """The rulebook sources in ``directory``: each file whose markup has a reader, and each
    folder that is a book in many files (``outlines.states_a_book``: read as ``nests rulebook
    FOLDER`` reads it); and a note for each other file or folder."""
    from importlib.util import find_spec

    from nests.book.readers import READERS, reader_for
    from nests.book.readers.common import confined
    from nests.book.readers.outlines import states_a_book

    sources, notes = [], []
    for path in sorted(Path(directory).iterdir()):
        if path.name.startswith("."):
            continue
        if confined(Path(directory), path.name)[0] is None:
            notes.append(f"{path}: a link leading outside {directory}; skipped")
            continue
        if path.is_dir():
            if states_a_book(path):
                sources.append(path)
            else:
                notes.append(f"{path}: a folder with no book's outline (mkdocs.yml, book.toml, SUMMARY.md, "
                             "a Sphinx conf.py or a LaTeX document); skipped")
            continue
        if not path.is_file():
            continue
        try:
            markup = reader_for(path)
        except NestsError:
            notes.append(f"{path}: not a rulebook source (no markup has its extension); skipped")
            continue
        if find_spec(READERS[markup][0]) is None:
            notes.append(f"{path}: no {markup} reader yet; skipped")
            continue
        sources.append(path)
    return sources, notes


def book_documents(directory, content, folder: str = "books/", style: str | None = None,
                   columns: int | None = None) -> tuple[list[Document], list, list[str], list]:
    """Each book of ``directory`` typeset (in ``style``, else its markup's default; two
    ``columns`` only where the style is the book's), its warnings, notes on the files
    skipped, and the errors of the books that could not be typeset: one bad book never
    stops the others."""
    from nests.generators.rulebook import rulebook_document

    if Path(directory).exists() and not Path(directory).is_dir():
        raise NestsError(Problem("is not a directory; --books takes a directory of rulebook sources", file=str(directory)))
    if not Path(directory).is_dir():
        raise NestsError(Problem("no such directory of rulebook sources", file=str(directory)))
    sources, notes = book_sources(directory)
    documents, warnings, errors = [], [], []
    made: dict[str, Path] = {}                      # each output's name → the book it is made from
    for source in sources:
        try:
            document, found = rulebook_document(str(source), content, folder=folder, style=style,
                                                columns=columns)
        except NestsError as err:
            errors += err.problems
            continue
        if document.stem in made:                   # x.md beside a folder x/: both would be books/x
            errors.append(Problem(f"would be written as {document.stem} too, over the book made from "
                                  f"{made[document.stem]}", file=str(source)))
            continue
        made[document.stem] = source
        documents.append(document)
        warnings += found
    return documents, warnings, notes, errors


def build_documents(content: Content) -> list[Document]:
    """Every default output as documents; any bad input fails here, before a file is written."""
    from nests.packet import packet_documents

    docs = sheet_documents(content, content.class_ids() + ["template"], "sheets/")
    docs += enemy_documents(content, enemy_ids(content), "enemies/")
    party = content.packet.settings["default_party"]
    docs += packet_documents(content, SAMPLE_SEED, list(party), None, folder="packets/")
    return docs
