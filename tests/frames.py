"""Checks every test applies to a plaintext page: the page grid, the frame, closed boxes."""

import re

from wcwidth import wcswidth, wcwidth

PAGE_LINES = 50
PAGE_WIDTH = 94          # 93 columns of frame plus the shadow column

DOWN = set("┌┐├┤│┬┼╔╗╠╣║╦╬")     # characters with a line leaving downwards
UP = set("└┘├┤│┴┼╚╝╠╣║╩╬")       # characters with a line leaving upwards


def pages_of(text: str) -> list[list[str]]:
    lines = text.split("\n")
    assert lines[-1] == "", "the document ends with a newline"
    lines = lines[:-1]
    assert len(lines) % PAGE_LINES == 0, f"{len(lines)} lines is not a whole number of pages"
    return [lines[i:i + PAGE_LINES] for i in range(0, len(lines), PAGE_LINES)]


def check_page(page: list[str]) -> None:
    assert len(page) == PAGE_LINES
    for n, line in enumerate(page, 1):
        assert wcswidth(line) == PAGE_WIDTH, f"line {n} is {wcswidth(line)} columns: {line!r}"
    assert page[0].startswith("╔►Nests & Insects◄") and page[0].endswith("╗ ")
    for n, line in enumerate(page[1:-2], 2):
        assert line[0] in "║╠" and line[-2:] in ("║▓", "╣▓"), f"line {n} leaves the frame: {line!r}"
    assert page[-2].startswith("╚") and page[-2].endswith("╝▓")
    assert page[-1] == " " + "▀" * 93
    check_boxes(page)


def by_column(line: str) -> str:
    """``line`` with a stand-in after each wide character: index = display column."""
    return "".join(ch + "\uE000" * (wcwidth(ch) - 1) for ch in line if wcwidth(ch) != 0)


def check_boxes(page: list[str]) -> None:
    """Every vertical box line continues above and below: no gaps, no misaligned walls."""
    page = [by_column(line) for line in page]
    for r, line in enumerate(page):
        for c, ch in enumerate(line):
            if ch in DOWN and r + 1 < len(page):
                below = page[r + 1][c] if c < len(page[r + 1]) else " "
                assert below in UP, f"line {r + 1} column {c + 1}: {ch!r} has {below!r} below it"
            if ch in UP and r > 0:
                above = page[r - 1][c] if c < len(page[r - 1]) else " "
                assert above in DOWN, f"line {r + 1} column {c + 1}: {ch!r} has {above!r} above it"


WORD = re.compile(r"[A-Za-z0-9%]+")


def words(text: str) -> set[str]:
    """Every word and figure of a page, frames, fills and ticks aside."""
    return set(WORD.findall(re.sub(r"[._]{2,}", " ", text)))


def check_width(text: str, width: int, screen: bool = False) -> None:
    """Whole pages, every line exactly ``width`` display columns, frames and boxes closed. ``screen``: a
    screen's narrow packet page, which ends where its lines end (at most a printed page's lines)."""
    lines = text.split("\n")[:-1]
    if not screen:
        assert len(lines) % PAGE_LINES == 0
    for n, line in enumerate(lines, 1):
        assert wcswidth(line) == width, f"line {n} is {wcswidth(line)} columns: {line!r}"
    pages, start = [], 0
    for n, line in enumerate(lines):
        if (n - start == PAGE_LINES - 1) if not screen else re.fullmatch(r" ([▀#])\1*", line):
            pages.append(lines[start:n + 1])
            start = n + 1
    assert start == len(lines), "the text ends with a whole page"
    for page in pages:
        assert len(page) <= PAGE_LINES
        assert page[0][0] in "╔+" and page[-2][0] in "╚+" and page[-1] == " " + page[-1][1] * (width - 1)
        check_boxes(page)
