"""Issue 31 points 3 and 4: the table's pages, safe on a shared network. A player joins by the
table's unguessable link, makes a character, edits its play values; only the player and the
GQ reach it; forms carry a CSRF token; bodies are bounded; values are escaped; bad input is a
message on the page. Run in-process, as clients from the network (not the GQ's machine)."""

from __future__ import annotations

import re
import subprocess
import sys

import yaml

from tests.serve.conftest import client, csrf_of


def join(app, name="Ada", class_id="ants"):
    """A new player's browser and its character's URL."""
    player = client(app)
    token = app.state.table.join_token
    page = player.get(f"/join/{token}")
    assert page.status_code == 200
    made = player.post(f"/join/{token}", data={"csrf": csrf_of(page.text), "class": class_id, "name": name})
    assert made.status_code == 303, made.text
    return player, made.headers["location"]


def test_the_gqs_pages_are_refused_from_the_network(table_app):
    app, _ = table_app
    for path in ("/", "/table", "/packets/1", "/table/party"):
        answer = client(app).get(path)
        assert answer.status_code == 403
        assert "This page is the GQ&#39;s" in answer.text and "Traceback" not in answer.text


def test_a_wrong_join_link_is_refused(table_app):
    app, table = table_app
    token = table.join_token
    answer = client(app).get("/join/" + token[:-1] + ("y" if token.endswith("x") else "x"))   # one letter off
    assert answer.status_code == 404 and "This join link is not this table" in answer.text
    assert len(table.join_token) >= 32            # 24 random bytes: not to be guessed


def test_a_player_makes_a_character_and_edits_its_play_values(table_app):
    app, table = table_app
    player, url = join(app)
    page = player.get(url)
    assert page.status_code == 200 and "Ada" in page.text
    saved = player.post(url, data={"csrf": csrf_of(page.text), "wounds": "4", "hunger": "2", "luck": "22",
                                   "items.0.name": "Honeydew", "items.0.types": "F", "items.0.rating": "45",
                                   "items.1.name": "Twig spear", "items.1.types": "W", "items.1.rating": "30",
                                   "notes": "owes the beetle a favour"},
                        headers={"Accept": "application/json"})
    assert saved.status_code == 200, saved.text
    state = table.store.characters()[0]["state"]
    assert (state["wounds"], state["hunger"], state["luck"]) == (4, 2, 22)
    assert state["items"][1] == {"name": "Twig spear", "types": ["W"], "rating": 30, "depleted": False, "known": True}
    assert "Twig spear" in saved.json()["sheet"]           # the sheet as it is now
    assert len(saved.json()["sheet"].splitlines()[0]) == 40       # at a phone's width


def test_a_player_ticks_xp_and_marks_a_disposition(table_app):
    """XP: a checkbox per Feature with an XP tickbox (the sheet's □ before it); Disposition:
    one of the Disposition Track's steps as the sheet names them, or none out of Combat."""
    app, table = table_app
    player, url = join(app)
    page = player.get(url)
    assert 'name="xp" value="attributes.speed"' in page.text and 'name="xp" value="wounds"' in page.text
    # the Disposition Track as the sheet draws it (issue 39 point 1): a tap target a step, its note under it
    steps = re.findall(r'name="disposition" value="(\w*)"[^>]*><span>\w+<small>([^<]*)</small>', page.text)
    assert steps == [("Retreating", "Cant Attack"), ("Recoiling", "-30%"), ("Holding", "Doing Good"),
                     ("Advancing", "+30%"), ("Charging", "Shift Up")]
    assert 'name="disposition" value="" checked' in page.text          # out of Combat
    token = csrf_of(page.text)
    saved = player.post(url, data={"csrf": token, "xp": ["", "wounds", "attributes.speed"], "disposition": "Holding"},
                        headers={"Accept": "application/json"})
    assert saved.status_code == 200, saved.text
    state = table.store.characters()[0]["state"]
    assert state["xp"] == ["attributes.speed", "wounds"] and state["disposition"] == "Holding"     # sheet order
    sheet = saved.json()["sheet"]
    assert "✓ Speed" in sheet and "✓ Wounds/Max" in sheet and "□ Skill" in sheet and "✓ Holding" in sheet
    page = player.get(url).text                        # the page shows them as saved
    assert 'value="attributes.speed" checked' in page and 'value="attributes.skill">' in page
    assert 'name="disposition" value="Holding" checked' in page and 'value="" checked' not in page
    # everything unticked, out of Combat: the marker alone, an empty choice
    player.post(url, data={"csrf": token, "xp": "", "disposition": ""})
    state = table.store.characters()[0]["state"]
    assert state["xp"] == [] and "disposition" not in state
    # a form without them (an older page) leaves them as they are
    player.post(url, data={"csrf": token, "xp": ["", "common_abilities.hunting"], "disposition": "Charging"})
    player.post(url, data={"csrf": token, "wounds": "1"})
    state = table.store.characters()[0]["state"]
    assert state["xp"] == ["common_abilities.hunting"] and state["disposition"] == "Charging" and state["wounds"] == 1


def test_a_bad_value_is_said_and_nothing_is_saved(table_app):
    app, table = table_app
    player, url = join(app)
    token = csrf_of(player.get(url).text)
    answer = player.post(url, data={"csrf": token, "wounds": "-3"})
    assert answer.status_code == 400
    assert "Wounds: -3 is below 0" in answer.text and "Traceback" not in answer.text
    answer = player.post(url, data={"csrf": token, "luck": "many"}, headers={"Accept": "application/json"})
    assert answer.status_code == 400 and answer.json()["problems"][0].startswith("Luck: 'many' is not one of")
    answer = player.post(url, data={"csrf": token, "disposition": "Fleeing"}, headers={"Accept": "application/json"})
    assert answer.status_code == 400 and answer.json()["problems"] == [
        "Disposition: 'Fleeing' is not one of: Retreating, Recoiling, Holding, Advancing, Charging (or nothing: none marked)"]
    answer = player.post(url, data={"csrf": token, "xp": ["", "speed"]}, headers={"Accept": "application/json"})
    assert answer.status_code == 400 and answer.json()["problems"][0].startswith("XP: 'speed' has no tickbox")
    answer = player.post(url, data={"csrf": token, "xp": ["", "hunger"]})
    assert answer.status_code == 400 and "XP: &#39;hunger&#39; has no tickbox" in answer.text
    assert table.store.characters()[0]["state"]["wounds"] == 0 and table.store.characters()[0]["version"] == 1


def test_only_the_player_and_the_gq_reach_a_character(table_app):
    app, table = table_app
    _, url = join(app, "Ada")
    other, _ = join(app, "Bea", "wasp")
    assert other.get(url).status_code == 404
    token = csrf_of(other.get("/join/" + table.join_token).text)
    assert other.post(url, data={"csrf": token, "wounds": "9"}).status_code == 404
    gq = client(app, gq=True)
    page = gq.get(url)
    assert page.status_code == 200
    assert gq.post(url, data={"csrf": csrf_of(page.text), "wounds": "9"}).status_code == 303
    assert table.store.character(1)["state"]["wounds"] == 9 and table.store.character(2)["state"]["wounds"] == 0


def test_a_form_without_its_token_is_refused(table_app):
    app, table = table_app
    player, url = join(app)
    player.get(url)
    for token in ("", "0" * 64):
        answer = player.post(url, data={"csrf": token, "wounds": "5"})
        assert answer.status_code == 403 and "reload the page" in answer.text
    stranger = client(app)          # another browser's token is not this one's
    other = csrf_of(stranger.get("/join/" + table.join_token).text)
    assert player.post(url, data={"csrf": other, "wounds": "5"}).status_code == 403
    assert table.store.characters()[0]["state"]["wounds"] == 0


def test_a_large_body_is_refused_unread(table_app):
    app, table = table_app
    player, url = join(app)
    token = csrf_of(player.get(url).text)
    answer = player.post(url, data={"csrf": token, "notes": "x" * 300_000})
    assert answer.status_code == 413 and "larger than this table takes" in answer.text


def test_a_request_to_another_name_is_refused(table_app):
    """A site whose name was pointed at this machine (DNS rebinding) cannot borrow the GQ's place:
    the server answers to its addresses and localhost only."""
    app, _ = table_app
    for host in ("evil.example", "evil.example:8031", "127.0.0.1.evil.example"):
        answer = client(app).get("/", headers={"Host": host})
        assert answer.status_code == 421 and "answers to its address" in answer.text
    for host in ("127.0.0.1:8031", "localhost:8031", "[::1]:8031", "192.168.1.20:8031"):
        assert client(app).get("/", headers={"Host": host}).status_code == 403     # to the GQ's page: not local


def test_a_request_from_another_sites_page_is_refused(table_app):
    """Issue 39 point 5: an Origin that is not this server (another host, or this one on another port,
    whose cookies are this one's too) is refused unread; the page's own origin, and null (what
    Chromium sends for the pages' forms under Referrer-Policy: no-referrer), go on to the CSRF check."""
    app, table = table_app
    player, url = join(app)
    token = csrf_of(player.get(url).text)
    for origin in ("http://evil.example", "http://192.0.2.9:8080", "https://192.0.2.9:8031", "http://192.0.2.9"):
        answer = player.post(url, data={"csrf": token, "wounds": "5"}, headers={"Origin": origin})
        assert answer.status_code == 403 and "from its own pages only" in answer.text, origin
        assert player.get(url, headers={"Origin": origin}).status_code == 403
    assert table.store.characters()[0]["state"]["wounds"] == 0
    for n, origin in enumerate(("http://192.0.2.9:8031", "null"), 1):
        answer = player.post(url, data={"csrf": token, "wounds": str(n)}, headers={"Origin": origin})
        assert answer.status_code == 303, origin
        assert table.store.characters()[0]["state"]["wounds"] == n


def test_every_value_is_escaped(table_app):
    app, table = table_app
    player, url = join(app, name="<b>Ada</b>")
    page = player.get(url).text
    assert "<b>Ada</b>" not in page and "&lt;b&gt;Ada&lt;/b&gt;" in page
    token = csrf_of(page)
    player.post(url, data={"csrf": token, "notes": "<script>alert(1)</script>", "items.0.name": "<i>Jam</i>"})
    gq = client(app, gq=True)
    page = gq.get(url).text          # the GQ's view of the sheet (the party's cards show no notes: issue 39)
    assert "<script>alert" not in page and "&lt;script&gt;alert" in page
    assert "<i>Jam</i>" not in page and "&lt;i&gt;Jam&lt;/i&gt;" in page
    table = gq.get("/table").text + gq.get("/table/party").json()["log"]   # the cards, the log
    assert "<b>Ada</b>" not in table and "&lt;b&gt;Ada&lt;/b&gt;</a>" in table and "&lt;b&gt;Ada&lt;/b&gt;</b>: " in table and "&lt;i&gt;Jam&lt;/i&gt;" in table


def test_no_request_names_a_file(table_app):
    app, _ = table_app
    gq = client(app, gq=True)
    for path in ("/packets/1/files/..%2f..%2fetc%2fpasswd", "/characters/1/sheet.txt/../../x", "/templates/serve/base.html.j2",
                 "/packets/1/files/%2e%2e"):
        answer = gq.get(path)
        assert answer.status_code == 404 and "Traceback" not in answer.text


def test_the_sheet_downloads_as_the_command_line_prints_it_and_reads_back(table_app, tmp_path):
    """The txt is `nests sheet --character FILE`'s, byte for byte; `nests character read` reads
    it back into the same state; uploaded after an edit, the edit is the character's."""
    from nests.content.sheets.state import state_yaml

    app, table = table_app
    player, url = join(app)
    page = player.get(url)
    player.post(url, data={"csrf": csrf_of(page.text), "wounds": "3", "items.2.name": "Chitin shard",
                           "items.2.types": "W", "items.2.rating": "20", "xp": ["", "attributes.ken", "wounds"],
                           "disposition": "Recoiling"})
    state = table.store.characters()[0]["state"]
    sheet = player.get(url + "/sheet.txt")
    assert sheet.headers["content-disposition"] == 'attachment; filename="ada.txt"'
    (tmp_path / "ada.yaml").write_text(state_yaml(state), encoding="utf-8")
    cli = subprocess.run([sys.executable, "-m", "nests", "sheet", "--character", str(tmp_path / "ada.yaml"), "-o", "-"],
                         capture_output=True, check=True)
    assert sheet.content == cli.stdout
    narrow = player.get(url + "/sheet?width=48").json()["sheet"]          # what a phone of 48 columns shows
    cli48 = subprocess.run([sys.executable, "-m", "nests", "sheet", "--character", str(tmp_path / "ada.yaml"),
                            "--width", "48", "-o", "-"], capture_output=True, check=True)
    assert narrow.encode("utf-8") == cli48.stdout
    (tmp_path / "ada.txt").write_bytes(sheet.content)
    subprocess.run([sys.executable, "-m", "nests", "character", "read", str(tmp_path / "ada.txt"), "-o",
                    str(tmp_path / "read.yaml")], capture_output=True, check=True)
    read = yaml.safe_load((tmp_path / "read.yaml").read_text(encoding="utf-8"))
    assert read["wounds"] == 3 and read["items"][2]["name"] == "Chitin shard"
    assert read["xp"] == ["attributes.ken", "wounds"] and read["disposition"] == "Recoiling"
    assert {k: v for k, v in read.items()} == yaml.safe_load(state_yaml(state))      # the whole state, as saved
    edited = sheet.content.decode().replace("Wounds/Max...:[_3/10]", "Wounds/Max...:[_7/10]")
    assert edited != sheet.content.decode()
    answer = player.post(url + "/upload", data={"csrf": csrf_of(page.text)},
                         files={"sheet": ("ada.txt", edited.encode(), "text/plain")})
    assert answer.status_code == 303, answer.text
    assert table.store.characters()[0]["state"]["wounds"] == 7
    assert table.store.characters()[0]["state"]["items"] == state["items"]
    edited = edited.replace("✓ Recoiling", "○ Recoiling").replace("○ Advancing", "✓ Advancing").replace("✓ Ken", "□ Ken")
    answer = player.post(url + "/upload", data={"csrf": csrf_of(page.text)},
                         files={"sheet": ("ada.txt", edited.encode(), "text/plain")})
    assert answer.status_code == 303, answer.text
    assert table.store.characters()[0]["state"]["disposition"] == "Advancing"
    assert table.store.characters()[0]["state"]["xp"] == ["wounds"]


def test_a_bad_upload_is_a_message_on_the_page(table_app):
    app, table = table_app
    player, url = join(app)
    token = csrf_of(player.get(url).text)
    answer = player.post(url + "/upload", data={"csrf": token}, files={"sheet": ("x.txt", b"no sheet at all", "text/plain")})
    assert answer.status_code == 400 and 'class="problem"' in answer.text and "Traceback" not in answer.text
    assert table.store.characters()[0]["version"] == 1


def test_the_party_changes_for_the_gq(table_app):
    app, table = table_app
    gq = client(app, gq=True)
    first = gq.get("/table/party").json()
    assert gq.get(f"/table/party?since={first['version']}").json() == {"version": first["version"]}
    player, url = join(app, "Cy", "spider")
    page = player.get(url)
    player.post(url, data={"csrf": csrf_of(page.text), "wounds": "6"})
    now = gq.get(f"/table/party?since={first['version']}").json()
    # a card a character (issue 39 point 2): Wounds of Max, down once they reach it; the change said
    assert now["version"] > first["version"] and ">Cy</a>" in now["html"] and ">6/3</span>" in now["html"]
    assert 'class="member down"' in now["html"] and ">Down</strong>" in now["html"]
    # the evening's log, a line a save, the newest first; the page marks each line newer than the last change it saw
    lines = re.findall(r'<li data-change="(\d+)" data-character="1">.*?<b class="who">Cy</b>: <span class="said">([^<]*)</span>',
                       now["log"])
    assert [said for _, said in lines] == ["Wounds 0 → 6", "joined as Spider"]
    assert int(lines[0][0]) == now["change"] > int(lines[1][0]) > first["change"]


def test_characters_outlive_the_server(table_app, tmp_path):
    from nests.serve.store import Store

    app, table = table_app
    player, url = join(app)
    player.post(url, data={"csrf": csrf_of(player.get(url).text), "hunger": "3", "xp": ["", "conditions.initiative"],
                           "disposition": "Retreating"})
    again = Store(tmp_path / "data")
    state = again.characters()[0]["state"]
    assert state["hunger"] == 3 and again.secret("join") == table.join_token
    assert state["xp"] == ["conditions.initiative"] and state["disposition"] == "Retreating"
    again.close()
