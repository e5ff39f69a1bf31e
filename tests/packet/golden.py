"""Regenerate the golden packet: `make golden` (or `python -m tests.packet.golden`). Review `git diff tests/golden/packet` first."""

from pathlib import Path

from nests.content import load_content
from nests.generators.packet.generate import build_packet
from nests.generators.packet.pages import packet_pages
from nests.publish.json import packet_json
from nests.publish.txt import join_pages

GOLDEN = Path(__file__).parent.parent / "golden" / "packet"
SEED, PARTY = 15, ["wasp", "spider", "beetle"]


def outputs() -> dict[str, str]:
    content = load_content()
    packet = build_packet(content, SEED, PARTY)
    laid = packet_pages(content, packet)
    text = join_pages([p.text for p in laid.pages])
    return {f"packet-{SEED}.txt": text, f"packet-{SEED}.json": packet_json(packet, laid.numbers)}


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, text in outputs().items():
        (GOLDEN / name).write_text(text, encoding="utf-8")
        print(f"wrote {GOLDEN / name}")


if __name__ == "__main__":
    main()
