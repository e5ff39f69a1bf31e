"""What one LaTeX book's files share: where an include is found, which files
are being read (a file that includes itself is refused), the author's commands,
and the switches its conditionals test.

Includes are found as LaTeX finds them: ``\\input`` and ``\\include`` from the
folder the book is typeset in (the main file's) or, inside an ``\\import``,
from the folder imported; ``\\subimport`` from the importing file's folder;
``\\subfile`` from the file that names it. A name without ``.tex`` is tried
with it first. Nothing outside the book's folder is read.

Switches: etoolbox's toggles and booleans and ifthen's booleans, set as the
book goes (``\\toggletrue``, ``\\setboolean``…); ``\\iftoggle``, ``\\ifbool``
and ``\\ifthenelse`` take the branch their values select; ``\\IfFileExists``
the first when the file is in the book's folder. A condition this
reader cannot decide takes its first branch, with a warning.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from nests.book.readers.common import MOST_READS, confined

DEEPEST = 24            # includes inside includes: deeper than this is refused (a loop LaTeX would not end)


@dataclass
class FoundInclude:
    """An include's file, or why it is not read."""
    path: Path | None = None
    base: Path | None = None            # the folder \input resolves against inside it
    why: str = ""


@dataclass
class BookFiles:
    root: Path                          # the main file's folder, resolved
    main: str                           # the main file as the user named it
    reading: list[Path] = field(default_factory=list)
    reads: int = 0                      # files read in all (MOST_READS at most)
    commands: dict = field(default_factory=dict)         # see latex_macros
    environments: dict = field(default_factory=dict)     # the book's own environments: name → begin code
    graphics: list[str] = field(default_factory=list)    # the folders \graphicspath names
    switches: dict[str, bool] = field(default_factory=dict)
    theorems: dict[str, str] = field(default_factory=lambda: {"proof": "Proof"})   # \newtheorem: name → printed name
    toc_rank: int | None = None         # \setcounter{tocdepth}{N}
    pdf_title: str = ""                 # hyperref's pdftitle: the title of a book that sets no \title
    matter: str = "main"                # \frontmatter, \mainmatter, \backmatter: chapters numbered in "main" only
    appendix: bool = False              # after \appendix: chapters (an article's sections) lettered A, B…
    counters: dict[int, int] = field(default_factory=dict)   # \setcounter{chapter}{N}: level → the next number
    number_depth: int | None = None     # \setcounter{secnumdepth}{N}: levels deeper than N carry no number
    by_chapter: bool = False            # the class counts figures and tables within chapters
    whole: bool = False                 # the main file is a whole document (\begin{document}), not a fragment
    made_title: bool = False            # \maketitle was read: LaTeX prints a title page (else none)
    class_toc_rank: int | None = None   # the class's own tocdepth (an article's 3, a book's 2)
    class_options: list[str] = field(default_factory=list)   # \documentclass[…]: babel reads its languages
    language: str = ""                  # babel's or polyglossia's main language, as a BCP 47 tag
    hyphenate: bool = True              # False: hyphenat's [none] (or \hyphenpenalty=10000)
    hyphenation: dict[str, str] = field(default_factory=dict)   # \hyphenation{…}: word → its break points
    glossary: dict[str, tuple[str, str]] = field(default_factory=dict)   # key → (short, long) words
    glossed: set[str] = field(default_factory=set)                       # entries used once already
    columns: int | None = None          # the class's twocolumn option: 2
    open_right: bool = False            # chapters open on a right-hand page: the book class's openright
    paper: str | None = None            # the class's or geometry's paper option: "a4", "letter"
    classes: dict = field(default_factory=dict)          # a book class's own counters and settings (latex_rpg)

    def gloss(self, command: str, key: str) -> str | None:
        """What ``\\gls{key}`` and its kin print: an acronym's long form and short one at its
        first use (``\\acrfull`` always), the short after (``\\acrlong`` the long); a plural
        takes an s, a capital command a capital; None for an entry never defined."""
        if key not in self.glossary:
            return None
        short, long = self.glossary[key]
        name = command.lower()
        if name.startswith(("acrfull", "acf", "glsfmtfull")):
            form = "full"
        elif name.startswith(("acrlong", "acl", "glsfmtlong")):
            form = "long"
        elif name.startswith(("acrshort", "acs", "glsfmtshort", "glsfmttext")):
            form = "short"
        else:                                     # \gls, \ac: an acronym in full the first time
            form = "full" if short != long and key not in self.glossed else "short"
        said = {"full": f"{long} ({short})", "long": long, "short": short}[form]
        self.glossed.add(key)
        if name.endswith("pl") or name in ("acp", "acsp", "aclp", "acfp"):
            said += "s"
        if command.isupper():
            return said.upper()
        return said[:1].upper() + said[1:] if command[:1].isupper() else said

    def find(self, command: str, args: list[str], here: Path, base: Path) -> FoundInclude:
        """The file ``\\command{args}`` reads, from the file ``here`` whose \\input
        resolves against ``base``."""
        if command in ("import", "subimport", "inputfrom", "subinputfrom", "includefrom", "subincludefrom"):
            folder, name = (args + ["", ""])[:2]
            start = self.root if command in ("import", "inputfrom", "includefrom") else base
            imported = (start / folder) if folder.strip() else start
            places, base = [imported], imported
        elif command == "subfile":
            name, places = (args or [""])[0], [here.parent, base, self.root]
        else:
            name, places = (args or [""])[0], [base, here.parent, self.root]
        name = name.strip()
        if not name:
            return FoundInclude(why="names no file")
        names = [name] if name.endswith(".tex") else [name + ".tex", name]
        outside = ""
        for place in dict.fromkeys(places):
            for candidate in names:
                path, why = confined(self.root, candidate, place)
                if path is None:
                    outside = outside or why          # never looked at, let alone read
                elif path.is_file():
                    return self._checked(path, name, base if command not in ("input", "include", "subfile") else None)
        if outside:
            return FoundInclude(why=f"{name!r}, which is {outside}; not read")
        return FoundInclude(why=f"{name!r}, which is not there")

    def _checked(self, path: Path, name: str, base: Path | None) -> FoundInclude:
        resolved = path.resolve()
        if resolved in self.reading:
            return FoundInclude(why=f"{name!r} is already being read (it includes itself); not read again")
        if len(self.reading) > DEEPEST:
            return FoundInclude(why=f"{name!r} is nested more than {DEEPEST} includes deep; not read")
        self.reads += 1
        if self.reads > MOST_READS:
            return FoundInclude(why=f"{name!r} would be file number {self.reads} this book reads, past "
                                    f"{MOST_READS} (includes that multiply each other?); not read")
        return FoundInclude(path=path, base=base)

    def shown(self, path: Path) -> str:
        """An included file as the user would name it: beside the main file as they gave it."""
        within = os.path.relpath(path.resolve(), self.root)
        return os.path.normpath(os.path.join(os.path.dirname(self.main), within))

    # -- switches ----------------------------------------------------------
    def set(self, command: str, args: list[str]) -> None:
        """A switch declared or set: ``\\newtoggle{x}``, ``\\setboolean{x}{true}``…"""
        name = args[0].strip() if args else ""
        if command in ("newtoggle", "newbool", "newboolean", "providetoggle", "providebool", "provideboolean"):
            self.switches.setdefault(name, False)
        elif command in ("toggletrue", "booltrue"):
            self.switches[name] = True
        elif command in ("togglefalse", "boolfalse"):
            self.switches[name] = False
        elif len(args) > 1:                           # \settoggle, \setbool, \setboolean {x}{true}
            self.switches[name] = args[1].strip().lower() == "true"

    def decide(self, command: str, args: list[str]) -> bool | None:
        """Whether a conditional takes its first branch; None when this reader cannot tell."""
        if command == "IfFileExists":                 # a file of the book (never looked for outside it)
            name = args[0].strip()
            # (a picture through \graphicspath too: a book's test of whether its picture is there)
            folders = [self.root] + [self.root / g for g in self.graphics] if "." in name[-5:] else [self.root]
            return any((path := confined(self.root, n, folder)[0]) is not None and path.is_file()
                       for folder in folders
                       for n in ([name] if name.endswith(".tex") else [name + ".tex", name]) if name)
        if command in ("iftoggle", "ifbool", "nottoggle", "notbool"):
            value = self.switches.get(args[0].strip())
            return None if value is None else value != command.startswith("not")
        return _condition(args[0], self.switches)


_TOKENS = re.compile(r"\\(NOT|AND|OR|boolean|equal|isodd|lengthtest)\b|\\\(|\\\)|\{((?:[^{}]|\{[^{}]*\})*)\}"
                     r"|(-?\d+)\s*([<>=])\s*(-?\d+)|(\S)")


def _condition(text: str, switches: dict[str, bool]) -> bool | None:
    """ifthen's test: \\boolean{x}, \\equal{a}{b}, \\isodd{n}, numbers compared with
    < = >, joined by \\AND, \\OR and \\NOT, grouped by \\( \\). None if anything is unknown."""
    tokens = []
    for found in _TOKENS.finditer(text):
        word, group, left, op, right, other = found.groups()
        if other is not None:
            return None
        tokens.append(("group", group) if group is not None else
                      ("cmp", (int(left), op, int(right))) if op else
                      (word or found.group(0), None))
    try:
        value, rest = _either(tokens, switches)
    except (LookupError, ValueError):
        return None
    return value if not rest else None


def _either(tokens, switches):
    value, tokens = _both(tokens, switches)
    while tokens and tokens[0][0] == "OR":
        other, tokens = _both(tokens[1:], switches)
        value = value or other
    return value, tokens


def _both(tokens, switches):
    value, tokens = _one(tokens, switches)
    while tokens and tokens[0][0] == "AND":
        other, tokens = _one(tokens[1:], switches)
        value = value and other
    return value, tokens


def _one(tokens, switches):
    kind, arg = tokens[0]
    if kind == "NOT":
        value, rest = _one(tokens[1:], switches)
        return not value, rest
    if kind == "\\(":
        value, rest = _either(tokens[1:], switches)
        if not rest or rest[0][0] != "\\)":
            raise ValueError("unclosed")
        return value, rest[1:]
    if kind == "boolean":
        return switches[tokens[1][1].strip()], tokens[2:]
    if kind == "equal":
        return tokens[1][1].strip() == tokens[2][1].strip(), tokens[3:]
    if kind == "isodd":
        return int(tokens[1][1]) % 2 == 1, tokens[2:]
    if kind == "cmp":
        left, op, right = arg
        return {"<": left < right, "=": left == right, ">": left > right}[op], tokens[1:]
    raise ValueError(kind)
