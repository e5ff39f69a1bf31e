"""reStructuredText's blocks: one handler per docutils node name (``BLOCKS``),
each returning the node's blocks of the book model; mixed into the rST walker."""

from __future__ import annotations

from nests.book import model as m
from nests.book.readers.common import strip

BLOCKS: dict[str, str] = {}
# Admonitions read as boxes of their own kind.
BOXES = ("note", "warning", "attention", "caution", "danger", "error", "hint", "important", "tip")
SKIPPED = ("substitution_definition", "comment", "target", "transition", "raw", "pending", "decoration",
           "header", "footer", "label", "generated", "title")
# Sphinx's file-wide metadata (:orphan:, :tocdepth:…): not text.
METADATA = ("orphan", "nosearch", "tocdepth", "nocomments", "hide-toc", "hide-navigation", "no-search")


def handles(*names):
    def register(method):
        for name in names:
            assert name not in BLOCKS, f"two handlers for {name}"
            BLOCKS[name] = method.__name__
        return method
    return register


class BlockHandlers:
    @handles("missing")
    def missing(self, node, depth, src, line):
        return [self.report.missing(node["what"], node.line, node["why"], source=src)]

    @handles("pagebreak")
    def page_break(self, node, depth, src, line):
        return [m.PageBreak(source=src, line=line)]

    @handles("toctree")
    def toctree(self, node, depth, src, line):
        if node["main"] and node["maxdepth"]:          # the book's own contents: Sphinx's tocdepth
            self.toc_rank = max(self.toc_rank or 0, depth + node["maxdepth"])
        return []

    @handles("included")
    def included(self, node, depth, src, line):
        return self.document(node, depth)

    @handles("system_message")
    def system_message(self, node, depth, src, line):
        # docutils reports a construct it cannot read (a malformed table) and keeps
        # its text as a literal block: the words are printed as written
        # (a directive it echoes is reported, and placeheld, by the directive itself)
        return [m.Verbatim(block.astext().split("\n"), source=src, line=self.line(block))
                for block in node.findall(self.nodes.literal_block) if not block.astext().startswith(".. ")]

    @handles(*SKIPPED)
    def skipped(self, node, depth, src, line):
        return []

    @handles("section")
    def section(self, node, depth, src, line):
        title = node.next_node(self.nodes.title)
        anchor = self.anchor_of(node)
        self.name(node, anchor)
        heading = m.Heading(depth + 1, strip(self.inlines(title.children, self.title_line(title)))
                            if title else [], anchor=anchor, source=src,
                            line=self.title_line(title) if title else line)
        return [heading] + self.blocks(node.children, depth + 1)

    @handles("paragraph")
    def paragraph(self, node, depth, src, line):
        return [m.Paragraph(strip(self.inlines(node.children)), source=src, line=line)]

    @handles("bullet_list", "enumerated_list")
    def listing(self, node, depth, src, line):
        items = [m.ListItem(self.blocks(item.children, depth), source=src, line=self.line(item))
                 for item in node.children]
        return [m.ListBlock(node.tagname == "enumerated_list", items, start=node.get("start", 1),
                            source=src, line=line)]

    @handles("field_list", "docinfo")
    def fields(self, node, depth, src, line):
        fields = [f for f in node.children
                  if f.tagname != "field" or f.children[0].astext().strip().lower() not in METADATA]
        if not fields:
            return []
        node = node.copy()
        node.extend(f.deepcopy() for f in fields)
        return self.definitions(node, depth, src, line)

    @handles("definition_list", "option_list")
    def definitions(self, node, depth, src, line):
        return [m.DefinitionList([self.definition(item, depth) for item in node.children], source=src, line=line)]

    @handles("table")
    def table_node(self, node, depth, src, line):
        return [self.table(node)]

    @handles(*BOXES, "admonition", "topic", "sidebar")
    def box(self, node, depth, src, line):
        tag = node.tagname
        if tag == "topic" and "contents" in node.get("classes", []):
            # the layout sets its own contents, as deep as the document's own (its :depth:, as
            # docutils has nested its entries); a section's :local: contents are not the book's
            nesting = _nesting(node, self.nodes.bullet_list)
            if nesting and "local" not in node.get("classes", []):
                self.toc_rank = max(self.toc_rank or 0, depth + nesting)
            return []
        title = node.next_node(self.nodes.title)
        box = m.Box(tag if tag != "admonition" else "note",
                    strip(self.inlines(title.children)) if title and title.parent is node else [],
                    self.blocks(node.children, depth), source=src, line=line)
        return [self.anchored(node, box)]

    @handles("block_quote")
    def quote(self, node, depth, src, line):
        return [m.Box("quote", [], self.blocks(node.children, depth), source=src, line=line)]

    @handles("attribution")
    def attribution(self, node, depth, src, line):
        return [m.Paragraph([m.Text("— ", source=src, line=line)] + self.inlines(node.children),
                            source=src, line=line)]

    @handles("literal_block", "doctest_block")
    def literal(self, node, depth, src, line):
        return [m.Verbatim(node.astext().split("\n"), source=src, line=line)]

    @handles("math_block")
    def formula(self, node, depth, src, line):
        from nests.book.readers.latex_math import math_text
        return [m.Formula(math_text(node.astext()), source=src, line=line)]

    @handles("line_block")
    def lines_block(self, node, depth, src, line):
        inlines: list[m.Inline] = []
        for part in node.findall(self.nodes.line):
            if inlines:
                inlines.append(m.LineBreak(source=src, line=self.line(part)))
            inlines.extend(self.inlines(part.children))
        return [m.Paragraph(inlines, source=src, line=line)]

    @handles("figure", "image")
    def figure_node(self, node, depth, src, line):
        return [self.anchored(node, self.figure(node))]

    @handles("footnote", "citation")
    def footnote(self, node, depth, src, line):
        label = node.next_node(self.nodes.label)
        return [m.Footnote(label.astext() if label else "", self.blocks(node.children, depth), source=src, line=line)]

    @handles("rubric")
    def rubric(self, node, depth, src, line):
        return [m.Paragraph([m.Strong(self.inlines(node.children), source=src, line=line)], source=src, line=line)]

    @handles("container", "compound", "document")
    def container(self, node, depth, src, line):
        inner = self.blocks(node.children, depth)
        for block in inner:
            if hasattr(block, "anchor"):
                self.anchored(node, block)
                break
        return inner


def _nesting(node, kind) -> int:
    """How deep lists of ``kind`` nest inside ``node`` (a contents topic's entries)."""
    return max((1 + _nesting(child, kind) if isinstance(child, kind) else _nesting(child, kind)
                for child in node.children if hasattr(child, "children")), default=0)
