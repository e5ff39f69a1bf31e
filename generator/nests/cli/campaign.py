"""`nests campaign`: one Nest over several evenings (nests.campaign). Each command opens the campaign in
the table's store (the SQLite file `nests serve` keeps: --data as serve takes it), makes one core call
and reports."""

from __future__ import annotations

import click

from nests.cli.common import (PAPER, SIMULATE_CONTENT, check_print_options, content_option, emit, impose_option,
                              output_directory, output_option, packet_text_options, pdf_ready, setup, templates_option)


def data_option(f):
    return click.option("--data", "data_dir", default=None, type=click.Path(file_okay=False), metavar="DIR",
                        help="The table's data folder, as `nests serve --data` (default: $XDG_DATA_HOME/nests).")(f)


def _store(data_dir):
    from pathlib import Path

    from nests.cli.serving import data_folder
    from nests.errors import NestsError
    from nests.serve.store import Store

    folder = Path(data_dir or data_folder())
    try:
        return Store(folder)
    except OSError as err:
        raise NestsError(f"--data {folder}: cannot be used: {err.strerror or err}") from None


@click.group()
def campaign() -> None:
    """A campaign: one Nest, every Level keyed, played over several evenings: new, log, packet, rest,
    story, export, import."""


@campaign.command()
@click.argument("name")
@click.option("--party", required=True, metavar="CLASS[:NAME],…", help="The party: 1 to 6 distinct classes, each with its character's name.")
@click.option("--seed", type=click.IntRange(0, 999_999_999), default=None, help="The Nest's seed (default: a random one, printed).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@data_option
@content_option
@templates_option
def new(name, party, seed, nest, data_dir, content_dirs, templates_dir) -> None:
    """Start campaign NAME: the Job, the Nest drawn whole from the seed, the party at the Entrance."""
    import os

    from nests.campaign.core import new_campaign

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") % 1_000_000_000
        click.echo(f"seed: {seed}")
    made = new_campaign(content, _store(data_dir), name, seed, party, nest)
    click.echo(f"campaign {made.name}: seed {made.seed}, {', '.join(f'{n} ({c})' for c, n in made.party)}")


@campaign.command()
@click.argument("name")
@click.argument("file", type=click.Path(dir_okay=False))
@data_option
@content_option
@templates_option
def log(name, file, data_dir, content_dirs, templates_dir) -> None:
    """Record an evening from a YAML log FILE: checked whole against where the party stands, and kept
    only if every line agrees."""
    from pathlib import Path

    from nests.campaign.core import log_evening
    from nests.content.yamlfile import read_yaml

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    store = _store(data_dir)
    doc = read_yaml(Path(file), file)
    entry = log_evening(content, store, name, doc)
    click.echo(f"campaign {name}: evening {entry['evening']} recorded ({len(entry['spent'])} Rooms spent)")


@campaign.command()
@click.argument("name")
@data_option
@content_option
@templates_option
def rest(name, data_dir, content_dirs, templates_dir) -> None:
    """Rest between evenings (rulings campaign-rest, campaign-xp): Wounds healed, Hunger gained, each
    ticked XP tickbox rolled for. The GQ may skip it."""
    from nests.campaign.core import rest as rest_now

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    entry = rest_now(content, _store(data_dir), name)
    for who, change in entry["party"].items():
        click.echo(f"{who}: {'; '.join(change['said'])}")


@campaign.command()
@click.argument("name")
@click.option("--reroll", "rerolls", multiple=True, metavar="PART",
              help="Draw a part not yet played anew and keep it in the campaign: room:5.2, level:6, item:I7 (@N another).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "json", "svg"]), multiple=True,
              help="txt, pdf, json, svg (repeatable; default txt, pdf, json).")
@impose_option
@click.option("--handout", is_flag=True, help="Also write the players' handout.")
@packet_text_options
@output_option
@data_option
@content_option
@templates_option
def packet(name, rerolls, paper, formats, impose, handout, width, ascii_only, output, data_dir, content_dirs,
           templates_dir) -> None:
    """Write the next evening's packet, from where the party stands.

    DIR/campaign-NAME-evening-N.txt, .pdf, .json, the party's sheets as they are now (-sheets) and, with
    --handout, the players' (-players)."""
    from nests.campaign.core import opened, reroll
    from nests.campaign.packet import campaign_documents
    from nests.generators.sheet import Look
    from nests.render.paper import print_width

    formats = formats or (("txt",) if output == "-" else ("txt", "pdf", "json"))
    check_print_options(formats, impose)
    output_directory(output)
    with pdf_ready(formats, output, 3 if handout else 2):
        content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
        store = _store(data_dir)
        for part in rerolls:
            click.echo(f"campaign {name}: re-rolled {reroll(content, store, name, part)}", err=output == "-")
        campaign, nest, stand = opened(content, store, name)
        documents = campaign_documents(content, campaign, stand, nest, handout, formats,
                                       Look(width or Look.width, ascii_only), print_width(paper, impose))
        emit(documents, formats, paper, output, impose)


@campaign.command()
@click.argument("name")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf"]), multiple=True, help="txt, pdf (default both).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@packet_text_options
@output_option
@data_option
@content_option
@templates_option
def story(name, formats, paper, width, ascii_only, output, data_dir, content_dirs, templates_dir) -> None:
    """Write the campaign's story so far, and the map with the party's path.

    Each evening (Levels, Rooms, finds, deaths) and each rest: DIR/campaign-NAME-story.txt, .pdf."""
    from nests.campaign.core import opened
    from nests.campaign.story import story_documents
    from nests.generators.sheet import Look

    formats = formats or (("txt",) if output == "-" else ("txt", "pdf"))
    check_print_options(formats)
    output_directory(output)
    with pdf_ready(formats, output, 1):
        content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
        campaign, nest, stand = opened(content, _store(data_dir), name)
        emit(story_documents(content, campaign, stand, nest, Look(width or Look.width, ascii_only)), formats,
             paper, output)


@campaign.command(name="export")
@click.argument("name")
@click.option("-o", "--output", default="-", show_default=True, help="The JSON file to write, or - for standard output.")
@data_option
@content_option
@templates_option
def export(name, output, data_dir, content_dirs, templates_dir) -> None:
    """Write the whole campaign as JSON (its schema: nests campaign export --schema)."""
    from nests.campaign.core import opened
    from nests.campaign.exchange import exported

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    campaign, _, _ = opened(content, _store(data_dir), name)
    text = exported(campaign)
    if output == "-":
        click.echo(text, nl=False)
    else:
        from pathlib import Path

        from nests.publish.files import commit, stage

        commit([stage(Path(output), text.encode("utf-8"))])
        click.echo(f"wrote {output}")


@campaign.command(name="import")
@click.argument("file", type=click.Path(dir_okay=False))
@data_option
@content_option
@templates_option
def import_(file, data_dir, content_dirs, templates_dir) -> None:
    """Add a campaign from its exported JSON FILE: checked against the schema and replayed whole, then
    kept in one transaction (a campaign of the same name is refused)."""
    from nests.campaign.exchange import import_campaign

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    made = import_campaign(content, _store(data_dir), file)
    click.echo(f"campaign {made.name}: imported, {len(made.entries)} entries")


@campaign.command(name="schema")
def schema() -> None:
    """Print the JSON Schema of a campaign's export."""
    from nests.campaign.exchange import schema_text

    click.echo(schema_text(), nl=False)


COMMANDS = (campaign,)
