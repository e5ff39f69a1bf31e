"""Rendering stage: the Jinja environment and the fixed-width field filters."""

from nests.render.environment import render

__all__ = ["render"]
