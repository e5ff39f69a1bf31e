"""What every generator returns and the publish step writes: a document.

Generators build documents and write nothing; ``nests.publish.publish`` turns
each document into the formats asked for and writes them all, or none.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Page:
    """One framed plaintext page and its PDF outline entries."""

    text: str                                                       # the page's lines, each ending "\n"
    bookmarks: list[tuple[int, str]] = field(default_factory=list)  # (level from 1, label)


@dataclass
class File:
    """A format that is not pages (JSON, SVG, Markdown): its file name and text."""

    name: str
    text: str


@dataclass
class Document:
    """One output: its pages (for txt and pdf) and any other formats it offers.

    ``stem`` names the txt and pdf files (``wasp`` → wasp.txt, wasp.pdf);
    ``files`` maps another format's name to its ready-made file.
    """

    stem: str
    title: str
    pages: list[Page] = field(default_factory=list)
    files: dict[str, File] = field(default_factory=dict)

    def formats(self) -> list[str]:
        return (["txt", "pdf"] if self.pages else []) + list(self.files)
