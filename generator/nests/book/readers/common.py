"""What every markup reader shares once its parser has done the parsing.

A reader walks its parser's tree into model nodes and hands them to
``finish``, which does the markup-neutral part the same way for every book:
heading levels without gaps, the document title unnumbered, every heading
given an anchor, cross-references resolved (or turned into ``Missing``), and
every node given a source and a line. ``Report`` gathers the warnings, once
per distinct thing and line.
"""

from __future__ import annotations

import copy
import dataclasses
import re
import unicodedata
from contextvars import ContextVar
from pathlib import Path

from nests.book import model as m
from nests.book.folder import confined  # noqa: F401  (every reader's one rule, here with the rest they share)

# A book in many files (``nests.book.readers.many``) reading one of them: its reader's
# ``finish`` hands the file's blocks over, and the book is finished once, whole.
GATHERING: ContextVar = ContextVar("gathering", default=None)

INLINES = (m.Text, m.Emphasis, m.Strong, m.Code, m.Math, m.Ref, m.Link, m.FootnoteRef, m.Symbol, m.LineBreak, m.Missing)


class ParagraphEnd:
    """Where a paragraph ends in a reader's run of items: the words before it are one paragraph."""


class Report:
    """The warnings of one book, each reported once per (source, line, thing)."""

    def __init__(self, source: str):
        self.source = source
        self.warnings: list[m.Warning] = []
        self._seen: set[tuple[str, int, str]] = set()
        self._things: set[str] = set()

    def warn(self, line: int, message: str, thing: str | None = None, source: str | None = None) -> None:
        source = source or self.source
        key = (source, line, thing if thing is not None else message)
        if key not in self._seen:
            self._seen.add(key)
            self.warnings.append(m.Warning(source, line, message))

    def first(self, thing: str, line: int, message: str, source: str | None = None) -> None:
        """A warning said once per book, where ``thing`` is first met (an unknown command)."""
        if thing not in self._things:
            self._things.add(thing)
            self.warn(line, message, thing=thing, source=source)

    def at(self, source: str) -> "Report":
        """The same book's report, its warnings said by default of ``source`` (an
        included file), not of the main file."""
        view = copy.copy(self)                  # shares the warnings and what was said
        view.source = source
        return view

    def missing(self, what: str, line: int, message: str, source: str | None = None) -> m.Missing:
        """A placeholder naming ``what`` in words, and its one warning."""
        self.warn(line, message, thing=what, source=source)
        return m.Missing(what, source=source or self.source, line=line)


LARGEST_SOURCE = 64 * 2 ** 20       # bytes in one file of a book: a book, not a data dump
DEEPEST_HEADING = 32                # levels of headings (sections inside sections)
MOST_READS = 2000                   # files one book may read in all (includes of includes…)


def book_bytes(path: Path, shown: str, line: int | None = None) -> bytes:
    """A file of the book (already ``confined``), read only when it is not past
    ``LARGEST_SOURCE``; past it, one error naming the file (and the line that
    names it)."""
    from nests.errors import NestsError, Problem

    try:
        not_too_large(path, shown, line)
        return path.read_bytes()
    except OSError as err:
        raise NestsError(Problem(f"cannot be read: {err.strerror or err}", file=shown, line=line)) from None


def not_too_large(path: Path, shown: str, line: int | None = None) -> None:
    from nests.errors import NestsError, Problem

    size = path.stat().st_size
    if size > LARGEST_SOURCE:
        raise NestsError(Problem(f"is {size:,} bytes, more than a book's file may be "
                                 f"({LARGEST_SOURCE // 2 ** 20} MB); not read", file=shown, line=line))


def words(text: str) -> str:
    """Runs of white space as one space, as every markup but verbatim reads them."""
    return re.sub(r"\s+", " ", text)


def slug(text: str) -> str:
    """A GitHub-style anchor: lower case, punctuation dropped, spaces as hyphens."""
    text = unicodedata.normalize("NFKC", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).strip().replace(" ", "-")


_FIELDS: dict[type, tuple[str, ...]] = {}


def children(node: m.Node) -> list[list]:
    """The lists of nodes a node holds (inlines, blocks, rows of cells…), in order."""
    out = []
    names = _FIELDS.get(type(node))
    if names is None:                                 # a class's fields, looked up once
        names = _FIELDS[type(node)] = tuple(f.name for f in dataclasses.fields(node))
    for name in names:
        value = getattr(node, name)
        if isinstance(value, list) and value:
            if isinstance(value[0], list):
                out.extend(value)                     # Table.header / rows: lists of cells
            elif isinstance(value[0], m.Node):
                out.append(value)
    return out


def walk(nodes: list):
    """Every node in ``nodes`` and below, parents first."""
    for node in nodes:
        yield node
        for group in children(node):
            yield from walk(group)


def merge_text(inlines: list[m.Inline]) -> list[m.Inline]:
    """Neighbouring Text nodes joined, so a title or a cell reads as one run."""
    out: list[m.Inline] = []
    for node in inlines:
        if isinstance(node, m.Text) and out and isinstance(out[-1], m.Text):
            # the joined run starts where its first words do, not its leading white space
            first = out[-1] if out[-1].text.strip() else node
            out[-1] = m.Text(out[-1].text + node.text, source=first.source, line=first.line)
        elif isinstance(node, m.Text) and not node.text:
            continue
        else:
            out.append(node)
    return out


def strip(inlines: list[m.Inline]) -> list[m.Inline]:
    """Inlines without white space at either end (what a paragraph, a cell or a title holds)."""
    inlines = merge_text(inlines)
    while inlines and isinstance(inlines[0], m.Text) and not inlines[0].text.strip():
        inlines = inlines[1:]
    while inlines and isinstance(inlines[-1], m.Text) and not inlines[-1].text.strip():
        inlines = inlines[:-1]
    if inlines and isinstance(inlines[0], m.Text):
        first = inlines[0]
        inlines[0] = m.Text(first.text.lstrip(), source=first.source, line=first.line)
    if inlines and isinstance(inlines[-1], m.Text):
        last = inlines[-1]
        inlines[-1] = m.Text(last.text.rstrip(), source=last.source, line=last.line)
    return inlines


def flatten(blocks: list[m.Block]) -> list[m.Inline]:
    """Blocks as the words of a table cell, which holds words only: paragraphs
    one under the other, a list's items each on its line after its marker."""
    from nests.text.glyphs import BULLETS

    out: list[m.Inline] = []

    def line(inlines: list[m.Inline], node: m.Node) -> None:
        if out:
            out.append(m.LineBreak(source=node.source, line=node.line))
        out.extend(inlines)

    for block in blocks:
        if isinstance(block, m.ListBlock):
            for k, item in enumerate(block.items):
                marker = f"{block.start + k}." if block.ordered else BULLETS[0]
                inner = flatten(item.blocks)
                line([m.Text(marker + " ", source=item.source, line=item.line)] + inner, item)
        elif isinstance(block, (m.Paragraph, m.Missing)):
            line(block.children if isinstance(block, m.Paragraph) else [block], block)
        elif isinstance(block, (m.Box, m.Definition)):
            line(flatten(block.blocks), block)
        elif isinstance(block, m.Verbatim):                # its lines stay lines
            for text in block.lines:
                line([m.Code(text.strip(), source=block.source, line=block.line)], block)
        elif isinstance(block, m.Formula):
            line([m.Math(block.text, source=block.source, line=block.line)], block)
        elif isinstance(block, m.DefinitionList):
            for item in block.items:
                line(list(item.term) + [m.Text(": ", source=item.source, line=item.line)] + flatten(item.blocks), item)
    return merge_text(out)


def finish(blocks: list[m.Block], report: Report, title: str = "",
           aliases: dict[str, str] | None = None, title_heading: bool = True,
           toc_rank: int | None = None) -> m.Book:
    """The book: levels, title, anchors, references and lines settled the same way for every markup.

    ``aliases`` maps further names of a target (a LaTeX label, an rST name) to
    the anchor its heading, table or box carries. ``title_heading``: the markup
    has no numbering of its own (Markdown, rST), so a lone first top-level
    heading is the document's title and is not numbered. ``toc_rank``: the
    deepest rank the source wants in its contents (LaTeX's tocdepth, rST's
    maxdepth), in the reader's ranks; None lists every heading."""
    _fill_lines(blocks, report.source, 1)
    gathering = GATHERING.get()
    if gathering is not None:                   # one file of many: its ranks and anchors its own, for now
        _give_anchors(blocks)
        return gathering.take(blocks, report, title, dict(aliases or {}), toc_rank)
    _call_for_sheets(blocks, report.source)
    levels = _levels(blocks)
    _unnumber_numbered(blocks)
    if title_heading:
        _unnumber_title(blocks)
    anchors = _give_anchors(blocks)
    _resolve(blocks, anchors, dict(aliases or {}), report)
    _leave_out_own_contents(blocks, report)
    if not title:
        # the book's own title heading, else none: a file's name is not the book's (nor is its first chapter)
        title = _title_of(blocks)
    warnings = sorted(report.warnings, key=lambda w: (w.source != report.source, w.source, w.line))
    toc_depth = None
    if toc_rank is not None:
        toc_depth = max([1] + [level for rank, level in levels.items() if rank <= toc_rank])
    return m.Book(title=title, blocks=blocks, source=report.source, warnings=warnings, toc_depth=toc_depth)


_SHEETS = re.compile(r"\bstandard character sheets?\b", re.I)


def _call_for_sheets(blocks: list, source: str) -> None:
    """Where the text first asks for "the standard character sheets", the book's
    own sheets follow that paragraph (the sheet's id is the source file's stem)."""
    if any(isinstance(n, m.SheetPlaceholder) for n in walk(blocks)):
        return
    for group in [blocks] + [g for n in walk(blocks) for g in children(n)]:
        for i, node in enumerate(group):
            if isinstance(node, m.Paragraph) and _SHEETS.search(m.plain(node.children)):
                stem = Path(source).stem
                group.insert(i + 1, m.SheetPlaceholder(stem, source=node.source, line=node.line))
                return


def _fill_lines(nodes: list, source: str, line: int) -> None:
    """A node the parser gave no line takes its parent's (or the node before it)."""
    for node in nodes:
        if not node.source:
            node.source = source
        if not node.line:
            node.line = line
        line = node.line
        for group in children(node):
            _fill_lines(group, node.source, node.line)


def _headings(blocks: list) -> list[m.Heading]:
    return [n for n in walk(blocks) if isinstance(n, m.Heading)]


def _levels(blocks: list) -> dict[int, int]:
    """A heading's level is its rank's place among the ranks the book uses:
    readers set ``level`` to the source's rank (any integers, larger is deeper).
    A heading that skips a rank the book uses elsewhere (### under #, where ##
    heads other sections) keeps its depth, as the author wrote it; a rank no
    heading uses leaves no hole. Returns each rank's level."""
    headings = _headings(blocks)
    levels = {rank: k for k, rank in enumerate(sorted({h.level for h in headings}), start=1)}
    for heading in headings:
        heading.level = levels[heading.level]
        if heading.level > DEEPEST_HEADING:         # its number alone would not fit a line of contents
            from nests.errors import NestsError, Problem

            raise NestsError(Problem(f"headings nested more than {DEEPEST_HEADING} levels deep; not read",
                                     file=heading.source, line=heading.line))
    return levels


# A title that starts with its own number: "5.4.11.2 Title", "3. Title", "A.2 Title".
_OWN_NUMBER = re.compile(r"(?:\d+(?:\.\d+)+\.?|\d+\.|[A-Z](?:\.\d+)+\.?)\s+\S")
# "1 Title" carries its number only as part of a numbering: "20 Questions" alone does not.
_BARE_NUMBER = re.compile(r"(\d+)\s+\S")


def _unnumber_numbered(blocks: list) -> None:
    """A heading whose title already carries its number is not numbered again; in a
    book whose headings mostly carry their numbers, the others are not numbered
    either (a number of ours beside the author's would clash: "1.1 .5.4.6 Title")."""
    headings = [h for h in _headings(blocks) if h.numbered]
    titles = [m.plain(h.title).lstrip() for h in headings]
    own = [h for h, title in zip(headings, titles) if _OWN_NUMBER.match(title)]
    own += _bare_numbered(headings, titles, own)
    for heading in own if 2 * len(own) < len(headings) else headings:
        heading.numbered = False


def _bare_numbered(headings: list, titles: list[str], own: list) -> list:
    """The headings numbered "1 Title": those whose number heads one of the author's
    "1.2" numbers, and those at a level whose bare numbers count 1, 2, 3… in order.
    (Headings are told apart by identity: comparing them by value walks their titles,
    which made a book of thousands of headings take minutes.)"""
    owned = {id(h) for h in own}
    bare = [(h, found.group(1)) for h, title in zip(headings, titles)
            if (found := _BARE_NUMBER.match(title)) and id(h) not in owned]
    dotted = {title.split(".")[0] for h, title in zip(headings, titles) if id(h) in owned}
    counted: set[int] = set()
    for level in {h.level for h, _ in bare}:
        numbers = [int(n) for h, n in bare if h.level == level]
        if len(numbers) > 1 and numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[0] <= 1:
            counted |= {id(h) for h, _ in bare if h.level == level}
    return [h for h, n in bare if n in dotted or id(h) in counted]


def _unnumber_title(blocks: list) -> None:
    """The first heading is the document's title when it is the only one at the
    top level: a title is never numbered."""
    headings = _headings(blocks)
    if headings and headings[0].level == 1 and not any(h.level == 1 for h in headings[1:]):
        headings[0].numbered = False


def _title_of(blocks: list) -> str:
    """The first heading's words when it heads the whole book: it comes before any
    other and is the only one at the top level (``# Title`` over ``##`` chapters)."""
    headings = _headings(blocks)
    if headings and headings[0].level == 1 and not any(h.level == 1 for h in headings[1:]):
        return " ".join(m.plain(headings[0].title).split())
    return ""


def _give_anchors(blocks: list) -> set[str]:
    """Every heading gets an anchor (its title's slug when the source gives none), unique in the book."""
    taken = {n.anchor for n in walk(blocks) if getattr(n, "anchor", "")}
    for node in walk(blocks):
        if isinstance(node, m.Heading) and not node.anchor:
            base = slug(m.plain(node.title)) or "section"
            anchor, n = base, 0
            while anchor in taken:
                n += 1
                anchor = f"{base}-{n}"
            node.anchor = anchor
            taken.add(anchor)
    return taken


def _resolve(nodes: list, anchors: set[str], aliases: dict[str, str], report: Report) -> None:
    """A reference to an anchor of the book stays a Ref (to the anchor itself, not
    an alias); one to nothing prints its own words and a Missing naming the target."""
    for node in nodes:
        for group in children(node):
            _resolve(group, anchors, aliases, report)
            i = 0
            while i < len(group):
                ref = group[i]
                if isinstance(ref, m.Ref):
                    target = aliases.get(ref.target, ref.target)
                    if target in anchors:
                        ref.target = target
                    elif ref.children:                  # a link: its words, said once a target
                        said = ref.target.removeprefix("file:")
                        report.first(f"link: {said}", ref.line, f"link to {said!r}, which is not in this book; "
                                                                "its words are printed", source=ref.source)
                        group[i:i + 1] = ref.children
                        i += len(ref.children)
                        continue
                    else:
                        missing = report.missing(
                            ref.target, ref.line,
                            f"reference to {ref.target!r}, which nothing in this book defines",
                            source=ref.source)
                        replacement = list(ref.children)
                        if replacement:
                            replacement.append(m.Text(" ", source=ref.source, line=ref.line))
                        replacement.append(missing)
                        group[i:i + 1] = replacement
                        i += len(replacement)
                        continue
                i += 1


def _leave_out_own_contents(blocks: list, report: Report) -> None:
    """An author's own list of contents (a list of at least ``OWN_CONTENTS`` entries, each only
    a link to one of the book's headings, its nested lists alike) is left out: the book
    prints its contents, made from the headings, and says so once. A heading naming it
    ("Contents") goes with it when nothing else stands under it."""
    headings = {h.anchor for h in _headings(blocks)}
    if len(headings) < 2:
        return
    for group in [blocks] + [g for n in walk(blocks) for g in children(n)]:
        for k, node in enumerate(group):
            entries = _contents_entries(node, headings) if isinstance(node, m.ListBlock) else None
            if entries is None or entries < OWN_CONTENTS:
                continue
            report.warn(node.line, f"the author's own list of contents ({entries} entries) is left out: "
                                   "the book prints its contents from its headings", source=node.source)
            named = k > 0 and isinstance(group[k - 1], m.Heading) and (
                k + 1 == len(group) or isinstance(group[k + 1], m.Heading) and group[k + 1].level <= group[k - 1].level)
            del group[k - 1 if named else k:k + 1]
            return


OWN_CONTENTS = 3        # links in a list, at the least, for it to be a list of contents


def _contents_entries(node: m.ListBlock, headings: set[str]) -> int | None:
    """How many links to headings the list holds, if it holds nothing else, else None."""
    count = 0
    for item in node.items:
        blocks = list(item.blocks)
        if not blocks or not isinstance(blocks[0], m.Paragraph):
            return None
        words_ = [n for n in blocks[0].children if not (isinstance(n, m.Text) and not n.text.strip(" .,;:-–"))]
        if len(words_) != 1 or not isinstance(words_[0], m.Ref) or words_[0].target not in headings:
            return None
        count += 1
        for rest in blocks[1:]:
            inner = _contents_entries(rest, headings) if isinstance(rest, m.ListBlock) else None
            if inner is None:
                return None
            count += inner
    return count
