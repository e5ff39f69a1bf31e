"""Issue 31 point 5: the table used as people use it, in a real browser (Playwright driving
Debian's chromium, which `make test` installs when it is missing). A GQ makes packet 42 and
downloads its PDF (the command line's bytes), re-rolls Room 2.1; two players on phone-sized
screens join, edit Wounds and Items, and the GQ's page shows it without a reload; the server
is killed (kill -9) and started again, and every character is as it was.

Screenshots of every page at phone and desktop sizes go to $NESTS_SHOTS (default: the test's
own folder) to be looked at."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.serve.conftest import Served, wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
STEP = 20_000            # ms: the longest any one step of a page may take (a PDF's typesetting: 60 s)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: `make test` installs it from Debian's packages")


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def shot(page, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=False)


def cli(*args, cwd=None) -> bytes:
    return subprocess.run([sys.executable, "-m", "nests", *args], capture_output=True, check=True, cwd=cwd).stdout


# each player's XP tickbox ticked and Disposition marked on the phone (issue 31 point 3)
TICKED = {"Ada": ("attributes.speed", "Holding"), "Bea": ("common_abilities.hunting", "Charging")}


def test_a_table_in_the_browser(browser, tmp_path):
    shots = Path(os.environ.get("NESTS_SHOTS") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    server = Served(tmp_path / "data").start()
    try:
        _play(browser, server, shots, tmp_path)
    finally:
        server.stop()


def _play(browser, server, shots: Path, tmp_path: Path) -> None:
    desk = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    desk.set_default_timeout(STEP)
    gq = desk.new_page()

    # the GQ makes packet 42
    gq.goto(server.url + "/")
    shot(gq, shots, "home-desktop")
    gq.fill("input[name=seed]", "42")
    gq.click("text=Make the packet")
    gq.wait_for_selector("h1:has-text('Nest Packet 42:')")
    assert gq.locator(".page pre").count() > 10          # every page of the one-shot, some 15
    shot(gq, shots, "packet-desktop")
    cli("packet", "--seed", "42", "--format", "pdf", "-o", str(tmp_path / "cli"))

    # its PDF, made in the background, shows its progress, downloads as the command line writes it
    with gq.expect_download(timeout=60_000) as download:
        gq.click("a[data-kind=pdf]")
        gq.wait_for_selector("progress", state="attached")
    assert Path(download.value.path()).read_bytes() == (tmp_path / "cli" / "packet-42.pdf").read_bytes()
    assert download.value.suggested_filename == "packet-42.pdf"

    # re-roll Room 2.1: the packet --reroll room:2.1 makes
    gq.goto(server.url + "/packets/1")
    gq.click("text=Re-roll room:2.1")
    gq.wait_for_selector("h1:has-text('Nest Packet 42+room:2.1@1:')")
    shown = "".join(gq.locator(".page pre").all_text_contents())
    rerolled = cli("packet", "--seed", "42", "--reroll", "room:2.1", "-o", "-").decode()
    # standard output holds the packet's pages, then the party's sheets (their own file, packet-<seed>-sheets)
    rerolled = "\n".join(rerolled.split("\n")[:50 * gq.locator(".page pre").count()])
    assert shown.replace("\n", "") == rerolled.replace("\f", "").replace("\n", "")
    assert shown != "".join(cli("packet", "--seed", "42", "-o", "-").decode().split("\f"))

    # the table: its join link; two players on phones join
    gq.goto(server.url + "/table")
    join = gq.locator(".join a").get_attribute("href")
    shot(gq, shots, "table-desktop")
    players = []
    for name, klass, wounds, item in (("Ada", "Ants", "3", "Twig spear"), ("Bea", "Wasp", "1", "Resin lamp")):
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        phone.set_default_timeout(STEP)
        page = phone.new_page()
        page.goto(join)
        page.select_option("select[name=class]", label=klass)
        page.fill("input[name=name]", name)
        if not players:
            shot(page, shots, "join-phone")
        page.click("text=Make my character")
        page.wait_for_selector(f"h1:has-text('{name}')")
        page.fill("input[name=wounds]", wounds)
        page.fill("input[name='items.1.name']", item)
        page.fill("input[name='items.1.rating']", "30")
        feature, disposition = TICKED[name]
        page.check(f"input[name=xp][value='{feature}']")
        page.select_option("select[name=disposition]", disposition)
        page.wait_for_selector(".saved:has-text('Saved.')")
        wait_for(lambda: item in page.locator("#sheet").text_content())
        wait_for(lambda: f"✓ {disposition}" in page.locator("#sheet").text_content())
        # the sheet reflowed to the phone's width: wider than the narrowest sheet, and no scrolling sideways
        assert max(len(line) for line in page.locator("#sheet").text_content().splitlines()) > 40
        assert page.evaluate("(() => { const s = document.getElementById('sheet'); return s.scrollWidth <= s.clientWidth; })()")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        players.append((page, name, wounds, item))
    shot(players[0][0], shots, "character-phone")

    # the connection lost: the edit waits in the browser, said so, and is sent when it is back
    page, name, _, _ = players[1]
    page.context.set_offline(True)
    page.fill("input[name=hunger]", "4")
    page.wait_for_selector(".saved:has-text('Not saved yet')")
    shot(page, shots, "offline-phone")
    page.context.set_offline(False)
    page.wait_for_selector(".saved:has-text('Saved.')", timeout=STEP)
    page.reload()
    assert page.input_value("input[name=hunger]") == "4"

    # the GQ's page, never reloaded, shows both
    for _, name, wounds, item in players:
        gq.wait_for_selector(f"#party .member:has(h3 a:text-is('{name}')):has-text('{item}')")
    assert "Wounds/Max...:[_3/" in gq.locator("#party").text_content()
    shot(gq, shots, "party-desktop")

    # kill -9, start again: every character as it was
    server.kill()
    server.start()
    for page, name, wounds, item in players:
        page.reload()
        assert page.input_value("input[name=wounds]") == wounds
        assert page.input_value("input[name='items.1.name']") == item
        assert item in page.locator("#sheet").text_content()
        feature, disposition = TICKED[name]
        assert page.is_checked(f"input[name=xp][value='{feature}']")
        assert page.input_value("select[name=disposition]") == disposition
        assert f"✓ {disposition}" in page.locator("#sheet").text_content()
    gq.reload()
    for _, name, _, item in players:
        assert item in gq.locator(f"#party .member:has(h3 a:text-is('{name}'))").text_content()

    # the other pages at the other size
    phone_gq = browser.new_context(viewport=PHONE, is_mobile=True)
    page = phone_gq.new_page()
    for path, name in (("/", "home-phone"), ("/packets/2", "packet-phone"), ("/table", "table-phone")):
        page.goto(server.url + path)
        shot(page, shots, name)
        # nothing wider than the phone: the packet's pages scroll sideways inside their own frames
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
    desk_player = browser.new_context(viewport=DESKTOP).new_page()
    desk_player.goto(join)
    shot(desk_player, shots, "join-desktop")
