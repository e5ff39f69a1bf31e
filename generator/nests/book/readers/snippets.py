"""pymdownx.snippets in a Markdown file (what mkdocs books use to share text and show code):
each ``--8<-- "file"`` line is replaced by the file's text before the Markdown is read.

The forms read: a line ``--8<-- "file"`` (or 'file'), indented as it stands (every line
of the file takes that indentation: a snippet in a list or an admonition stays in it);
the block form, file names one to a line between two ``--8<--`` lines (a name after ``;``
left out); a line range ``file:4:6`` (``file:4`` to the end, ``file::6`` from the start,
several as ``file:1:3,8:9``) or a section ``file:name`` (the lines between
``--8<-- [start:name]`` and ``--8<-- [end:name]``); ``;--8<--`` printed as ``--8<--``, not
included. A snippet is looked for under the book's snippet folders (mkdocs.yml's
``base_path``, else the book's folder) and then beside the file, and read only inside
the book's folder (``confined``): anywhere else it is one warning at its file and line,
an error under ``--strict``. Snippets inside snippets are read too, to ``DEEPEST_SNIPPET``.

The text keeps a map from each of its lines to the file and line it came from, so every
node and warning names the snippet's own file and line.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import MOST_READS, Report, book_bytes, confined, walk

MARK = "--8<--"
DEEPEST_SNIPPET = 8         # snippets inside snippets (a file that includes itself stops at once)
_LINE = re.compile(r"^(?P<indent>[ \t]*)(?P<escape>;*)--8<--[ \t]+(?P<q>[\"'])(?P<name>[^\"']+)(?P=q)[ \t]*$")
_BLOCK = re.compile(r"^(?P<indent>[ \t]*)--8<--[ \t]*$")
_SECTION = re.compile(r"--8<--[ \t]*\[(start|end):[\w-]+\]")
_RANGE = re.compile(r"^(?P<name>.+?)(?::(?P<ranges>-?\d*:?-?\d*(?:,-?\d*:?-?\d*)*)|:(?P<section>[A-Za-z][\w-]*))?$")


class Snippets:
    """The snippets of one Markdown file, expanded: ``text`` and, for each of its lines,
    the (file as shown, line) it came from."""

    def __init__(self, report: Report, path: Path, shown: str, root: Path, bases: list[Path]):
        self.report, self.root, self.bases = report, root, bases
        self.origins: list[tuple[str, int]] = []
        self.reads = 0
        self.path, self.shown = path, shown

    def expand(self, text: str) -> str:
        rows = list(enumerate(text.split("\n"), start=1))
        lines = self._lines(rows, self.path, self.shown, 0, [Path(os.path.realpath(self.path))])
        self.origins = [(source, line) for _, source, line in lines]
        return "\n".join(text for text, _, _ in lines)

    def _lines(self, rows: list[tuple[int, str]], path: Path, shown: str, depth: int, within: list[Path]) -> list:
        """Each row (its line in its file, its text), a snippet's rows in its place: as
        (text, file as shown, line)."""
        out: list[tuple[str, str, int]] = []
        k = 0
        while k < len(rows):
            line, row = rows[k]
            k += 1
            found = _LINE.match(row) if MARK in row else None
            if found and found["escape"]:                       # ;--8<-- "x": the line as written, less one ;
                out.append((row.replace(";", "", 1), shown, line))
                continue
            if found:
                out += self._include(found["name"], found["indent"], path, shown, line, depth, within)
                continue
            block = _BLOCK.match(row) if MARK in row else None
            end = next((j for j in range(k, len(rows)) if _BLOCK.match(rows[j][1])), None) if block else None
            if block and end is not None:
                for at, name in rows[k:end]:
                    if name.strip() and not name.strip().startswith(";"):
                        out += self._include(name.strip(), block["indent"], path, shown, at, depth, within)
                k = end + 1
                continue
            out.append((row, shown, line))
        return out

    def _include(self, said: str, indent: str, path: Path, shown: str, line: int, depth: int,
                 within: list[Path]) -> list:
        parts = _RANGE.match(said.strip())
        name = parts["name"] if parts else said.strip()
        found, why = self._find(name, path)
        if found is None:
            self.report.warn(line, f"snippet {name!r} is {why}; not included", thing=f"snippet {name}", source=shown)
            return []
        real = Path(os.path.realpath(found))
        if real in within or depth >= DEEPEST_SNIPPET:
            self.report.warn(line, f"snippet {name!r} includes itself, or snippets nest past {DEEPEST_SNIPPET} "
                                   "deep; not included again", source=shown)
            return []
        self.reads += 1
        if self.reads > MOST_READS:
            self.report.first("snippets", line, f"more than {MOST_READS:,} snippets; the rest not included",
                              source=shown)
            return []
        inner_shown = os.path.normpath(os.path.join(os.path.dirname(shown), os.path.relpath(real, path.parent)))
        text = book_bytes(found, inner_shown, line).decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
        numbered = list(enumerate(text.split("\n"), start=1))
        if numbered and numbered[-1][1] == "":                  # the file's last line break ends a line
            numbered.pop()
        numbered = self._part(numbered, parts, name, shown, line)
        kept = [row for row in numbered if not _SECTION.search(row[1])]
        inner = self._lines(kept, found, inner_shown, depth + 1, within + [real])
        return [(indent + t if t else t, s, n) for t, s, n in inner]

    def _find(self, name: str, path: Path) -> tuple[Path | None, str]:
        why = ""
        for base in self.bases + [Path(os.path.realpath(path.parent))]:
            found, why_here = confined(self.root, name, base)
            if found is not None and found.is_file():
                return found, ""
            why = why or why_here
        return None, why or "not there"

    def _part(self, numbered: list, parts, name: str, shown: str, line: int) -> list:
        if parts is None or not (parts["ranges"] or parts["section"]):
            return numbered
        if parts["section"]:
            start = next((i for i, (_, t) in enumerate(numbered) if f"[start:{parts['section']}]" in t), None)
            end = next((i for i, (_, t) in enumerate(numbered) if f"[end:{parts['section']}]" in t), len(numbered))
            if start is None:
                self.report.warn(line, f"snippet {name!r} has no section {parts['section']!r}; not included",
                                 source=shown)
                return []
            return numbered[start + 1:end]
        out = []
        for piece in parts["ranges"].split(","):
            first, _, last = piece.partition(":")
            low = int(first) if first.lstrip("-").isdigit() and int(first) > 0 else 1
            high = int(last) if last.lstrip("-").isdigit() and int(last) > 0 else len(numbered)
            out += numbered[low - 1:high]
        return out


def expand(text: str, report: Report, path: Path, shown: str, root: Path, bases: list[Path]):
    """The text with its snippets in place, and its lines' origins (None: it has none)."""
    if MARK not in text:
        return text, None
    snippets = Snippets(report, Path(path), shown, Path(os.path.realpath(root)), bases)
    return snippets.expand(text), snippets.origins


def place(blocks: list, report: Report, shown: str, origins: list[tuple[str, int]] | None, said: int) -> None:
    """Every node and warning of the expanded text at the file and line its words came from
    (the warnings after the first ``said``: those the expanding said are at their place)."""
    if not origins:
        return

    def origin(line: int) -> tuple[str, int]:
        return origins[line - 1] if 0 < line <= len(origins) else (shown, line)

    for node in walk(blocks):
        if node.source == shown and node.line:
            node.source, node.line = origin(node.line)
    report.warnings[said:] = [m.Warning(*origin(w.line), w.message) if w.source == shown else w
                              for w in report.warnings[said:]]
