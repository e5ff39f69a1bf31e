"""A formula as plain Unicode text, for every reader that meets LaTeX math (LaTeX,
rST's math, XML's leftovers): latex2text's converter, made once, with the few
commands it leaves out (``\\pmod``, ``\\bmod``, ``\\braket``)."""

from __future__ import annotations

import functools
import re

from nests.book.readers.common import words
from nests.book.readers.latex_syntax import quick_specials

_TO_TEXT = None


def _to_text():
    """latex2text's converter, made once: making one builds its whole table of
    commands, which cost a long book more than reading it."""
    global _TO_TEXT
    if _TO_TEXT is None:
        from pylatexenc.latex2text import LatexNodes2Text, MacroTextSpec, get_default_latex_context_db
        words_of = get_default_latex_context_db()
        words_of.add_context_category("nests-book", prepend=True, macros=[   # what latex2text leaves out
            MacroTextSpec("pmod", simplify_repl=" (mod %s)"), MacroTextSpec("bmod", simplify_repl=" mod "),
            MacroTextSpec("mod", simplify_repl=" mod "), MacroTextSpec("braket", simplify_repl="⟨%s⟩")])
        _TO_TEXT = LatexNodes2Text(latex_context=words_of, math_mode="text")
    return _TO_TEXT


def _keep_space(found: re.Match) -> str:
    spec = _math_parser().get_macro_spec(found.group(1))
    takes = spec is not None and getattr(spec.args_parser, "argspec", "")
    return found.group(0) if takes else f"\\{found.group(1)}{{}}{found.group(2)}"


_MATH_PARSER = None


def _math_parser():
    """The commands a formula's parser must know the arguments of, besides pylatexenc's own."""
    global _MATH_PARSER
    if _MATH_PARSER is None:
        from pylatexenc.latexwalker import get_default_latex_context_db
        from pylatexenc.macrospec import std_macro
        _MATH_PARSER = get_default_latex_context_db()
        _MATH_PARSER.add_context_category("nests-book", prepend=True, macros=[
            std_macro("pmod", False, 1), std_macro("braket", False, 1)])
        quick_specials(_MATH_PARSER)
    return _MATH_PARSER


_NULL_DELIMITER = re.compile(r"\\(?:left|right|middle|[bB]igg?[lrm]?)\s*\.")


@functools.lru_cache(maxsize=4096)
def math_text(latex: str) -> str:
    """A formula as plain Unicode text: ``d12 \\rightarrow d10`` → ``d12 → d10``.
    (Remembered: a book writes the same short formulas again and again.)"""
    # latex2text eats the space after a symbol macro; an empty group keeps it
    # (not after a command that takes an argument: \pmod p)
    latex = re.sub(r"\\([A-Za-z]+)(\s)", _keep_space, latex)
    # \right. closes a \left{ with no delimiter at all: nothing printed, not a full stop
    latex = _NULL_DELIMITER.sub("", latex)
    try:
        return words(_to_text().latex_to_text(latex, latex_context=_math_parser())).strip()
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        return words(re.sub(r"\\[A-Za-z]+|[{}$]", " ", latex)).strip()
