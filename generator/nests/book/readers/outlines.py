"""The outline of a book in many files, in each form a book states its order in.

``FORMS`` registers one handler per form, each with the test that tells it: an
mkdocs project (``mkdocs.yml``: its ``nav``, nested sections, ``docs_dir``,
``site_name``), an mdBook's ``book.toml`` (its ``[book]`` title and ``src``), a
``SUMMARY.md`` (mdBook's and GitBook's: nested lists of links, part titles,
separators, draft chapters), a folder (its files of a known markup, in name
order). Several files given on the command line are a book in their order. Every
file an outline names must be inside the book's folder (``confined``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from nests.book import model as m
from nests.book.readers.common import DEEPEST_HEADING, confined
from nests.book.readers.credits import markup_free, names
from nests.book.readers.many import OutlineEntry, Outline
from nests.errors import NestsError, Problem

INDEXES = ("index.md", "readme.md", "index.rst", "readme.rst")        # a folder's own page
OUTLINE_FILES = ("mkdocs.yml", "mkdocs.yaml", "book.toml", "SUMMARY.md")      # a folder's book's order
_SCHEME = re.compile(r"^[A-Za-z][\w+.-]*:")
# Folders that hold a book's files rather than name it: the book is named after the one above.
_HOLDERS = ("src", "docs", "doc", "source", "content", "book")


def outline_for(sources: list[str]) -> Outline | None:
    """The outline of the book the sources name, or None for a book in one file."""
    if len(sources) > 1:
        return given_files(sources)
    path = Path(sources[0])
    for _, (tells, outline) in FORMS.items():
        if tells(path):
            return outline(path, sources[0])
    return None


# -- several files given ------------------------------------------------------
def given_files(sources: list[str]) -> Outline:
    for source in sources:
        if not Path(source).is_file():
            raise NestsError(Problem("no such rulebook source" if not Path(source).exists()
                                     else "is a folder; give a folder alone, or files", file=source))
    root = Path(os.path.commonpath([os.path.realpath(Path(s).parent) for s in sources]))
    entries = [OutlineEntry("", Path(s), 0, s) for s in sources]
    return Outline(root, entries, sources[0], name=_name_of(root), page_credits=True)


# -- a folder -----------------------------------------------------------------
def folder(path: Path, shown: str) -> Outline:
    """A folder's files of a known markup in name order (numbers as numbers: 2 before 10),
    its index or README first; a folder inside it is a section one level deeper, headed
    by its own index file, else by its name. A folder holding an mkdocs.yml, a book.toml or
    a SUMMARY.md is the book they outline."""
    for name in OUTLINE_FILES:
        if (path / name).is_file():
            return outline_for([os.path.join(shown, name)])
    root = Path(os.path.realpath(path))
    main = _main_file(root, shown)
    if main:
        return Outline(root, [], shown, name=_name_of(root), main=os.path.join(shown, main))
    entries = _folder_entries(root, root, 0, shown)
    if not entries:
        raise NestsError(Problem("holds no file of a markup the press reads "
                                 "(.md, .rst, .tex, .xml, .dbk, .raw.txt)", file=shown))
    return Outline(root, entries, shown, name=_name_of(root), page_credits=True)


def states_a_book(path: Path) -> bool:
    """Does this folder say it is one book in many files (``nests build --books`` takes it
    whole): it holds an outline's file, a Sphinx project's conf.py, or a LaTeX document?
    (A folder of files side by side is a book only when named: ``nests rulebook DIR``.)"""
    if any((path / name).is_file() for name in OUTLINE_FILES + ("conf.py",)):
        return True
    for tex in sorted(path.glob("*.tex")):
        if tex.is_file() and confined(path, tex.name)[0] is not None:
            try:
                with open(tex, encoding="utf-8", errors="replace") as file:
                    if _LATEX_DOCUMENT.search(file.read(200_000)):       # its start says it (as _main_file reads)
                        return True
            except OSError:
                continue                               # not readable: the folder is skipped with a note
    return False


def _folder_entries(root: Path, here: Path, depth: int, shown: str) -> list[OutlineEntry]:
    from nests.book.readers.registry import READERS

    extensions = tuple(e for _, exts in READERS.values() for e in exts)
    files, folders = [], []
    for child in sorted(here.iterdir(), key=lambda p: _natural(p.name)):
        if child.name.startswith((".", "_")) or confined(root, str(child))[0] is None:
            continue                                   # hidden, a build's, or a link out of the book
        if child.is_dir():
            folders.append(child)
        elif child.name.lower().endswith(extensions) and child.name.upper() != "SUMMARY.MD":
            files.append(child)
    files.sort(key=lambda p: p.name.lower() not in INDEXES)
    entries = [OutlineEntry("", f, depth, shown) for f in files]
    for sub in folders:
        inner = _folder_entries(root, sub, depth + 1, shown)
        if inner and not (inner[0].path.name.lower() in INDEXES and inner[0].path.parent == sub):
            inner.insert(0, OutlineEntry(_words_of_name(sub.name), None, depth, shown))
        elif inner:
            inner[0].depth = depth
        entries += inner
    return entries


def _main_file(root: Path, shown: str) -> str:
    """The file a folder's book is read from when one file includes the others: a Sphinx
    project's master document (conf.py's ``master_doc`` or ``root_doc``, else index), a LaTeX
    book's one main file (the one no other file includes, where one holds a document);
    "" when the files stand side by side."""
    import ast

    conf = root / "conf.py"
    if conf.is_file() and confined(root, "conf.py")[0] is not None:
        name = "index"
        try:
            for statement in ast.parse(conf.read_bytes()).body:
                targets = getattr(statement, "targets", [getattr(statement, "target", None)])
                if isinstance(statement, (ast.Assign, ast.AnnAssign)) and isinstance(statement.value, ast.Constant) \
                        and any(isinstance(t, ast.Name) and t.id in ("master_doc", "root_doc") for t in targets):
                    name = str(statement.value.value)
        except (SyntaxError, ValueError, OSError, MemoryError, RecursionError):
            pass
        for suffix in (".rst", ".md", ".txt"):
            if (root / (name + suffix)).is_file() and confined(root, name + suffix)[0] is not None:
                return name + suffix
    texts = {p.stem: p.read_text(encoding="utf-8", errors="replace")[:200_000]
             for p in sorted(root.glob("*.tex")) if p.is_file() and confined(root, p.name)[0] is not None}
    if not any(_LATEX_DOCUMENT.search(text) for text in texts.values()):
        return ""                                      # chapters side by side, no document holding them
    named = {re.sub(r"\.tex$", "", found.strip()) for text in texts.values() for found in _LATEX_INPUT.findall(text)}
    mains = [f"{stem}.tex" for stem in texts if stem not in named]
    if len(mains) != 1:
        raise NestsError(Problem(f"holds {len(mains)} LaTeX documents that no other includes "
                                 f"({', '.join(mains[:4])}{', …' if len(mains) > 4 else ''}); "
                                 "give the one to typeset", file=shown))
    return mains[0]


# A LaTeX file that is a document (or its start); the files a LaTeX file includes.
_LATEX_DOCUMENT = re.compile(r"^[ \t]*\\(?:documentclass|begin\s*\{document\})", re.M)
_LATEX_INPUT = re.compile(r"\\(?:input|include|subfile|(?:sub)?import\s*\{[^}]*\})\s*\{([^}]+)\}")


def _natural(name: str) -> list:
    return [(0, int(piece), "") if piece.isdigit() else (1, 0, piece.lower())
            for piece in re.split(r"(\d+)", name) if piece]


def _words_of_name(name: str) -> str:
    words = re.sub(r"[-_]+", " ", Path(name).stem).strip()
    return words[:1].upper() + words[1:]


def _name_of(folder: Path) -> str:
    folder = Path(os.path.realpath(folder))
    return folder.parent.name if folder.name.lower() in _HOLDERS and folder.parent.name else folder.name


# -- mkdocs -------------------------------------------------------------------
def mkdocs(path: Path, shown: str) -> Outline:
    """mkdocs.yml: ``nav`` (a page, ``Title: page``, ``Title: [entries]`` a section, a
    folder's pages; addresses on the web left out), relative to ``docs_dir``; without a
    nav, the docs folder's files in name order. ``site_name`` is the title; ``site_author``
    and ``copyright`` (HTML in a site's footer: its words) are on the title page."""
    import yaml

    try:
        top = yaml.compose(_text(path, shown), Loader=yaml.SafeLoader)
    except RecursionError:
        raise NestsError(Problem("nests its YAML too deep for the press to read; not read", file=shown)) from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise NestsError(Problem(f"is not YAML mkdocs can read: {getattr(err, 'problem', err)}", file=shown,
                                 line=mark.line + 1 if mark else None)) from None
    settings = dict((k.value, v) for k, v in top.value) if isinstance(top, yaml.MappingNode) else {}
    plain = {k: v.value for k, v in settings.items() if isinstance(v, yaml.ScalarNode)}
    root = Path(os.path.realpath(path.parent))
    docs, why = confined(root, plain.get("docs_dir", "docs"))
    if docs is None or not docs.is_dir():
        node = settings.get("docs_dir")
        raise NestsError(Problem(f"docs_dir {plain.get('docs_dir', 'docs')!r} is "
                                 f"{why or 'not a folder there'}", file=shown,
                                 line=node.start_mark.line + 1 if node is not None else None, key="docs_dir"))
    outline = Outline(root, [], shown, title=" ".join(str(plain.get("site_name", "")).split()),
                      name=_name_of(root), credits={"author": plain.get("site_author"),
                                                    "copyright": markup_free(str(plain.get("copyright") or ""))})
    outline.snippet_bases = _snippet_bases(settings.get("markdown_extensions"), root)
    outline.smart = _extension_named(settings.get("markdown_extensions"), ("smarty", "markdown.extensions.smarty"))
    nav = settings.get("nav")
    if nav is None:
        outline.entries = _folder_entries(root, Path(os.path.realpath(docs)), 0, shown)
    else:
        outline.entries = _nav(nav, root, Path(docs), 0, shown, outline)
    return outline


def _extension_named(extensions, names: tuple[str, ...]) -> bool:
    """Whether mkdocs.yml's ``markdown_extensions`` lists one of ``names`` (alone, or with its options)."""
    import yaml

    for item in extensions.value if isinstance(extensions, yaml.SequenceNode) else []:
        name = item.value if isinstance(item, yaml.ScalarNode) else \
            item.value[0][0].value if isinstance(item, yaml.MappingNode) and item.value else None
        if name in names:
            return True
    return False


def _snippet_bases(extensions, root: Path) -> list[Path]:
    """pymdownx.snippets' ``base_path`` (a folder or a list, from mkdocs.yml's folder, where
    mkdocs runs), each inside the book's folder; none given: the book's folder."""
    import yaml

    for item in extensions.value if isinstance(extensions, yaml.SequenceNode) else []:
        if isinstance(item, yaml.MappingNode) and item.value and item.value[0][0].value == "pymdownx.snippets":
            options = item.value[0][1]
            said = dict((k.value, v) for k, v in options.value) if isinstance(options, yaml.MappingNode) else {}
            paths = said.get("base_path")
            given = [paths] if isinstance(paths, yaml.ScalarNode) else \
                paths.value if isinstance(paths, yaml.SequenceNode) else []
            bases = [confined(root, str(n.value))[0] for n in given if isinstance(n, yaml.ScalarNode)]
            return [Path(os.path.realpath(b)) for b in bases if b is not None and b.is_dir()]
    return []


def _nav(node, root: Path, docs: Path, depth: int, shown: str, outline: Outline) -> list[OutlineEntry]:
    import yaml

    entries: list[OutlineEntry] = []
    if depth > DEEPEST_HEADING:
        raise NestsError(Problem(f"nav sections nested more than {DEEPEST_HEADING} deep; not read", file=shown,
                                 line=node.start_mark.line + 1, key="nav"))
    items = node.value if isinstance(node, yaml.SequenceNode) else [node]
    for item in items:
        line = item.start_mark.line + 1
        title, value = "", item
        if isinstance(item, yaml.MappingNode) and len(item.value) == 1:
            title, value = str(item.value[0][0].value), item.value[0][1]
        if isinstance(value, yaml.SequenceNode):                  # a section
            entries.append(OutlineEntry(title, None, depth, shown, line))
            entries += _nav(value, root, docs, depth + 1, shown, outline)
            continue
        if not isinstance(value, yaml.ScalarNode) or not str(value.value).strip():
            outline.warnings.append(m.Warning(shown, line, "a nav entry that names no page; left out"))
            continue
        name = str(value.value).strip()
        if _SCHEME.match(name):
            continue                                               # a link to a web page, not a page of the book
        found, why = confined(root, name, docs)
        if found is not None and found.is_dir():          # a folder's pages (mkdocs' literate-nav)
            inner = _folder_entries(root, Path(os.path.realpath(found)), depth + 1, shown)
            if inner and inner[0].path is not None and inner[0].path.name.lower() in INDEXES:
                inner[0].title, inner[0].depth = title, depth
            else:
                inner.insert(0, OutlineEntry(title or _words_of_name(found.name), None, depth, shown, line))
            entries += inner
        elif found is None or not found.is_file():
            outline.warnings.append(m.Warning(shown, line, f"the nav names {name!r}, which is "
                                              f"{why or 'not there'}; left out"))
        else:
            entries.append(OutlineEntry(title, found, depth, shown, line))
    return entries


# -- mdBook, GitBook -----------------------------------------------------------
def book_toml(path: Path, shown: str) -> Outline:
    """mdBook's book.toml: ``[book]`` ``title``, ``authors`` and ``src`` (default "src"),
    whose SUMMARY.md orders the book."""
    import tomllib

    try:
        book = tomllib.loads(_text(path, shown)).get("book", {})
    except tomllib.TOMLDecodeError as err:
        raise NestsError(Problem(f"is not TOML mdBook can read: {err}", file=shown)) from None
    root = Path(os.path.realpath(path.parent))
    src = book.get("src", "src") if isinstance(book.get("src", "src"), str) else "src"
    summary, why = confined(root, os.path.join(src, "SUMMARY.md"))
    if summary is None or not summary.is_file():
        raise NestsError(Problem(f"its book's SUMMARY.md ({src}/SUMMARY.md) is {why or 'not there'}",
                                 file=shown, key="book.src"))
    outline = summary_md(summary, os.path.join(os.path.dirname(shown), src, "SUMMARY.md"), root=root)
    outline.source = shown
    title, authors = book.get("title"), book.get("authors")
    outline.title = " ".join(title.split()) if isinstance(title, str) else ""
    # mdBook curls quotes and makes dashes where its HTML output is set to (off by default)
    try:
        html = tomllib.loads(_text(path, shown)).get("output", {}).get("html", {})
    except AttributeError:
        html = {}
    outline.smart = isinstance(html, dict) and any(html.get(k) is True for k in ("smart-punctuation", "curly-quotes"))
    if isinstance(authors, list):
        outline.credits["author"] = names([a for a in authors if isinstance(a, str)])
    return outline


def summary_md(path: Path, shown: str, root: Path | None = None) -> Outline:
    """SUMMARY.md: a first heading is its own title (left out); a later heading is a
    part's title, the chapters after it one level under it; a list's links are chapters,
    nested as the lists nest; a link standing alone (mdBook's prefix and suffix chapters)
    is an unnumbered chapter; ``[Title]()`` a draft chapter (its title, with no page);
    ``---`` a separator (nothing to print)."""
    from markdown_it import MarkdownIt

    root = Path(os.path.realpath(root or path.parent))
    here = Path(os.path.realpath(path.parent))
    tokens = MarkdownIt("commonmark").parse(_text(path, shown))
    outline = Outline(root, [], shown, name=_name_of(here), numbering=True,      # mdBook numbers its chapters,
                      smart=False)                                               # its punctuation as written
    # a book with parts sets every listed chapter under a part's level, those before the first too
    headings = [t for t in tokens if t.type == "heading_open"]
    first = next((t for t in tokens if t.type in ("heading_open", "bullet_list_open", "ordered_list_open",
                                                  "paragraph_open")), None)
    parts = 1 if len(headings) > (1 if first is not None and first.type == "heading_open" else 0) else 0
    lists, titled, line = 0, False, 0
    for k, token in enumerate(tokens):
        line = token.map[0] + 1 if token.map else line
        if token.type == "heading_open":
            words = tokens[k + 1].content.strip()
            if not titled and not outline.entries:
                titled = True                                   # "# Summary": the list's own title
            else:
                outline.entries.append(OutlineEntry(words, None, 0, shown, line, part=True))
        elif token.type in ("bullet_list_open", "ordered_list_open"):
            lists += 1
        elif token.type in ("bullet_list_close", "ordered_list_close"):
            lists -= 1
        elif token.type == "inline" and tokens[k - 1].type == "paragraph_open":
            for title, href in _links(token):
                chapter = lists > 0
                depth = parts + lists - 1 if chapter else 0
                _chapter(outline, title, href, depth, line, root, here, numbered=chapter)
    return outline


def _links(inline) -> list[tuple[str, str]]:
    """The links of an inline token, each as its words and its address."""
    out, words, href = [], None, None
    for child in inline.children or []:
        if child.type == "link_open":
            words, href = [], child.attrs.get("href", "")
        elif child.type == "link_close" and words is not None:
            out.append(("".join(words).strip(), href))
            words = None
        elif words is not None and child.type in ("text", "code_inline"):
            words.append(child.content)
    return out


def _chapter(outline: Outline, title: str, href: str, depth: int, line: int, root: Path, here: Path,
             numbered: bool) -> None:
    shown = outline.source
    if not href.strip():                                        # a draft chapter: its title, no page
        outline.entries.append(OutlineEntry(title, None, depth, shown, line, numbered=numbered))
        return
    if _SCHEME.match(href):
        return
    found, why = confined(root, href.split("#")[0], here)
    if found is None or not found.is_file():
        outline.warnings.append(m.Warning(shown, line, f"the summary names {href!r}, which is "
                                          f"{why or 'not there'}; left out"))
        return
    outline.entries.append(OutlineEntry(title, found, depth, shown, line, numbered=numbered))


def _text(path: Path, shown: str) -> str:
    from nests.book.readers.common import book_bytes

    try:
        return book_bytes(path, shown).decode("utf-8-sig").replace("\r\n", "\n")
    except UnicodeDecodeError as err:
        raise NestsError(Problem(f"is not UTF-8 text (byte {err.start})", file=shown)) from None


# form → (does this path state a book's outline in it?, its outline)
FORMS = {
    "mkdocs": (lambda p: p.name.lower() in ("mkdocs.yml", "mkdocs.yaml") and p.is_file(), mkdocs),
    "mdbook": (lambda p: p.name.lower() == "book.toml" and p.is_file(), book_toml),
    "summary": (lambda p: p.name.upper() == "SUMMARY.MD" and p.is_file(), summary_md),
    "folder": (lambda p: p.is_dir(), folder),
}
