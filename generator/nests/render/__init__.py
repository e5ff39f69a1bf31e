"""Rendering stage: the Jinja environment and the fixed-width field filters."""

from nests.render.environment import render, use_templates

__all__ = ["render", "use_templates"]
