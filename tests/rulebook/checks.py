"""What every typeset book must satisfy, whatever its markup: the page grid,
closed frames, contents that point at their headings, no markup left over."""

from __future__ import annotations

import re

from wcwidth import wcswidth

from tests.frames import PAGE_LINES, PAGE_WIDTH

ENTRY = re.compile(r"^║ ( *)(.*?) \.{2,} (\d+) ║▓$")
PAGE_NUMBER = re.compile(r"►(\d+)◄")
OUR_BOX_TOP = re.compile(r"┌\[[^\]]*\]─*┐")
LEAKS = re.compile(r"\*\*[^*\s][^*]*\*\*|(?<![\w\[])__[A-Za-z][^_]*__|\\[A-Za-z]+|\\\\|\{\}|`"
                   r"|:ref:|║[ │]+\.\. |<section|\{%|%\}|&[A-Za-z]+;|&#x?[0-9A-Fa-f]+;|/\*|\*/|\]\(|\[\^"
                   r"|</?(?:div|span|p|em|b|i|strong|table|tr|td|th|br|a|h[1-6]|ul|ol|li)\b[^>]*>")


def lines_of(page) -> list[str]:
    return page.text.rstrip("\n").split("\n")


def check_grid(book) -> None:
    """Every page is 50 lines, every line exactly the page's width in display columns;
    typeset pages keep their frame and every box in them is closed."""
    for page in book.pages:
        lines = lines_of(page)
        assert len(lines) == PAGE_LINES, page.number
        for n, line in enumerate(lines, 1):
            assert wcswidth(line) == PAGE_WIDTH, (page.number, n, line)
        if page.kind in ("body", "contents"):
            check_frame(lines)
            check_boxes_closed(lines)


def check_frame(lines: list[str]) -> None:
    # the book's title at the left ("╔►Title◄═…"), or nothing there for a book with no title of its own
    assert (lines[0].startswith("╔►") and "◄═" in lines[0] or lines[0].startswith("╔══")) \
        and lines[0].endswith("►Rulebook◄═╗ ")
    for n, line in enumerate(lines[1:-2], 2):
        assert line[0] == "║" and line[-2:] == "║▓", f"line {n} leaves the frame: {line!r}"
    assert lines[-2].startswith("╚") and lines[-2].endswith("╝▓") and set(lines[-1][1:]) == {"▀"}


def check_boxes_closed(lines: list[str]) -> None:
    """The layout's boxes (a titled top "┌[…]", walls "│", a bottom "└…┘"), nested
    to any depth, each closed on the page it opens on and every wall in line.
    (The author's own drawings are free-form and not checked here.)"""
    depth = 0
    for n, line in enumerate(lines[1:-2], 2):
        inner = line[2:-3]
        if depth:
            outer = inner[2 * (depth - 1):len(inner) - 2 * (depth - 1)]
            if outer.startswith("└") and outer.endswith("┘") and set(outer[1:-1]) == {"─"}:
                depth -= 1
                continue
        prefix, suffix = "│ " * depth, " │" * depth
        assert inner.startswith(prefix) and inner.endswith(suffix), f"line {n}: a box wall is missing: {line!r}"
        inside = inner[len(prefix):len(inner) - len(suffix)]
        if OUR_BOX_TOP.fullmatch(inside):
            depth += 1
    assert depth == 0, "a box is left open at the foot of the page"


def contents_entries(book) -> list[tuple[str, int]]:
    """(title as listed, page number) for each contents entry; a wrapped title's lines joined."""
    entries, pending = [], []
    contents = [p for p in book.pages if p.kind == "contents"]
    for k, page in enumerate(contents):
        for line in lines_of(page)[3 if k == 0 else 1:-2]:       # the first page opens with its title
            if found := ENTRY.match(line):
                entries.append((" ".join(pending + [found.group(2).strip()]), int(found.group(3))))
                pending = []
            elif line[2:-3].strip():
                pending.append(line[2:-3].strip())
    return entries


def check_contents(book) -> None:
    """Each heading (down to the contents' depth) is listed in full, in order, with the page whose ►N◄ holds it;
    on that page the heading begins a line (after its number, if it has one)."""
    by_number = {}
    for page in book.pages:
        found = PAGE_NUMBER.findall(lines_of(page)[-2])
        if page.number is not None:
            assert found == [str(page.number)], (page.number, found)
            by_number[page.number] = page
    depth = book.book.toc_depth if book.book is not None else None     # the contents' depth, as the source sets it
    headings = [f"{number} {title}" if number else title for p in book.pages for level, number, title in p.headings
                if depth is None or level <= depth]
    entries = contents_entries(book)
    # compared without spaces: a word too long for its line is cut in two
    assert ["".join(label.split()) for label, _ in entries] == ["".join(h.split()) for h in headings]
    for label, number in entries:
        body = ["".join(line[2:-3].strip(" │").split()) for line in lines_of(by_number[number])[1:-2]]
        whole = "".join(label.split())
        # the heading begins one of the page's lines and goes on over the lines below it
        # for at least 8 characters (the whole heading, if shorter): its first line may be
        # short, when its next word is too long to join it
        assert not whole or any(_begins(whole, body[i:]) for i in range(len(body))), (label, number)


def _begins(whole: str, lines: list[str]) -> bool:
    text = ""
    for line in lines:
        if not line or not whole.startswith(text + line):
            break
        text += line
        if len(text) >= min(len(whole), 8):
            return True
    return False


def check_no_markup(book) -> None:
    for page in book.pages:
        if page.kind in ("body", "contents"):
            for line in lines_of(page):
                assert not LEAKS.search(line), (page.number, line)


def check_book(book) -> None:
    check_grid(book)
    check_contents(book)
    check_no_markup(book)


# -- the book against the model it was typeset from -----------------------------
def squeezed(text: str) -> str:
    return "".join(text.split())


def body_text(book) -> str:
    """Every body page's words inside the frame, white space and box walls dropped."""
    text = squeezed(" ".join(line[2:-3] for p in book.pages if p.kind == "body" for line in lines_of(p)))
    return text.replace("│", "")


def check_cells(model, book) -> None:
    """Every word of every table cell is printed: a cell wraps within its column,
    between other columns' lines, so word by word (a word wider than its column
    is cut, so its start is what stands whole)."""
    from nests.book.model import Table
    from nests.book.readers.common import walk
    from nests.generators.rulebook.flow import words

    text = body_text(book)
    for table in (n for n in walk(model.blocks) if isinstance(n, Table)):
        for row in table.header + table.rows:
            for cell in row:
                for word in words(cell.children).split():
                    assert word[:12] in text, (word, words(cell.children))


def heading_pages(model, book) -> dict[str, int]:
    """anchor → the page the contents give for that heading of the model."""
    from nests.book.model import Heading
    from nests.book.readers.common import walk

    depth = book.book.toc_depth if book.book is not None else None
    headings = [n for n in walk(model.blocks) if isinstance(n, Heading) and (depth is None or n.level <= depth)]
    entries = contents_entries(book)
    assert len(entries) == len(headings)
    return {h.anchor: number for h, (_, number) in zip(headings, entries)}


def check_references(model, book) -> None:
    """A reference to a heading prints that heading's page once: "(page N)" after
    its words, or "page N" where the source asks for the page itself; no
    reference prints an unknown page or the page twice."""
    from nests.book.model import Ref
    from nests.book.readers.common import walk
    from nests.generators.rulebook.flow import words

    pages = heading_pages(model, book)
    text = body_text(book)
    assert "(page?)" not in text and "[missing:referenceto" not in text
    assert not re.search(r"\(page(\d+)\)onpage\1(?!\d)|onpage(\d+)onpage\2(?!\d)", text)
    for ref in (n for n in walk(model.blocks) if isinstance(n, Ref) and n.target in pages):
        page = pages[ref.target]
        assert re.search(rf"page{page}(?!\d)", text), (ref, page)
        if ref.children and not ref.page:
            assert squeezed(words(ref.children)) + f"(page{page})" in text or \
                squeezed(words(ref.children)) in text, (ref, page)


def check_footnotes(model, book) -> None:
    """Each footnote is printed, numbered in order of mention, its mark in the text and before its words."""
    from nests.book.model import Footnote, FootnoteRef, Paragraph
    from nests.book.readers.common import walk
    from nests.generators.rulebook.flow import words

    labels = list(dict.fromkeys(n.label for n in walk(model.blocks) if isinstance(n, (FootnoteRef, Footnote))))
    text = body_text(book)
    for note in (n for n in walk(model.blocks) if isinstance(n, Footnote)):
        number = labels.index(note.label) + 1
        first = next((b for b in note.blocks if isinstance(b, Paragraph)), None)
        said = squeezed(words(first.children))[:20] if first else ""
        assert f"[{number}]{said}" in text, (note.label, said)


def check_warnings(book) -> None:
    """Each warning once, as ``file:line: warning: message``."""
    said = [str(w) for w in book.warnings]
    assert len(said) == len(set(said)), said
    for line in said:
        assert re.fullmatch(r"\S.*:[1-9]\d*: warning: \S.*", line), line
