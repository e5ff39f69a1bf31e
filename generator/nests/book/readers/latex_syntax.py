"""What the LaTeX reader knows of LaTeX: commands and environments by kind, the
arguments each takes (for the parser), and small questions about parsed nodes."""

from __future__ import annotations

import re


# Sectioning commands by rank (larger is deeper); finish() turns ranks into levels.
_SECTIONS = {"part": -1, "chapter": 0, "section": 1, "subsection": 2, "subsubsection": 3,
             "paragraph": 4, "subparagraph": 5}
# The deepest level the standard classes number (LaTeX's secnumdepth, in the levels above).
NUMBER_DEPTHS = {"book": 2, "report": 2, "memoir": 2, "scrbook": 2, "scrreprt": 2,
                 "article": 3, "scrartcl": 3, "amsart": 3, "amsbook": 3,
                 "dndbook": 0}           # the D&D class numbers its chapters alone ("Chapter 1:")
# The deepest level the standard classes list in their contents (LaTeX's tocdepth), where the book sets none.
TOC_DEPTHS = {"book": 2, "report": 2, "scrbook": 2, "scrreprt": 2, "article": 3, "scrartcl": 3}
# The classes that count figures, tables and theorems within each chapter ("Figure 2.1").
BY_CHAPTER = ("book", "report", "memoir", "scrbook", "scrreprt", "amsbook", "dndbook")
_LISTS = {"itemize": False, "enumerate": True, "compactitem": False, "compactenum": True}
_DEFINITIONS = ("description",)
_TABULARS = ("tabular", "tabular*", "tabularx", "longtable", "tabulary")
_FLOATS = ("table", "table*", "figure", "figure*", "sidewaystable", "sidewaysfigure", "sidewaystable*",
           "sidewaysfigure*")
_VERBATIM = ("verbatim", "verbatim*", "lstlisting", "Verbatim", "minted", "alltt")
_MATH_ENVS = ("equation", "equation*", "align", "align*", "displaymath", "gather", "gather*",
              "multline", "multline*", "eqnarray", "eqnarray*", "math", "alignat", "alignat*", "flalign",
              "flalign*", "dmath", "dmath*")
# Environments written in a drawing language (TikZ, Asymptote, PSTricks…): code, not words.
_DRAWINGS = ("tikzpicture", "tikzcd", "asy", "pspicture", "picture", "circuitikz", "forest", "xy", "pgfpicture",
             "mfpic", "tikzfigure")
_DRAWING_CODE = ("asydef", "asyinclude")     # code for the drawings, which prints nothing
# Of these, the ones in a language of their own, which the LaTeX parser must not read.
_FOREIGN = ("asy", "asydef", "mfpic")
_BOXES = {"quote": "quote", "quotation": "quote", "abstract": "abstract", "verse": "quote"}
_MATTERS = ("frontmatter", "mainmatter", "backmatter", "appendix")   # where the numbering changes
_BREAKS = ("newpage", "clearpage", "pagebreak", "cleardoublepage")
_REFS = ("ref", "pageref", "autoref", "cref", "Cref", "eqref", "nameref", "vref")
_NUMBER_REFS = ("ref", "eqref", "vref")          # print the number alone; the text names the kind
_STRONG = ("textbf", "bf", "bfseries")
_EMPHASIS = ("emph", "textit", "textsl", "it", "itshape", "em", "underline")
_CODE = ("texttt", "verb", "url", "path")
# Symbols latex2text does not know, as the words or glyphs LaTeX prints.
_TEXT_MACROS = {"LaTeX": "LaTeX", "TeX": "TeX", "LaTeXe": "LaTeX2e", "S": "§", "P": "¶", "copyright": "©",
                "pounds": "£", "textregistered": "®", "texttrademark": "™", "textdegree": "°",
                "euro": "€", "checkmark": "✓", "slash": "/", "percent": "%", "textless": "<", "textgreater": ">"}
# Commands that print nothing and say nothing worth a warning when unknown.
_QUIET = ("usepackage", "documentclass", "newcommand", "renewcommand", "providecommand", "def", "let",
          "makeatletter", "makeatother", "pagestyle", "thispagestyle", "raggedright", "raggedleft", "small", "large", "Large", "LARGE",
          "huge", "Huge", "footnotesize", "normalsize", "tiny", "scriptsize", "hfill", "vfill",
          "linebreak", "nolinebreak", "nopagebreak", "author", "date", "title", "subtitle", "today", "selectfont",
          # font switches ({\\bf words}): the words print, plain
          "bf", "it", "em", "sl", "sc", "tt", "rm", "sf", "bfseries", "itshape", "ttfamily", "rmfamily",
          "sffamily", "upshape", "mdseries", "scshape", "normalfont")
TEX_PRIMITIVES = ("relax", "break", "hrule", "vrule", "bgroup", "egroup", "hbox", "vbox", "vtop", "jobname",
                  "ignorespaces", "unskip", "leavevmode", "nobreak", "null", "noexpand", "expandafter", "hfil",
                  "hfilneg", "vfil", "hss", "vss", "allowbreak", "nointerlineskip", "offinterlineskip")
_DROPPED = ("index", "label", "graphicspath", "hline", "cline", "toprule", "midrule", "bottomrule", "centering",
            "vspace", "hspace", "noindent", "maketitle", "tableofcontents", "listoffigures",
            "listoftables", "printindex", "medskip", "bigskip", "smallskip", "protect",
            "phantomsection", "addcontentsline", "addtocontents", "setcounter", "newline", "fontsize",
            "setlength", "addtolength", "color", "definecolor", "hypersetup", "rowcolor", "cellcolor",
            "arrayrulecolor", "specialrule", "cmidrule", "addlinespace", "rule", "pagenumbering",
            "includeonly", "pagestyle", "thispagestyle", "nocite", "bibliography", "bibliographystyle",
            "printbibliography", "printglossary", "printglossaries", "printacronyms", "makeindex",
            "makeglossaries", "glsaddall", "hyphenation", "setdefaultlanguage", "setmainlanguage", "AtNextBibliography", "aliaspagestyle",
            "begingroup", "endgroup", "sloppy", "fussy", "enlargethispage", "phantom", "hphantom", "vphantom", "newtheorem",
            "declaretheorem", "declaretheoremstyle",
            "usetikzlibrary", "addbibresource", "allowdisplaybreaks", "titlepage",
            # the page's and the font's settings, and the PDF's outline: never words
            "newgeometry", "restoregeometry", "pagecolor", "nopagecolor", "fontshape", "fontseries",
            "fontfamily", "usefont", "bookmark", "pdfbookmark", "belowpdfbookmark", "currentpdfbookmark", "subpdfbookmark", "cleartooddpage", "cleartoevenpage",
            "newlength", "settowidth", "settoheight", "addtocounter", "stepcounter", "refstepcounter",
            "markright", "markboth",
            # titlesec's look of a heading (its first argument names a sectioning command)
            "titleformat", "titleformatstar", "titlespacing", "titlelabel",
            # longtable's marks of its head and foot rows (pandoc writes them), and an invisible strut
            "endhead", "endfirsthead", "endfoot", "endlastfoot", "strut",
            # fancyhdr's running heads and feet, and amsthm's theorem styles: the page's look, never words
            "fancyhead", "fancyfoot", "fancyhf", "lhead", "chead", "rhead", "lfoot", "cfoot", "rfoot",
            "fancypagestyle", "newtheoremstyle", "theoremstyle", "clearemptydoublepage",
            # TeX's own commands that an author's macros bring into the text: grouping, spacing, boxes
            # (whose {…} is read as a group), the job's name; and a titlesec heading class
            *TEX_PRIMITIVES, "titleclass", "idxlayout", "setstretch",
            # the fourier package's ornaments, which a heading wears on either side
            "decosix", "decoone", "decotwo", "decothreeleft", "decothreeright", "decofourleft", "decofourright")
# The glossaries package's references to an entry (\gls{key}): the entry's words.
GLOSSARY = ("gls", "Gls", "GLS", "glspl", "Glspl", "GLSpl", "glstext", "Glstext", "glsfirst", "glsname",
            "acrshort", "Acrshort", "acrlong", "Acrlong", "acrfull", "Acrfull", "acrshortpl", "acrlongpl",
            "acs", "Acs", "acl", "Acl", "acf", "Acf", "ac", "Ac", "acp", "Acp", "acsp", "aclp", "acfp",
            "glsfmtshort", "Glsfmtshort", "glsfmtlong", "Glsfmtlong", "glsfmtfull", "Glsfmtfull", "glsfmttext",
            "Glsfmttext")
# Commands that set a switch a conditional tests, and the conditionals.
SWITCHES = ("newtoggle", "providetoggle", "toggletrue", "togglefalse", "settoggle", "newbool", "providebool",
            "setbool", "booltrue", "boolfalse", "newboolean", "provideboolean", "setboolean")
CONDITIONALS = ("iftoggle", "nottoggle", "ifbool", "notbool", "ifthenelse", "IfFileExists")
# The RPG book class dndbook's commands and environments (read by latex_rpg): their arguments,
# as the parser is told them ("[" optional, "{" required).
RPG_MACRO_ARGS = {
    "DndDice": "{", "DndDropCapLine": "[{{", "lettrine": "[{{", "DndContour": "{", "DndCRExp": "{",
    "DndEmphSpellString": "{", "DndSetThemeColor": "[", "MakeShortVerb": "*{", "DeleteShortVerb": "{",
    "DndFeatHeader": "{[", "DndItemHeader": "{{", "DndSpellHeader": "{{{{{{",
    "DndArea": "{", "DndSubArea": "{", "DndAreaRef": "[{", "DndSubAreaRef": "[{", "DndSetAreaOptions": "[",
    "DndMonsterType": "{", "DndMonsterBasics": "[", "DndMonsterAbilityScores": "[", "DndMonsterDetails": "[",
    "DndMonsterAttack": "[", "DndMonsterMelee": "[", "DndMonsterRanged": "[", "DndMonsterSection": "{",
    "DndMonsterAction": "{", "DndMonsterSubAction": "{", "DndInnateSpellLevel": "[{",
    "DndMonsterSpellLevel": "[[{", "DndMonsterLegendaryAction": "{{",
}
RPG_ENVIRONMENT_ARGS = {"DndMonster": "[{", "DndMonsterBg": "[{", "DndMonsterNoBg": "[{", "DndComment": "[{",
                        "DndSidebar": "[{", "DndReadAloud": "[", "DndTable": "[{"}
# Commands whose [key=value] list is their words, never settings to drop (latex_syntax.drop_settings).
RPG_WORDED_OPTIONS = ("DndMonsterBasics", "DndMonsterAbilityScores", "DndMonsterDetails", "DndMonsterAttack",
                      "DndMonsterMelee", "DndMonsterRanged", "DndSetAreaOptions", "DndAreaRef", "DndSubAreaRef")
INCLUDES = ("input", "include", "import", "subimport", "subfile", "inputfrom", "subinputfrom",
            "includefrom", "subincludefrom")


# Inline commands by name → the function that reads them, called as a ``latex.Reader`` method
# (registered with ``inline_command``: in latex.py, and by a book class's module, latex_rpg).
INLINE: dict[str, object] = {}


def handles(table: dict, *names):
    """A decorator registering a handler in ``table`` under each of ``names``, once each (the inline
    commands here, the block commands and environments of latex_blocks, a book class's own)."""
    def register(method):
        for name in names:
            assert name not in table, f"two handlers for {name}"
            table[name] = method
        return method
    return register


def inline_command(*names):
    return handles(INLINE, *names)


_CONTEXT = None


def _context():
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = _make_context()
    return _CONTEXT


def _make_context():
    import logging
    logging.getLogger("pylatexenc").setLevel(logging.ERROR)   # its notes are not the book's warnings
    from pylatexenc.latexwalker import get_default_latex_context_db
    from pylatexenc.macrospec import EnvironmentSpec, MacroSpec, VerbatimArgsParser, std_environment, std_macro
    db = get_default_latex_context_db()
    specs = {**{name: "*{" for name in _REFS}, "pageref": "*{", "index": "[{", "href": "{{", "caption": "[{", "multicolumn": "{{{",
             "multirow": "[{[{", "part": "*[{", "paragraph": "*[{", "subparagraph": "*[{", 
              "textsc": "{", "underline": "{", "vspace": "*{",
             "hspace": "*{", "setcounter": "{{", "addcontentsline": "{{{", "addtocontents": "{{", "path": "{",
             "cline": "{", "fontsize": "{{", "setlength": "{{", "addtolength": "{{", "color": "[{",
             "definecolor": "{{{", "hypersetup": "{", "rowcolor": "[{", "cellcolor": "[{",
             "arrayrulecolor": "[{", "specialrule": "{{{", "addlinespace": "[", "rule": "[{{",
             "pagenumbering": "{", "includeonly": "{", "pagestyle": "{", "thispagestyle": "{", "nocite": "{",
             "bibliography": "{", "bibliographystyle": "{", "printbibliography": "[", "printglossary": "[",
             "hyphenation": "{", "setdefaultlanguage": "[{", "setmainlanguage": "[{", "braket": "{", "hphantom": "{", "vphantom": "{", "includepdf": "[{", "chapter": "*[[{", "newtheorem": "*{[{[", "declaretheorem": "[{", "declaretheoremstyle": "[{", "newacronym": "[{{{", "newglossaryentry": "{{",
             "glsunset": "{", "glsreset": "{", **{name: "[{[" for name in GLOSSARY}, "textcite": "[[{", "parencite": "[[{",
             "autocite": "[[{", "phantom": "{", "usetikzlibrary": "{", "addbibresource": "[{", "AtNextBibliography": "{", "aliaspagestyle": "{{",
             "footnotetext": "[{", "enlargethispage": "*{", "hyperref": "[{", "hypertarget": "{{", "hyperlink": "{{", "textcolor": "[{{",
             "colorbox": "[{{", "fcolorbox": "[{{{", "resizebox": "*{{{", "scalebox": "{[{",
             "makebox": "[[{", "framebox": "[[{", "parbox": "[[[{{", "raisebox": "{[[{", "mbox": "{",
             "fbox": "{", "import": "*{{", "subimport": "*{{", "subfile": "{", "inputfrom": "{{",
             "subinputfrom": "{{", "includefrom": "{{", "subincludefrom": "{{",
             "ifthenelse": "{{{", "IfFileExists": "{{{", "iftoggle": "{{{", "nottoggle": "{{{", "ifbool": "{{{", "notbool": "{{{",
             "newtoggle": "{", "providetoggle": "{", "toggletrue": "{", "togglefalse": "{", "settoggle": "{{",
             "newbool": "{", "providebool": "{", "setbool": "{{", "booltrue": "{", "boolfalse": "{",
             "newboolean": "{", "provideboolean": "{", "setboolean": "{{",
             "newgeometry": "{", "pagecolor": "[{", "fontshape": "{", "fontseries": "{", "fontfamily": "{",
             "usefont": "{{{{", "bookmark": "[{", "pdfbookmark": "[{{", "belowpdfbookmark": "{{",
             "currentpdfbookmark": "{{", "subpdfbookmark": "{{", "cleartooddpage": "[",
             "cleartoevenpage": "[", "newlength": "{", "settowidth": "{{", "settoheight": "{{",
             "addtocounter": "{{", "stepcounter": "{", "refstepcounter": "{", "markright": "{", "markboth": "{{",
             "crefrange": "*{{", "Crefrange": "*{{", "cpagerefrange": "*{{", "Cpagerefrange": "*{{",
             "titleformat": "*{[{{{{[", "titleformatstar": "{{", "titlespacing": "*{{{{[", "titlelabel": "{",
             **dict.fromkeys(("fancyhead", "fancyfoot", "fancyhf", "lhead", "chead", "rhead", "lfoot", "cfoot",
                              "rfoot"), "[{"), "fancypagestyle": "{{", "newtheoremstyle": "{{{{{{{{{",
             "theoremstyle": "{", "subtitle": "[{", "thanks": "{",
             "titleclass": "{{[", "idxlayout": "{", "printindex": "[", "nth": "{", "sfrac": "{{", "setstretch": "{", "textsuperscript": "{",
             "textsubscript": "{"}
    specs.update(RPG_MACRO_ARGS)
    verbatim = [MacroSpec(name, args_parser=VerbatimArgsParser(verbatim_arg_type="verb-macro"))
                for name in ("lstinline", "mintinline")]
    db.add_context_category("nests-book", prepend=True, macros=[
        std_macro(name, *((False, len(spec)) if set(spec) == {"{"} else (spec,)))
        for name, spec in specs.items()] + verbatim, environments=[
        std_environment("multicols", "{"), std_environment("multicols*", "{"),
        std_environment("minipage", "[[[{"), std_environment("tabularx", "{{"),
        std_environment("wrapfigure", "[{[{"), std_environment("wraptable", "[{[{"),
        std_environment("tabular*", "{{"), std_environment("longtable", "[{"),
        *(std_environment(name, spec) for name, spec in RPG_ENVIRONMENT_ARGS.items()),
        EnvironmentSpec("lstlisting", args_parser=VerbatimArgsParser(
            verbatim_arg_type="verbatim-environment")),
        EnvironmentSpec("minted", args_parser=VerbatimArgsParser(
            verbatim_arg_type="verbatim-environment")),
    ] + [EnvironmentSpec(name, args_parser=VerbatimArgsParser(verbatim_arg_type="verbatim-environment"))
         for name in _FOREIGN])
    return quick_specials(db)


def quick_specials(db):
    """``db`` with its test for specials (``~``, ``&``, ``--``…) looked up by first
    character: pylatexenc tries every special at every character of the book, a
    quarter of the time a long book takes to read. The same answer: the longest
    special there, the first category's when two categories name the same."""
    table: dict[str, list] = {}
    for category in db.category_list:
        for chars, spec in db.d[category]["specials"].items():
            if chars and all(chars != known for known, _ in table.get(chars[0], [])):
                table.setdefault(chars[0], []).append((chars, spec))
    for entries in table.values():
        entries.sort(key=lambda entry: -len(entry[0]))       # stable: the first category's first

    def test_for_specials(s, pos, parsing_state=None):
        for chars, spec in table.get(s[pos:pos + 1], ()):
            if s.startswith(chars, pos):
                return spec
        return None

    db.test_for_specials = test_for_specials
    return db


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
    """LaTeX's quotes: `word' prints ‘word’, ``word'' “word” and an apostrophe (any other ') ’,
    as TeX's ligatures print them."""
    if "`" in text:
        text = re.sub(r"`([^`'\n]*)'", "\u2018\\1\u2019", text).replace("`", "\u2018")
    return text.replace("''", "\u201d").replace("'", "\u2019") if "'" in text else text


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


_VERBATIM_REGION = re.compile(r"(\\begin\{(?:verbatim\*?|Verbatim|lstlisting|minted|alltt)\}.*?\\end\{[^}]*\})", re.S)
_RULE = re.compile(r"\\cmidrule\s*(?:\[[^\]]*\])?\s*(?:\([^)]*\))?\s*\{[^{}]*\}")
_SETTINGS = re.compile(r"(\\[A-Za-z]+\*?)[ \t]*\[([^\[\]{}]*=(?:[^\[\]{}]|\{[^{}]*\})*)\]")


# TeX's parameters of the paragraph and the page, set by assignment (``\\looseness=-1``,
# ``\\topskip0pt``, ``\\hyphenchar\\font=-1``): settings, never words
_PARAMETERS = ("looseness", "tolerance", "pretolerance", "emergencystretch", "hyphenpenalty", "exhyphenpenalty",
               "linepenalty", "clubpenalty", "widowpenalty", "brokenpenalty", "interlinepenalty", "parindent",
               "parskip", "baselineskip", "topskip", "tabcolsep", "arraycolsep", "columnsep", "arrayrulewidth",
               "extrarowheight", "fboxsep", "fboxrule", "lineskip", "lineskiplimit", "hbadness", "vbadness",
               "hfuzz", "vfuzz", "lefthyphenmin", "righthyphenmin", "uchyph", "itemsep", "parsep", "topsep",
               "leftskip", "rightskip", "parfillskip", "finalhyphendemerits", "doublehyphendemerits",
               "adjdemerits", "spaceskip", "xspaceskip", r"hyphenchar\\font", r"skewchar\\font", "penalty",
               "kern", "hskip", "vskip", "baselinestretch", "arraystretch")
_ASSIGNED = re.compile(r"\\(?:" + "|".join(_PARAMETERS) + r")(?![A-Za-z@])")
_LENGTH = (r"-?\s*[\d.]+\s*(?:pt|em|ex|mm|cm|in|bp|sp|pc|fil+|\\(?:p@|z@|parindent|parskip|baselineskip|textwidth"
           r"|linewidth|columnwidth|fill)(?![A-Za-z@]))?")
_ASSIGNMENT = re.compile(_ASSIGNED.pattern + rf"\s*=?\s*(?:`\\?.|{_LENGTH}(?:\s*plus\s*{_LENGTH})?(?:\s*minus\s*{_LENGTH})?)")


def drop_settings(text: str, kept=None) -> str:
    """Commands' key=value options taken out (``\\printglossary[style=x]``,
    ``\\lstinline[language=C]``): settings, never words, which the parser would
    print for a command it does not know. ``kept(name)``: whether a command's options
    are its words, left for the reader (a stat block's ``[armor-class=9]``). Verbatim
    text is left as written; line breaks are kept, so every line keeps its number."""
    if "=" not in text and "cmidrule" not in text and not _ASSIGNED.search(text):
        return text
    parts = _VERBATIM_REGION.split(text)

    def dropped(found):
        if kept is not None and kept(found.group(1).lstrip("\\").rstrip("*")):
            return found.group(0)
        return found.group(1) + "\n" * found.group(2).count("\n")

    for k in range(0, len(parts), 2):
        parts[k] = _SETTINGS.sub(dropped, parts[k])
        parts[k] = _ASSIGNMENT.sub(lambda found: "\n" * found.group(0).count("\n"), parts[k])
        # booktabs' \cmidrule(lr){2-3}: a rule, whose trim in parentheses no parser reads
        parts[k] = _RULE.sub(lambda found: "\n" * found.group(0).count("\n"), parts[k])
    return "".join(parts)


def _options(nodes) -> tuple[str, list]:
    """An environment's options written after its \\begin, which the parser leaves
    as text when it does not know the environment (``[key=val]``, or a first group
    of settings or a size: ``{width=3cm}``, ``{0.5\\textwidth}``), and its content
    without them."""
    from pylatexenc.latexwalker import LatexCharsNode, LatexGroupNode
    nodes = list(nodes or [])
    first = next((k for k, n in enumerate(nodes) if _prints(n)), None)
    if first is None:
        return "", nodes
    node = nodes[first]
    if isinstance(node, LatexCharsNode) and node.chars.lstrip().startswith("["):
        depth, said = 0, []
        for k in range(first, len(nodes)):
            chars = getattr(nodes[k], "chars", None)
            if chars is None:
                said.append(nodes[k].latex_verbatim())
            for at, ch in enumerate(chars or ""):
                depth += {"[": 1, "]": -1}.get(ch, 0)
                if depth == 0 and ch == "]":
                    rest = chars[at + 1:]
                    kept = [LatexCharsNode(parsing_state=nodes[k].parsing_state, chars=rest,
                                           pos=nodes[k].pos + at + 1, len=len(rest))] if rest else []
                    said.append(chars[:at])
                    rest = nodes[:first] + kept + nodes[k + 1:]               # a \label before stays
                    return "".join(said).lstrip()[1:], _sized(rest)
            said.append(chars or "")
        return "", nodes
    inner = "".join(n.latex_verbatim() for n in getattr(node, "nodelist", None) or [])
    if isinstance(node, LatexGroupNode) and re.fullmatch(
            r"\s*(?:[\w-]+\s*=.*|-?[\d.]+\s*(?:\\[A-Za-z]+|[a-z]{2})?)\s*", inner, re.S):
        return inner, nodes[:first] + nodes[first + 1:]
    return "", nodes


def _sized(nodes: list) -> list:
    """``nodes`` without a first group that is a size (``{3cm}``), as after an environment's options."""
    from pylatexenc.latexwalker import LatexGroupNode
    first = next((k for k, n in enumerate(nodes) if _prints(n)), None)
    if first is None or not isinstance(nodes[first], LatexGroupNode):
        return nodes
    inner = "".join(n.latex_verbatim() for n in nodes[first].nodelist or [])
    sized = re.fullmatch(r"\s*-?[\d.]+\s*(?:\\[A-Za-z]+|[a-z]{2})?\s*", inner)
    return nodes[:first] + nodes[first + 1:] if sized else nodes
