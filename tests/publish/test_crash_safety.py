"""A command ends whole or says it did not (issue 29, points 3 and 4): its workers end
with it however it ends, its outputs appear all together (a run killed while putting
them in place is finished by the next), and a write that fails (a full disk, a
file-size limit, a closed or full standard output, Ctrl-C) is one line and a non-zero
exit, never a traceback nor an output cut short that exits 0."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from nests.publish import write_files
from nests.publish.files import RECORD

NESTS = [str(Path(sys.executable).parent / "nests")]        # the command as installed
BOOK = str(Path(__file__).resolve().parents[2] / ".." / "shared" / "rulebook" / "base-rules.md")


def ended_pid() -> int:
    """The pid of a process that has ended."""
    child = subprocess.Popen(["true"])
    child.wait()
    return child.pid


def test_a_run_killed_while_renaming_is_finished_by_the_next(tmp_path):
    dead = ended_pid()
    (tmp_path / "sheets").mkdir()
    (tmp_path / "a.txt").write_text("old a")
    (tmp_path / "sheets" / "b.txt").write_text("old b")
    staged_b = tmp_path / "sheets" / f".b.txt.{dead}.abcd1234.tmp"
    staged_b.write_text("new b")
    (tmp_path / "a.txt").write_text("new a")                  # renamed before the kill
    record = tmp_path / f"{RECORD}{dead}"
    record.write_text(f'[["{tmp_path}/.a.txt.{dead}.zzzz9999.tmp", "{tmp_path}/a.txt"], '
                      f'["{staged_b}", "{tmp_path}/sheets/b.txt"]]')
    stray = tmp_path / "sheets" / f".c.txt.{dead}.wxyz5678.tmp"       # staged, never recorded
    stray.write_text("half")
    mine = tmp_path / "sheets" / f".d.txt.{os.getpid()}.qrst1234.tmp"   # a running writer's
    mine.write_text("in progress")
    write_files(tmp_path, [("sheets/e.txt", b"e")])
    assert (tmp_path / "a.txt").read_text() == "new a" and (tmp_path / "sheets" / "b.txt").read_text() == "new b"
    assert not record.exists() and not staged_b.exists() and not stray.exists()
    assert mine.exists()
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == [".d.txt." + mine.name.split(".", 3)[3],
                                                                          "a.txt", "b.txt", "e.txt"]


def test_a_run_leaves_no_record_nor_staged_file(tmp_path):
    write_files(tmp_path, [("x.txt", b"x"), ("sub/y.txt", b"y")])
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == ["sub", "sub/y.txt", "x.txt"]


def run(args, **kwargs):
    return subprocess.run(NESTS + args, capture_output=True, text=True, timeout=120, **kwargs)


def test_standard_output_full_is_one_line():
    with open("/dev/full", "w") as full:
        result = subprocess.run(NESTS + ["sheet", "wasp", "-o", "-"], stdout=full, stderr=subprocess.PIPE,
                                text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr == "error: standard output: cannot be written: No space left on device\n"


def test_standard_output_closed_is_one_line():
    result = subprocess.run(NESTS + ["sheet", "wasp", "-o", "-"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, timeout=60, preexec_fn=lambda: os.close(1))
    assert result.returncode == 1
    assert result.stderr == "error: standard output is closed; give -o DIR to write files\n"


@pytest.mark.parametrize("output", ["-", "DIR"])
def test_past_the_file_size_limit_never_exits_0(tmp_path, output):
    limit = lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (10_000, 10_000))   # noqa: E731
    target = tmp_path / "out"
    with open(tmp_path / "stdout", "wb") as out:
        result = subprocess.run(NESTS + ["rulebook", BOOK, "-o", "-" if output == "-" else str(target)],
                                stdout=out, stderr=subprocess.PIPE, text=True, timeout=120, preexec_fn=limit)
    errors = [line for line in result.stderr.splitlines() if ": warning: " not in line]
    assert result.returncode != 0
    assert len(errors) == 1 and errors[0].startswith("error: ") and "File too large" in errors[0]
    if output == "DIR":
        assert not target.exists() or list(target.iterdir()) == []


def children(pid: int) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(k) for k in found]


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


@pytest.mark.skipif((os.cpu_count() or 1) < 2 or not sys.platform.startswith("linux"),
                    reason="workers fork only with two cores; /proc is Linux's")
def test_the_pdf_workers_end_with_the_command(tmp_path):
    """kill -9 of the command: its workers end too. (Ctrl-C, to the command or to its workers too,
    at many moments of a PDF packet and of a build, by `nests` and by `python -m nests`: test_ctrl_c.)"""
    command = subprocess.Popen(NESTS + ["packet", "--seed", "7", "--format", "pdf", "-o", str(tmp_path / "out")],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    workers = []
    for _ in range(100):                                    # until its workers are forked
        time.sleep(0.1)
        workers = children(command.pid)
        if workers:
            break
    assert workers
    command.send_signal(signal.SIGKILL)
    command.communicate(timeout=60)
    assert command.returncode == -9
    deadline = time.monotonic() + 10
    while any(alive(k) for k in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(k) for k in workers)


def test_ctrl_c_before_the_command_starts_is_one_line_and_exit_130():
    """From nests.entry's first line (its imports, the options read) Ctrl-C ends the process at
    once with the same line: nothing is under way yet."""
    code = ("import os, signal, time\nimport nests.entry\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(30)\n"
            "print('not interrupted')\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert (run.returncode, run.stderr, run.stdout) == (130, "error: interrupted; a file not yet in place is not "
                                                             "written\n", "")
