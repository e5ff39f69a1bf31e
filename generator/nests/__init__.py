"""Nests & Insects press: prints the game's sheets, Nest packets and rulebook."""

__version__ = "0.1.0"
