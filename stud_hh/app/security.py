"""Who may talk to the app: the browser that opened its first URL, and no page elsewhere.

Like Jupyter's server, ``stud-hh ui`` makes a random token and prints a URL holding it. The
first request with ``?token=...`` gets the token as a cookie (``HttpOnly``,
``SameSite=Strict``) and is sent on to the same address without it; every other request
without the cookie is refused (403). The Host header must name the address the server
listens on (``127.0.0.1``, ``localhost`` or ``[::1]`` and its port, or the ``--host``
given): a page of another site that rebinds its DNS name to 127.0.0.1 is refused. A write
(``POST``) must also carry the CSRF token of the page that sent it (header
``X-CSRF-Token``) and come from the app's own origin. Every response carries a content
security policy: scripts and styles only from the app, no frame, no request elsewhere.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import secrets
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "stud_hh_token"
CSRF_HEADER = "x-csrf-token"
POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
          "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
          "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")
"""The content security policy of every response: only the app's own scripts run (Plotly
sets inline styles on its charts, so styles may be inline)."""
LOCAL_NAMES = ("127.0.0.1", "localhost", "[::1]")


@dataclass(frozen=True, slots=True)
class Guard:
    """The token of one server run and the Host names it answers to."""

    port: int
    host: str = "127.0.0.1"
    token: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    @property
    def csrf(self) -> str:
        """The CSRF token pages carry (derived from the token: one per server run)."""
        return hmac.new(self.token.encode(), b"csrf", hashlib.sha256).hexdigest()

    @property
    def hosts(self) -> frozenset[str]:
        """The Host headers accepted: the local names (and the ``--host``) with the port."""
        names = {*LOCAL_NAMES, self.host if ":" not in self.host else f"[{self.host}]"}
        return frozenset(f"{n}:{self.port}" for n in names) | (
            frozenset(LOCAL_NAMES) if self.port == 80 else frozenset())

    def accepts(self, host_header: str) -> bool:
        """Whether a request's Host header names this server: its own address, or, when it
        listens on every address (``0.0.0.0``, ``::``), any IP address or this computer's
        name with its port (a DNS name rebound to it is still refused)."""
        header = host_header.lower()
        if header in self.hosts:
            return True
        if self.host not in ("0.0.0.0", "::"):
            return False
        name, _, port = header.rpartition(":")
        if port != str(self.port):
            return False
        name = name.strip("[]")
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return name in (socket.gethostname().lower(), f"{socket.gethostname().lower()}.local")
        return True

    def url(self, path: str = "/") -> str:
        """The address to open first: with the token."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "::") else self.host
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.port}{path}?{urlencode({'token': self.token})}"

    def valid(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(token.encode(), self.token.encode())

    def valid_csrf(self, token: str | None) -> bool:
        return token is not None and hmac.compare_digest(token.encode(), self.csrf.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _cookies(header: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in header.split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            out[name] = value
    return out


async def _answer(send: Send, status: int, text: str,
                  headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()), *_SECURITY_HEADERS, *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


_SECURITY_HEADERS = [
    (b"content-security-policy", POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]

REFUSED = ("stud-hh ui refused this request: open the address `stud-hh ui` printed (it "
           "holds the token), in the browser it opened")


class GuardMiddleware:
    """The ASGI middleware that applies a :class:`Guard` to every HTTP request."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app, self.guard = app, guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        guard = self.guard
        if not guard.accepts(headers.get("host", "")):
            await _answer(send, 403, "stud-hh ui answers only to its own address "
                          f"({sorted(guard.hosts)[0]}), not to {headers.get('host')!r}")
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                          keep_blank_values=True)
        given = dict(query).get("token")
        if given is not None:
            if not guard.valid(given):
                await _answer(send, 403, REFUSED)
                return
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            raw = scope.get("raw_path")  # as sent: a name's "?", "/" or "#" stay encoded
            path = raw.decode("latin-1") if raw else quote(scope["path"])
            location = path + (f"?{rest}" if rest else "")
            cookie = f"{COOKIE}={guard.token}; HttpOnly; SameSite=Strict; Path=/"
            await _answer(send, 303, "signed in", [(b"location", location.encode()),
                                                   (b"set-cookie", cookie.encode())])
            return
        if not guard.valid(_cookies(headers.get("cookie", "")).get(COOKIE)):
            await _answer(send, 403, REFUSED)
            return
        if scope["method"] not in ("GET", "HEAD"):
            origin = headers.get("origin")
            if origin is not None and origin.split("//", 1)[-1].lower() not in guard.hosts:
                await _answer(send, 403, "a write from another site's page is refused")
                return
            if not guard.valid_csrf(headers.get(CSRF_HEADER)):
                await _answer(send, 403, "a write without the page's CSRF token is refused")
                return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_SECURITY_HEADERS]
            await send(message)

        await self.app(scope, receive, secured)
