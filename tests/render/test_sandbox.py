"""Templates render in Jinja's sandbox (issue 29, point 6): a template pack from
elsewhere can shape the pages but never reach Python's internals, modules or files."""

from __future__ import annotations

import pytest
from jinja2.sandbox import SandboxedEnvironment

from nests.cli import main
from nests.render import use_templates
from nests.render.environment import environment, environment_at
from nests.text.grid import Grid


def pack(tmp_path, text: str):
    directory = tmp_path / "pack"
    directory.mkdir()
    (directory / "enemy_body.txt.j2").write_text(text, encoding="utf-8")
    return directory


@pytest.mark.parametrize("reach,refused", [
    ('{{ "".__class__.__mro__ }}', "access to attribute '__class__' of 'str' object is unsafe."),
    ("{{ cycler.__init__.__globals__.os.popen('id').read() }}",
     "access to attribute '__init__' of 'type' object is unsafe."),
    ("{{ '{0.__class__}'.format(1) }}", "access to attribute '__class__' of 'int' object is unsafe."),
    ("{{ enemy.__dict__ }}", "access to attribute '__dict__' of 'StatBlock' object is unsafe."),
])
def test_a_user_template_cannot_reach_past_what_it_is_given(runner, tmp_path, reach, refused):
    directory = pack(tmp_path, reach + "\n")
    result = runner.invoke(main, ["enemy", "worker-termite", "-o", "-", "--templates", str(directory)])
    assert result.exit_code == 2
    assert result.stderr == (f"error: {directory}/enemy_body.txt.j2:1: template reaches for what no template "
                             f"may use: {refused}\n")
    assert result.stdout == ""


def test_every_environment_that_loads_a_users_template_is_the_sandbox(tmp_path):
    use_templates(str(pack(tmp_path, "{{ e.name }}\n")))
    assert isinstance(environment(), SandboxedEnvironment)
    assert isinstance(environment_at(Grid(60), True), SandboxedEnvironment)
    use_templates(None)
    assert isinstance(environment(), SandboxedEnvironment)     # one environment for ours and theirs


def test_what_a_template_may_use_still_works(runner, tmp_path):
    from pathlib import Path

    built_in = (Path(__file__).parents[2] / "templates" / "enemy_body.txt.j2").read_text(encoding="utf-8")
    assert '{"text": e.name | upper}' in built_in
    directory = pack(tmp_path, built_in.replace('{"text": e.name | upper}',
                                                '{"text": "Beware the {} ({})".format(e.name, grid.PAGE_WIDTH)}'))
    result = runner.invoke(main, ["enemy", "worker-termite", "-o", "-", "--templates", str(directory)])
    assert result.exit_code == 0, result.output
    assert "Beware the Worker Termite (94)" in result.stdout
