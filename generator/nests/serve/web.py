"""What every page of the server shares: the table (store, content, workers), the browser's
cookie, the GQ's, the CSRF token, the page frame and its headers, the error pages."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from nests.errors import NestsError
from nests.serve import security
from nests.serve.store import Store


@dataclass
class GameTable:
    """What the app's pages share: the store, the content, the worker pools, the PDFs being made."""
    store: Store
    content: object
    pools: dict
    join_url: str                        # the address players open (with --share, the LAN's)
    jobs: dict = field(default_factory=dict)       # (packet id, file kind) → making.Job
    took: dict = field(default_factory=dict)       # file kind → seconds the last one took
    views: dict = field(default_factory=dict)      # packet id → what its page shows (the same every time)

    @property
    def key(self) -> str:
        return self.store.secret("csrf")

    @property
    def join_token(self) -> str:
        return self.store.secret("join")


def table(request: Request) -> GameTable:
    return request.app.state.table


def browser(request: Request) -> str:
    """This browser's cookie (a new one, set on the response by ``page``, when it has none)."""
    if not hasattr(request.state, "browser"):
        given = request.cookies.get(security.BROWSER)
        request.state.browser = given if given and len(given) < 100 else security.new_browser()
        request.state.new_browser = given != request.state.browser
    return request.state.browser


def is_gq(request: Request) -> bool:
    return security.same(table(request).store.secret("gq"), request.cookies.get(security.GQ))


def gq_only(request: Request) -> None:
    """The GQ's pages: for the GQ's cookie, which a browser at the serving machine gets here."""
    if is_gq(request):
        return
    if request.client and security.is_local(request.client.host) and request.method == "GET":
        request.state.make_gq = True
        return
    raise HTTPException(403, "This page is the GQ's, at the machine that serves the table. "
                             "A player joins by the table's join link.")


def csrf(request: Request) -> str:
    return security.csrf_token(table(request).key, browser(request))


async def form_of(request: Request, files: int = 0):
    """The request's form, its CSRF token checked (a form from elsewhere is refused)."""
    form = await request.form(max_files=files, max_fields=200)
    token = form.get("csrf") or request.headers.get("x-csrf-token")
    if not security.csrf_ok(table(request).key, request.cookies.get(security.BROWSER), token):
        raise HTTPException(403, "This form is out of date or was sent from another page; reload the page and try again.")
    return form


def page(request: Request, template: str, status: int = 200, **context) -> HTMLResponse:
    from nests.render import render

    context.setdefault("gq", is_gq(request) or getattr(request.state, "make_gq", False))
    html = render(f"serve/{template}.html.j2", csrf=csrf(request), **context)
    return cookies(request, HTMLResponse(html, status))


def cookies(request: Request, response: Response) -> Response:
    if getattr(request.state, "new_browser", False):
        response.set_cookie(security.BROWSER, request.state.browser, **security.COOKIE)
    if getattr(request.state, "make_gq", False):
        response.set_cookie(security.GQ, table(request).store.secret("gq"), **security.COOKIE)
    response.headers["Content-Security-Policy"] = ("default-src 'self'; img-src 'self' data:; style-src 'self' "
                                                   "'unsafe-inline'; frame-ancestors 'none'; form-action 'self'")
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def go(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


async def refused(request: Request, err: Exception) -> Response:
    """Bad input or a page that is not there: its message on a page, never a stack trace."""
    if isinstance(err, HTTPException):
        status, message = err.status_code, err.detail
        if status == 404 and message == "Not Found":
            message = "There is no such page at this table."
        elif status == 405:
            message = "This page is not for that kind of request."
    elif isinstance(err, NestsError):
        status, message = 400, str(err)
    else:
        status, message = 500, "Something went wrong on the server; the table's data is safe. Try again."
    if wants_json(request):
        return JSONResponse({"error": message}, status)
    try:
        return page(request, "error", status, message=message)
    except Exception:        # the error page itself failing still says something plain
        return Response(message, status, media_type="text/plain")


async def in_pool(request: Request, pool: str, fn, *args):
    """``fn(*args)`` in a worker process; the server's thread serves other pages meanwhile.
    A worker's refusal (ValueError: a NestsError's message) is bad input, said on the page."""
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(table(request).pools[pool], fn, *args)
    except ValueError as err:
        raise NestsError(str(err)) from None


def attachment(request: Request, name: str, data: bytes) -> Response:
    """A download: its bytes as made, under its own file name (the name made safe for the header)."""
    media = {"pdf": "application/pdf", "json": "application/json", "txt": "text/plain; charset=utf-8"}
    suffix = name.rsplit(".", 1)[-1]
    safe = "".join(c for c in name if c.isalnum() or c in "-+.@_")
    return cookies(request, Response(data, media_type=media.get(suffix, "application/octet-stream"),
                                     headers={"Content-Disposition": f'attachment; filename="{safe}"'}))
