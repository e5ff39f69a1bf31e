"""The one kind of error a user ever sees.

Every stage raises ``NestsError`` for bad input. The CLI lets Click print it:
one line per problem, exit status 2, no traceback.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import click

WIDEST_VALUE = 60          # characters of a value quoted in a message (the rest: an ellipsis)
LONGEST_MESSAGE = 600      # characters of a whole message, its start and its end kept
# A quoted value: its opening quote after a space, a bracket or the start (not an
# apostrophe, not the end of "…'"), its closing quote before no letter ("book's").
_QUOTED = re.compile(r"(?<![\w.…'\"])(['\"])(?=\S)((?:(?!\1)[^\n]){%d,}?)\1(?!\w)" % (WIDEST_VALUE - 1))


def bounded(message: str) -> str:
    """A message as it is shown: each quoted value cut to ``WIDEST_VALUE`` characters, and
    the whole to ``LONGEST_MESSAGE``, with an ellipsis where words are left out: a
    megabyte of bad input is said in one short line, not echoed whole."""
    message = _QUOTED.sub(lambda q: q.group(0)[:WIDEST_VALUE - 2] + "…" + q.group(1), message)
    if len(message) > LONGEST_MESSAGE:
        keep = LONGEST_MESSAGE // 2
        message = message[:keep] + " … " + message[-keep:]
    return message


class Problem(NamedTuple):
    """One thing wrong with the input, located as precisely as we can. (A NamedTuple,
    not a dataclass: every start of `nests` imports this module, and the
    dataclasses module would add a millisecond or two to `nests --help`.)"""

    message: str
    file: str | None = None
    line: int | None = None
    key: str | None = None

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file + (f":{self.line}" if self.line else "") + ": "
        key = f"{self.key}: " if self.key else ""
        return bounded(f"{where}{key}{self.message}")


class NestsError(click.ClickException):
    """Bad input: content, command-line values, a rulebook source."""

    exit_code = 2

    def __init__(self, problems: str | Problem | list[Problem]):
        if isinstance(problems, (str, Problem)):
            problems = [problems if isinstance(problems, Problem) else Problem(problems)]
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    def show(self, file=None) -> None:
        for problem in self.problems:
            click.echo(f"error: {problem}", err=True)


class Failure(NestsError):
    """The system failed the command, not its input: a full disk, a file-size limit, a
    closed or full standard output, an interrupt. One line, and a non-zero exit:
    an output cut short never ends in success."""

    exit_code = 1


class Interrupted(Failure):
    exit_code = 130                  # 128 + SIGINT, as a shell says it

    def __init__(self):
        super().__init__("interrupted; a file not yet in place is not written")
