"""Who may do what at a table, and the bounds on what a request may carry.

- Every browser gets its own random cookie (``nests_browser``, HttpOnly, SameSite=Strict).
  A character belongs to the browser that made it: its owner is the hash of that cookie,
  so a player changes only their own characters.
- The GQ is whoever sits at the serving machine: a browser that opens the GQ's pages from
  127.0.0.1 (or ::1) gets the GQ's cookie, and with it every page and character. A
  player on the network never reaches those pages, whatever they send.
- Every form and every change sent by the page's script carries a CSRF token, an HMAC
  of the browser's cookie under the table's own key; a request from another site has
  neither the cookie (SameSite) nor the token.
- A request's body is at most ``MOST_BYTES``; a longer one is refused before it is read.
- A request must name the server by an address (127.0.0.1, the LAN's) or ``localhost``: a
  page of another site whose name was pointed at this machine (DNS rebinding) is refused,
  so that being "on the serving machine" cannot be borrowed by a web page.
- A request whose ``Origin`` is another site's (another host, or this host on another port:
  a site's cookies are sent there too) is refused before it is read. The pages' own forms
  and scripts send this server's origin, or ``null`` (under ``Referrer-Policy: no-referrer``
  Chromium names no origin for them); ``null`` is let through to the CSRF check above.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from ipaddress import ip_address

BROWSER = "nests_browser"
GQ = "nests_gq"
MOST_BYTES = 256 * 1024          # a plaintext sheet is some 10 KB; a form a few hundred bytes
COOKIE = {"httponly": True, "samesite": "strict", "max_age": 400 * 24 * 3600, "path": "/"}


def is_local(host: str | None) -> bool:
    try:
        return host is not None and ip_address(host).is_loopback
    except ValueError:
        return False


def new_browser() -> str:
    return secrets.token_urlsafe(24)


def owner_of(browser: str) -> str:
    """What the store keeps of a browser's cookie: its hash, so the file gives no cookie away."""
    return hashlib.sha256(browser.encode()).hexdigest()


def csrf_token(key: str, browser: str) -> str:
    return hmac.new(key.encode(), browser.encode(), hashlib.sha256).hexdigest()


def csrf_ok(key: str, browser: str | None, token: str | None) -> bool:
    return bool(browser and token) and hmac.compare_digest(csrf_token(key, browser), str(token))


def same(secret: str, given: str | None) -> bool:
    return given is not None and hmac.compare_digest(secret.encode(), given.encode())


def host_ok(host: str) -> bool:
    """The Host header names the server by an IP address or as localhost."""
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]")
    if name == "localhost":
        return True
    try:
        ip_address(name)
        return True
    except ValueError:
        return False


def origin_ok(origin: str | None, host: str) -> bool:
    """No Origin, ``null``, or this very server (scheme, the Host as the browser named it)."""
    return origin is None or origin == "null" or origin == f"http://{host}"


class Guard:
    """ASGI middleware, before anything reads a request: a request to a name that is no
    address (see ``host_ok``) is refused (421), one from another site's page (see
    ``origin_ok``) too (403); a body longer than ``most`` bytes (by its
    Content-Length, or as it arrives when it has none) is answered 413 and never read whole."""

    def __init__(self, app, most: int = MOST_BYTES):
        self.app = app
        self.most = most

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        headers = dict(scope["headers"])
        if not host_ok(headers.get(b"host", b"").decode("latin-1")):
            return await _refuse(send, 421, "This table answers to its address (as nests serve printed it), "
                                            "not to that name.\n")
        origin = headers.get(b"origin")
        if not origin_ok(None if origin is None else origin.decode("latin-1"), headers[b"host"].decode("latin-1")):
            return await _refuse(send, 403, "This table takes requests from its own pages only, not from another "
                                            "site's.\n")
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.most):
            return await _too_large(send, self.most)
        seen = 0

        async def bounded():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.most:
                raise TooLarge()
            return message

        try:
            await self.app(scope, bounded, send)
        except TooLarge:
            await _too_large(send, self.most)


class TooLarge(Exception):
    pass


async def _too_large(send, most: int) -> None:
    await _refuse(send, 413, f"The request is larger than this table takes ({most // 1024} KB).\n")


async def _refuse(send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
