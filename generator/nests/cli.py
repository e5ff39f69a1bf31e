"""The command line. Each command parses its options, calls one core function
and reports what it wrote. Heavy imports (WeasyPrint above all) happen inside
the command that needs them, so ``nests --help`` stays fast."""

from __future__ import annotations

import click

from nests import __version__
from nests.errors import NestsError
from nests.render import paper as papers
from nests.text import grid

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


class _Commands(click.Group):
    """The command group. A path the system refuses to look at (a name longer than
    the file system allows, a loop of links) can meet any probe of a file the user
    named; it is bad input like any other: one line naming the path, exit 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except OSError as err:
            if err.filename is None:
                raise
            raise NestsError(f"{err.filename}: {err.strerror or err}") from None


@click.group(name="nests", cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="nests")
def main() -> None:
    """Print Nests & Insects: character sheets, Nest packets and the rulebook."""


@main.command()
@content_option
def classes(content_dirs) -> None:
    """List the character classes a player can pick."""
    content = setup(content_dirs, uses=SHEET_CONTENT)
    for class_id in content.class_ids():
        click.echo(f"{class_id:<10} {content.class_documents[class_id].data['name']}")


@main.command()
@content_option
def sheets(content_dirs) -> None:
    """List the sheet definitions (content/sheets/): id, game, and the rulebook it follows."""
    from nests.content import load_content

    for sheet_id, d in load_content(content_dirs).sheets.items():
        click.echo(f"{sheet_id:<22} {d.game} ({d.source['file']}, {d.source['section']})")


@main.command()
@click.argument("class_ids", metavar="CLASS...", nargs=-1)
@click.option("--all", "all_classes", is_flag=True, help="Every class and the blank template.")
@click.option("--system", "systems", multiple=True, metavar="ID",
              help="A blank sheet from a sheet definition (repeatable; see `nests sheets`).")
@click.option("--width", type=click.IntRange(grid.NARROWEST, 200), default=None, metavar="N",
              help="Plaintext page width in columns, shadow included (40 and up; default 94): the sheet reflows.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Plaintext in printable ASCII only: + - | frames.")
@click.option("--character", "state_file", default=None, type=click.Path(), metavar="FILE",
              help="A character's state file (from `nests character new`): its filled-in sheet.")
@click.option("--fillable", is_flag=True, help="Put a form field over every write-in value of the PDF.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "md"]), multiple=True,
              help="txt, pdf, md (Markdown for notes apps) (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@output_option
@content_option
@templates_option
def sheet(class_ids, all_classes, systems, width, ascii_only, state_file, fillable, formats, paper, output,
          content_dirs, templates_dir) -> None:
    """Write character sheets: DIR/<class>.txt and .pdf (`template` is the blank sheet);
    with --system ID, another game's blank sheet as DIR/<ID>.txt and .pdf."""
    from nests.content.sheets import definition
    from nests.generators.sheet import Look, sheet_documents

    formats = formats or ("txt",)
    check_print_options(formats)
    output_directory(output)
    content = setup(content_dirs, templates_dir, SHEET_CONTENT)
    look = Look(width or Look.width, ascii_only)
    if state_file is not None:
        from pathlib import Path

        from nests.generators.sheet import character_documents, load_character

        state = load_character(content, state_file)
        with pdf_ready(formats, output):
            documents = character_documents(content, state, Path(state_file).stem, fillable, look, "md" in formats)
            emit(documents, formats, paper, output)
        return
    if all_classes:
        class_ids = tuple(content.class_ids()) + ("template",) + class_ids
    if not class_ids and not systems:
        raise NestsError("name at least one class, or give --all or --system ID; see `nests classes` and `nests sheets`")
    for system in systems:
        definition(content, system)
    for class_id in class_ids:
        if class_id not in content.class_documents:
            known = ", ".join(content.class_ids(playable_only=False))
            raise NestsError(f"unknown class {class_id!r}; known classes: {known}")
    ids = list(dict.fromkeys(class_ids)) + list(dict.fromkeys(systems))
    with pdf_ready(formats, output, len(ids)):
        emit(sheet_documents(content, ids, fillable=fillable, look=look, markdown="md" in formats), formats, paper,
             output)


@main.group()
def character() -> None:
    """A character's state: a YAML file that is the player's record, printed and read back."""


def _write_state(state: dict, target: str) -> None:
    from pathlib import Path

    from nests.content.sheets.state import state_yaml
    from nests.document import Document, File

    path = Path(target)
    emit([Document(path.stem, path.name, files={"yaml": File(path.name, state_yaml(state))})], ("yaml",), "a4",
         str(path.parent))


@character.command(name="new")
@click.argument("class_id", metavar="CLASS")
@click.option("--name", required=True, help="The character's name.")
@click.option("-o", "--output", "target", required=True, help="The state file to write (a .yaml file), or - to print it.")
@content_option
def character_new(class_id, name, target, content_dirs) -> None:
    """Write a new character of CLASS: its starting figures, computed once from the class."""
    from nests.content.sheets.state import state_yaml
    from nests.generators.sheet import new_character

    state = new_character(setup(content_dirs, uses=SHEET_CONTENT), class_id, name)
    if target == "-":
        click.echo(state_yaml(state), nl=False)
    else:
        _write_state(state, target)


@character.command(name="read")
@click.argument("sheet_file", metavar="SHEET", type=click.Path())
@click.option("-o", "--output", "target", required=True,
              help="The state file to write: a new one, or the one the sheet was printed from (updated).")
@content_option
def character_read(sheet_file, target, content_dirs) -> None:
    """Read a plaintext sheet a person edited (any width, box drawing or ASCII) into a state file,
    printing each change."""
    from pathlib import Path

    from nests.errors import Problem
    from nests.generators.sheet import changes, load_character, read_character

    content = setup(content_dirs, uses=SHEET_CONTENT)
    from nests.content.sheets.reader import decode

    try:
        data = Path(sheet_file).read_bytes()
    except OSError as err:
        raise NestsError(Problem(f"cannot be read: {err.strerror}", file=sheet_file)) from None
    text = decode(data, sheet_file)
    old = load_character(content, target) if Path(target).exists() else None
    state = read_character(content, text, sheet_file, old)
    if old is not None:
        for change in changes(content, old, state):
            click.echo(change)
    _write_state(state, target)


@main.command()
@click.option("--books", "books_dir", default=None, type=click.Path(),
              help="Also typeset every rulebook source in this directory into DIR/books/ (txt and pdf).")
@output_option
@content_option
@templates_option
def build(books_dir, output, content_dirs, templates_dir) -> None:
    """Build every default output into DIR (default: build/): all checked first, then written."""
    from nests.build import FORMATS, book_documents, build_documents

    if output == "-":
        raise NestsError("nests build writes many files; give -o DIR")
    output_directory(output)
    content = setup(content_dirs, templates_dir)
    from nests.publish.pdf import workers_ready

    with workers_ready():            # the PDF workers get ready while the documents are made
        documents = build_documents(content)
        if books_dir is not None:
            books, warnings, notes = book_documents(books_dir, content)
            for line in notes + [str(w) for w in warnings]:
                click.echo(line, err=True)
            documents += books
        emit(documents, FORMATS, "a4", output)


@main.command()
@click.argument("die")
@click.option("--times", default=1, show_default=True, type=click.IntRange(1, 10000), help="How many rolls.")
@click.option("--seed", type=int, default=None, help="Seed for a repeatable run.")
@content_option
def roll(die, times, seed, content_dirs) -> None:
    """Roll DIE: a decile die d20 … d120 (from 0), or an ordinary one-based 1d4 … 1d20."""
    from nests.rules.commands import roll_dice

    for result in roll_dice(setup(content_dirs, uses=RULES_CONTENT), die, times, seed):
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

    click.echo(odds_report(setup(content_dirs, uses=RULES_CONTENT), effort, resistance, static, dramatic, as_json))


@main.command()
@content_option
def enemies(content_dirs) -> None:
    """List the enemies that have stat blocks."""
    from nests.generators.enemy import enemy, enemy_ids

    content = setup(content_dirs, uses=ENEMY_CONTENT)
    for enemy_id in enemy_ids(content):
        e = enemy(content, enemy_id)
        click.echo(f"{enemy_id:<22} {e.name}{' (provisional)' if e.provisional else ''}")


@main.command(name="enemy")
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


@main.command()
@click.option("--seed", type=click.IntRange(0, 999_999_999), default=None, help="Seed for a repeatable packet (default: a random one, printed).")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--depth", type=click.Choice(["oneshot", "full"]), default="oneshot", show_default=True,
              help="oneshot: Levels 1–6, spare Rooms and the Heart in at most 28 pages; full: every Level keyed.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "json", "svg"]), multiple=True,
              help="txt, pdf, json, svg (the map alone) (repeatable; default txt, pdf, json).")
@impose_option
@click.option("--handout", is_flag=True, help="Also write packet-<seed>-players (txt, pdf): the Job as told, exploring, the Pool, a blank map, the sheets.")
@click.option("--width", type=click.IntRange(40, 200), default=None, metavar="N",
              help="Plaintext page width in columns, shadow included (40 and up; default 94): the txt reflows, "
                   "its page references follow; the PDF, JSON and SVG keep the print layout.")
@click.option("--ascii", "ascii_only", is_flag=True, help="Plaintext in printable ASCII only: + - | frames (the PDF is unchanged).")
@click.option("--reroll", "rerolls", multiple=True, metavar="PART",
              help="Draw one part anew, all else as the seed rolled it: room:3.2, level:4 (its Rooms), item:I7 "
                   "(its Function), job; @N picks another re-roll (room:3.2@2). Repeatable. "
                   "Files: packet-<seed>+room-3.2@1.*")
@click.option("--schema", is_flag=True, help="Print the JSON Schema of the packet's JSON and stop.")
@output_option
@content_option
@templates_option
def packet(seed, party, nest, depth, paper, formats, impose, handout, width, ascii_only, rerolls, schema, output,
           content_dirs, templates_dir) -> None:
    """Write a pre-rolled Nest packet: DIR/packet-<seed>.txt, .pdf and .json (--impose a5: the PDFs as booklets)."""
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
    with pdf_ready(formats, output, 2 if handout else 1):      # from the start: its import overlaps all of ours
        from nests.packet import packet_documents
        from nests.generators.sheet import Look

        content = setup(content_dirs, templates_dir)
        chosen = seed is None
        if chosen:
            seed = int.from_bytes(os.urandom(4), "big") % 1_000_000_000
        party_ids = ([p.strip() for p in party.split(",")] if party is not None
                     else content.packet.settings["default_party"])
        documents = packet_documents(content, seed, party_ids, nest, handout, depth=depth, formats=formats,
                                     look=Look(width or Look.width, ascii_only), rerolls=rerolls)
        if chosen:          # only once the packet exists, so a bad party prints nothing but its error
            click.echo(f"seed: {seed}", err=output == "-")
        emit(documents, formats, paper, output, impose)


@main.command()
@click.option("--count", type=click.IntRange(1, 1_000_000), required=True, help="How many packets: seeds S, S+1, …")
@click.option("--seed", type=click.IntRange(0, 999_999_999), default=None, help="The first seed (default: a random one, printed).")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--depth", type=click.Choice(["oneshot", "full"]), default="oneshot", show_default=True,
              help="As for nests packet.")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDFs.")
@click.option("--format", "formats", type=click.Choice(["txt", "pdf", "json", "svg"]), multiple=True,
              help="txt, pdf, json, svg (repeatable; default txt, pdf, json, as nests packet).")
@impose_option
@click.option("--stats-only", is_flag=True, help="Write only the CSV and stats.json, not the packets.")
@click.option("-o", "--output", default="build/batch", show_default=True, help="Directory to write into.")
@content_option
@templates_option
def batch(count, seed, party, nest, depth, paper, formats, impose, stats_only, output, content_dirs, templates_dir) -> None:
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
    party_ids = ([p.strip() for p in party.split(",")] if party is not None
                 else content.packet.settings["default_party"])
    job = Batch(content, tuple(party_ids), nest, depth, tuple(formats), paper, impose, output, stats_only)
    started = time.perf_counter()
    if sys.stderr.isatty():
        with click.progressbar(length=count, label="packets", file=sys.stderr) as bar:
            written = run_batch(job, seed, count, lambda done, total: bar.update(1))
    else:
        step = max(1, count // 10)
        written = run_batch(job, seed, count, lambda done, total: done % step and done != total
                            or click.echo(f"batch: {done}/{total} packets", err=True))
    took = time.perf_counter() - started
    if not stats_only:
        click.echo(f"wrote {count} packets, seeds {seed} to {seed + count - 1}, in {output}")
    for path in written:
        click.echo(f"wrote {path}")
    click.echo(f"{count} packets in {took:.1f} s ({count / took:.1f} a second)", err=True)


@main.command()
@click.option("--seed", type=click.IntRange(0, 999_999_999), required=True, help="The packet's seed.")
@click.option("--party", default=None, metavar="CLASS,CLASS…", help="1 to 6 distinct classes (default: content/packet.yaml).")
@click.option("--nest", default=None, help="The Nest (a file in content/nests/; default: termite).")
@click.option("--depth", type=click.Choice(["oneshot", "full"]), default="oneshot", show_default=True,
              help="The packet's depth: which Levels have Rooms of their own.")
@click.option("--runs", type=int, default=None, help="How many sessions to play (default: content/simulate.yaml).")
@click.option("--format", "fmt", type=click.Choice(["txt", "json"]), default="txt", show_default=True,
              help="The report as text or as JSON.")
@content_option
@templates_option
def simulate(seed, party, nest, depth, runs, fmt, content_dirs, templates_dir) -> None:
    """Estimate how hard the packet of --seed is: the party plays it many times, one session each, and the
    report gives the Levels reached, the chances of the Heart, of the Job and of each member going down,
    the Rooms that hurt most, and the rulings it played by."""
    from nests.generators.estimate import estimate_report

    content = setup(content_dirs, templates_dir, SIMULATE_CONTENT)
    party_ids = ([p.strip() for p in party.split(",")] if party is not None
                 else content.packet.settings["default_party"])
    click.echo(estimate_report(content, seed, party_ids, nest, depth, runs, fmt), nl=False)


@main.command()
@click.argument("source", type=click.Path())
@click.option("--from", "markup", type=click.Choice(["nests", "md", "rst", "latex", "xml", "docbook"]),
              default=None,
              help="The source's markup (default: told by its file name's extension).")
@click.option("--strict", is_flag=True, help="Treat every warning as an error: exit 2 and write nothing.")
@click.option("--sheet", "sheets", multiple=True, metavar="ID",
              help="Append the character sheet ID at the book's end (repeatable).")
@click.option("--title", default=None, metavar="TEXT",
              help="The book's title, for every page's head and the PDF (default: the title the source gives).")
@click.option("--toc-depth", "toc_depth", type=click.IntRange(min=1), default=None, metavar="N",
              help="List headings down to level N in the contents (default: the source's own limit, "
                   "LaTeX's tocdepth or a toctree's :maxdepth:, else every level).")
@click.option("--format", "formats", type=FORMATS, multiple=True, help="txt, pdf, or both (repeatable; default txt).")
@click.option("--paper", type=PAPER, default="a4", show_default=True, help="Paper size of the PDF.")
@impose_option
@output_option
@content_option
@templates_option
def rulebook(source, markup, strict, sheets, title, toc_depth, formats, paper, impose, output, content_dirs,
             templates_dir) -> None:
    """Typeset the rulebook SOURCE (Markdown, reStructuredText, LaTeX, XML, DocBook or the
    Nests raw markup): DIR/<source stem>.txt and .pdf, with contents, page references and sheets
    (--impose a5: the PDF as a booklet)."""
    from nests.errors import Problem
    from nests.generators.rulebook import rulebook_document
    from nests.generators.rulebook.sheets import Sheets

    if title is not None and (not title.strip() or not title.isprintable()):
        raise NestsError(f"--title {title!r}: give the title as words on one line")
    output_directory(output)
    formats = formats or ("txt",)
    check_print_options(formats, impose)
    content = setup(content_dirs, templates_dir, SHEET_CONTENT)
    unknown = [s for s in sheets if not Sheets(content).knows(s)]
    if unknown:
        raise NestsError(f"--sheet {unknown[0]!r} is not a sheet; {Sheets(content).known()}")
    with pdf_ready(formats, output):
        document, warnings = rulebook_document(source, content, markup, list(sheets), title=title,
                                                toc_depth=toc_depth)
        if strict and warnings:
            raise NestsError([Problem(w.message, file=w.source, line=w.line) for w in warnings])
        for warning in warnings:
            click.echo(str(warning), err=True)
        emit([document], formats, paper, output, impose)
