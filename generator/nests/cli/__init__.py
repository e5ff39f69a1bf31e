"""The command line. Each command parses its options, calls one core function
and reports what it wrote. Heavy imports (WeasyPrint above all) happen inside
the command that needs them, so ``nests --help`` stays fast.

The commands are in the modules beside this one, a group each (sheets, rules,
packets, books), and what they share in ``common``; here they are put together."""

from __future__ import annotations

import click

from nests import __version__
from nests.cli import books, campaign, packets, rules, serving, sheets
from nests.errors import Failure, NestsError, bounded


class _Commands(click.Group):
    """The command group. A path the system refuses to look at (a name longer than
    the file system allows, a loop of links) can meet any probe of a file the user
    named; it is bad input like any other: one line naming the path, exit 2. A write
    the system refuses (standard output full or closed) is one line, exit 1. (Ctrl-C
    is nests.entry's.) Click's own complaints about an option quote its value:
    bounded as ours are."""

    def make_context(self, *args, **kwargs):
        try:
            return super().make_context(*args, **kwargs)
        except click.UsageError as err:
            err.message = bounded(err.message)
            raise

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except click.UsageError as err:
            err.message = bounded(err.message)
            raise
        except OSError as err:
            if err.filename is None:
                # (standard output full or closed; a file past the size limit: see nests.publish)
                raise Failure(f"cannot write: {err.strerror or err}") from None
            raise NestsError(f"{err.filename}: {err.strerror or err}") from None


@click.group(name="nests", cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nests")
def main() -> None:
    """Print Nests & Insects: character sheets, Nest packets and the rulebook."""


for _group in (sheets, rules, packets, books, serving, campaign):
    for _command in _group.COMMANDS:
        main.add_command(_command)
