"""A book's credits for its title page: author, editor, date, version, subtitle, copyright.

Each reader gathers what its markup states (LaTeX's ``\\author``, a Markdown front
matter, conf.py, a DocBook ``<bookinfo>``, an rST docinfo…) and hands it to
``credited``; nothing is made up. Every value is plain words, its control
characters dropped and its length bounded (a credit is a line on a title page, not
a chapter), so the template only escapes it.
"""

from __future__ import annotations

import dataclasses
import html
import re

from nests.book import model as m

FIELDS = ("author", "editor", "date", "version", "subtitle", "copyright")
LONGEST_CREDIT = 300        # characters in one credit; past it, cut at a word and "…" added
MOST_CREDITS = 100          # names read from one list (of authors…): more could never fit in a credit


def credit(value) -> str:
    """A credit as one line of plain words: a list joined with commas, runs of white
    space as one space, control characters dropped, at most ``LONGEST_CREDIT`` characters."""
    if isinstance(value, (list, tuple)):
        value = ", ".join(c for c in (credit(v) for v in value[:MOST_CREDITS]) if c)
    if value is None or isinstance(value, (dict, bool)):
        return ""
    text = "".join(ch for ch in str(value) if ch.isprintable() or ch.isspace())
    text = " ".join(text.split())
    if len(text) > LONGEST_CREDIT:
        text = text[:LONGEST_CREDIT].rsplit(" ", 1)[0].rstrip(",;:") + "…"
    return text


def markup_free(text: str) -> str:
    """Words written as HTML (mkdocs' ``copyright`` is printed as HTML in a site's footer):
    its tags dropped and its entities (``&copy;``) as the characters they name."""
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def names(said: list[str]) -> str:
    """Names listed one by one, as one credit: "A, B"; where the source writes its own
    joining word at a name's end ("Ann Rhodes, and" over "Bo Rhodes") it is kept, unrepeated."""
    out = ""
    for name in (credit(n) for n in said[:MOST_CREDITS]):
        if name:
            joined = not out or re.search(r"(?i)(,|&|\band|\bund|\bet|\by)$", out)
            out += (" " if joined and out else "" if not out else ", ") + name
    return out


def copyright_line(said: str) -> str:
    """A copyright as a title page prints it: the source's words, after a "©" where they
    do not start with one ("2024, Ann" in a Sphinx conf.py; "Copyright © 2024 Ann" as is)."""
    said = credit(said)
    return said if not said or re.match(r"(?i)(©|\(c\)|copyright)", said) else f"© {said}"


def credited(book: m.Book, credits: dict, over: bool = True) -> m.Book:
    """The book with these credits (only those the source states: an empty one changes
    nothing); ``over`` False fills only the credits the book does not have yet."""
    said = {k: credit(v) for k, v in credits.items() if k in FIELDS}
    said = {k: v for k, v in said.items() if v and (over or not getattr(book, k))}
    return dataclasses.replace(book, **said) if said else book


def credits_of(book: m.Book) -> dict[str, str]:
    return {k: getattr(book, k) for k in FIELDS if getattr(book, k)}
