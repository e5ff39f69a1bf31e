"""`--templates DIR`: a user's template at the same relative path as a built-in one
replaces it; a broken or missing one is one line naming it."""

from pathlib import Path

import pytest

from nests.cli import main

TEMPLATES = Path(__file__).parents[2] / "templates"
COMMANDS = {
    "sheet": ["sheet", "wasp"],
    "enemy": ["enemy", "worker-termite"],
    "packet": ["packet", "--seed", "3", "--format", "txt"],
    "build": ["build"],
    "rulebook": ["rulebook", str(Path(__file__).parents[1] / "rulebook" / "fixtures" / "small-book.raw.txt")],
}


def user_copy(tmp_path: Path, rel: str, old: str, new: str) -> Path:
    """The built-in template ``rel`` copied under a user's directory with one edit."""
    text = (TEMPLATES / rel).read_text(encoding="utf-8")
    assert old in text, old
    target = tmp_path / "my-templates" / rel
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path / "my-templates"


def test_a_user_template_overrides_the_enemy_heading(runner, tmp_path):
    directory = user_copy(tmp_path, "enemy_body.txt.j2", '{"text": e.name | upper}', '{"text": "Beware the " ~ e.name}')
    plain = runner.invoke(main, ["enemy", "worker-termite", "-o", "-"])
    restyled = runner.invoke(main, ["enemy", "worker-termite", "-o", "-", "--templates", str(directory)])
    assert plain.exit_code == restyled.exit_code == 0
    assert "..... WORKER TERMITE ....." in plain.output and "Beware" not in plain.output
    assert "..... Beware the Worker Termite ....." in restyled.output
    assert "WORKER TERMITE" not in restyled.output
    # Only that line changed: the frame is the same width everywhere.
    changed = [(a, b) for a, b in zip(plain.output.splitlines(), restyled.output.splitlines()) if a != b]
    assert len(changed) == 1 and len(changed[0][0]) == len(changed[0][1])


def test_one_macro_writes_the_attack_lines_of_sheets_and_enemies(runner, tmp_path):
    directory = user_copy(tmp_path, "macros/attack.txt.j2", 'pair("Damage:"', 'pair("Harm:"')
    for command in (["sheet", "wasp"], ["enemy", "nasute-soldier"]):
        plain = runner.invoke(main, command + ["-o", "-"])
        restyled = runner.invoke(main, command + ["-o", "-", "--templates", str(directory)])
        assert plain.output.count("│ Damage:..") == 2 and "Harm:" not in plain.output
        assert restyled.output.count("│ Harm:....") == 2 and "Damage:" not in restyled.output


def test_the_page_frame_follows_the_grid(runner):
    lines = runner.invoke(main, ["enemy", "king", "-o", "-"]).output.splitlines()
    assert len(lines) == 50
    assert {len(line) for line in lines} == {94}


@pytest.mark.parametrize("family", sorted(COMMANDS))
def test_a_template_that_does_not_compile_is_one_line(runner, tmp_path, family):
    directory = tmp_path / "my-templates"
    directory.mkdir()
    # page.txt.j2 frames every plaintext page of every command
    (directory / "page.txt.j2").write_text("{# a user's frame #}\n\n{% if %}\n", encoding="utf-8")
    out = tmp_path / "out"
    result = runner.invoke(main, COMMANDS[family] + ["--templates", str(directory), "-o", str(out)])
    assert (result.exit_code, result.output) == (
        2, f"error: {directory}/page.txt.j2:3: template does not compile: Expected an expression, got 'end of statement block'\n")
    assert not out.exists()


@pytest.mark.parametrize("family", sorted(COMMANDS))
def test_templates_path_that_does_not_exist_or_is_a_file(runner, tmp_path, family):
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    out = tmp_path / "out"
    missing = runner.invoke(main, COMMANDS[family] + ["--templates", str(tmp_path / "nowhere"), "-o", str(out)])
    assert (missing.exit_code, missing.output) == (2, f"error: {tmp_path}/nowhere: no such templates directory\n")
    a_file = runner.invoke(main, COMMANDS[family] + ["--templates", str(tmp_path / "a-file"), "-o", str(out)])
    assert (a_file.exit_code, a_file.output) == (
        2, f"error: {tmp_path}/a-file: is not a directory; --templates takes a directory\n")
    assert not out.exists()


def test_the_user_directory_is_forgotten_by_the_next_command(runner, tmp_path):
    directory = user_copy(tmp_path, "enemy_body.txt.j2", '{"text": e.name | upper}', '{"text": "Beware"}')
    runner.invoke(main, ["enemy", "king", "-o", "-", "--templates", str(directory)])
    plain = runner.invoke(main, ["enemy", "king", "-o", "-"]).output
    assert " KING " in plain and "Beware" not in plain
