"""What pandoc's Markdown reads that CommonMark (markdown-it) does not, as pandoc reads it.

- A link whose address the source breaks over a line (``[conflict](../../fate-⏎core/conflicts
  "Conflict" )``, as a tool that wraps lines writes it), or writes with spaces in it: pandoc
  reads a link where CommonMark reads raw text. The break is the wrapping's, not the
  address's, so it is dropped (pandoc keeps it as a space, "%20", an address that leads
  nowhere); a space on one line stays, as pandoc keeps it ("my file.md").
- pandoc's ``smart`` extension, on by default for its Markdown: straight quotes curled
  (markdown-it's own ``smartquotes`` rule), ``---`` an em dash, ``--`` an en dash, ``...``
  an ellipsis (``dashes``, here, on the words of text only, never code).
"""

from __future__ import annotations

import re

# The address's words (no space, no bracket, no quote opening a title), one break of line
# (with its spaces) or spaces between them, then an optional title, then ")".
_SPACED = re.compile(r"""\(\s*((?:[^\s()<>"']+)(?:[ \t]*\n?[ \t]*[^\s()<>"']+)+)"""
                     r"""(?:\s+("[^"]*"|'[^']*'|\([^()]*\)))?\s*\)""")


def spaced_link(state, silent: bool) -> bool:
    """``[words](address broken over a line "title")``: a link, as pandoc reads it. Runs after
    markdown-it's own link rule, so only where CommonMark reads no link; the lines it spans
    beyond the first are counted on the link (``meta["lines"]``) for the reader's line numbers."""
    if state.src[state.pos] != "[" or state.linkLevel > 0:
        return False
    end = state.md.helpers.parseLinkLabel(state, state.pos, True)
    if end < 0:
        return False
    found = _SPACED.match(state.src, end + 1, state.posMax)
    if found is None or not re.search(r"\s", found.group(1)):
        return False
    address = re.sub(r"[ \t]*\n[ \t]*", "", found.group(1))        # the wrapping's break: not the address's
    href = state.md.normalizeLink(address)
    if not state.md.validateLink(href):
        return False
    if not silent:
        start, limit = state.pos, state.posMax
        state.pos, state.posMax = start + 1, end
        token = state.push("link_open", "a", 1)
        token.attrs = {"href": href}
        if found.group(2):
            token.attrSet("title", found.group(2)[1:-1])
        token.meta["lines"] = state.src.count("\n", end, found.end())
        state.linkLevel += 1
        state.md.inline.tokenize(state)
        state.linkLevel -= 1
        state.push("link_close", "a", -1)
        state.posMax = limit
    state.pos = found.end()
    return True


def pandoc_links(md) -> None:
    """The rule above, after markdown-it's link rule."""
    md.inline.ruler.after("link", "spaced_link", spaced_link)


_DASHES = (("---", "\u2014"), ("--", "\u2013"), ("...", "\u2026"))


def dashes(text: str) -> str:
    """pandoc's smart dashes and ellipses in words of text: --- an em dash, -- an en dash,
    ... an ellipsis."""
    if "--" not in text and "..." not in text:
        return text
    for said, printed in _DASHES:
        text = text.replace(said, printed)
    return text
