"""reStructuredText read by docutils into the book model.

A Sphinx project's sources use roles and directives docutils alone does not
know: ``sphinx.py`` registers them as harmless (cross-reference roles become
references, body directives keep their body, the rest are dropped), so a
Sphinx source parses. docutils' own warnings and errors become the book's
warnings, with file and line. A csv-table whose options and rows stand at the
directive's own indentation (docutils would read them as a field list and
paragraphs) is indented under its directive before parsing, with a warning.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import os
import re
from pathlib import Path

from docutils.core import publish_doctree
from docutils.readers.standalone import Reader as _Standalone

from nests.book import model as m
from nests.book.readers.common import Report, book_bytes, finish, flatten, merge_text, strip, walk, words
from nests.book.readers.credits import copyright_line, credited
from nests.book.readers.rst_blocks import BLOCKS, BlockHandlers
from nests.book.readers.rst_inlines import INLINES, InlineHandlers
from nests.book.readers.sphinx import register
from nests.book.readers.many import book_folder
from nests.book.readers.sphinx_project import Project
from nests.book.readers.languages import tag


def read(text: str, shown: str, path: Path) -> m.Book:
    report = Report(shown)
    register()
    project = Project(book_folder(path), shown)          # a book in many files: the whole book's folder
    project.parse = lambda sub, sub_shown: _parse(
        book_bytes(sub, sub_shown).decode("utf-8-sig", errors="replace").replace("\r\n", "\n"), sub_shown, sub,
        report.at(sub_shown), project)
    project.read[project.docname(Path(path))] = Path(path)
    project.reading.append(Path(path).resolve())
    doctree = _parse(text, shown, Path(path), report, project)
    docinfo = _docinfo(doctree)
    walker = _Walker(shown, Path(path), report, doctree, text.split("\n"), project)
    blocks = walker.blocks(doctree.children, depth=0)
    first = next((b for b in walk(blocks) if isinstance(b, m.Heading) and b.anchor), None)
    if first is not None:                                 # a :doc: link to the main document
        walker.aliases.setdefault("doc:" + project.docname(Path(path)), first.anchor)
    numbering = walker.numbered is not None               # a toctree's :numbered: (else none, as docutils)
    for heading in (b for b in walk(blocks) if isinstance(b, m.Heading)) if numbering else ():
        heading.numbered = heading.numbered and id(heading) in walker.numbered
    book = finish(blocks, report, aliases=walker.aliases, toc_rank=walker.toc_rank)
    # the book's title as Sphinx prints it in a PDF (conf.py's latex_documents), else its project's
    # name over every page; the title page's credits as conf.py says them (Sphinx's PDF prints its
    # latex_documents author, release and date), else as the document's docinfo says them
    conf = project.configured()
    head = conf.get("latex_title") or conf.get("project", "")
    title = " ".join(conf.get("latex_title", "").split())
    book = dataclasses.replace(book, title=title or book.title)
    book = credited(book, {"author": conf.get("latex_author") or conf.get("author"),
                           "version": conf.get("release") or conf.get("version"), "date": conf.get("today"),
                           "copyright": copyright_line(conf.get("copyright") or "")})
    book = credited(book, docinfo, over=False)
    book = dataclasses.replace(book, numbering=numbering, language=tag(conf.get("language")) or book.language)
    return dataclasses.replace(book, running_head=head) if head.strip() else book


# docinfo fields the title page prints, by docutils' (English) names → the book's credit
_CREDITS = {"author": "author", "authors": "author", "date": "date", "version": "version", "copyright": "copyright"}


def _docinfo(doctree) -> dict[str, str]:
    """The title page's credits from the document's docinfo, taken out of its body: the
    field list docutils reads as one (the document's first element, or the first after the
    title of a document that is one section); ``:Authors:`` split as docutils splits it."""
    from docutils import nodes

    def first(parent, after=0):
        for child in parent.children[after:]:
            if not isinstance(child, (nodes.PreBibliographic, nodes.Titular)):
                return child
        return None

    found = first(doctree)
    if isinstance(found, nodes.section) and found is doctree.children[-1]:   # docutils' title, promoted
        found = first(found)
    if not isinstance(found, (nodes.field_list, nodes.docinfo)):
        return {}
    credits: dict[str, str] = {}
    for field in list(found.children):
        if isinstance(field, nodes.field):                # a field list docutils left as one
            name, body = field[0].astext().strip().lower(), field[1] if len(field) > 1 else None
        else:                                             # docutils' docinfo: <author>, <authors>, <date>…
            name, body = field.tagname, field
        if name not in _CREDITS or body is None or _CREDITS[name] in credits:
            continue
        said = " ".join(body.astext().split())
        if name == "authors":                             # one a paragraph or element, else ; or , between
            parts = [p.astext() for p in body.findall(lambda n: isinstance(n, (nodes.paragraph, nodes.author)))]
            parts = parts if len(parts) > 1 else re.split(";" if ";" in said else ",", said)
            said = ", ".join(" ".join(a.split()) for a in parts if a.strip())
        credits[_CREDITS[name]] = copyright_line(said) if name == "copyright" else said
        found.remove(field)
    if not found.children:
        found.parent.remove(found)
    return credits


def _parse(text: str, shown: str, path: Path, report: Report, project: Project):
    """One document's doctree; docutils' warnings become the book's, each at its own file."""
    _nested_within(text, shown)
    text = project.epilog(_indent_csv_tables(text, report))

    class _RstReader(_Standalone):
        def new_document(self):
            document = super().new_document()
            document.reporter.attach_observer(lambda msg: _docutils_says(msg, report, shown, path))
            return document

    # a Sphinx project's text is educated as Sphinx's smartquotes (its default) makes it: curled quotes,
    # dashes, ellipses, in its language's quotes; docutils alone leaves them as written
    conf = project.configured()
    return publish_doctree(
        text, source_path=str(path), reader=_RstReader(),
        settings_overrides={"report_level": 5, "halt_level": 5, "doctitle_xform": False,
                            "sectsubtitle_xform": False, "raw_enabled": False,
                            "file_insertion_enabled": True, "syntax_highlight": "none",
                            "input_encoding": "utf-8", "_disable_config": True,
                            "warning_stream": False, "traceback": True, "nests_project": project,
                            "smart_quotes": bool(conf.get("sphinx")) and conf.get("smartquotes", True) is not False,
                            "language_code": _docutils_language(conf.get("language"))})


def _docutils_language(said) -> str:
    """conf.py's language as docutils names its own (``pt_br``, ``de``), where docutils has it; else
    English (Sphinx's default), so that docutils says nothing of a language it lacks."""
    import importlib.util

    if not isinstance(said, str) or not re.fullmatch(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)*", said):
        return "en"
    code = said.lower().replace("-", "_")
    for name in (code, code.split("_")[0]):
        if importlib.util.find_spec(f"docutils.languages.{name}") is not None:
            return name
    return "en"


DEEPEST = 100           # indentation levels (lists, quotes, directives inside each other)


def _nested_within(text: str, shown: str) -> None:
    """One error at the line where indentation nests past ``DEEPEST`` levels, before
    docutils, which recurses into each level, runs out of its stack."""
    levels = [0]
    for number, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        indent = len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip(" "))
        while len(levels) > 1 and indent < levels[-1]:
            levels.pop()
        if indent > levels[-1]:
            levels.append(indent)
            if len(levels) > DEEPEST:
                from nests.errors import NestsError, Problem

                raise NestsError(Problem(f"indented more than {DEEPEST} levels deep (lists, quotes and directives "
                                         f"inside each other); not read", file=shown, line=number))


def _docutils_says(msg, report: Report, shown: str, path: Path) -> None:
    if msg["level"] < 2:                              # INFO: not a problem with the source
        return
    text = words(msg.children[0].astext() if msg.children else msg.astext()).strip()
    if text.startswith(_PLACEHOLDER_MESSAGES):        # the reader's placeholder reports these
        return
    line = msg.get("line") or 0
    role = re.match(r'Unknown interpreted text role "([^"]+)"', text)
    if role and line:                                 # docutils names the paragraph's first line
        line = _line_of(msg.get("source") or str(path), line, f":{role.group(1)}:`")
    report.warn(line, text, source=_shown(msg.get("source"), shown, path))


@functools.lru_cache(maxsize=32)
def _lines(source: str) -> tuple[str, ...]:
    try:
        return tuple(Path(source).read_bytes().decode("utf-8-sig", errors="replace").split("\n"))
    except OSError:
        return ()


def _line_of(source: str, line: int, written: str) -> int:
    """The line, from ``line`` to the end of its paragraph, that holds ``written``."""
    lines = _lines(source)
    for k in range(line - 1, len(lines)):
        if written in lines[k]:
            return k + 1
        if k >= line and not lines[k].strip():
            break
    return line


_PLACEHOLDER_MESSAGES = ("Unknown target name", "Undefined substitution referenced")


def _shown(source: str | None, shown: str, path: Path) -> str:
    """A file docutils names, as the user would: the book as given, an include
    joined to it. docutils names an include relative to the current directory
    (or not), so both sides are made absolute first: the warning must not depend
    on where the tool runs."""
    if not source:
        return shown
    here, book = os.path.abspath(source), os.path.abspath(path)
    if here == book:
        return shown
    return os.path.normpath(os.path.join(os.path.dirname(shown), os.path.relpath(here, os.path.dirname(book))))


# -- the csv-table whose body is not indented --------------------------------
def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _indent_csv_tables(text: str, report: Report) -> str:
    lines = text.split("\n")
    for i, line in enumerate(lines):
        found = re.match(r"^( *)\.\.\s+csv-table::", line)
        if not found or i + 1 >= len(lines):
            continue
        indent, after = len(found.group(1)), lines[i + 1]
        if not (after.strip() and _indent(after) == indent and re.match(r":[\w-]+:", after.lstrip())):
            continue
        body, data = [], False
        for k in range(i + 1, len(lines)):
            here = lines[k]
            if not here.strip():
                continue
            if _indent(here) < indent or here.lstrip().startswith(".. "):
                break
            option = re.match(r":[\w-]+:", here.lstrip()) and not data
            if not (option or _indent(here) > indent or _looks_like_csv(here)):
                break
            data = data or not option
            body.append(k)
        for k in range(i + 1, (body[-1] + 1) if body else i + 1):
            if lines[k].strip():
                lines[k] = "   " + lines[k]
        report.warn(i + 1, "csv-table options and rows are not indented under the directive; "
                           "read as its content")
    return "\n".join(lines)


def _looks_like_csv(line: str) -> bool:
    stripped = line.strip()
    if re.fullmatch(r"([=\-~^\"'`#*+_.:])\1+", stripped):   # a section underline
        return False
    row = next(csv.reader([stripped], skipinitialspace=True), [])
    return stripped.startswith('"') or len(row) > 1


# -- the doctree into the model ----------------------------------------------
class _Walker(BlockHandlers, InlineHandlers):
    def __init__(self, shown: str, path: Path, report: Report, doctree, lines: list[str], project: Project):
        from docutils import nodes
        self.nodes, self.lines, self.project = nodes, lines, project
        self.toc_rank: int | None = None             # the main document's toctree's :maxdepth:, as a rank
        self.numbered: set[int] | None = None        # the headings a toctree's :numbered: numbers (None: none asks)
        self.substitutions: set[str] = set()
        self._depth, self._line = 0, 0
        self._files: dict[str, list[str]] = {}
        self.src, self.folder, self.report = shown, path.parent, report
        self.shown, self.path = shown, path
        self.aliases: dict[str, str] = {}
        self.warn_images(doctree)

    def line(self, node) -> int:
        while node is not None:
            if getattr(node, "line", None):
                return node.line
            node = node.parent
        return 0

    def title_line(self, title) -> int:
        """docutils gives a title the line of its underline; the title stands one above."""
        line = self.line(title)
        here = title
        while here is not None and not getattr(here, "source", None):
            here = here.parent
        lines = self.lines
        if here is not None and Path(here.source) != self.path:
            if here.source not in self._files:
                try:
                    self._files[here.source] = Path(here.source).read_text(encoding="utf-8").split("\n")
                except OSError:
                    self._files[here.source] = []
            lines = self._files[here.source]
        if 2 <= line <= len(lines) + 1 and lines[line - 2].strip() == title.astext().strip():
            return line - 1
        return line

    def anchor_of(self, node) -> str:
        """The id an author named (``.. _risk:``) before the one docutils made up."""
        ids = node.get("ids", [])
        for name in node.get("names", []):
            if self.nodes.make_id(name) in ids:
                return self.nodes.make_id(name)
        return ids[0] if ids else ""

    def warn_images(self, doctree) -> None:
        """An image a substitution stands for is checked once, where it is defined."""
        for definition in doctree.findall(self.nodes.substitution_definition):
            self.substitutions.update(definition.get("names", []))
            for image in definition.findall(self.nodes.image):
                self.lacking_image(image["uri"], self.line(definition))

    def lacking_image(self, uri: str, line: int) -> m.Missing | None:
        if re.match(r"^[a-zA-Z][\w+.-]*:", uri) or (self.folder / uri).is_file():
            return None
        return self.report.missing(f"image: {uri}", line, f"image {uri!r} is not there")

    def name(self, node, anchor: str) -> None:
        """Every id and name of a node leads a reference to its anchor."""
        anchor = anchor or self.anchor_of(node)
        for key in list(node.get("ids", [])) + list(node.get("names", [])):
            self.aliases.setdefault(key, anchor)
            self.aliases.setdefault(self.nodes.make_id(key), anchor)

    # -- blocks ------------------------------------------------------------
    def blocks(self, children, depth: int) -> list[m.Block]:
        out: list[m.Block] = []
        for child in children:
            out.extend(self.block(child, depth))
        return out

    def block(self, node, depth: int) -> list[m.Block]:
        """One node's blocks, each naming the file it came from (an include's own)."""
        outer = self.src
        here = node
        while here is not None and not getattr(here, "source", None):
            here = here.parent
        self.src = _shown(here.source if here is not None else None, self.shown, self.path)
        folder = self.folder
        if here is not None and here.source:                  # a document's pictures are beside it
            self.folder = Path(here.source).parent
        try:
            return self._block(node, depth)
        finally:
            self.src, self.folder = outer, folder

    def _block(self, node, depth: int) -> list[m.Block]:
        handler = BLOCKS.get(node.tagname)
        if handler is not None:
            return getattr(self, handler)(node, depth, self.src, self.line(node))
        if isinstance(node, self.nodes.TextElement):
            return self.paragraph(node, depth, self.src, self.line(node))
        return self.blocks(node.children, depth)

    def document(self, node, depth: int) -> list[m.Block]:
        """A document a toctree names, its sections one level under the toctree's;
        a :doc: link to it leads to its first heading."""
        blocks = self.blocks(node.children, depth)
        from nests.book.readers.common import walk
        if node.get("numbered"):                      # named by a :numbered: toctree: its sections that deep
            self.numbered = self.numbered if self.numbered is not None else set()
            self.numbered.update(id(h) for h in walk(blocks) if isinstance(h, m.Heading)
                                 and h.level <= depth + node["numbered"])
        first = next((b for b in walk(blocks) if isinstance(b, m.Heading)), None)
        if first is not None and first.anchor:
            self.aliases.setdefault("doc:" + node["docname"], first.anchor)
        return blocks

    def anchored(self, node, block):
        """A table, box or figure carries the first id given it (or its container)."""
        if node.get("ids") and not block.anchor:
            block.anchor = self.anchor_of(node)
            self.name(node, block.anchor)
        return block

    def definition(self, item, depth: int) -> m.Definition:
        src = self.src
        term: list[m.Inline] = []
        blocks: list[m.Block] = []
        for part in item.children:
            if part.tagname in ("term", "field_name", "option_group"):
                term.extend(self.inlines(part.children) if part.tagname != "option_group"
                            else [m.Text(part.astext(), source=src, line=self.line(part))])
            elif part.tagname == "classifier":
                term.append(m.Text(" : ", source=src, line=self.line(part)))
                term.extend(self.inlines(part.children))
            elif part.tagname in ("definition", "field_body", "description"):
                blocks.extend(self.blocks(part.children, depth))
        return m.Definition(strip(term), blocks, source=src, line=self.line(item))

    def table(self, node) -> m.Table:
        n, src = self.nodes, self.src
        group = node.next_node(n.tgroup)
        widths = [int(c["colwidth"]) for c in group.findall(n.colspec)] if group else None
        columns = len(widths or [])
        header, rows = [], []
        for part in (group.children if group else []):
            if part.tagname not in ("thead", "tbody"):
                continue
            for row in part.children:
                cells = [m.Cell(self.cell(entry), source=src, line=self.line(entry) or self.line(row))
                         for entry in row.children]
                cells += [m.Cell([], source=src, line=self.line(row))
                          for _ in range(columns - len(cells))]
                (header if part.tagname == "thead" else rows).append(cells)
        title = node.next_node(n.title)
        caption = strip(self.inlines(title.children)) if title and title.parent is node else []
        table = m.Table(header, rows, widths=widths or None, caption=caption,
                        source=src, line=self.line(node))
        return self.anchored(node, table)

    def cell(self, entry) -> list[m.Inline]:
        """A cell's blocks as words: paragraphs one under the other, a list's items with their markers."""
        return flatten(self.blocks(entry.children, 0))

    def figure(self, node) -> m.Figure:
        n, src, line = self.nodes, self.src, self.line(node)
        image = node if node.tagname == "image" else node.next_node(n.image)
        alt = image.get("alt", "") if image is not None else ""
        caption: list[m.Inline] = []
        for part in node.children:
            if part.tagname == "caption":
                caption.extend(self.inlines(part.children))
            elif part.tagname == "legend":
                caption.extend([m.Text(" ", source=src, line=line)] + self.inlines(part.children))
        if not caption and alt:
            caption = [m.Text(alt, source=src, line=line)]
        from nests.book.images import picture

        found = picture(self.report, image["uri"], line, [self.folder], source=src) if image is not None else None
        if isinstance(found, m.Missing):
            caption, found = [found, m.Text(" ", source=src, line=line)] + caption, None
        return m.Figure(strip(caption), alt=alt, image=found, source=src, line=line)

    # -- inlines -----------------------------------------------------------
    def inlines(self, children, line: int = 0) -> list[m.Inline]:
        """Inlines take the line of the block that holds them (docutils numbers
        some inline nodes from their table's data, not from the file)."""
        children = list(children)
        outer = self._depth == 0
        if outer:
            self._line = line or (self.line(children[0].parent) if children else 0)
        self._depth += 1
        try:
            out: list[m.Inline] = []
            for child in children:
                out.extend(self.inline(child))
        finally:
            self._depth -= 1
        if outer:
            # rST wants a space before a footnote reference; the reference sits on the word.
            for i in range(1, len(out)):
                if isinstance(out[i], m.FootnoteRef) and isinstance(out[i - 1], m.Text):
                    out[i - 1].text = out[i - 1].text.rstrip()
        return merge_text(out)

    def inline(self, node) -> list[m.Inline]:
        if isinstance(node, self.nodes.Text):
            return [m.Text(words(str(node)), source=self.src, line=self._line)]
        handler = INLINES.get(node.tagname)
        if handler is None:
            return self.inlines(node.children)
        return getattr(self, handler)(node, self.src, self._line)
