"""The GQ's campaign pages (issue 40): start a campaign (its party the table's characters or classes), see
where the party stands, record an evening, take the rest (or skip it), download the next evening's packet
(the bytes `nests campaign packet` writes), read the story with the party's path on the map.

Every change goes through the core calls of `nests campaign` in a worker (serve/campaigning.py), on the
table's own store file: the same checks, each problem one line on the page, nothing half-written. The
players keep their live sheets on their phones: a campaign's character is the table's character of the
same name and class, whose sheet fills in the evening's form; one who died is marked on her sheet, and
her replacement, a new character of the table, joins the party by the same form."""

from __future__ import annotations

import os

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.routing import Route

from nests.errors import NestsError
from nests.serve import campaigning
from nests.serve.web import attachment, form_of, go, gq_only, in_pool, page, table

MOST_SEED = 999_999_999
JOIN_ROWS = 2            # the evening form's rows for new characters (a log file takes any number)
NUMBER = 4               # digits of a number the form reads as one (more: kept as text, refused by the log)


def _folder(request: Request) -> str:
    return str(table(request).store.folder)


def _name(request: Request) -> str:
    name = table(request).store.campaign_name(request.path_params["campaign"])
    if name is None:
        raise HTTPException(404, "There is no such campaign at this table; the campaigns are listed on the Campaigns page.")
    return name


def _problems(err: NestsError) -> list[str]:
    return [line for line in str(err).splitlines() if line.strip()]


def _table_characters(request: Request) -> list[dict]:
    t = table(request)
    return [{"id": c["id"], "name": c["state"].get("name", ""), "class": c["state"]["class"],
             "class_name": t.content.classes[c["state"]["class"]].name, "state": c["state"]}
            for c in t.store.characters()]


def _linked(members: list[dict], characters: list[dict]) -> dict[int, dict]:
    """Each campaign character's live sheet: the table's character of her name and class (each sheet once)."""
    out, used = {}, set()
    for m in members:
        for c in characters:
            if c["id"] not in used and (c["name"], c["class"]) == (m["name"], m["class"]):
                out[m["index"]] = c
                used.add(c["id"])
                break
    return out


# -- the list, and a campaign started

def _list(request: Request, status: int = 200, problems=(), chosen: dict | None = None):
    t = table(request)
    chosen = chosen or {"name": "", "seed": "", "characters": [], "classes": []}
    return page(request, "campaigns", status, campaigns=t.store.campaigns(), characters=_table_characters(request),
                classes=[(c, t.content.classes[c].name) for c in t.content.class_ids()], chosen=chosen,
                problems=list(problems))


async def campaigns(request: Request):
    gq_only(request)
    return _list(request)


async def start(request: Request):
    gq_only(request)
    form = await form_of(request)
    chosen = {"name": str(form.get("name", ""))[:200], "seed": str(form.get("seed", "")).strip()[:40],
              "characters": [str(c) for c in form.getlist("characters")][:12],
              "classes": [str(c) for c in form.getlist("classes")][:12]}
    if not chosen["seed"]:
        seed = int.from_bytes(os.urandom(4), "big") % (MOST_SEED + 1)
    elif chosen["seed"].isdigit() and len(chosen["seed"]) <= 9:
        seed = int(chosen["seed"])
    else:
        return _list(request, 400, [f"Seed: {chosen['seed']!r} is not a whole number from 0 to {MOST_SEED}; "
                                    "leave it empty for a random one."], chosen)
    by_id = {str(c["id"]): c for c in _table_characters(request)}
    unknown = [c for c in chosen["characters"] if c not in by_id]
    if unknown:
        return _list(request, 400, ["Party: a character ticked is no longer at the table; reload the page."], chosen)
    party = [f"{by_id[c]['class']}:{by_id[c]['name']}" for c in chosen["characters"]] + chosen["classes"]
    if not party:
        return _list(request, 400, ["Party: tick the table's characters or classes, 1 to 6 in all."], chosen)
    try:
        made = await in_pool(request, "pages", campaigning.start, _folder(request), chosen["name"], seed, ",".join(party))
    except NestsError as err:
        return _list(request, 400, _problems(err), chosen)
    return go(f"/campaigns/{made}")


# -- one campaign

async def _view(request: Request, name: str) -> dict:
    return await in_pool(request, "pages", campaigning.view, _folder(request), name)


async def show(request: Request, status: int = 200, problems=()):
    gq_only(request)
    name = _name(request)
    view = await _view(request, name)
    linked = _linked(view["members"], _table_characters(request))
    return page(request, "campaign", status, campaign=view, cid=request.path_params["campaign"], linked=linked,
                files=campaigning.FILES, problems=list(problems))


def _number(text: str):
    """A number typed in the form: an int, or the text as typed (the log's check says what is allowed)."""
    text = text.strip()
    return int(text) if text.isdigit() and len(text) <= NUMBER else text


def _prefilled(view: dict, linked: dict) -> dict:
    """The evening's form as it opens: each living character's figures from her live sheet (the table's
    character of her name and class) where she has one, else as the campaign last left them."""
    members = {}
    for m in view["members"]:
        if not m["alive"]:
            continue
        state = linked[m["index"]]["state"] if m["index"] in linked else m
        rows = [r for r in (state.get("items") or []) if r.get("name")]
        members[m["index"]] = {
            "wounds": str(state.get("wounds") or 0), "hunger": "" if m["hunger"] is None else str(state.get("hunger") or 0),
            "xp": [x for x in state.get("xp") or [] if x in dict(view["xp_fields"])],
            "items": [{"name": r.get("name", ""), "types": " ".join(r.get("types") or []),
                       "rating": "" if r.get("rating") is None else str(r["rating"]),
                       "known": r.get("known", True), "depleted": r.get("depleted", False)} for r in rows],
            "died": False}
    return {"spent": "", "found": "", "level": "", "items_found": "", "items_identified": "", "job": "",
            "members": members, "joined": [{"replaces": "", "character": "", "name": "", "class": "", "bid": ""}
                                           for _ in range(JOIN_ROWS)]}


def _sent(view: dict, form) -> dict:
    """The evening's form as sent, in the form's own shape (to show it again with its problems)."""
    def text(key: str, most: int = 200) -> str:
        return str(form.get(key, ""))[:most]

    members = {}
    for m in view["members"]:
        if not m["alive"]:
            continue
        k = m["index"]
        items = []
        for r in range(view["slots"]):
            row = {"name": text(f"m{k}-i{r}-name", 80).strip(), "types": text(f"m{k}-i{r}-types", 20),
                   "rating": text(f"m{k}-i{r}-rating", 10), "known": bool(form.get(f"m{k}-i{r}-known")),
                   "depleted": bool(form.get(f"m{k}-i{r}-depleted"))}
            if row["name"]:
                items.append(row)
        members[k] = {"wounds": text(f"m{k}-wounds", 10), "hunger": text(f"m{k}-hunger", 10) if m["hunger"] is not None else "",
                      "xp": [str(x)[:60] for x in form.getlist(f"m{k}-xp")][:40], "items": items,
                      "died": bool(form.get(f"m{k}-died"))}
    joined = [{key: text(f"j{n}-{key}", 60) for key in ("replaces", "character", "name", "class", "bid")}
              for n in range(JOIN_ROWS)]
    return {"spent": text("spent", 2000), "found": text("found", 2000), "level": text("level", 10),
            "items_found": text("items_found", 500), "items_identified": text("items_identified", 500),
            "job": text("job", 20), "members": members, "joined": joined}


def _log(view: dict, values: dict, characters: list[dict]) -> dict:
    """The evening's log (the mapping a YAML log reads as: nests.campaign.log) from the form's values."""
    log: dict = {}
    for key in ("spent", "found"):
        if values[key].strip():
            log[key] = values[key]
    if values["level"].strip():
        log["level"] = _number(values["level"])
    items = {k: values[f"items_{k}"] for k in ("found", "identified") if values[f"items_{k}"].strip()}
    if items:
        log["items"] = items
    party = {}
    for m in view["members"]:
        if not m["alive"]:
            continue
        v = values["members"][m["index"]]
        out: dict = {"xp": list(v["xp"]),
                     "items": [{"name": r["name"], "types": r["types"].replace(",", " ").split(),
                                "rating": None if not r["rating"].strip() else _number(r["rating"]),
                                "known": r["known"], "depleted": r["depleted"]} for r in v["items"]]}
        if v["wounds"].strip():
            out["wounds"] = _number(v["wounds"])
        if m["hunger"] is not None and v["hunger"].strip():
            out["hunger"] = _number(v["hunger"])
        if v["died"]:
            out["died"] = True
        party[m["name"]] = out
    log["party"] = party
    by_id = {str(c["id"]): c for c in characters}
    joined = []
    for row in values["joined"]:
        if not row["replaces"]:
            continue
        one = {"replaces": row["replaces"], "name": row["name"].strip(), "class": row["class"]}
        if row["character"] in by_id:
            one["name"], one["class"] = by_id[row["character"]]["name"], by_id[row["character"]]["class"]
        if row["bid"]:
            one["bid"] = row["bid"]
        joined.append(one)
    if joined:
        log["joined"] = joined
    if values["job"]:
        log["job"] = values["job"]
    return log


async def _evening_page(request: Request, view: dict, values: dict, status: int = 200, problems=()):
    characters = _table_characters(request)
    linked = _linked(view["members"], characters)
    # the table's characters not in the party: a dead one's replacement may be one of them
    taken = {c["id"] for c in linked.values()}
    free = [c for c in characters if c["id"] not in taken]
    return page(request, "evening", status, campaign=view, cid=request.path_params["campaign"], values=values,
                linked=linked, free=free, problems=list(problems))


async def evening_form(request: Request):
    gq_only(request)
    view = await _view(request, _name(request))
    return await _evening_page(request, view, _prefilled(view, _linked(view["members"], _table_characters(request))))


async def record(request: Request):
    gq_only(request)
    name = _name(request)
    form = await form_of(request)
    view = await _view(request, name)
    values = _sent(view, form)
    log = _log(view, values, _table_characters(request))
    try:
        number, now = await in_pool(request, "pages", campaigning.record, _folder(request), name, log)
    except NestsError as err:
        return await _evening_page(request, view, values, 400, _problems(err))
    _to_live_sheets(request, now)
    return go(f"/campaigns/{request.path_params['campaign']}#evening-{number}")


async def rest(request: Request):
    gq_only(request)
    name = _name(request)
    await form_of(request)
    try:
        now = await in_pool(request, "pages", campaigning.rest, _folder(request), name)
    except NestsError as err:
        return await show(request, 400, _problems(err))
    _to_live_sheets(request, now)
    return go(f"/campaigns/{request.path_params['campaign']}#rested")


def _to_live_sheets(request: Request, now: dict[str, dict]) -> None:
    """The party's sheets as an evening or a rest left them, on the players' live sheets too (each its own
    save, logged for the GQ's table as a phone's save is): the rest's healing, a Form identified, a new
    character's sheet as printed; the next evening's form opens from them. (A crash between the campaign's
    entry and these saves leaves a live sheet as it was: the campaign holds the figures.)"""
    from nests.content.sheets import NESTS, definition
    from nests.serve import views

    store = table(request).store
    sheet = definition(table(request).content, NESTS)
    members = [{"index": k, "name": who, "class": m["class"]} for k, (who, m) in enumerate(now.items())]
    for k, row in _linked(members, _table_characters(request)).items():
        live = store.character(row["id"])
        state = {**live["state"], **now[members[k]["name"]]["state"]}
        if state != live["state"]:
            store.save_character(row["id"], state, views.changes(sheet, live["state"], state))


async def story(request: Request):
    gq_only(request)
    name = _name(request)
    view = await _view(request, name)
    told = await in_pool(request, "pages", campaigning.story, _folder(request), name)
    return page(request, "campaign_story", campaign=view, cid=request.path_params["campaign"], story=told)


async def download(request: Request):
    """A file of the next evening's packet (or of the story), as the command line writes it."""
    gq_only(request)
    name, kind = _name(request), request.path_params["kind"]
    if kind in ("story-txt", "story-pdf"):
        fmt = kind[6:]
        made = await in_pool(request, "pdf" if fmt == "pdf" else "pages", campaigning.story_file, _folder(request), name, fmt)
    elif kind in campaigning.FILES:
        pool = "pdf" if campaigning.FILES[kind][1] == "pdf" else "pages"
        made = await in_pool(request, pool, campaigning.packet_file, _folder(request), name, kind)
    else:
        raise HTTPException(404, "A campaign's packet downloads as: " + ", ".join(campaigning.FILES) + ".")
    return attachment(request, *made)


def deaths(store, name: str, klass: str) -> list[dict]:
    """The campaigns in which a character of this name and class died (her live sheet marks it): read from
    the records alone (each evening's ``died``), without replaying them."""
    out = []
    for c in store.campaigns():
        campaign = store.campaign(c["name"])
        classes = {n: k for k, n in campaign.party}
        for entry in campaign.entries:
            if entry["kind"] != "evening":
                continue
            for n, logged in entry.get("party", {}).items():
                if n == name and logged.get("died") and classes.get(n) == klass:
                    out.append({"campaign": c["name"], "id": c["id"], "evening": entry["evening"]})
            for j in entry.get("joined", []):
                classes[j["name"]] = j["class"]
    return out


ROUTES = [
    Route("/campaigns", campaigns),
    Route("/campaigns", start, methods=["POST"]),
    Route("/campaigns/{campaign:int}", show),
    Route("/campaigns/{campaign:int}/evening", evening_form),
    Route("/campaigns/{campaign:int}/evening", record, methods=["POST"]),
    Route("/campaigns/{campaign:int}/rest", rest, methods=["POST"]),
    Route("/campaigns/{campaign:int}/story", story),
    Route("/campaigns/{campaign:int}/files/{kind:str}", download),
]
