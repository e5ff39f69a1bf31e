"""Every content file kind fuzzed through the command that reads it (issue 29, point 7).

An example is a user's ``--content`` folder holding one built-in file mutated (its
YAML tree: a value of the wrong type, a huge or negative number, a long or
strange string, a key gone or doubled, a list run long or nested deep; or its
bytes: flipped, cut, doubled, YAML's own traps put in) or a new file of a kind;
or a character's state file mutated, read by `nests sheet --character`; or a
printed sheet mutated, read back by `nests character read`. The command that
uses the kind runs as its user runs it (tests/fuzz/harness.py) and issue 29's
invariants are checked: exit 0 or 2, no traceback, each error line bounded and
naming the user's file, bounded CPU time and memory, nothing of the outside read.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import budget, found_inputs, kept_if_failing
from tests.fuzz.harness import COUNTED, Shelf, check, run_nests

CONTENT = Path(__file__).resolve().parents[2] / "content"
KINDS = sorted(p.relative_to(CONTENT).as_posix() for p in CONTENT.rglob("*.yaml"))
ENEMIES = sorted(p.stem for p in (CONTENT / "enemies").glob("*.yaml"))
# Traps of YAML itself, put in as they are.
TRAPS = ["!!python/object/apply:os.system ['touch ran']", "&a [*a]", "*nope", "!!binary aGVsbG8=", "<<: *a",
         "? [complex, key]\n: v", "%YAML 1.1\n---", "--- !!set {a}", "2001-12-14t21:59:43.10-05:00", ".nan", "-.inf",
         "0x7fffffffffffffffffff", "1e400", "~", "''", "\"\\u0000\"", "|\n  block", "{a: [b, {c: d}]}", "\t",
         "a: &x [1, *x]", "!include ../secret.txt", "k: !!str", "\ufeff", "\u202e", "- - - - - - - - -",
         "a: 1\na: 2", "x" * 3000]


def command_for(rel: str, seed: int) -> list[str]:
    """The command that reads content file ``rel`` (a packet reads every kind; a sheet less; …)."""
    folder = rel.split("/")[0]
    if folder == "sheets":                      # a sheet for another game: its blank sheet, and ours
        return ["sheet", "--all", "--system", Path(rel).stem, "-o", "out"]
    if folder in ("classes", "catalogue.yaml"):
        return ["sheet", "--all", "-o", "out"]
    if folder == "enemies":
        return ["enemy", *ENEMIES, "-o", "out"]
    return ["packet", "--seed", str(seed), "--format", "json", "--format", "txt", "-o", "out"]


def leaves(tree, path=()):
    """Every place of a YAML tree (path), the tree itself first."""
    yield path
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from leaves(value, path + (key,))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from leaves(value, path + (i,))


def odd_values():
    return st.one_of(
        st.integers(-10**30, 10**30), st.integers(-3, 1000), st.floats(allow_nan=True, allow_infinity=True),
        st.booleans(), st.none(), st.text(max_size=40), st.text(min_size=200, max_size=5000),
        st.lists(st.integers(0, 100), max_size=5), st.dictionaries(st.text(max_size=8), st.integers(), max_size=3),
        st.sampled_from(["d20", "d120", "1d6", "3d100", "d0", "d-1", "1d999999999", "2d20+5", "x", "", " ", "蜜", "🍯",
                         "../secret.txt", "/etc/passwd", "{{ 7*7 }}", "%s%n", "\\x00", "ıi̇", "ﬁ", "A" * 61]),
    )


@st.composite
def mutated_yaml(draw, text: str) -> bytes:
    """A content file mutated through its tree (then written back as YAML) or through its bytes."""
    if draw(st.booleans()):
        tree = yaml.safe_load(text)
        for _ in range(draw(st.integers(1, 4))):
            places = list(leaves(tree))
            path = draw(st.sampled_from(places))
            what = draw(st.sampled_from(["value", "value", "drop", "double", "deep", "long", "key"]))
            if not path:
                tree = draw(odd_values()) if what == "value" else tree
                continue
            holder = tree
            for step in path[:-1]:
                holder = holder[step]
            last = path[-1]
            if what == "value":
                holder[last] = draw(odd_values())
            elif what == "drop":
                del holder[last]
            elif what == "double" and isinstance(holder, list):
                holder[last:last] = [holder[last]] * draw(st.integers(1, 300))
            elif what == "deep":
                deep = holder[last]
                for _ in range(draw(st.integers(1, 80))):
                    deep = [deep]
                holder[last] = deep
            elif what == "long" and isinstance(holder[last], list):
                holder[last] = holder[last] * draw(st.integers(2, 200))
            elif what == "key" and isinstance(holder, dict):
                holder[draw(st.text(min_size=1, max_size=20))] = draw(odd_values())
        return yaml.safe_dump(tree, allow_unicode=True, sort_keys=False, width=10**6).encode("utf-8", "surrogatepass")
    data = bytearray(text.encode("utf-8"))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.sampled_from(["flip", "cut", "double", "trap", "truncate"]))
        if kind == "flip" and data:
            data[min(at, len(data) - 1)] = draw(st.sampled_from(list(b" \n\t:-[]{}&*!|>'\"#%@`,?9")) | st.integers(0, 255))
        elif kind == "cut":
            del data[at:at + draw(st.integers(1, 400))]
        elif kind == "double":
            data[at:at] = bytes(data[at:at + draw(st.integers(1, 300))]) * draw(st.integers(1, 50))
        elif kind == "trap":
            data[at:at] = ("\n" + draw(st.sampled_from(TRAPS)) + "\n").encode("utf-8")
        else:
            del data[at:]
    return bytes(data)


def content_shelf(root: Path) -> Shelf:
    """A shelf holding a character's state file and its printed sheet, the seeds of their fuzzing."""
    shelf = Shelf(root)
    shelf.fill({})
    made = run_nests(["character", "new", "beetle", "--name", "Bo", "-o", "state.yaml"], shelf.book)
    printed = run_nests(["sheet", "--character", "state.yaml", "-o", "-", "--width", "80"], shelf.book)
    assert made.code == 0 and printed.code == 0, made.said() + printed.said()
    shelf.state = (shelf.book / "state.yaml").read_text(encoding="utf-8")
    shelf.sheet = printed.stdout.decode("utf-8")
    return shelf


@pytest.fixture(scope="module")
def shelf(tmp_path_factory):
    shelf = content_shelf(tmp_path_factory.mktemp("fuzz-content"))
    yield shelf
    shelf.close()


def run_content(shelf: Shelf, command: list[str], files: dict[str, bytes], kind: str) -> None:
    """``command`` run in a folder holding ``files`` (a --content folder's under mine/); the invariants checked."""
    shelf.fill({name: data.replace(b"{SECRET}", str(shelf.root / "secret.txt").encode()) for name, data in files.items()})
    if (shelf.root / "ran").exists():
        (shelf.root / "ran").unlink()
    run = run_nests(command, shelf.book, shelf.book / "out")
    COUNTED.add(kind, run)
    with kept_if_failing(" ".join(command), files):
        check(run, ("mine/", "state.yaml", "sheet.txt"), shelf)
        assert not (shelf.book / "ran").exists() and not (shelf.root / "ran").exists(), "a YAML tag ran a command"


@budget(6)
@given(data=st.data())
def test_a_fuzzed_content_file_is_used_or_refused_in_one_line(shelf, data):
    rel = data.draw(st.sampled_from(KINDS), label="file")
    new = data.draw(st.integers(0, 7), label="new file") == 0            # now and then a new file of the kind
    text = (CONTENT / rel).read_text(encoding="utf-8")
    body = data.draw(mutated_yaml(text), label="bytes")
    if new and "/" in rel:
        rel = rel.rsplit("/", 1)[0] + "/" + data.draw(st.sampled_from(["zz-new", "a", "Ünï", "x" * 200, ".hidden"])) + ".yaml"
    command = command_for(rel, data.draw(st.integers(0, 999), label="seed")) + ["--content", "mine"]
    run_content(shelf, command, {f"mine/{rel}": body}, "content")


@budget(4)
@given(data=st.data())
def test_a_fuzzed_character_state_is_printed_or_refused_in_one_line(shelf, data):
    body = data.draw(mutated_yaml(shelf.state), label="state")
    run_content(shelf, ["sheet", "--character", "state.yaml", "-o", "out", "--format", "txt", "--format", "md"],
                {"state.yaml": body}, "state")


@st.composite
def mutated_sheet(draw, text: str) -> bytes:
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 8))):
        at = draw(st.integers(0, len(lines) - 1))
        what = draw(st.sampled_from(["edit", "drop", "double", "text"]))
        if what == "edit":
            line = lines[at]
            cut = draw(st.integers(0, len(line)))
            lines[at] = line[:cut] + draw(st.text(max_size=12) | st.sampled_from(["X", "[x]", "999999999999", "-5",
                                                                                   "●", "○", "|", "  "])) + line[cut + 1:]
        elif what == "drop":
            del lines[at]
        elif what == "double":
            lines[at:at] = [lines[at]] * draw(st.integers(1, 100))
        else:
            lines.insert(at, draw(st.text(max_size=80)))
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@budget(4)
@given(data=st.data())
def test_a_fuzzed_printed_sheet_is_read_back_or_refused_in_one_line(shelf, data):
    body = data.draw(mutated_sheet(shelf.sheet), label="sheet")
    run_content(shelf, ["character", "read", "sheet.txt", "-o", "back.yaml"], {"sheet.txt": body}, "sheet")


def test_what_the_long_runs_found_stays_fixed(shelf):
    """Each content input a long run found (tests/fuzz/found/content/) is one case of this test."""
    found = found_inputs("content")
    assert found, "tests/fuzz/found/content/ holds the inputs the long runs found"
    for command, name, files, options in found:
        run_content(shelf, command.split(), files, "found")
