"""The built-in kinds of sheet field, one class each (see nests.content.sheets.field),
registered in this order: the order a definition's error lists them in."""

from nests.content.sheets.kinds import values, marks, text, lines, lists, track, attack  # noqa: F401  (they register)
