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
from nests.serve import making, security
from nests.serve.web import attachment, browser, form_of, go, gq_only, in_pool, is_gq, page, table, wants_json
from nests.serve.play import play_choices, play_fields, read_play
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


async def join(request: Request):
    _joining(request)
    t = table(request)
    classes = [(c, t.content.classes[c].name) for c in t.content.class_ids()]
    return page(request, "join", classes=classes, mine=_mine(request), token=request.path_params["token"],
                problem="", chosen={"class": "", "name": ""})


async def make_character(request: Request):
    from nests.generators.sheet import new_character

    _joining(request)
    form = await form_of(request)
    t = table(request)
    chosen = {"class": str(form.get("class", ""))[:40], "name": str(form.get("name", ""))[:200]}
    try:
        state = new_character(t.content, chosen["class"], chosen["name"].strip())
    except NestsError as err:
        classes = [(c, t.content.classes[c].name) for c in t.content.class_ids()]
        message = str(err).replace("--name", "Name:").replace(": NAME", "")
        return page(request, "join", 400, classes=classes, mine=_mine(request), token=request.path_params["token"],
                    problem=message, chosen=chosen)
    character_id = t.store.add_character(security.owner_of(browser(request)), state)
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
    return page(request, "character", status, character=row, fields=play_fields(sheet_def),
                choices=play_choices(sheet_def),
                sheet=_sheet_text(request, row["state"], _width(request)), problems=list(problems),
                join=f"/join/{table(request).join_token}" if not is_gq(request) else "")


async def save_character(request: Request):
    """The play values of the form, saved at once (JSON for the page's script; a page without it)."""
    row = _character(request)
    form = await form_of(request)
    state, problems = read_play(_definition(request), row["state"], form)
    version = row["version"]
    if not problems and state != row["state"]:
        version = table(request).store.save_character(row["id"], state)
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
    table(request).store.save_character(row["id"], state)
    return go(f"/characters/{row['id']}")


def _party(request: Request) -> dict:
    t = table(request)
    members = [{"id": c["id"], "name": c["state"].get("name", ""), "class": t.content.classes[c["state"]["class"]].name,
                "version": c["version"], "sheet": _sheet_text(request, c["state"], _width(request))}
               for c in t.store.characters()]
    return {"version": t.store.table_version(), "members": members}


async def table_page(request: Request):
    import segno

    gq_only(request)
    t = table(request)
    qr = segno.make(t.join_url, error="m").svg_data_uri(scale=5, border=2)
    return page(request, "table", join_url=t.join_url, qr=qr, party=_party(request))


async def party(request: Request):
    """The party for the GQ's page to redraw, when it changed since ``?since=``."""
    gq_only(request)
    since = request.query_params.get("since", "")
    t = table(request)
    if since.isdigit() and int(since) == t.store.table_version():
        return JSONResponse({"version": int(since)})
    from nests.render import render

    state = _party(request)
    return JSONResponse({"version": state["version"], "html": render("serve/party.html.j2", party=state)})


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
