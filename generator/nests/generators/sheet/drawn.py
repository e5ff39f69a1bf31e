"""A sheet drawn but not yet paged (see nests.generators.sheet.pages): kept apart
from what draws a sheet so that what pages a drawn sheet (a book numbering its
pages) does not import it."""

from __future__ import annotations

from dataclasses import dataclass

from nests.content.sheets.definition import SheetDefinition
from nests.render import render
from nests.text import grid
from nests.text.transliterate import page_to_ascii


@dataclass(frozen=True)
class DrawnSheet:
    """A sheet drawn but not yet paged: its blocks of lines (the heading, then each
    row of boxes), so that a book that numbers the sheet's pages only once it knows
    how many there are draws the sheet once."""

    definition: SheetDefinition
    blocks: list[list[str]]
    interior: int
    ascii: bool

    def pages(self, number: int | None = None) -> list[str]:
        """The pages as plaintext, each 50 lines, each carrying ``number`` (None:
        numbered 1, 2… when there are several)."""
        text = render("sheet.txt.j2", sheet=self.definition, blocks=self.blocks, interior=self.interior,
                      number=number)
        if self.ascii:
            text = page_to_ascii(text)
        lines = text.split("\n")[:-1]
        size = grid.PAGE_LINES
        return ["\n".join(lines[i:i + size]) + "\n" for i in range(0, len(lines), size)]


def drawn(context: dict, ascii: bool = False) -> DrawnSheet:
    """The sheet of ``context`` (see nests.generators.sheet.pages.sheet_context) drawn, its
    pages to be in printable ASCII if ``ascii``: sheet_blocks.txt.j2 puts a blank
    line after each block, and no line of a block is blank (each is framed)."""
    text = render("sheet_blocks.txt.j2", **context)
    blocks = [block.split("\n") for block in text.split("\n\n") if block]
    return DrawnSheet(context["sheet"], blocks, context["interior"], ascii)
