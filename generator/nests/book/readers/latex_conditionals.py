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
