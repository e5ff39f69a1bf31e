"""The publish stage: documents → files (txt, pdf, json, svg, md) or standard output.

``publish`` is the one place that writes. It renders every output in memory
first (PDFs in a pool of processes when there are several), then stages each
file under a temporary name beside its target and renames them all into
place: when anything fails, nothing has been written; a run killed while
renaming is finished by the next run into the same folder (see ``files``).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from nests.children import ctrl_c_after
from nests.document import Document
from nests.errors import Failure, NestsError
from nests.publish.files import commit, note_output, recover, stage
from nests.publish.txt import join_pages
from nests.render.paper import FOLDED

STDOUT = "-"
BINARY = {"pdf"}


def _outputs(documents: list[Document], formats: Iterable[str]) -> list[tuple[Document, str]]:
    """Each (document, format) to make: a format a document does not offer is skipped."""
    return [(doc, fmt) for doc in documents for fmt in formats if fmt in doc.formats()]


def file_name(doc: Document, fmt: str) -> str:
    return doc.files[fmt].name if fmt in doc.files else f"{doc.stem}.{fmt}"


def _text(doc: Document, fmt: str) -> str:
    # a document may carry its plaintext apart from its pages (a packet at --width: the PDF keeps the print layout)
    return doc.files[fmt].text if fmt in doc.files else join_pages([p.text for p in doc.pages])


def render_all(documents: list[Document], formats: Iterable[str], paper: str,
               progress: Callable[[str], None] | None = None, impose: str | None = None) -> list[tuple[str, bytes]]:
    """Every output as (file name, bytes), in document order; PDFs rendered in parallel.
    With ``impose`` (a booklet, see nests.render.paper.BOOKLETS) each PDF is typeset on
    the page its ``paper`` folds to, then imposed two pages a side on ``paper``."""
    wanted = _outputs(documents, formats)
    pdfs = [doc for doc, fmt in wanted if fmt == "pdf"]
    pdf_data = {}
    if pdfs:
        from nests.publish.pdf import render_pdfs

        names = [file_name(doc, "pdf") for doc in pdfs]
        page = FOLDED[paper] if impose else paper
        for name, data in zip(names, render_pdfs(pdfs, page, progress=progress, names=names)):
            pdf_data[name] = data
        if impose:
            pdf_data = {name: _imposed(doc, pdf_data[name], paper) for doc, name in zip(pdfs, names)}
    out = []
    for doc, fmt in wanted:
        name = file_name(doc, fmt)
        out.append((name, pdf_data[name] if fmt == "pdf" else _text(doc, fmt).encode("utf-8")))
    return out


def _imposed(doc: Document, pdf: bytes, paper: str) -> bytes:
    """The document's PDF as a booklet on ``paper``, or, handed out in parts (``doc.loose``), each
    part on sides of its own (nests.publish.impose)."""
    from functools import partial

    from nests.publish.impose import booklet_sides, impose_booklet, loose_sides

    starts = [n for n, page in enumerate(doc.pages, 1) if any(level == 1 for level, _ in page.bookmarks)]
    return impose_booklet(pdf, paper, partial(loose_sides, starts) if doc.loose else booklet_sides)


def publish(documents: list[Document], formats: Iterable[str], paper: str, output: str,
            progress: Callable[[str], None] | None = None, impose: str | None = None) -> list[Path]:
    """Write each document in each of ``formats`` into the directory ``output``, or,
    with ``output`` "-", its text formats to standard output. Returns the paths written.
    ``impose`` makes each PDF a booklet (see ``render_all``)."""
    formats = list(dict.fromkeys(formats))
    if output == STDOUT:
        binary = [f for f in formats if f in BINARY]
        if binary:
            raise NestsError(f"a {binary[0].upper()} cannot go to standard output; give -o DIR")
        write_stdout([_text(doc, fmt).encode("utf-8") for doc, fmt in _outputs(documents, formats)])
        return []
    check_targets(Path(output), [file_name(doc, fmt) for doc, fmt in _outputs(documents, formats)])
    files = render_all(documents, formats, paper, progress, impose)
    return write_files(Path(output), files)


def write_stdout(chunks: list[bytes]) -> None:
    """Text to standard output, all of it or one line saying why not (closed, full, past
    the file-size limit): a cut-short output never ends in success."""
    if sys.stdout is None:
        raise Failure("standard output is closed; give -o DIR to write files")
    try:
        out = sys.stdout.fileno()
    except (OSError, ValueError):                 # a stream without a descriptor (a test's)
        out = None
    try:
        sys.stdout.flush()
        for chunk in chunks:
            # os.write, not the buffered writer, which loses the error of a write past
            # the file-size limit (ulimit -f) after the part that fitted went through
            view = memoryview(chunk)
            while view and out is not None:
                view = view[os.write(out, view):]
            if out is None:
                sys.stdout.buffer.write(chunk)
        sys.stdout.flush()
    except OSError as err:
        quiet_stdout()
        raise Failure(f"standard output: cannot be written: {err.strerror or err}") from None


def quiet_stdout() -> None:
    """Standard output pointed at nothing, so that Python's own flush at exit does not
    fail again over what could not be written."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def check_targets(directory: Path, names: list[str]) -> None:
    """Refuse, before anything is rendered, a target that is a directory or a folder
    that cannot be made or written (a file in the way, no permission)."""
    for folder in dict.fromkeys((directory / name).parent for name in names):
        _check_folder(folder)
    for name in names:
        if _present(directory / name) and (directory / name).is_dir():
            raise NestsError(f"{directory / name}: is a directory; cannot write a file there")


def _check_folder(folder: Path) -> None:
    """The folder, or the nearest of its parents that exists, is a directory we may write in."""
    existing = folder
    while not _present(existing) and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise NestsError(f"{existing}: cannot write here: it is a file, not a directory")
    try:
        fd, probe = tempfile.mkstemp(dir=existing, prefix=".nests-probe-")
        os.close(fd)
        os.unlink(probe)
    except OSError as err:
        raise NestsError(f"{existing}: cannot write here: {err.strerror or err}") from None


def _present(path: Path) -> bool:
    """Whether something (a dangling link too) stands at ``path``; a path the system
    refuses to look up (a name longer than the file system allows, a loop of links)
    is one line, not a traceback."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as err:
        # name the first folder on the way that the system refuses, not the file under it
        for part in [*reversed(path.parents), path]:
            try:
                os.lstat(part)
            except OSError as first:
                if first.errno == err.errno:
                    path = part
                    break
        raise NestsError(f"{path}: cannot write here: {err.strerror or err}") from None
    return True


def write_files(directory: Path, files: list[tuple[str, bytes]]) -> list[Path]:
    """Stage every file, then rename all into place; on any failure, remove what was
    staged and the folders made for it."""
    with ctrl_c_after():           # Ctrl-C meanwhile is answered once every file is in place (or none is)
        staged = []
        missing = [d for d in dict.fromkeys([directory] + [(directory / n).parent for n, _ in files]) if not d.exists()]
        recover(directory, [(directory / n).parent for n, _ in files])
        try:
            for name, data in files:
                staged.append(stage(directory / name, data))
            return commit(staged, directory)
        except BaseException:
            for tmp, _ in staged:
                Path(tmp).unlink(missing_ok=True)
            for folder in sorted(missing, key=lambda d: len(d.parts), reverse=True):
                try:
                    folder.rmdir()
                except OSError:
                    pass
            raise


def output_directory(output: str) -> None:
    """Refuse an output that cannot be a directory, or cannot be written in, before
    any work is done (publish checks each file's place again before it renders)."""
    if output == STDOUT:
        return
    note_output(Path(output))
    if os.path.exists(output) and not os.path.isdir(output):
        raise NestsError(f"{output}: is not a directory; give -o a directory, or - for standard output")
    _check_folder(Path(output))
