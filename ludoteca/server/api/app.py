"""The ASGI app: the lobby's routes, the live-play WebSocket, health, and the app's lifetime
(migrate the database, start the hub; stop it on shutdown)."""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from ludoteca import __version__
from ludoteca.engine.game import Game
from ludoteca.server.api import pages, routes, schemas, ws
from ludoteca.server.api.errors import install_error_handlers
from ludoteca.server.config import ServerConfig
from ludoteca.server.hub import Hub
from ludoteca.server.live.catalog import Catalog
from ludoteca.server.store import Store

DESCRIPTION = """
The lobby of ludoteca's games room. Create a match and share its invite links, or create a
facilitated session and read its join code aloud; then play over the WebSocket
`/api/matches/{id}/ws` (its frames: the documentation's reference, docs/reference/websocket.md).
Tokens go in `Authorization: Bearer <token>`; errors are `{"error": "<a sentence>"}` with a 4xx
code.
"""

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

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        hub = Hub(config, store, Catalog(extra_games), now)
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
    install_error_handlers(app)
    app.include_router(routes.router)
    app.add_api_websocket_route("/api/matches/{match_id}/ws", ws.play)
    if config.echo_endpoint:
        app.add_api_websocket_route("/api/echo", ws.echo)

    @app.get("/healthz", response_model=schemas.Health, summary="For process supervisors")
    async def healthz() -> schemas.Health:
        hub: Hub = app.state.hub
        driven = sum(1 for live in hub.matches.values() if live.driving
                     and live.info.status == "running")
        return schemas.Health(ok=True, matches_live=len(hub.matches), matches_driven=driven)

    # The browser client: its files, its pages (home, invites, watch links...) and its routes.
    pages.mount(app)
    app.add_api_route(
        "/join", _page("Join a session with its code: POST /api/sessions/join."),
        methods=["GET"], include_in_schema=False,
    )
    return app


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
            yield

    app.router.lifespan_context = lifespan
    return app
