"""The links of a book's framed pages, found in the text the templates printed (as the
packet's are, ``nests.generators.packet.marks``): each contents entry to the page its
number names, each cross-reference's ``(page N)`` to page N, each footnote's mark ``[n]``
to the page its note starts on and the note's own mark back to the first mention, and
each web address the text writes out to that address. The text is unchanged: a link
is a ``Mark`` over it, which the PDF makes clickable (templates/pages.html.j2).
"""

from __future__ import annotations

import re

from nests.document import Mark
from nests.text.glyphs import BOX_SIDE, PAGE_SIDE

# A contents entry: its label after the frame (and the boxes' walls), dot leaders, its page.
ENTRY = re.compile(rf"(?<={PAGE_SIDE} )(?:{BOX_SIDE} )*\s*(?P<label>\S.*?) \.+ (?P<page>\d+)(?= )")
# A cross-reference's page, as the layout prints it (flow._reference): "(page 12)", "on page 12".
PAGE = re.compile(r"(?:\(page (?P<page>\d+)\)|(?<=on )page (?P<on>\d+)\b)")
# A footnote's mark, "[3]"; at the start of a line's text, the note it begins (layout.footnote).
NOTE_MARK = re.compile(r"\[(?P<note>\d+)\]")
NOTE_START = re.compile(rf"^{PAGE_SIDE} (?:{BOX_SIDE} )*\s*\[(?P<note>\d+)\] ")
# An address written out in the text.
URL = re.compile(rf"\b(?:https?://|mailto:|www\.)[^\s<>\"{PAGE_SIDE}{BOX_SIDE}]*[^\s<>\"'.,;:!?)\]}}{PAGE_SIDE}{BOX_SIDE}]")


def _links(line: str) -> bool:
    return "http" in line or "www." in line or "mailto:" in line


def url_of(text: str) -> str:
    return "https://" + text if text.startswith("www.") else text


def book_marks(pages: list[tuple[str, str]], notes: set[int], unnumbered: int = 0) -> list[list[Mark]]:
    """The marks of each page, given as (kind, text) in the PDF's order; ``notes``: the footnote
    numbers the book has; ``unnumbered``: the pages before page 1 (an author's cover)."""
    count = len(pages)
    starts: dict[int, int] = {}            # a note's number → the page it starts on
    mentions: dict[int, int] = {}          # a note's number → the page of its first mention
    for number, (kind, text) in enumerate(pages, start=1):
        if kind != "body" or "[" not in text:
            continue
        for line in text.split("\n"):
            start = NOTE_START.match(line)
            if start and int(start.group("note")) in notes:
                starts.setdefault(int(start.group("note")), number)
            for found in NOTE_MARK.finditer(line):
                note = int(found.group("note"))
                if note in notes and not (start and found.start() == start.start("note") - 1):
                    mentions.setdefault(note, number)
    out = []
    for number, (kind, text) in enumerate(pages, start=1):
        marks: list[Mark] = []
        if kind in ("contents", "body"):
            for n, line in enumerate(text.split("\n")):
                if kind == "contents":
                    for found in ENTRY.finditer(line):
                        page = int(found.group("page")) + unnumbered
                        if 1 <= page <= count:
                            marks.append(Mark(n, found.start("label"), found.end("page"), link=page))
                    continue
                if "page " in line:
                    for found in PAGE.finditer(line):
                        page = int(found.group("page") or found.group("on")) + unnumbered
                        if 1 <= page <= count:
                            marks.append(Mark(n, found.start(), found.end(), link=page))
                if "[" in line:
                    start = NOTE_START.match(line)
                    for found in NOTE_MARK.finditer(line):
                        note = int(found.group("note"))
                        own = start is not None and found.start() == start.start("note") - 1
                        target = mentions.get(note) if own else starts.get(note)
                        if note in notes and target:
                            marks.append(Mark(n, found.start(), found.end(), link=target))
                if _links(line):
                    marks += [Mark(n, f.start(), f.end(), url=url_of(f.group())) for f in URL.finditer(line)]
        out.append(marks)
    return out
