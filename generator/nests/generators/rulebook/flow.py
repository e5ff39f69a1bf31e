"""Running text: inline nodes → words, and re-flow to a field's width."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from nests.book import model as m
from nests.text import measure

BREAK = "\n"          # a forced line break inside the words of a paragraph


def width(text: str) -> int:
    # Most words are ASCII: skip the Unicode table for them.
    return len(text) if text.isascii() else measure.width(text)


@dataclass
class Refs:
    """What the words need from the rest of the book: the page and title of each
    anchor (from the last pass of the layout) and the footnotes' numbers."""
    pages: dict[str, int] = field(default_factory=dict)
    titles: dict[str, str] = field(default_factory=dict)
    numbers: dict[str, str] = field(default_factory=dict)
    footnotes: dict[str, int] = field(default_factory=dict)
    known: set[str] = field(default_factory=set)                            # every anchor in the book
    used: dict[str, tuple[str, str, int | None]] = field(default_factory=dict)   # what this pass printed
    unknown: list[m.Ref] = field(default_factory=list)


def words(nodes: list[m.Inline], refs: Refs | None = None, paged: set[str] | None = None) -> str:
    """The text of some inlines as printed: emphasis, strong and code as plain words,
    a cross-reference with the page it points to, a placeholder for what is missing.

    ``paged``: the targets whose page these words already give (a page reference
    among them: "Section 3 on page 12"); a reference to one of them does not print
    its page a second time."""
    if paged is None:
        paged = set(_paged(nodes))
    return "".join(_word(node, refs, paged) for node in nodes)


def _paged(nodes):
    for node in nodes:
        if isinstance(node, m.Ref) and node.page:
            yield node.target
        yield from _paged(getattr(node, "children", ()))


def printable(text: str) -> str:
    """``text`` with tabs expanded, odd spaces made plain and control characters
    dropped: a page measures every character, and those have no width there."""
    if text.isprintable():
        return text
    out = []
    for ch in text.expandtabs(4):
        kind = unicodedata.category(ch)
        if ch == BREAK or kind not in ("Cc", "Cs", "Zs", "Zl", "Zp"):
            out.append(ch)
        elif kind != "Cc" and kind != "Cs":
            out.append(" ")
    return "".join(out)


def _word(node, refs: Refs | None, paged: set[str]) -> str:
    if isinstance(node, (m.Text, m.Code, m.Math)):
        return printable(node.text).replace(BREAK, " ")
    if isinstance(node, (m.Emphasis, m.Strong, m.Link)):
        return words(node.children, refs, paged)
    if isinstance(node, m.Symbol):
        return printable(node.glyph)
    if isinstance(node, m.LineBreak):
        return BREAK
    # (a placeholder quotes the source's own name for what is missing: its control characters go too)
    if isinstance(node, m.Missing):
        return printable(f"[missing: {node.what}]")
    if isinstance(node, m.FootnoteRef):
        number = refs.footnotes.get(node.label) if refs else None
        return printable(f"[{number or node.label}]")
    if isinstance(node, m.Ref):
        return _reference(node, refs or Refs(), paged)
    return ""


def _reference(node: m.Ref, refs: Refs, paged: set[str]) -> str:
    if node.target not in refs.known:
        refs.unknown.append(node)
        return printable(f"[missing: reference to {node.target}]")
    title = refs.titles.get(node.target)
    number = refs.numbers.get(node.target, "")
    page = refs.pages.get(node.target)
    refs.used[node.target] = (title or "", number, page)
    shown = str(page if page is not None else "?")
    if node.page:                                    # the source asks for the page number alone
        return shown
    if node.children:
        said = words(node.children, refs, paged)
    elif node.number:                                # "Table~\\ref{odds}": the number alone, if it has one
        said = number or title or printable(node.target)
    else:
        said = title or printable(node.target)
    return said if node.target in paged else f"{said} (page {shown})"


def line_words(text: str) -> list[str]:
    """Paragraph text → its lines' worth of words, split at forced breaks."""
    return [" ".join(part.split()) for part in text.split(BREAK)]


def wrap(text: str, field: int, marker: str = "", hyphen: bool = False) -> list[str]:
    """Paragraph text re-flowed into lines of at most ``field`` columns, its forced breaks
    kept (``BREAK`` is the line break ``nests.text.measure.wrap`` keeps). A list ``marker``
    ("•", "3.") hangs in front of the first line; a word wider than the field is cut,
    so nothing is ever lost (with ``hyphen``, each part but the last ends with a hyphen).
    Whatever the text (a block placeholder naming a source's file, a formula), its control
    characters are dropped first, as the words' are."""
    return measure.wrap(printable(text), field, reversible=False, hyphen=hyphen, marker=marker, breaks=True)


def cut(text: str, room: int) -> list[str]:
    """A line cut into pieces of at most ``room`` display columns, its spaces kept
    (for drawings, whose spacing is their meaning)."""
    pieces, piece, used = [], "", 0
    for ch in text:
        w = width(ch)
        if used + w > room and piece:
            pieces.append(piece)
            piece, used = "", 0
        piece += ch
        used += w
    return pieces + [piece] if piece or not pieces else pieces
