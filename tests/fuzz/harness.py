"""What every fuzz example goes through: `nests …` run as its user runs it, in a child
process of its own, and the invariants of issue 29 checked on what it left.

The child is forked from the test's process (so WeasyPrint and the readers are
imported once) and runs ``nests.entry.run``, the console script's own entry, with
its standard output and error on files: a traceback is seen as the user would see
it. Its work is bounded by the kernel, not by a thread that asks politely:
``RLIMIT_CPU`` (a command past its seconds of CPU is killed by SIGXCPU: a load on
the machine cannot fail an example) and ``RLIMIT_AS`` (its address space: an
allocation past it is a MemoryError, a traceback, so a failure); a wall-clock
limit far above the CPU one only keeps a stopped child from hanging the run.

The shelf around the book holds what a book may not read: files beside its
folder (``../secret.txt``), links inside it that lead out, ``/etc/passwd``, and an
HTTP server on 127.0.0.1 that answers with the secret and counts every request:
a reader that reads outside, or goes on the network, is caught by the secret's
bytes in an output or by a request counted."""

from __future__ import annotations

import io
import os
import re
import resource
import signal
import sys
import tempfile
import threading
import time
import traceback
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from nests.errors import LONGEST_MESSAGE

SECRET = "QZXSECRETQZX"              # the outside files' bytes: one word no line wrap can break
PASSWD = "root:x:0"                  # the start of /etc/passwd
CPU_SECONDS = 20                     # a command's CPU time, PDF included (its workers have their own)
WALL_SECONDS = 600                   # only a stopped child meets this one
MEMORY = 1536 << 20                  # address space a command may add to the test process's
LONGEST_LINE = LONGEST_MESSAGE + 40  # an error or warning line: the bounded message and its "error: "


class _Secret(BaseHTTPRequestHandler):
    def do_GET(self):                # noqa: N802  (http.server's name)
        self.server.hits += 1
        body = (SECRET + "\n").encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_POST = do_HEAD = do_GET

    def log_message(self, *args):
        pass


class Shelf:
    """A folder holding a book's folder and what lies outside it."""

    def __init__(self, root: Path):
        self.root = root
        self.book = root / "book"
        self.out = root / "out"
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Secret)
        self.server.hits = 0
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        outside = root / "outside"
        outside.mkdir(parents=True, exist_ok=True)
        for name in ("secret.txt", "secret.tex", "secret.rst", "secret.md", "secret.xml", "secret.csv", "secret",
                     "outside/secret.txt", "outside/index.rst", "outside/ch.tex", "conf.py"):
            (root / name).write_text(SECRET + "\n", encoding="utf-8")

    def doors(self) -> dict[str, str]:
        """What a fuzzed source's ``{…}`` names become: the ways out of the book."""
        return {"ABS": str(self.root / "secret.txt"), "ABSTEX": str(self.root / "secret"),
                "FILEURL": f"file://{self.root}/secret.txt", "HTTP": f"{self.url}/secret.txt",
                "ROOT": str(self.root)}

    def fill(self, files: dict[str, bytes]) -> None:
        """The book's folder afresh: ``files`` (name → bytes) and the links that lead out."""
        import shutil

        for folder in (self.book, self.out):
            if folder.exists():
                shutil.rmtree(folder)
        self.book.mkdir()
        for name, link in (("link.txt", "../secret.txt"), ("link.tex", "../secret.tex"), ("link.rst", "../secret.rst"),
                           ("link.md", "../secret.md"), ("link.xml", "../secret.xml"), ("linkdir", "../outside"),
                           ("passwd.txt", "/etc/passwd")):
            os.symlink(link, self.book / name)
        for name, data in files.items():
            path = self.book / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@dataclass
class Run:
    args: list[str]
    code: int | None                    # the exit status, None when a signal ended it
    signal: int | None
    stdout: bytes
    stderr: bytes
    outputs: dict[str, bytes] = field(default_factory=dict)
    cpu: float = 0.0

    def said(self) -> str:
        return self.stderr.decode("utf-8", "replace")


def _address_space() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def run_nests(args: list[str], cwd: Path, out: Path | None = None, cpu: int = CPU_SECONDS) -> Run:
    """``nests ARGS`` in a forked child, bounded; what it printed, and the files under ``out``."""
    with tempfile.TemporaryDirectory(prefix="nests-fuzz-") as tmp:
        streams = Path(tmp, "stdout"), Path(tmp, "stderr")
        limit = _address_space() + MEMORY
        sys.stdout.flush()
        sys.stderr.flush()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        pid = os.fork()
        if pid == 0:                                   # the child: never returns
            _child(args, cwd, streams, limit, cpu)
        start, pause, status = time.monotonic(), 0.001, None
        while status is None:
            done, status_word = os.waitpid(pid, os.WNOHANG)
            if done:
                status = status_word
                break
            if time.monotonic() - start > WALL_SECONDS:
                os.killpg(pid, signal.SIGKILL)
            time.sleep(pause)
            pause = min(pause * 2, 0.02)
        try:                                            # what it left behind (PDF workers) ends with it
            os.killpg(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        run = Run(args, os.waitstatus_to_exitcode(status) if os.WIFEXITED(status) else None,
                  os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
                  streams[0].read_bytes(), streams[1].read_bytes(),
                  cpu=(after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime))
    if out is not None and out.is_dir():
        run.outputs = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return run


def _child(args, cwd, streams, limit, cpu) -> None:
    code = 1
    try:
        os.setpgid(0, 0)
        os.chdir(cwd)
        os.environ["XDG_CACHE_HOME"] = os.path.join(cwd, ".cache")     # the user's own cache stays untouched
        for fd, path in zip((1, 2), streams):
            os.dup2(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), fd)
        os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
        sys.stdin = io.TextIOWrapper(io.FileIO(0, "r", closefd=False), encoding="utf-8")
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), encoding="utf-8")
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False), encoding="utf-8",
                                      errors="backslashreplace", line_buffering=True)
        sys.__stdout__, sys.__stderr__ = sys.stdout, sys.stderr
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 5))
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        sys.argv = ["nests", *args]
        try:
            from nests.entry import run

            run()
            code = 0
        except SystemExit as end:                  # as the interpreter ends a script
            if end.code is None or isinstance(end.code, int):
                code = end.code or 0
            else:
                print(end.code, file=sys.stderr)
                code = 1
        except BaseException:                      # as the interpreter prints what nothing caught
            traceback.print_exc()
            code = 1
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:
        code = 1
    finally:
        os._exit(code)


# -- the invariants --------------------------------------------------------------------------------
_BYTES_OUTSIDE = [SECRET.encode(), SECRET.lower().encode(), PASSWD.encode()]


def pdf_text(data: bytes) -> str:
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    try:
        return "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


def leaks(run: Run) -> list[str]:
    """Where a byte of the outside files shows: the streams, each output, the PDFs' text."""
    found = []
    for name, data in [("stdout", run.stdout), ("stderr", run.stderr)] + list(run.outputs.items()):
        if any(secret in data or secret in data.upper() for secret in _BYTES_OUTSIDE):
            found.append(name)
        elif name.endswith(".pdf"):
            text = pdf_text(data).upper().replace("\n", "").replace("\r", "")
            if SECRET in text or PASSWD.upper() in text:
                found.append(name + " (its text)")
    return found


_ERROR = re.compile(r"^error: ")


def check(run: Run, names_a_file: tuple[str, ...], shelf: Shelf | None = None) -> None:
    """Issue 29's invariants on one command: exit 0 or 2, no traceback, each line of what it
    said bounded, each error line naming a file (one of ``names_a_file``), nothing of the
    outside in any output, no request to the network."""
    said = run.said()
    where = f"nests {' '.join(run.args)}"
    assert run.signal is None, (f"{where}: ended by signal {run.signal} ("
                                f"{'past its CPU seconds' if run.signal == signal.SIGXCPU else 'killed'})")
    assert "Traceback (most recent call last)" not in said, f"{where}: a traceback:\n{said[-3000:]}"
    assert run.code in (0, 2), f"{where}: exit {run.code}:\n{said[-2000:]}"
    lines = said.splitlines()
    long = [line for line in lines if len(line) > LONGEST_LINE]
    assert not long, f"{where}: a line of {len(long[0])} characters: {long[0][:300]}…"
    errors = [line for line in lines if _ERROR.match(line)]
    if run.code == 2:
        assert errors, f"{where}: exit 2 with no error line:\n{said[-2000:]}"
    unnamed = [line for line in errors if not any(name in line for name in names_a_file)]
    assert not unnamed, f"{where}: an error naming no file of {names_a_file}: {unnamed[0][:300]}"
    leaked = leaks(run)
    assert not leaked, f"{where}: bytes from outside the book in {leaked}"
    if shelf is not None:
        assert shelf.server.hits == 0, f"{where}: {shelf.server.hits} request(s) to the network"


class Counter:
    """Examples run and their CPU seconds, per name: what the long run reports."""

    def __init__(self):
        self.examples: dict[str, int] = {}
        self.cpu: dict[str, float] = {}
        self.pdfs: dict[str, int] = {}

    def add(self, name: str, run: Run, pdf: bool = False) -> None:
        self.examples[name] = self.examples.get(name, 0) + 1
        self.cpu[name] = self.cpu.get(name, 0.0) + run.cpu
        self.pdfs[name] = self.pdfs.get(name, 0) + int(pdf)


COUNTED = Counter()
