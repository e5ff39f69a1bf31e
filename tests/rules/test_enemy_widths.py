"""Stat blocks for devices (issue #14 point 1): reflowed to N columns by the sheet's layout,
and in ASCII; every word and figure of the full-width block kept, every box closed."""

import pytest

from nests.cli import main
from nests.generators.enemy import enemy_ids, enemy_text
from nests.generators.sheet import Look
from nests.text.transliterate import transliterate
from tests.frames import check_width, words


@pytest.fixture(scope="module")
def full(content):
    return {eid: enemy_text(content, eid) for eid in enemy_ids(content)}


@pytest.mark.parametrize("width", [40, 48, 64])
def test_every_stat_block_reflows_to_n_columns_keeping_every_word(content, full, width):
    for eid, text in full.items():
        narrow = enemy_text(content, eid, look=Look(width))
        check_width(narrow, width)
        assert words(text) <= words(narrow), eid
        assert narrow.count("Disposition Track") == text.count("Disposition Track"), eid


@pytest.mark.parametrize("width", [40, 94])
def test_ascii_stat_blocks_are_printable_ascii_on_the_same_grid(content, full, width):
    for eid, text in full.items():
        shown = enemy_text(content, eid, look=Look(width, ascii=True))
        assert all(32 <= ord(ch) < 127 for ch in shown.replace("\n", "")), eid
        check_width(shown, width)
        assert words(transliterate(text)) <= words(shown), eid


def test_the_cli_takes_width_and_ascii(runner):
    result = runner.invoke(main, ["enemy", "worker-termite", "--width", "48", "--ascii", "-o", "-"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("+>Nests & Insects<") and {len(line) for line in lines} == {48}
    assert runner.invoke(main, ["enemy", "worker-termite", "--width", "39", "-o", "-"]).exit_code == 2
