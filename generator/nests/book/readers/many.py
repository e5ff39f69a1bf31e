"""A book in many files: the files an outline names (``nests.book.readers.outlines``:
mkdocs' nav, a SUMMARY.md, a folder, the files given), each read by its markup's
reader, set one after another at the depth the outline gives each, and finished
as one book.

Each reader's ``finish`` hands its file over (``Gathering.take``) instead of
finishing it: the file's headings keep their ranks among themselves, shifted
down by its place in the outline; its anchors are made unique in the whole book;
a link to another file of the book (``file:KEY`` or ``file:KEY#anchor``, KEY the
file's path inside the book's folder) leads to that file's first heading or the
anchor; and the book is finished once, whole. The book reads only inside its
folder (``nests.book.folder.confined``).
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from nests.book import model as m
from nests.book.readers.common import GATHERING, MOST_READS, Report, book_bytes, confined, finish, slug, walk
from nests.book.readers.credits import credited, credits_of
from nests.errors import NestsError, Problem

# Files a link may lead to that are pages of a book (a link to any other file, a
# picture or a download, prints its words without a warning).
PAGES = (".md", ".markdown", ".rst", ".tex", ".xml", ".dbk", ".txt")


@dataclass
class OutlineEntry:
    """One place in a book's outline: a file, or a section's title without a file."""
    title: str                     # the outline's words for it ("" when it gives none)
    path: Path | None              # the file, inside the book's folder; None for a section alone
    depth: int                     # 0: the top of the book; a file under a section is 1 deeper
    source: str                    # the outline's file (as the user named it) and line, for warnings
    line: int = 0
    part: bool = False             # a part's title (mdBook's "# Part"), over the chapters after it
    numbered: bool = True          # False: mdBook's prefix and suffix chapters


@dataclass
class Outline:
    root: Path                     # the book's folder: nothing outside it is read
    entries: list[OutlineEntry]
    source: str                    # what the user gave (for the book's own warnings)
    title: str = ""                # mkdocs' site_name, book.toml's title; "" → from the book
    name: str = ""                 # the output's name
    credits: dict = field(default_factory=dict)    # the title page's, as the outline states them (credits.FIELDS)
    page_credits: bool = False     # a book of files side by side: its first file's credits (a front
                                   # matter's author…) are the book's, as pandoc reads files given together;
                                   # a site's page (mkdocs, mdBook) states its own, not the book's
    warnings: list[m.Warning] = field(default_factory=list)
    snippet_bases: list[Path] = field(default_factory=list)   # mkdocs.yml's pymdownx.snippets base_path
    main: str = ""                 # a folder whose book is read from one main file (a Sphinx project's
                                   # master document, a LaTeX book's main file), which includes the rest
    numbering: bool | None = None  # the book's tool numbers its chapters (mdBook: True); None: as its files'
                                   # markups do (Markdown's, pandoc's: not)
    smart: bool = True             # its Markdown's quotes curled and dashes made (pandoc's smart extension);
                                   # a site's tool only where it is set so (mkdocs' smarty, mdBook's smart-punctuation)


@dataclass
class Taken:
    blocks: list
    report: Report
    title: str
    aliases: dict[str, str]
    credits: dict = field(default_factory=dict)
    toc_rank: int | None = None    # the deepest rank its markup's tool lists in contents (pandoc's 3)
    book: m.Book | None = None     # what its reader said of the file as a book (numbering, language…)


class Gathering:
    """The book being read: its folder, its files by key, and what each reader hands over."""

    def __init__(self, root: Path, files: list[Path], snippet_bases: list[Path] = (), smart: bool = True):
        self.root = Path(os.path.realpath(root))
        self.snippet_bases = list(snippet_bases)     # where its Markdown's snippets are looked for
        self.smart = smart                           # its Markdown's punctuation educated (Outline.smart)
        self.keys = {Path(os.path.realpath(f)): key_of(self.root, f) for f in files}
        self.taken: Taken | None = None

    def take(self, blocks, report, title, aliases, toc_rank=None) -> m.Book:
        self.taken = Taken(blocks, report, title, aliases, toc_rank=toc_rank)
        return m.Book(title=title, blocks=blocks, source=report.source)

    def key(self, path: Path) -> str | None:
        """The key of a file of the book (a folder: its index or README), else None."""
        real = Path(os.path.realpath(path))
        if real.is_dir():
            for name in ("index.md", "README.md", "readme.md", "index.rst"):
                if real / name in self.keys:
                    return self.keys[real / name]
        return self.keys.get(real)


def key_of(root: Path, path: Path) -> str:
    return Path(os.path.relpath(os.path.realpath(path), root)).as_posix()


def gathering() -> Gathering | None:
    return GATHERING.get()


def snippet_bases(path: Path) -> list[Path]:
    """The folders a Markdown file's snippets are looked for in: its book's (mkdocs.yml's
    ``base_path``, else the book's folder), or for a file alone its own folder."""
    book = GATHERING.get()
    return (book.snippet_bases or [book.root]) if book is not None else [Path(path).parent.resolve()]


def smart_punctuation() -> bool:
    """Whether Markdown's quotes are curled and its dashes made: as pandoc does (a file alone, files
    side by side), or as a site's tool is set to (``Outline.smart``)."""
    book = GATHERING.get()
    return book.smart if book is not None else True


def book_folder(path: Path) -> Path:
    """The folder a file of a book reads in: the whole book's when it is one of many, else its own."""
    book = GATHERING.get()
    return book.root if book is not None else Path(path).parent.resolve()


def file_link(report: Report, path: Path, href: str, kids: list, source: str, line: int) -> list:
    """A link from the file ``path`` to ``href`` (a relative address, perhaps ``#anchor``):
    a reference when it leads into the book (another of its files, or this one), else its
    words, with one warning per target when it names a page the book lacks."""
    target, _, anchor = href.partition("#")
    target = unquote(target)
    book = GATHERING.get()
    here = Path(path).parent
    found, why = confined(book_folder(path), target, here)
    if book is not None and found is not None and not found.exists() and found.suffix == ".html":
        # the page as its site names it (mdBook and mkdocs print chapter.md as chapter.html)
        page = next((p for p in (found.with_suffix(".md"), found.with_name("README.md"))
                     if book.key(p) is not None and (p.stem == found.stem or found.stem == "index")), None)
        found = page or found
    if book is not None and found is not None and (key := book.key(found)) is not None:
        return [m.Ref(f"file:{key}" + (f"#{anchor}" if anchor else ""), kids, source=source, line=line)]
    if found is not None and Path(os.path.realpath(found)) == Path(os.path.realpath(path)):
        return [m.Ref(anchor, kids, source=source, line=line)] if anchor else kids
    if found is not None and found.exists() and not found.is_dir() and not found.name.lower().endswith(PAGES):
        return kids                                # a picture, a download: not a page of a book
    said = why and f"it is {why}" or ("no such file" if found is None or not found.exists() else "")
    report.first(f"link: {target}", line, f"link to {target!r}, which is not in this book"
                 + (f" ({said})" if said else "") + "; its words are printed", source=source)
    return kids


def read(outline: Outline, markup: str | None = None) -> m.Book:
    """The book the outline names, its files read in order and finished as one."""
    from nests.book.readers.registry import reader_for

    files = [e for e in outline.entries if e.path is not None]
    if len(files) > MOST_READS:
        raise NestsError(Problem(f"names {len(files):,} files, more than one book may read ({MOST_READS:,}); "
                                 "not read", file=outline.source))
    book = Gathering(outline.root, [e.path for e in files], outline.snippet_bases, outline.smart)
    report = Report(outline.source)
    report.warnings.extend(outline.warnings)
    read, seen = [], set()
    for entry in outline.entries:
        if entry.path is None:
            read.append((entry, None, ""))
            continue
        if Path(os.path.realpath(entry.path)) in seen:      # a page is in a book once
            report.warn(entry.line, f"{key_of(book.root, entry.path)!r} is in the book already; not read again",
                        source=entry.source)
            continue
        seen.add(Path(os.path.realpath(entry.path)))
        kind = reader_for(entry.path, markup)
        part = _read_one(book, _shown(outline, entry.path), entry.path, kind)
        report.warnings.extend(part.report.warnings)
        read.append((entry, part, kind))
    # Ranks compare across files of one markup (## is ## in every Markdown file): a file's
    # headings keep their ranks, the markup's highest rank in the book set at the file's depth.
    tops: dict[str, int] = {}
    for _, part, kind in read:
        for heading in (n for n in walk(part.blocks) if isinstance(n, m.Heading)) if part else ():
            tops[kind] = min(tops.get(kind, heading.level), heading.level)
    # files side by side, read as pandoc reads them: the contents list each file's headings down to its
    # markup's tool's depth (pandoc's toc-depth, 3); a site (mkdocs, mdBook) lists every heading
    parts = [part for _, part, _ in read if part is not None]
    listed = {id(h) for part in parts for h in walk(part.blocks) if isinstance(h, m.Heading)
              and (part.toc_rank is None or h.level <= part.toc_rank)}
    limited = outline.page_credits and parts and all(part.toc_rank is not None for part in parts)
    blocks: list[m.Block] = []
    aliases: dict[str, str] = {}
    taken_anchors: set[str] = set()
    for entry, part, kind in read:
        if part is None:
            blocks.append(m.Heading(entry.depth + 1, [m.Text(entry.title, source=entry.source, line=entry.line)],
                                    numbered=entry.numbered, part=entry.part, source=entry.source, line=entry.line))
            continue
        if not any(isinstance(n, m.Heading) for n in walk(part.blocks)) and entry.title:
            # a file without a heading is headed by the outline's words for it
            part.blocks.insert(0, m.Heading(tops.get(kind, 1), [m.Text(entry.title, source=part.report.source, line=1)],
                                            anchor=slug(entry.title), source=part.report.source, line=1))
        _settle(part, book.keys[Path(os.path.realpath(entry.path))], entry, tops.get(kind, 1), taken_anchors, aliases)
        blocks.extend(part.blocks)
    _to_the_page(blocks, aliases, report)
    # the outline's title, else (files side by side, as pandoc reads them) the first file's own, its
    # front matter's (a folder's index names the book), else a heading over all the others; never
    # the folder's name. A site's page (mkdocs, mdBook) titles the page, not the book.
    first_title = next((part.title for _, part, _ in read if part is not None), "") if outline.page_credits else ""
    book_title = outline.title or " ".join(first_title.split()) or _lone_title(blocks)
    done = credited(finish(blocks, report, title=book_title, aliases=aliases, title_heading=False), outline.credits)
    for _, part, _ in read if outline.page_credits else ():
        done = credited(done, part.credits if part else {}, over=False)
    # numbered as the book's tool numbers it (else as its files' markups do); in its first file's
    # language and hyphenation
    first = parts[0].book if parts and parts[0].book is not None else done
    numbering = outline.numbering if outline.numbering is not None else \
        any(part.book is None or part.book.numbering for part in parts)
    toc_depth = max((h.level for h in walk(blocks) if isinstance(h, m.Heading) and id(h) in listed), default=None) \
        if limited else done.toc_depth
    return dataclasses.replace(done, numbering=numbering, language=first.language, hyphenate=first.hyphenate,
                               hyphenation=dict(first.hyphenation), toc_depth=toc_depth)


def _read_one(book: Gathering, shown: str, path: Path, kind: str) -> Taken:
    """One file of the book read by its markup's reader, which hands it over unfinished."""
    from nests.book.readers.registry import READERS

    module = importlib.import_module(READERS[kind][0])
    raw = book_bytes(path, shown, None)
    token = GATHERING.set(book)
    try:
        if hasattr(module, "read_bytes"):
            said = module.read_bytes(raw, shown, path)
        else:
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError as err:
                raise NestsError(Problem(f"is not UTF-8 text (byte {err.start})", file=shown)) from None
            said = module.read(text.replace("\r\n", "\n"), shown, path)
    finally:
        GATHERING.reset(token)
    part, book.taken = book.taken, None
    part.credits = credits_of(said)                    # the file's title-page credits, as its reader read them
    part.book = said
    return part


def _settle(part: Taken, key: str, entry: OutlineEntry, top: int, taken: set[str], aliases: dict[str, str]) -> None:
    """A file's headings shifted to its depth, its anchors made the book's (renamed where an
    earlier file took the name), and its names and its links into itself said in the book's."""
    renamed: dict[str, str] = {}
    first = ""
    for node in walk(part.blocks):
        anchor = getattr(node, "anchor", "")
        if isinstance(node, m.Heading):
            node.level += entry.depth + 1 - top
            node.numbered = node.numbered and entry.numbered
        if not anchor:
            continue
        new, n = anchor, 0
        while new in taken:
            n += 1
            new = f"{anchor}-{n}"
        taken.add(new)
        renamed.setdefault(anchor, new)
        node.anchor = new
        if isinstance(node, m.Heading) and not first:
            first = new
    local = {name: renamed.get(target, target) for name, target in part.aliases.items()}
    local.update(renamed)
    for name, target in local.items():
        aliases.setdefault(name, target)
        aliases[f"file:{key}#{name}"] = target
    if first:
        aliases[f"file:{key}"] = first
    for node in walk(part.blocks):
        if isinstance(node, m.Ref) and node.target in local:
            node.target = local[node.target]


def _to_the_page(blocks: list, aliases: dict[str, str], report: Report) -> None:
    """A link to a heading a file of the book does not have (one its site's tools write,
    a heading renamed) leads to that file's first heading, said once."""
    for ref in walk(blocks):
        if isinstance(ref, m.Ref) and ref.target.startswith("file:") and ref.target not in aliases:
            page, _, anchor = ref.target.partition("#")
            if page in aliases:
                report.first(f"link: {ref.target}", ref.line, f"link to {ref.target[5:]!r}: that page has no "
                             f"heading {anchor!r}; it leads to the page", source=ref.source)
                ref.target = page


def _lone_title(blocks: list) -> str:
    """The book's title when one heading stands over all the others (one file's ``# Title``)."""
    headings = [n for n in walk(blocks) if isinstance(n, m.Heading)]
    top = min((h.level for h in headings), default=0)
    lone = [h for h in headings if h.level == top]
    return " ".join(m.plain(lone[0].title).split()) if len(lone) == 1 and lone[0] is headings[0] else ""


def _shown(outline: Outline, path: Path) -> str:
    """A file as the user would name it: beside what they gave, as they gave it."""
    given = Path(outline.source)
    base = given if given.is_dir() else given.parent
    return os.path.normpath(os.path.join(base, os.path.relpath(os.path.realpath(path), os.path.realpath(base))))
