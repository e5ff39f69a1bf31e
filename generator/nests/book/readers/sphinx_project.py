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

from nests.book.readers.common import confined

SUFFIXES = (".rst", ".txt")
DEEPEST = 24            # documents inside documents: deeper is refused


@dataclass
class FoundDocument:
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
    includes: int = 0                                  # files its include directives read (MOST_READS at most)

    settings: dict = field(default_factory=dict)       # conf.py's plain values (see ``configured``)

    def configured(self) -> dict:
        """conf.py's values that are plain strings (``project``, ``author``, ``version``,
        ``release``, ``today``, ``copyright``) and the title and author of its first ``latex_documents``
        entry, as sphinx-quickstart writes them (``(master_doc, 'x.tex', 'Title', author,
        'manual')``, a name standing for a value set above it): read as Python's syntax,
        never run."""
        conf, _ = confined(self.root, "conf.py")
        if self.settings or conf is None or not conf.is_file():
            return self.settings
        import ast
        try:
            tree = ast.parse(conf.read_bytes())
        except (SyntaxError, ValueError, OSError, MemoryError, RecursionError):
            return self.settings
        known: dict[str, object] = {}
        for statement in tree.body:
            # version = release = '1.0' sets both; project: str = 'X' is typed, and set
            if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None:
                value = _value(statement.value, known)
                for target in getattr(statement, "targets", [getattr(statement, "target", None)]):
                    if isinstance(target, ast.Name):
                        known[target.id] = value
        for name in ("project", "author", "version", "release", "today", "copyright", "rst_epilog", "rst_prolog",
                     "language"):
            if isinstance(known.get(name), str):
                self.settings[name] = known[name]
        for name in ("todo_include_todos", "smartquotes"):          # switches: True or False as written
            if isinstance(known.get(name), bool):
                self.settings[name] = known[name]
        self.settings["sphinx"] = True                              # a project's conf.py was read
        documents = known.get("latex_documents")
        first = documents[0] if isinstance(documents, list) and documents else None
        if isinstance(first, list) and len(first) > 2 and isinstance(first[2], str):
            self.settings["latex_title"] = first[2]
            said = first[3] if len(first) > 3 else None
            said = ", ".join(said) if isinstance(said, list) and all(isinstance(a, str) for a in said) else said
            if isinstance(said, str):                          # "A \\and B": LaTeX's list of authors
                self.settings["latex_author"] = ", ".join(a.strip() for a in re.split(r"\\and\b", said))
        self.settings.setdefault("project", "")
        return self.settings

    def epilog(self, text: str) -> str:
        """What Sphinx adds to every document: conf.py's ``rst_prolog`` (before its first line, in
        Sphinx) and ``rst_epilog`` (after its last), and its own substitutions (``|version|``…) a
        document uses and does not define. All go after the last line, so that no line of the
        document moves: substitution definitions and targets hold in the whole document wherever
        they stand (a prolog's directive that must come first, a ``.. role::``, is not read)."""
        conf = self.configured()
        said = [f".. |{name}| replace:: {value}" for name, value in conf.items()
                if name in ("version", "release", "today") and isinstance(value, str) and value.strip()
                and f"|{name}|" in text and not re.search(rf"^\.\.\s+\|{name}\|", text, re.M)]
        added = [conf.get("rst_prolog", ""), conf.get("rst_epilog", ""), "\n".join(said)]
        added = [a.strip("\n") for a in added if a.strip()]
        return text + ("\n\n" + "\n\n".join(added) + "\n" if added else "")

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

    def in_book(self, docname: str) -> str | None:
        """The key of the file ``docname`` names in a book of many files, if the book holds it."""
        from nests.book.readers.many import gathering

        book = gathering()
        if book is None:
            return None
        for suffix in ("",) + SUFFIXES + (".md",):
            path, _ = confined(self.root, docname + suffix)
            key = book.key(path) if path is not None and path.is_file() else None
            if key is not None:
                return key
        return None

    def find(self, docname: str) -> FoundDocument:
        for suffix in ("",) + SUFFIXES:
            path, why = confined(self.root, docname + suffix)
            if path is None:
                return FoundDocument(docname=docname, why=f"it is {why}; not read")
            if path.is_file() and (suffix or path.suffix in SUFFIXES):
                return self._checked(path, docname)
        return FoundDocument(docname=docname, why="no such document")

    def _checked(self, path: Path, docname: str) -> FoundDocument:
        resolved = path.resolve()
        if resolved in self.reading:
            return FoundDocument(docname=docname, why="it holds this toctree (a loop); not read again", placeheld=False)
        if docname in self.read or resolved == Path(self.main).resolve():
            return FoundDocument(docname=docname, why="it is in the book already; not read again", placeheld=False)
        if len(self.reading) > DEEPEST:
            return FoundDocument(docname=docname, why=f"documents nested more than {DEEPEST} deep; not read")
        return FoundDocument(path=path, docname=docname)

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


def _value(node, known: dict):
    """A value written plainly in conf.py: a string or number, a list or tuple of them,
    strings joined with ``+`` or an f-string, or a name given such a value above; else None."""
    import ast

    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float)):
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_value(item, known) for item in node.elts]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _value(node.left, known), _value(node.right, known)
        return left + right if isinstance(left, str) and isinstance(right, str) else None
    if isinstance(node, ast.JoinedStr):
        parts = [_value(v.value if isinstance(v, ast.FormattedValue) else v, known) for v in node.values]
        return "".join(map(str, parts)) if all(isinstance(p, (str, int, float)) for p in parts) else None
    return None
