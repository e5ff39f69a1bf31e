"""Character sheets a book asks for (``\\charsheet[wasp]``, a call for a game's
standard sheets, ``--sheet ID``), from the sheet generator: a Nests & Insects
class id or a sheet definition's id (content/sheets/<id>.yaml)."""

from __future__ import annotations

from nests.content import Content


class Sheets:
    def __init__(self, content: Content):
        self.content = content
        self.drawn: dict = {}         # sheet id → its DrawnSheet

    def _ids(self) -> list[str]:
        from nests.content.sheets import definitions

        return [*self.content.class_ids(playable_only=False), *definitions(self.content)]

    def knows(self, sheet_id: str) -> bool:
        return sheet_id in self._ids()

    def known(self) -> str:
        return "known sheets: " + ", ".join(sorted(set(self._ids())))

    def _drawn(self, sheet_id: str):
        """The sheet drawn once; counting its pages and numbering them only page it."""
        if sheet_id not in self.drawn:
            from nests.generators.sheet import drawn, resolve, sheet_context

            self.drawn[sheet_id] = drawn(sheet_context(*resolve(self.content, sheet_id)))
        return self.drawn[sheet_id]

    def count(self, sheet_id: str) -> int:
        """How many pages the sheet takes."""
        return len(self._drawn(sheet_id).pages())

    def page(self, sheet_id: str, part: int, number: int) -> str:
        """Page ``part`` (from 0) of the sheet, carrying the book's page number ``number``."""
        return self._drawn(sheet_id).pages(number)[part]
