"""What the surface checks of every request before any route sees it, and what it adds to every
answer: the Host a request names (a DNS-rebinding page names its own), a cap on a body's size,
the headers that keep the pages out of other sites' frames and scripts, the WebSocket's origin,
and a limit on wrong guesses (a session's join code).
"""

from __future__ import annotations

import ipaddress
import json
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import Request

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# The client's pages: its own scripts, styles and pictures; live play over its own WebSocket;
# never inside another site's frame. Svelte sets some styles inline.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# The API's own documentation pages (/docs, /redoc) load FastAPI's viewer from its CDN.
DOCS_PATHS = ("/docs", "/redoc")
# The names of this machine, which a page elsewhere cannot make a browser send as its Host.
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
# "Misdirected Request": this server is not the one the request names.
MISDIRECTED = 421
WS_POLICY_VIOLATION = 1008
# A supervisor's health check may name the machine by any address (a container's own): it
# tells a page elsewhere nothing worth a rebinding.
HEALTH_PATH = "/healthz"
# Prometheus scrapes each process by its own address too (keep /metrics from the public at the
# proxy: see docs/operators/metrics.md).
SUPERVISOR_PATHS = (HEALTH_PATH, "/metrics")


def address_of(request: Request) -> str:
    """The address a request came from, as the proxy the operator trusts forwarded it."""
    return request.client.host if request.client else "unknown"


class Guards:
    """ASGI middleware: a request naming another Host than this server's is refused (421 or,
    for a WebSocket, a close with the sentence; see `host_refusal`); a body past `max_body`
    bytes is refused with 413 before a route sees it (a declared length at once, a streamed one
    as it grows); every HTTP answer carries X-Frame-Options, nosniff and a referrer policy, and
    the client's pages a Content Security Policy."""

    def __init__(self, app: App, max_body: int, public_url: str | None = None) -> None:
        self.app = app
        self.max_body = max_body
        self.public_url = public_url

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        listening = (scope.get("server") or ("", 0))[0]
        refusal = host_refusal(_header(scope, b"host"), self.public_url, listening)
        if refusal is not None and scope["path"] not in SUPERVISOR_PATHS:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": WS_POLICY_VIOLATION,
                            "reason": refusal[:120]})
            else:
                await _refuse(send, MISDIRECTED, refusal)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _header(scope, b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.max_body):
            await _too_large(send, self.max_body)
            return
        # The body is read here, whole, before the app: a streamed one past the limit is
        # refused as it grows (the app's own reading would turn any error into a 400).
        chunks: list[bytes] = []
        size = 0
        more = scope["method"] not in ("GET", "HEAD", "OPTIONS")
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                await _too_large(send, self.max_body)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body: bytes | None = b"".join(chunks) if chunks else None

        async def replay() -> Message:
            nonlocal body
            if body is not None:
                message = {"type": "http.request", "body": body, "more_body": False}
                body = None
                return message
            return await receive()

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []),
                                      *_security_headers(scope["path"])]
            await send(message)

        await self.app(scope, replay if chunks else receive, with_headers)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return str(value.decode("latin-1"))
    return None


def _security_headers(path: str) -> list[tuple[bytes, bytes]]:
    headers = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"),
               (b"referrer-policy", b"no-referrer")]
    if not path.startswith("/api/") and not path.startswith(DOCS_PATHS) and (
            path != "/openapi.json"):
        headers.append((b"content-security-policy", PAGE_POLICY.encode()))
    return headers


async def _too_large(send: Send, limit: int) -> None:
    await _refuse(send, 413, f"the request's body is larger than {limit} bytes")


async def _refuse(send: Send, status: int, sentence: str) -> None:
    body = json.dumps({"error": sentence}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            *_security_headers("/api/")]})
    await send({"type": "http.response.body", "body": body})


def host_refusal(host: str | None, public_url: str | None, listening: str) -> str | None:
    """Why a request naming `host` is not for this server, or None. A page elsewhere whose name
    an attacker points at this server (DNS rebinding) sends its own name as Host, never this
    machine's loopback names: those always pass (a supervisor's health check). Otherwise the
    Host must be the public URL's; without one, a server listening on loopback is reached by
    loopback names only, and one listening on every address cannot know its names."""
    if host is None:
        return "a request names the server it is for in its Host header"
    name = urlsplit(f"//{host}").hostname
    if name in LOOPBACK_NAMES:
        return None
    if public_url:
        wanted = urlsplit(public_url).hostname
        if name == wanted:
            return None
        return f"this server answers at {wanted}, not {host[:60]}"
    if _loopback(listening):
        return (f"this server answers at localhost or 127.0.0.1, not {host[:60]}: give "
                "--public-url to be reached by another name")
    return None


def _loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return address == "localhost"


def origin_refusal(origin: str | None, host: str | None, public_url: str | None) -> str | None:
    """Why a WebSocket opened from `origin` is refused, or None. A browser names the page that
    opened the socket; only the server's own pages may (its public address when it has one,
    else the address it was reached at). A client that is not a browser sends no Origin."""
    if origin is None:
        return None
    seen = urlsplit(origin)
    if public_url:
        wanted = urlsplit(public_url)
        if (seen.scheme, seen.netloc) == (wanted.scheme, wanted.netloc):
            return None
        return f"live play opens only from this server's pages ({wanted.scheme}://{wanted.netloc})"
    if host is not None and seen.netloc == host:
        return None
    return "live play opens only from this server's own pages"


class Guesses:
    """Wrong guesses per address (a session's join code: 27 bits, read aloud in a room), in a
    bucket of `burst` that refills one every `per` seconds; an address with none left waits.
    The oldest addresses are forgotten past `keep`, so a crowd of them costs bounded memory."""

    def __init__(self, burst: int = 20, per: float = 3.0, keep: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst, self.per, self.keep, self.clock = burst, per, keep, clock
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def _left(self, address: str) -> tuple[float, float]:
        now = self.clock()
        tokens, stamp = self.buckets.get(address, (float(self.burst), now))
        return min(float(self.burst), tokens + (now - stamp) / self.per), now

    def wait(self, address: str) -> float:
        """Seconds `address` must wait before its next guess (0: it may guess now)."""
        tokens, _ = self._left(address)
        return 0.0 if tokens >= 1 else (1 - tokens) * self.per

    def wrong(self, address: str) -> None:
        tokens, now = self._left(address)
        self.buckets[address] = (tokens - 1, now)
        self.buckets.move_to_end(address)
        while len(self.buckets) > self.keep:
            self.buckets.popitem(last=False)


class Sockets:
    """Live-play sockets open per address, at most `most` at once: one client cannot hold
    hundreds (each costs its frames, its presence and its memory)."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.open: dict[str, int] = {}

    def take(self, address: str) -> bool:
        held = self.open.get(address, 0)
        if held >= self.most:
            return False
        self.open[address] = held + 1
        return True

    def give_back(self, address: str) -> None:
        held = self.open.get(address, 0) - 1
        if held > 0:
            self.open[address] = held
        else:
            self.open.pop(address, None)

    def refusal(self) -> str:
        return (f"too many live connections from your address: at most {self.most} at once; "
                "close a tab or a screen and try again")
