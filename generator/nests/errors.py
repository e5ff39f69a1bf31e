"""The one kind of error a user ever sees.

Every stage raises ``NestsError`` for bad input. The CLI lets Click print it:
one line per problem, exit status 2, no traceback.
"""

from __future__ import annotations

import re
from typing import NamedTuple

import click

WIDEST_VALUE = 60          # characters of a value quoted in a message (the rest: an ellipsis)
WIDEST_WORD = 160          # characters of any other unbroken run of text (a path, an address)
LONGEST_MESSAGE = 600      # characters of a whole message, its start and its end kept
# A quoted value: its opening quote after a space, a bracket or the start (not an
# apostrophe, not the end of "…'"), its closing quote before no letter ("book's").
_QUOTED = re.compile(r"(?<![\w.…'\"])(['\"])(?=\S)((?:(?!\1)[^\n]){%d,}?)\1(?!\w)" % (WIDEST_VALUE - 1))
# What input puts in a message unquoted: a number (a count, a face) past WIDEST_VALUE digits,
# or a run of text without a space past WIDEST_WORD characters (a path, a word, an address).
_LONG_RUN = re.compile(r"[-+−]?\d{%d,}|[^\s…]{%d,}" % (WIDEST_VALUE + 1, WIDEST_WORD + 1))


def _cut(run: re.Match) -> str:
    """A long run as a message shows it: a number's first digits; a path's start and its end
    (the file's own name, and the line after it) about an ellipsis; any other run's start."""
    text = run.group(0)
    if text.lstrip("-+−")[:1].isdigit():
        return text[:WIDEST_VALUE - 1] + "…"
    if "/" in text:
        keep = WIDEST_WORD // 2 - 1
        return text[:keep] + "…" + text[-keep:]
    return text[:WIDEST_WORD - 1] + "…"


def bounded(message: str) -> str:
    """A message as it is shown: each quoted value cut to ``WIDEST_VALUE`` characters, a number
    to as many digits, any other run of text without a space (a path, a word) to ``WIDEST_WORD``,
    and the whole to ``LONGEST_MESSAGE``, with an ellipsis where text is left out: a megabyte of
    bad input is said in one short line, not echoed whole. Every message the user sees passes
    here (a ``Problem``, a book's warning, Click's complaint about an option)."""
    message = _QUOTED.sub(lambda q: q.group(0)[:WIDEST_VALUE - 2] + "…" + q.group(1), message)
    message = _LONG_RUN.sub(_cut, message)
    if len(message) > LONGEST_MESSAGE:
        keep = LONGEST_MESSAGE // 2
        message = message[:keep] + " … " + message[-keep:]
    return message


def shown_key(key: str) -> str:
    """A key path as a message names it: each part of it up to ``WIDEST_VALUE`` characters."""
    return ".".join(part if len(part) <= WIDEST_VALUE else part[:WIDEST_VALUE - 1] + "…" for part in key.split("."))


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
        key = f"{shown_key(self.key)}: " if self.key else ""
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
    closed or full standard output. One line, and a non-zero exit:
    an output cut short never ends in success."""

    exit_code = 1
