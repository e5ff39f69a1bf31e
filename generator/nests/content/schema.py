"""A small declarative schema for content files.

Each spec checks one value and reports problems as "what is wrong, what is
allowed". Schemas are built in code (they are procedures), but the key sets
they allow (attribute names, ability names…) come from the catalogue content.
"""

from __future__ import annotations

from typing import Any, Callable

from nests.content.yamlfile import YamlDocument
from nests.errors import Problem
from nests.text.measure import width

Report = Callable[[tuple, str], None]


def shown(value: Any) -> str:
    """The offending value as a message quotes it (long text cut to one readable line)."""
    if isinstance(value, str):
        return repr(value if len(value) <= 60 else value[:57] + "...")
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null (an empty value)"
    if isinstance(value, (dict, list)):
        return "a mapping" if isinstance(value, dict) else "a list"
    return str(value)


class Spec:
    def check(self, value: Any, path: tuple, report: Report) -> None:
        raise NotImplementedError


class Int(Spec):
    def __init__(self, low: int | None = None, high: int | None = None, what: str | None = None):
        self.low, self.high, self.what = low, high, what

    def check(self, value, path, report):
        describe = self.what or (
            f"a whole number {self.low}–{self.high}" if self.low is not None and self.high is not None
            else f"a whole number ≥ {self.low}" if self.low is not None
            else "a whole number"
        )
        if isinstance(value, bool) or not isinstance(value, int):
            report(path, f"{shown(value)} is not {describe}")
        elif (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            report(path, f"{value} is not {describe}")


def Rating() -> Int:
    return Int(0, 100, what="a rating 0–100")


def Modifier() -> Int:
    return Int(-100, 100, what="a modifier −100–+100")


class Str(Spec):
    def __init__(self, max_len: int | None = None, allow_empty: bool = True):
        self.max_len, self.allow_empty = max_len, allow_empty

    def check(self, value, path, report):
        if not isinstance(value, str):
            report(path, f"{shown(value)} is not text")
        elif not self.allow_empty and not value.strip():
            report(path, "is empty; text is required")
        elif self.max_len is not None and width(value) > self.max_len:
            # measured in columns, as the page will print it (a wide character takes two)
            report(path, f"{shown(value)} is {width(value)} columns wide; at most {self.max_len} fit")


class Bool(Spec):
    def check(self, value, path, report):
        if not isinstance(value, bool):
            report(path, f"{shown(value)} is not true or false")


class OneOf(Spec):
    def __init__(self, choices: list):
        self.choices = choices

    def check(self, value, path, report):
        if value not in self.choices:
            report(path, f"{shown(value)} is not one of: {', '.join(map(str, self.choices))}")


class List(Spec):
    """A list of ``item``s; with ``unique``, the entries' values under that key are
    each used once (a second use is reported where it stands)."""

    def __init__(self, item: Spec, min_len: int = 0, max_len: int | None = None, unique: str | None = None):
        self.item, self.min_len, self.max_len, self.unique = item, min_len, max_len, unique

    def check(self, value, path, report):
        if not isinstance(value, list):
            report(path, f"{shown(value)} is not a list")
            return
        if len(value) < self.min_len or (self.max_len is not None and len(value) > self.max_len):
            size = f"{self.min_len}–{self.max_len}" if self.max_len is not None else f"at least {self.min_len}"
            report(path, f"has {len(value)} entries; allowed: {size}")
        for i, item in enumerate(value):
            self.item.check(item, path + (i,), report)
        if self.unique:
            first: dict = {}
            for i, item in enumerate(value):
                key = item.get(self.unique) if isinstance(item, dict) else None
                if isinstance(key, str) and key in first:
                    report(path + (i, self.unique), f"{shown(key)} is used twice (first at "
                                                   f"{'.'.join(map(str, path + (first[key],)))}); each {self.unique} once")
                elif isinstance(key, str):
                    first[key] = i


class Map(Spec):
    """A mapping with named fields; ``optional`` fields may be left out; ``open``: other keys
    are left to a later check (a row's ``resolve``, whose keys its procedure names)."""

    def __init__(self, required: dict[str, Spec] | None = None, optional: dict[str, Spec] | None = None,
                 open: bool = False):
        self.required, self.optional, self.open = required or {}, optional or {}, open

    def check(self, value, path, report):
        if not isinstance(value, dict):
            report(path, f"{shown(value)} is not a mapping")
            return
        if self.open:
            return
        allowed = {**self.required, **self.optional}
        for key in self.required:
            if key not in value:
                report(path + (key,), "missing; this key is required")
        for key, item in value.items():
            if key not in allowed:
                report(path + (key,), f"unknown key; allowed: {', '.join(allowed)}")
            else:
                allowed[key].check(item, path + (key,), report)


class Either(Spec):
    """A mapping in one of several forms, each named by the one key that marks it (a ruling's
    basis: ``quote``, ``silent`` or ``house``); exactly one marking key is given, and the mapping
    is then checked as that form's ``Map`` (so a key of another form is an unknown key there)."""

    def __init__(self, forms: dict[str, Map], described: str):
        self.forms, self.described = forms, described

    def check(self, value, path, report):
        if not isinstance(value, dict):
            report(path, f"{shown(value)} is not a mapping; give {self.described}")
            return
        given = [key for key in self.forms if key in value]
        if len(given) != 1:
            report(path, f"gives {' and '.join(given) if given else 'none'} of {', '.join(self.forms)}; "
                         f"give exactly one: {self.described}")
            return
        self.forms[given[0]].check(value, path, report)


class TableSpec(Spec):
    """A mapping from a fixed set of keys (all of them, or some) to one spec."""

    def __init__(self, keys: list[str], value: Spec, every_key: bool = True):
        self.keys, self.value, self.every_key = keys, value, every_key

    def check(self, value, path, report):
        if not isinstance(value, dict):
            report(path, f"{shown(value)} is not a mapping")
            return
        if self.every_key:
            for key in self.keys:
                if key not in value:
                    report(path + (key,), "missing; this key is required")
        for key, item in value.items():
            if key not in self.keys:
                report(path + (key,), f"unknown key; allowed: {', '.join(self.keys)}")
            else:
                self.value.check(item, path + (key,), report)


def validate(doc: YamlDocument, spec: Spec) -> list[Problem]:
    """Every problem of ``doc`` against ``spec``, in file order."""
    if doc.empty:
        return [Problem("is empty; a content file holds a mapping of keys", file=doc.name, line=1)]
    problems: list[Problem] = []
    spec.check(doc.data, (), lambda path, message: problems.append(doc.problem(path, message)))
    problems.sort(key=lambda p: p.line or 0)
    return problems
