"""What a LaTeX book's reader does with the book's files, not their words: its
preamble (title, switches, theorems, glossary entries, the book's own packages),
the files it includes, read in place, and the branch each conditional takes.
Preamble commands are read by handlers registered by name (``PREAMBLE``)."""

from __future__ import annotations

import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import book_bytes, confined, strip, words
from nests.book.readers.latex_syntax import (BY_CHAPTER, CONDITIONALS, INCLUDES, NUMBER_DEPTHS, SWITCHES, TOC_DEPTHS,
                                             _arg)

# Commands of the preamble by name → the Reader method that reads them (see ``preamble``).
PREAMBLE: dict[str, str] = {}
# The classes that open chapters on a right-hand page unless told openany (the D&D class is the book class's).
OPEN_RIGHT = ("book", "scrbook", "memoir", "amsbook", "dndbook")
# LaTeX's paper options, as the papers the press prints on (others are left to --paper).
PAPERS = {"a4paper": "a4", "letterpaper": "letter", "a4": "a4", "letter": "letter"}
_PDF_TITLE = re.compile(r"pdftitle\s*=\s*(\{(?:[^{}]|\{[^{}]*\})*\}|[^,\]}]*)")


def preamble_command(*names):
    def register(method):
        for name in names:
            assert name not in PREAMBLE, f"two preamble handlers for \\{name}"
            PREAMBLE[name] = method.__name__
        return method
    return register



class BookFilesReading:
    """The part of ``latex.Reader`` that reads the book's files (mixed into it)."""

    def preamble(self, nodes) -> None:
        """The title, and what the preamble sets for the body: switches and the contents'
        depth, in the preamble or in a file it inputs (whose words are not the book's).
        Commands are read by the handlers ``PREAMBLE`` names; a group is read through."""
        for node in nodes:
            handler = PREAMBLE.get(getattr(node, "macroname", None))
            if handler is not None:
                getattr(self, handler)(node)
            elif hasattr(node, "nodelist") and not hasattr(node, "environmentname"):
                self.preamble(node.nodelist or [])

    @preamble_command("author", "date", "subtitle")
    def set_credit(self, node) -> None:
        """\\author, \\date and KOMA-Script's \\subtitle, for the title page (a date LaTeX makes itself,
        \\today, is not the book's)."""
        argument = node.nodeargd.argnlist[-1] if node.nodeargd and node.nodeargd.argnlist else None
        if argument is None or "\\today" in argument.latex_verbatim():
            return
        # "A \\and B": two authors; \\thanks{…} a note to the title page, not a name
        from pylatexenc.latexwalker import LatexGroupNode

        names, name, note = [], [], False
        for part in _arg(node, -1):
            macro = getattr(part, "macroname", None)
            if note and isinstance(part, LatexGroupNode):     # \\thanks's note, read apart from it
                note = False
                continue
            note = False
            if macro == "and":
                names.append(name)
                name = []
            elif macro == "thanks":
                note = not (part.nodeargd and any(part.nodeargd.argnlist))
            else:
                name.append(part)
        said = [" ".join(m.plain(strip(self.inline(nodes))).split()) for nodes in names + [name]]
        self.credits[node.macroname] = ", ".join(s for s in said if s)

    @preamble_command("title")
    def set_title(self, node) -> None:
        if node.nodeargd and node.nodeargd.argnlist[-1]:
            self.take_title(strip(self.inline(_arg(node, -1))))

    def take_title(self, said: list) -> None:
        """The book's title, as ``\\title{…}`` gives it (``title_lines`` parts it where it
        breaks its line)."""
        self.title, self.title_text = said, " ".join(m.plain(said).split())

    def title_lines(self) -> tuple[list, str]:
        """The title as the title page prints it, and its subtitle: a title that breaks its
        line (``\\title{The Dark Tower\\\\ \\large A Guide}``) sets what follows the break
        under it, smaller, which is the book's subtitle where it names none of its own (a
        KOMA-Script \\subtitle); else the title whole, and no subtitle."""
        said = self.title
        cut = next((k for k, node in enumerate(said) if isinstance(node, m.LineBreak)), None)
        if cut is None or self.credits.get("subtitle") or not strip(said[:cut]) or not strip(said[cut + 1:]):
            return said, ""
        return strip(said[:cut]), " ".join(m.plain(strip(said[cut + 1:])).split())

    @preamble_command("hypersetup")
    def pdf_settings(self, node) -> None:
        self.pdf_title(node)

    def pdf_title(self, node) -> None:
        """hyperref's ``pdftitle={…}`` (in \\hypersetup or the package's options): a book
        whose title page is set by hand names itself there alone."""
        said = _PDF_TITLE.search(node.latex_verbatim())
        if said and not self.files.pdf_title:
            value = said.group(1).strip()
            value = value[1:-1] if value.startswith("{") and value.endswith("}") else value
            self.files.pdf_title = m.plain(self.aside(value, self.line(node))).strip()

    @preamble_command(*SWITCHES, "setcounter", "newacronym", "newglossaryentry")
    def set_value(self, node) -> None:
        self.inline([node])                           # read as running text is: they print nothing

    @preamble_command(*CONDITIONALS)
    def preamble_branch(self, node) -> None:
        self.preamble(self.branch(node))

    @preamble_command(*INCLUDES)
    def preamble_input(self, node) -> None:
        self.include(node, settings_only=True)

    def settings(self, text: str, shown: str, path: Path, package: bool = False) -> None:
        """A file read for what it sets (commands, theorems, switches), not its words.
        A package's redefinition of a command the reader reads itself is not applied."""
        from nests.book.readers.latex_macros import Unbounded, ended, expand
        from nests.errors import NestsError, Problem

        from nests.book.readers.latex_syntax import graphics_paths

        self.source, self.path = shown, path
        self.files.graphics += graphics_paths(text)       # (a package's \graphicspath holds in the book)
        self.files.reading.append(path.resolve())
        try:
            self.preamble(self.parse(expand(ended(text), self.files.commands, self.known_command if package else None,
                                             switches=self.files.switches, environments=self.files.environments)))
        except Unbounded as err:
            raise NestsError(Problem(err.message, file=shown, line=err.line)) from None
        finally:
            self.files.reading.pop()

    @preamble_command("documentclass")
    def document_class(self, node) -> None:
        """A standard class numbers headings down to its own depth (``secnumdepth``): a book's
        or a report's down to subsections, an article's down to subsubsections; a class
        it does not know, and a file with no class, number every level."""
        name = (self.args(node)[-1:] or [""])[0].strip()
        if name in NUMBER_DEPTHS and self.files.number_depth is None:
            self.files.number_depth = NUMBER_DEPTHS[name]
        self.files.class_toc_rank = TOC_DEPTHS.get(name)
        self.files.by_chapter = name in BY_CHAPTER
        self.files.class_options = said = self.options(node)
        if "twocolumn" in said or "onecolumn" in said:          # the last one said holds, as in LaTeX
            self.files.columns = 2 if [o for o in said if o in ("twocolumn", "onecolumn")][-1] == "twocolumn" else 1
        # chapters on a right-hand page: a book class's default (openright), any class's when it says so
        sides = [o for o in said if o in ("openright", "openany")]
        self.files.open_right = (sides[-1] == "openright") if sides else name in OPEN_RIGHT
        self.paper(said)

    def paper(self, options: list[str]) -> None:
        """The paper a class's or geometry's options name (``a4paper``, ``paper=letterpaper``), the last one said."""
        for option in options:
            named = PAPERS.get(option.split("=", 1)[-1].strip() if option.replace(" ", "").startswith(
                ("paper=", "papername=")) else option)
            if named:
                self.files.paper = named

    def options(self, node) -> list[str]:
        """A command's optional argument as its comma-separated words (``[british,a4paper]``)."""
        said = node.nodeargd.argnlist[0] if node.nodeargd and node.nodeargd.argnlist else None
        if said is None or not hasattr(said, "nodelist"):
            return []
        return [o.strip() for o in "".join(n.latex_verbatim() for n in said.nodelist).split(",") if o.strip()]

    def languages(self, package: str, options: list[str]) -> None:
        """babel's main language: its ``main=`` option, else the last language it is given (in its
        options or the class's); hyphenat's ``[none]`` turns hyphenation off."""
        from nests.book.readers.languages import latex

        if package == "babel":
            main = [o.split("=", 1)[1] for o in options if o.replace(" ", "").startswith("main=")]
            named = [latex(o) for o in main or options or self.files.class_options]
            named = [n for n in named if n]
            if named:
                self.files.language = named[-1]
        elif package == "hyphenat" and "none" in options:
            self.files.hyphenate = False

    @preamble_command("setdefaultlanguage", "setmainlanguage")
    def main_language(self, node) -> None:
        """polyglossia's ``\\setdefaultlanguage[variant=british]{english}``."""
        from nests.book.readers.languages import latex

        variant = next((o.split("=", 1)[1] for o in self.options(node) if o.replace(" ", "").startswith("variant=")), "")
        said = latex((self.args(node)[-1:] or [""])[0], variant)
        if said:
            self.files.language = said

    @preamble_command("hyphenation")
    def hyphenation(self, node) -> None:
        """``\\hyphenation{Quest-Worlds e-mail}``: where those words may break (a word written
        whole never breaks), kept by the word in lower case, as TeX matches it."""
        for word in " ".join(self.args(node)).split():
            if word.replace("-", "").isalpha():
                self.files.hyphenation[word.replace("-", "").lower()] = word.lower()

    @preamble_command("usepackage", "RequirePackage")
    def package(self, node) -> None:
        """The book's own packages (``\\usepackage{book-macros}`` beside it): their commands
        and theorems hold in the book; a package of a TeX distribution is not looked for."""
        if "hyperref" in ",".join(self.args(node)[-1:]):
            self.pdf_title(node)
        for name in ",".join(self.args(node)[-1:]).split(","):
            self.languages(name.strip(), self.options(node))
            if name.strip() == "geometry":
                self.paper(self.options(node))
            path = confined(self.files.root, name.strip() + ".sty")[0] if name.strip() else None
            if path is None or not path.is_file():
                continue
            if path.resolve() in self.files.reading:
                continue
            inner = type(self)(self.report.at(self.files.shown(path)), self.aliases, self.files)
            text = book_bytes(path, self.files.shown(path)).decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
            inner.settings(text, self.files.shown(path), path, package=True)

    @preamble_command("newtheorem", "declaretheorem")
    def declare_theorem(self, node) -> None:
        """``\\newtheorem{lemma}{Lemma}`` (or ``{lemma}[counter]{Lemma}``), thmtools'
        ``\\declaretheorem[name=Lemma]{lemma}`` (without a name, the environment's own,
        capitalised): the environment prints as a box."""
        args = self.args(node)
        if node.macroname == "declaretheorem" and args and args[0].strip():
            options = node.nodeargd.argnlist[0] if node.nodeargd else None
            said = re.search(r"(?:^|,)\s*name\s*=\s*\{?([^,{}]+)", options.latex_verbatim()[1:-1]) if options else None
            name = args[0].strip()
            self.files.theorems[name] = words(said.group(1)).strip() if said else name.rstrip("*").capitalize()
        elif len(args) >= 2 and args[0].strip():
            self.files.theorems[args[0].strip()] = words(args[-1]).strip().strip("{}") or args[0].strip()

    def branch(self, node) -> list:
        """The nodes of the branch a conditional takes."""
        args = self.args(node)
        if len(args) < 3:
            return []
        taken = self.files.decide(node.macroname, args)
        if taken is None:
            self.report.first(f"\\{node.macroname}{{{args[0]}}}", self.line(node),
                              f"cannot tell which way \\{node.macroname}{{{args[0]}}} goes; "
                              "its first branch is read", source=self.source)
        return _arg(node, -2 if taken is not False else -1)

    def include(self, node, settings_only: bool = False) -> list[m.Block]:
        """The blocks of the file an include names, read in place; or a placeholder and a warning.
        ``settings_only``: an input of the preamble, read for its switches and commands alone."""
        args, line = self.args(node), self.line(node)
        found = self.files.find(node.macroname, args, self.path, self.base)
        name = "/".join(a.strip().strip("/") for a in args if a.strip())
        if found.path is None:
            return [self.report.missing(name or node.macroname, line, f"\\{node.macroname} of {found.why}",
                                        source=self.source)]
        shown = self.files.shown(found.path)
        inner = type(self)(self.report.at(shown), self.aliases, self.files)
        inner.base, inner.footnotes = found.base or self.base, self.footnotes
        text = book_bytes(found.path, shown).decode("utf-8-sig", errors="replace").replace("\r\n", "\n")
        if settings_only:
            inner.settings(text, shown, found.path)
            if inner.title and not self.title:         # a title page of its own, input in the preamble
                self.title, self.title_text = inner.title, inner.title_text
            return []
        blocks = inner.document(text, shown, found.path)
        self.footnotes = inner.footnotes
        return blocks
