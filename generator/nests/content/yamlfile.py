"""Safe YAML reading that remembers where every value came from.

Validation messages name the line of the offending value, so we compose the
YAML node tree (safe loader only) and build plain Python values from it,
keeping a map from key path to line number.
"""

from __future__ import annotations

import hashlib
import marshal
import unicodedata
from functools import lru_cache
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from nests.cache import cache_dir, keep
from nests.errors import NestsError, Problem

KeyPath = tuple  # of str | int


@dataclass
class YamlDocument:
    """One YAML file: its data, its name as shown to users, and line numbers."""

    data: Any
    name: str
    lines: dict[KeyPath, int] = field(default_factory=dict)       # where each value starts
    key_lines: dict[KeyPath, int] = field(default_factory=dict)   # where each mapping key stands
    digest: str = ""            # a hash of the file's bytes: what is built from the file alone may be kept by it

    @property
    def empty(self) -> bool:
        """Nothing but comments and blank lines (read as an empty mapping)."""
        return self.data == {} and () not in self.lines

    def line(self, path: KeyPath) -> int | None:
        """Line of the key at ``path`` (or of the list item, for an index); for
        something that is not there (a missing key), the line of what holds it."""
        path = tuple(path)
        while path:
            if path in self.key_lines:
                return self.key_lines[path]
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)

    def problem(self, path: KeyPath, message: str) -> Problem:
        return Problem(message, file=self.name, line=self.line(path), key=_dotted(path) or None)


# Bounds that make any file end quickly, whatever it holds: content files are
# hand-written and small (the largest is a few kB), so these are far above need.
MAX_BYTES = 2 * 1024 * 1024          # a larger file is refused before parsing
MAX_DEPTH = 40                       # nesting of mappings and lists
MAX_VALUES = 200_000                 # values after expanding aliases (an alias bomb stops here)
# The tags plain YAML values resolve to; anything else (``!!python/…``, ``!foo``,
# ``!!binary``, merge keys) is refused, never constructed.
_PLAIN = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "seq", "map")}
_DATE = "tag:yaml.org,2002:timestamp"


def read_yaml(path: Path, name: str) -> YamlDocument:
    """Read ``path`` (shown to users as ``name``) into a YamlDocument.

    A file read before is taken from the cache, keyed by a hash of its bytes:
    importing and running the YAML parser costs more than a text sheet's
    whole rendering.
    """
    raw = _read_bytes(path, name)
    try:
        text = raw.decode("utf-8-sig")      # a byte-order mark reads normally
    except UnicodeDecodeError as err:
        line = raw[:err.start].count(b"\n") + 1
        raise NestsError(Problem(f"is not UTF-8 text (byte 0x{raw[err.start]:02x} at offset {err.start}); "
                                 "save the file as UTF-8", file=name, line=line,
                                 key=key_at(raw.decode("utf-8", "replace"), line))) from None
    digest = hashlib.sha256(_reader_hash() + raw).hexdigest()
    cached = _cache_file(digest)
    if cached and cached.is_file():
        try:
            data, lines, key_lines = marshal.loads(cached.read_bytes())
            return YamlDocument(data, name, lines, key_lines, digest)
        except (OSError, ValueError, EOFError, TypeError):
            pass
    doc = _parse(text, name)
    doc.digest = digest
    if cached:
        try:
            keep(cached, marshal.dumps((doc.data, doc.lines, doc.key_lines)))
        except (OSError, ValueError):
            pass       # not cacheable: parse again next time
    return doc


def key_at(text: str, line: int) -> str | None:
    """The key written on ``line`` of a file that does not parse, or on the nearest line above
    that has one: a pointer into the broken file where no key path can be built."""
    import re

    for row in reversed(text.split("\n")[:line]):
        m = re.match(r"\s*(?:-\s+)*\{?\s*([\w.-]+)\s*:(?:\s|$)", row)
        if m:
            return m.group(1)
    return None


def _read_bytes(path: Path, name: str) -> bytes:
    """The file's bytes, or one line saying why they cannot be had."""
    if path.is_symlink() and not path.exists():
        raise NestsError(Problem("cannot be read: it is a link to nothing (a dangling symlink)", file=name))
    if path.is_dir():
        raise NestsError(Problem("is a directory; a content file must be a YAML file", file=name))
    if path.exists() and not path.is_file():        # a pipe would wait for a writer for ever
        raise NestsError(Problem("is not a regular file (a pipe or a device); a content file must be a YAML file",
                                 file=name))
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise NestsError(Problem(f"is {size:,} bytes; a content file may be at most {MAX_BYTES:,} bytes",
                                     file=name))
        with path.open("rb") as f:
            return f.read(MAX_BYTES + 1)
    except OSError as err:
        raise NestsError(Problem(f"cannot be read: {err.strerror or err}", file=name)) from None


def _cache_file(digest: str) -> Path | None:
    """The cache entry of a file's bytes as this very reader reads them (``digest``: their hash
    with this module's source's, so a changed reader never trusts an old entry)."""
    base = cache_dir("yaml")
    return base / (digest + ".marshal") if base else None


@lru_cache(maxsize=1)
def _reader_hash() -> bytes:
    return hashlib.sha256(Path(__file__).read_bytes()).digest()


def _loader():
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _parse(text: str, name: str) -> YamlDocument:
    import yaml

    try:
        _check_depth(text, name, _loader())
        root = yaml.compose(text, Loader=_loader())
    except yaml.YAMLError as err:
        # The parser may stop on limits of its own (libyaml's nesting limit looks
        # ahead of the events we count): our limit is checked again by the pure
        # Python parser, which has none, so ours is the one reported.
        _check_depth(text, name, yaml.SafeLoader, stop_at_error=True)
        # where what went wrong began (an unclosed "[" rather than the line that found it open)
        mark = getattr(err, "context_mark", None) or getattr(err, "problem_mark", None)
        line = mark.line + 1 if mark else None
        what = getattr(err, "problem", None) or getattr(err, "reason", None) or str(err).splitlines()[0]
        if isinstance(err, yaml.reader.ReaderError):
            # a character YAML refuses anywhere: its first occurrence is the one reported
            # (the C reader counts bytes, not characters, so its position is not used)
            line = text.count("\n", 0, max(text.find(chr(err.character)), 0)) + 1
            what = f"the character {chr(err.character)!r} cannot stand in YAML text"
        raise NestsError(Problem(f"not valid YAML: {what}", file=name, line=line,
                                 key=key_at(text, line) if line else None)) from None
    doc = YamlDocument(data=None, name=name)
    problems: list[Problem] = []
    if root is None:        # empty, or comments only: each kind says what the file should hold
        doc.data = {}
        return doc
    try:
        doc.data = _build(root, (), doc, problems, [MAX_VALUES])
    except _Unbounded as stop:
        raise NestsError(Problem(f"its aliases expand to more than {MAX_VALUES:,} values or {MAX_DEPTH} levels; "
                                 "write the values out instead", file=name, line=stop.args[0])) from None
    if problems:
        raise NestsError(problems)
    return doc


def _check_depth(text: str, name: str, loader, stop_at_error: bool = False) -> None:
    """Refuse deep nesting before composing: the C composer recurses per level
    and would overflow the stack long before Python notices. With
    ``stop_at_error`` a YAML error ends the check quietly (the caller reports it)."""
    import yaml

    depth = 0
    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise NestsError(Problem(f"nested more than {MAX_DEPTH} levels deep; content is a few levels at most",
                                             file=name, line=event.start_mark.line + 1))
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        if not stop_at_error:
            raise


class _Unbounded(Exception):
    """Aliases that expand without end, or to more values than any content has."""


def _build(node, path: KeyPath, doc: YamlDocument, problems: list[Problem], budget: list[int]) -> Any:
    import yaml

    budget[0] -= 1
    if budget[0] < 0 or len(path) > MAX_DEPTH:
        raise _Unbounded(node.start_mark.line + 1)
    doc.lines[path] = node.start_mark.line + 1
    tag_problem = _tag_problem(node)
    if tag_problem:
        problems.append(doc.problem(path, tag_problem))
        return None
    if isinstance(node, yaml.MappingNode):
        out: dict = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or _tag_problem(key_node):
                what = "a merge key '<<'" if key_node.tag.endswith(":merge") else "this key"
                problems.append(Problem(f"{what} is not allowed; keys are plain words",
                                        doc.name, key_node.start_mark.line + 1, _dotted(path) or None))
                continue
            key = _scalar(key_node, path, doc, problems)
            if not isinstance(key, str):
                # 1, yes, ~ or 1.5 read as a number, a flag or nothing: no content key is one
                problems.append(Problem(f"key {key_node.value!r} is not a word; keys are plain words (quote it to keep it)",
                                        doc.name, key_node.start_mark.line + 1, _dotted(path) or None))
                continue
            if key in out:
                line = key_node.start_mark.line + 1
                problems.append(Problem("duplicate key", doc.name, line, _dotted(path + (key,))))
                continue
            doc.key_lines[path + (key,)] = key_node.start_mark.line + 1
            out[key] = _build(value_node, path + (key,), doc, problems, budget)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, path + (i,), doc, problems, budget) for i, item in enumerate(node.value)]
    return _scalar(node, path, doc, problems)


def _scalar(node, path: KeyPath, doc: YamlDocument, problems: list[Problem]) -> Any:
    """A plain value; one the constructor refuses (a number of 5,000 digits…) is a problem."""
    import yaml

    try:
        value = _scalars().construct_object(node)
    except (ValueError, OverflowError, yaml.YAMLError):
        shown = node.value if len(node.value) <= 40 else node.value[:37] + "..."
        problems.append(Problem(f"{shown!r} cannot be read as a value; write a number of a few digits, or text",
                                doc.name, node.start_mark.line + 1, _dotted(path) or None))
        return None
    control = control_character(value) if isinstance(value, str) else None
    if control:
        # Every text of the content is printed on a page: a tab, a line break or an
        # escape has no width there, so it is refused here, where its line is known.
        shown = value if len(value) <= 40 else value[:37] + "..."
        what = ("a line break; text is one paragraph (in a folded block '>', no blank line)" if control == "\n"
                else f"the control character {control!r}; text holds printable characters only")
        problems.append(Problem(f"{shown!r} holds {what}", doc.name, node.start_mark.line + 1, _dotted(path) or None))
        return None
    return value


def control_character(text: str) -> str | None:
    """The first control character of ``text`` (a tab, a line break, an escape…), or None."""
    if text.isprintable():
        return None
    return next((ch for ch in text if unicodedata.category(ch) == "Cc"), None)


def _tag_problem(node) -> str | None:
    """Why a node's tag is refused, or None for a plain value."""
    if node.tag in _PLAIN:
        return None
    if node.tag == _DATE:
        return f"{node.value!r} reads as a date; put it in quotes to keep it as text"
    tag = node.tag.replace("tag:yaml.org,2002:", "!!")
    return f"YAML tag {tag!r} is not allowed (tags are never executed); write a plain value"


def _dotted(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


@lru_cache(maxsize=1)
def _scalars():
    import yaml

    return yaml.constructor.SafeConstructor()
