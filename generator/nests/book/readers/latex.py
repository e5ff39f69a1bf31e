"""LaTeX (a whole document or a fragment) read by pylatexenc into the book model.

LatexWalker gives the structure (sectioning, lists, tables, floats, labels and
references); latex2text gives the words of running text, so quotes and ``~``
read as “ ” and a space and formulas as Unicode text (→ ≥ √). Index entries
and comments are not text and are dropped; ``\\input`` and ``\\include`` of a
file that is there are read in place.

``inline_latex`` and ``math_text`` also serve the XML reader, whose books
carry LaTeX leftovers, and the rST reader's math.
"""

from __future__ import annotations

import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import Report, finish, flatten, merge_text, strip, words

# Sectioning commands by rank (larger is deeper); finish() turns ranks into levels.
_SECTIONS = {"part": -1, "chapter": 0, "section": 1, "subsection": 2, "subsubsection": 3,
             "paragraph": 4, "subparagraph": 5}
_LISTS = {"itemize": False, "enumerate": True, "compactitem": False, "compactenum": True}
_DEFINITIONS = ("description",)
_TABULARS = ("tabular", "tabular*", "tabularx", "longtable", "tabulary")
_FLOATS = ("table", "table*", "figure", "figure*")
_VERBATIM = ("verbatim", "verbatim*", "lstlisting", "Verbatim", "minted", "alltt")
_MATH_ENVS = ("equation", "equation*", "align", "align*", "displaymath", "gather", "gather*",
              "multline", "multline*", "eqnarray", "eqnarray*", "math")
_BOXES = {"quote": "quote", "quotation": "quote", "abstract": "abstract", "verse": "quote"}
_BREAKS = ("newpage", "clearpage", "pagebreak", "cleardoublepage")
_REFS = ("ref", "pageref", "autoref", "cref", "Cref", "eqref", "nameref", "vref")
_NUMBER_REFS = ("ref", "eqref", "vref")          # print the number alone; the text names the kind
_STRONG = ("textbf", "bf", "bfseries")
_EMPHASIS = ("emph", "textit", "textsl", "it", "itshape", "em", "underline")
_CODE = ("texttt", "verb", "url", "path")
# Symbols latex2text does not know, as the words or glyphs LaTeX prints.
_TEXT_MACROS = {"LaTeX": "LaTeX", "TeX": "TeX", "LaTeXe": "LaTeX2e", "S": "§", "P": "¶", "copyright": "©",
                "pounds": "£", "textregistered": "®", "texttrademark": "™", "textdegree": "°",
                "euro": "€", "checkmark": "✓", "slash": "/"}
# Commands that print nothing and say nothing worth a warning when unknown.
_QUIET = ("usepackage", "documentclass", "newcommand", "renewcommand", "providecommand", "def", "let",
          "makeatletter", "makeatother", "pagestyle", "thispagestyle", "frontmatter", "mainmatter",
          "backmatter", "appendix", "raggedright", "raggedleft", "small", "large", "Large", "LARGE",
          "huge", "Huge", "footnotesize", "normalsize", "tiny", "scriptsize", "hfill", "vfill",
          "linebreak", "nolinebreak", "nopagebreak", "author", "date", "title", "today",
          # font switches ({\\bf words}): the words print, plain
          "bf", "it", "em", "sl", "sc", "tt", "rm", "sf", "bfseries", "itshape", "ttfamily", "rmfamily",
          "sffamily", "upshape", "mdseries", "scshape", "normalfont")
_DROPPED = ("index", "label", "graphicspath", "hline", "cline", "toprule", "midrule", "bottomrule", "centering",
            "vspace", "hspace", "noindent", "maketitle", "tableofcontents", "listoffigures",
            "listoftables", "printindex", "medskip", "bigskip", "smallskip", "protect",
            "phantomsection", "addcontentsline", "setcounter", "newline")


def read(text: str, shown: str, path: Path) -> m.Book:
    report = Report(shown)
    reader = _Reader(report, {})
    blocks = reader.document(text, shown, Path(path))
    return finish(blocks, report, title=reader.title_text, aliases=reader.aliases, title_heading=False)


def math_text(latex: str) -> str:
    """A formula as plain Unicode text: ``d12 \\rightarrow d10`` → ``d12 → d10``."""
    from pylatexenc.latex2text import LatexNodes2Text
    # latex2text eats the space after a symbol macro; an empty group keeps it.
    latex = re.sub(r"(\\[A-Za-z]+)(\s)", r"\1{}\2", latex)
    try:
        return words(LatexNodes2Text(math_mode="text").latex_to_text(latex)).strip()
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        return words(re.sub(r"\\[A-Za-z]+|[{}$]", " ", latex)).strip()


def inline_latex(text: str, source: str, line: int, report: Report,
                 on_label=None) -> list[m.Inline]:
    """Running text that may hold LaTeX leftovers, as inlines (for other markups' text).

    Characters that are special to LaTeX but plain in the host markup (%, &, #)
    are escaped first; ``on_label(name, line)`` hears of every ``\\label``."""
    if not re.search(r"[\\~`$']|--", text):
        return [m.Text(words(text), source=source, line=line)]
    escaped = re.sub(r"(?<!\\)([%&#])", r"\\\1", text)
    reader = _Reader(report, {})
    reader.source, reader.on_label = source, on_label
    nodes = reader.parse(escaped, line)
    return reader.inline(nodes)


_CONTEXT = None


def _context():
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = _make_context()
    return _CONTEXT


def _make_context():
    from pylatexenc.latexwalker import get_default_latex_context_db
    from pylatexenc.macrospec import EnvironmentSpec, VerbatimArgsParser, std_environment, std_macro
    db = get_default_latex_context_db()
    db.add_context_category("nests-book", prepend=True, macros=[
        std_macro("pageref", False, 1), std_macro("index", False, 1), std_macro("href", False, 2),
        std_macro("caption", "[{"), std_macro("multicolumn", False, 3), std_macro("multirow", "[{[{"),
        std_macro("paragraph", "*[{"), std_macro("subparagraph", "*[{"),
        std_macro("nameref", False, 1), std_macro("eqref", False, 1), std_macro("Cref", False, 1),
        std_macro("vref", False, 1), std_macro("textsc", False, 1), std_macro("underline", False, 1),
        std_macro("vspace", "*{"), std_macro("hspace", "*{"), std_macro("setcounter", False, 2),
        std_macro("addcontentsline", False, 3), std_macro("path", False, 1),
    ], environments=[
        std_environment("multicols", "{"), std_environment("multicols*", "{"),
        std_environment("minipage", "[{"), std_environment("tabularx", "{{"),
        std_environment("tabular*", "{{"), std_environment("longtable", "{"),
        EnvironmentSpec("lstlisting", args_parser=VerbatimArgsParser(
            verbatim_arg_type="verbatim-environment")),
        EnvironmentSpec("minted", args_parser=VerbatimArgsParser(
            verbatim_arg_type="verbatim-environment")),
    ])
    return db


class _Reader:
    def __init__(self, report: Report, aliases: dict[str, str], depth: int = 0):
        self.report, self.aliases, self.depth = report, aliases, depth
        self.source = report.source
        self.title_text = ""
        self.title: list[m.Inline] = []
        self.owner: m.Node | None = None              # what a \label names: the last heading or float
        self.footnotes = 0
        self.on_label = None
        self.walker = None
        self.commands: dict = {}                      # the author's own commands (see latex_macros)
        self.graphics: list[str] = []                 # the folders \graphicspath names

    # -- parsing -----------------------------------------------------------
    def parse(self, text: str, first_line: int = 1):
        from pylatexenc.latexwalker import LatexWalker, LatexWalkerError
        self.first_line = first_line
        self.walker = LatexWalker(text, latex_context=_context(), tolerant_parsing=True)
        try:
            nodes, _, _ = self.walker.get_latex_nodes()
        except LatexWalkerError as err:
            from nests.errors import NestsError, Problem
            raise NestsError(Problem(f"cannot read this LaTeX: {err}", file=self.source)) from None
        return nodes

    def line(self, node) -> int:
        if node is None or self.walker is None:
            return self.first_line
        line = self.walker.pos_to_lineno_colno(node.pos)[0] + self.first_line - 1
        chars = getattr(node, "chars", None)
        if chars and chars.strip():                   # characters start where their words do
            line += chars[:len(chars) - len(chars.lstrip())].count("\n")
        return line

    def document(self, text: str, shown: str, path: Path) -> list[m.Block]:
        from nests.book.readers.latex_macros import expand

        self.source, self.path = shown, path
        self.graphics += graphics_paths(text)
        nodes = self.parse(expand(text, self.commands))
        body = next((n for n in nodes if _is_env(n, "document")), None)
        if body is not None:                          # a whole document: the preamble gives the title
            for node in nodes:
                if _is_macro(node, "title") and node.nodeargd and node.nodeargd.argnlist[-1]:
                    self.title = strip(self.inline(_arg(node, -1)))
                    self.title_text = m.plain(self.title)
            nodes = body.nodelist
        return _Blocks(self).run(nodes)

    # -- inlines -----------------------------------------------------------
    def inline(self, nodes) -> list[m.Inline]:
        from pylatexenc.latexwalker import (LatexCharsNode, LatexCommentNode, LatexGroupNode,
                                            LatexMacroNode, LatexMathNode)
        out: list[m.Inline] = []
        for node in nodes or []:
            src, line = self.source, self.line(node)
            if isinstance(node, LatexCommentNode):
                continue
            if isinstance(node, LatexMathNode):
                out.append(m.Math(math_text(_inner_latex(node)), source=src, line=line))
            elif isinstance(node, LatexGroupNode):
                out.extend(self.inline(node.nodelist))
            elif isinstance(node, LatexMacroNode):
                out.extend(self.macro(node, src, line))
            elif isinstance(node, LatexCharsNode):
                out.append(m.Text(words(_quotes(node.chars)), source=src, line=line))
            else:
                out.append(m.Text(self.text([node]), source=src, line=line))
        return merge_text(out)

    def macro(self, node, src: str, line: int) -> list[m.Inline]:
        name = node.macroname
        if name in _STRONG and node.nodeargd and node.nodeargd.argnlist:
            return [m.Strong(self.inline(_arg(node, -1)), source=src, line=line)]
        if name in _EMPHASIS and node.nodeargd and node.nodeargd.argnlist:
            return [m.Emphasis(self.inline(_arg(node, -1)), source=src, line=line)]
        if name in _CODE:
            text = getattr(node.nodeargd, "verbatim_text", None) or self.text(_arg(node, -1))
            return [m.Code(text, source=src, line=line)]
        if name in _REFS:
            return [m.Ref(self.text(_arg(node, -1)).strip(), page=name == "pageref", number=name in _NUMBER_REFS,
                          source=src, line=line)]
        if name == "label":
            self.label(self.text(_arg(node, -1)).strip(), line)
            return []
        if name in _DROPPED:
            return []
        if name in ("href", "multicolumn", "multirow"):
            return self.inline(_arg(node, -1))
        if name in ("cite", "citep", "citet"):
            return [m.Text(f"[{self.text(_arg(node, -1)).strip()}]", source=src, line=line)]
        if name == "\\":
            return [m.LineBreak(source=src, line=line)]
        if name == "footnote":
            self.footnotes += 1
            label = str(self.footnotes)
            note = m.Footnote(label, [m.Paragraph(strip(self.inline(_arg(node, -1))), source=src, line=line)],
                              source=src, line=line)
            self.pending.append(note)
            return [m.FootnoteRef(label, source=src, line=line)]
        if name in ("includegraphics",):
            found = self.image(node, line)
            return [found] if isinstance(found, m.Missing) else []
        if name in ("input", "include"):
            return [self.report.missing(self.text(_arg(node, -1)).strip(), line,
                                        "an include inside running text is not read")]
        if name in _TEXT_MACROS:
            return [m.Text(_TEXT_MACROS[name], source=src, line=line)]
        if _unknown(name):
            self.report.first("\\" + name, line, f"unknown LaTeX command '\\{name}'; its arguments' words are kept")
        text = self.text([node])
        if node.nodeargd and node.nodeargd.argnlist and not text.strip():
            return self.inline([a for a in node.nodeargd.argnlist if a is not None])
        return [m.Text(text, source=src, line=line)]

    @property
    def pending(self) -> list[m.Footnote]:
        if not hasattr(self, "_pending"):
            self._pending = []
        return self._pending

    def text(self, nodes) -> str:
        from pylatexenc.latex2text import LatexNodes2Text
        nodes = [n for n in (nodes or []) if n is not None]
        try:
            text = LatexNodes2Text(math_mode="text").nodelist_to_text(nodes)
        except (KeyError, IndexError, TypeError, AttributeError, ValueError):
            # latex2text stumbles on a macro that lacks its arguments: take the nodes one by one
            if len(nodes) > 1:
                return "".join(self.text([n]) for n in nodes)
            node = nodes[0]
            inner = getattr(node, "nodelist", None) or [
                a for a in (node.nodeargd.argnlist if getattr(node, "nodeargd", None) else []) if a is not None]
            return self.text(inner) if inner else ""
        return words(text.replace("\N{NO-BREAK SPACE}", " "))

    def label(self, name: str, line: int) -> None:
        if self.on_label is not None:
            self.on_label(name, line)
        elif self.owner is not None:
            if not getattr(self.owner, "anchor", ""):
                self.owner.anchor = name
            else:
                self.aliases[name] = self.owner.anchor

    def image(self, node, line: int) -> m.Image | m.Missing:
        """The picture \\includegraphics names, found as graphicx finds it: from the
        book's folder, then through each \\graphicspath, with or without its extension."""
        from nests.book.images import picture

        target = self.text(_arg(node, -1)).strip()
        here, root = getattr(self, "path", Path(".")).parent, Path(self.report.source).parent
        folders = [root] + [root / g for g in self.graphics] + [here] + [here / g for g in self.graphics]
        return picture(self.report, target, line, list(dict.fromkeys(folders)), latex=True, source=self.source)


class _Blocks:
    """One run of LaTeX nodes as blocks: paragraphs gather inlines until a blank
    line or a block-level command."""

    def __init__(self, reader: _Reader):
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
            r, src, line = self.r, self.r.source, self.r.line(node)
            if isinstance(node, LatexCommentNode):
                continue
            if isinstance(node, LatexCharsNode):
                self.chars(node)
            elif isinstance(node, LatexGroupNode) and _has_blocks(node.nodelist):
                self.nodes(node.nodelist)
            elif isinstance(node, LatexMathNode) and node.displaytype == "display":
                self.add(m.Formula(math_text(_inner_latex(node)), source=src, line=line))
            elif isinstance(node, LatexEnvironmentNode):
                self.environment(node, src, line)
            elif isinstance(node, LatexMacroNode) and node.macroname in _SECTIONS:
                starred = bool(node.nodeargd and node.nodeargd.argnlist and node.nodeargd.argnlist[0])
                heading = m.Heading(_SECTIONS[node.macroname], strip(r.inline(_arg(node, -1))),
                                    numbered=not starred, source=src, line=line)
                self.add(heading)
                r.owner = heading
            elif isinstance(node, LatexMacroNode) and node.macroname in _BREAKS:
                self.add(m.PageBreak(source=src, line=line))
            elif isinstance(node, LatexMacroNode) and node.macroname == "par":
                self.flush()
            elif isinstance(node, LatexMacroNode) and node.macroname == "maketitle" and r.title:
                heading = m.Heading(-3, list(r.title), numbered=False, source=src, line=line)
                self.add(heading)
                r.owner = heading
            elif isinstance(node, LatexMacroNode) and node.macroname in ("input", "include"):
                self.flush()
                self.out.extend(self.include(r.text(_arg(node, -1)).strip(), line))
            elif isinstance(node, LatexMacroNode) and node.macroname == "includegraphics":
                self.add(self.figure([node], node))
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

    def environment(self, node, src: str, line: int) -> None:
        r, name = self.r, node.environmentname
        if name in _LISTS or name in _DEFINITIONS:
            self.add(self.listing(node, name, src, line))
        elif name in _TABULARS:
            self.add(self.table(node, [], node))
        elif name in _FLOATS:
            self.flush()
            self.out.extend(self.float(node, name))
        elif name in _VERBATIM:
            text = getattr(node.nodeargd, "verbatim_text", None)
            if text is None:
                text = node.latex_verbatim().split("}", 1)[-1].rsplit("\\end", 1)[0]
            self.add(m.Verbatim(text.strip("\n").split("\n"), source=src, line=line))
        elif name in _MATH_ENVS:
            latex = "".join(n.latex_verbatim() for n in node.nodelist)
            self.add(m.Formula(math_text(latex.replace("&", " ").replace("\\\\", " ")), source=src, line=line))
        elif name in _BOXES:
            self.add(m.Box(_BOXES[name], [], _Blocks(r).run(node.nodelist), source=src, line=line))
        else:                                          # center, multicols, minipage…: their content
            self.flush()
            self.nodes(node.nodelist)

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
                definitions.append(m.Definition(term, _Blocks(self.r).run(content),
                                                source=src, line=self.r.line(item)))
            return m.DefinitionList(definitions, source=src, line=line)
        list_items = []
        for item, content in items:
            blocks = _Blocks(self.r).run(content)
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
        from pylatexenc.latexwalker import LatexMacroNode, LatexSpecialsNode
        rows: list[list[m.Cell]] = []
        cell: list = []
        row: list[m.Cell] = []
        rule_after: set[int] = set()
        src = self.r.source

        def end_cell():
            nonlocal cell
            said = flatten(_Blocks(self.r).run(cell)) if _has_blocks(cell) else self.r.inline(cell)
            cells = m.Cell(strip(said), source=src, line=self.r.line(cell[0]) if cell else self.r.line(node))
            span = next((n for n in cell if isinstance(n, LatexMacroNode) and n.macroname == "multicolumn"), None)
            row.append(cells)
            if span is not None:
                try:
                    row.extend(m.Cell([], source=src, line=cells.line)
                               for _ in range(int(self.r.text(_arg(span, 0)).strip()) - 1))
                except ValueError:
                    pass
            cell = []

        for child in node.nodelist:
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
        if name.startswith("table") and tabular is not None:
            block = self.table(tabular, caption, node)
            block.numbered = bool(caption)
        else:
            block = self.figure(inside, node, caption)
        r.owner = block
        for child in inside:                           # \label names the float
            if _is_macro(child, "label"):
                r.label(r.text(_arg(child, -1)).strip(), r.line(child))
        return [block]

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
        return m.Figure(strip(caption), numbered=bool(caption), image=image, source=r.source, line=line)

    def include(self, name: str, line: int) -> list[m.Block]:
        r = self.r
        folder = r.path.parent
        target = folder / name
        if not target.suffix:
            target = target.with_suffix(".tex")
        if not target.is_file():
            return [r.report.missing(name, line, f"include of {name!r}, which is not there")]
        if r.depth > 16:
            return [r.report.missing(name, line, f"include of {name!r} nested too deep (a loop?)")]
        shown = str(Path(r.source).parent / target.relative_to(folder))
        inner = _Reader(r.report, r.aliases, r.depth + 1)
        inner.commands = r.commands                    # an included file uses the book's commands
        inner.graphics = r.graphics                    # and its \graphicspath
        blocks = inner.document(target.read_text(encoding="utf-8", errors="replace"), shown, target)
        return blocks


def graphics_paths(text: str) -> list[str]:
    """The folders each \\graphicspath{{a/}{b/}} of the text names (a \\subfix{…} around one read through)."""
    text = re.sub(r"(?<!\\)%.*", "", text)
    out = []
    for found in re.finditer(r"\\graphicspath\s*\{((?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*)\}", text):
        body = found.group(1)
        groups = re.findall(r"\{((?:[^{}]|\{[^{}]*\})*)\}", body) if body.strip().startswith("{") else [body]
        for group in groups:
            inner = re.fullmatch(r"\s*\\(?:subfix|detokenize)\s*\{(.*)\}\s*", group, re.S)
            out.append((inner.group(1) if inner else group).strip())
    return [g for g in out if g]


def _quotes(text: str) -> str:
    """LaTeX's single quotes: `word' prints ‘word’ (latex2text does the double ones)."""
    return re.sub(r"`([^`'\n]*)'", "\u2018\\1\u2019", text).replace("`", "\u2018") if "`" in text else text


def _unknown(name: str) -> bool:
    """Whether latex2text would print nothing for the command because it does not know it."""
    from pylatexenc.latex2text import get_default_latex_context_db
    global _TEXT_DB
    if _TEXT_DB is None:
        _TEXT_DB = get_default_latex_context_db()
    return (name.isalpha() and name not in _QUIET and name not in _DROPPED
            and _TEXT_DB.get_macro_spec(name) is None)


_TEXT_DB = None


def _arg(node, index: int):
    """The nodes of a macro's argument (``index`` into its argument list), or []."""
    from pylatexenc.latexwalker import LatexGroupNode
    args = node.nodeargd.argnlist if node.nodeargd else []
    if not args or abs(index) > len(args) or args[index] is None:
        return []
    arg = args[index]
    return arg.nodelist if isinstance(arg, LatexGroupNode) else [arg]


def _inner_latex(node) -> str:
    return "".join(n.latex_verbatim() for n in node.nodelist)


def _descendants(nodes):
    """Every node below, in document order, arguments included."""
    for node in nodes or []:
        if node is None:
            continue
        yield node
        if getattr(node, "nodeargd", None) and node.nodeargd.argnlist:
            yield from _descendants(node.nodeargd.argnlist)
        yield from _descendants(getattr(node, "nodelist", None))


def _prints(node) -> bool:
    """Whether a node of running text prints anything (white space, labels and index entries do not)."""
    chars = getattr(node, "chars", None)
    if chars is not None:
        return bool(chars.strip())
    return getattr(node, "macroname", None) not in _DROPPED and not hasattr(node, "comment")


def _is_env(node, name: str) -> bool:
    return getattr(node, "environmentname", None) == name


def _is_macro(node, name: str) -> bool:
    return getattr(node, "macroname", None) == name


def _has_blocks(nodes) -> bool:
    """Whether a group holds more than running text (a list, a section, a blank line)."""
    from pylatexenc.latexwalker import LatexCharsNode, LatexEnvironmentNode, LatexMacroNode
    for node in nodes or []:
        if isinstance(node, LatexEnvironmentNode):
            return True
        if isinstance(node, LatexMacroNode) and (node.macroname in _SECTIONS or node.macroname in _BREAKS
                                                 or node.macroname == "par"):
            return True
        if isinstance(node, LatexCharsNode) and re.search(r"\n[ \t]*\n", node.chars):
            return True
    return False
