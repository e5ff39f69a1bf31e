"""The plaintext templates' filters: the measures of ``nests.text.measure`` by their
template names, Jinja's ``wordwrap`` in display columns, and the sheet's field formats."""

from __future__ import annotations

from jinja2 import pass_environment

from nests.text.measure import centre, exact, ljust, place, rjust, shorten, spread, width, wrap_lines


def rating(value) -> str:
    """A percentile field: ``[__60%]``, ``[___0%]``; empty ``[____%]``; a word ``[_NONE]``."""
    if value is None:
        return "[____%]"
    if isinstance(value, str):
        return "[" + rjust(value, 5, "_") + "]"
    return "[" + rjust(f"{value}", 4, "_") + "%]"


def wounds(maximum) -> str:
    """The Wounds/Max field: ``[__/_3]``, current Wounds left blank to be pencilled in."""
    return "[__/" + rjust(f"{maximum}", 2, "_") + "]"


@pass_environment
def wordwrap(environment, text, field: int = 79, break_long_words: bool = True, wrapstring: str | None = None,
             break_on_hyphens: bool = True) -> str:
    """Jinja's ``wordwrap``, measured in display columns (see ``wrap``). It takes the
    environment as Jinja's does, so templates compiled before call it alike."""
    wrapstring = environment.newline_sequence if wrapstring is None else wrapstring
    return wrapstring.join(wrap_lines(text, field, break_long_words, break_on_hyphens))


def once(macro, *args):
    """``macro(*args)``, made once for the same arguments and kept: a field that the
    sheet draws line by line (an Attack box) asks its macro for all its lines
    again at each line, and Jinja's macro calls cost more than the rest of a sheet.
    The arguments must be hashable (frozen model objects, numbers, strings)."""
    memo = macro.__dict__.setdefault("_made_once", {})
    if args not in memo:
        if len(memo) >= 256:            # a long run (a batch of packets) keeps a bounded few
            memo.clear()
        memo[args] = macro(*args)
    return memo[args]


FILTERS = {
    "once": once,
    "ljust": ljust,
    "rjust": rjust,
    "centre": centre,
    "spread": spread,
    "shorten": shorten,
    "place": place,
    "exact": exact,
    "rating": rating,
    "wounds": wounds,
    "wordwrap": wordwrap,
    "columns": width,           # a text's display width, where a template needs it (not ``length``)
}
