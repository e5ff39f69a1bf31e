"""A DocBook book (4 or 5, with or without DocBook 5's namespace) read into the book model.

The XML reader hands over any file whose root and namespace, DOCTYPE or
elements are DocBook's (``is_docbook``); ``--from docbook`` and the ``.dbk``
extension ask for this reader directly. ``xml_files`` and ``xml_source`` have
already read the file's encoding, its entities and the chapters its external
entities and XIncludes pull in, from inside the book's folder only.

Every element is read by the handler registered for its name
(``docbook_inline.HANDLERS``): sections become headings at their depth (the
book's own title unnumbered), blocks become paragraphs, lists, tables, boxes
and verbatim lines, inlines become words. An element no handler knows keeps
its words and is reported once per name, at its own file and line. Index
terms and generated lists (table of contents, index) are not text. The book's
own info (authors, editor, date, release, copyright, subtitle) is its title
page's (``_TITLE_PAGE``); the rest of it prints under the book's title.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import (INLINES, ParagraphEnd, Report, children, finish, flatten, merge_text, strip,
                                       walk, words)
from nests.book.readers.credits import credit, credited, names
from nests.book.readers.docbook_blocks import DocBookBlocks
from nests.book.readers.docbook_inline import DOCBOOK_NS, DROPPED, HANDLERS, XML_ID, DocBookInlines, Entry, handles, local
from nests.book.readers.docbook_tables import DocBookTables
from nests.book.readers.xml_files import Declared, Files, decode
from nests.book.readers.xml_source import MISSING, SOURCE, TEXT, end_line, parse

_ROOTS = ("book", "article", "chapter", "part", "set", "preface", "appendix", "section", "sect1",
          "reference", "refentry")
# Elements only DocBook has (the project's own XML vocabulary has none of them).
_MARKERS = {"para", "simpara", "sect1", "bookinfo", "articleinfo", "info", "itemizedlist", "orderedlist",
            "variablelist", "programlisting", "screen", "formalpara", "ulink", "xref"}
_SECTIONS = ("set", "book", "part", "reference", "chapter", "appendix", "article", "preface", "glossary",
             "bibliography", "colophon", "dedication", "acknowledgements", "sect1", "sect2", "sect3", "sect4",
             "sect5", "section", "simplesect", "refsect1", "refsect2", "refsect3", "refsection",
             "refsynopsisdiv", "glossdiv", "bibliodiv", "qandadiv", "refentry", "topic", "index", "setindex")
# What DocBook's tools call a section the source leaves untitled (else its name, capitalised).
_DEFAULT_TITLES = {"refsynopsisdiv": "Synopsis", "setindex": "Index"}
_GENERATED = ("index", "setindex")                       # written by DocBook's tools when empty
# Front and back matter carry no number, nor do the sections inside them.
_UNNUMBERED = ("preface", "colophon", "dedication", "acknowledgements", "glossary", "bibliography", "index",
               "setindex", "simplesect", "glossdiv", "bibliodiv", "qandadiv")
_INFO = ("info", "bookinfo", "articleinfo", "chapterinfo", "appendixinfo", "prefaceinfo", "partinfo",
         "setinfo", "referenceinfo", "refentryinfo", "refsect1info", "refsect2info", "refsect3info",
         "refsectioninfo", "refsynopsisdivinfo", "glossaryinfo", "bibliographyinfo", "indexinfo",
         "sect1info", "sect2info", "sect3info", "sect4info", "sect5info", "sectioninfo", "blockinfo",
         "objectinfo")
_TITLES = ("title", "titleabbrev", "subtitle")
# The book's own info parts its title page prints, each as the credit it is (the rest print
# under its title, in the body); the parts of a person's name it prints.
_TITLE_PAGE = {"subtitle": "subtitle", "author": "author", "corpauthor": "author", "editor": "editor",
               "pubdate": "date", "date": "date", "releaseinfo": "version", "edition": "version",
               "copyright": "copyright"}
_NAME_PARTS = ("honorific", "firstname", "givenname", "othername", "surname", "lineage")
# An info element's parts, by name → the reader's method that prints them.
_INFO_PARTS = {"subtitle": "info_subtitle", "authorgroup": "info_people", "copyright": "info_copyright",
               **dict.fromkeys(("author", "editor", "othercredit", "collab", "corpauthor", "publisher"),
                               "info_person"),
               **dict.fromkeys(("abstract", "legalnotice", "revhistory", "address", "mediaobject", "bibliomisc"),
                               "node")}


def is_docbook(root, declared: Declared) -> bool:
    """The tree is DocBook: its namespace, its DOCTYPE, or a DocBook root holding DocBook's own elements."""
    if root.tag.startswith(f"{{{DOCBOOK_NS}}}"):
        return True
    if "docbook" in f"{declared.public_id} {declared.unread_dtd}".lower():
        return True
    return local(root) in _ROOTS and any(local(el) in _MARKERS for el in root.iter())


def read_bytes(raw: bytes, shown: str, path: Path) -> m.Book:
    report = Report(shown)
    files = Files(report, Path(path), shown)
    root, _ = parse(decode(raw, shown), shown, Path(path), files)
    return read_tree(root, report, files)


def read_tree(root, report: Report, files: Files) -> m.Book:
    reader = _DocBook(report, files)
    blocks = place_notes(reader.as_blocks(reader.node(root, top=True)), reader.notes)
    blocks += list(reader.notes.values())                # mentioned nowhere a block stands (a note's own note)
    # (a lone top section over all the others is the book's title, unnumbered, as a lone # is)
    book = finish(blocks, report, title=reader.title, aliases=reader.aliases)
    # a book counts its figures, tables and examples within each chapter ("Figure 2.1")
    book = dataclasses.replace(book, by_chapter=local(root) == "book")
    return credited(book, {k: names(v) for k, v in reader.credits.items()})


def place_notes(blocks: list, notes: dict[str, m.Footnote]) -> list:
    """Each footnote just after the block that first mentions it, in the innermost
    run of blocks holding that block (inside a list item, a box, a definition)."""
    out = []
    for block in blocks:
        _place_inside(block, notes)
        out.append(block)
        for ref in walk([block]):
            if isinstance(ref, m.FootnoteRef) and ref.label in notes:
                out.append(notes.pop(ref.label))
    return out


def _place_inside(node, notes: dict[str, m.Footnote]) -> None:
    for group in children(node):
        if any(isinstance(n, INLINES + (m.Cell,)) for n in group):
            continue                                     # words: their notes go after the block
        if any(isinstance(n, (m.ListItem, m.Definition)) for n in group):
            for item in group:
                _place_inside(item, notes)
        else:
            group[:] = place_notes(group, notes)


class _DocBook(DocBookInlines, DocBookBlocks, DocBookTables):
    def __init__(self, report: Report, files: Files):
        self.report, self.files = report, files
        self.source = report.source
        self.title = ""
        self.aliases: dict[str, str] = {}
        self.owners: list[m.Node] = []                   # what an id inside names: the innermost heading…
        self.depth = 0                                   # sections around the one being read
        self.numbered = True                             # False inside front and back matter
        self.notes: dict[str, m.Footnote] = {}           # label → footnote, placed once the book is read
        self.footnotes = self.callouts = 0
        self.footnote_ids: dict[str, str] = {}
        self.ids: dict | None = None                     # id → element, for xref's endterm and xreflabel
        self.unknown: set[str] = set()
        self.named: set[str] = set()                     # ids already given to what they name
        self.credits: dict[str, list[str]] = {}          # the book's title page: author, editor, date…

    # -- dispatch ----------------------------------------------------------------------
    def node(self, el, top: bool = False) -> list:
        """An element's items, read by its handler, as the file it came from."""
        if not isinstance(el.tag, str):
            return []
        came_from = el.get(SOURCE)
        before = self.source
        self.source = came_from or before
        try:
            if el.tag == TEXT:
                return self.words(el.text, self.line(el))
            if el.tag == MISSING:
                return [m.Missing(el.get("what", ""), **self.at(el))]
            name = local(el)
            if name in DROPPED:
                return []
            if top:
                return self.root(el)
            handler = HANDLERS.get(name)
            items = getattr(self, handler)(el) if handler else self.unknown_element(el, name)
            self.own(el)
            return items
        finally:
            self.source = before

    def unknown_element(self, el, name: str) -> list:
        if name not in self.unknown:
            self.unknown.add(name)
            held = "its text is kept" if "".join(el.itertext()).strip() else "it holds no text"
            self.report.warn(self.line(el), f"DocBook element <{name}> is not read by this reader; {held}",
                             thing=f"<{name}>", source=self.source)
        return self.content(el)

    def kids(self, el) -> list:
        return [c for c in el if isinstance(c.tag, str)]

    def at(self, el) -> dict:
        return {"source": self.source, "line": self.line(el)}

    def line(self, el) -> int:
        return el.sourceline or 0

    def own(self, el, node: m.Node | None = None) -> None:
        """An element's id names ``node`` (a heading, table, box) or else the innermost one around it."""
        name = el.get("id") or el.get(XML_ID)
        target = node if node is not None else (self.owners[-1] if self.owners else None)
        if not name or target is None or name in self.named:
            return
        self.named.add(name)
        if not getattr(target, "anchor", ""):
            target.anchor = name
        elif target.anchor != name:
            self.aliases.setdefault(name, target.anchor)

    # -- mixed content ------------------------------------------------------------------
    def content(self, el, skip=()) -> list:
        """An element's text and children, in order, as items."""
        items = self.words(el.text, self.line(el))
        for child in el:
            if isinstance(child.tag, str) and child not in skip:
                items += self.node(child)
            items += self.words(child.tail, end_line(child))
        return items

    def words(self, text: str | None, line: int) -> list:
        if not text:
            return []
        line += text[:len(text) - len(text.lstrip())].count("\n")
        return [m.Text(words(text), source=self.source, line=line)]

    def inlines(self, el) -> list:
        items = self.content(el)
        if any(not isinstance(item, INLINES) for item in items):
            # blocks where only words may stand (a title, a cell, a term): one under the other
            return strip(flatten(self.as_blocks(items)))
        return strip(items)

    def as_blocks(self, items: list) -> list:
        blocks: list = []
        run: list = []
        entries: list[m.Definition] = []

        def flush():
            inlines = strip(merge_text(run))
            if len(inlines) == 1 and isinstance(inlines[0], m.Missing):
                blocks.append(inlines[0])
            elif inlines:
                blocks.append(m.Paragraph(inlines, source=inlines[0].source, line=inlines[0].line))
            run.clear()
            if entries:
                blocks.append(m.DefinitionList(list(entries), source=entries[0].source, line=entries[0].line))
                entries.clear()

        for item in items:
            if isinstance(item, ParagraphEnd):
                flush()
            elif isinstance(item, INLINES):
                if entries and isinstance(item, m.Text) and not item.text.strip():
                    continue                             # the space between two entries of one list
                if entries:
                    flush()
                run.append(item)
            elif isinstance(item, Entry):
                if run:
                    flush()
                entries.append(item.definition)
            else:
                flush()
                blocks.append(item)
        flush()
        return blocks

    def blocks_of(self, el, skip=()) -> list:
        return self.as_blocks(self.content(el, skip))

    # -- structure ----------------------------------------------------------------------
    def root(self, el) -> list:
        """The book's (or article's) own title, unnumbered, above everything it holds."""
        title_el, info = self.title_of(el)
        heading = m.Heading(-10, self.inlines(title_el) if title_el is not None else [], numbered=False,
                            **self.at(title_el if title_el is not None else el))
        if local(el) not in ("book", "article", "set"):
            return self.section(el)                      # a chapter alone: a chapter
        self.title = m.plain(heading.title)
        self.own(el, heading)
        self.owners.append(heading)
        try:
            items = [heading] if heading.title else []
            for child in self.kids(el):                  # DocBook 5's <book><title/><subtitle/>
                if local(child) == "subtitle":
                    self.credit("subtitle", child)
            items += self.info(info, front=True) if info is not None else []
            # a book of parts: its chapters one level below the parts, in a part or not
            self.depth = 1 if any(local(c) == "part" for c in self.kids(el)) else 0
            items += self.content(el, skip=(title_el, info))
        finally:
            self.owners.pop()
        return items

    def title_of(self, el):
        """A section's title element (its own, or its info's) and its info element."""
        info = next((c for c in self.kids(el) if local(c) in _INFO), None)
        title = next((c for c in self.kids(el) if local(c) == "title"), None)
        if title is None and info is not None:
            title = next((c for c in self.kids(info) if local(c) == "title"), None)
        if title is None and local(el) == "refentry":     # its page's title, else its first name
            title = next((c for c in el.iter() if local(c) == "refentrytitle"), None)
            if title is None:
                title = next((c for c in el.iter() if local(c) == "refname"), None)
        return title, info

    @handles(*_SECTIONS)
    def section(self, el) -> list:
        name = local(el)
        if name in _GENERATED and not any(local(c) not in _TITLES + _INFO for c in self.kids(el)):
            self.report.warn(self.line(el), f"<{name}> is made by DocBook's tools from the index terms; "
                                            f"this reader makes none", thing=f"<{name}>", source=self.source)
            return []
        title_el, info = self.title_of(el)
        title = self.inlines(title_el) if title_el is not None else []
        if not title:
            title = [m.Text(_DEFAULT_TITLES.get(name, name.capitalize()), **self.at(el))]
        numbered = self.numbered and name not in _UNNUMBERED
        level = self.depth - 1 if name == "part" and self.depth > 0 else self.depth
        heading = m.Heading(level, title, numbered=numbered, part=name == "part", lettered=name == "appendix",
                            **self.at(title_el if title_el is not None else el))
        self.own(el, heading)
        outer = self.numbered
        step = 1 if level == self.depth else 0           # a part's chapters stand where the others do
        self.depth, self.numbered = self.depth + step, numbered
        self.owners.append(heading)
        try:
            items: list = [ParagraphEnd(), heading]
            if info is not None:
                items += self.info(info)
            skip = (title_el, info) + tuple(c for c in self.kids(el) if local(c) in ("titleabbrev", "subtitle"))
            items += self.content(el, skip=skip)
        finally:
            self.owners.pop()
            self.depth, self.numbered = self.depth - step, outer
        return items + [ParagraphEnd()]

    @handles(*_INFO)
    def info(self, el, front: bool = False) -> list:
        """What an info element holds besides the title: subtitle, authors, dates, notices,
        each read by the part reader registered for its name, anything else as a line."""
        items: list = []
        for child in self.kids(el):
            name = local(child)
            if name == "title" or name in DROPPED or (name == "subtitle" and not front):
                continue
            if front and name in _TITLE_PAGE:            # the book's own: on its title page
                self.credit(_TITLE_PAGE[name], child)
                continue
            if front and name == "authorgroup":
                for person in self.kids(child):
                    if local(person) in _TITLE_PAGE:
                        self.credit(_TITLE_PAGE[local(person)], person)
                    else:
                        items.append(self.person(person))
                continue
            part = _INFO_PARTS.get(name)
            if part is not None:
                items += getattr(self, part)(child)
            elif name != "its:rules" and "".join(child.itertext()).strip():   # no words: nothing printed
                items += [m.Paragraph(self.inlines(child), **self.at(child))]
        return items

    def credit(self, kind: str, el) -> None:
        """One credit of the book's title page: a person by name (honorific, given and
        family names, or DocBook 5's personname or orgname), a copyright's years and
        holders, or an element's words."""
        if kind == "copyright":
            said = self.info_copyright(el)[0].children[0].text
        elif kind in ("author", "editor"):
            parts = [words(self.plain_text(c)).strip() for c in el.iter() if local(c) in _NAME_PARTS]
            said = " ".join(p for p in parts if p)
            if not said:
                named = next((c for c in el.iter() if local(c) in ("personname", "orgname", "collabname")), el)
                said = words(self.plain_text(named)).strip()
        else:
            said = words(self.plain_text(el)).strip()
        said = credit(said)
        if said and (kind in ("author", "editor") or not self.credits.get(kind)):
            self.credits.setdefault(kind, []).append(said)

    def info_subtitle(self, el) -> list:
        return [m.Paragraph([m.Emphasis(self.inlines(el), **self.at(el))], **self.at(el))]

    def info_person(self, el) -> list:
        return [self.person(el)]

    def info_people(self, el) -> list:
        return [self.person(c) for c in self.kids(el)]

    def info_copyright(self, el) -> list:
        def joined(part: str) -> str:
            return ", ".join(words(self.plain_text(c)).strip() for c in self.kids(el) if local(c) == part)
        line = f"Copyright © {joined('year')} {joined('holder')}".strip()
        return [m.Paragraph([m.Text(line, **self.at(el))], **self.at(el))]

    def person(self, el) -> m.Paragraph:
        """A name as one line: given name, family name, then where they work and their address."""
        parts = []
        for child in el.iter():
            name = local(child)
            if name in ("honorific", "firstname", "givenname", "othername", "surname", "lineage", "orgname",
                        "jobtitle", "publishername", "email", "collabname") and child.text:
                text = words(self.plain_text(child)).strip()
                parts.append((name, f"<{text}>" if name == "email" else text))
        names = " ".join(t for n, t in parts if n not in ("orgname", "jobtitle", "email", "publishername"))
        rest = [t for n, t in parts if n in ("orgname", "jobtitle", "email", "publishername")]
        line = ", ".join([names] * bool(names) + rest) or words(self.plain_text(el)).strip()
        return m.Paragraph([m.Text(line, **self.at(el))], **self.at(el))

    @handles("author", "editor", "othercredit", "corpauthor", "collab")
    def author(self, el) -> list:
        return self.person(el).children

    @handles("bridgehead")
    def bridgehead(self, el) -> list:
        return [ParagraphEnd(), m.Paragraph([m.Strong(self.inlines(el), **self.at(el))], **self.at(el))]

    @handles("title")
    def stray_title(self, el) -> list:
        return self.bridgehead(el)

    @handles("titleabbrev", "subtitle", "refmeta")
    def not_printed(self, el) -> list:
        return []                                         # read with the title they shorten or follow
