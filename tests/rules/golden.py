"""Regenerate the golden enemy stat blocks: `python -m tests.rules.golden` (review the diff)."""

from __future__ import annotations

from pathlib import Path

from nests.content import load_content
from nests.generators.enemy import enemy_ids, enemy_text

GOLDEN = Path(__file__).parent / "golden"


def main() -> None:
    content = load_content()
    GOLDEN.mkdir(exist_ok=True)
    for eid in enemy_ids(content):
        (GOLDEN / f"{eid}.txt").write_text(enemy_text(content, eid), encoding="utf-8")
        print(f"wrote {GOLDEN / eid}.txt")


if __name__ == "__main__":
    main()
