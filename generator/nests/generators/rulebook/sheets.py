"""Character sheets a book asks for (``\\charsheet[wasp]``, a call for a game's
standard sheets, ``--sheet ID``), from the sheet generator: a Nests & Insects
class id or a sheet definition's id (content/sheets/<id>.yaml)."""

from __future__ import annotations

from nests.ahead import Ahead
from nests.content import Content


def _draw(content: Content, sheet_ids: list[str]) -> dict:
    """Each sheet by id, drawn (its DrawnSheet)."""
    from nests.generators.sheet.drawn import drawn
    from nests.generators.sheet import resolve, sheet_context

    return {sheet_id: drawn(sheet_context(*resolve(content, sheet_id))) for sheet_id in sheet_ids}


class Sheets:
    def __init__(self, content: Content):
        self.content = content
        self.drawn: dict = {}         # sheet id → its DrawnSheet
        self.ahead: Ahead | None = None
        self.guessed: dict[str, int] = {}      # sheet id → the pages counted on before it was drawn

    def draw_ahead(self, sheet_ids) -> None:
        """Start drawing the sheets a book asks for on the other core, while the book
        is laid out (nests.ahead). Meanwhile the layout counts each as one page (a
        sheet's usual length); ``settle`` says whether it must be laid out again."""
        wanted = [s for s in dict.fromkeys(sheet_ids) if s not in self.drawn and self.knows(s)]
        if wanted:
            self.ahead = Ahead(_draw, self.content, wanted)
            self.guessed = {s: 1 for s in wanted}

    def settle(self) -> bool:
        """Take the sheets drawn ahead; True when one takes other than the pages the
        layout counted on (the book is then laid out again, with the true count)."""
        if self.ahead is not None:
            self.drawn.update(self.ahead.result())
            self.ahead = None
        wrong = any(len(self.drawn[s].pages()) != pages for s, pages in self.guessed.items())
        self.guessed = {}
        return wrong

    def _ids(self) -> list[str]:

        return [*self.content.class_ids(playable_only=False), *self.content.sheets]

    def knows(self, sheet_id: str) -> bool:
        return sheet_id in self._ids()

    def known(self) -> str:
        return "known sheets: " + ", ".join(sorted(set(self._ids())))

    def _drawn(self, sheet_id: str):
        """The sheet drawn once; counting its pages and numbering them only page it."""
        if self.ahead is not None:
            self.drawn.update(self.ahead.result())
            self.ahead = None
        if sheet_id not in self.drawn:
            self.drawn.update(_draw(self.content, [sheet_id]))
        return self.drawn[sheet_id]

    def count(self, sheet_id: str) -> int:
        """How many pages the sheet takes (while it is drawn ahead, the count guessed)."""
        if sheet_id in self.guessed:
            return self.guessed[sheet_id]
        return len(self._drawn(sheet_id).pages())

    def page(self, sheet_id: str, part: int, number: int) -> str:
        """Page ``part`` (from 0) of the sheet, carrying the book's page number ``number``."""
        return self._drawn(sheet_id).pages(number)[part]
