"""Rendering stage: the Jinja environment and the fixed-width field filters.

``render`` and ``use_templates`` are looked up on first use (PEP 562): the grid
numbers are needed by stages that never render (the CLI's option checks, the
sheet definitions), and importing Jinja for them would cost every start of
``nests`` some 50 ms."""


def __getattr__(name):
    if name in ("render", "use_templates"):
        from nests.render import environment

        return getattr(environment, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["render", "use_templates"]
