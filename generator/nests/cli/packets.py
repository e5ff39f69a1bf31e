"""The commands that make Nest packets: packet, batch (many), simulate (how hard one is)."""

from __future__ import annotations

import click

from nests.cli.common import (PAPER, SIMULATE_CONTENT, check_print_options, content_option, emit, impose_option,
                              output_directory, output_option, packet_text_options, pdf_ready, setup, templates_option)
from nests.errors import NestsError


def party_of(content, party: str | None) -> list[str]:
    """--party's classes, or content/packet.yaml's default party."""
    return [p.strip() for p in party.split(",")] if party is not None else content.packet.settings["default_party"]

@click.command()
@click.option("--seed", type=click.IntRange(0, 999_999_999), default=None, help="Seed for a repeatable packet (default: a random one, printed).")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--depth", type=click.Choice(["oneshot", "full"]), default="oneshot", show_default=True,
              help="oneshot: the chain down to the depth --difficulty asks for, then the Heart; full: every Level keyed.")
@click.option("--difficulty", type=click.Choice(["easy", "standard", "hard"]), default=None,
              help="How often the party completes the Job: easy ≥50% of sessions, standard 30–50%, hard 10–30% "
                   "(default: standard); a one-shot's depth is chosen to land there.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "json", "svg"]), multiple=True,
              help="txt, pdf, json, svg (the map alone) (repeatable; default txt, pdf, json).")
@impose_option
@click.option("--handout", is_flag=True, help="Also write packet-<seed>-players (txt, pdf): the Job as told, exploring, the Pool, a blank map "
                                             "(the party's sheets are packet-<seed>-sheets, always written).")
@packet_text_options
@click.option("--reroll", "rerolls", multiple=True, metavar="PART",
              help="Draw one part anew, all else as the seed rolled it: room:3.2, level:4 (its Rooms), item:I7 "
                   "(its Function), job; @N picks another re-roll (room:3.2@2). Repeatable. "
                   "Files: packet-<seed>+room-3.2@1.*")
@click.option("--schema", is_flag=True, help="Print the JSON Schema of the packet's JSON and stop.")
@output_option
@content_option
@templates_option
def packet(seed, party, nest, depth, difficulty, paper, formats, impose, handout, width, ascii_only, rerolls, schema, output,
           content_dirs, templates_dir) -> None:
    """Write a pre-rolled Nest packet: DIR/packet-<seed>.txt, .pdf and .json for the GQ, and the party's
    character sheets for the players, DIR/packet-<seed>-sheets.txt and .pdf (--impose a5: the packet's PDF
    as a booklet, the sheets' with each member's on one side of a sheet)."""
    import os

    if schema:
        from nests.publish.json import packet_schema

        click.echo(packet_schema(), nl=False)
        return
    formats = formats or (("txt",) if output == "-" else ("txt", "pdf", "json"))
    check_print_options(formats, impose)
    if rerolls:
        from nests.generators.packet.reroll import parse_reroll

        rerolls = tuple(parse_reroll(r) for r in rerolls)
        if seed is None:
            raise NestsError("--reroll changes one part of a packet you have: give its --seed")
    output_directory(output)
    with pdf_ready(formats, output, 3 if handout else 2):      # from the start: its import overlaps all of ours
        from nests.packet import packet_documents
        from nests.generators.sheet import Look
        from nests.render.paper import print_width

        content = setup(content_dirs, templates_dir)
        chosen = seed is None
        if chosen:
            seed = int.from_bytes(os.urandom(4), "big") % 1_000_000_000
        from nests.generators.packet.difficulty import NoNestLands

        party_ids = party_of(content, party)
        try:
            documents = packet_documents(content, seed, party_ids, nest, handout, depth=depth, formats=formats,
                                         look=Look(width or Look.width, ascii_only), rerolls=rerolls,
                                         print_width=print_width(paper, impose), difficulty=difficulty)
        except NoNestLands:
            if chosen:      # the seed refused is the one to name when asking why
                click.echo(f"seed: {seed}", err=output == "-")
            raise
        if chosen:          # only once the packet exists, so a bad party prints nothing but its error
            click.echo(f"seed: {seed}", err=output == "-")
        emit(documents, formats, paper, output, impose)


@click.command()
@click.option("--count", type=click.IntRange(1, 1_000_000), required=True, help="How many packets: seeds S, S+1, …")
@click.option("--seed", type=click.IntRange(0, 999_999_999), default=None, help="The first seed (default: a random one, printed).")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--depth", type=click.Choice(["oneshot", "full"]), default="oneshot", show_default=True,
              help="As for nests packet.")
@click.option("--difficulty", type=click.Choice(["easy", "standard", "hard"]), default=None,
              help="As for nests packet.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDFs.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "json", "svg"]), multiple=True,
              help="txt, pdf, json, svg (repeatable; default txt, pdf, json, as nests packet).")
@impose_option
@click.option("--stats-only", is_flag=True, help="Write only the CSV and stats.json, not the packets.")
@click.option("-o", "--output", default="build/batch", show_default=True, help="Directory to write into.")
@content_option
@templates_option
def batch(count, seed, party, nest, depth, difficulty, paper, formats, impose, stats_only, output, content_dirs, templates_dir) -> None:
    """Write N packets (DIR/packet-<seed>.* as nests packet writes them), a CSV with one row per
    packet (DIR/batch-<S>-<N>.csv) and every table's results against their odds (DIR/stats.json)."""
    import os
    import sys
    import time

    from nests.batch import Batch, run_batch

    formats = formats or ("txt", "pdf", "json")
    check_print_options(formats, impose)
    if output == "-":
        raise NestsError("a batch writes files; give -o DIR")
    output_directory(output)
    content = setup(content_dirs, templates_dir)
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big") % 1_000_000_000
        click.echo(f"seed: {seed}", err=True)
    party_ids = party_of(content, party)
    job = Batch(content, tuple(party_ids), nest, depth, difficulty, tuple(formats), paper, impose, output, stats_only)
    started = time.perf_counter()
    if sys.stderr.isatty():
        with click.progressbar(length=count, label="packets", file=sys.stderr) as bar:
            written, refused = run_batch(job, seed, count, lambda done, total: bar.update(1))
    else:
        step = max(1, count // 10)
        written, refused = run_batch(job, seed, count, lambda done, total: done % step and done != total
                                     or click.echo(f"batch: {done}/{total} packets", err=True))
    took = time.perf_counter() - started
    if not stats_only:
        click.echo(f"wrote {count - len(refused)} packets, seeds {seed} to {seed + count - 1}, in {output}")
    if refused:         # as `nests packet` refuses them: no Nest of the seed lands the difficulty's band
        shown = ", ".join(map(str, refused[:10])) + (", …" if len(refused) > 10 else "")
        seeds = "seed" if len(refused) == 1 else "seeds"
        click.echo(f"batch: {len(refused)} {seeds} refused, no Nest lands the difficulty (landed 0 in the CSV): "
                   f"{shown}", err=True)
    for path in written:
        click.echo(f"wrote {path}")
    click.echo(f"{count} packets in {took:.1f} s ({count / took:.1f} a second)", err=True)


@click.command()
@click.option("--seed", type=click.IntRange(0, 999_999_999), required=True, help="The packet's seed.")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--depth", type=click.Choice(["oneshot", "full"]), default="oneshot", show_default=True,
              help="The packet's depth: which Levels have Rooms of their own.")
@click.option("--difficulty", type=click.Choice(["easy", "standard", "hard"]), default=None,
              help="How often the party completes the Job: easy ≥50% of sessions, standard 30–50%, hard 10–30% "
                   "(default: standard); a one-shot's depth is chosen to land there.")
@click.option("--runs", type=int, default=None, help="How many sessions to play (default: content/simulate.yaml).")
@click.option("--format", "fmt", type=click.Choice(["txt", "json"]), default="txt", show_default=True,
              help="The report as text or as JSON.")
@content_option
@templates_option
def simulate(seed, party, nest, depth, difficulty, runs, fmt, content_dirs, templates_dir) -> None:
    """Estimate how hard the packet of --seed is: the party plays it many times, one session each, and the
    report gives the Levels reached, the chances of the Heart, of the Job and of each member going down,
    the Rooms that hurt most, and the rulings it played by."""
    from nests.generators.estimate import estimate_report

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    party_ids = party_of(content, party)
    click.echo(estimate_report(content, seed, party_ids, nest, depth, runs, fmt, difficulty), nl=False)


COMMANDS = (packet, batch, simulate)
