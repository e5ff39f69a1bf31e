"""The command line. Each command parses its options, calls one core function
and reports what it wrote. Heavy imports (WeasyPrint above all) happen inside
the command that needs them, so ``nests --help`` stays fast."""

from __future__ import annotations

import click

from nests import __version__
from nests.errors import NestsError

FORMATS = click.Choice(["txt", "pdf"])
PAPER = click.Choice(["a4", "letter"])


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


def setup(content_dirs=(), templates_dir=None):
    """Load the content (checked in full) and point rendering at the user's templates."""
    from nests.content import load_content
    from nests.render import use_templates

    use_templates(templates_dir)
    return load_content(content_dirs).check()


def emit(documents, formats, paper: str, output: str) -> None:
    """Publish documents (to files, or text to standard output) and say what was written."""
    import sys

    from nests.publish import publish

    progress = None
    if output != "-" and sys.stderr.isatty():
        def progress(name):
            click.echo(f"  made {name}", err=True)
    for path in publish(documents, formats, paper, output, progress=progress):
        click.echo(f"wrote {path}")


@click.group(name="nests", context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nests")
def main() -> None:
    """Print Nests & Insects: character sheets, Nest packets and the rulebook."""


@main.command()
@content_option
def classes(content_dirs) -> None:
    """List the character classes a player can pick."""
    content = setup(content_dirs)
    for class_id in content.class_ids():
        click.echo(f"{class_id:<10} {content.class_documents[class_id].data['name']}")


@main.command()
@click.argument("class_ids", metavar="CLASS...", nargs=-1)
@click.option("--all", "all_classes", is_flag=True, help="Every class and the blank template.")
@click.option("--format", "formats", type=FORMATS, multiple=True, help="txt, pdf, or both (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@output_option
@content_option
@templates_option
def sheet(class_ids, all_classes, formats, paper, output, content_dirs, templates_dir) -> None:
    """Write character sheets: DIR/<class>.txt and .pdf (`template` is the blank sheet)."""
    from nests.generators.sheet import sheet_documents

    content = setup(content_dirs, templates_dir)
    if all_classes:
        class_ids = tuple(content.class_ids()) + ("template",) + class_ids
    if not class_ids:
        raise NestsError("name at least one class, or give --all; see `nests classes`")
    emit(sheet_documents(content, list(dict.fromkeys(class_ids))), formats or ("txt",), paper, output)


@main.command()
@output_option
@content_option
@templates_option
def build(output, content_dirs, templates_dir) -> None:
    """Build every default output into DIR (default: build/): all checked first, then written."""
    from nests.build import FORMATS, build_documents

    if output == "-":
        raise NestsError("nests build writes many files; give -o DIR")
    emit(build_documents(setup(content_dirs, templates_dir)), FORMATS, "a4", output)


@main.command()
@click.argument("die")
@click.option("--times", default=1, show_default=True, type=click.IntRange(1, 10000), help="How many rolls.")
@click.option("--seed", type=int, default=None, help="Seed for a repeatable run.")
@content_option
def roll(die, times, seed, content_dirs) -> None:
    """Roll DIE: a decile die d20 … d120 (from 0), or an ordinary one-based 1d4 … 1d20."""
    from nests.rules.commands import roll_dice

    for result in roll_dice(setup(content_dirs), die, times, seed):
        click.echo(result)


@main.command()
@click.option("--effort", required=True, type=int, help="Effort, a rating 0–100.")
@click.option("--resistance", required=True, type=int, help="Resistance, a rating 0–100.")
@click.option("--static", "static", multiple=True, type=int, help="A static modifier, e.g. +20 or -10 (repeatable).")
@click.option("--dramatic", "dramatic", multiple=True, type=int, help="A dramatic modifier (at most two: the Rule of Two).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object of exact probabilities.")
@content_option
def odds(effort, resistance, static, dramatic, as_json, content_dirs) -> None:
    """Exact chances of the six Degrees of Success of one Action."""
    from nests.rules.commands import odds_report

    click.echo(odds_report(setup(content_dirs), effort, resistance, static, dramatic, as_json))


@main.command()
@content_option
def enemies(content_dirs) -> None:
    """List the enemies that have stat blocks."""
    from nests.generators.enemy import enemy, enemy_ids

    content = setup(content_dirs)
    for enemy_id in enemy_ids(content):
        e = enemy(content, enemy_id)
        click.echo(f"{enemy_id:<22} {e.name}{' (provisional)' if e.provisional else ''}")


@main.command(name="enemy")
@click.argument("enemy_ids", metavar="ID...", nargs=-1, required=True)
@click.option("--format", "formats", type=FORMATS, multiple=True, help="txt, pdf, or both (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@output_option
@content_option
@templates_option
def enemy_command(enemy_ids, formats, paper, output, content_dirs, templates_dir) -> None:
    """Write enemy stat blocks: DIR/<id>.txt and .pdf (ids: see `nests enemies`)."""
    from nests.generators.enemy import enemy_documents

    content = setup(content_dirs, templates_dir)
    emit(enemy_documents(content, list(dict.fromkeys(enemy_ids))), formats or ("txt",), paper, output)


@main.command()
@click.option("--seed", type=click.IntRange(0, 999_999_999), default=None, help="Seed for a repeatable packet (default: a random one, printed).")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "json"]), multiple=True,
              help="txt, pdf, json (repeatable; default all three).")
@click.option("--handout", is_flag=True, help="Also write packet-<seed>-players in the formats asked for: the Job as told, and the sheets.")
@output_option
@content_option
@templates_option
def packet(seed, party, nest, paper, formats, handout, output, content_dirs, templates_dir) -> None:
    """Write a pre-rolled Nest packet: DIR/packet-<seed>.txt, .pdf and .json."""
    import os

    from nests.generators.packet.tables import packet_tables
    from nests.generators.packet.write import packet_documents

    content = setup(content_dirs, templates_dir)
    chosen = seed is None
    if chosen:
        seed = int.from_bytes(os.urandom(4), "big") % 1_000_000_000
    party_ids = [p.strip() for p in party.split(",")] if party is not None else packet_tables(content).settings["default_party"]
    documents = packet_documents(content, seed, party_ids, nest, handout)
    if chosen:          # only once the packet exists, so a bad party prints nothing but its error
        click.echo(f"seed: {seed}", err=output == "-")
    default = ("txt",) if output == "-" else ("txt", "pdf", "json")
    emit(documents, formats or default, paper, output)


@main.command()
@click.argument("source", type=click.Path())
@click.option("--format", "formats", type=FORMATS, multiple=True, help="txt, pdf, or both (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@output_option
@content_option
@templates_option
def rulebook(source, formats, paper, output, content_dirs, templates_dir) -> None:
    """Typeset the rulebook SOURCE: DIR/<source name>.txt and .pdf, with contents and class sheets."""
    from nests.generators.rulebook import rulebook_document

    content = setup(content_dirs, templates_dir)
    document, warnings = rulebook_document(source, content)
    for line, message in warnings:
        click.echo(f"warning: {source}:{line}: {message}", err=True)
    emit([document], formats or ("txt",), paper, output)
