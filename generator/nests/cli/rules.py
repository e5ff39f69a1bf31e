"""The rules engine at the table: roll, odds, and the enemies' stat blocks."""

from __future__ import annotations

import click

from nests.cli.common import (ENEMY_CONTENT, FORMATS, PAPER, RULES_CONTENT, check_print_options, content_option, emit,
                              output_directory, output_option, pdf_ready, setup, templates_option)
from nests.text import grid


@click.command()
@click.argument("die")
@click.option("--times", default=1, show_default=True, type=click.IntRange(1, 10000), help="How many rolls.")
@click.option("--seed", type=int, default=None, help="Seed for a repeatable run.")
@content_option
def roll(die, times, seed, content_dirs) -> None:
    """Roll DIE: a decile die d20 … d120 (from 0), or an ordinary one-based 1d4 … 1d20."""
    from nests.rules.commands import roll_dice

    for result in roll_dice(setup(content_dirs, uses=RULES_CONTENT), die, times, seed):
        click.echo(result)


@click.command()
@click.option("--effort", required=True, type=int, help="Effort, a rating 0–100.")
@click.option("--resistance", required=True, type=int, help="Resistance, a rating 0–100.")
@click.option("--static", "static", multiple=True, type=int, help="A static modifier, e.g. +20 or -10 (repeatable).")
@click.option("--dramatic", "dramatic", multiple=True, type=int, help="A dramatic modifier (at most two: the Rule of Two).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object of exact probabilities.")
@content_option
def odds(effort, resistance, static, dramatic, as_json, content_dirs) -> None:
    """Exact chances of the six Degrees of Success of one Action."""
    from nests.rules.commands import odds_report

    click.echo(odds_report(setup(content_dirs, uses=RULES_CONTENT), effort, resistance, static, dramatic, as_json))


@click.command()
@content_option
def enemies(content_dirs) -> None:
    """List the enemies that have stat blocks."""
    from nests.generators.enemy import enemy, enemy_ids

    content = setup(content_dirs, uses=ENEMY_CONTENT)
    for enemy_id in enemy_ids(content):
        e = enemy(content, enemy_id)
        click.echo(f"{enemy_id:<22} {e.name}{' (provisional)' if e.provisional else ''}")


@click.command(name="enemy")
@click.argument("enemy_ids", metavar="ID...", nargs=-1, required=True)
@click.option("--width", type=click.IntRange(grid.NARROWEST, 200), default=None, metavar="N",
              help="Plaintext page width in columns, shadow included (40 and up; default 94): the stat block reflows.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Plaintext in printable ASCII only: + - | frames.")
@click.option("--format", "formats", type=FORMATS, multiple=True, help="txt, pdf, or both (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@output_option
@content_option
@templates_option
def enemy_command(enemy_ids, width, ascii_only, formats, paper, output, content_dirs, templates_dir) -> None:
    """Write enemy stat blocks: DIR/<id>.txt and .pdf (ids: see `nests enemies`)."""
    from nests.generators.enemy import enemy_documents
    from nests.generators.sheet import Look

    formats, ids = formats or ("txt",), list(dict.fromkeys(enemy_ids))
    check_print_options(formats)
    output_directory(output)
    content = setup(content_dirs, templates_dir, ENEMY_CONTENT)
    look = Look(width or Look.width, ascii_only)
    with pdf_ready(formats, output, len(ids)):
        emit(enemy_documents(content, ids, look=look), formats, paper, output)


COMMANDS = (roll, odds, enemies, enemy_command)
