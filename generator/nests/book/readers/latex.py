"""LaTeX (a whole document or a fragment) read by pylatexenc into the book model.

LatexWalker gives the structure (sectioning, lists, tables, floats, labels and
references); latex2text gives the words of running text, so quotes and ``~``
read as “ ” and a space and formulas as Unicode text (→ ≥ √). Index entries
and comments are not text and are dropped. Commands are handled by name
(``INLINE`` here, block-level ones in ``latex_blocks``); the files a book
includes are read in place (``latex_files``).

``inline_latex`` and ``math_text`` also serve the XML reader, whose books
carry LaTeX leftovers, and the rST reader's math.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import Report, finish, merge_text, strip, words
from nests.book.readers.credits import credited
from nests.book.readers.latex_files import BookFiles
from nests.book.readers.latex_math import _to_text, math_text
from nests.book.readers.latex_reading import BookFilesReading
from nests.book.readers import latex_rpg  # noqa: F401  (the RPG book class's handlers, registered by name)
from nests.book.readers.latex_options import keyed_values, short_verbs
from nests.book.readers.latex_syntax import (_CODE, _DROPPED, _EMPHASIS, _NUMBER_REFS, _REFS, _SECTIONS, _STRONG,
                                             _TEXT_MACROS, CONDITIONALS, GLOSSARY, INCLUDES, INLINE, RPG_WORDED_OPTIONS,
                                             SWITCHES, _arg, inline_command,
                                             _context, _descendants, _inner_latex, _is_env, _quotes, _unknown,
                                             drop_settings, graphics_paths)

def read(text: str, shown: str, path: Path) -> m.Book:
    report = Report(shown)
    files = BookFiles(Path(path).parent.resolve(), shown)
    reader = Reader(report, {}, files)
    blocks = reader.document(text, shown, Path(path))
    toc_rank = files.toc_rank if files.toc_rank is not None else files.class_toc_rank
    reader.defined_credits()
    title, subtitle = reader.title_lines()
    book = finish(blocks, report, title=" ".join(m.plain(title).split()) or files.pdf_title, aliases=reader.aliases, title_heading=False,
                  toc_rank=toc_rank)
    # a whole document prints a title page where it says \maketitle, and only there (a fragment, as
    # any book: for its title); it hyphenates in its language, as its packages say
    title_page = files.made_title or not files.whole
    book = dataclasses.replace(book, by_chapter=files.by_chapter, columns=files.columns, title_page=title_page,
                               language=files.language or book.language, hyphenate=files.hyphenate,
                               open_right=files.open_right,
                               # LaTeX prints a whole document on letter paper unless it names another
                               paper=files.paper or ("letter" if files.whole else None),
                               hyphenation=dict(files.hyphenation))
    return credited(book, {**reader.credits, "subtitle": subtitle} if subtitle else reader.credits)


def inline_latex(text: str, source: str, line: int, report: Report,
                 on_label=None) -> list[m.Inline]:
    """Running text that may hold LaTeX leftovers, as inlines (for other markups' text).

    Characters that are special to LaTeX but plain in the host markup (%, &, #)
    are escaped first; ``on_label(name, line)`` hears of every ``\\label``."""
    if not re.search(r"[\\~`$']|--", text):
        return [m.Text(words(text), source=source, line=line)]
    escaped = re.sub(r"(?<!\\)([%&#])", r"\\\1", text)
    reader = Reader(report, {}, BookFiles(Path(".").resolve(), source))
    reader.source, reader.on_label = source, on_label
    nodes = reader.parse(escaped, line)
    return reader.inline(nodes)


# Files of drawing code (PGF/TikZ pictures exported by plotting tools).
_DRAWING_FILES = (".pgf", ".tikz", ".pgf_tex", ".tex.pgf")

# pylatexenc's kinds of node in running text → the Reader method that reads them.
# The font switches of a group, and the shape they give what follows them (others print plain).
FONT_SWITCHES = {**dict.fromkeys(("bf", "bfseries"), "strong"),
                 **dict.fromkeys(("it", "itshape", "em", "sl", "slshape"), "emphasis"),
                 **dict.fromkeys(("tt", "ttfamily"), "code")}
NODE_KINDS = {"LatexCommentNode": "comment_node", "LatexMathNode": "math_node", "LatexGroupNode": "group_node",
              "LatexMacroNode": "macro", "LatexCharsNode": "chars_node"}

# Inline commands: ``INLINE`` and ``inline_command`` (latex_syntax) name the Reader method of each.


DEEPEST = 100           # groups and environments inside each other (the parser recurses into each)
_GROUPING = re.compile(r"\\(?:begin|end)(?![A-Za-z@])|\\.|[{}]", re.S)


def _nested_within(text: str, shown: str, first_line: int) -> None:
    """One error at the line where braces and environments nest past ``DEEPEST``,
    before the parser would run out of its stack (a traceback)."""
    depth = 0
    for found in _GROUPING.finditer(text):
        said = found.group(0)
        depth = depth + 1 if said in ("{", "\\begin") else max(0, depth - 1) if said in ("}", "\\end") else depth
        if depth > DEEPEST:
            from nests.errors import NestsError, Problem

            raise NestsError(Problem(f"braces and environments nested more than {DEEPEST} deep; not read",
                                     file=shown, line=first_line + text.count("\n", 0, found.start())))


class Reader(BookFilesReading):
    """One file of a LaTeX book (an included file gets a reader of its own that
    shares the book's ``files``, aliases and report)."""

    @staticmethod
    def known_command(name: str) -> bool:
        return _known(name)

    def __init__(self, report: Report, aliases: dict[str, str], files: BookFiles):
        self.report, self.aliases, self.files = report, aliases, files
        self.source = report.source
        self.title_text = ""
        self.title: list[m.Inline] = []
        self.credits: dict[str, str] = {}             # \author and \date, as words
        self.owner: m.Node | None = None              # what a \label names: the last heading or float
        self.footnotes = 0
        self.on_label = None
        self.walker = None
        self.path = Path(report.source)
        self.base = files.root                        # where \input resolves (an \import's folder inside one)
        self.pending: list[m.Footnote] = []

    # -- parsing -----------------------------------------------------------
    def parse(self, text: str, first_line: int = 1):
        from pylatexenc.latexwalker import LatexWalker, LatexWalkerError
        self.first_line = first_line
        _nested_within(text, self.source, first_line)
        self.walker = LatexWalker(text, latex_context=_context(), tolerant_parsing=True)
        try:
            nodes, _, _ = self.walker.get_latex_nodes()
        except LatexWalkerError as err:
            from nests.errors import NestsError, Problem
            raise NestsError(Problem(f"cannot read this LaTeX: {err}", file=self.source)) from None
        return nodes

    def aside(self, text: str, line: int, read=None):
        """``text`` (an option's value, written at ``line``) parsed and read by ``read``
        (as running text by default), the file's own parse left as it was."""
        walker, first = self.walker, self.first_line
        try:
            nodes = self.parse(text, line)
            return read(nodes) if read is not None else strip(self.inline(nodes))
        finally:
            self.walker, self.first_line = walker, first

    def line(self, node) -> int:
        if node is None or self.walker is None:
            return self.first_line
        line = self.walker.pos_to_lineno_colno(node.pos)[0] + self.first_line - 1
        chars = getattr(node, "chars", None)
        if chars and chars.strip():                   # characters start where their words do
            line += chars[:len(chars) - len(chars.lstrip())].count("\n")
        return line

    def document(self, text: str, shown: str, path: Path) -> list[m.Block]:
        from nests.book.readers.latex_macros import Unbounded
        from nests.errors import NestsError, Problem

        try:
            return self._document(text, shown, path)
        except Unbounded as err:
            raise NestsError(Problem(err.message, file=self.source, line=err.line)) from None

    def _document(self, text: str, shown: str, path: Path) -> list[m.Block]:
        from nests.book.readers.latex_blocks import LatexBlocks
        from nests.book.readers.latex_macros import ended, expand, uncommented

        self.source, self.path = shown, path
        text = ended(short_verbs(text, self.files))
        self.files.graphics += graphics_paths(text)
        self.files.reading.append(path.resolve())
        try:
            # a whole document: its preamble first (the title, its packages' and inputs'
            # commands, switches), so that the body is read with all of them
            start = re.search(r"\\begin\s*\{document\}", uncommented(text))
            if start is not None and len(self.files.reading) == 1:
                self.files.whole = True                 # the main file: a document LaTeX typesets as it stands
            if start is not None:
                # (its key=value options kept: \declaretheorem[name=…] names a box)
                preamble = uncommented(text)[:start.start()]
                self.preamble(self.parse(expand(preamble, self.files.commands, switches=self.files.switches,
                                                environments=self.files.environments)))
                # the body alone, its lines numbered on: no preamble command can read the
                # body's first words as its arguments
                text = "\n" * preamble.count("\n") + uncommented(text)[start.start():]
            nodes = self.parse(drop_settings(expand(text, self.files.commands, switches=self.files.switches,
                                                    on_program=self.program_used, environments=self.files.environments),
                                             _worded_options))
            # the document may sit inside a group an unbalanced preamble command left open
            body = next((n for n in _descendants(nodes) if _is_env(n, "document")), None)
            return LatexBlocks(self).run(body.nodelist if body is not None else nodes)
        finally:
            self.files.reading.pop()

    def program_used(self, name: str, line: int) -> None:
        self.report.first("\\" + name, line, f"the book's command '\\{name}' computes what it prints, which only "
                          "TeX can run; its arguments' words are kept", source=self.source)

    def defined_credits(self) -> None:
        """A book that keeps its title in a command of its own (``\\def\\title{…}``, LaTeX's
        \\title redefined as its words, used by a title page set by hand): those words are its
        title, as its author and subtitle are theirs, where the book gives them no other way."""
        for name in ("title", "subtitle", "author"):
            signature, body = self.files.commands.get(name, (None, ""))
            if signature != () or not (body or "").strip():
                continue
            said = self.aside(body.strip(), 1)
            if name == "title" and not self.title:
                self.take_title(said)
            elif name != "title" and not self.credits.get(name):
                self.credits[name] = " ".join(m.plain(said).split())

    # -- what the book's files share ----------------------------------------
    def args(self, node) -> list[str]:
        """A command's mandatory arguments as plain words (file names, switch names)."""
        out = []
        for arg in (node.nodeargd.argnlist if node.nodeargd else []):
            if hasattr(arg, "nodelist") and (getattr(arg, "delimiters", None) or "{")[0] == "{":
                out.append("".join(n.latex_verbatim() for n in arg.nodelist))
        return out

    # -- inlines -----------------------------------------------------------
    def inline(self, nodes) -> list[m.Inline]:
        """Running text: each parsed node read by the handler its kind names (``NODE_KINDS``)."""
        out: list[m.Inline] = []
        nodes, at = list(nodes or []), 0
        while at < len(nodes):
            node, at = nodes[at], at + 1
            handler = NODE_KINDS.get(type(node).__name__, "other_node")
            out.extend(getattr(self, handler)(node, self.source, self.line(node)))
            if handler == "macro" and at < len(nodes) and (getattr(nodes[at], "chars", None) or "").lstrip(
                    " \t").startswith("[") and node.macroname not in INLINE and _unknown(node.macroname):
                # a class's command the reader does not know: its [key=value, …] list prints its values
                values, nodes[at:] = keyed_values(self, nodes[at:])
                out.extend(values)
        return merge_text(out)

    def comment_node(self, node, src, line):
        return []

    def math_node(self, node, src, line):
        return [m.Math(math_text(_inner_latex(node)), source=src, line=line)]

    def group_node(self, node, src, line):
        return self.switched(list(node.nodelist), src, line)

    def switched(self, nodes: list, src: str, line: int) -> list[m.Inline]:
        """A group's words, a font switch in it (``{\\bf operators}``, older books' bold)
        shaping what follows it to the group's end, as TeX's switches do."""
        at = next((k for k, n in enumerate(nodes) if getattr(n, "macroname", None) in FONT_SWITCHES), None)
        if at is None:
            return self.inline(nodes)
        shape, rest = FONT_SWITCHES[nodes[at].macroname], self.switched(nodes[at + 1:], src, line)
        shaped = ([m.Strong(rest, source=src, line=line)] if shape == "strong" else
                  [m.Emphasis(rest, source=src, line=line)] if shape == "emphasis" else
                  [m.Code(m.plain(rest), source=src, line=line)] if shape == "code" and rest else rest)
        return merge_text(self.inline(nodes[:at]) + shaped)

    def chars_node(self, node, src, line):
        return [m.Text(words(_quotes(node.chars)), source=src, line=line)]

    def other_node(self, node, src, line):
        return [m.Text(self.text([node]), source=src, line=line)]

    def macro(self, node, src: str, line: int) -> list[m.Inline]:
        handler = INLINE.get(node.macroname)
        said = handler(self, node, src, line) if handler else None
        return said if said is not None else self.unknown(node, src, line)

    def unknown(self, node, src: str, line: int) -> list[m.Inline]:
        """A command no handler reads: what latex2text prints of it, else its arguments' words."""
        name = node.macroname
        if _unknown(name):
            self.report.first("\\" + name, line, f"unknown LaTeX command '\\{name}'; its arguments' words are kept",
                              source=src)
        args = [a for a in (node.nodeargd.argnlist if node.nodeargd else []) if a is not None]
        if args and _unknown(name):                    # its arguments, read as the book's text
            return self.inline(args)
        text = self.text([node])
        if args and not text.strip():
            return self.inline(args)
        return [m.Text(text, source=src, line=line)]

    @inline_command(*_STRONG)
    def strong(self, node, src, line):
        if node.nodeargd and node.nodeargd.argnlist:
            return [m.Strong(self.inline(_arg(node, -1)), source=src, line=line)]
        return None                                    # a font switch: the words print plain

    @inline_command(*_EMPHASIS)
    def emphasis(self, node, src, line):
        if node.nodeargd and node.nodeargd.argnlist:
            return [m.Emphasis(self.inline(_arg(node, -1)), source=src, line=line)]
        return None

    @inline_command(*_CODE, "lstinline", "mintinline")
    def code(self, node, src, line):
        text = getattr(node.nodeargd, "verbatim_text", None) or self.text(_arg(node, -1))
        return [m.Code(text, source=src, line=line)]

    @inline_command(*_REFS)
    def ref(self, node, src, line):
        """A reference; cleveref's ``\\cref{a,b}`` names several, each a reference of its own."""
        targets = [t.strip() for t in self.text(_arg(node, -1)).split(",")] if node.macroname in (
            "cref", "Cref", "cpageref", "Cpageref") else [self.text(_arg(node, -1)).strip()]
        out: list[m.Inline] = []
        for target in targets:
            if out:
                out.append(m.Text(", ", source=src, line=line))
            out.append(m.Ref(target, page=node.macroname == "pageref", number=node.macroname in _NUMBER_REFS,
                             source=src, line=line))
        return out

    @inline_command("crefrange", "Crefrange", "cpagerefrange", "Cpagerefrange")
    def ref_range(self, node, src, line):
        """cleveref's ``\\crefrange{first}{last}``: two references, "first to last"."""
        ends = [self.text(_arg(node, k)).strip() for k in (-2, -1)]
        page = "page" in node.macroname
        return [m.Ref(ends[0], page=page, source=src, line=line), m.Text(" to ", source=src, line=line),
                m.Ref(ends[1], page=page, source=src, line=line)]

    @inline_command("-")
    def hyphenation_point(self, node, src, line):
        return []                                      # where a word may break: nothing printed

    @inline_command("label")
    def label_command(self, node, src, line):
        self.label(self.text(_arg(node, -1)).strip(), line)
        return []

    @inline_command(*(name for name in _DROPPED if name != "label"))
    def dropped(self, node, src, line):
        if node.macroname == "setcounter":
            self.set_counter(*(self.args(node) + ["", ""])[:2])
        elif node.macroname == "hyphenation":
            self.hyphenation(node)
        return []

    def set_counter(self, name: str, value: str) -> None:
        """``\\setcounter{tocdepth}{N}``: the contents' depth; ``secnumdepth``: the deepest level
        numbered; ``\\setcounter{chapter}{N}`` (any sectioning counter): the next heading of that
        level is numbered N + 1."""
        value = re.sub(r"\\maxdimen\b", "16383", value.replace(" ", ""))    # (pandoc's "no numbers": -\maxdimen)
        try:
            number = int(value)
        except ValueError:
            return
        if name.strip() == "tocdepth":
            self.files.toc_rank = number
        elif name.strip() == "secnumdepth":
            self.files.number_depth = number
        elif name.strip() in _SECTIONS:
            self.files.counters[_SECTIONS[name.strip()]] = number + 1

    @inline_command("href")
    def href(self, node, src, line):
        """``\\href{address}{words}``: the words, clickable in the PDF."""
        words_ = self.inline(_arg(node, -1))
        address = self.text(_arg(node, 0)).strip()
        return [m.Link(address, words_, source=src, line=line)] if address else words_

    @inline_command("caption", "multicolumn", "multirow", "hypertarget", "textcolor", "colorbox", "fcolorbox",
                    "resizebox", "scalebox", "makebox", "framebox", "parbox", "raisebox", "mbox", "fbox",
                    "textsuperscript", "textsubscript")
    def last_argument(self, node, src, line):
        """Commands whose last argument is their words (a link's, a box's)."""
        return self.inline(_arg(node, -1))

    @inline_command("sfrac")
    def slanted_fraction(self, node, src, line):
        """xfrac's ``\\sfrac{1}{2}``: "1/2"."""
        return self.inline(_arg(node, -2)) + [m.Text("/", source=src, line=line)] + self.inline(_arg(node, -1))

    @inline_command("par")
    def inline_paragraph_end(self, node, src, line):
        return [m.Text(" ", source=src, line=line)]     # (a \par inside running text: a space)

    @inline_command("nth")
    def ordinal(self, node, src, line):
        """The nth package's ``\\nth{1}``: "1st" (its suffix raised in print, plain here)."""
        said = self.text(_arg(node, -1)).strip()
        if not said.isdigit():
            return self.inline(_arg(node, -1))
        number = int(said)
        suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
        return [m.Text(said + suffix, source=src, line=line)]

    @inline_command("hyperref")
    def hyperref(self, node, src, line):
        """``\\hyperref[label]{words}``: the words, leading to the label."""
        target = self.text(_arg(node, 0)).strip()
        words_ = self.inline(_arg(node, -1))
        return [m.Ref(target, words_, source=src, line=line)] if target else words_

    @inline_command("hyperlink")
    def hyperlink(self, node, src, line):
        """``\\hyperlink{target}{words}`` (pandoc's link to a heading): the words, leading to
        the target a ``\\hypertarget`` names."""
        target = self.text(_arg(node, 0)).strip()
        words_ = self.inline(_arg(node, -1))
        return [m.Ref(target, words_, source=src, line=line)] if target else words_

    @inline_command("cite", "citep", "citet", "textcite", "parencite", "autocite")
    def cite(self, node, src, line):
        return [m.Text(f"[{self.text(_arg(node, -1)).strip()}]", source=src, line=line)]

    @inline_command("\\")
    def line_break(self, node, src, line):
        return [m.LineBreak(source=src, line=line)]

    @inline_command("footnote", "footnotetext")
    def footnote(self, node, src, line):
        self.footnotes += 1
        label = str(self.footnotes)
        note = m.Footnote(label, [m.Paragraph(strip(self.inline(_arg(node, -1))), source=src, line=line)],
                          source=src, line=line)
        self.pending.append(note)
        return [m.FootnoteRef(label, source=src, line=line)]

    @inline_command("includegraphics")
    def picture_inline(self, node, src, line):
        found = self.image(node, line)
        return [found] if isinstance(found, m.Missing) else []

    @inline_command(*INCLUDES)
    def include_inline(self, node, src, line):
        name = "/".join(a.strip().strip("/") for a in self.args(node) if a.strip())
        if name.endswith(_DRAWING_FILES):                # a picture drawn in code, in a file of its own
            self.report.warn(line, f"the drawing {name!r} is code the press cannot draw; it is left out",
                             thing=f"drawing: {name}", source=src)
            return []
        return [self.report.missing(name, line, "an include inside running text is not read", source=src)]

    @inline_command(*_TEXT_MACROS)
    def symbol(self, node, src, line):
        return [m.Text(_TEXT_MACROS[node.macroname], source=src, line=line)]

    @inline_command("newacronym", "newglossaryentry")
    def glossary_entry(self, node, src, line):
        """``\\newacronym{key}{short}{long}``, ``\\newglossaryentry{key}{name=…, description=…}``."""
        args = self.args(node)
        if node.macroname == "newacronym" and len(args) >= 3:
            self.files.glossary[args[0].strip()] = (words(self.text(_arg(node, -2))).strip(),
                                                     words(self.text(_arg(node, -1))).strip())
        elif len(args) >= 2:
            found = re.search(r"(?:^|,)\s*name\s*=\s*(\{(?:[^{}]|\{[^{}]*\})*\}|[^,]*)", args[1])
            name = found.group(1).strip().strip("{}") if found else args[0]
            self.files.glossary[args[0].strip()] = (name, name)
        return []

    @inline_command(*GLOSSARY, "glsunset", "glsreset")
    def glossary_term(self, node, src, line):
        key = (self.args(node) or [""])[0].strip()
        if node.macroname in ("glsunset", "glsreset"):
            (self.files.glossed.add if node.macroname == "glsunset" else self.files.glossed.discard)(key)
            return []
        said = self.files.gloss(node.macroname, key)
        if said is None:
            self.report.first(f"gloss:{key}", line, f"glossary entry {key!r} is not defined; its key is printed",
                              source=src)
            said = key
        return [m.Text(said, source=src, line=line)]

    @inline_command(*SWITCHES)
    def switch(self, node, src, line):
        self.files.set(node.macroname, self.args(node))
        return []

    @inline_command(*CONDITIONALS)
    def conditional(self, node, src, line):
        return self.inline(self.branch(node))

    def text(self, nodes) -> str:
        nodes = [n for n in (nodes or []) if n is not None]
        try:
            text = _to_text().nodelist_to_text(nodes)
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
        here, root = self.path.parent, Path(self.files.main).parent
        graphics = self.files.graphics
        folders = [root] + [root / g for g in graphics] + [here] + [here / g for g in graphics]
        return picture(self.report, target, line, list(dict.fromkeys(folders)), latex=True, source=self.source,
                       root=self.files.root)


def _known(name: str) -> bool:
    """Whether the reader reads ``\\name`` itself (a package may not redefine it here)."""
    from nests.book.readers.latex_blocks import MACROS
    return name in INLINE or name in MACROS or _context().get_macro_spec(name) is not None


def _worded_options(name: str) -> bool:
    """Whether ``\\name[key=value]``'s list is words to read, not settings to drop: the RPG class's
    stat block commands', and any command the reader does not know (``keyed_values`` prints its values)."""
    return name in RPG_WORDED_OPTIONS or (_unknown(name) and not _known(name))
