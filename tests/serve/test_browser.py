"""Issues 31 (point 5) and 39: the table used as people use it, in a real browser (Playwright
driving Debian's chromium, which `make test` installs when it is missing). A GQ makes packet 42
and downloads its PDF (the command line's bytes), re-rolls Room 1.2 and sees what changed; two
players on phone-sized screens choose a class from its card, change Wounds with the thumb,
Items, XP and the Disposition Track (one by keyboard), and the GQ's party view shows each change
on its character's card without a reload, eight characters on a laptop's screen; the server is
killed (kill -9) and started again, and every character is as it was; a returning player finds
their character. Every page passes axe-core (from the npm registry, installed by `make test`)
with no serious or critical violation.

With NESTS_SHOTS=DIR, screenshots of every page at 1280×800, 390×844 and 360×740 go to DIR to be
looked at (without it none are taken: the suite stays quick)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import httpx2
import pytest
import yaml

from tests.serve.conftest import wait_for

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
SMALL = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}
STEP = 20_000            # ms: the longest any one step of a page may take (a PDF's typesetting: 60 s)
TAP = 44                 # px: the least height of a control a thumb uses
CONTENT = Path(__file__).resolve().parents[2] / "content"

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: `make test` installs it from Debian's packages")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


SHOTS = Path(os.environ["NESTS_SHOTS"]) if os.environ.get("NESTS_SHOTS") else None


def look(page, name: str, sizes=()) -> None:
    """The page checked by axe-core (no serious or critical violation) and, with NESTS_SHOTS,
    photographed at its size and at each of ``sizes`` (then put back)."""
    accessible(page, name)
    if SHOTS is None:
        return
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))
    was = page.viewport_size
    for size in sizes:
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{size['width']}.png"))
    if sizes:
        page.set_viewport_size(was)


def accessible(page, name: str) -> None:
    if not AXE.exists():          # `make test` installs it; test_axe_is_installed says when it is not
        return
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("axe.run(document, {resultTypes: ['violations']}).then(r => r.violations"
                          ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
                          ".map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', ')))")
    assert found == [], f"{name}: {found}"


def test_axe_is_installed():
    if not AXE.exists():
        pytest.skip("axe-core is not installed (`make test` installs it: tests/serve/axe/); the pages were not checked")
    assert "axe" in AXE.read_text(encoding="utf-8")[:2000]


def cli(*args) -> subprocess.Popen:
    """`nests ARGS`, started now, to be waited for when its files are compared (meanwhile the browser works)."""
    return subprocess.Popen([sys.executable, "-m", "nests", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def done(process: subprocess.Popen) -> None:
    assert process.wait(120) == 0, process.stderr.read()
    process.stderr.close()


def no_sideways(page, width: int, where: str) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, where


def tap_sized(page, selector: str) -> None:
    """Every control of ``selector`` is a thumb's size (44 px high at the least) and all are shown."""
    heights = page.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().height)")
    assert heights and min(heights) >= TAP, (selector, heights)


# each player's XP tickbox ticked and Disposition marked on the phone (issue 31 point 3)
TICKED = {"Ada": ("attributes.speed", "Holding"), "Bea": ("common_abilities.hunting", "Charging")}


def test_a_table_in_the_browser(browser, served, tmp_path):
    _play(browser, served, tmp_path)


def _rooms(path: Path) -> dict:
    return {r["id"]: r["name"] for lv in json.loads(path.read_text(encoding="utf-8"))["levels"] for r in lv["rooms"]}


def _play(browser, server, tmp_path: Path) -> None:
    # the command line's packet 42 and its re-roll of Room 1.2, made meanwhile, to compare with the pages'
    made = cli("packet", "--seed", "42", "--format", "pdf", "--format", "json", "--format", "txt", "-o", str(tmp_path / "cli"))
    remade = cli("packet", "--seed", "42", "--reroll", "room:1.2", "--format", "json", "--format", "txt",
                 "-o", str(tmp_path / "re"))
    desk = browser.new_context(viewport=DESKTOP, accept_downloads=True)
    desk.set_default_timeout(STEP)
    gq = desk.new_page()

    # the GQ makes packet 42
    gq.goto(server.url + "/")
    look(gq, "home-desktop")
    gq.fill("input[name=seed]", "42")
    gq.click("text=Make the packet")
    gq.wait_for_selector("h1:has-text('Nest Packet 42:')")
    assert gq.locator(".page pre").count() > 10          # every page of the one-shot, some 15
    look(gq, "packet-desktop")

    # its PDF, made in the background, shows its progress, downloads as the command line writes it
    with gq.expect_download(timeout=60_000) as download:
        gq.click("a[data-kind=pdf]")
        gq.wait_for_selector("progress", state="attached")
        look(gq, "making-desktop")
    done(made)
    assert Path(download.value.path()).read_bytes() == (tmp_path / "cli" / "packet-42.pdf").read_bytes()
    assert download.value.suggested_filename == "packet-42.pdf"

    # re-roll Room 1.2: the packet --reroll room:1.2 makes, what changed said against packet 42 (issue 39 point 4)
    gq.goto(server.url + "/packets/1")
    gq.click("text=Re-roll room:1.2")
    gq.wait_for_selector("h1:has-text('Nest Packet 42+room:1.2@1:')")
    shown = "".join(gq.locator(".page > pre").all_text_contents())
    done(remade)
    rerolled = (tmp_path / "re" / "packet-42+room-1.2@1.txt").read_text(encoding="utf-8")
    assert shown.replace("\n", "") == rerolled.replace("\f", "").replace("\n", "")
    assert shown.replace("\n", "") != (tmp_path / "cli" / "packet-42.txt").read_text(encoding="utf-8").replace("\f", "").replace("\n", "")
    before, after = _rooms(tmp_path / "cli" / "packet-42.json"), _rooms(tmp_path / "re" / "packet-42+room-1.2@1.json")
    banner = gq.locator("#rerolled").text_content()
    assert f"Room 1.2: {before['1.2']} → {after['1.2']}" in banner and "Back to Packet 42" in banner
    marked = gq.locator(".page.changed:has(.tag:has-text('Re-rolled: Room 1.2'))")
    assert after["1.2"] in marked.locator("> pre").text_content()
    assert before["1.2"] in marked.locator("details.was pre").text_content()        # the page as it was
    look(gq, "reroll-desktop")
    gq.click("text=See the first page it changed")
    assert gq.evaluate("location.hash").startswith("#page-")
    assert gq.locator("#rerolled a:has-text('Back to Packet 42')").get_attribute("href") == "/packets/1"
    # the GQ's pages on a phone: nothing wider than it (the packet's pages scroll sideways in their frames)
    phone_gq = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    for path, name in (("/", "home-phone"), ("/packets/1", "packet-phone"), ("/packets/2", "reroll-phone"),
                       ("/packets/99", "error-phone")):
        phone_gq.goto(server.url + path)
        look(phone_gq, name, (SMALL,))
        no_sideways(phone_gq, PHONE["width"], path)

    # the table: its join link; two players on phones choose a class by its card and join
    gq.goto(server.url + "/table")
    join = gq.locator(".join a").get_attribute("href")
    wasp = yaml.safe_load((CONTENT / "classes" / "wasp.yaml").read_text(encoding="utf-8"))
    players = []
    for name, klass, wounds, item in (("Ada", "ants", 3, "Twig spear"), ("Bea", "wasp", 1, "Resin lamp")):
        phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        phone.set_default_timeout(STEP)
        page = phone.new_page()
        page.goto(join)
        if not players:
            # the name's limit said before anything is sent; each class's card holds its own figures
            assert "At most 24 characters" in page.locator(".join-form").text_content()
            card = page.locator("label[for=class-wasp]").text_content()
            for ability, rating in wasp["specific_abilities"].items():
                assert (f"{ability.replace('_', ' ').title()} {rating}%" in card) == (rating > 0), ability
            assert wasp["attacks"]["special"]["name"] in card and wasp["diet"] in card
            look(page, "join-phone", (SMALL,))
            no_sideways(page, PHONE["width"], "join")
        page.click(f"label[for=class-{klass}]")
        page.fill("#name", name)
        assert page.locator("#name-left").text_content() == f"{24 - len(name)} left."
        page.click("text=Make my character")
        page.wait_for_selector(f"h1:has-text('{name}')")
        heading = page.locator(".sheet-head").text_content()
        assert klass.title() in heading and "Initiative" in heading and "Survival Rate" in heading
        for _ in range(wounds):          # the thumb's + beside Wounds
            page.click("button[aria-label='Wounds one more']")
        assert page.input_value("input[name=wounds]") == str(wounds)
        page.get_by_role("textbox", name="Item 2", exact=True).fill(item)
        page.fill("input[name='items.1.rating']", "30")
        feature, disposition = TICKED[name]
        page.click(f"label.chip:has(input[name=xp][value='{feature}'])")
        if name == "Ada":
            page.click(f"label.chip:has(input[name=disposition][value='{disposition}'])")
        else:                            # by keyboard: the Track's radio buttons, one step along with an arrow key
            page.focus("input[name=disposition][value=Advancing]")
            page.keyboard.press("Space")
            page.keyboard.press("ArrowRight")
        page.wait_for_selector(".saved:text-is('Saved.')")
        wait_for(lambda: item in page.locator("#sheet").text_content())
        wait_for(lambda: f"✓ {disposition}" in page.locator("#sheet").text_content())
        assert page.is_checked(f"input[name=disposition][value={disposition}]")
        # the sheet reflowed to the phone's width: wider than the narrowest sheet, and no scrolling sideways
        assert max(len(line) for line in page.locator("#sheet").text_content().splitlines()) > 40
        assert page.evaluate("(() => { const s = document.getElementById('sheet'); return s.scrollWidth <= s.clientWidth; })()")
        no_sideways(page, PHONE["width"], "character")
        players.append((page, name, wounds, item))
    page = players[0][0]
    tap_sized(page, "button.step, .chip span, .items input:not([type=checkbox]):not([type=hidden]), .items label.used, .stepper input")
    look(page, "character-phone", (SMALL,))
    # the save state stays in view at the foot of the page, and the full sheet is a tap away
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    box = page.locator(".saved").bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= PHONE["height"]
    page.click(".to-sheet a")
    assert page.evaluate("location.hash") == "#sheet" and page.locator("#sheet").is_visible()
    # at 360 px, the smallest phone: nothing wider, the Disposition Track's five steps in one row, whole
    page.set_viewport_size(SMALL)
    no_sideways(page, SMALL["width"], "character at 360")
    tops = page.eval_on_selector_all(".track .chips.five .chip", "els => els.map(e => e.getBoundingClientRect().top)")
    assert len(set(tops)) == 1, tops
    assert page.eval_on_selector_all(".chip span", "els => els.every(e => e.scrollWidth <= e.clientWidth + 1)")
    page.set_viewport_size(PHONE)

    # the connection lost: the edit waits in the browser, said so, and is sent when it is back
    page, name, _, _ = players[1]
    page.context.set_offline(True)
    page.fill("input[name=hunger]", "4")
    page.wait_for_selector(".saved:has-text('Not saved yet')")
    look(page, "offline-phone")
    page.context.set_offline(False)
    page.wait_for_selector(".saved:text-is('Saved.')", timeout=STEP)
    page.reload()
    assert page.input_value("input[name=hunger]") == "4"

    # the GQ's page, never reloaded: each change on its character's card a few seconds, said, logged
    gq.wait_for_selector(".member.changed[data-character='2'] .flash:has-text('Hunger 0 → 4')")
    assert "Bea: Hunger 0 → 4" in gq.locator("#party-said").text_content()
    assert "Bea: Hunger 0 → 4" in gq.locator("#log li").first.text_content()
    look(gq, "party-changed-desktop")
    for _, name, wounds, item in players:
        card = gq.locator(f"#party .member:has(h2 a:text-is('{name}'))")
        assert f"{wounds}/" in card.locator(".num").text_content()
        assert any(re.search(rf"{name}: .*Wounds \d+ → {wounds}", line) for line in gq.locator("#log li").all_text_contents())
    # eight characters: every card and the log on a laptop's screen, nothing to scroll
    others = httpx2.Client(base_url=server.url, timeout=30)
    for n, klass in enumerate(("spider", "beetle", "ladybug", "scorpion", "ants", "wasp")):
        token = re.search(r'name="csrf" value="([0-9a-f]+)"', others.get(join).text).group(1)
        others.post(join, data={"csrf": token, "class": klass, "name": f"Player {n + 3}"})
    gq.wait_for_selector("#party .member >> nth=7")
    assert gq.evaluate("document.documentElement.scrollHeight") <= DESKTOP["height"]
    look(gq, "table-desktop")
    phone_gq.goto(server.url + "/table")
    look(phone_gq, "table-phone", (SMALL,))
    no_sideways(phone_gq, PHONE["width"], "/table")

    # kill -9, start again: every character as it was
    server.kill()
    server.start()
    for page, name, wounds, item in players:
        page.reload()
        assert page.input_value("input[name=wounds]") == str(wounds)
        assert page.input_value("input[name='items.1.name']") == item
        assert item in page.locator("#sheet").text_content()
        feature, disposition = TICKED[name]
        assert page.is_checked(f"input[name=xp][value='{feature}']")
        assert page.is_checked(f"input[name=disposition][value='{disposition}']")
        assert f"✓ {disposition}" in page.locator("#sheet").text_content()
    gq.reload()
    for _, name, wounds, _ in players:
        assert f"{wounds}/" in gq.locator(f"#party .member:has(h2 a:text-is('{name}')) .num").text_content()

    # a returning player: the join link again, and there is the character
    page = players[0][0]
    page.goto(join)
    page.click("a:has-text('Play Ada')")
    page.wait_for_selector("h1:has-text('Ada')")
    page.goto(join)
    look(page, "join-returning-phone")

    # the players' pages on a laptop, and a page that is not there
    desk_player = browser.new_context(viewport=DESKTOP).new_page()
    desk_player.goto(join)
    look(desk_player, "join-desktop")
    gq.goto(server.url + "/characters/1")
    look(gq, "character-desktop")
    gq.goto(server.url + "/packets/99")
    look(gq, "error-desktop")
