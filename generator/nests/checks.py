"""Content checked against the rules that read it, before a command generates anything.

``Content.check`` validates each kind of content on its own (content/); a table row's
``resolve`` is a mapping there. Which procedures exist and which arguments each takes
is the rules' to say (``nests.rules.procedures``), so that cross-check sits here, above
both stages: content never imports the rules.
"""

from __future__ import annotations

from nests.errors import NestsError, Problem


def checked(content, *kinds: str):
    """``content`` once every kind a command uses (all when none is named) is valid, and every
    ``resolve`` of the tables names a procedure with the arguments it takes; else one
    NestsError listing every problem, each at its file, line and key."""
    problems: list[Problem] = []
    try:
        content.check(*kinds)
    except NestsError as err:
        problems += err.problems
    if not kinds or "tables" in kinds:
        problems += resolve_problems(content)
    if problems:
        raise NestsError(list(dict.fromkeys(problems)))
    return content


def resolve_problems(content) -> list[Problem]:
    """Each table row's ``resolve``, checked by the procedure it names."""
    from nests.rules.procedures import ResolveSpec

    spec, problems = ResolveSpec(), []
    for rel in content.files("tables"):
        try:
            doc = content.document(rel)
        except NestsError:          # a file that does not read is reported by Content.check
            continue
        rows = doc.data.get("rows") if isinstance(doc.data, dict) else None
        for i, row in enumerate(rows if isinstance(rows, list) else []):
            if isinstance(row, dict) and isinstance(row.get("resolve"), dict):
                spec.check(row["resolve"], ("rows", i, "resolve"),
                           lambda path, message, doc=doc: problems.append(doc.problem(path, message)))
    return problems
