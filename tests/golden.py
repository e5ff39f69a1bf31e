"""Regenerate the golden outputs: `make golden`. Review `git diff tests/golden` before committing."""

from pathlib import Path

from nests.content import load_content
from nests.publish.txt import join_pages
from nests.generators.sheet import build_sheets

GOLDEN = Path(__file__).parent / "golden"
SHEETS = ["ants", "beetle", "ladybug", "scorpion", "spider", "wasp", "template"]


def main() -> None:
    content = load_content()
    for sheet in build_sheets(content, SHEETS):
        path = GOLDEN / "sheets" / f"{sheet.class_id}.txt"
        path.write_text(join_pages([sheet.text]), encoding="utf-8")
        print(f"wrote {path}")
    # Each area regenerates its own golden files.
    from tests.packet import golden as packet
    from tests.rules import golden as stat_blocks
    from tests.rulebook import golden as rulebook

    stat_blocks.main()
    packet.main()
    rulebook.main()


if __name__ == "__main__":
    main()
