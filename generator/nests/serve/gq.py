"""The GQ's pages: make a packet (party, seed or a random one, depth, difficulty), read it
as its pages, its map and its estimate, re-roll a part of it, download its files; the
packets made, listed to open again; the table (its join link, its QR code, the party live)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from nests.errors import NestsError
from nests.serve import making
from nests.serve.web import attachment, form_of, go, gq_only, in_pool, page, table

DEPTHS = ("oneshot", "full")
MOST_SEED = 999_999_999


def _spec(row: dict) -> dict:
    return {k: row[k] for k in ("seed", "party", "depth", "nest", "rerolls", "difficulty")}


async def _view(request: Request, row: dict) -> dict:
    views = table(request).views
    if row["id"] not in views:
        if len(views) > 32:
            views.pop(next(iter(views)))
        views[row["id"]] = await in_pool(request, "pages", making.packet_view, _spec(row))
    return views[row["id"]]


def _packet_row(request: Request) -> dict:
    row = table(request).store.packet(request.path_params["packet"])
    if row is None:
        raise HTTPException(404, "There is no such packet at this table; the packets made are listed on the GQ's page.")
    return row


def _home(request: Request, status: int = 200, problem: str = "", chosen: dict | None = None):
    t = table(request)
    default = t.content.packet.settings["default_party"]
    # a packet depends on its party's order too: the boxes stand in the default party's order
    # (then the other classes), so the form as it comes makes the packet `nests packet` makes
    ids = list(dict.fromkeys(list(default) + t.content.class_ids()))
    classes = [(c, t.content.classes[c].name) for c in ids]
    chosen = chosen or {"party": default, "seed": "", "depth": "oneshot", "difficulty": ""}
    return page(request, "home", status, classes=classes, packets=t.store.packets(), depths=DEPTHS,
                difficulties=making.difficulties(t.content), chosen=chosen, problem=problem)


async def home(request: Request):
    gq_only(request)
    return _home(request)


async def make_packet(request: Request):
    gq_only(request)
    form = await form_of(request)
    party = [c for c in form.getlist("party")][:12]
    seed_text = str(form.get("seed", "")).strip()
    depth = str(form.get("depth", "oneshot"))
    difficulty = str(form.get("difficulty", "")) or None
    chosen = {"party": party, "seed": seed_text, "depth": depth, "difficulty": difficulty or ""}
    if not seed_text:
        seed = int.from_bytes(os.urandom(4), "big") % (MOST_SEED + 1)
    elif seed_text.isdigit() and len(seed_text) <= 9:
        seed = int(seed_text)
    else:
        return _home(request, 400, f"Seed: {seed_text[:40]!r} is not a whole number from 0 to {MOST_SEED}; "
                                   "leave it empty for a random one.", chosen)
    if depth not in DEPTHS:
        return _home(request, 400, f"Depth: choose one of {', '.join(DEPTHS)}.", chosen)
    if not party:
        return _home(request, 400, "Party: tick 1 to 6 classes.", chosen)
    offered = making.difficulties(table(request).content)
    if difficulty is not None and difficulty not in offered:
        return _home(request, 400, f"Difficulty: {difficulty[:40]!r} is not one this packet can be made at; "
                                   f"{'choose one of ' + ', '.join(offered) if offered else 'leave it as rolled'}.", chosen)
    spec = {"seed": seed, "party": party, "depth": depth, "nest": None, "rerolls": [], "difficulty": difficulty}
    try:
        view = await in_pool(request, "pages", making.packet_view, spec)
    except NestsError as err:
        return _home(request, 400, str(err), chosen)
    packet_id = table(request).store.add_packet(seed, party, depth, None, [], difficulty)
    table(request).views[packet_id] = view
    return go(f"/packets/{packet_id}")


async def show_packet(request: Request):
    gq_only(request)
    row = _packet_row(request)
    view = await _view(request, row)
    rerolled = await _rerolled(request, row, view)
    return page(request, "packet", packet=row, view=view, files=making.FILES, rerolls=_parts_by_page(view),
                default_difficulty=making.difficulties(table(request).content)[0], rerolled=rerolled)


async def _rerolled(request: Request, row: dict, view: dict) -> dict | None:
    """A re-rolled packet against the one it was made from: what changed (from the two packets'
    JSON), the pages that show it, and each such page as it was."""
    parent = table(request).store.packet(row["parent"]) if row.get("parent") else None
    if parent is None:
        return None
    views = table(request).views
    key = f"{parent['id']}>{row['id']}"
    if key not in views:
        views[key] = await in_pool(request, "pages", making.packet_changes, _spec(parent), _spec(row))
    changed = views[key]
    before = await _view(request, parent)
    codes = {c["code"]: c["what"] for c in changed}
    pages = {}
    for number, p in enumerate(view["pages"]):
        here = [c for c in p["codes"] if c in codes] + (["Job"] if number == 0 and "Job" in codes else [])
        if here:
            was = next((q["text"] for q in before["pages"] if set(here) & set(q["codes"])), None)
            if number == 0 and "Job" in here:
                was = before["pages"][0]["text"]
            pages[number] = {"codes": here, "what": list(dict.fromkeys(codes[c] for c in here)),
                             "was": was if was != p["text"] else None}
    return {"from": parent, "changes": changed, "pages": pages,
            "first": min(pages) + 1 if pages else None,
            "part": row["rerolls"][-1].split("@")[0] if row["rerolls"] else ""}


def _parts_by_page(view: dict) -> list[list[str]]:
    """Each page's re-roll buttons: the Job on the cover, each keyed Level, Room and Item where its code stands."""
    known = {p for parts in view["parts"].values() for p in parts}
    out = []
    for number, p in enumerate(view["pages"]):
        here = ["job"] if number == 0 else []
        for code in p["codes"]:
            part = (f"level:{code.split()[1]}" if code.startswith("Level ") else
                    f"item:{code}" if code.startswith("I") else f"room:{code}")
            if part in known and part not in here:
                here.append(part)
        out.append(here)
    return out


async def reroll(request: Request):
    gq_only(request)
    row = _packet_row(request)
    form = await form_of(request)
    part = str(form.get("part", ""))
    view = await _view(request, row)
    if part not in {p for parts in view["parts"].values() for p in parts}:
        raise HTTPException(400, f"{part[:40]!r} is no part of this packet to re-roll.")
    rerolls = list(row["rerolls"])
    times = 1
    for i, r in enumerate(rerolls):
        if r.split("@")[0] == part:
            times = int(r.split("@")[1]) + 1
            rerolls.pop(i)
            break
    rerolls.append(f"{part}@{times}")
    packet_id = table(request).store.add_packet(row["seed"], row["party"], row["depth"], row["nest"], rerolls,
                                                row["difficulty"], parent=row["id"])
    return go(f"/packets/{packet_id}#rerolled")


def _kind(request: Request) -> str:
    kind = request.path_params["kind"]
    if kind not in making.FILES:
        raise HTTPException(404, "A packet downloads as: " + ", ".join(making.FILES) + ".")
    return kind


def _stored(request: Request, packet_id: int, kind: str) -> Path:
    return table(request).store.folder / "files" / f"packet-{packet_id}-{kind}"


async def download(request: Request):
    """A text file at once; a PDF from the folder when made, else a page that shows it being made."""
    gq_only(request)
    row, kind = _packet_row(request), _kind(request)
    if making.FILES[kind][1] != "pdf":
        name, data = await in_pool(request, "pages", making.packet_file, _spec(row), kind)
        return attachment(request, name, data)
    stored = _stored(request, row["id"], kind)
    if stored.exists():
        return attachment(request, stored.with_suffix(".name").read_text(), stored.read_bytes())
    _start(request, row, kind)
    return page(request, "making", packet=row, kind=kind)


def _start(request: Request, row: dict, kind: str) -> None:
    t = table(request)
    key = (row["id"], kind)
    if key in t.jobs and not t.jobs[key]["future"].done():
        return
    future = t.pools["pdf"].submit(making.packet_file, _spec(row), kind)
    job = t.jobs[key] = {"future": future, "started": time.monotonic(), "error": ""}
    stored = _stored(request, row["id"], kind)

    def done(f):
        try:
            name, data = f.result()
        except Exception as err:             # a refusal (bad input) or a worker that died
            job["error"] = str(err) if isinstance(err, ValueError) else "the PDF could not be made; try again"
            return
        stored.parent.mkdir(exist_ok=True)
        for path, content in ((stored.with_suffix(".name"), name.encode()), (stored, data)):
            tmp = path.with_name(path.name + ".part")
            tmp.write_bytes(content)
            tmp.replace(path)                # whole or not at all
        t.took[kind] = time.monotonic() - job["started"]

    future.add_done_callback(done)


async def download_status(request: Request):
    """How far the PDF is: made, failed, or its seconds so far against the last one's."""
    gq_only(request)
    row, kind = _packet_row(request), _kind(request)
    t = table(request)
    if _stored(request, row["id"], kind).exists():
        return JSONResponse({"state": "made"})
    job = t.jobs.get((row["id"], kind))
    if job is None:
        return JSONResponse({"state": "none"})
    if job["error"]:
        return JSONResponse({"state": "failed", "error": job["error"]})
    so_far = time.monotonic() - job["started"]
    expect = t.took.get(kind, 15.0)
    return JSONResponse({"state": "making", "seconds": round(so_far, 1),
                         "percent": min(95, round(100 * so_far / expect)) if expect else 50})


ROUTES = [
    Route("/", home),
    Route("/packets", make_packet, methods=["POST"]),
    Route("/packets/{packet:int}", show_packet),
    Route("/packets/{packet:int}/reroll", reroll, methods=["POST"]),
    Route("/packets/{packet:int}/files/{kind:str}", download),
    Route("/packets/{packet:int}/files/{kind:str}/status", download_status),
]
