"""Issue 31 points 1, 2 and 4 against `nests serve` as it runs: it listens on 127.0.0.1 alone
unless --share; a packet's downloads are the command line's bytes; a PDF being typeset holds
up no other page; bad options are one line and exit 2."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx2

from tests.serve.conftest import Served, wait_for


def listening(port: int) -> set[str]:
    """The addresses a TCP port listens on (Linux's /proc/net/tcp: state 0A is LISTEN)."""
    found = set()
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, at = local.split(":")
        if state == "0A" and int(at, 16) == port:
            found.add(".".join(str(int(address[i:i + 2], 16)) for i in (6, 4, 2, 0)))
    return found


def gq_client(server) -> tuple[httpx2.Client, str]:
    c = httpx2.Client(base_url=server.url, timeout=60)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', c.get("/").text).group(1)
    return c, token


def test_it_listens_on_this_machine_alone_unless_shared(served, tmp_path):
    assert listening(served.port) == {"127.0.0.1"}
    shared = Served(tmp_path / "shared", share=True).start()
    try:
        assert listening(shared.port) == {"0.0.0.0"}
        assert re.fullmatch(rf"nests serve: players join at http://[\d.]+:{shared.port}/join/[\w-]{{32}}\n",
                            shared.join_line)
    finally:
        shared.stop()


def test_shared_on_one_interface_chosen_by_host(tmp_path):
    """Issue 39 point 5: --share --host ADDRESS listens there (and on 127.0.0.1, the GQ's) and gives
    the players that address. 127.0.0.2 is a loopback address of its own on Linux: no traffic leaves."""
    import httpx2

    shared = Served(tmp_path / "one", share=True, host="127.0.0.2").start()
    try:
        assert listening(shared.port) == {"127.0.0.1", "127.0.0.2"}
        assert re.fullmatch(rf"nests serve: players join at http://127\.0\.0\.2:{shared.port}/join/[\w-]{{32}}\n",
                            shared.join_line)
        join = shared.join_line.split(" at ")[1].strip()
        assert httpx2.get(join, timeout=30).status_code == 200
    finally:
        shared.stop()


def test_a_bad_host_is_one_line_and_exit_2(tmp_path):
    from click.testing import CliRunner

    from nests.cli import main

    for args, said in ((["--host", "127.0.0.2"], "--host 127.0.0.2 chooses the network interface the table is "
                                                   "shared on; add --share"),
                       (["--share", "--host", "table.example"], "--host 'table.example': not an IP address"),
                       # an address of the documentation's network (RFC 5737): on no interface, nothing is sent
                       (["--share", "--host", "192.0.2.7"], "--host 192.0.2.7: no network interface of this machine")):
        out = CliRunner().invoke(main, ["serve", "--port", "0", "--data", str(tmp_path / "d"), *args])
        assert out.exit_code == 2 and len(out.output.splitlines()) == 1 and said in out.output, (args, out.output)


def _children(pid: int) -> set[int]:
    found = set()
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            fields = dict(line.split(":\t", 1) for line in status.read_text().splitlines() if ":\t" in line)
        except OSError:
            continue
        if fields.get("PPid", "").strip() == str(pid):
            found.add(int(status.parent.name))
    return found


def test_no_worker_outlives_a_killed_server(served):
    """kill -9 of the server alone (not its process group): its worker processes end too."""
    workers = wait_for(lambda: _children(served.process.pid) if len(_children(served.process.pid)) >= 2 else None)
    os.kill(served.process.pid, signal.SIGKILL)
    served.process.wait(10)
    wait_for(lambda: all(_gone(w) for w in workers), 15)


def test_ctrl_c_to_the_server_and_its_workers_is_one_line_and_exit_130(tmp_path):
    """Ctrl-C as a terminal sends it, to every process of the server, as soon as it listens (its
    workers' interpreters may still be starting): the server says it once, and nothing is left
    (issue 38, point 4: each worker printed the line, or a traceback, too)."""
    from tests.publish.test_ctrl_c import LINE, left_running

    server = Served(tmp_path / "data").start()
    try:
        os.killpg(server.process.pid, signal.SIGINT)
        _, err = server.process.communicate(timeout=60)
        assert (server.process.returncode, err) == (130, LINE)
        assert left_running(server.process.pid) == []
    finally:
        server.stop()


def _gone(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1].startswith("Z")     # a zombie: ended
    except OSError:
        return True


def test_downloads_are_the_command_lines_and_a_pdf_holds_up_no_page(served, tmp_path):
    c, token = gq_client(served)
    made = c.post("/packets", data={"csrf": token, "seed": "42", "party": ["wasp", "spider", "beetle", "ants"],
                                    "depth": "oneshot"})
    assert made.status_code == 303
    url = made.headers["location"]
    subprocess.run([sys.executable, "-m", "nests", "packet", "--seed", "42", "--handout", "--format", "txt",
                    "--format", "json", "-o", str(tmp_path / "cli")], check=True, capture_output=True)
    subprocess.run([sys.executable, "-m", "nests", "packet", "--seed", "42", "--impose", "a5", "--format", "pdf",
                    "-o", str(tmp_path / "booklet")], check=True, capture_output=True)
    for kind, name in (("txt", "packet-42.txt"), ("json", "packet-42.json"), ("handout-txt", "packet-42-players.txt"),
                       ("sheets-txt", "packet-42-sheets.txt")):
        answer = c.get(f"{url}/files/{kind}")
        assert answer.content == (tmp_path / "cli" / name).read_bytes(), kind
        assert answer.headers["content-disposition"] == f'attachment; filename="{name}"'

    # the booklet is typeset in the background; meanwhile every other page answers at once
    assert "<progress" in c.get(f"{url}/files/booklet-pdf").text
    assert c.get(f"{url}/files/booklet-pdf/status").json()["state"] == "making"
    slowest = 0.0
    while c.get(f"{url}/files/booklet-pdf/status").json()["state"] == "making":
        for path in (url, "/", "/table", "/table/party"):
            started = time.monotonic()
            assert c.get(path).status_code == 200
            slowest = max(slowest, time.monotonic() - started)
        time.sleep(0.2)
    assert slowest < 1.0, f"a page took {slowest:.2f} s while a PDF was being made"
    booklet = c.get(f"{url}/files/booklet-pdf")
    assert booklet.content == (tmp_path / "booklet" / "packet-42.pdf").read_bytes()


def test_bad_input_is_a_message_on_the_page(served):
    c, token = gq_client(served)
    for form, said in (({"seed": "forty-two", "party": ["ants"]}, "Seed: &#39;forty-two&#39; is not a whole number"),
                       ({"seed": "1", "party": ["ants"] * 7}, "party"),
                       ({"seed": "1"}, "Party: tick 1 to 6 classes"),
                       ({"seed": "1", "party": ["ants"], "depth": "deep"}, "Depth: choose one of oneshot, full"),
                       ({"seed": "1", "party": ["ants"], "difficulty": "brutal"}, "Difficulty: &#39;brutal&#39; is not one")):
        answer = c.post("/packets", data={"csrf": token, "depth": "oneshot", **form})
        assert answer.status_code == 400 and said in answer.text and "Traceback" not in answer.text, form
    assert c.get("/packets/99").status_code == 404
    answer = c.post("/packets/1/reroll", data={"csrf": token, "part": "room:9.9"})
    assert answer.status_code == 404


def test_a_bad_data_folder_is_one_line_and_exit_2(tmp_path):
    (tmp_path / "file").write_text("")
    out = subprocess.run([sys.executable, "-m", "nests", "serve", "--data", str(tmp_path / "file" / "x")],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1 and "--data" in out.stderr


def test_a_character_downloads_as_the_command_lines_pdf(served, tmp_path):
    """The sheet's PDF is `nests sheet --character FILE --format pdf`'s, byte for byte."""
    from nests.content.sheets.state import state_yaml

    c = httpx2.Client(base_url=served.url, timeout=60)
    join = re.search(r"http://127.0.0.1:\d+(/join/[\w-]+)", c.get("/table").text).group(1)
    player = httpx2.Client(base_url=served.url, timeout=60)
    token = re.search(r'name="csrf" value="([0-9a-f]+)"', player.get(join).text).group(1)
    url = player.post(join, data={"csrf": token, "class": "scorpion", "name": "Scoria"}).headers["location"]
    player.post(url, data={"csrf": token, "wounds": "2", "notes": "Stung the Queen's taster."})
    pdf = player.get(url + "/sheet.pdf")
    assert pdf.headers["content-disposition"] == 'attachment; filename="scoria.pdf"'
    from nests.content import load_content
    from nests.generators.sheet import new_character

    state = {**new_character(load_content(), "scorpion", "Scoria"), "wounds": 2, "notes": "Stung the Queen's taster."}
    (tmp_path / "scoria.yaml").write_text(state_yaml(state), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "nests", "sheet", "--character", str(tmp_path / "scoria.yaml"), "--format",
                    "pdf", "-o", str(tmp_path)], check=True, capture_output=True)
    assert pdf.content == (tmp_path / "scoria.pdf").read_bytes()


def test_the_data_folder_is_the_users(monkeypatch, tmp_path):
    from nests.cli.serving import data_folder

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_folder() == str(tmp_path / "xdg" / "nests")
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_folder() == str(tmp_path / "home" / ".local" / "share" / "nests")


def test_a_port_in_use_and_a_broken_database_are_one_line_and_exit_2(served, tmp_path):
    out = subprocess.run([sys.executable, "-m", "nests", "serve", "--port", str(served.port), "--data",
                          str(tmp_path / "other")], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
    assert f"--port {served.port}: cannot listen on 127.0.0.1:{served.port}" in out.stderr
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "table.sqlite3").write_bytes(b"not a database at all" * 100)
    out = subprocess.run([sys.executable, "-m", "nests", "serve", "--port", "0", "--data", str(tmp_path / "broken")],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.splitlines()) == 1, out.stderr
    assert "table.sqlite3: the table's database cannot be opened" in out.stderr
