"""The one kind of error a user ever sees.

Every stage raises ``NestsError`` for bad input. The CLI lets Click print it:
one line per problem, exit status 2, no traceback.
"""

from __future__ import annotations

from typing import NamedTuple

import click


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
        return f"{where}{key}{self.message}"


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
