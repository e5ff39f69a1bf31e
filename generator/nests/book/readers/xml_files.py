"""An XML book's files, read safely, and what their DOCTYPEs declare.

``Files`` reads every file of one book, only from inside the book's folder (the
folder of the file the user named), each decoded as it declares (``decode``).
lxml never opens a file or the network: ``declarations`` reads a DOCTYPE's
declarations itself (the entities it declares, in the file or in entity files
beside it), and ``doctype`` makes the DOCTYPE lxml is given: internal entities
as written, each external entity as a placeholder element (``PLACEHOLDER``, which
``nests.book.readers.xml_source`` replaces by the file it names), HTML's named
entities (``&eacute;``, which authors use undeclared) as the characters they
name, and a name declared only in a DTD that is not read (DocBook's, FreeBSD's)
as its own words, with one warning.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path

from nests.book.readers.common import MOST_READS, Report, book_bytes, confined
from nests.errors import NestsError, Problem

NS = "urn:nests:xml"
PLACEHOLDER = f"{{{NS}}}entity"      # element: an external entity's place (attribute ``name``)
_PREDEFINED = ("amp", "lt", "gt", "quot", "apos")
MAX_DEPTH = 16                       # includes inside includes (a loop ends here)
MAX_READS = MOST_READS               # files read for one book (an include "bomb" ends here)

_LIT = r'"[^"]*"|\'[^\']*\''
_DOCTYPE = re.compile(rf'<!DOCTYPE\s+([^\s\[>]+)(?:\s+(?:SYSTEM\s+({_LIT})|PUBLIC\s+({_LIT})(?:\s+({_LIT}))?))?\s*(\[)?')
PROLOG = re.compile(r"(?:\s+|<!--.*?-->|<\?.*?\?>)*", re.S)
_TOKEN = re.compile(rf"""
    (?P<skip>\s+|<!--.*?-->|<\?.*?\?>|<!(?:ELEMENT|ATTLIST|NOTATION)(?:{_LIT}|[^>"'])*>)
  | <!ENTITY\s+(?P<pe>%\s+)?(?P<name>[^\s%;"'<>]+)\s+(?P<body>(?:{_LIT}|[^>"'])*)>
  | %(?P<ref>[^\s;%]+);
  | (?P<end>\]\s*>)
""", re.S | re.X)
_EXTERNAL = re.compile(rf"\s*(?:SYSTEM\s+({_LIT})|PUBLIC\s+{_LIT}\s+({_LIT}))\s*(NDATA\s+\S+)?\s*$", re.S)
REFERENCE = re.compile(r"&([^\s;&#<>\"'%]+);")


@dataclass
class Entity:
    name: str
    value: str | None = None         # an internal entity's text, as written
    target: str = ""                 # an external entity's system id
    folder: Path = Path(".")         # what that id is relative to
    where: tuple[str, int] = ("", 0)


@dataclass
class Declared:
    """What a file's DOCTYPE declares, and whether a DTD that is not read may declare more."""
    entities: dict[str, Entity] = field(default_factory=dict)
    params: dict[str, Entity] = field(default_factory=dict)
    unread_dtd: str = ""             # names the DTD or entity file not read, if any
    public_id: str = ""
    root: str = ""


class Files:
    """The book's folder, and the reading of every file of one book."""

    def __init__(self, report: Report, path: Path, shown: str):
        self.report = report
        self.folder = path.resolve().parent
        self.main = path.resolve()
        self.shown_folder = Path(shown).parent
        self.reads = 0
        self.why = ""

    def shown(self, path: Path) -> str:
        return str(self.shown_folder / path.relative_to(self.folder))

    def locate(self, target: str, folder: Path) -> Path | None:
        """The file a system id or href names, if it lies inside the book's folder."""
        path, self.why = confined(self.folder, target, folder)     # (why not: for the warning)
        return path.resolve() if path is not None else None

    def read(self, path: Path, shown: str) -> str:
        """A file's text, decoded as it declares (one error line if it cannot be)."""
        self.reads += 1
        return decode(book_bytes(path, shown), shown)


def decode(raw: bytes, shown: str) -> str:
    """XML's bytes as text: a byte order mark, else the encoding the declaration
    names, else UTF-8. The declaration is blanked, its lines kept."""
    encoding = "utf-8"
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    elif raw.startswith(codecs.BOM_UTF8):
        raw = raw[3:]
    else:
        declared = re.match(rb"<\?xml[^>]*?encoding\s*=\s*[\"']([A-Za-z0-9._:-]+)[\"']", raw)
        if declared:
            encoding = declared.group(1).decode("ascii")
            try:
                codecs.lookup(encoding)
            except LookupError:
                raise NestsError(Problem(f"declares encoding {encoding!r}, which is not known", file=shown,
                                         line=1)) from None
    try:
        text = raw.decode(encoding)
    except UnicodeDecodeError as err:
        line = raw[:err.start].count(b"\n") + 1
        raise NestsError(Problem(f"is not {encoding} text as it declares (byte {err.start})", file=shown,
                                 line=line)) from None
    text = text.lstrip("\ufeff").replace("\r\n", "\n")
    return re.sub(r"^<\?xml[^>]*\?>", lambda d: "\n" * d.group(0).count("\n"), text)


# -- declarations ----------------------------------------------------------------
def declarations(text: str, shown: str, path: Path, files: Files, inherited: Declared | None = None):
    """The text without its DOCTYPE (its lines kept blank), and what it declares."""
    declared = Declared(dict(inherited.entities) if inherited else {}, dict(inherited.params) if inherited else {},
                        inherited.unread_dtd if inherited else "")
    start = PROLOG.match(text).end()
    found = _DOCTYPE.match(text, start)
    if not found:
        return text, declared
    declared.root = found.group(1)
    ids = [_unquote(g) for g in found.group(2, 3, 4)]
    declared.public_id = ids[1] or ""
    if ids[0] or ids[2]:
        declared.unread_dtd = declared.unread_dtd or (ids[0] or ids[2])
    end = found.end()
    if found.group(5):
        end = _subset(text, end, (shown, path.parent, 1), files, declared, 0, 1)
    else:
        end = text.index(">", end) + 1 if ">" in text[end:] else len(text)
    return text[:found.start()] + "\n" * text.count("\n", found.start(), end) + text[end:], declared


def _subset(text: str, pos: int, where, files: Files, declared: Declared, depth: int, first_line: int) -> int:
    """Reads declarations from ``pos`` to the subset's end; returns where it ends."""
    shown, folder, _ = where
    while pos < len(text):
        token = _TOKEN.match(text, pos)
        line = first_line + text.count("\n", 0, pos)
        if token is None:
            files.report.warn(line, "the DOCTYPE cannot be read past this point; what it declares "
                                    "further is not known", source=shown)
            close = text.find("]", pos)
            declared.unread_dtd = declared.unread_dtd or shown
            return len(text) if close < 0 else (text.find(">", close) + 1 or len(text))
        pos = token.end()
        if token.group("end"):
            return pos
        if token.group("name"):
            _declare(token, (shown, folder, line), declared)
        elif token.group("ref"):
            _expand_parameter(token.group("ref"), (shown, folder, line), files, declared, depth)
    return pos


def _declare(token, where, declared: Declared) -> None:
    shown, folder, line = where
    name, body = token.group("name"), token.group("body")
    table = declared.params if token.group("pe") else declared.entities
    if name in table or name in _PREDEFINED:
        return                                        # the first declaration of a name is the one
    literal = re.fullmatch(rf"\s*({_LIT})\s*", body, re.S)
    external = _EXTERNAL.match(body)
    if literal:
        table[name] = Entity(name, value=_unquote(literal.group(1)), folder=folder, where=(shown, line))
    elif external and not external.group(3):          # an unparsed (NDATA) entity is no text
        table[name] = Entity(name, target=_unquote(external.group(1) or external.group(2)), folder=folder,
                             where=(shown, line))


def _expand_parameter(name: str, where, files: Files, declared: Declared, depth: int) -> None:
    shown, folder, line = where
    entity = declared.params.get(name)
    if entity is None:
        declared.unread_dtd = declared.unread_dtd or f"%{name};"
        return
    if depth > MAX_DEPTH:
        files.report.warn(line, f"parameter entity %{name}; nested too deep (a loop?); not read", source=shown)
        return
    if entity.value is not None:
        _subset(entity.value + "]>", 0, where, files, declared, depth + 1, line)
        return
    path = files.locate(entity.target, entity.folder)
    if path is None or not path.is_file() or files.reads >= MAX_READS:
        declared.unread_dtd = declared.unread_dtd or entity.target
        why = f"is {files.why}" if path is None else "is not there" if not path.is_file() \
            else "is one file too many"
        files.report.warn(line, f"parameter entity %{name}; names {entity.target!r}, which {why}; "
                                f"it is not read", thing=f"%{name};", source=shown)
        return
    inner = files.shown(path)
    _subset(files.read(path, inner) + "]>", 0, (inner, path.parent, 1), files, declared, depth + 1, 1)


def _unquote(literal: str | None) -> str | None:
    return literal[1:-1] if literal else None


# -- the DOCTYPE lxml is given ------------------------------------------------------
def doctype(text: str, declared: Declared, shown: str, files: Files) -> str:
    """A one-line DOCTYPE declaring every entity ``text`` may use (see the module's doc)."""
    from html.entities import html5

    out = []
    for entity in declared.entities.values():
        if entity.value is not None:
            out.append(f'<!ENTITY {entity.name} "{_escaped(entity.value)}">')
        else:
            out.append(f"<!ENTITY {entity.name} \"<nests:entity xmlns:nests='{NS}' name='{entity.name}'/>\">")
    values = " ".join(e.value for e in declared.entities.values() if e.value)
    for found in REFERENCE.finditer(text + " " + values):
        name = found.group(1)
        if name in declared.entities or name in _PREDEFINED:
            continue
        if f"{name};" in html5:
            value = "".join(f"&#{ord(ch)};" for ch in html5[f"{name};"])
        elif declared.unread_dtd:
            line = text.count("\n", 0, found.start()) + 1 if found.start() < len(text) else 1
            files.report.warn(line, f"entity &{name}; is declared in {declared.unread_dtd!r}, which is not "
                                    f"read; it prints as written", thing=f"&{name};", source=shown)
            value = f"&#38;#38;{name};"
        else:
            continue                                  # the parser reports it, at its line
        declared.entities[name] = Entity(name, value=value)
        out.append(f'<!ENTITY {name} "{value}">')
    return f"<!DOCTYPE {declared.root or 'book'} [{' '.join(out)}]>"


def _escaped(value: str) -> str:
    return value.replace("%", "&#37;").replace('"', "&#34;").replace("\n", "&#10;")
