"""What every command shares: the options they have in common, the content loaded and
checked for what a command uses, and the documents published. Heavy imports happen
inside these functions, when a command runs, so that ``nests --help`` stays fast."""

from __future__ import annotations

import click

from nests.errors import NestsError
from nests.render import paper as papers
from nests.text import grid
# the set-up and the content each kind of command checks live a floor below the command
# line (nests.setup), where `nests serve` takes them too; named here for the commands
from nests.setup import ENEMY_CONTENT, RULES_CONTENT, SHEET_CONTENT, SIMULATE_CONTENT, setup  # noqa: F401

FORMATS = click.Choice(["txt", "pdf"])
PAPER = click.Choice(list(papers.SHEETS))


def content_option(f):
    return click.option(
        "--content", "content_dirs", multiple=True, type=click.Path(),
        help="A content directory that extends and overrides the built-in one (repeatable).",
    )(f)


def output_option(f):
    return click.option(
        "-o", "--output", default="build", show_default=True,
        help="Directory to write into, or - to print the plaintext to standard output.",
    )(f)


def templates_option(f):
    return click.option(
        "--templates", "templates_dir", default=None, type=click.Path(),
        help="A directory of templates that override the built-in ones of the same name.",
    )(f)


def packet_text_options(f):
    """--width and --ascii of a packet's plaintext (nests packet, and a campaign's packet and story)."""
    f = click.option("--ascii", "ascii_only", is_flag=True,
                     help="Plaintext in printable ASCII only: + - | frames (the PDF is unchanged).")(f)
    return click.option(
        "--width", type=click.IntRange(grid.NARROWEST, 200), default=None, metavar="N",
        help="Plaintext page width in columns, shadow included (40 and up; default 94): the txt reflows, "
             "its page references follow; the PDF, JSON and SVG keep the print layout (94 columns; with "
             "--impose a5, as many as the booklet's page holds at its smallest type).")(f)


def impose_option(f):
    return click.option(
        "--impose", type=click.Choice(list(papers.BOOKLETS)), default=None,
        help="Make each PDF a saddle-stitched booklet: two A5 pages a side of landscape A4 "
             "(with --paper letter, two half-Letter pages on landscape Letter).",
    )(f)


def check_print_options(formats, impose=None) -> None:
    """--paper and --impose shape the PDF: without a PDF to make they are refused, not ignored."""
    from click.core import ParameterSource

    if "pdf" in formats:
        return
    if impose is not None:
        raise NestsError(f"--impose {impose} makes the PDF a booklet, but no PDF is asked for; add --format pdf")
    if click.get_current_context().get_parameter_source("paper") != ParameterSource.DEFAULT:
        raise NestsError("--paper sets the paper of the PDF, but no PDF is asked for; add --format pdf")


def output_directory(output: str) -> None:
    """-o DIR refused before any work when it cannot be written in (see nests.publish)."""
    from nests.publish import output_directory as check

    check(output)


def pdf_ready(formats, output: str, documents: int = 1):
    """When PDFs are asked for, their workers (one per document, at most one per
    core) fork now and import WeasyPrint while the documents are made."""
    from contextlib import nullcontext

    if "pdf" not in formats or output == "-":
        return nullcontext()
    from nests.publish.pdf import workers_ready

    return workers_ready(documents)


def emit(documents, formats, paper: str, output: str, impose: str | None = None) -> None:
    """Publish documents (to files, or text to standard output) and say what was written;
    with ``impose``, each PDF as a booklet."""
    import sys

    from nests.publish import publish

    progress = None
    if output != "-" and sys.stderr.isatty():
        def progress(name):
            click.echo(f"  made {name}", err=True)
    for path in publish(documents, formats, paper, output, progress=progress, impose=impose):
        click.echo(f"wrote {path}")
