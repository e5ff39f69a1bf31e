"""The table's pages: a player joins by the table's link, picks a class and names a
character; the character's sheet at the phone's width, its play values edited in place
and saved at once; its sheet downloaded (txt, PDF) and uploaded. The GQ's view of the
table: the join link, its QR code, every sheet of the party, changing live."""

from __future__ import annotations

import re

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from nests.errors import NestsError
from nests.serve import making, security, views
from nests.serve.web import attachment, browser, form_of, go, gq_only, in_pool, is_gq, page, table, wants_json
from nests.serve.play import read_play
from nests.text import grid

PHONE = grid.NARROWEST          # a sheet's width before the page has measured the screen


def _definition(request: Request):
    from nests.content.sheets import NESTS, definition

    return definition(table(request).content, NESTS)


def _sheet_text(request: Request, state: dict, width: int) -> str:
    """The plaintext sheet, as `nests sheet --character FILE --width N` prints it."""
    from nests.generators.sheet import Look, character_documents
    from nests.publish import render_all

    docs = character_documents(table(request).content, state, "sheet", look=Look(width))
    return render_all(docs, ("txt",), making.PAPER)[0][1].decode("utf-8")


def _width(request: Request) -> int:
    text = request.query_params.get("width", "")
    return min(200, max(grid.NARROWEST, int(text))) if text.isdigit() and len(text) < 4 else PHONE


def _joining(request: Request) -> None:
    if not security.same(table(request).join_token, request.path_params["token"]):
        raise HTTPException(404, "This join link is not this table's; ask the GQ for the table's link.")


def _mine(request: Request) -> list[dict]:
    owner = security.owner_of(browser(request))
    return [c for c in table(request).store.characters() if c["owner"] == owner]


def _join_page(request: Request, status: int = 200, problem: str = "", chosen: dict | None = None):
    """The join page: the player's own characters first (a returning player's), then a card a class."""
    from nests.content.sheets import NAME_SIZE
    from nests.generators.sheet.pages import class_values

    t = table(request)
    sheet_def = _definition(request)
    classes = [views.class_card(sheet_def, t.content.classes[c], class_values(t.content, c))
               for c in t.content.class_ids()]
    mine = [{"id": c["id"], "name": c["state"].get("name", ""), "class": t.content.classes[c["state"]["class"]].name}
            for c in _mine(request)]
    return page(request, "join", status, classes=classes, mine=mine, token=request.path_params["token"],
                problem=problem, chosen=chosen or {"class": "", "name": ""}, name_size=NAME_SIZE)


async def join(request: Request):
    _joining(request)
    return _join_page(request)


async def make_character(request: Request):
    from nests.generators.sheet import new_character

    _joining(request)
    form = await form_of(request)
    t = table(request)
    chosen = {"class": str(form.get("class", ""))[:40], "name": str(form.get("name", ""))[:200]}
    if not chosen["class"]:
        return _join_page(request, 400, "Class: choose one of the cards.", chosen)
    try:
        state = new_character(t.content, chosen["class"], chosen["name"].strip())
    except NestsError as err:
        message = str(err).replace("--name", "Name:").replace(": NAME", "")
        return _join_page(request, 400, message, chosen)
    joined = {"what": "joined as", "before": "", "after": t.content.classes[state["class"]].name}
    character_id = t.store.add_character(security.owner_of(browser(request)), state, joined)
    return go(f"/characters/{character_id}")


def _character(request: Request) -> dict:
    """The character of the path, for its player or the GQ; for anyone else, nothing (not even whether it exists)."""
    row = table(request).store.character(request.path_params["character"])
    if row is None or not (is_gq(request) or security.owner_of(browser(request)) == row["owner"]):
        raise HTTPException(404, "There is no such character of yours at this table; join by the table's link.")
    return row


async def show_character(request: Request, problems=(), status: int = 200):
    row = _character(request)
    sheet_def = _definition(request)
    klass = table(request).content.classes[row["state"]["class"]]
    from nests.serve.campaigns import deaths

    return page(request, "character", status, character=row, klass=klass,
                deaths=deaths(table(request).store, row["state"].get("name", ""), row["state"]["class"]),
                play=views.play_sheet(sheet_def, klass, row["state"]),
                sheet=_sheet_text(request, row["state"], _width(request)), problems=list(problems),
                join=f"/join/{table(request).join_token}" if not is_gq(request) else "")


def _save(request: Request, row: dict, state: dict) -> int:
    """The state saved with what it changed (for the GQ's log); its new version."""
    changed = views.changes(_definition(request), row["state"], state)
    return table(request).store.save_character(row["id"], state, changed)


async def save_character(request: Request):
    """The play values of the form, saved at once (JSON for the page's script; a page without it)."""
    row = _character(request)
    form = await form_of(request)
    state, problems = read_play(_definition(request), row["state"], form)
    version = row["version"]
    if not problems and state != row["state"]:
        version = _save(request, row, state)
    if wants_json(request):
        body = {"version": version, "problems": problems}
        if not problems:
            body["sheet"] = _sheet_text(request, state, _width(request))
        return JSONResponse(body, 400 if problems else 200)
    if problems:
        return await show_character(request, problems, 400)
    return go(f"/characters/{row['id']}")


async def sheet(request: Request):
    row = _character(request)
    return JSONResponse({"version": row["version"], "sheet": _sheet_text(request, row["state"], _width(request))})


def _stem(state: dict) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", str(state.get("name", ""))).strip("-").lower() or "character"


async def sheet_txt(request: Request):
    """The sheet `nests character read` reads back (the print width, as `nests sheet --character` writes)."""
    row = _character(request)
    stem = _stem(row["state"])
    return attachment(request, f"{stem}.txt", _sheet_text(request, row["state"], grid.PAGE_WIDTH).encode("utf-8"))


async def sheet_pdf(request: Request):
    row = _character(request)
    stem = _stem(row["state"])
    data = await in_pool(request, "pdf", making.character_pdf, row["state"], stem)
    return attachment(request, f"{stem}.pdf", data)


async def upload(request: Request):
    """A plaintext sheet (any width, box drawing or ASCII) read into the character, as `nests character read` does."""
    from nests.content.sheets.reader import decode
    from nests.generators.sheet import read_character

    row = _character(request)
    form = await form_of(request, files=1)
    sent = form.get("sheet")
    if sent is None or isinstance(sent, str):
        return await show_character(request, ["Upload: choose a plaintext sheet (.txt) to read."], 400)
    data = await sent.read()
    try:
        state = read_character(table(request).content, decode(data, "the uploaded sheet"), "the uploaded sheet",
                               row["state"])
        from nests.content.sheets.state import full_rows

        state = full_rows(_definition(request), state)
    except NestsError as err:
        return await show_character(request, [str(err)], 400)
    _save(request, row, state)
    return go(f"/characters/{row['id']}")


def _party(request: Request) -> dict:
    """The party's cards, the evening's log, the version they are of and the last change's id."""
    t = table(request)
    sheet_def = _definition(request)
    members = [views.party_card(sheet_def, t.content.classes[c["state"]["class"]], c) for c in t.store.characters()]
    return {"version": t.store.table_version(), "members": members, "log": _log(t.store.changes()),
            "change": t.store.last_change()}


def _log(changes: list[dict]) -> list[dict]:
    """The changes a line a save (one save may change several values), the newest first; each
    line's parts in the order the save made them, laid out by the template (serve/macros)."""
    import time

    lines: list[dict] = []
    for c in changes:
        if lines and (lines[-1]["character"], lines[-1]["at"]) == (c["character"], c["at"]):
            lines[-1]["parts"].insert(0, c)
            continue
        lines.append({"id": c["id"], "character": c["character"], "at": c["at"], "name": c["name"],
                      "clock": time.strftime("%H:%M", time.localtime(c["at"])), "parts": [c]})
    return lines


async def table_page(request: Request):
    import segno

    gq_only(request)
    t = table(request)
    qr = segno.make(t.join_url, error="m").svg_data_uri(scale=4, border=2)
    return page(request, "table", join_url=t.join_url, qr=qr, party=_party(request))


async def party(request: Request):
    """The party for the GQ's page to redraw (its cards, the evening's log) when it changed since
    ``?since=`` (a version); the page marks each card whose character has a line newer than the
    last change it had seen."""
    gq_only(request)
    since = request.query_params.get("since", "")
    t = table(request)
    if since.isdigit() and int(since) == t.store.table_version():
        return JSONResponse({"version": int(since)})
    from nests.render import render

    state = _party(request)
    return JSONResponse({"version": state["version"], "change": state["change"],
                         "html": render("serve/party.html.j2", party=state),
                         "log": render("serve/log.html.j2", log=state["log"])})


ROUTES = [
    Route("/table", table_page),
    Route("/table/party", party),
    Route("/join/{token:str}", join),
    Route("/join/{token:str}", make_character, methods=["POST"]),
    Route("/characters/{character:int}", show_character),
    Route("/characters/{character:int}", save_character, methods=["POST"]),
    Route("/characters/{character:int}/sheet", sheet),
    Route("/characters/{character:int}/sheet.txt", sheet_txt),
    Route("/characters/{character:int}/sheet.pdf", sheet_pdf),
    Route("/characters/{character:int}/upload", upload, methods=["POST"]),
]
