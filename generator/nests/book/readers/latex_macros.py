"""The author's own LaTeX commands, expanded before the source is parsed.

A book that says ``\\newcommand{\\game}{Moth Lanterns}`` and then ``\\game{}``
means the words: without this, the parser would print the definition where it
stands and nothing where it is used. ``\\newcommand``, ``\\renewcommand``,
``\\providecommand`` (with ``[n]`` arguments and an optional default) and a
``\\def`` (``\\def \\name {…}`` too, spaced as TeX allows) are read; each
definition is taken out of the text (its line breaks kept, so every later line
keeps its number) and each
use replaced by the body, its ``#1``… by the arguments. ``\\let\\new\\old``
makes ``\\new`` a name of ``\\old``. Expansion is bounded: a command still
expanding after ``ROUNDS`` rounds (one that uses itself) and a text grown past
``LARGEST_EXPANSION`` (definitions that multiply each other) are an error at the
use's line (``Unbounded``), never a long wait or a silent cut.

A book that redefines a sectioning command (``\\renewcommand{\\section}…``,
``\\let\\section\\chapter``) restyles its headings: they stay headings, so such
a definition is taken out and not applied.
"""

from __future__ import annotations

import re

from nests.book.readers.latex_conditionals import decided, settled
from nests.book.readers.latex_parameters import (SELECTORS, choice_at, decide_tests, latex_signature, select, substituted, take,
                                                 tex_signature, xparse_signature)

_DEFINE = re.compile(r"\\(?:renewcommand|newcommand|providecommand)\*?"
                     r"|\\(?:New|Renew|Provide|Declare)DocumentCommand(?![A-Za-z@])"
                     r"|\\[gex]?def(?=\s*\\[A-Za-z@]+(?:[^{}%\n#\\]|\\[A-Za-z@]+|#\d)*\{)"
                     r"|\\let(?=\s*\\[A-Za-z@]+\s*=?\s*\\[A-Za-z@]+(?![A-Za-z@]))")
# titlesec's \titleformat* takes two arguments where \titleformat takes five: a name of its own,
# so that the parser never reads the next command (a heading, \begin{document}) as its arguments.
_SHORT_FORMAT = re.compile(r"\\titleformat\s*\*")
# titlesec's \\titleclass{\\name}{straight}[\\parent]: a new heading, one level below its parent's
_TITLECLASS = re.compile(r"\\titleclass\s*\{\s*\\([A-Za-z@]+)\s*\}\s*\{\s*\w+\s*\}\s*\[\s*\\([A-Za-z@]+)\s*\]")
_ENVIRONMENT = re.compile(r"\\(?:(?:re|provide)?newenvironment\*?|(New|Renew|Provide|Declare)DocumentEnvironment"
                          r"|(NewEnviron|RenewEnviron))\s*\{\s*([A-Za-z@*]+)\s*\}")
# what follows an environment's name: \\newenvironment's [n][default]{begin}{end}, xparse's
# {spec}{begin}{end}, environ's [n][default]{begin}[end]
_ENVIRONMENT_PARTS = {None: ("[]", "[]", "{}", "{}"), "xparse": ("{}", "{}", "{}"), "environ": ("[]", "[]", "{}", "[]")}
_ENDINPUT = re.compile(r"\\endinput(?![A-Za-z@])")
# (@ is a letter in a package and after \makeatletter: \let\org@subfile\subfile)
_LET = re.compile(r"\\let\s*\\([A-Za-z@]+)\s*=?\s*\\([A-Za-z@]+)(?![A-Za-z@])")
# Plain TeX's brace-less \input name, which LaTeX still reads.
_BARE_INPUT = re.compile(r"\\input(?![A-Za-z@])[ \t]+([^\s{}\\%]+)")
# What marks a command's body as a program rather than text: it computes what it prints (datatool's
# loops over a table, keyval's settings, TeX's arithmetic and names built from words), which only TeX
# can run. Such a command is not expanded: a use prints its arguments' words, never the program.
_PROGRAM = re.compile(r"\\(?:csname|DTL[A-Za-z]*|dtl[A-Za-z]*|setkeys|define@key|pgfkeys|pgfmathsetmacro|pgfmathparse"
                      r"|advance|multiply|divide|numexpr|FPeval|loop|foreach|whiledo|forloop|@for|ExplSyntaxOn"
                      r"|directlua|pdfstrcmp)(?![A-Za-z@])")
ROUNDS = 8                                  # commands inside commands, expanded in turn
LARGEST_EXPANSION = 2 ** 20                 # characters a file's text may grow to (or four times its size)
# Commands whose meaning the reader keeps whatever the book defines them as.
KEPT = ("part", "chapter", "section", "subsection", "subsubsection", "paragraph", "subparagraph")


def expand(text: str, commands: dict, keeps=None, switches: dict | None = None, on_program=None,
           environments: dict | None = None) -> str:
    """``text`` with its definitions taken out (added to ``commands``, which an
    included file shares with the book) and every use of a command expanded.
    ``keeps(name)``: whether a command keeps its meaning whatever the text defines
    it as (a package's redefinition of what the reader reads itself). ``switches``: the
    book's ``\\newif`` switches, when its conditionals are to be decided first
    (nests.book.readers.latex_conditionals). ``on_program(name, line)`` hears of each use of a
    command that computes its text (``_PROGRAM``), which prints its braced arguments' words.
    ``environments``: the book's own environments by name, each its begin code (for its look)."""
    text = uncommented(text)
    if switches is not None:
        text = decided(text, switches)
    if "titleformat" in text:
        text = _SHORT_FORMAT.sub(r"\\titleformatstar", text)
    if "titleclass" in text:
        text = _TITLECLASS.sub(lambda found: _heading_class(found, commands), text)
    if _DEFINE.search(text):
        text = _definitions(text, commands, keeps)
    if "nviron" in text:
        text = _environments(text, environments if environments is not None else {})
    if not commands and "\\@" not in text:
        return settled(text)
    names = [*commands, *(s for s in SELECTORS if "\\" + s in text)]
    use = re.compile(r"\\(" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")(?![A-Za-z@])")
    limit = max(LARGEST_EXPANSION, 4 * len(text))
    for _ in range(ROUNDS + 1):
        out, pos, changed, size = [], 0, False, 0
        for found in use.finditer(text):
            if found.start() < pos or _escaped(text, found.start()):
                continue
            if found.group(1) in SELECTORS:          # \@ifstar… written out where it is used
                said, end = choice_at(text, found, _group, _skip)
                if said is None:
                    continue
                args, body = [], said
            else:
                signature, body = commands[found.group(1)]
                args, end = take(text, found.end(), signature, _group, _skip)
                if args is None:
                    continue
            if _ == ROUNDS:                           # still expanding: it uses itself
                raise Unbounded(f"\\{found.group(1)} is still expanding after {ROUNDS} rounds (a command "
                                f"that uses itself, or commands nested deeper); not read",
                                text.count("\n", 0, found.start()) + 1)
            if body is None:                          # a program: its braced arguments' words, said once
                if on_program is not None:
                    on_program(found.group(1), text.count("\n", 0, found.start()) + 1)
                body = " ".join("{" + arg + "}" for arg, param in zip(args, signature) if param.kind == "m")
            written = body if not args and found.group(1) in SELECTORS else None
            body = decide_tests(substituted(body, args), _group, _skip)
            body, end = select(body, text, end, _group, _skip)
            if body == written:
                continue                              # a choice with nothing to choose by: left as written
            # the use's own line breaks (an argument over several lines) kept as emptied
            # comments before it, which TeX reads as nothing: every later line keeps its number
            kept = "%\n" * text.count("\n", found.start(), end)
            said = re.sub(r"%\n[ \t]*", "", body).replace("\n", " ")
            if re.search(r"\\[A-Za-z@]+$", text[pos:found.start()]) and said[:1].isalpha():
                said = "{" + said + "}"               # \section\name: the words are its argument, not "\sectionWords"
            out.append(text[pos:found.start()] + kept + said)
            pos, changed, size = end, True, size + (found.start() - pos) + len(said)
            if size > limit:
                raise Unbounded(f"\\{found.group(1)} expands the text past {limit:,} characters "
                                f"(commands that multiply each other); not read",
                                text.count("\n", 0, found.start()) + 1)
        text = "".join(out) + text[pos:]
        if not changed:
            break
    return settled(text)


_VERBATIM_REGION = re.compile(r"(\\begin\{(?:verbatim\*?|Verbatim|lstlisting|minted|alltt|comment)\}.*?\\end\{[^}]*\})",
                              re.S)


# A comment, or an inline \verb"…" whose % is a character, not a comment (\verb"%" of the modulus)
_COMMENT = re.compile(r"(\\verb\*?([^A-Za-z\s*])[^\n]*?\2)|(?<!\\)%[^\n]*")


def uncommented(text: str) -> str:
    """Comments emptied (their ``%`` kept, so a line they end still joins the next
    as LaTeX joins it): a definition commented out is not read, and a comment inside
    a command's body does not swallow what follows where it is used. Verbatim text is
    left as written."""
    if "%" not in text:
        return text
    parts = _VERBATIM_REGION.split(text)
    for k in range(0, len(parts), 2):
        parts[k] = _COMMENT.sub(lambda found: found.group(0) if found.group(1) else "%", parts[k])
    return "".join(parts)


class Unbounded(Exception):
    """Expansion past a limit: the message and the line of the use that crossed it."""

    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.message, self.line = message, line


def ended(text: str) -> str:
    """A file's text (comments emptied) up to its ``\\endinput``: TeX reads the rest of
    that line and no more. Plain TeX's ``\\input name`` reads as ``\\input{name}``."""
    if "\\input" in text:
        parts = _VERBATIM_REGION.split(text)
        for k in range(0, len(parts), 2):
            parts[k] = _BARE_INPUT.sub(lambda found: "\\input{" + found.group(1) + "}", parts[k])
        text = "".join(parts)
    if "endinput" not in text:
        return text
    text = uncommented(text)
    verbatim = [found.span() for found in _VERBATIM_REGION.finditer(text)]
    for found in _ENDINPUT.finditer(text):
        if not _escaped(text, found.start()) and not any(a <= found.start() < b for a, b in verbatim):
            end = text.find("\n", found.end())
            return text[:found.start()] + (text[found.end():end] if end >= 0 else text[found.end():])
    return text


def _heading_class(found, commands: dict) -> str:
    """``\\titleclass{\\paragraphsection}{straight}[\\subsubsection]``: the new command makes the
    heading one level below its parent (a paragraph's, here); the declaration prints nothing."""
    name, parent = found.groups()
    below = KEPT[KEPT.index(parent) + 1] if parent in KEPT[:-1] else None
    if below is not None and name not in KEPT:
        commands[name] = ((), "\\" + below)
    return "\n" * found.group(0).count("\n")


def _environments(text: str, environments: dict) -> str:
    """``\\newenvironment{name}[n][default]{begin}{end}`` taken out (its lines kept): the
    begin and end code are the author's styling, and a ``\\begin`` in one with its
    ``\\end`` in the other would unbalance everything after. The environment's text is
    read where it is used, as that of any environment this reader does not know."""
    out, pos = [], 0
    for found in _ENVIRONMENT.finditer(text):
        if found.start() < pos or _escaped(text, found.start()):
            continue
        at = _between(text, found.end())
        kind = "xparse" if found.group(1) else "environ" if found.group(2) else None
        parts = _ENVIRONMENT_PARTS[kind]
        braced = []
        for k, (opening, closing) in enumerate(parts):
            group = _group(text, at, opening, closing)
            if group is None and opening == "{":
                break                                 # not a definition LaTeX would accept: left as written
            braced += [group[0]] if group and opening == "{" else []
            at = _between(text, group[1]) if group else at
        else:
            environments[found.group(3)] = braced[-2] if len(braced) >= 2 else ""
            out.append(text[pos:found.start()] + "\n" * text.count("\n", found.start(), at))
            pos = at
    return "".join(out) + text[pos:]


def _definitions(text: str, commands: dict[str, tuple[int, str | None, str]], keeps) -> str:
    """Definitions and ``\\let``s taken out, in the order they come (a ``\\let`` copies the
    meaning its command has there, as TeX's does)."""
    out, pos = [], 0
    saved: dict[str, str] = {}                         # \let\copy\name of a command the book has not defined
    for found in _DEFINE.finditer(text):
        if found.start() < pos or _escaped(text, found.start()):
            continue
        if found.group(0) == "\\let":
            let = _LET.match(text, found.start())
            new, old = let.groups()
            # (a package's \let of a command the reader reads itself, often inside a test of
            # whether it is defined, which is not run here: \let\url\ahref, hevea's, is not applied)
            if new not in KEPT and not (keeps is not None and keeps(new)):
                if old not in commands:
                    saved[new] = old
                commands[new] = commands.get(old, ((), "\\" + old))
            out.append(text[pos:found.start()] + "\n" * let.group(0).count("\n"))
            pos = let.end()
            continue
        at = _skip(text, found.end())
        name = re.match(r"\{\s*\\([A-Za-z@]+)\s*\}|\\([A-Za-z@]+)", text[at:])
        if not name:
            continue
        at = _skip(text, at + name.end())
        signature = ()
        if found.group(0).endswith("DocumentCommand"):   # xparse: {\name}{s O{x} m}{body}
            spec = _group(text, _between(text, at), "{", "}")
            if spec is None:
                continue
            signature, at = xparse_signature(spec[0]), _between(text, spec[1])
        elif found.group(0).endswith("def"):             # TeX: \def\name[#1]#2{body}
            parameters = re.match(r"[^{]*", text[at:]).group(0)
            signature, at = tex_signature(parameters), at + len(parameters)
        else:                                            # LaTeX: \newcommand{\name}[2][default]{body}
            count, default = 0, None
            number = re.match(r"\[\s*(\d)\s*\]", text[at:])
            if number:
                count, at = int(number.group(1)), _skip(text, at + number.end())
                optional = _group(text, at, "[", "]")
                if optional:
                    default, at = optional[0], _skip(text, optional[1])
            signature = latex_signature(count, default)
        body = _group(text, at, "{", "}")
        if body is None:
            continue
        defined = name.group(1) or name.group(2)
        provided = found.group(0).lower().startswith("\\provide") and defined in commands   # kept as first defined
        # a package's command that switches math on and off inside itself would
        # unbalance the formula it is used in: it is not applied
        switching = keeps is not None and re.search(r"(?<!\\)\$|\\[()]", body[0])
        # \let\org@subfile\subfile, then \subfile redefined around \org@subfile: a wrapper of
        # LaTeX's own command, whose meaning the reader keeps (else it would use itself)
        wraps = any(old == defined and re.search(rf"\\{re.escape(new)}(?![A-Za-z@])", body[0])
                    for new, old in saved.items())
        kept = defined in KEPT or (keeps is not None and keeps(defined))
        # (a signature this reader cannot take: the definition is taken out, the command left unknown)
        if not kept and not provided and not switching and not wraps and signature is not None:
            commands[defined] = (signature, None if _PROGRAM.search(body[0]) else body[0])
        out.append(text[pos:found.start()] + "\n" * text.count("\n", found.start(), body[1]))
        pos = body[1]
    return "".join(out) + text[pos:]


def _group(text: str, at: int, opening: str, closing: str):
    """The text inside a balanced group starting at ``at`` and the index after it, or None."""
    if at >= len(text) or text[at] != opening:
        return None
    depth = 0
    for k in range(at, len(text)):
        ch = text[k]
        if ch == "\\":
            continue
        if ch == opening and (k == 0 or text[k - 1] != "\\"):
            depth += 1
        elif ch == closing and text[k - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[at + 1:k], k + 1
    return None


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t":
        at += 1
    return at


def _between(text: str, at: int) -> int:
    """Past what TeX skips between a command's arguments: spaces, one line break, an emptied comment."""
    while at < len(text) and (text[at] in " \t%" or (text[at] == "\n" and not text[at + 1:].lstrip(" \t").startswith("\n"))):
        at += 1
    return at


def _escaped(text: str, at: int) -> bool:
    """Whether the backslash at ``at`` is itself escaped (``\\\\newcommand`` is a line break and a word)."""
    slashes = len(text[:at]) - len(text[:at].rstrip("\\"))
    return slashes % 2 == 1
