"""The table's server in a test: in-process (Starlette's test client, no worker pools: the pages
that need no packet) or as a real process (`nests serve --port 0`), ended after its test."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import pytest


@pytest.fixture
def table_app(tmp_path):
    """The app over a fresh store; its client comes from a network address (not the GQ's machine)."""
    from nests.setup import SHEET_CONTENT, setup
    from nests.serve.server import make_app
    from nests.serve.store import Store
    from nests.serve.web import GameTable

    store = Store(tmp_path / "data")
    table = GameTable(store, setup((), None, SHEET_CONTENT), {}, "http://192.0.2.1:8031/join/x")
    app = make_app(table)
    yield app, table
    store.close()


def client(app, gq: bool = False):
    """A browser of its own: the GQ's (with the GQ's cookie) or a player's."""
    from starlette.testclient import TestClient

    c = TestClient(app, base_url="http://192.0.2.9:8031", raise_server_exceptions=False, follow_redirects=False)
    if gq:
        c.cookies.set("nests_gq", app.state.table.store.secret("gq"))
    return c


def csrf_of(html: str) -> str:
    return re.search(r'name="csrf" value="([0-9a-f]+)"', html).group(1)


class Served:
    """`nests serve` in a process of its own, on a free port, with a data folder to keep."""

    def __init__(self, data, port: int = 0, share: bool = False, host: str | None = None):
        self.data, self.port, self.share, self.host, self.process = data, port, share, host, None
        self.join_line = ""

    def start(self) -> "Served":
        command = [sys.executable, "-m", "nests", "serve", "--port", str(self.port), "--data", str(self.data)]
        command += ["--share"] if self.share else []
        command += ["--host", self.host] if self.host else []
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        start_new_session=True)
        line = self.process.stdout.readline()          # the address, once it listens
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not found:
            self.stop()
            raise AssertionError(f"nests serve did not start: {line!r} {self.process.stderr.read()[-2000:]}")
        self.port = int(found.group(1))
        if self.share:
            self.join_line = self.process.stdout.readline()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        """kill -9, its workers too (they are in its process group), as a crash would."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        self.process.stdout.close()
        self.process.stderr.close()

    def stop(self) -> None:
        """SIGTERM, as Ctrl-C would; then whatever of its process group is left (none should be) is killed."""
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(10)
        for stream in (self.process.stdout, self.process.stderr):
            if not stream.closed:
                stream.close()


@pytest.fixture
def served(tmp_path):
    server = Served(tmp_path / "data").start()
    yield server
    server.stop()


def wait_for(check, seconds: float = 20.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError("waited in vain")
