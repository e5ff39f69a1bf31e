"""Character sheets a book asks for (``\\charsheet[wasp]``, ``--sheet ID``), from the sheet generator."""

from __future__ import annotations

from nests.content import Content

# Ids that name a game's standard sheet rather than a class: the blank sheet.
GAME_SHEETS = {"nests-and-insects": "template"}


class Sheets:
    def __init__(self, content: Content):
        self.content = content
        self.characters: dict = {}

    def _class_id(self, sheet_id: str) -> str:
        return GAME_SHEETS.get(sheet_id, sheet_id)

    def knows(self, sheet_id: str) -> bool:
        return self._class_id(sheet_id) in self.content.class_documents

    def known(self) -> str:
        return "known sheets: " + ", ".join(sorted([*self.content.class_ids(playable_only=False), *GAME_SHEETS]))

    def page(self, sheet_id: str, number: int) -> str:
        from nests.generators.sheet import character, sheet_text

        class_id = self._class_id(sheet_id)
        if class_id not in self.characters:
            self.characters[class_id] = character(self.content, class_id)
        return sheet_text(self.content, self.characters[class_id], number)
