"""The server's log lines as JSON objects, one a line (`ludoteca serve --log-format json`), for a
log collector that searches by field: every line carries the match it is about and the request
it belongs to (null where none: a heartbeat's line about the whole process).

Both come from context variables: a request's (an HTTP request or a WebSocket, the whole life
of the socket) is set by `RequestIds` as it comes in, from the proxy's `X-Request-ID` when that
is a plain short id, else a new one, and sent back in the answer's `X-Request-ID`; a match's is
set by the request's path and by the hub's tasks for one match (its driver).
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

match_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("match_id",
                                                                      default=None)
request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id",
                                                                        default=None)

FORMATS = ("text", "json")
# A request id passed on from the proxy ($request_id in nginx: 32 hex digits): short and plain,
# so that a client cannot write what it likes into the log.
PLAIN_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")
MATCH_PATH = re.compile(r"/api/matches/([A-Za-z0-9_-]{1,16})(?:/|$)")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "match": match_id.get(),
            "request": request_id.get(),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def uvicorn_log_config(log_format: str) -> dict[str, Any]:
    """What `uvicorn.run(log_config=...)` takes: "text", uvicorn's own lines; "json", every
    logger's lines (uvicorn's, the server's, the libraries') as JSON."""
    if log_format == "text":
        from uvicorn.config import LOGGING_CONFIG

        return LOGGING_CONFIG
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": f"{__name__}.JsonFormatter"}},
        "handlers": {"out": {"class": "logging.StreamHandler", "formatter": "json",
                             "stream": "ext://sys.stderr"}},
        # The libraries' warnings; uvicorn's and the server's news too.
        "root": {"handlers": ["out"], "level": "WARNING"},
        "loggers": {name: {"handlers": [], "level": "INFO", "propagate": True}
                    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "ludoteca")},
    }


class RequestIds:
    """ASGI middleware: each request (and WebSocket) gets its id, and the match its path names,
    in the context its handling runs in; an HTTP answer says its id in `X-Request-ID`."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        rid = given if PLAIN_ID.fullmatch(given) else secrets.token_hex(8)
        found = MATCH_PATH.match(scope.get("path", ""))
        tokens = (request_id.set(rid), match_id.set(found.group(1) if found else None))

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []),
                                      (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id if scope["type"] == "http" else send)
        finally:
            match_id.reset(tokens[1])
            request_id.reset(tokens[0])


def about_match(match: str) -> None:
    """From here on in this task (a match's driver): its lines name `match` and no request
    (the task was started within whichever request first loaded the match)."""
    match_id.set(match)
    request_id.set(None)
