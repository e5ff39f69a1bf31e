"""Character sheets: a class's content → its starting character → a framed page."""

from __future__ import annotations

from dataclasses import dataclass

from nests.content import Content
from nests.document import Document, Page
from nests.errors import NestsError
from nests.model import Character, CharacterClass
from nests.render import render
from nests.rules.character import create_character


@dataclass(frozen=True)
class Sheet:
    class_id: str
    character: Character
    text: str          # the plaintext page, 50 lines


def character(content: Content, class_id: str) -> Character:
    docs = content.class_documents
    if class_id not in docs:
        known = ", ".join(content.class_ids(playable_only=False))
        raise NestsError(f"unknown class {class_id!r}; known classes: {known}")
    cls = CharacterClass.from_content(class_id, docs[class_id].data)
    return create_character(cls, content.catalogue)


def sheet_text(content: Content, char: Character, number: int | None = None) -> str:
    return render("sheet.txt.j2", character=char, dispositions=content.catalogue["dispositions"], number=number)


def build_sheets(content: Content, class_ids: list[str]) -> list[Sheet]:
    """One sheet per class id, in the order given."""
    sheets = []
    for class_id in class_ids:
        char = character(content, class_id)
        sheets.append(Sheet(class_id, char, sheet_text(content, char)))
    return sheets


def sheet_documents(content: Content, class_ids: list[str], folder: str = "") -> list[Document]:
    """One document per class id: ``<folder><class>``.txt and .pdf."""
    return [
        Document(f"{folder}{s.class_id}", f"{s.character.character_class.name} character sheet", [Page(s.text)])
        for s in build_sheets(content, class_ids)
    ]
