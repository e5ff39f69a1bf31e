"""Messages are bounded (issue 29, point 5): a value is quoted up to a width, a whole
message up to a length, each with an ellipsis where words are left out; a number no
part has is one line, not a traceback; a re-rolled packet's stamp fits whatever
number of parts is re-rolled."""

from __future__ import annotations

import re

import pytest

from nests.cli import main
from nests.errors import LONGEST_MESSAGE, WIDEST_VALUE, WIDEST_WORD, Problem, bounded


def test_a_long_quoted_value_is_cut_with_an_ellipsis():
    said = bounded(f"--reroll {'x' * 10_000!r}: not a part of the packet")
    assert said == f"--reroll '{'x' * (WIDEST_VALUE - 3)}…': not a part of the packet"
    assert bounded("--reroll 'room:3.2': fine") == "--reroll 'room:3.2': fine"       # short values stay whole


def test_a_long_number_or_word_is_cut_with_an_ellipsis():
    """What input puts in a message unquoted: a number to WIDEST_VALUE digits, any other run of
    text without a space to WIDEST_WORD characters; short ones stay whole."""
    assert bounded(f"rows.2.count: {'9' * 5_000} is not a whole number 1–1000") == \
        f"rows.2.count: {'9' * (WIDEST_VALUE - 1)}… is not a whole number 1–1000"
    assert bounded(f"{'-' * 3}{'9' * 100}") == f"--{'-9' + '9' * (WIDEST_VALUE - 3)}…"
    assert bounded(f"wounds: -{'9' * 4_000} is below 0") == f"wounds: -{'9' * (WIDEST_VALUE - 2)}… is below 0"
    assert bounded(f"see {'w' * 1_000_000} here") == f"see {'w' * (WIDEST_WORD - 1)}… here"
    assert bounded("rows.2.count: 1234 is not a whole number 1–1000, see https://example.org/a/b") == \
        "rows.2.count: 1234 is not a whole number 1–1000, see https://example.org/a/b"


def test_a_key_and_a_file_name_are_cut_where_they_are_long():
    """A key path: each of its parts to WIDEST_VALUE characters; a file's name to WIDEST_WORD, its
    start and its end (the file's own name) kept."""
    said = str(Problem("unknown key; allowed: a, b", file="c/classes/wasp.yaml", line=9, key="attributes." + "k" * 10**6))
    assert said == f"c/classes/wasp.yaml:9: attributes.{'k' * (WIDEST_VALUE - 1)}…: unknown key; allowed: a, b"
    deep = "/".join(["folder"] * 100) + "/wasp.yaml"
    said = str(Problem("is empty", file=deep, line=1))
    assert len(said) < WIDEST_WORD + 20 and said.startswith("folder/folder/") and said.endswith("/wasp.yaml:1: is empty")
    assert "…" in said
    assert str(Problem("is empty", file="c/wasp.yaml", line=1, key="a.b")) == "c/wasp.yaml:1: a.b: is empty"


def test_a_long_message_keeps_its_start_and_its_end():
    said = str(Problem("w " * 5_000 + "allowed: a, b", file="f.yaml", line=3))
    assert len(said) <= LONGEST_MESSAGE + 3
    assert said.startswith("f.yaml:3: w w") and said.endswith("allowed: a, b") and " … " in said


@pytest.mark.parametrize("args", [
    ["packet", "--seed", "1", "--reroll", "job@" + "9" * 5000],
    ["packet", "--seed", "1", "--reroll", "level:" + "9" * 5000],
    ["packet", "--seed", "1", "--reroll", "item:I" + "9" * 5000],
    ["packet", "--seed", "9" * 100_000],
    ["packet", "--party", "a" * 100_000],
    ["rulebook", "--from", "a" * 100_000, "x.md"],
])
def test_a_huge_value_is_one_short_line(runner, args):
    result = runner.invoke(main, args + ["-o", "-"])
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.startswith(("error:", "Error:"))]
    assert len(lines) == 1 and len(lines[0]) < LONGEST_MESSAGE + 50, result.stderr[:300]
    assert "…" in lines[0] and "Traceback" not in result.output


def test_a_reroll_number_up_to_nine_digits_is_still_a_part(runner):
    from nests.generators.packet.reroll import parse_reroll

    assert parse_reroll("job@999999999").times == 999_999_999
    assert parse_reroll("room:3.2@0007").times == 7


@pytest.mark.parametrize("width", [40, 94])
def test_the_stamp_of_a_packet_with_many_rerolled_parts_fits_and_counts_the_rest(runner, width):
    parts = ["job", "level:1", "level:2", "item:I1", "item:I2", "item:I3", "item:I4", "item:I5@12"]
    args = ["packet", "--seed", "999999999", "--width", str(width), "-o", "-"]
    result = runner.invoke(main, args + [a for p in parts for a in ("--reroll", p)])
    assert result.exit_code == 0, result.output
    if width == 94:                        # on the bottom border of every page
        stamps = set(re.findall(r"►(seed [^◄]*)◄", result.stdout))
        assert len(stamps) == 1 and stamps.pop().startswith("seed 999999999+job@1+7 more · v")
    rebuild = re.sub(r"[║▓\\\n ]+", " ", result.stdout.split("Rebuild:")[1].split("Nests & Insects")[0])
    assert " ".join(f"--reroll {p if '@' in p else p + '@1'}" for p in parts) in rebuild
