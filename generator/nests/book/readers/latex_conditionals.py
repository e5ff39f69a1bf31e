"""What TeX never reads, taken out before the source is parsed: the branch of a
conditional not taken, and the environments that exist to be skipped.

``\\iffalse … \\fi`` is how authors put a passage out of the book, and
``\\newif\\ifdraft`` with ``\\drafttrue`` … ``\\ifdraft … \\else … \\fi`` how they
keep two versions in one file. TeX never reads the branch not taken, so neither
does the reader: its text is dropped (its line breaks kept, so every later line
keeps its number), with whatever it would have defined or included.

A conditional is decided when its switch is known: ``\\iftrue``, ``\\iffalse``,
a ``\\newif`` switch (false until set) and the engine tests a book makes for
pdfLaTeX, the tool chain these books are written for. Other TeX conditionals
(``\\ifx``, ``\\ifnum``, ``\\if@twoside``…) cannot be decided without running TeX:
they are left as written, but counted, so that each ``\\fi`` closes its own
``\\if``. Commands that merely start with "if" and take arguments (``\\ifthenelse``,
etoolbox's ``\\ifbool``) are not TeX conditionals and are read elsewhere
(nests.book.readers.latex_files). A conditional still open where the text ends is
left as written: its ``\\fi`` may lie in another file.

The comment package's ``comment`` environment and the HTML-only environments of
hevea and latex2html (``htmlonly``, ``rawhtml``) are skipped by LaTeX too: their
text is dropped the same way.
"""

from __future__ import annotations

import re

from nests.book.readers.latex_syntax import _VERBATIM_REGION      # verbatim text: read as written

# what the engine tests answer under pdfLaTeX (the ifpdf, ifxetex, ifluatex and iftex packages)
ENGINE = {"ifpdf": True, "ifpdftex": True, "ifPDFTeX": True, "ifxetex": False, "ifXeTeX": False,
          "ifluatex": False, "ifLuaTeX": False, "ifhevea": False, "iftrue": True, "iffalse": False}
# TeX's primitive conditionals: each has its \fi, but only TeX can decide it
PRIMITIVES = {"if", "ifcat", "ifnum", "ifdim", "ifodd", "ifvmode", "ifhmode", "ifmmode", "ifinner", "ifvoid",
              "ifhbox", "ifvbox", "ifx", "ifeof", "ifcase", "ifdefined", "ifcsname", "iffontchar", "ifincsname",
              "ifpdfprimitive", "ifabsnum", "ifabsdim"}
_TOKEN = re.compile(r"\\(?:newif\s*\\(?P<declared>if[A-Za-z@]+)|(?P<test>if[A-Za-z@]*)|(?P<turn>else|fi)"
                    r"|(?P<switch>[A-Za-z@]+)(?P<value>true|false))(?![A-Za-z@])")
_SKIPPED = re.compile(r"\\begin\s*\{(comment|htmlonly|rawhtml)\}.*?\\end\s*\{\1\}", re.S)


def decided(text: str, switches: dict[str, bool]) -> str:
    """``text`` with each decidable conditional's branch not taken dropped, and its
    ``\\if…``, ``\\else`` and ``\\fi`` with it. ``switches``: the ``\\newif`` switches
    by their test's name (``ifdraft``), shared by all of a book's files."""
    if "\\if" not in text and "\\begin" not in text:
        return text
    parts = _VERBATIM_REGION.split(text)
    for k in range(0, len(parts), 2):
        parts[k] = _decided(_SKIPPED.sub(lambda found: "\n" * found.group(0).count("\n"), parts[k]), switches)
    return "".join(parts)


def _decided(text: str, switches: dict[str, bool]) -> str:
    out: list[str] = []
    frames: list[list] = []          # [decided?, taking this branch?, where the output was, where the text was]
    pos = 0

    def taking() -> bool:
        return all(not frame[0] or frame[1] for frame in frames)

    def keep(upto: int) -> None:
        piece = text[pos:upto]
        out.append(piece if taking() else "\n" * piece.count("\n"))

    for found in _TOKEN.finditer(text):
        if found.start() and text[found.start() - 1] == "\\":            # \\if: a line break, then "if"
            continue
        declared, test, turn, switch = found.group("declared", "test", "turn", "switch")
        if declared:
            keep(found.start())
            if taking():
                switches.setdefault(declared, False)
        elif switch and "if" + switch in switches:
            keep(found.start())
            if taking():
                switches["if" + switch] = found.group("value") == "true"
        elif test and (test in switches or test in ENGINE):
            keep(found.start())
            value = switches[test] if test in switches else ENGINE[test]
            frames.append([True, value, len(out), found.start()])
        elif test and (test in PRIMITIVES or test.startswith("if@")):
            frames.append([False, True, None, None])
            continue                                                     # left as written
        elif turn and frames and frames[-1][0]:
            keep(found.start())
            if turn == "else":
                frames[-1][1] = not frames[-1][1]
            else:
                frames.pop()
        else:
            if turn == "fi" and frames:                                  # an undecided one's \fi: left as written
                frames.pop()
            continue
        pos = found.end()
    keep(len(text))
    opened = next((frame for frame in frames if frame[0]), None)
    if opened is not None:          # its \fi is not in this text: everything from its \if left as written
        return "".join(out[:opened[2]]) + text[opened[3]:]
    return "".join(out)


# ---- TeX's own tests, where an author's command brings them into the text ----

_PRIMITIVE = re.compile(r"\\(?:(?P<test>" + "|".join(sorted(PRIMITIVES, key=len, reverse=True)) +
                        r"|if@[A-Za-z@]+)|(?P<turn>else|fi|or))(?![A-Za-z@])")
_TEX_TOKEN = re.compile(r"\s*(\\[A-Za-z@]+ ?|\\.|[^\s])", re.S)
_NUMBER = re.compile(r"\s*(-?\s*\d+(?:\.\d+)?)\s*(pt|em|ex|mm|cm|in|bp|sp|pc)?\s*", re.S)
_COMPARED = re.compile(r"\s*(-?\d+(?:\.\d+)?)\s*(pt|em|ex|mm|cm|in|bp|sp|pc)?\s*([<=>])\s*"
                       r"(-?\d+(?:\.\d+)?)\s*(pt|em|ex|mm|cm|in|bp|sp|pc)?", re.S)
_UNITS = {"pt": 1, "bp": 1.00375, "mm": 2.84528, "cm": 28.4528, "in": 72.27, "pc": 12, "sp": 1 / 65536,
          "em": 10, "ex": 4.3, None: 1}
# what a test reads before its branches when it cannot be decided: its operands, to the relation's far side
_OPERAND = r"\s*(?:\\[A-Za-z@]+|-?[\d.]+\s*(?:pt|em|ex|mm|cm|in|bp|sp|pc)?)"
_OPERANDS = re.compile(rf"{_OPERAND}(?:\s*[<=>]{_OPERAND})?", re.S)


def settled(text: str) -> str:
    """``text`` with TeX's own conditionals (which an author's commands bring in: ``\\ifx&#4&``
    of an empty argument, ``\\ifcase#2`` of a number, ``\\if\\relax#1\\relax``) replaced by the
    branch they take when the text alone decides them (tokens compared, numbers and lengths
    compared). One that depends on what only TeX knows (the page, a register, whether a
    command is defined) is a question of layout the press answers for itself: it is taken out
    whole, so that neither its test nor its code ever prints. A conditional still open at the
    text's end is left as written (its ``\\fi`` may lie in another file)."""
    if "\\if" not in text:
        return text
    parts = _VERBATIM_REGION.split(text)
    for k in range(0, len(parts), 2):
        if "\\if" in parts[k]:
            parts[k] = _settled(parts[k])
    return "".join(parts)


def _settled(text: str) -> str:
    out: list[str] = []
    frames: list[_Open] = []
    pos = 0

    def keep(upto: int) -> None:
        piece = text[pos:upto]
        out.append(piece if all(frame.taking() for frame in frames) else "\n" * piece.count("\n"))

    for found in _PRIMITIVE.finditer(text):
        if found.start() < pos or (found.start() and text[found.start() - 1] == "\\"):
            continue
        test, turn = found.group("test", "turn")
        keep(found.start())
        if test:
            taken, pos = _test(test, text, found.end())
            frames.append(_Open(test == "ifcase", taken, len(out), found.start()))
            continue
        pos = found.end()                         # (a \fi of nothing here prints nothing)
        if frames:
            frames[-1].turn(turn)
            if turn == "fi":
                frames.pop()
    keep(len(text))
    if frames:                    # its \fi is not in this text: everything from its \if left as written
        return "".join(out[:frames[0].output]) + text[frames[0].start:]
    return "".join(out)


class _Open:
    """An open conditional: the branch it takes (True or False; for \\ifcase a number; None:
    none) and the branch the text is in."""

    def __init__(self, case: bool, taken, output: int, start: int):
        self.case, self.taken, self.output, self.start = case, taken, output, start
        self.branch = 0 if case else True
        self.matched = taken == 0 if case else False

    def taking(self) -> bool:
        return self.taken is not None and self.branch == self.taken

    def turn(self, turn: str) -> None:
        if turn == "or" and self.case and isinstance(self.branch, int):
            self.branch += 1
            self.matched = self.matched or self.branch == self.taken
        elif turn == "else":
            if self.case:                         # \ifcase's \else: taken when no \or branch was
                self.branch = self.taken if not self.matched else "else"
                self.matched = True
            else:
                self.branch = not self.branch


def _test(test: str, text: str, at: int):
    """What a test decides (True, False; for \\ifcase the branch's number, or "else" past the
    last; None: not decidable here) and where its branches start."""
    if test == "ifmmode":
        return False, at                          # (an author's command used in running text: not math)
    if test in ("if", "ifx", "ifcat"):
        first = _TEX_TOKEN.match(text, at)
        second = _TEX_TOKEN.match(text, first.end()) if first else None
        if second is None:
            return None, at
        return first.group(1).strip() == second.group(1).strip(), second.end()
    if test in ("ifnum", "ifdim", "ifabsnum", "ifabsdim"):
        compared = _COMPARED.match(text, at)
        if compared is None:
            return None, _OPERANDS.match(text, at).end()
        left = float(compared.group(1)) * _UNITS[compared.group(2)]
        right = float(compared.group(4)) * _UNITS[compared.group(5)]
        return {"<": left < right, "=": left == right, ">": left > right}[compared.group(3)], compared.end()
    if test in ("ifodd", "ifcase"):
        number = _NUMBER.match(text, at)
        if number is None or number.group(2):
            return None, _OPERANDS.match(text, at).end()
        value = int(float(number.group(1).replace(" ", "")))
        return (value % 2 == 1 if test == "ifodd" else value), number.end()
    if test == "ifcsname":
        end = text.find("\\endcsname", at)
        return None, (end + len("\\endcsname") if end >= 0 else at)
    if test == "ifdefined":
        token = _TEX_TOKEN.match(text, at)
        return None, token.end() if token else at
    return None, at                               # \if@twoside and the class's other switches
