"""An XML book's files as one parsed tree: each file's tree (its DOCTYPE read by
``nests.book.readers.xml_files``), with the chapters pulled in by external entity
or XInclude spliced in, read only from inside the book's folder.

Each entity placeholder and each ``xi:include`` is replaced by the file it names,
or by a ``MISSING`` element and a warning at the reference's own file and line.
Included elements carry the file they came from in a ``SOURCE`` attribute; text an
included file holds outside any element stands in a ``TEXT`` element that carries it.
"""

from __future__ import annotations

import re
from pathlib import Path

from nests.book.readers.xml_files import (MAX_DEPTH, MAX_READS, NS, PLACEHOLDER, PROLOG, REFERENCE, Declared, Files,
                                          declarations, doctype)
from nests.errors import NestsError, Problem

SOURCE = f"{{{NS}}}source"          # attribute: the file (as shown) an included element came from
TEXT = f"{{{NS}}}text"              # element: an included file's text outside any element
MISSING = f"{{{NS}}}missing"        # element: an include not read (attribute ``what``), already warned
_FRAGMENT = "nests-fragment"         # wraps an entity file, which may hold many elements and text
XINCLUDE = ("http://www.w3.org/2001/XInclude", "http://www.w3.org/2003/XInclude")


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
            first = re.compile(r"<[^\s/>!?]+").match(body, PROLOG.match(body).end()) if prefix else None
            if first is None:
                raise NestsError(Problem(_in_our_words(message), file=shown, line=err.lineno or None)) from None
            files.report.warn(err.lineno or 1, f"namespace prefix {prefix.group(1)!r} is declared nowhere "
                                               f"in the file; its elements are read as unknown", source=shown)
            body = body[:first.end()] + f' xmlns:{prefix.group(1)}="{NS}:undeclared"' + body[first.end():]
    raise NestsError(Problem("is not well-formed XML: too many undeclared namespace prefixes", file=shown))


# libxml2's limits (lxml's huge_tree stays off), said in the press's words.
_LIMITS = (("Excessive depth", "elements nested more than 256 deep, past the XML parser's limit; not read"),
           ("Text node too long", "a text of more than 10,000,000 characters without markup, past the XML "
                                  "parser's limit; not read"),
           ("amplification", "entities that expand to far more text than the file holds (entities that "
                             "multiply each other); not read"),
           ("XML_PARSE_HUGE", "a name, value or text past the XML parser's size limits; not read"))


def _in_our_words(message: str) -> str:
    for said, ours in _LIMITS:
        if said in message:
            return ours
    return f"is not well-formed XML: {message}"


def _entity_lines(root, body: str) -> None:
    """Elements an entity's text held carry lines counted in that text: they take
    the line of what stands before them; a placeholder, its reference's line."""
    from bisect import bisect_right

    breaks = [found.start() for found in re.finditer("\n", body)]
    refs: dict[str, list[int]] = {}
    for found in REFERENCE.finditer(body):
        refs.setdefault(found.group(1), []).append(bisect_right(breaks, found.start()) + 1)
    seen: dict[str, int] = {}
    last = 0
    for el in root.iter():
        if el.tag == PLACEHOLDER:
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
        for el in list(root.iter(PLACEHOLDER, *(f"{{{ns}}}include" for ns in XINCLUDE))):
            if el.tag == PLACEHOLDER:
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
            self.refuse(el, what, f"{what} names {target!r}, which is {self.files.why}; it is not read")
        elif not path.is_file():
            self.refuse(el, what, f"{what} names {target!r}, which is not there")
        elif self.depth >= MAX_DEPTH or self.files.reads >= MAX_READS:
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
            # (a file's text may hold what no XML text can, a NUL or a control character: left out, said once)
            text, unfit = _XML_UNFIT.subn("", self.files.read(path, shown).replace("\r\n", "\n"))
            if unfit:
                self.refuse(el, f"include of {href!r}", f"include of {href!r} holds {unfit} control character"
                                                        f"{'s' if unfit > 1 else ''} no XML text may hold; left out")
            _put_text(el, text)
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


# What XML 1.0 text may not hold (its Char production): control characters but tab and line ends,
# surrogates, U+FFFE and U+FFFF
_XML_UNFIT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


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
