"""The commands, with their exact output."""

import subprocess
import sys
from pathlib import Path

import pytest

from nests import __version__
from nests.cli import main

GOLDEN = Path(__file__).parent / "golden" / "sheets"


def test_version(runner):
    result = runner.invoke(main, ["--version"])
    assert result.output == f"nests, version {__version__}\n"


def test_classes(runner):
    result = runner.invoke(main, ["classes"])
    assert result.exit_code == 0
    assert result.output == ("ants       Ants\nbeetle     Beetle\nladybug    Ladybug\nscorpion   Scorpion\n"
                             "spider     Spider\nwasp       Wasp\n")


def test_sheet_to_stdout_is_the_plaintext(runner):
    result = runner.invoke(main, ["sheet", "wasp", "spider", "-o", "-"])
    assert result.exit_code == 0
    expected = "".join((GOLDEN / f"{c}.txt").read_text(encoding="utf-8") for c in ("wasp", "spider"))
    assert result.output == expected


def test_sheet_all_writes_every_class_and_the_template(runner, tmp_path):
    result = runner.invoke(main, ["sheet", "--all", "-o", str(tmp_path)])
    assert result.exit_code == 0
    names = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]
    assert result.output == "".join(f"wrote {tmp_path}/{n}.txt\n" for n in names)
    for n in names:
        assert (tmp_path / f"{n}.txt").read_text(encoding="utf-8") == (GOLDEN / f"{n}.txt").read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{n}.txt" for n in names), "no temporary files left"


def test_sheet_needs_a_class(runner):
    result = runner.invoke(main, ["sheet"])
    assert result.exit_code == 2
    assert result.output == ("error: name at least one class, or give --all or --system ID; "
                             "see `nests classes` and `nests sheets`\n")


def test_unknown_format_is_a_usage_error(runner):
    result = runner.invoke(main, ["sheet", "wasp", "--format", "doc"])
    assert result.exit_code == 2
    assert "Invalid value for '--format': 'doc' is not one of 'txt', 'pdf', 'md'." in result.output


def every_command(group=main, path=()):
    """Each command's words, groups and their subcommands included."""
    yield list(path)
    for name, command in sorted(getattr(group, "commands", {}).items()):
        yield from every_command(command, path + (name,))


def test_every_command_has_help(runner):
    commands = list(every_command())
    assert {c[0] for c in commands if c} >= {"build", "classes", "enemies", "enemy", "odds", "packet", "roll",
                                            "rulebook", "serve", "sheet"}
    for command in commands:
        target = main
        for word in command:
            target = target.commands[word]
        for flag in ("--help", "-h"):
            result = runner.invoke(main, command + [flag])
            assert result.exit_code == 0, (command, result.output)
            assert result.output.startswith(f"Usage: nests {' '.join(command)}".rstrip() + " ")
            assert "Options:" in result.output and "--help" in result.output
            assert target.help.split("\n")[0] in " ".join(result.output.split()), command


@pytest.fixture(scope="module")
def imported_after_help_and_a_sheet():
    """One real process runs every command's --help, then a text sheet, and prints what it imported
    of the PDF libraries, and of the packet's content and code (two lines). Help and sheet in one
    process: whatever either imports is in the lists."""
    code = ("import sys\nfrom click.testing import CliRunner\nfrom nests.cli import main\n"
            "from tests.test_cli import every_command\n"
            "for c in every_command():\n"
            "    assert CliRunner().invoke(main, c + ['--help']).exit_code == 0\n"
            "assert CliRunner().invoke(main, ['sheet', 'wasp', '-o', '-']).exit_code == 0\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('weasyprint', 'pydyf', 'tinycss2', 'cssselect2', 'pypdf',\n"
            "                                                   'pypdfium2', 'PIL')))\n"
            "print(sorted(m for m in sys.modules if m.startswith(('nests.content.tables', 'nests.content.packet', "
            "'nests.rules.procedures', 'nests.generators.packet', 'weasyprint'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).parents[1])
    return out.stdout.split("\n")


def test_help_does_not_import_weasyprint_or_pypdf(imported_after_help_and_a_sheet):
    # every command's --help, then a text sheet, in one real process
    assert imported_after_help_and_a_sheet[0] == "[]"


def test_nests_help_in_a_real_process():
    """`nests --help` starts as fast as Click allows: it imports none of the libraries that
    the commands use (WeasyPrint, Jinja, YAML, pypdf; nor, issue 31, the server's Starlette,
    uvicorn and segno; nor, issue 30, PDFium and Pillow, which draw PDF figures), and the
    content stage not at all."""
    code = ("import sys, runpy\nsys.argv = ['nests', '--help']\ntry:\n    runpy.run_module('nests', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'weasyprint', 'jinja2', 'yaml', 'pypdf', 'starlette', 'uvicorn', 'segno', 'anyio', 'pypdfium2', 'PIL'}),"
            " 'nests.content' in sys.modules, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.startswith("Usage: nests [OPTIONS] COMMAND [ARGS]...")
    assert out.stderr == "[] False\n"


def test_python_dash_m_works():
    out = subprocess.run([sys.executable, "-m", "nests", "classes"], capture_output=True, text=True, check=True)
    assert out.stdout.startswith("ants       Ants\n")


def test_a_plain_sheet_imports_nothing_of_the_packet(imported_after_help_and_a_sheet):
    """A text sheet reads the classes, the catalogue and the sheet definitions, and
    neither checks nor imports the packet's tables and procedures."""
    assert imported_after_help_and_a_sheet[1:] == ["[]", ""]
