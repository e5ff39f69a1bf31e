"""The server: one Starlette app of the GQ's pages (gq.py) and the table's (playing.py),
and ``serve``, which runs it behind uvicorn until Ctrl-C."""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from nests.errors import NestsError
from nests.serve import campaigns, gq, playing, security
from nests.serve.store import Store
from nests.serve.web import GameTable, refused


def _asset(template: str, media: str):
    """The stylesheet and the script, from templates/serve/ (fixed routes: no request names a file)."""
    async def asset(request: Request) -> Response:
        from nests.render import render

        return Response(render(template), media_type=media, headers={"Cache-Control": "no-cache"})
    return asset


async def _mono(request: Request) -> Response:
    """The plaintext's own font (templates/fonts/), so a phone draws the pages' frames as the PDF does."""
    from nests import paths

    data = (paths.TEMPLATES / "fonts" / "DejaVuSansMono.ttf").read_bytes()
    return Response(data, media_type="font/ttf", headers={"Cache-Control": "max-age=86400"})


def make_app(table_: GameTable) -> Starlette:
    assets = [Route("/style.css", _asset("serve/style.css.j2", "text/css")),
              Route("/app.js", _asset("serve/app.js.j2", "text/javascript")), Route("/mono.ttf", _mono)]
    app = Starlette(routes=gq.ROUTES + playing.ROUTES + campaigns.ROUTES + assets,
                    middleware=[Middleware(security.Guard)],
                    exception_handlers={HTTPException: refused, NestsError: refused, Exception: refused})
    app.state.table = table_
    return app


def serve(data: Path, host: str | None, port: int, share: bool, content_dirs=(), templates_dir=None,
          say=print) -> None:
    """Run the table until Ctrl-C: the content loaded, the workers started, then uvicorn.
    ``share``: on every interface, or on ``host``'s alone (and on 127.0.0.1, the GQ's)."""
    import gc
    from ipaddress import ip_address

    import uvicorn

    from nests.children import ctrl_c_after
    from nests.serve import making
    from nests.setup import SHEET_CONTENT, setup

    chosen = _address(host) if host is not None else None
    every = chosen is None or ip_address(chosen).is_unspecified
    # the GQ's pages are the serving machine's: on one interface, 127.0.0.1 listens too
    addresses = ["127.0.0.1"] if not share else [chosen or "0.0.0.0"] if every else \
        list(dict.fromkeys(["127.0.0.1", chosen]))
    sockets = []
    for address in addresses:
        sockets.append(_listen(address, port, "--host" if address == chosen else "--port"))
        port = sockets[0].getsockname()[1]          # --port 0: the others on the first one's free port
    shown_host = ((_lan_address() if every else chosen) if share else "127.0.0.1")
    content = setup(content_dirs, templates_dir, SHEET_CONTENT)
    store = _open(data)
    # Ctrl-C is answered (nests.entry) once the workers and the store are closed. uvicorn takes it
    # over while it serves and gives it back once it has stopped; one that comes before uvicorn has
    # taken it over stops uvicorn as soon as it starts.
    with ctrl_c_after() as held:
        pools = making.pools(tuple(content_dirs), templates_dir)
        try:
            join = f"http://{_in_url(shown_host)}:{port}/join/{store.secret('join')}"
            app = make_app(GameTable(store, content, pools, join))
            say(f"nests serve: the GQ's page is http://127.0.0.1:{port}/ (data: {data})")
            if share:
                say(f"nests serve: players join at {join}")
            config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=2,
                                    h11_max_incomplete_event_size=16 * 1024)
            server = uvicorn.Server(config)
            held.then = lambda: setattr(server, "should_exit", True)
            server.should_exit = bool(held)
            server.run(sockets=sockets)
        finally:
            for pool in pools.values():
                pool.shutdown(cancel_futures=True)
            # the pools let go of here, so that their queues' semaphores are released before a Ctrl-C
            # ends the process (the system's semaphore tracker would warn of any still held)
            pools.clear()
            gc.collect()
            store.close()


def _address(host: str) -> str:
    """--host: an IP address (the one a network interface of this machine has), as written."""
    from ipaddress import ip_address

    try:
        return str(ip_address(host.strip("[]")))
    except ValueError:
        raise NestsError(f"--host {host[:60]!r}: not an IP address; give the address of this machine's "
                         "network interface the players reach (as `ip address` lists it)") from None


def _in_url(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def _listen(address: str, port: int, option: str):
    """A socket listening on ``address``: from then on a browser waits in line, not refused, while
    uvicorn starts. Refused: one line naming the ``option`` (--port, --host) that chose it."""
    import errno
    import socket

    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((address, port))
        sock.listen(128)
    except OSError as err:
        sock.close()
        if option == "--host" and err.errno == errno.EADDRNOTAVAIL:
            raise NestsError(f"--host {address}: no network interface of this machine has this address "
                             "(`ip address` lists them)") from None
        raise NestsError(f"--port {port}: cannot listen on {_in_url(address)}:{port}: {err.strerror}") from None
    return sock


def _open(data: Path) -> Store:
    """The table's store, or one line saying why it cannot be opened (not a database, not writable)."""
    import sqlite3

    from nests.errors import Problem

    try:
        return Store(data)
    except (sqlite3.Error, OSError) as err:
        raise NestsError(Problem(f"the table's database cannot be opened: {err}; give another --data DIR",
                                 file=str(data / "table.sqlite3"))) from None


def _lan_address() -> str:
    """The address other machines of the network reach this one by (no packet is sent)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
        except OSError:
            return "127.0.0.1"


