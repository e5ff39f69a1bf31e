"""Safe YAML reading that remembers where every value came from.

Validation messages name the line of the offending value, so we compose the
YAML node tree (safe loader only) and build plain Python values from it,
keeping a map from key path to line number.
"""

from __future__ import annotations

import hashlib
import marshal
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nests.cache import cache_dir
from nests.errors import NestsError, Problem

KeyPath = tuple  # of str | int


@dataclass
class Document:
    """One YAML file: its data, its name as shown to users, and line numbers."""

    data: Any
    name: str
    lines: dict[KeyPath, int] = field(default_factory=dict)       # where each value starts
    key_lines: dict[KeyPath, int] = field(default_factory=dict)   # where each mapping key stands

    def line(self, path: KeyPath) -> int | None:
        """Line of the value at ``path``; for a value that is not there (a missing
        key), the line of the key that holds its enclosing mapping."""
        path = tuple(path)
        if path in self.lines:
            return self.lines[path]
        while path:
            path = path[:-1]
            if path in self.key_lines:
                return self.key_lines[path]
        return self.lines.get((), 1)

    def problem(self, path: KeyPath, message: str) -> Problem:
        key = ".".join(str(p) for p in path) if path else None
        return Problem(message, file=self.name, line=self.line(path), key=key)


def read_yaml(path: Path, name: str) -> Document:
    """Read ``path`` (shown to users as ``name``) into a Document.

    A file read before is taken from the cache, keyed by a hash of its bytes:
    importing and running the YAML parser costs more than a text sheet's
    whole rendering.
    """
    try:
        raw = path.read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise NestsError(Problem(f"cannot be read: {err}", file=name)) from None
    cached = _cache_file(raw)
    if cached and cached.is_file():
        try:
            data, lines, key_lines = marshal.loads(cached.read_bytes())
            return Document(data, name, lines, key_lines)
        except (OSError, ValueError, EOFError, TypeError):
            pass
    doc = _parse(text, name)
    if cached:
        try:
            cached.write_bytes(marshal.dumps((doc.data, doc.lines, doc.key_lines)))
        except (OSError, ValueError):
            pass       # not cacheable (e.g. a date value): parse again next time
    return doc


def _cache_file(raw: bytes) -> Path | None:
    base = cache_dir("yaml")
    return base / (hashlib.sha256(raw).hexdigest() + ".marshal") if base else None


def _parse(text: str, name: str) -> Document:
    import yaml

    try:
        root = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else None
        what = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise NestsError(Problem(f"not valid YAML: {what}", file=name, line=line)) from None
    doc = Document(data=None, name=name)
    problems: list[Problem] = []
    doc.data = _build(root, (), doc, problems) if root is not None else {}
    if problems:
        raise NestsError(problems)
    return doc


def _build(node, path: KeyPath, doc: Document, problems: list[Problem]) -> Any:
    import yaml

    doc.lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                problems.append(doc.problem(path, "keys must be plain words"))
                continue
            key = _scalars().construct_object(key_node)
            if key in out:
                line = key_node.start_mark.line + 1
                problems.append(Problem("duplicate key", doc.name, line, ".".join(map(str, path + (key,)))))
                continue
            doc.key_lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _build(value_node, path + (key,), doc, problems)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), doc, problems) for i, item in enumerate(node.value)]
    return _scalars().construct_object(node)


@lru_cache(maxsize=1)
def _scalars():
    import yaml

    return yaml.constructor.SafeConstructor()
