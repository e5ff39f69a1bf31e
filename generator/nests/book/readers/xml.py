"""A book in its own XML vocabulary (chapter, section, p, list, descriptions,
equation, playexample…), partly a Jinja template, read by lxml into the book model.

The file is parsed as XML as it stands (lxml keeps each element's source
line). Jinja's tags live in the text between elements: ``{% include %}``
reads the file if it is there (a Missing if not); what stands inside a
``{% for %}`` or ``{% if %}`` needs the template's data, which the book does
not have, so it is left out with one Missing and one warning; ``{{ … }}``
never reaches the text. Running text gets the LaTeX treatment, since these
books carry LaTeX leftovers (``Malleus~Deum``, ``\\label{…}``, quotes, ``$…$``).
Index entries, the table-of-contents request, spacing and comments are not
text and are dropped.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import INLINES, ParagraphEnd, Report, finish, flatten, merge_text, strip, words
from nests.book.readers.credits import credited, names
from nests.book.readers.languages import tag
from nests.book.readers.latex import inline_latex
from nests.book.readers.xml_files import Files, decode
from nests.book.readers.xml_source import MISSING, SOURCE, TEXT, end_line, parse

_SECTIONS = {"part": -1, "chapter": 0, "section": 1, "subsection": 2, "subsubsection": 3,
             "paragraph": 4}
_XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
_XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
_BOXES = {"playexample": "example", "example": "example", "design": "design", "note": "note",
          "sidebar": "sidebar", "warning": "warning", "box": "box"}
_DROPPED = ("indexentry", "tableofcontents", "vspace", "hspace", "newline", "tablecategory")
_STRONG = ("bold", "b", "strong", "defn")
_EMPHASIS = ("emph", "em", "i", "italic")
_CODE = ("code", "tt", "verb")
_REFS = ("ref", "pageref")
_WORDS = {"eg": "e.g.", "ie": "i.e.", "etc": "etc.", "etal": "et al."}
_SHEETS = ("charactersheet", "charactersheets")
# The vocabulary's symbol elements, each printed as one glyph of one column
# that the page font (DejaVu Sans Mono) has.
_SYMBOLS = {
    "geqqsymbol": "≥", "leqqsymbol": "≤", "geqsymbol": "≥", "leqsymbol": "≤",
    "d4": "▲", "d6": "⚅", "d8": "◆", "d10": "◈", "d12": "◉", "d20": "◎", "dpool": "⚄", "dany": "◇",
    "lore": "✎", "martial": "⚔", "general": "⚒", "magical": "✦",
    "success": "✓", "fail": "✗", "attempt": "○",
    "ambushsymbol": "⚑", "surprisesymbol": "‼", "talksymbol": "☏", "initiativesymbol": "⇈",
    "reactionsymbol": "↺", "actsymbol": "☞", "fightsymbol": "⚔", "fightrangedsymbol": "➶",
    "fightreachsymbol": "↦", "fightfastsymbol": "↯", "resolutionsymbol": "⚖",
    "innateabilitylevelsymbol": "★",
}
_JINJA = re.compile(r"\{%-?\s*(\w+)(.*?)-?%\}|\{\{-?(.*?)-?\}\}|\{#.*?#\}", re.S)
# Jinja statements whose body needs the template's data (or defines, not prints):
# what they hold is left out. A block or with body is ordinary content.
_OPENS = ("for", "if", "macro", "call", "filter", "set")


def read_bytes(raw: bytes, shown: str, path: Path) -> m.Book:
    report = Report(shown)
    text = decode(raw, shown)
    if not re.sub(r"<!--.*?-->|\s", "", text, flags=re.S):
        report.warn(1, "the file holds no book (no element at all); its book is empty")
        return finish([], report, title_heading=False)
    files = Files(report, Path(path), shown)
    root, declared = parse(text, shown, Path(path), files)
    from nests.book.readers import docbook
    # the language its root states (xml:lang, DocBook 4's lang), for hyphenation
    language = tag(root.get(_XML_LANG) or root.get("lang")) if isinstance(root.tag, str) else ""
    if docbook.is_docbook(root, declared):
        book = docbook.read_tree(root, report, files)
        return dataclasses.replace(book, language=language) if language else book
    reader = _XmlReader(report, Path(path), shown, files)
    items = reader.content(root)
    blocks = reader.as_blocks(items)
    # (a lone top section over all the others is the book's title, unnumbered, as a lone # is)
    book = finish(blocks, report, title=reader.title, aliases=reader.aliases)
    book = dataclasses.replace(book, language=language) if language else book
    return credited(book, {k: names(v) for k, v in reader.credits.items()})


class _XmlReader:
    def __init__(self, report: Report, path: Path, shown: str, files: Files, aliases=None, owners=None,
                 depth: int = 0):
        self.report, self.path, self.source, self.files = report, path, shown, files
        self.aliases: dict[str, str] = aliases if aliases is not None else {}
        self.owners: list[m.Node] = owners if owners is not None else []
        self.depth = depth
        self.skip = 0                                 # depth inside a Jinja loop or condition
        self.title = ""
        self.credits: dict[str, list[str]] = {}      # its title page's subtitle, authors, date
        self.unknown: set[str] = set()

    # -- mixed content: text, elements and Jinja, in document order ---------
    def content(self, el) -> list:
        """An element's content as a run of inlines and blocks."""
        items: list = []
        items += self.text(el.text, (el.sourceline or 0))
        for child in el:
            if self.skip == 0 and isinstance(child.tag, str):
                items += self.element(child)
            items += self.text(child.tail, end_line(child))
        return _spaced(items)

    def text(self, text: str | None, line: int) -> list:
        if not text:
            return []
        items: list = []
        pos = 0
        for tag in _JINJA.finditer(text):
            items += self.words(text[pos:tag.start()], line + text.count("\n", 0, pos))
            items += self.jinja(tag, line + text.count("\n", 0, tag.start()))
            pos = tag.end()
        items += self.words(text[pos:], line + text.count("\n", 0, pos))
        return items

    def words(self, text: str, line: int) -> list:
        if self.skip or not text:
            return []
        line += text[:len(text) - len(text.lstrip())].count("\n")
        if not _LEFTOVER.search(text):
            return [m.Text(words(text), source=self.source, line=line)]
        return inline_latex(latex_leftovers(text), self.source, line, self.report, on_label=self.label)

    def jinja(self, tag, line: int) -> list:
        keyword, rest, expression = tag.group(1), (tag.group(2) or "").strip(), tag.group(3)
        if keyword is None:                           # {{ value }} or {# comment #}
            if expression is not None and not self.skip:
                value = words(expression).strip()
                return [self.report.missing(f"template value {value}", line,
                                            f"template value {value!r} needs data this book does not have")]
            return []
        if keyword.startswith("end"):
            if keyword[3:] in _OPENS:
                self.skip = max(0, self.skip - 1)
            return []
        if keyword == "set" and "=" in rest:            # {% set x = … %} has no body
            return []
        if keyword in _OPENS:
            self.skip += 1
            if self.skip == 1:
                statement = words(f"{keyword} {rest}").strip()
                kind = "loop" if keyword == "for" else "condition" if keyword == "if" else "block"
                return [self.report.missing(f"template {kind} {statement}", line,
                                            f"template {kind} {statement!r} needs data this book does "
                                            f"not have; what it holds is left out")]
            return []
        if keyword == "include" and not self.skip:
            name = re.sub(r"^[\"']|[\"'].*$", "", rest)
            return self.include(name, line)
        return []                                     # set, else, elif…: nothing to print

    def include(self, name: str, line: int) -> list:
        target = self.files.locate(name, self.path.parent)
        if target is None:
            return [self.report.missing(name, line, f"include of {name!r}, which is outside the book's folder; "
                                                    f"it is not read")]
        if not target.is_file():
            return [self.report.missing(name, line, f"include of {name!r}, which is not there")]
        if self.depth > 16:
            return [self.report.missing(name, line, f"include of {name!r} nested too deep (a loop?)")]
        shown = self.files.shown(target)
        inner = _XmlReader(self.report, target, shown, self.files, self.aliases, self.owners, self.depth + 1)
        tree, _ = parse(self.files.read(target, shown), shown, target, self.files, fragment={},
                        depth=self.depth + 1)
        return inner.content(tree)

    # -- elements --------------------------------------------------------------
    def element(self, el) -> list:
        """An element's items; one that an include brought is read as its own file's."""
        came_from = el.get(SOURCE)
        if came_from is None:
            return self.known(el)
        before, self.source = self.source, came_from
        try:
            return self.known(el)
        finally:
            self.source = before

    def known(self, el) -> list:
        tag, src, line = el.tag, self.source, el.sourceline or 0
        if tag == TEXT:
            return self.text(el.text, line)
        if tag == MISSING:
            return [m.Missing(el.get("what", ""), source=src, line=line)]
        if tag in _DROPPED:
            return []
        if tag == "label":
            self.label(words(el.text or "").strip(), line)
            return []
        if tag in _SECTIONS:
            return self.section(el, tag)
        if tag == "titlepage":
            return self.titlepage(el)
        if el.getparent() is not None and el.getparent().getparent() is None and el is own_title(el.getparent()):
            self.title = self.title or " ".join(m.plain(self.inlines(el)).split())   # <book><booktitle>: the book's
            return []
        if tag == "p":
            return self.content(el) + [ParagraphEnd()]
        if tag in _STRONG:
            return [m.Strong(self.inlines(el), source=src, line=line)]
        if tag in _EMPHASIS:
            return [m.Emphasis(self.inlines(el), source=src, line=line)]
        if tag in _CODE:
            return [m.Code(words("".join(el.itertext())).strip(), source=src, line=line)]
        if tag in _REFS:
            target = _JINJA.sub("…", "".join(el.itertext())).strip()
            return [m.Ref(words(target), page=tag == "pageref", number=tag == "ref", source=src, line=line)]
        if tag in _SYMBOLS:
            return [m.Symbol(tag, _SYMBOLS[tag], source=src, line=line)]
        if tag in _WORDS:
            return [m.Text(_WORDS[tag], source=src, line=line)]
        if tag in ("list", "olist", "ul", "ol"):
            items = [m.ListItem(self.as_blocks(self.content(li)), source=src, line=li.sourceline or line)
                     for li in el if li.tag == "li"]
            return [m.ListBlock(tag in ("olist", "ol"), items, source=src, line=line)]
        if tag in ("descriptions", "dl"):
            return [self.descriptions(el)]
        if tag == "equation":
            lines = [c for c in el if c.tag == "line"] or [el]
            return [m.Formula(words(m.plain(self.inlines(c))).strip(), source=src, line=c.sourceline or line)
                    for c in lines]
        if tag in ("figure", "img"):
            return [self.figure(el)]
        if tag in _BOXES:
            title = next((c for c in el if c.tag in ("title", tag + "title")), None)
            blocks = self.as_blocks(self.content(el))
            return [m.Box(_BOXES[tag], self.inlines(title) if title is not None else [], blocks,
                          source=src, line=line)]
        if tag in ("title",) + tuple(t + "title" for t in _BOXES):
            return []                                 # read by its box
        if tag == "table":
            return [self.table(el)]
        if tag == "include":
            return self.include(words(el.text or "").strip(), line)
        if tag in _SHEETS:
            return [m.SheetPlaceholder(words(el.get("sheet", "")).strip() or Path(self.source).stem,
                                       source=src, line=line)]
        if tag in ("pagebreak", "newpage", "clearpage"):
            return [m.PageBreak(source=src, line=line)]
        if tag in ("br", "linebreak"):
            return [m.LineBreak(source=src, line=line)]
        if not len(el) and not (el.text or "").strip():   # an unknown symbol, most likely
            return [self.report.missing(f"element {tag}", line, f"element <{tag}> is not part of this "
                                                                f"XML vocabulary and holds no text")]
        if tag not in self.unknown:
            self.unknown.add(tag)
            self.report.warn(line, f"element <{tag}> is not part of this XML vocabulary; its text is kept")
        return self.content(el)

    def inlines(self, el) -> list[m.Inline]:
        items = self.content(el)
        if any(not isinstance(item, INLINES) for item in items):
            # paragraphs or a list where only words may stand (a title, a cell): one under the other
            return strip(flatten(self.as_blocks(items)))
        return strip(items)

    def section(self, el, tag: str) -> list:
        src, line = self.source, el.sourceline or 0
        title_el = next((c for c in el if c.tag in (tag + "title", "title")), None)
        title_el = title_el if title_el is not None else own_title(el)
        # a <section> inside a <section> (as generic XML nests them) is one rank deeper
        above = next((o.level for o in reversed(self.owners) if isinstance(o, m.Heading)), None)
        rank = _SECTIONS[tag] if above is None else max(_SECTIONS[tag], above + 1)
        heading = m.Heading(rank, [], anchor=el.get("id") or el.get(_XML_ID) or "", source=src,
                            line=title_el.sourceline if title_el is not None else line)
        self.owners.append(heading)
        try:
            if title_el is not None:
                heading.title = self.inlines(title_el)
            items: list = [heading]
            items += self.text(el.text, line)
            for child in el:
                if child is not title_el and self.skip == 0 and isinstance(child.tag, str):
                    items += self.element(child)
                items += self.text(child.tail, end_line(child))
        finally:
            self.owners.pop()
        return [ParagraphEnd()] + items + [ParagraphEnd()]

    def titlepage(self, el) -> list:
        items: list = []
        for child in el:
            if not isinstance(child.tag, str) or self.skip:
                continue
            line = child.sourceline or 0
            if child.tag == "title":
                heading = m.Heading(-10, self.inlines(child), numbered=False, source=self.source, line=line)
                self.title = self.title or m.plain(heading.title)
                items.append(heading)
            elif child.tag in ("subtitle", "author", "date"):          # the book's title page prints them
                self.credits.setdefault(child.tag, []).append(m.plain(self.inlines(child)))
            elif child.tag == "publisher":
                items += [m.Paragraph(self.inlines(child), source=self.source, line=line)]
            else:
                items += self.element(child)
        return items

    def descriptions(self, el) -> m.DefinitionList:
        items: list[m.Definition] = []
        for child in el:
            if child.tag in ("term", "dt"):
                items.append(m.Definition(self.inlines(child), [], source=self.source,
                                          line=child.sourceline or 0))
            elif child.tag in ("description", "dd"):
                if not items:
                    items.append(m.Definition([], [], source=self.source, line=child.sourceline or 0))
                items[-1].blocks.extend(self.as_blocks(self.content(child)))
        return m.DefinitionList(items, source=self.source, line=el.sourceline or 0)

    def figure(self, el) -> m.Figure:
        src, line = self.source, el.sourceline or 0
        images = [el] if el.tag == "img" else [c for c in el.iter("img")]
        caption: list[m.Inline] = []
        for c in ([el] if el.tag == "img" else list(el.iter("caption", "img"))):
            caption += self.inlines(c)
        alt = m.plain(caption).strip()
        from nests.book.images import picture

        shown = None
        for image in images:
            name = image.get("src", "")
            found = picture(self.report, name, image.sourceline or line, [self.path.parent], source=src) if name else None
            if isinstance(found, m.Missing):
                caption = [found, m.Text(" ", source=src, line=line)] + caption
            elif found is not None and shown is None:
                shown = found                              # a figure prints its first picture
        return m.Figure(strip(caption), alt=alt, image=shown, source=src, line=line)

    def table(self, el) -> m.Table:
        src, line = self.source, el.sourceline or 0
        table = m.Table([], [], source=src, line=line)
        self.owners.append(table)
        try:
            for child in el:
                if child.tag in ("tabletitle", "caption"):
                    table.caption = self.inlines(child)
                elif child.tag == "tablespec":
                    try:
                        table.widths = [max(1, round(float(c.text or 0) * 100)) for c in child]
                    except ValueError:
                        pass
                elif child.tag in ("tableheaderrow", "tablerow", "tr"):
                    (table.header if child.tag == "tableheaderrow" else table.rows).append(self.row(child))
                elif child.tag in ("thead", "tbody", "tfoot"):     # HTML's row groups
                    rows = [self.row(r) for r in child if r.tag in ("tr", "tablerow", "tableheaderrow")]
                    (table.header if child.tag == "thead" else table.rows).extend(rows)
                elif child.tag == "label":
                    self.label(words(child.text or "").strip(), child.sourceline or line)
        finally:
            self.owners.pop()
        table.numbered = bool(table.caption)
        return table

    def row(self, el) -> list[m.Cell]:
        return [m.Cell(self.inlines(c), source=self.source, line=c.sourceline or el.sourceline or 0)
                for c in el if c.tag in ("td", "th")]

    def label(self, name: str, line: int) -> None:
        """A label names the innermost heading or table it stands in."""
        if not name or not self.owners:
            return
        owner = self.owners[-1]
        if not owner.anchor:
            owner.anchor = name
        elif owner.anchor != name:
            self.aliases[name] = owner.anchor

    # -- runs of items into blocks ---------------------------------------------
    def as_blocks(self, items: list) -> list[m.Block]:
        blocks: list[m.Block] = []
        run: list[m.Inline] = []

        def flush():
            inlines = strip(merge_text(run))
            if len(inlines) == 1 and isinstance(inlines[0], m.Missing):
                blocks.append(inlines[0])             # a placeholder standing alone
            elif inlines:
                blocks.append(m.Paragraph(inlines, source=inlines[0].source, line=inlines[0].line))
            run.clear()

        for item in items:
            if isinstance(item, ParagraphEnd):
                flush()
            elif isinstance(item, INLINES):
                run.append(item)
            else:
                flush()
                blocks.append(item)
        flush()
        return blocks


# An element of the book's own vocabulary that names what holds it: <heading>, <name>, <booktitle>…
_TITLE_TAG = re.compile(r"(?:title|name|heading|header|head)$", re.I)


def own_title(el):
    """The element that titles ``el`` in a vocabulary of its own, if one does: its first element,
    before any words, named as a title is (``<name>``, ``<heading>``, ``<booktitle>``…), holding
    a few words and no elements (a title, not a paragraph). Else None: its words are its text."""
    first = next((c for c in el if isinstance(c.tag, str)), None)
    if first is None or (el.text or "").strip() or not _TITLE_TAG.search(first.tag) or len(first):
        return None
    said = " ".join((first.text or "").split())
    return first if said and len(said) <= 200 and first.tag not in _SYMBOLS else None


def _spaced(items: list) -> list:
    """``Section<ref>x</ref>`` reads "Section 3": a reference never sticks to the word before it."""
    for i in range(1, len(items)):
        before = items[i - 1]
        if isinstance(items[i], m.Ref) and isinstance(before, m.Text) and before.text[-1:].isalnum():
            before.text += " "
    return items


# What may be a LaTeX leftover in running text; text without any is plain words.
_LEFTOVER = re.compile(r"[\\~`$'{}]|--")
_DOLLARS = re.compile(r"\$(?=\S)((?:[^$\n\\]|\\.)*?\S)\$(?!\d)")    # pandoc's rule for $…$
_COMMAND = re.compile(r"\\[A-Za-z]+\*?(?=\{)|\\[&%$#_{} ]")
_DASHES = re.compile(r"(?<!\S)--+(?=[A-Za-z])")                  # --option, not a dash


def latex_leftovers(text: str) -> str:
    """Text as LaTeX in which only the leftovers these books carry stay LaTeX:
    ``$…$`` (by pandoc's rule: no space inside either dollar, no digit after the
    closing one), a command with a braced argument (``\\label{…}``), an
    escaped special, ``~`` between two words, quotes and dashes. Anything else
    is text as written: ``$5 and a shield $10``, ``\\u@\\h``, ``{x}``, ``~/bin``."""
    out, pos = [], 0
    while pos < len(text):
        dollars = _DOLLARS.match(text, pos) if text[pos] == "$" else None
        command = _COMMAND.match(text, pos) if text[pos] == "\\" else None
        end = _group_end(text, command.end()) if command and command.group(0)[-1].isalpha() else None
        if dollars:
            out.append(dollars.group(0))
            pos = dollars.end()
        elif command and (end or not command.group(0)[-1].isalpha()):
            out.append(text[pos:end or command.end()])
            pos = end or command.end()
        elif text.startswith("``", pos):
            out.append("``")
            pos += 2
        else:
            kept = text[pos] == "~" and _between_words(text, pos)
            out.append(text[pos] if kept else _LITERAL.get(text[pos], text[pos]))
            pos += 1
    return _DASHES.sub(lambda d: "{-}" * len(d.group(0)), "".join(out))


_LITERAL = {"\\": r"\textbackslash{}", "$": r"\$", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
            "`": r"\textasciigrave{}"}


def _between_words(text: str, pos: int) -> bool:
    return 0 < pos < len(text) - 1 and not text[pos - 1].isspace() and not text[pos + 1].isspace()


def _group_end(text: str, pos: int) -> int | None:
    """Where the braced group opening at ``pos`` closes, if it does."""
    depth = 0
    for k in range(pos, len(text)):
        if text[k] == "{" and text[k - 1] != "\\":
            depth += 1
        elif text[k] == "}" and text[k - 1] != "\\":
            depth -= 1
            if depth == 0:
                return k + 1
    return None
