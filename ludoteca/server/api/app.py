"""The ASGI app: the lobby's routes, the live-play WebSocket, health, and the app's lifetime
(migrate the database, start the hub; stop it on shutdown)."""

from __future__ import annotations

import asyncio
import gc
import sys
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ludoteca import __version__
from ludoteca.engine.game import Game
from ludoteca.server.api import (
    accounts,
    drain,
    guests,
    invites,
    pages,
    passkeys,
    routes,
    schemas,
    ws,
)
from ludoteca.server.api.errors import install_error_handlers
from ludoteca.server.api.guards import Guards, Guesses, Sockets
from ludoteca.server.config import ServerConfig
from ludoteca.server.hub import Hub
from ludoteca.server.live.catalog import Catalog
from ludoteca.server.logs import RequestIds
from ludoteca.server.metrics import CONTENT_TYPE
from ludoteca.server.store import Store

DESCRIPTION = """
The lobby of ludoteca's games room. Create a match and share its invite links, or create a
facilitated session and read its join code aloud; then play over the WebSocket
`/api/matches/{id}/ws` (its frames: the documentation's reference, docs/reference/websocket.md).
Tokens go in `Authorization: Bearer <token>`; errors are `{"error": "<a sentence>"}` with a 4xx
code.
"""

# How long a bot's search may hold the interpreter before the event loop gets it back (Python's
# default: 5 ms); see app_from_env.
BOT_SWITCH_SECONDS = 0.001
# The collector's thresholds (Python's default: 700, 10, 10): see settle_garbage_collector.
GC_THRESHOLDS = (7_000, 2, 10)

PAGE = """<!doctype html><html lang="en"><meta charset="utf-8"><title>ludoteca</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>ludoteca</h1><p>{text}</p><p>The lobby's API and its documentation: <a href="/docs">/docs</a>.
</p></body></html>"""


def create_app(
    config: ServerConfig | None = None,
    extra_games: Mapping[str, Game[Any]] | None = None,
    now: Callable[[], float] = time.time,
) -> FastAPI:
    config = config or ServerConfig()
    config.check()
    store = Store(config.database_url)
    catalog = Catalog(extra_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        hub = Hub(config, store, catalog, now)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            store.close()

    app = FastAPI(title="ludoteca", version=__version__, description=DESCRIPTION,
                  lifespan=lifespan)
    app.state.config = config
    app.state.guesses = Guesses()
    app.state.sockets = Sockets(config.sockets_per_client)
    install_error_handlers(app)
    app.add_middleware(Guards, max_body=config.max_body_bytes, public_url=config.public_url)
    app.add_middleware(RequestIds)  # outermost: a refusal's line names its request too
    app.include_router(routes.router)
    guests.install(app)
    accounts.install(app)
    passkeys.install(app)
    invites.install(app)
    name_the_games(app, catalog)
    app.add_api_websocket_route("/api/matches/{match_id}/ws", ws.play)
    if config.echo_endpoint:
        app.add_api_websocket_route("/api/echo", ws.echo)

    @app.get("/healthz", response_model=schemas.Health, response_model_exclude_none=True,
             summary="For process supervisors",
             responses={503: {"model": schemas.Health,
                              "description": "Cut off from Redis; `error` says since when"}})
    async def healthz() -> Any:
        """200 while this process can serve; 503, with a sentence in `error`, while it is cut
        off from the other processes (several processes: Redis cannot be reached)."""
        hub: Hub = app.state.hub
        driven = sum(1 for live in hub.matches.values() if live.driving
                     and live.info.status == "running")
        cut_off = hub.bus.cut_off
        health = schemas.Health(ok=cut_off is None, matches_live=len(hub.matches),
                                matches_driven=driven, error=cut_off)
        if cut_off is None:
            return health
        return JSONResponse(health.model_dump(), status_code=503)

    @app.get("/metrics", summary="For Prometheus", response_class=Response,
             responses={200: {"content": {CONTENT_TYPE: {}},
                              "description": "Prometheus's text format"}})
    async def metrics() -> Response:
        """This process's figures in Prometheus's text format (see the operators' metrics
        page): matches loaded, driven and parked, sockets, actions, acknowledgement latency,
        the bots' queue and think time, the database's and Redis's latency and state. Keep it
        from the public at the proxy: it tells how busy the room is."""
        hub: Hub = app.state.hub
        return Response(await hub.metrics_text(), media_type=CONTENT_TYPE)

    # The browser client: its files, its pages (home, invites, watch links...) and its routes.
    pages.mount(app)
    app.add_api_route(
        "/join", _page("Join a session with its code: POST /api/sessions/join."),
        methods=["GET"], include_in_schema=False,
    )
    return app


def name_the_games(app: FastAPI, catalog: Catalog) -> None:
    """The OpenAPI schema lists the games a match or a session may name (they are known only
    when the app is made: a deployment or a test may add its own)."""
    made = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = made()
        bodies = schema["components"]["schemas"]
        bodies["CreateMatch"]["properties"]["game"]["enum"] = catalog.names()
        for branch in bodies["CreateSession"]["properties"]["game"].get("anyOf", []):
            if branch.get("type") == "string":
                branch["enum"] = catalog.facilitated()
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def settle_garbage_collector() -> None:
    """In a server process: what exists once it has started (modules, the migrations, the
    games' tables, FastAPI's routes: hundreds of thousands of objects) lives as long as the
    process. Moved out of the collector's sight, a full collection no longer walks it (each
    took 0.27-0.4 s on this project's shared machine, stalling every match). Collections of
    the young generation run ten times less often, so the full ones are rarer still: each
    step's frames are freed by reference counting anyway. What a young collection finds has
    almost all stayed alive (a connection's tasks and buffers, a match's state): the middle
    generation is collected every second young collection, not every tenth, so each walks a
    fifth as many objects (one of 31 ms at 200 clients, each stalling every match) for the
    same work in all (an object is walked there once whenever it is collected)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _page(text: str) -> Callable[..., Any]:
    async def page() -> HTMLResponse:
        return HTMLResponse(PAGE.format(text=text))

    return page


def app_from_env() -> FastAPI:
    """For uvicorn's worker processes (`--workers`), which get the settings from the
    environment."""
    app = create_app(ServerConfig.from_env())
    started = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with started(app):
            settle_garbage_collector()  # once migrated and started: what that loaded stays
            drain.install(app.state.hub)  # SIGTERM drains this process before it exits
            sys.setswitchinterval(BOT_SWITCH_SECONDS)
            yield

    app.router.lifespan_context = lifespan
    return app
