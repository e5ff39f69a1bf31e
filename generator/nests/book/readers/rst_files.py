"""The reStructuredText directives that open a file or an address, each through the
book's one rule (``common.confined``): a book reads only inside its own folder.

docutils' own switches do what they can: ``raw_enabled`` off (a raw directive or
role is refused whole, with or without ``:file:``/``:url:``), ``_disable_config``
on (no docutils.conf is read). File insertion stays on, since a book's includes
are its own chapters; so every directive that inserts a file is ours here:

- ``include`` (and its ``<name>`` form, which docutils resolves in its own folder
  of standard definitions: only those are read) and Sphinx's ``literalinclude``;
- ``csv-table`` with ``:file:`` (a file of the book) or ``:url:`` (only a
  ``file:`` address inside the book; never the network);
- ``figure`` with ``:figwidth: image``, for which docutils would open the picture
  itself to learn its width: the press frames pictures its own way, so the option
  is dropped and only ``nests.book.images`` reads the picture, by the same rule.

A refusal is a ``missing`` node: a placeholder in the book and one warning at
the directive's file and line.
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from docutils.parsers.rst.directives.images import Figure
from docutils.parsers.rst.directives.misc import Include
from docutils.parsers.rst.directives.tables import CSVTable

from nests.book.readers.common import MOST_READS, confined, not_too_large


def _here(directive) -> Path:
    """The folder of the document the directive stands in (an include's, if included)."""
    machine = directive.state_machine
    return Path(machine.input_lines.source(directive.lineno - machine.input_offset - 1)
                or directive.state.document.current_source).parent


def _root(directive, here: Path) -> Path:
    project = getattr(directive.state.document.settings, "nests_project", None)
    return project.root if project is not None else here


def book_file(directive, target: str, what: str = "include"):
    """The file a directive names (beside the document that names it; ``/name`` from
    the book's folder, as Sphinx reads it) and None, or None and a ``missing`` node
    saying why not."""
    here = _here(directive)
    root = _root(directive, here)
    path, why = confined(root, target.lstrip("/"), root) if target.startswith("/") else confined(root, target, here)
    if path is None:
        return None, refusal(directive, what, target, f"which is {why}; not read")
    if not path.is_file():
        return None, refusal(directive, what, target, "which is not there")
    return path, None


class missing(nodes.Element):
    """Something a directive names that is not there, or may not be read."""


def _missing(what: str, line: int, why: str):
    node = missing()
    node["what"], node["why"], node.line = what, why, line
    return node


def refusal(directive, what: str, target: str, why: str):
    # (the directive's own file and line: an include before it has added lines to docutils' count)
    source, line = directive.state_machine.get_source_and_line(directive.lineno)
    node = _missing(what=target, line=line or directive.lineno, why=f"{what} of {target!r}, {why}")
    node.source = source
    return node


class IncludeDirective(Include):
    """docutils' include, from the book's folder only; ``<name>`` from docutils' own
    standard definitions only (isonum.txt and its kin)."""

    def run(self):
        target = self.arguments[0]
        if target.startswith("<") and target.endswith(">"):
            standard = Path(self.standard_include_path)
            path, why = confined(standard, target[1:-1], standard)
            if path is None or not path.is_file():
                return [refusal(self, "include", target, "which is not one of docutils' standard definitions; "
                                                         "not read")]
            return super().run()
        path, refused = book_file(self, target)
        if refused is not None:
            return [refused]
        project = getattr(self.state.document.settings, "nests_project", None)
        if project is not None:
            project.includes += 1
            if project.includes > MOST_READS:
                return [refusal(self, "include", target, f"which would be file number {project.includes} this "
                                                         f"book includes, past {MOST_READS}; not read")]
        not_too_large(path, str(path), self.lineno)
        self.arguments[0] = str(path)
        return super().run()


class CSVTableDirective(CSVTable):
    """A csv-table whose rows come from a file of the book; an address only as a
    ``file:`` URL inside the book, which is read as that file."""

    def run(self):
        for option in ("file", "url"):
            target = self.options.get(option)
            if target is None:
                continue
            if option == "url" and not target.startswith("file:"):
                return [refusal(self, f"csv-table :{option}:", target, "which is on the network; not fetched")]
            path, refused = book_file(self, target, f"csv-table :{option}:")
            if refused is not None:
                return [refused]
            del self.options[option]
            self.options["file"] = str(path.absolute())
        try:
            return super().run()
        except UnicodeDecodeError:      # (docutils reads the file as UTF-8 and lets this through)
            target = self.options.get("file", "")
            return [refusal(self, "csv-table :file:", Path(target).name, "which is not UTF-8 text; not read")]


class FigureDirective(Figure):
    """docutils' figure without ``:figwidth: image`` (see the module's doc)."""

    def run(self):
        if self.options.get("figwidth") == "image":
            del self.options["figwidth"]
        return super().run()
