"""What a LaTeX book whose class the reader does not know still prints, and shortvrb.

An unknown command's ``[key=value, …]`` list prints its values (``keyed_values``); an
unknown environment whose text is cells (``&``, ``\\\\``) is a table (``tabular_content``);
shortvrb's ``\\MakeShortVerb{\\|}`` makes ``|words|`` ``\\verb|words|`` (``short_verbs``).
``keyed`` reads any key=value list (a book class's stat block's too: latex_rpg).
"""

from __future__ import annotations

import re

from nests.book import model as m
from nests.book.readers.latex_syntax import _VERBATIM_REGION, _options, _prints


def listed(text: str) -> list[str]:
    """A comma-separated list's items, commas inside braces kept, comments left out."""
    text = re.sub(r"(?<!\\)%[^\n]*", "", text)
    items, depth, at = [], 0, 0
    for found in re.finditer(r"\\.|[{},]", text + ","):
        depth += {"{": 1, "}": -1}.get(found.group(), 0)
        if found.group() == "," and depth == 0:
            items.append(text[at:found.start()].strip())
            at = found.end()
    return [item for item in items if item]


def _unbraced(value: str) -> str:
    value = value.strip()
    return value[1:-1].strip() if value.startswith("{") and value.endswith("}") and _balanced(value[1:-1]) else value


def keyed(text: str) -> list[tuple[str, str, bool]]:
    """A key=value list's items in order, as (key, value, whether it said "="): a value's
    outer braces taken off, commas inside braces kept, comments left out."""
    items = []
    for item in listed(text):
        key, said, value = item.partition("=")
        items.append((key.strip(), _unbraced(value), bool(said)))
    return items


def _balanced(text: str) -> bool:
    depth = 0
    for found in re.finditer(r"\\.|[{}]", text):
        depth += {"{": 1, "}": -1}.get(found.group(), 0)
        if depth < 0:
            return False
    return depth == 0


def keyed_values(reader, nodes: list) -> tuple[list[m.Inline], list]:
    """The [key=value, …] list written after a command the reader does not know (``nodes``: what
    follows it): its values, one after another, and the nodes after the list. None there: ([], nodes)."""
    from pylatexenc.latexwalker import LatexCharsNode

    if not nodes or not isinstance(nodes[0], LatexCharsNode) or not nodes[0].chars.lstrip(" \t").startswith("["):
        return [], nodes
    options, rest = _options(nodes)
    items = keyed(options)
    if not any(said for _, _, said in items):
        return [], nodes
    line, out = reader.line(nodes[0]), []
    for _, value, said in items:
        words = reader.aside(value, line) if said and value else []
        if words:
            out += ([m.Text("; ", source=reader.source, line=line)] if out else []) + words
    return out, rest


# -- an environment of cells -------------------------------------------------------
_COLUMN_SPEC = re.compile(r"(?:[lcrXYLCRJSD|\s]|[pmbwW]\{[^{}]*\}|[@!<>]\{[^{}]*\}|\*\{\d+\}\{[^{}]*\})+")


def tabular_content(nodes) -> list | None:
    """An environment's nodes as a tabular's cells, when its text is cells (an ``&`` and a ``\\\\``
    among them): without its options and its column spec ({lX}); else None."""
    from pylatexenc.latexwalker import LatexGroupNode, LatexMacroNode, LatexSpecialsNode

    _, nodes = _options(nodes)
    if not any(isinstance(n, LatexSpecialsNode) and n.specials_chars == "&" for n in nodes) or \
            not any(isinstance(n, LatexMacroNode) and n.macroname == "\\" for n in nodes):
        return None
    first = next((k for k, n in enumerate(nodes) if _prints(n)), None)
    if first is not None and isinstance(nodes[first], LatexGroupNode) and _COLUMN_SPEC.fullmatch(
            "".join(n.latex_verbatim() for n in nodes[first].nodelist)):
        nodes = nodes[:first] + nodes[first + 1:]
    return nodes


# -- shortvrb ----------------------------------------------------------------------
_SHORT_VERB = re.compile(r"\\verb\*?([^\sA-Za-z*]).*?\1|\\(Make|Delete)ShortVerb\*?\s*\{\s*\\?([^\s{}])\s*\}"
                         r"|\\.|%[^\n]*|([^\\%\w\s{}])", re.S)


def short_verbs(text: str, files) -> str:
    """shortvrb's ``\\MakeShortVerb{\\|}``: from there on, ``|words|`` is ``\\verb|words|``
    (until ``\\DeleteShortVerb{\\|}``); verbatim text and comments are left as written. The
    characters made short stay made for the files the book reads after."""
    made = files.classes.setdefault("short verbs", set())
    if not made and "ShortVerb" not in text:
        return text
    parts = _VERBATIM_REGION.split(text)
    for k in range(0, len(parts), 2):
        out, at = [], 0
        for found in _SHORT_VERB.finditer(parts[k]):
            if found.group(2):
                (made.add if found.group(2) == "Make" else made.discard)(found.group(3))
            elif found.group(4) and found.group(4) in made and found.start() >= at:
                end = parts[k].find(found.group(4), found.end())
                if end >= 0 and "\n" not in parts[k][found.end():end]:
                    out.append(parts[k][at:found.start()] + "\\verb" + parts[k][found.start():end + 1])
                    at = end + 1
        parts[k] = "".join(out) + parts[k][at:]
    return "".join(parts)
