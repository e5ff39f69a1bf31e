"""Sphinx's roles and directives, registered with docutils as harmless.

A Sphinx project's reStructuredText uses roles and directives docutils alone
does not know. Registered here, cross-reference roles become references
(``xref`` nodes the rST reader turns into ``Ref``), a toctree's documents are
read in place (``included`` nodes, see ``sphinx_project``), includes of files
that are not there (or outside the book's folder) become ``missing`` nodes, body
directives keep their body, code directives their lines, and the rest (index
entries, highlighting, authorship) are dropped. Registration is process-wide
in docutils, so it happens once.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from docutils import nodes as _nodes
from docutils import nodes
from docutils.parsers.rst import Directive, directives, roles

from nests.book.readers.common import book_bytes
from nests.book.readers.rst_files import (CSVTableDirective, FigureDirective, IncludeDirective, _missing, book_file,
                                          missing)  # noqa: F401  (missing: the node, for the rST reader)
from nests.book.readers.sphinx_project import is_glob

_XREF_ROLES = ("ref", "hoverxref", "numref", "any")
_DOC_ROLES = ("doc", "download")
_CODE_ROLES = ("keyword", "token", "option", "envvar", "command", "file", "kbd", "samp", "program", "regexp", "mimetype", "makevar",
               "code", "py:func", "py:class", "py:meth", "py:mod", "py:attr", "py:obj", "py:data",
               "py:exc", "py:const", "func", "class", "meth", "mod", "attr", "obj", "data", "exc", "const")
_TEXT_ROLES = ("term", "index", "abbr", "dfn", "guilabel", "menuselection", "newsgroup", "pep", "rfc", "manpage")
_BODY_DIRECTIVES = {"only": "", "hlist": "", "glossary": "", "tab": "", "tabs": "", "card": "", "group-tab": "",
                    "code-tab": "",
                    "grid": "", "grid-item-card": "", "dropdown": "note", "seealso": "see also",
                    "versionadded": "new in version", "versionchanged": "changed in version",
                    "deprecated": "deprecated since version", "versionremoved": "removed in version", "todo": "to do"}
# Object descriptions of Sphinx's domains: a signature and its description.
_DESCRIPTIONS = tuple(f"{domain}{kind}" for domain in ("py:", "js:", "c:", "cpp:", "rst:", "std:")
                      for kind in ("function", "class", "method", "attribute", "data", "exception", "decorator",
                                   "classmethod", "staticmethod", "property", "module", "macro", "type",
                                   "member", "var", "struct", "directive", "role", "option")) + (
    "function", "method", "attribute", "data", "exception", "decorator", "staticmethod", "classmethod")
_DROPPED_DIRECTIVES = ("index", "highlight", "tabularcolumns", "sectionauthor", "moduleauthor",
                       "codeauthor", "currentmodule", "module", "ifconfig", "meta",
                       # the list of the book's to-dos: printed in place where conf.py shows them at all
                       "todolist")
# Text Sphinx writes from the project's Python code, which a press never runs.
_FROM_CODE = ("autosummary", "automodule", "autodata", "autoexception", "automethod", "autoattribute",
              "autoclass", "autofunction", "autoproperty", "autodecorator")
_VERSIONS = ("versionadded", "versionchanged", "deprecated", "versionremoved")
# Admonitions whose text may start on the directive's own line (no title there).
_TEXT_ON_FIRST_LINE = ("seealso", "todo")
_CODE_DIRECTIVES = ("code-block", "sourcecode", "productionlist")

_registered = False
NUMBER_EVERY_LEVEL = 999        # a bare :numbered: (Sphinx's own value for it)


class _AnyOption(dict):
    """Every option allowed, its value kept as written (docutils reads options
    only when a directive has some, so this is never empty)."""

    def __missing__(self, key):
        return directives.unchanged

    def __bool__(self):
        return True

def xref_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    title, target = _split_title(text)
    node = _xref(rawtext, title, target=target, line=lineno)
    node["explicit"], node["role"] = bool(re.search(r"\S\s*<[^<>]+>$", text)), name
    return [node], []

def docref_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    title, target = _split_title(text)
    node = _docref(rawtext, title, target=target, line=lineno)
    node["explicit"] = bool(re.search(r"\S\s*<[^<>]+>$", text))
    node.source = inliner.reporter.get_source_and_line(lineno)[0] if name == "doc" else None
    return [node], []

def code_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.literal(rawtext, _split_title(text)[0])], []

def plain_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    return [nodes.inline(rawtext, _split_title(text)[0])], []


class DroppedDirective(Directive):
    has_content, optional_arguments, final_argument_whitespace = True, 1, True
    option_spec = _AnyOption()

    def run(self):
        return []


class FromCodeDirective(Directive):
    """autodoc's directives: what they would print comes from running the code, so it
    is left out with a warning at the directive; words written in its body are kept."""
    has_content, optional_arguments, final_argument_whitespace = True, 1, True
    option_spec = _AnyOption()

    def run(self):
        named = f" {self.arguments[0]}" if self.arguments else ""
        warning = self.state_machine.reporter.warning(
            f"'{self.name}::{named}' is written by Sphinx from the Python code, which is not run here; "
            "left out", line=self.lineno)
        node = nodes.container()
        node.line = self.lineno
        self.state.nested_parse(self.content, self.content_offset, node)
        return [warning, node]


class BodyDirective(Directive):
    has_content, optional_arguments, final_argument_whitespace = True, 1, True
    option_spec = _AnyOption()

    def run(self):
        title = _BODY_DIRECTIVES.get(self.name, "")
        node = nodes.admonition() if title else nodes.container()
        text_first = self.name in _TEXT_ON_FIRST_LINE
        first = self.arguments[0] if self.arguments else ""
        if self.name in _VERSIONS and first:          # ".. versionchanged:: 2.1 Words": the version, then the body
            first, _, text = first.partition(" ") if " " in first.split("\n")[0] else first.partition("\n")
            text_first, first, text = bool(text.strip()), text.strip(), first
            title = f"{title} {text}"
        if title:
            words_ = f"{title} {first}" if first and not text_first else title
            node += nodes.title(words_, words_)
        node.line = self.lineno
        if text_first and first:                 # ".. seealso:: Words": the words are the body
            said, messages = self.state.inline_text(first, self.lineno)
            node += nodes.paragraph(first, "", *said)
            node += messages
        self.state.nested_parse(self.content, self.content_offset, node)
        return [node]

class TodoDirective(BodyDirective):
    """sphinx.ext.todo's note to the authors: printed only where conf.py says
    ``todo_include_todos = True`` (Sphinx's default is False, and so is a file without a conf.py)."""

    def run(self):
        project = getattr(self.state.document.settings, "nests_project", None)
        if project is None or project.configured().get("todo_include_todos") is not True:
            return []
        return super().run()


class CodeBlockDirective(Directive):
    has_content, optional_arguments, final_argument_whitespace = True, 1, True
    option_spec = _AnyOption()

    def run(self):
        text = "\n".join(self.content)
        node = nodes.literal_block(text, text)
        node.line = self.lineno
        return [node]

class CenteredDirective(Directive):
    required_arguments, final_argument_whitespace = 1, True

    def run(self):
        node = nodes.paragraph(self.arguments[0], self.arguments[0])
        node.line = self.lineno
        return [node]

class TocTreeDirective(Directive):
    """The documents a toctree names, read in place (see ``sphinx_project``)."""
    has_content = True
    option_spec = _AnyOption()

    def run(self):
        project = getattr(self.state.document.settings, "nests_project", None)
        here = Path(self.state.document["source"])
        marker = toctree()
        marker["maxdepth"], marker.line = _depth(self.options.get("maxdepth")), self.lineno
        # :numbered: (N levels deep; bare, every level; 0, none): the documents it names are numbered
        said = str(self.options["numbered"] or "").strip() if "numbered" in self.options else "0"
        numbered = 0 if said == "0" else _depth(said) or NUMBER_EVERY_LEVEL
        marker["main"] = project is not None and here.resolve() == Path(project.main).resolve()
        out = [marker]
        for offset, entry in enumerate(self.content):
            doc = _split_title(entry.strip())[1] if entry.strip() else ""
            if not doc or doc == "self" or re.match(r"^[a-z]+://", doc):
                continue
            line = self.content_offset + offset + 1
            if project is None:
                out.append(_missing(what=f"document: {doc}", line=line,
                                    why=f"the table of contents names the document {doc!r}, "
                                        f"which is not part of this book"))
                continue
            names = project.glob(doc, here) if "glob" in self.options and is_glob(doc) else [
                project.target(doc, here)]
            for name in names:
                found = project.find(name)
                why = f"toctree entry {doc!r} ({name}): {found.why}"
                if found.path is not None:
                    out.append(_document(project, found))
                    out[-1]["numbered"] = numbered
                elif found.placeheld:
                    out.append(_missing(what=f"document: {doc}", line=line, why=why))
                else:
                    out.append(self.state_machine.reporter.warning(why, line=line))
        return out

class LiteralIncludeDirective(Directive):
    required_arguments, final_argument_whitespace = 1, True
    option_spec = _AnyOption()

    def run(self):
        path, refused = book_file(self, self.arguments[0], "literalinclude")
        if refused is not None:
            return [refused]
        text = book_bytes(path, str(path), self.lineno).decode("utf-8", errors="replace").rstrip("\n")
        node = nodes.literal_block(text, text)
        node.line = self.lineno
        return [node]


class DescriptionDirective(Directive):
    """A domain's description of an object (``.. py:function:: name(args)``): its
    signature as a term, its body as the definition."""
    has_content, optional_arguments, final_argument_whitespace = True, 1, True
    option_spec = _AnyOption()

    def run(self):
        signature = self.arguments[0] if self.arguments else self.name
        item = nodes.definition_list_item()
        item += nodes.term(signature, "", nodes.literal(signature, signature))
        body = nodes.definition()
        self.state.nested_parse(self.content, self.content_offset, body)
        item += body
        listing = nodes.definition_list("", item)
        listing.line = item.line = self.lineno
        return [listing]


class PageBreakDirective(Directive):
    optional_arguments, final_argument_whitespace = 1, True

    def run(self):
        node = pagebreak()
        node.line = self.lineno
        return [node]

class UnknownDirective(Directive):
    """A directive nobody registered: its words are kept (an argument as the
    first paragraph, then its body read as rST), with one warning."""
    has_content, optional_arguments, final_argument_whitespace = True, 1, True
    option_spec = _AnyOption()

    def run(self):
        warning = self.state_machine.reporter.warning(
            f"unknown directive {self.name!r}; its words are kept", line=self.lineno)
        node = nodes.container()
        node.line = self.lineno
        if self.arguments:
            said, messages = self.state.inline_text(self.arguments[0], self.lineno)
            node += nodes.paragraph(self.arguments[0], "", *said)
            node += messages
        self.state.nested_parse(self.content, self.content_offset, node)
        return [warning, node]


def register() -> None:
    """The roles and directives above, registered with docutils (process-wide: once)."""
    global _registered
    if _registered:
        return
    _registered = True
    for names, role in ((_XREF_ROLES, xref_role), (_DOC_ROLES, docref_role), (_CODE_ROLES, code_role),
                        (_TEXT_ROLES, plain_role)):
        for name in names:
            roles.register_local_role(name, role)
    for names, directive in ((("page-break", "pagebreak", "page"), PageBreakDirective),
                             (_BODY_DIRECTIVES, BodyDirective), (_DROPPED_DIRECTIVES, DroppedDirective),
                             (_FROM_CODE, FromCodeDirective),
                             (_CODE_DIRECTIVES, CodeBlockDirective), (_DESCRIPTIONS, DescriptionDirective)):
        for name in names:
            directives.register_directive(name, directive)
    known = directives.directive

    def directive(name, language_module, document):
        found, messages = known(name, language_module, document)
        return (found, messages) if found is not None else (UnknownDirective, [])

    directives.directive = directive
    directives.register_directive("todo", TodoDirective)
    directives.register_directive("centered", CenteredDirective)
    directives.register_directive("toctree", TocTreeDirective)
    directives.register_directive("include", IncludeDirective)
    directives.register_directive("literalinclude", LiteralIncludeDirective)
    directives.register_directive("csv-table", CSVTableDirective)
    directives.register_directive("figure", FigureDirective)


def _split_title(text: str) -> tuple[str, str]:
    """``title <target>`` as (title, target); a bare target is both."""
    found = re.match(r"^(.*?)\s*<([^<>]+)>$", text, re.S)
    if found and found.group(1):
        return found.group(1), found.group(2)
    target = found.group(2) if found else text
    return target, target.lstrip("~!")


class xref(_nodes.Inline, _nodes.TextElement):
    """A Sphinx cross-reference role's target and words."""


class docref(_nodes.Inline, _nodes.TextElement):
    """A link to another document of a Sphinx project."""


class pagebreak(_nodes.Element):
    """Where the source asks for a new page (rst2pdf's ``page-break``)."""


class toctree(_nodes.Element):
    """Where a toctree stands, and how deep its contents go (0: every level)."""


class included(_nodes.Element):
    """A document a toctree names, read in place: its doctree's children."""


def _depth(value) -> int:
    try:
        return max(0, int(str(value).strip()))
    except ValueError:
        return 0


def _document(project, found):
    """A document a toctree names, read, as an ``included`` node."""
    doctree = project.document(found.path, found.docname)
    node = included()
    node["docname"], node.source, node.line = found.docname, str(found.path), 1
    node.extend(doctree.children)
    return node


def _xref(rawtext, title, **attrs):
    node = xref(rawtext, title)
    node["target"], node.line = attrs["target"], attrs["line"]
    return node


def _docref(rawtext, title, **attrs):
    node = docref(rawtext, title)
    node["target"], node.line = attrs["target"], attrs["line"]
    return node
