"""Plaintext export: pages one after another, each exactly 50 lines."""

from __future__ import annotations


def join_pages(pages: list[str]) -> str:
    """One document from rendered pages; each page ends with exactly one newline."""
    return "".join(page.rstrip("\n") + "\n" for page in pages)
