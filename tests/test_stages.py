"""Issue 21: the stages import downward only, and no modules import each other in a circle.

From the bottom: text measures and the grid (and other tools every stage uses), the typed
models, content (loading and checking YAML; the book readers), the rules, the template
engine the generators lay pages out with, the generators, publish, and at the top the
commands' core functions (checks, packet, batch, build) and the CLI. Every import is
counted, a late one inside a function too.

Issue 21 point 4: one name per thing. No class name is defined twice in the package, so
that a name says which thing it is wherever it is read.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generator" / "nests"

# Each module's stage is its longest matching prefix's.
STAGES = {
    "nests.text": 0, "nests.errors": 0, "nests.paths": 0, "nests.cache": 0, "nests.ahead": 0, "nests.children": 0,
    "nests.model": 1, "nests.document": 1, "nests.book.model": 1, "nests.book.images": 1, "nests.book.svg": 1,
    "nests.book.folder": 1, "nests.book.pdf_figure": 1,
    "nests.content": 2, "nests.book.readers": 2,
    "nests.rules": 3,
    "nests.render": 4,
    "nests.generators": 5, "nests.book": 5,
    "nests.publish": 6,
    "nests.checks": 7, "nests.setup": 7, "nests.serve": 7, "nests.campaign": 7, "nests.packet": 7, "nests.batch": 7, "nests.build": 7, "nests.cli": 7, "nests.entry": 7,
    "nests.__main__": 7,
}


def _modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found[name] = path
    return found


@lru_cache(maxsize=None)
def _tree(path: Path, text: str) -> ast.Module:
    """A module's syntax tree, parsed once for all the checks (keyed by its text as read)."""
    return ast.parse(text)


def _parsed(path: Path) -> ast.Module:
    return _tree(path, path.read_text(encoding="utf-8"))


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module → the project's modules it imports (a name imported from a package is the
    submodule when there is one, else the package)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found = set()
        for node in ast.walk(_parsed(path)):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(here[:len(here) - node.level + 1] + ([base] if base else []))
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target.startswith("nests") and target != name:
                    found.add(target)
        graph[name] = found
    return graph


def _stage(module: str) -> int | None:
    matches = [prefix for prefix in STAGES if module == prefix or module.startswith(prefix + ".")]
    return STAGES[max(matches, key=len)] if matches else None


def test_every_module_has_a_stage():
    assert [m for m in _modules() if m != "nests" and _stage(m) is None] == []


def test_no_stage_imports_a_higher_one():
    graph = _imports(_modules())
    climbs = [f"{m} -> {n}" for m, targets in graph.items() for n in targets
              if _stage(m) is not None and _stage(n) is not None and _stage(n) > _stage(m)]
    assert climbs == []


def test_no_import_circle():
    graph = _imports(_modules())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:              # Tarjan's strongly connected components
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                circles.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    assert circles == []


def test_the_check_finds_a_climb_and_a_circle(tmp_path, monkeypatch):
    """The checks above can fail: a content module importing the rules is a climb and a circle."""
    fake = tmp_path / "nests"
    (fake / "content").mkdir(parents=True)
    (fake / "rules").mkdir()
    for init in ("__init__.py", "content/__init__.py", "rules/__init__.py"):
        (fake / init).write_text("")
    (fake / "content" / "tables.py").write_text("from nests.rules import lookup\n")
    (fake / "rules" / "lookup.py").write_text("def f():\n    from nests.content.tables import X\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["x"]), "PACKAGE", fake)
    graph = _imports(_modules())
    assert graph["nests.content.tables"] == {"nests.rules.lookup"}
    assert graph["nests.rules.lookup"] == {"nests.content.tables"}
    assert _stage("nests.rules.lookup") > _stage("nests.content.tables")


def _classes(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Class name → the modules that define it: at module level or inside a function (a
    class inside a class, such as a field kind's ``Options``, is named by its owner)."""
    found: dict[str, set[str]] = {}

    def visit(node: ast.AST, module: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.ClassDef):
                found.setdefault(child.name, set()).add(module)
            else:
                visit(child, module)

    for name, path in modules.items():
        visit(_parsed(path), name)
    return found


def _twice(modules: dict[str, Path]) -> dict[str, list[str]]:
    return {name: sorted(where) for name, where in _classes(modules).items() if len(where) > 1}


def test_no_class_name_is_defined_twice():
    assert _twice(_modules()) == {}


def test_the_check_finds_a_name_defined_twice(tmp_path, monkeypatch):
    """The check above can fail: two modules' Heading, and a second inside a function, are
    found; a class's own nested Options is not."""
    fake = tmp_path / "nests"
    (fake / "book").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "book" / "__init__.py").write_text("")
    (fake / "book" / "model.py").write_text("class Heading:\n    class Options:\n        pass\n")
    (fake / "sheet.py").write_text("def f():\n    class Heading:\n        pass\n\n\nclass Options:\n    pass\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["x"]), "PACKAGE", fake)
    assert _twice(_modules()) == {"Heading": ["nests.book.model", "nests.sheet"]}


# Issue 38 point 6: glyphs only in the glyph module and the templates. The glyphs a page is drawn
# with (box drawing and blocks, U+2500–U+259F) and the marks the templates print between words
# (ticks, a run-in label's marks, list bullets) are named in nests.text.glyphs alone; other code
# reads them from there. The readers are left out: their tables spell a source's own symbols
# (DocBook's <checkmark/>, LaTeX's \checkmark), which are input, not our layout.
DRAWN = {chr(c) for c in range(0x2500, 0x25A0)} | set("□○✓✗►◄•◦▪")
GLYPH_MODULE = "nests.text.glyphs"


def _glyphs_outside(modules: dict[str, Path]) -> dict[str, list[int]]:
    """Module → the lines of its string constants (docstrings aside) that hold a drawn glyph."""
    found: dict[str, list[int]] = {}
    for name, path in modules.items():
        if name == GLYPH_MODULE or name.startswith("nests.book.readers"):
            continue
        tree = _parsed(path)
        docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        lines = sorted({node.lineno for node in ast.walk(tree)
                        if isinstance(node, ast.Constant) and isinstance(node.value, str)
                        and id(node) not in docstrings and DRAWN & set(node.value)})
        if lines:
            found[name] = lines
    return found


def test_glyphs_are_named_in_the_glyph_module_only():
    assert _glyphs_outside(_modules()) == {}


def test_the_check_finds_a_glyph_outside_the_glyph_module(tmp_path, monkeypatch):
    """The check above can fail: a frame glyph in a pattern and a tick in an f-string are found;
    a docstring that shows one, and the glyph module itself, are not."""
    fake = tmp_path / "nests"
    (fake / "text").mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "text" / "__init__.py").write_text("")
    (fake / "text" / "glyphs.py").write_text('SIDE = "║"\n')
    (fake / "marks.py").write_text('"""Finds ║ … ║."""\nimport re\n\nSIDE = re.compile(r"(?<=║ )x")\n'
                                   'def f(x):\n    return f"{x} ✓"\n')
    monkeypatch.setattr(__import__(__name__, fromlist=["x"]), "PACKAGE", fake)
    assert _glyphs_outside(_modules()) == {"nests.marks": [4, 6]}
