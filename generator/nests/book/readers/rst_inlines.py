"""reStructuredText's inlines: one handler per docutils node name (``INLINES``),
each returning the node's inlines of the book model; mixed into the rST walker."""

from __future__ import annotations

import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import words
from nests.book.readers.rst_blocks import SKIPPED

INLINES: dict[str, str] = {}


def handles(*names):
    def register(method):
        for name in names:
            assert name not in INLINES, f"two handlers for {name}"
            INLINES[name] = method.__name__
        return method
    return register


# The labels Sphinx gives the pages it makes itself (an index, a search page): their names, as it prints them.
_SPHINX_PAGES = {"genindex": "Index", "modindex": "Module Index", "py-modindex": "Python Module Index",
                 "search": "Search Page"}


class InlineHandlers:
    @handles("xref")
    def xref(self, node, src, line):
        # Sphinx matches a label whatever its case, its white space as one space
        target = node["target"] if node["role"] == "any" else " ".join(node["target"].lower().split())
        if target not in self.aliases and self.nodes.make_id(target) in self.aliases:
            target = self.nodes.make_id(target)
        kids = self.inlines(node.children) if node.get("explicit") else []
        if target in _SPHINX_PAGES and target not in self.aliases:     # pages Sphinx makes for the web
            return kids or [m.Text(_SPHINX_PAGES[target], source=src, line=line)]
        return [m.Ref(target, kids, source=src, line=line)]

    @handles("docref")
    def docref(self, node, src, line):
        """A :doc: link: to the document's first heading if the book holds it."""
        doc = node["target"]
        docname = self.project.target(doc, Path(node.source) if node.source else self.path)
        if docname in self.project.read:
            return [m.Ref("doc:" + docname, self.inlines(node.children) if node.get("explicit") else [],
                          source=src, line=line)]
        key = self.project.in_book(docname)          # another file of a book in many files
        if key is not None:
            return [m.Ref("file:" + key, self.inlines(node.children) if node.get("explicit") else [],
                          source=src, line=line)]
        self.report.first(f"link: {doc}", line, f"link to the document {doc!r}, which is not in this book; "
                                                "its words are printed", source=src)
        return self.inlines(node.children)

    @handles(*SKIPPED, "system_message")
    def skipped_inline(self, node, src, line):
        return []

    @handles("emphasis", "title_reference")
    def emphasis(self, node, src, line):
        return [m.Emphasis(self.inlines(node.children), source=src, line=line)]

    @handles("strong")
    def strong(self, node, src, line):
        return [m.Strong(self.inlines(node.children), source=src, line=line)]

    @handles("literal")
    def code(self, node, src, line):
        return [m.Code(node.astext(), source=src, line=line)]

    @handles("math")
    def math(self, node, src, line):
        from nests.book.readers.latex_math import math_text
        return [m.Math(math_text(node.astext()), source=src, line=line)]

    @handles("footnote_reference", "citation_reference")
    def footnote_ref(self, node, src, line):
        return [m.FootnoteRef(node.astext(), source=src, line=line)]

    @handles("reference")
    def reference(self, node, src, line):
        kids = self.inlines(node.children)
        if node.get("refid"):
            return [m.Ref(node["refid"], kids, source=src, line=line)]
        if node.get("refname") and not node.get("refuri"):
            return [m.Ref(node["refname"], kids, source=src, line=line)]
        if re.match(r"(?:https?|ftp|mailto):", node.get("refuri", "")):     # an address: clickable in the PDF
            return [m.Link(node["refuri"], kids, source=src, line=line)]
        return kids

    @handles("image")
    def image_inline(self, node, src, line):
        alt = node.get("alt", "")
        if not alt or alt in self.substitutions:
            alt = words(re.sub(r"[-_]+", " ", Path(node["uri"]).stem))
        return [m.Text(alt, source=src, line=line)]

    @handles("problematic")
    def problematic_node(self, node, src, line):
        return self.problematic(node.astext(), src, line)

    def problematic(self, raw: str, src: str, line: int) -> list[m.Inline]:
        """Inline markup docutils could not resolve, as words: a reference or a
        substitution to nothing gets its placeholder, an unknown role its text."""
        reference = re.fullmatch(r"`?(.+?)`?__?", raw, re.S)
        substitution = re.fullmatch(r"\|(.+?)\|_{0,2}", raw, re.S)
        role = re.fullmatch(r":[\w:.+-]+:`(.*)`|`(.*)`:[\w:.+-]+:", raw, re.S)
        if substitution:
            name = words(substitution.group(1)).strip()
            return [self.report.missing(f"substitution {name}", line,
                                        f"substitution {name!r}, which nothing in this book defines", source=src)]
        if reference and not role:
            name = words(reference.group(1)).strip()
            target = re.match(r"(.*?)\s*<([^<>]+)>$", name)
            if target:
                name = target.group(1) or target.group(2)
            return [m.Text(name + " ", source=src, line=line),
                    self.report.missing(name, line, f"reference to {name!r}, which nothing in this book defines",
                                        source=src)]
        text = next((g for g in role.groups() if g is not None), raw) if role else raw
        return [m.Text(words(text), source=src, line=line)]

