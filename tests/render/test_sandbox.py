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


@pytest.mark.parametrize("link", ["enemy_body.txt.j2", "macros"])
def test_a_template_through_a_link_leading_outside_the_folder_is_not_read(runner, tmp_path, link):
    """A user's templates folder is read as a book's is: a link to a file, or to a folder, that
    leads outside it is refused in one line, and nothing of what it points at is printed."""
    outside = tmp_path / "outside"
    outside.mkdir()
    for name in ("enemy_body.txt.j2", "attack.txt.j2"):
        (outside / name).write_text("OUTSIDE-TEMPLATE-5521\n", encoding="utf-8")
    directory = tmp_path / "pack"
    directory.mkdir()
    (directory / link).symlink_to(outside / link if link.endswith(".j2") else outside)
    result = runner.invoke(main, ["enemy", "worker-termite", "-o", "-", "--templates", str(directory)])
    assert result.exit_code == 2, result.output
    shown = f"{directory}/{link}" + ("" if link.endswith(".j2") else "/attack.txt.j2")
    assert result.stderr == f"error: {shown}: a link leading outside the templates folder {directory}; not read\n"
    assert "OUTSIDE-TEMPLATE" not in result.stdout


def test_a_link_inside_the_folder_is_read(runner, tmp_path):
    from pathlib import Path

    built_in = (Path(__file__).parents[2] / "templates" / "enemy_body.txt.j2").read_text(encoding="utf-8")
    directory = tmp_path / "pack"
    (directory / "real").mkdir(parents=True)
    (directory / "real" / "body.txt.j2").write_text(built_in.replace('{"text": e.name | upper}', '{"text": "INSIDE-LINK"}'),
                                                   encoding="utf-8")
    (directory / "enemy_body.txt.j2").symlink_to(directory / "real" / "body.txt.j2")
    result = runner.invoke(main, ["enemy", "worker-termite", "-o", "-", "--templates", str(directory)])
    assert result.exit_code == 0, result.output
    assert "INSIDE-LINK" in result.stdout


@pytest.mark.parametrize("text,said", [
    ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n",
     ":1: template still rendering after 1 s of CPU time (a loop that does not end?); not written"),
    ("\n{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}\n",
     ":2: template calls itself without end (a macro, include or import that reaches itself again); not written"),
    ("{{ 'x' * 10**10 }}\n", ":1: template reaches for what no template may use: * would make more than "
                             "10,000,000 items or digits"),
    ("{{ [1] * 10**10 }}\n", ":1: template reaches for what no template may use: * would make more than "
                             "10,000,000 items or digits"),
    ("{{ 9 ** 99999999999 }}\n", ":1: template reaches for what no template may use: ** would make more than "
                                 "10,000,000 items or digits"),
])
def test_a_template_that_would_not_end_is_one_error_at_its_line(runner, tmp_path, monkeypatch, text, said):
    """Bounded work for a user's templates: a loop without end stops after RENDER_SECONDS of CPU
    time (1 s here), a macro calling itself at Python's recursion limit, a huge * or ** before it runs."""
    from nests.render import environment as env

    monkeypatch.setattr(env, "RENDER_SECONDS", 1)
    directory = pack(tmp_path, text)
    result = runner.invoke(main, ["enemy", "worker-termite", "-o", "-", "--templates", str(directory)])
    assert result.exit_code == 2, result.output
    assert result.stderr == f"error: {directory}/enemy_body.txt.j2{said}\n"
    assert "'x' * 3" not in text and "x" * 100 not in result.stdout
