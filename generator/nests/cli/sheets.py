"""The commands that print and read character sheets: classes, sheets, sheet, character."""

from __future__ import annotations

import click

from nests.cli.common import (PAPER, SHEET_CONTENT, check_print_options, content_option, emit, output_directory,
                              output_option, pdf_ready, setup, templates_option)
from nests.errors import NestsError
from nests.text import grid


@click.command()
@content_option
def classes(content_dirs) -> None:
    """List the character classes a player can pick."""
    content = setup(content_dirs, uses=SHEET_CONTENT)
    for class_id in content.class_ids():
        click.echo(f"{class_id:<10} {content.classes[class_id].name}")


@click.command()
@content_option
def sheets(content_dirs) -> None:
    """List the sheet definitions (content/sheets/): id, game, and the rulebook it follows."""
    from nests.content import load_content

    for sheet_id, d in load_content(content_dirs).sheets.items():
        click.echo(f"{sheet_id:<22} {d.game} ({d.source['file']}, {d.source['section']})")


@click.command()
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
        if class_id not in content.classes:
            known = ", ".join(content.class_ids(playable_only=False))
            raise NestsError(f"unknown class {class_id!r}; known classes: {known}")
    ids = list(dict.fromkeys(class_ids)) + list(dict.fromkeys(systems))
    with pdf_ready(formats, output, len(ids)):
        emit(sheet_documents(content, ids, fillable=fillable, look=look, markdown="md" in formats), formats, paper,
             output)


@click.group()
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


COMMANDS = (classes, sheets, sheet, character)
