"""Ctrl-C at many moments of a command (issue 38, point 4): wherever it lands (the command
importing, loading, generating, the simulation's players, the PDF workers, the files being
put in place), it is one line, exit 130, no traceback, no process of the command left, and
no output file but whole ones.

Each command runs once to its end (its outputs, and how long it takes), then again and again,
each time interrupted at a later moment of that length (the first a tenth of the way in: before
the interpreter has started our code, it answers Ctrl-C as it does for any program). A
terminal's Ctrl-C goes to every process of the command (its process group): every other run is
interrupted that way, the others by a signal to the command alone; and every other pair of runs
is started as ``python -m nests`` (whose interpreter, at its end, would take a KeyboardInterrupt
for one it never handled)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

NESTS = [str(Path(sys.executable).parent / "nests")]      # the command as installed
PYTHON_M = [sys.executable, "-m", "nests"]
LINE = "error: interrupted; a file not yet in place is not written\n"
MOMENTS = 10
COMMANDS = {
    "build": ["build"],
    "packet-pdf": ["packet", "--seed", "7", "--format", "pdf"],
}


def start(args: list[str], out: Path, entry: list[str] = NESTS) -> subprocess.Popen:
    """The command in a session of its own (its pid names the session and the process group)."""
    return subprocess.Popen([*entry, *args, "-o", str(out)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))


def session(sid: int) -> list[int]:
    """The processes of session ``sid`` still running (a zombie has ended)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path("/proc", entry, "stat").read_text()
        except OSError:
            continue
        state, _, _, their_session = stat.rsplit(")", 1)[1].split()[:4]
        if int(their_session) == sid and state != "Z":
            found.append(int(entry))
    return found


def files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def left_running(sid: int) -> list[int]:
    """What is left of the command's session a moment after it ended (its workers are killed as it ends)."""
    deadline = time.monotonic() + 10
    while session(sid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return session(sid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="processes are looked up in /proc")
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_ctrl_c_at_any_moment_is_one_line_exit_130_and_leaves_nothing_behind(tmp_path, name):
    args = COMMANDS[name]
    began = time.monotonic()
    whole = start(args, tmp_path / "whole")
    _, err = whole.communicate(timeout=300)
    took = time.monotonic() - began
    assert whole.returncode == 0, err
    made = files(tmp_path / "whole")
    assert made and not left_running(whole.pid)
    for k in range(MOMENTS):
        out = tmp_path / f"run-{k}"
        entry = PYTHON_M if k // 2 % 2 else NESTS
        run = start(args, out, entry)
        moment = took * (k + 1) / (MOMENTS + 1)
        time.sleep(moment)
        try:
            if k % 2:
                os.kill(run.pid, signal.SIGINT)
            else:
                os.killpg(run.pid, signal.SIGINT)          # as a terminal sends Ctrl-C
        except ProcessLookupError:                         # ended already (a quicker run than the first)
            pass
        _, err = run.communicate(timeout=120)
        moment = (f"{' '.join(entry[1:]) or 'nests'} {name}, Ctrl-C at {moment:.2f} s of {took:.2f} s "
                  f"({'group' if k % 2 == 0 else 'command'})")
        if run.returncode == 0:                            # done before Ctrl-C came (or as it ended)
            assert err == "", (moment, err[-3000:])
        else:
            assert (run.returncode, err) == (130, LINE), (moment, run.returncode, err[-3000:])
        assert left_running(run.pid) == [], moment
        written = files(out) if out.exists() else {}
        assert not written or written == made, (moment, sorted(set(written) ^ set(made)))
