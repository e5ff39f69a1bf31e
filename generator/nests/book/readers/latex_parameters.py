"""The arguments an author's LaTeX command takes, as LaTeX reads them at each use.

A command defined by ``\\newcommand`` takes ``[n]`` arguments (the first optional when a
default is given); one defined by TeX's ``\\def`` takes what its parameter text says,
``\\def\\name[#1]#2{…}`` an argument delimited by ``[`` and ``]`` and then one in braces;
one defined by xparse's ``\\NewDocumentCommand{\\name}{s O{30} m}{…}`` a star, a bracketed
argument with its default and a braced one. Each is a ``Signature``: a list of parameters,
each one kind of argument taken at the use (``take``).

Packages choose between two definitions by looking at what follows a use:
``\\@ifstar{A}{B}`` (A before a star, which it eats), ``\\@ifnextchar[{A}{B}``,
``\\@dblarg\\cmd`` (``\\cmd[x]{x}`` when no ``[`` follows: the title given twice, as a
heading's contents entry and its text). ``select`` makes that choice where a command's
expansion ends in one of them; xparse's tests of a star or an absent argument
(``\\IfBooleanTF{#1}{A}{B}``, ``\\IfNoValueTF``) are decided once the arguments are in
(``decide_tests``). What cannot be decided is left to be read as any unknown command.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

NO_VALUE = "-NoValue-"                          # xparse's mark of an optional argument not given
TRUE, FALSE = "\\BooleanTrue", "\\BooleanFalse"  # what an s argument is, with a star and without


@dataclass(frozen=True)
class Parameter:
    kind: str            # "m" braced (or one token), "O" bracketed, "s" a star, "t" the token ``text``,
    #                      "G" optional braced, "until" delimited by ``text``, "literal" ``text`` that must follow
    text: str | None = None  # "O"/"G": the default (None: -NoValue-); "until"/"literal": the delimiter


Signature = tuple[Parameter, ...]


def latex_signature(count: int, default: str | None) -> Signature:
    """``\\newcommand{\\name}[count][default]``'s arguments."""
    if count and default is not None:
        return (Parameter("O", default),) + (Parameter("m"),) * (count - 1)
    return (Parameter("m"),) * count


_PARAMETER_TEXT = re.compile(r"#(\d)|(\\[A-Za-z@]+ ?|\\.|[^#{}])")


def tex_signature(text: str) -> Signature | None:
    """A ``\\def``'s parameter text (``[#1]#2``, ``#1#2``, ``#1.``) as its parameters: what stands
    before #1 must follow the name; each parameter followed by more text is delimited by it.
    None for one TeX would refuse (numbers out of order)."""
    params: list[Parameter] = []
    pending = ""                                  # text after the last parameter (or before the first)
    number = 0
    for found in _PARAMETER_TEXT.finditer(text):
        if found.group(1) is not None:
            if int(found.group(1)) != number + 1:
                return None
            if pending:
                params.append(Parameter("literal", pending) if not params else _delimited(params, pending))
            pending, number = "", number + 1
            params.append(Parameter("m"))
        else:
            pending += found.group(2)
    if pending.strip():
        params.append(Parameter("literal", pending.strip()) if not params else _delimited(params, pending))
    return tuple(params)


def _delimited(params: list[Parameter], delimiter: str) -> Parameter:
    """The last parameter, delimited by ``delimiter`` (it takes everything up to it)."""
    params.pop()
    return Parameter("until", delimiter)


_XPARSE = re.compile(r"\s*(?:([+!>=]\{[^{}]*\}|[+!])|([mosgvb])|([OG])\s*\{((?:[^{}]|\{[^{}]*\})*)\}|t(\S)"
                     r"|([rd])(\S)(\S)|([RD])(\S)(\S)\s*\{((?:[^{}]|\{[^{}]*\})*)\})")


def xparse_signature(spec: str) -> Signature | None:
    """xparse's argument specification (``s O{30} m``); None for a kind this reader does not take
    (verbatim, body, embellishments)."""
    params: list[Parameter] = []
    at = 0
    spec = spec.strip()
    while at < len(spec):
        found = _XPARSE.match(spec, at)
        if found is None:
            return None
        at = found.end()
        if found.group(1):                        # a modifier (long, no space skipping, a processor)
            continue
        kind = found.group(2)
        if kind in ("v", "b"):
            return None
        if kind == "m":
            params.append(Parameter("m"))
        elif kind == "o":
            params.append(Parameter("O"))
        elif kind == "s":
            params.append(Parameter("s"))
        elif kind == "g":
            params.append(Parameter("G"))
        elif found.group(3):
            params.append(Parameter(found.group(3), found.group(4)))
        elif found.group(5):
            params.append(Parameter("t", found.group(5)))
        else:                                     # r, d, R, D: arguments between delimiters of their own
            opening, closing = (found.group(7), found.group(8)) if found.group(6) else (found.group(10), found.group(11))
            if (opening, closing) != ("[", "]"):
                return None                       # other delimiters: rare, not read
            params.append(Parameter("O", found.group(12) if found.group(9) else None))
    return tuple(params)


def take(text: str, at: int, signature: Signature, group, skip):
    """The arguments a use at ``at`` takes (``group(text, at, opening, closing)`` finds a
    balanced group, ``skip`` passes spaces), and where the use ends; (None, at) when the text
    does not match the signature (TeX would stop there with an error: the use is left)."""
    args: list[str] = []
    for k, param in enumerate(signature):
        if param.kind in ("m", "O", "s", "G", "t") or k == 0:
            at = skip(text, at)
        if param.kind == "m":
            found = group(text, at, "{", "}")
            if found is not None:
                args.append(found[0])
                at = found[1]
            elif at < len(text) and not text[at].isspace():
                token = re.match(r"\\(?:[A-Za-z@]+|.)|.", text[at:at + 80], re.S).group(0)
                args.append(token)                # a single token is an argument too (\theta is one)
                at += len(token)
            else:
                return None, at
        elif param.kind in ("O", "G"):
            found = group(text, at, *("[]" if param.kind == "O" else "{}"))
            args.append(found[0] if found else (param.text if param.text is not None else NO_VALUE))
            at = found[1] if found else at
        elif param.kind in ("s", "t"):
            mark = "*" if param.kind == "s" else param.text
            given = text.startswith(mark, at)
            args.append(TRUE if given else FALSE)
            at += len(mark) if given else 0
        elif param.kind == "literal":
            if not text.startswith(param.text, at):
                return None, at
            at += len(param.text)
        else:                                     # "until": up to the delimiter, outside braces
            end = _delimiter(text, at, param.text)
            if end is None:
                return None, at
            said = text[at:end]
            braced = group(said, 0, "{", "}")
            args.append(braced[0] if braced is not None and braced[1] == len(said) else said)
            at = end + len(param.text)
    return args, at


def _delimiter(text: str, at: int, delimiter: str, reach: int = 20000) -> int | None:
    """Where ``delimiter`` next stands outside braces, from ``at`` (within ``reach`` characters)."""
    depth = 0
    for k in range(at, min(len(text), at + reach)):
        ch = text[k]
        if ch == "{" and text[k - 1] != "\\":
            depth += 1
        elif ch == "}" and text[k - 1] != "\\":
            depth -= 1
            if depth < 0:
                return None
        elif depth == 0 and text.startswith(delimiter, k):
            return k
    return None


def substituted(body: str, args: list[str]) -> str:
    """``body`` with each ``#n`` its argument (``##``, a parameter of a definition inside, ``#``)."""
    if "#" not in body:
        return body
    return re.sub(r"#(#|\d)", lambda found: "#" if found.group(1) == "#" else
                  (args[int(found.group(1)) - 1] if 0 < int(found.group(1)) <= len(args) else found.group(0)), body)


_TEST = re.compile(r"\\(IfBoolean|IfNoValue|IfValue)(TF|T|F)(?![A-Za-z@])|\\@ifundefined(?![A-Za-z@])")


def decide_tests(body: str, group, skip) -> str:
    """xparse's tests of an argument, where the argument is in: ``\\IfBooleanTF{\\BooleanTrue}{A}{B}``
    is A, ``\\IfNoValueTF{-NoValue-}{A}{B}`` A, ``\\IfValueT{x}{A}`` A (a test of anything else is left);
    ``\\@ifundefined{r@label}{A}{B}`` B, as in a book whose labels and commands are all defined."""
    if "\\If" not in body and "\\@ifundefined" not in body:
        return body
    out, pos = [], 0
    for found in _TEST.finditer(body):
        if found.start() < pos:
            continue
        at = skip(body, found.end())
        tested = group(body, at, "{", "}")
        if tested is None:
            continue
        value = tested[0].strip()
        if found.group(1) is None:                # \@ifundefined{name}{A}{B}: a label's r@name, a command:
            true = False                          # taken as defined (the reader says where one is not)
        elif found.group(1) == "IfBoolean":
            if value not in (TRUE, FALSE):
                continue
            true = value == TRUE
        else:
            true = (value == NO_VALUE) == (found.group(1) == "IfNoValue")
        kind = found.group(2) or "TF"
        branches, at = [], tested[1]
        for _ in kind:
            branch = group(body, skip(body, at), "{", "}")
            if branch is None:
                break
            branches.append(branch[0])
            at = branch[1]
        else:
            taken = dict(zip(kind, branches))
            out.append(body[pos:found.start()] + taken.get("T" if true else "F", ""))
            pos = at
    return "".join(out) + body[pos:]


# The choices made by looking at what follows: each written as the end of an expansion
SELECTORS = ("@ifstar", "@ifnextchar", "@dblarg", "kernel@ifnextchar")
_SELECTOR = re.compile(r"\\(@ifstar|@ifnextchar|@dblarg|kernel@ifnextchar)(?![A-Za-z@])")


def select(said: str, text: str, end: int, group, skip) -> tuple[str, int]:
    """An expansion ``said`` that ends in a choice by what follows it in ``text`` (from ``end``),
    the choice made: the branch it takes, and the text the choice eats (a star; for ``\\@dblarg``,
    the argument it gives twice). Made again while the branch taken ends in another choice."""
    for _ in range(8):
        tail = _tail_choice(said, group, skip)
        if tail is None:
            return said, end
        start, name, parts = tail
        after = skip(text, end)
        if name == "@ifstar":
            star = text.startswith("*", after)
            said = said[:start] + parts[0 if star else 1]
            end = after + 1 if star else end
        elif name in ("@ifnextchar", "kernel@ifnextchar"):
            said = said[:start] + parts[1 if text.startswith(parts[0], after) else 2]
        else:                                     # \@dblarg\cmd: \cmd[x]{x} unless a [ follows
            if text.startswith("[", after):
                said = said[:start] + parts[0]
            else:
                found = group(text, after, "{", "}")
                if found is None:
                    return said, end
                said, end = said[:start] + f"{parts[0]}[{found[0]}]{{{found[0]}}}", found[1]
    return said, end


def _tail_choice(said: str, group, skip):
    """The choice ``said`` ends with: its start, its name and its parts, or None."""
    trimmed = re.sub(r"(?:%?\s)*$", "", said)
    for found in _SELECTOR.finditer(trimmed):     # the first that runs to the end (others lie in its branches)
        parts = _parts(trimmed, found, group, skip)
        if parts is not None and not trimmed[parts[1]:].strip(" \t\n%"):
            return found.start(), found.group(1), parts[0]
    return None   # (a choice that looks at the expansion's own text is left)


def choice_at(text: str, found, group, skip) -> tuple[str | None, int]:
    """A choice written out in the text (``found``: its name's match): its text, and its end."""
    parts = _parts(text, found, group, skip)
    return (None, found.end()) if parts is None else (text[found.start():parts[1]], parts[1])


def _parts(text: str, found, group, skip):
    """A choice's parts (the branches; for \\@ifnextchar the character looked for first; for
    \\@dblarg the command) and where it ends, or None."""
    name, at, parts = found.group(1), found.end(), []
    if name == "@dblarg":
        at = skip(text, at)
        braced = group(text, at, "{", "}")
        command = re.match(r"\\[A-Za-z@]+", text[at:at + 200]) if braced is None else \
            re.fullmatch(r"\s*(\\[A-Za-z@]+)\s*", braced[0])
        if command is None:
            return None
        return ([command.group(0)], at + command.end()) if braced is None else ([command.group(1)], braced[1])
    if name != "@ifstar":
        at = skip(text, at)
        char = re.match(r"\{(.)\}|(\S)", text[at:at + 4])
        if char is None:
            return None
        parts.append(char.group(1) or char.group(2))
        at += char.end()
    for _ in range(2):
        branch = group(text, skip(text, at), "{", "}")
        if branch is None:
            return None
        parts.append(branch[0])
        at = branch[1]
    return parts, at
