"""Issue 40 through the page, in a real browser (tests/serve/test_browser.py's chromium, axe-core and
screenshots): a campaign of seed 42 over three evenings, the GQ at a laptop's screen, two players on
phones keeping their live sheets. One character dies and a new character of the table replaces her;
a broken evening is refused on the page, one line a problem, with nothing recorded; each evening's packet
starts where the last one stopped, and the last one's files are the bytes `nests campaign packet` writes.

With NESTS_SHOTS=DIR, each campaign page is photographed at 1280×800 and 390×844 into DIR."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.serve.test_browser import CHROMIUM, DESKTOP, PHONE, STEP, browser, cli, done, look, no_sideways  # noqa: F401

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: `make test` installs it from Debian's packages")

# the evenings of tests/campaign (seed 42's Nest), as the GQ types them into the form
EVENINGS = [
    {"spent": "1.1 1.2 2.1", "found": "1.2 1.3 2.1 2.2", "level": "2", "items_found": "I3"},
    {"spent": "2.2 3.2", "found": "3.2 3.3 4.1", "level": "3", "items_found": "I7", "items_identified": "I3"},
    {"spent": "4.1 5.1", "found": "5.1 6.1", "level": "5"},
]
POOLS = [["1.3", "2.2"], ["1.3", "3.3", "4.1"], ["1.3", "3.3", "6.1"]]


def test_a_campaign_played_through_the_page(browser, served, tmp_path):
    _campaign(browser, served, tmp_path)


def _join(browser, join: str, klass: str, name: str, context=None):
    """A player on a phone joins the table with a character of ``klass``."""
    if context is None:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        context.set_default_timeout(STEP)
    page = context.new_page()
    page.goto(join)
    page.click(f"label[for=class-{klass}]")
    page.fill("#name", name)
    page.click("text=Make my character")
    page.wait_for_selector(f"h1:has-text('{name}')")
    return page


def _download(page, href: str) -> bytes:
    response = page.request.get(href)
    assert response.ok, response.text()[:300]
    return response.body()


def _campaign(browser, server, tmp_path: Path) -> None:
    desk = browser.new_context(viewport=DESKTOP)
    desk.set_default_timeout(STEP)
    gq = desk.new_page()
    gq.goto(server.url + "/table")
    join = gq.locator(".join a").get_attribute("href")

    # two players on phones: Vesper (a Wasp) takes 2 Wounds on her live sheet, Ari (a Spider) 3
    vesper = _join(browser, join, "wasp", "Vesper")
    ari = _join(browser, join, "spider", "Ari")
    for page, wounds in ((vesper, 2), (ari, 3)):
        for _ in range(wounds):
            page.click("button[aria-label='Wounds one more']")
    for page in (vesper, ari):
        page.wait_for_selector(".saved:text-is('Saved.')")

    # the GQ starts the campaign: the two players' characters and a Beetle, seed 42
    gq.goto(server.url + "/campaigns")
    gq.fill("input[name=name]", "Cathedral")
    gq.fill("input[name=seed]", "42")
    gq.check("label.tick:has-text('Vesper') input")
    gq.check("label.tick:has-text('Ari') input")
    gq.check("input[name=classes][value=beetle]")
    look(gq, "campaigns-desktop", (PHONE,))
    gq.click("text=Start the campaign")
    gq.wait_for_selector("h1:has-text('Campaign Cathedral')")
    campaign = gq.evaluate("location.pathname")
    look(gq, "campaign-desktop", (PHONE,))

    # a broken evening: refused on the page at its field, nothing recorded
    gq.click("text=Record evening 1")
    assert gq.input_value("input[name=m0-wounds]") == "2" and gq.input_value("input[name=m1-wounds]") == "3"
    gq.fill("input[name=spent]", "1.1 9.9")
    gq.click("button:has-text('Record evening 1')")
    problems = gq.locator(".problem p").all_text_contents()
    assert len(problems) == 1 and problems[0].startswith("Rooms spent: '9.9' is no Room of this Nest"), problems
    assert gq.input_value("input[name=spent]") == "1.1 9.9"          # the form as sent, to mend
    look(gq, "evening-refused-desktop", (PHONE,))
    gq.goto(server.url + campaign)
    assert "0 evenings played" in gq.locator(".facts").text_content()

    # Ari's player makes Bea (a Ladybug) at the table, for when Ari dies this evening
    bea = _join(browser, join, "ladybug", "Bea", ari.context)
    for n, evening in enumerate(EVENINGS, 1):
        gq.goto(server.url + campaign + "/evening")
        for key, value in evening.items():
            gq.fill(f"input[name={key}]", value)
        if n == 1:
            gq.check("input[name=m0-xp][value='attributes.speed']")
            gq.check("input[name=m1-died]")
            gq.select_option("select[name=j0-replaces]", "Ari")
            gq.select_option("select[name=j0-character]", label="Bea (Ladybug)")
            gq.select_option("select[name=j0-bid]", "spider")
            look(gq, "evening-desktop", (PHONE,))
        gq.click(f"button:has-text('Record evening {n}')")
        gq.wait_for_selector(f"#evening-{n}, .problem")
        assert gq.locator(".problem").count() == 0, gq.locator(".problem").text_content()
        if n == 1:
            assert "Died, evening 1" in gq.locator(".member-line.dead").text_content()
            assert "Joined for Ari, evening 1" in gq.locator(".member-line:has-text('Bea')").text_content()
            gq.click("button:has-text('Rest after evening 1')")
            gq.wait_for_selector("#rested")
            assert "Vesper: Wounds 2 → 0" in gq.locator("#rest-1").text_content()
            vesper.reload()                  # the rest on her live sheet too, which the next form opens from
            assert vesper.input_value("input[name=wounds]") == "0"
            bea.reload()                     # a new character: the sheet as printed, no Items (the rulebook)
            assert bea.input_value("input[name='items.0.name']") == "" and "Aphids" not in bea.content()
        # where the party stands, which the next packet starts from (the packet's JSON after the first evening)
        assert f"{n} evening{'s' if n > 1 else ''} played" in gq.locator(".facts").text_content()
        if n == 1:
            first = _json(gq, server, campaign)
            assert (first["campaign"]["evenings"], first["campaign"]["pool"]) == (1, POOLS[0])
            names = {r["id"]: r["name"] for lv in first["levels"] for r in lv["rooms"]}
        shown = [" ".join(li.split()) for li in gq.locator("#h-pool ~ ul.rooms li").all_text_contents()]
        assert shown == [f"Room {r} Level {r.split('.')[0]} · {names[r]}" for r in POOLS[n - 1]], shown
    look(gq, "campaign-played-desktop", (PHONE,))
    # the command line's packet of evening 4, made meanwhile from the same store file
    made = cli("campaign", "packet", "Cathedral", "--data", str(server.data), "--format", "txt", "--format", "json",
               "-o", str(tmp_path / "cli"))

    # Ari's sheet marks her death; Bea is in the party, her live sheet beside her
    ari.reload()
    assert "Ari died on evening 1 of the campaign Cathedral" in ari.locator(".dead-note").text_content()
    look(ari, "sheet-died-phone")
    no_sideways(ari, PHONE["width"], "a dead character's sheet")
    assert gq.locator(".member-line:has-text('Bea') a").get_attribute("href") == bea.evaluate("location.pathname")

    # the story: each evening, and the map with the party's path drawn on it
    gq.click("text=The story so far")
    gq.wait_for_selector("h1:has-text('The story of Cathedral')")
    assert "1.1 → 1.2 → 2.1 → 2.2 → 3.2 → 4.1 → 5.1" in gq.locator(".facts").text_content()
    assert gq.locator(".path-map svg").count() >= 1
    look(gq, "story-desktop", (PHONE,))
    # the GQ's campaign pages on a phone: nothing wider than it (the chapter's pages scroll in their frames)
    phone = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    for path in ("/campaigns", campaign, campaign + "/evening", campaign + "/story"):
        phone.goto(server.url + path)
        no_sideways(phone, PHONE["width"], path)
    phone.context.close()

    # the next evening's packet: the bytes of `nests campaign packet`, from where evening 3 stopped
    txt = _download(gq, server.url + campaign + "/files/txt")
    data = _download(gq, server.url + campaign + "/files/json")
    done(made)
    assert txt == (tmp_path / "cli" / "campaign-cathedral-evening-4.txt").read_bytes()
    assert data == (tmp_path / "cli" / "campaign-cathedral-evening-4.json").read_bytes()
    assert json.loads(data)["campaign"]["spent"] == "1.1 1.2 2.1 2.2 3.2 4.1 5.1".split()


def _json(page, server, campaign: str) -> dict:
    return json.loads(_download(page, server.url + campaign + "/files/json"))
