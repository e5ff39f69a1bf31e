"""Every heading of a source, found by the simplest pattern its markup allows:
a ``#`` line or an underline, ``\\section``, a ``…title`` element. What the
tests expect is derived from the source's own lines, not from the reader under test."""

from __future__ import annotations

import html
import re
from pathlib import Path


def words(text: str) -> str:
    """The words of a title, whatever its markup or glyphs: for comparing titles."""
    return " ".join(re.findall(r"[A-Za-z0-9]+", text))


def source_headings(path: Path, lines: list[str]) -> list[str]:
    name = path.name
    if name.endswith(".md"):
        return _markdown(lines)
    if name.endswith(".rst"):
        return [words(title) for title, under in zip(lines, lines[1:])
                if title.strip() and re.fullmatch(r"([=\-~^\"'`#*+])\1+", under.strip())
                and len(under.strip()) >= len(title.strip())]
    if name.endswith(".tex"):
        return [words(_latex_title(h.group(1))) for h in
                (re.match(r"^\s*\\(?:part|chapter|(?:sub)*section|(?:sub)?paragraph)\*?\{(.*)\}", line)
                 for line in lines) if h]
    if name.endswith(".raw.txt"):
        return [words(h.group(1)) for h in
                (re.match(r"^\\(?:chapter|section|subsection|subsubsection)\{(.*)\}\s*$", line) for line in lines) if h]
    return _xml(lines)


def _markdown(lines: list[str]) -> list[str]:
    found, fenced = [], False
    for k, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        atx = re.match(r"^#{1,6}\s+(.*?)(?:\s+#+)?\s*$", line)
        under = lines[k + 1].strip() if k + 1 < len(lines) else ""
        if atx:
            found.append(atx.group(1))
        elif (line.strip() and re.fullmatch(r"=+|-+", under) and not re.match(r"\s*([-*+|>]|\d+\.)\s", line)
              and not (k and lines[k - 1].strip())):
            found.append(line)                     # a setext heading (a paragraph's last line is one too)
        found += re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", line)
    return [words(html.unescape(re.sub(r"<[^>]*>|`", "", title))) for title in found]


def _latex_title(title: str) -> str:
    title = re.sub(r"\}?\s*\\label\{.*$", "", title)        # the greedy match ran on into a \label
    return re.sub(r"\\[A-Za-z]+|[{}]", " ", title)


def _xml(lines: list[str]) -> list[str]:
    # title elements, except those inside a Jinja loop or condition
    kept, depth = [], 0
    for line in lines:
        depth += len(re.findall(r"\{%-?\s*(?:for|if)\b", line)) - len(re.findall(r"\{%-?\s*end(?:for|if)\b", line))
        if depth == 0:
            kept.append(line)
    text = re.sub(r"<!--.*?-->", "", "\n".join(kept), flags=re.S)
    titles = [t for _, t in re.findall(
        r"<(title|(?:chapter|section|subsection|subsubsection|paragraph)title)>(.*?)</\1>", text, re.S)]
    return [words(html.unescape(re.sub(r"<label>.*?</label>|<[^>]*>|\\label\{[^}]*\}", "", t, flags=re.S)))
            for t in titles]
