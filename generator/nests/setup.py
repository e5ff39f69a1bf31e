"""A command's set-up, below the command line: the content loaded and checked for what
the command uses, and rendering pointed at the user's templates. The CLI (nests.cli.common)
and `nests serve`'s server and workers (nests.serve) take it from here, so that nothing
outside the command line imports nests.cli."""

from __future__ import annotations

# What each kind of command reads of the content, and so checks before it starts
# (see nests.content.loader.KINDS); the packet and the build check everything.
SHEET_CONTENT = ("classes", "sheets")
RULES_CONTENT = ("tables",)
ENEMY_CONTENT = ("tables", "sheets")        # a stat block is laid out by the sheet's definition
SIMULATE_CONTENT = ("classes", "sheets", "tables", "packet", "simulate")   # a class is checked against the sheets


def setup(content_dirs=(), templates_dir=None, uses: tuple[str, ...] = ()):
    """Load the content, check the kinds the command ``uses`` (all when none is
    named) and point rendering at the user's templates."""
    import gc

    from nests.checks import checked
    from nests.content import load_content
    from nests.render import use_templates

    use_templates(templates_dir)
    content = checked(load_content(content_dirs), *uses)
    if not gc.isenabled():          # started by nests.entry, which says why
        gc.freeze()
        gc.enable()
    return content
