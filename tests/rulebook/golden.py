"""The Nests rulebook's golden: `python -m tests.rulebook.golden` (part of `make golden`).

The typeset book is the game author's text, which this repository does not
hold; so the golden keeps a digest of each page instead of the pages. A
changed byte shows as the page that changed; the test prints that page.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden" / "nests-and-insects-1.0.0.txt.sha256"
SOURCE = Path(__file__).resolve().parents[2] / ".." / "shared" / "rulebook" / "nests-and-insects-1.0.0.raw.txt"


def book_pages() -> list[str]:
    """Today's typeset Nests rulebook, one string per page, as `nests rulebook` writes it."""
    from nests.content import load_content
    from nests.generators.rulebook import rulebook_document

    document = rulebook_document(str(SOURCE.resolve()), load_content())[0]
    return [p.text.rstrip("\n") + "\n" for p in document.pages]


def digests(pages: list[str]) -> str:
    whole = hashlib.sha256("".join(pages).encode("utf-8")).hexdigest()
    lines = [f"book {whole} {len(pages)} pages"]
    lines += [f"page {n} {hashlib.sha256(p.encode('utf-8')).hexdigest()}" for n, p in enumerate(pages, 1)]
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(digests(book_pages()), encoding="utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    main()
