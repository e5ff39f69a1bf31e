"""Formulas over a sheet's fields: checked when a definition loads, computed on a filled sheet.

A formula is a small arithmetic expression in a sheet definition
(``mod(stats.con) + mod(stats.cha) + level``). It is parsed with Python's
``ast`` only to find the names it uses, and computed by ``simpleeval``, which
allows arithmetic, comparisons and the functions below and nothing else: no
attribute of a Python object, no import, no call we did not list. Every number
it makes stays within ``LARGEST`` (a power is refused before it is computed):
past it, the formula has no value, as when a value it reads is missing.
"""

from __future__ import annotations

import ast
import math
from functools import lru_cache
from typing import Any

# The functions a formula may call: what rulebooks round, average and compare with.
FUNCTIONS = {
    "ceil": lambda x: math.ceil(x),
    "floor": lambda x: math.floor(x),
    "round": lambda x: round(x),
    "max": max,
    "min": min,
    "abs": abs,
    "sum": lambda *xs: sum(xs),
    "mean_up": lambda *xs: -(-sum(xs) // len(xs)),     # the mean rounded up, in whole numbers
    "mod": lambda score: (score - 10) // 2,            # the d20 family's ability modifier
}


# Far past any figure a sheet prints (a field holds six digits at most): a formula's arithmetic stays
# within it, so that no formula makes a number too long to print or too slow to compute.
LARGEST = 10 ** 15


class FormulaError(ValueError):
    """A formula that cannot be read: its message says why."""


def names(formula: str) -> list[str]:
    """The dotted field keys a formula reads, in order of appearance.

    Raises FormulaError for text that is not an expression or calls a
    function that is not in FUNCTIONS.
    """
    return list(_names(formula))


@lru_cache(maxsize=1024)        # a sheet computes the same few formulas for every class and width
def _names(formula: str) -> tuple[str, ...]:
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError as err:
        raise FormulaError(f"{formula!r} is not a formula: {err.msg}") from None
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Call):
            if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
                raise FormulaError(f"{formula!r} calls {ast.unparse(node.func)!r}; "
                                   f"allowed functions: {', '.join(FUNCTIONS)}")
            for arg in node.args:
                visit(arg)
            return
        if isinstance(node, (ast.Attribute, ast.Name)):
            dotted = _dotted(node)
            if dotted is None:
                raise FormulaError(f"{formula!r}: {ast.unparse(node)!r} is not a field key")
            if dotted not in found:
                found.append(dotted)
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree.body)
    return tuple(found)


def _dotted(node: ast.AST) -> str | None:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def nested(values: dict[str, Any]) -> dict:
    """Flat dotted keys (``stats.con``) as nested mappings, the shape formulas read."""
    out: dict = {}
    for key, value in values.items():
        node = out
        *parents, last = key.split(".")
        for part in parents:
            child = node.get(part)
            if not isinstance(child, dict):
                child = node[part] = {}
            node = child
        if not isinstance(node.get(last), dict):
            node[last] = value
    return out


def compute(formula: str, values: dict[str, Any]) -> Any:
    """The formula's value over ``values`` (flat dotted keys); None when a value it
    reads is missing or blank, so the sheet shows the formula instead."""
    used = _names(formula)
    for name in used:
        if values.get(name) is None:
            return None
    # Only the values under the roots the formula reads are nested: a sheet holds
    # a hundred values and computes dozens of formulas.
    roots = {name.split(".", 1)[0] for name in used}
    evaluator = _evaluator()
    evaluator.names = nested({k: v for k, v in values.items() if k.split(".", 1)[0] in roots})
    from simpleeval import InvalidExpression

    try:
        return _within(evaluator.eval(formula, _parsed(formula)))
    except (ArithmeticError, TypeError, ValueError, InvalidExpression):
        return None


def _within(number):
    """``number``, or OverflowError past LARGEST (a float past it is no figure either)."""
    if isinstance(number, (int, float)) and not isinstance(number, bool) and abs(number) > LARGEST:
        raise OverflowError(f"past {LARGEST:,}")
    return number


def _power(base, exponent):
    """``base ** exponent``, refused before it is computed when it would pass LARGEST."""
    if isinstance(exponent, (int, float)) and exponent > 0 and abs(base) > 1 and \
            exponent * math.log10(abs(base)) > math.log10(LARGEST) + 1:
        raise OverflowError(f"past {LARGEST:,}")
    return _within(base ** exponent)


@lru_cache(maxsize=1)
def _evaluator():
    import operator

    from simpleeval import DEFAULT_OPERATORS, SimpleEval

    def within(op):
        return lambda *args: _within(op(*args))

    # every operation that makes a larger number checked; a power before it is computed
    operators = {**DEFAULT_OPERATORS, **{node: within(op) for node, op in DEFAULT_OPERATORS.items()
                                          if node in (ast.Add, ast.Sub, ast.Mult, ast.LShift)},
                 ast.Pow: _power, ast.Mod: within(operator.mod)}
    return SimpleEval(operators=operators, functions={name: within(f) for name, f in FUNCTIONS.items()})


@lru_cache(maxsize=1024)
def _parsed(formula: str):
    return _evaluator().parse(formula)
