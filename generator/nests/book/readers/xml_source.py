"""An XML book's files as one parsed tree, read safely: each file's declared
encoding, the entities its DOCTYPE declares (in the file or in entity files
beside it), and the chapters pulled in by external entity or XInclude, read
only from inside the book's folder (the folder of the file the user named).

lxml never opens a file or the network here. This module reads the DOCTYPE's
declarations itself and hands lxml a DOCTYPE of its own making: internal
entities as written, each external entity as a placeholder element, HTML's
named entities (``&eacute;``, which authors use undeclared) as the characters
they name, and a name declared only in a DTD that is not read (DocBook's,
FreeBSD's) as its own words, with one warning. Then each placeholder and each
``xi:include`` is replaced by the file it names, or by a ``MISSING`` element
and a warning at the reference's own file and line. Included elements carry
the file they came from in a ``SOURCE`` attribute; text an included file holds
outside any element stands in a ``TEXT`` element that carries it.
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote, urlparse

from nests.book.readers.common import Report
from nests.errors import NestsError, Problem

NS = "urn:nests:xml"
SOURCE = f"{{{NS}}}source"          # attribute: the file (as shown) an included element came from
TEXT = f"{{{NS}}}text"              # element: an included file's text outside any element
MISSING = f"{{{NS}}}missing"        # element: an include not read (attribute ``what``), already warned
_ENTITY = f"{{{NS}}}entity"         # placeholder for an external entity (attribute ``name``)
_FRAGMENT = "nests-fragment"         # wraps an entity file, which may hold many elements and text
XINCLUDE = ("http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude")
_PREDEFINED = ("amp", "lt", "gt", "quot", "apos")
_MAX_DEPTH = 16                      # includes inside includes (a loop ends here)
_MAX_READS = 2000                    # files read for one book (an include "bomb" ends here)

_LIT = r'"[^"]*"|\'[^\']*\''
_DOCTYPE = re.compile(rf'<!DOCTYPE\s+([^\s\[>]+)(?:\s+(?:SYSTEM\s+({_LIT})|PUBLIC\s+({_LIT})(?:\s+({_LIT}))?))?\s*(\[)?')
_PROLOG = re.compile(r"(?:\s+|<!--.*?-->|<\?.*?\?>)*", re.S)
_TOKEN = re.compile(rf"""
    (?P<skip>\s+|<!--.*?-->|<\?.*?\?>|<!(?:ELEMENT|ATTLIST|NOTATION)(?:{_LIT}|[^>"'])*>)
  | <!ENTITY\s+(?P<pe>%\s+)?(?P<name>[^\s%;"'<>]+)\s+(?P<body>(?:{_LIT}|[^>"'])*)>
  | %(?P<ref>[^\s;%]+);
  | (?P<end>\]\s*>)
""", re.S | re.X)
_EXTERNAL = re.compile(rf"\s*(?:SYSTEM\s+({_LIT})|PUBLIC\s+{_LIT}\s+({_LIT}))\s*(NDATA\s+\S+)?\s*$", re.S)
_REFERENCE = re.compile(r"&([^\s;&#<>\"'%]+);")


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

    def shown(self, path: Path) -> str:
        return str(self.shown_folder / path.relative_to(self.folder))

    def locate(self, target: str, folder: Path) -> Path | None:
        """The file a system id or href names, if it lies inside the book's folder."""
        url = urlparse(target)
        if url.scheme not in ("", "file") or url.netloc not in ("", "localhost"):
            return None
        path = (folder / unquote(url.path) if url.scheme else folder / target).resolve()
        return path if path.is_relative_to(self.folder) else None

    def read(self, path: Path, shown: str) -> str:
        """A file's text, decoded as it declares (one error line if it cannot be)."""
        self.reads += 1
        try:
            raw = path.read_bytes()
        except OSError as err:
            raise NestsError(Problem(f"cannot be read: {err.strerror}", file=shown)) from None
        return decode(raw, shown)


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
    start = _PROLOG.match(text).end()
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
    if depth > _MAX_DEPTH:
        files.report.warn(line, f"parameter entity %{name}; nested too deep (a loop?); not read", source=shown)
        return
    if entity.value is not None:
        _subset(entity.value + "]>", 0, where, files, declared, depth + 1, line)
        return
    path = files.locate(entity.target, entity.folder)
    if path is None or not path.is_file() or files.reads >= _MAX_READS:
        declared.unread_dtd = declared.unread_dtd or entity.target
        why = "is outside the book's folder" if path is None else "is not there" if not path.is_file() \
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
    for found in _REFERENCE.finditer(text + " " + values):
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


# -- parsing -------------------------------------------------------------------------
def parse(text: str, shown: str, path: Path, files: Files, inherited: Declared | None = None,
          fragment: dict | None = None, depth: int = 0):
    """One file's tree, its includes spliced in, and what it declares. ``fragment``:
    the file is an entity's text, read where it is referenced, with the
    namespaces (prefix → URI) in force there."""
    body, declared = declarations(text, shown, path, files, inherited)
    head = doctype(body, declared, shown, files)
    rest = body
    if fragment is not None:
        spaces = "".join(f' xmlns{":" + k if k else ""}="{v}"' for k, v in fragment.items())
        rest = f"<{_FRAGMENT}{spaces}>{body}</{_FRAGMENT}>"
    root = _parsed(head, rest, shown, files)
    if any(e.value is None or "<" in e.value for e in declared.entities.values()):
        _entity_lines(root, body)
    _Splicer(files, shown, path, declared, depth).splice(root)
    return root, declared


def _parsed(head: str, body: str, shown: str, files: Files):
    """lxml's tree of ``head`` (the DOCTYPE) and ``body``. A namespace prefix
    declared nowhere in the file (its DTD declares it, FreeBSD's ``its:``) is
    declared here, with one warning."""
    from lxml import etree

    parser = etree.XMLParser(resolve_entities="internal", no_network=True, load_dtd=False, huge_tree=False)
    for _ in range(32):
        try:
            return etree.fromstring((head + body).encode("utf-8"), parser=parser)
        except etree.XMLSyntaxError as err:
            message = re.sub(r",? line \d+, column \d+$", "", str(err.msg or err))
            prefix = re.match(r"Namespace prefix (\S+) (?:for \S+ )?on \S+ is not defined", message)
            first = re.compile(r"<[^\s/>!?]+").match(body, _PROLOG.match(body).end()) if prefix else None
            if first is None:
                raise NestsError(Problem(f"is not well-formed XML: {message}", file=shown,
                                         line=err.lineno or None)) from None
            files.report.warn(err.lineno or 1, f"namespace prefix {prefix.group(1)!r} is declared nowhere "
                                               f"in the file; its elements are read as unknown", source=shown)
            body = body[:first.end()] + f' xmlns:{prefix.group(1)}="{NS}:undeclared"' + body[first.end():]
    raise NestsError(Problem("is not well-formed XML: too many undeclared namespace prefixes", file=shown))


def _entity_lines(root, body: str) -> None:
    """Elements an entity's text held carry lines counted in that text: they take
    the line of what stands before them; a placeholder, its reference's line."""
    from bisect import bisect_right

    breaks = [found.start() for found in re.finditer("\n", body)]
    refs: dict[str, list[int]] = {}
    for found in _REFERENCE.finditer(body):
        refs.setdefault(found.group(1), []).append(bisect_right(breaks, found.start()) + 1)
    seen: dict[str, int] = {}
    last = 0
    for el in root.iter():
        if el.tag == _ENTITY:
            name = el.get("name", "")
            k = seen[name] = seen.get(name, -1) + 1
            lines = refs.get(name, [])
            if k < len(lines) and lines[k] >= last:
                el.sourceline = lines[k]
        line = el.sourceline or 0
        if line < last:
            el.sourceline = line = last
        last = line


class _Splicer:
    def __init__(self, files: Files, shown: str, path: Path, declared: Declared, depth: int):
        self.files, self.shown, self.path, self.declared, self.depth = files, shown, path, declared, depth

    def splice(self, root) -> None:
        for el in list(root.iter(_ENTITY, *(f"{{{ns}}}include" for ns in XINCLUDE))):
            if el.tag == _ENTITY:
                self.entity(el)
            else:
                self.xinclude(el)

    def refuse(self, el, what: str, message: str) -> None:
        self.files.report.warn(el.sourceline or 0, message, thing=what, source=self.shown)
        el.tag = MISSING
        el.attrib.clear()
        el.set("what", what)

    def open(self, el, target: str, folder: Path, what: str) -> Path | None:
        path = self.files.locate(target, folder)
        if path is None:
            self.refuse(el, what, f"{what} names {target!r}, which is outside the book's folder; it is not read")
        elif not path.is_file():
            self.refuse(el, what, f"{what} names {target!r}, which is not there")
        elif self.depth >= _MAX_DEPTH or self.files.reads >= _MAX_READS:
            self.refuse(el, what, f"{what} is nested too deep or is one file too many (a loop?); it is not read")
        else:
            return path
        return None

    def entity(self, el) -> None:
        name = el.get("name", "")
        entity = self.declared.entities[name]
        path = self.open(el, entity.target, entity.folder, f"entity &{name};")
        if path is not None:
            shown = self.files.shown(path)
            spaces = {k or "": v for k, v in (el.getparent().nsmap if el.getparent() is not None else {}).items()}
            inner, _ = parse(self.files.read(path, shown), shown, path, self.files, self.declared,
                             fragment=spaces, depth=self.depth + 1)
            _replace(el, inner, shown)

    def xinclude(self, el) -> None:
        href, how = el.get("href", ""), el.get("parse", "xml")
        fallback = next((c for c in el if isinstance(c.tag, str) and c.tag.endswith("}fallback")), None)
        path = self.files.locate(href, self.path.parent) if href else None
        if fallback is not None and (path is None or not path.is_file()):
            _replace(el, fallback, "")
            return
        path = self.open(el, href, self.path.parent, f"include of {href!r}") if href else None
        if path is None:
            if not href:
                self.refuse(el, "include", "an include without href is not read")
            return
        shown = self.files.shown(path)
        if how == "text":
            _put_text(el, self.files.read(path, shown).replace("\r\n", "\n"))
            return
        inner, _ = parse(self.files.read(path, shown), shown, path, self.files, None, depth=self.depth + 1)
        chosen = _pointed(inner, el.get("xpointer", ""))
        if chosen is None:
            self.refuse(el, f"include of {href!r}", f"include of {href!r} points to "
                                                    f"{el.get('xpointer')!r}, which that file does not hold")
            return
        holder = inner.makeelement(_FRAGMENT)
        holder.append(chosen)
        _replace(el, holder, shown)


def _pointed(root, pointer: str):
    """The element an XPointer names: a bare id, element(id) or xpointer(id('id')); none: the root."""
    if not pointer:
        return root
    found = re.fullmatch(r"\s*(?:xpointer\(id\(['\"](.+?)['\"]\)\)|element\(([^/)]+)\)|([\w.:-]+))\s*", pointer)
    name = next((g for g in found.groups() if g), None) if found else None
    if name is None:
        return None
    for el in root.iter():
        if isinstance(el.tag, str) and name in (el.get("id"), el.get("{http://www.w3.org/XML/1998/namespace}id")):
            return el
    return None


def _replace(el, holder, shown: str) -> None:
    """``el`` replaced by what ``holder`` holds, marked as coming from ``shown``."""
    parent = el.getparent()
    if parent is None:
        return
    at = parent.index(el)
    pieces = []
    if (holder.text or "").strip():
        pieces.append(_text_element(holder, holder.text, holder.sourceline, shown))
    for child in list(holder):
        tail = child.tail
        child.tail = None
        if isinstance(child.tag, str) and shown and not child.get(SOURCE):
            child.set(SOURCE, shown)
        pieces.append(child)
        if (tail or "").strip():
            pieces.append(_text_element(holder, tail, _last_line(child), shown))
    tail = el.tail
    parent.remove(el)
    for k, piece in enumerate(pieces):
        parent.insert(at + k, piece)
    _add_tail(parent, at + len(pieces) - 1, tail)


def _text_element(holder, text: str, line: int, shown: str):
    el = holder.makeelement(TEXT)
    el.text = text
    el.sourceline = line or 1
    if shown:
        el.set(SOURCE, shown)
    return el


def end_line(el) -> int:
    """The line an element's end tag stands on (lxml gives only the start's); when its
    last child was included (its lines are another file's), where its own text ends."""
    if not isinstance(el.tag, str):
        return el.sourceline or 0
    children = list(el)
    if children and not (isinstance(children[-1].tag, str) and children[-1].get(SOURCE)):
        last = children[-1]
        return end_line(last) + (last.tail or "").count("\n")
    return (el.sourceline or 0) + (el.text or "").count("\n")


def _last_line(el) -> int:
    lines = [n.sourceline or 0 for n in el.iter()]
    return max(lines, default=0)


def _put_text(el, text: str) -> None:
    parent = el.getparent()
    at = parent.index(el)
    tail = el.tail
    parent.remove(el)
    _add_tail(parent, at - 1, text + (tail or ""))


def _add_tail(parent, index: int, text: str | None) -> None:
    if not text:
        return
    if index < 0:
        parent.text = (parent.text or "") + text
    else:
        before = parent[index]
        before.tail = (before.tail or "") + text
