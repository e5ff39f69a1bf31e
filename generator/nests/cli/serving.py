"""`nests serve`: the table's own page (see nests.serve)."""

from __future__ import annotations

import click

from nests.cli.common import content_option, templates_option


def data_folder() -> str:
    """The user's data folder for the table: $XDG_DATA_HOME/nests, else ~/.local/share/nests."""
    import os
    from pathlib import Path

    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(base) / "nests")


@click.command()
@click.option("--port", type=click.IntRange(0, 65535), default=8031, show_default=True,
              help="The port to listen on (0: any free one, printed).")
@click.option("--share", is_flag=True,
              help="Listen on the local network too, and show the players' join link and its QR code "
                   "(without it, only this machine can open the pages).")
@click.option("--host", default=None, metavar="ADDRESS",
              help="With --share: the address of the one network interface to listen on, and to give the "
                   "players (default: every interface, and the address of the one the network is reached by).")
@click.option("--data", "data_dir", default=None, type=click.Path(file_okay=False), metavar="DIR",
              help="The folder of the table's database and files (default: $XDG_DATA_HOME/nests).")
@content_option
@templates_option
def serve(port, share, host, data_dir, content_dirs, templates_dir) -> None:
    """Serve the table's page: packets for the GQ, live character sheets for the players. Prints its
    address; Ctrl-C stops it. Everything made is kept in the data folder."""
    from pathlib import Path

    from nests.errors import NestsError

    if host is not None and not share:
        raise NestsError(f"--host {host} chooses the network interface the table is shared on; add --share")
    folder = Path(data_dir or data_folder())
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise NestsError(f"--data {folder}: cannot be made: {err.strerror}") from None
    from nests.serve.server import serve as run

    run(folder, host, port, share, content_dirs, templates_dir,
        say=lambda line: click.echo(line, err=False))


COMMANDS = (serve,)
