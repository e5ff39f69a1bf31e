"""LaTeX's blocks: one run of nodes as paragraphs, headings, lists, tables, floats.

Paragraphs gather inlines until a blank line or a block-level command.
Block-level commands and environments are read by handlers registered by name
(``MACROS``, ``ENVIRONMENTS``); an environment no handler knows keeps its text,
with one warning per name, its options (``[key=val]``) left out.
"""

from __future__ import annotations

import re

from nests.book import model as m
from nests.book.readers.common import flatten, strip
from nests.book.readers.latex_math import math_text
from nests.book.readers.latex_syntax import (handles, _BOXES, _BREAKS, _DEFINITIONS, _DRAWING_CODE, _DRAWINGS, _FLOATS, _LISTS, _MATH_ENVS,
                                             _MATTERS, _SECTIONS, _TABULARS, _VERBATIM, CONDITIONALS, INCLUDES, SWITCHES, _arg,
                                             _descendants, _has_blocks, _inner_latex, _is_macro, _options, _prints)

# Environments that only shape or place their content: read through, without a warning.
_WRAPPERS = ("center", "flushleft", "flushright", "multicols", "multicols*", "minipage", "samepage",
             "raggedright", "raggedleft", "landscape", "adjustwidth", "spacing", "singlespace",
             "onehalfspace", "doublespace", "sloppypar", "small", "footnotesize", "scriptsize", "large",
             "Large", "normalsize", "tiny", "threeparttable", "tablenotes", "adjustbox", "turn", "rotate",
             "subfigure", "subtable", "wrapfigure", "wraptable", "frame", "latexonly",
             "otherlanguage", "otherlanguage*", "english", "document", "appendices", "onecolumn")
# Framed environments of the common packages, read as boxes.
_FRAMES = ("mdframed", "tcolorbox", "framed", "shaded", "leftbar", "fancybox", "boxedminipage")

# Block-level commands and environments by name → the function that reads them, called as a
# LatexBlocks method (a book class's module registers its own: latex_rpg).
MACROS: dict[str, object] = {}
ENVIRONMENTS: dict[str, object] = {}


class LatexBlocks:
    def __init__(self, reader):
        self.r = reader
        self.out: list[m.Block] = []
        self.para: list = []                          # pylatexenc nodes of the open paragraph

    def run(self, nodes) -> list[m.Block]:
        self.nodes(nodes)
        self.flush()
        return self.out

    def flush(self) -> None:
        if self.para:
            inlines = strip(self.r.inline(self.para))
            if inlines:
                first = next((n for n in self.para if _prints(n)), self.para[0])
                self.out.append(m.Paragraph(inlines, source=self.r.source, line=self.r.line(first)))
            self.para = []
        self.out.extend(self.r.pending)
        self.r.pending.clear()

    def add(self, block: m.Block) -> None:
        self.flush()
        self.out.append(block)

    def nodes(self, nodes) -> None:
        from pylatexenc.latexwalker import (LatexCharsNode, LatexCommentNode, LatexEnvironmentNode,
                                            LatexGroupNode, LatexMacroNode, LatexMathNode)
        for node in nodes or []:
            src, line = self.r.source, self.r.line(node)
            if isinstance(node, LatexCommentNode):
                continue
            if isinstance(node, LatexCharsNode):
                self.chars(node)
            elif isinstance(node, LatexGroupNode) and _has_blocks(node.nodelist):
                self.nodes(node.nodelist)
            elif isinstance(node, LatexMathNode) and node.displaytype == "display":
                self.add(m.Formula(math_text(_inner_latex(node)), source=src, line=line))
            elif isinstance(node, LatexEnvironmentNode):
                name = node.environmentname
                ENVIRONMENTS.get(name, LatexBlocks.unknown)(self, node, name, src, line)
            elif isinstance(node, LatexMacroNode) and node.macroname in MACROS:
                if MACROS[node.macroname](self, node, src, line) is False:
                    self.para.append(node)
            else:
                self.para.append(node)

    def chars(self, node) -> None:
        """Characters up to each blank line end a paragraph."""
        from pylatexenc.latexwalker import LatexCharsNode
        pieces = re.split(r"(\n[ \t]*\n\s*)", node.chars)
        pos = node.pos
        for i, piece in enumerate(pieces):
            if i % 2:
                self.flush()
            elif piece:
                self.para.append(LatexCharsNode(parsing_state=node.parsing_state, chars=piece,
                                                pos=pos, len=len(piece)))
            pos += len(piece)

    # -- block-level commands -------------------------------------------------
    @handles(MACROS, *_SECTIONS)
    def heading(self, node, src, line):
        starred = bool(node.nodeargd and node.nodeargd.argnlist and node.nodeargd.argnlist[0])
        title = strip(self.r.inline(_arg(node, -1)))
        if not title and node.nodeargd and node.nodeargd.argnlist[1] is not None:
            title = strip(self.r.inline(_arg(node, 1)))      # an empty title: its contents entry names it
        self.section(node.macroname, title, starred, src, line)

    def section(self, command: str, title: list, starred: bool, src: str, line: int) -> m.Heading:
        """The heading ``\\command{title}`` makes (a class's own header commands make theirs here too)."""
        self.flush()                                         # the words before it, and a \setcounter among them
        files, level = self.r.files, _SECTIONS[command]
        # a book class's front and back matter: chapters, and what they hold, carry no number
        # (there \chapter steps no counter, so a \setcounter waits for the main matter)
        numbered = not starred and (files.matter == "main" or level < 0) and (
            files.number_depth is None or level <= files.number_depth) and not self.unshown(command)
        heading = m.Heading(level, title, numbered=numbered, part=command == "part",
                            restart=files.counters.pop(level, None) if numbered else None,
                            lettered=files.appendix and level >= 0, source=src, line=line)
        self.add(heading)
        self.r.owner = heading
        return heading

    def unshown(self, command: str) -> bool:
        """Whether the book prints its ``command``'s headings with no number: it made the number
        nothing (``\\renewcommand\\thesection{}``, as a book that hides its section numbers does)."""
        said = self.r.files.commands.get("the" + command)
        return said is not None and said[1] is not None and not re.sub(r"[\s%]|\\relax", "", said[1])

    @handles(MACROS, "hypertarget")
    def hypertarget(self, node, src, line):
        """pandoc's LaTeX writer puts ``\\hypertarget{id}{%`` around every heading (and its
        ``\\label``): what it wraps is read as blocks, the id naming the heading inside. A
        target around words is a link's words, read in the paragraph."""
        inner = _arg(node, -1)
        if not _has_blocks(inner):
            return False
        before = len(self.out)
        self.nodes(inner)
        self.flush()
        heading = next((b for b in self.out[before:] if isinstance(b, m.Heading)), None)
        name = self.r.text(_arg(node, 0)).strip()
        if heading is not None and name:
            if not heading.anchor:
                heading.anchor = name
            elif heading.anchor != name:
                self.r.aliases[name] = heading.anchor

    @handles(MACROS, *_MATTERS)
    def matter(self, node, src, line):
        """``\\frontmatter``…``\\backmatter``: whether chapters are numbered; ``\\appendix``: lettered from here."""
        self.flush()
        if node.macroname == "appendix":
            self.r.files.appendix = True
        else:
            self.r.files.matter = node.macroname[:-len("matter")]

    @handles(MACROS, *_BREAKS)
    def page_break(self, node, src, line):
        self.add(m.PageBreak(source=src, line=line))

    @handles(MACROS, "par")
    def paragraph_end(self, node, src, line):
        self.flush()

    @handles(MACROS, "includepdf")
    def pdf_pages(self, node, src, line):
        """pdfpages' ``\\includepdf[options]{file}``: its pages are not printed (said at its line);
        what its ``pagecommand`` does on them (often a heading for the contents) is read."""
        self.flush()
        options = node.nodeargd.argnlist[0] if node.nodeargd else None
        name = self.r.text(_arg(node, -1)).strip()
        self.r.report.warn(line, f"the PDF pages of {name!r} (\\includepdf) are not printed", source=src)
        said = options.latex_verbatim() if options is not None else ""
        found = re.search(r"pagecommand\s*=\s*\{", said)
        if found:
            depth, at = 0, found.end() - 1
            for end in range(at, len(said)):
                depth += {"{": 1, "}": -1}.get(said[end], 0)
                if depth == 0:
                    self.r.aside(said[at + 1:end], line, self.nodes)
                    break

    @handles(MACROS, "maketitle")
    def title(self, node, src, line):
        self.r.files.made_title = True                 # LaTeX prints its title page here
        if not self.r.title:
            return False                               # nothing to print: read as running text (dropped)
        heading = m.Heading(-3, list(self.r.title_lines()[0]), numbered=False, source=src, line=line)
        self.add(heading)
        self.r.owner = heading

    @handles(MACROS, *INCLUDES)
    def include(self, node, src, line):
        self.flush()
        self.out.extend(self.r.include(node))

    @handles(MACROS, "title")
    def title_command(self, node, src, line):
        """A \\title given in the body, as some books do: \\maketitle prints it."""
        if node.nodeargd and node.nodeargd.argnlist and node.nodeargd.argnlist[-1]:
            self.r.take_title(strip(self.r.inline(_arg(node, -1))))

    @handles(MACROS, "author", "date")
    def credit_command(self, node, src, line):
        """An \\author or a \\date given in the body, after \\begin{document} (as some books do):
        \\maketitle prints it on the title page, never in the text."""
        self.r.set_credit(node)

    @handles(MACROS, "newtheorem")
    def theorem_kind(self, node, src, line):
        self.r.declare_theorem(node)

    @handles(MACROS, "includegraphics")
    def picture(self, node, src, line):
        self.add(self.figure([node], node))

    @handles(MACROS, *CONDITIONALS)
    def conditional(self, node, src, line):
        self.nodes(self.r.branch(node))

    @handles(MACROS, *SWITCHES)
    def switch(self, node, src, line):
        self.r.files.set(node.macroname, self.r.args(node))      # now: a conditional next to it reads it

    # -- environments -----------------------------------------------------------
    @handles(ENVIRONMENTS, *_LISTS, *_DEFINITIONS)
    def list_environment(self, node, name, src, line):
        self.add(self.listing(node, name, src, line))

    @handles(ENVIRONMENTS, *_TABULARS)
    def tabular(self, node, name, src, line):
        self.add(self.table(node, [], node))

    @handles(ENVIRONMENTS, *_FLOATS)
    def float_environment(self, node, name, src, line):
        self.flush()
        self.out.extend(self.float(node, name))

    @handles(ENVIRONMENTS, *_VERBATIM)
    def verbatim(self, node, name, src, line):
        text = getattr(node.nodeargd, "verbatim_text", None)
        if text is None:
            text = node.latex_verbatim().split("}", 1)[-1].rsplit("\\end", 1)[0]
        self.add(m.Verbatim(text.strip("\n").split("\n"), source=src, line=line))

    @handles(ENVIRONMENTS, *_MATH_ENVS)
    def formula(self, node, name, src, line):
        for child in _descendants(node.nodelist):      # a formula's \label names where it stands
            if _is_macro(child, "label"):
                self.r.label(self.r.text(_arg(child, -1)).strip(), self.r.line(child))
        latex = "".join(n.latex_verbatim() for n in node.nodelist)
        self.add(m.Formula(math_text(latex.replace("&", " ").replace("\\\\", " ")), source=src, line=line))

    @handles(ENVIRONMENTS, *_BOXES, *_FRAMES)
    def box(self, node, name, src, line):
        options, nodes = _options(node.nodelist)
        title = re.search(r"(?:^|,)\s*(?:title|frametitle)\s*=\s*(\{[^{}]*\}|[^,]*)", options)
        words = title.group(1).strip().strip("{}").strip() if title else ""
        self.add(m.Box(_BOXES.get(name, "box"), [m.Text(words, source=src, line=line)] if words else [],
                       LatexBlocks(self.r).run(nodes), source=src, line=line))

    @handles(ENVIRONMENTS, "titlepage")
    def title_page(self, node, name, src, line):
        """A title page the author sets by hand: LaTeX prints it on a page of its own, unnumbered;
        a box of its kind, which the book style prints as the book's title page where it opens
        the book (nests.generators.rulebook.printed)."""
        self.r.files.made_title = True
        self.add(m.Box("title page", [], LatexBlocks(self.r).run(_options(node.nodelist)[1]), source=src, line=line))

    @handles(ENVIRONMENTS, *_DRAWINGS, *_DRAWING_CODE)
    def drawing(self, node, name, src, line):
        """A drawing in code: its frame, printed empty, and a warning at its line (its code is never words)."""
        image = self.drawn(name, line)
        if image is not None:
            self.add(m.Figure([], image=image, source=src, line=line))

    @handles(ENVIRONMENTS, *_WRAPPERS)
    def wrapper(self, node, name, src, line):
        self.flush()
        self.nodes(_options(node.nodelist)[1])

    def unknown(self, node, name, src, line):
        """An environment no handler knows: its text, without its options, and one warning per name.
        One the book declared with \\newtheorem is a box: "Lemma 2: its optional title"."""
        if name.rstrip("*") in self.r.files.theorems:
            return self.theorem(node, name.rstrip("*"), src, line)
        self.r.report.first(f"\\begin{{{name}}}", line,
                            f"unknown LaTeX environment '{name}'; its text is kept", source=src)
        from nests.book.readers.latex_options import tabular_content
        cells = tabular_content(node.nodelist)        # its text in cells (& and \\): a table, as it prints
        if cells is not None:
            table = self.table(cells, [], node)
            if "\\rowcolors" in self.r.files.environments.get(name, ""):
                table.look = "striped"                 # (the book's table environment stripes its rows)
            self.add(table)
            return
        self.wrapper(node, name, src, line)

    def theorem(self, node, name, src, line):
        from pylatexenc.latexwalker import LatexCharsNode
        nodes = list(node.nodelist or [])
        given = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
        title = strip(self.r.inline(given[0].nodelist)) if given and hasattr(given[0], "nodelist") else []
        first = next((k for k, n in enumerate(nodes) if _prints(n)), None)
        if not given and first is not None and isinstance(nodes[first], LatexCharsNode) \
                and nodes[first].chars.lstrip().startswith("["):          # the parser did not know it
            options, nodes = _options(nodes)
            title = self.r.aside(options.strip(), line) if options.strip() else []
        printed = self.r.files.theorems[name]
        box = m.Box(printed.lower(), title, [], numbered=name != "proof", source=src, line=line)
        self.r.owner = box                           # a \label inside names the box
        box.blocks = LatexBlocks(self.r).run(nodes)
        self.add(box)
        self.r.owner = box

    def drawn(self, name: str, line: int) -> m.Image | None:
        """A drawing the book writes in code (``tikzpicture``, ``asy``…): the press draws no
        code, so it says so at the drawing's line; its frame is printed empty. Code that
        only serves the drawings (``asydef``) has no frame."""
        if name in _DRAWING_CODE:
            self.r.report.warn(line, f"the {name} environment is drawing code, which the press does not run; "
                               "it is left out", thing=f"\\begin{{{name}}}", source=self.r.source)
            return None
        self.r.report.warn(line, f"the {name} drawing is code the press cannot draw; its frame is printed empty",
                           thing=f"\\begin{{{name}}}", source=self.r.source)
        return m.Image(name, note=f"{name} drawing: not printed", source=self.r.source, line=line)

    def listing(self, node, name: str, src: str, line: int):
        from pylatexenc.latexwalker import LatexMacroNode
        items: list[tuple] = []                        # (item macro, content nodes)
        for child in node.nodelist:
            if isinstance(child, LatexMacroNode) and child.macroname == "item":
                items.append((child, []))
            elif items:
                items[-1][1].append(child)
        if name in _DEFINITIONS:
            definitions = []
            for item, content in items:
                term = strip(self.r.inline(_arg(item, 0))) if item.nodeargd and item.nodeargd.argnlist[0] else []
                definitions.append(m.Definition(term, LatexBlocks(self.r).run(content),
                                                source=src, line=self.r.line(item)))
            return m.DefinitionList(definitions, source=src, line=line)
        list_items = []
        for item, content in items:
            blocks = LatexBlocks(self.r).run(content)
            label = strip(self.r.inline(_arg(item, 0))) if item.nodeargd and item.nodeargd.argnlist[0] else []
            if label:                                  # \item[label]: the label leads the item's words
                lead = m.Strong(label, source=src, line=self.r.line(item))
                if blocks and isinstance(blocks[0], m.Paragraph):
                    blocks[0].children[:0] = [lead, m.Text(" ", source=src, line=lead.line)]
                else:
                    blocks.insert(0, m.Paragraph([lead], source=src, line=lead.line))
            list_items.append(m.ListItem(blocks, source=src, line=self.r.line(item)))
        return m.ListBlock(_LISTS[name], list_items, source=src, line=line)

    def table(self, node, caption: list[m.Inline], owner) -> m.Table:
        """A tabular's cells (``node``: the environment, or the list of its nodes) as a table."""
        from pylatexenc.latexwalker import LatexMacroNode, LatexSpecialsNode
        rows: list[list[m.Cell]] = []
        cell: list = []
        row: list[m.Cell] = []
        rule_after: set[int] = set()
        src = self.r.source

        def end_cell():
            nonlocal cell
            said = flatten(LatexBlocks(self.r).run(cell)) if _has_blocks(cell) else self.r.inline(cell)
            cells = m.Cell(strip(said), source=src, line=self.r.line(cell[0] if cell else owner if isinstance(node, list) else node))
            span = next((n for n in cell if isinstance(n, LatexMacroNode) and n.macroname == "multicolumn"), None)
            row.append(cells)
            if span is not None:
                try:
                    row.extend(m.Cell([], source=src, line=cells.line)
                               for _ in range(int(self.r.text(_arg(span, 0)).strip()) - 1))
                except ValueError:
                    pass
            cell = []

        for child in node if isinstance(node, list) else node.nodelist:
            if isinstance(child, LatexSpecialsNode) and child.specials_chars == "&":
                end_cell()
            elif isinstance(child, LatexMacroNode) and child.macroname in ("\\", "tabularnewline"):
                end_cell()
                rows.append(row)
                row = []
            elif isinstance(child, LatexMacroNode) and child.macroname in ("hline", "midrule", "toprule", "bottomrule"):
                rule_after.add(len(rows))
            else:
                cell.append(child)
        if any(n for n in cell if not (hasattr(n, "chars") and not n.chars.strip())):
            end_cell()
        if row:
            rows.append(row)
        rows = [r for r in rows if any(c.children for c in r)]
        width = max((len(r) for r in rows), default=0)
        for r in rows:
            r.extend(m.Cell([], source=src, line=r[0].line if r else 0) for _ in range(width - len(r)))
        header = rows[:1] if 1 in rule_after and len(rows) > 1 else []
        table = m.Table(header, rows[len(header):], caption=caption, source=src, line=self.r.line(owner))
        return table

    def float(self, node, name: str) -> list[m.Block]:
        """A table or figure float: its tabular or images, wherever they sit inside
        (often in a center environment), named by its caption and label."""
        r = self.r
        inside = list(_descendants(node.nodelist))
        caption: list[m.Inline] = []
        for child in inside:
            if _is_macro(child, "caption"):
                caption = strip(r.inline(_arg(child, -1)))
        tabular = next((c for c in inside if getattr(c, "environmentname", None) in _TABULARS), None)
        included = [c for c in inside if getattr(c, "macroname", None) in INCLUDES]
        if "table" in name and tabular is not None:
            block = self.table(tabular, caption, node)
            block.numbered = bool(caption)
        elif included and tabular is None:             # the float's table or drawing in a file of its own
            return self.included_float(node, included, caption, name)
        else:
            block = self.figure(inside, node, caption)
        r.owner = block
        for child in inside:                           # \label names the float
            if _is_macro(child, "label"):
                r.label(r.text(_arg(child, -1)).strip(), r.line(child))
        return [block]

    def included_float(self, node, included, caption, name) -> list[m.Block]:
        """A float whose content is an included file: that file's blocks, its first table
        (in a table float) or a figure of them (otherwise) named by the float's caption and label."""
        r = self.r
        blocks = [b for include in included for b in r.include(include)]
        table = next((b for b in blocks if isinstance(b, m.Table)), None) if "table" in name else None
        if table is not None:
            table.caption, table.numbered = caption or table.caption, bool(caption or table.caption)
            named = table
        else:
            named = m.Figure(caption, numbered=bool(caption), blocks=blocks, source=r.source, line=r.line(node))
            blocks = [named]
        r.owner = named
        for child in _descendants(node.nodelist):
            if _is_macro(child, "label"):
                r.label(r.text(_arg(child, -1)).strip(), r.line(child))
        return blocks

    def figure(self, nodes, owner, caption=None) -> m.Figure:
        from pylatexenc.latexwalker import LatexMacroNode
        r, line = self.r, self.r.line(owner)
        caption, image = list(caption or []), None
        for child in nodes:
            if isinstance(child, LatexMacroNode) and child.macroname == "includegraphics":
                found = r.image(child, r.line(child))
                if isinstance(found, m.Missing):
                    caption = [found, m.Text(" ", source=r.source, line=line)] + caption
                elif image is None:
                    image = found                      # a figure prints its first picture
            elif getattr(child, "environmentname", None) in _DRAWINGS + _DRAWING_CODE:
                found = self.drawn(child.environmentname, r.line(child))
                image = image or found
        return m.Figure(strip(caption), numbered=bool(caption), image=image, source=r.source, line=line)
