"""The browser client, served by the server: its built files under /app, its pages (the home,
a match's invite and watch links, rules, replays) as the client's index.html, and the two
routes only the client needs: a game's rules page in a language, and a finished match step by
step.

The client is built from web/ into static/app by `make web` (the wheel carries the build). When
it is missing, every page says how to build it instead of failing.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles
from markdown_it import MarkdownIt

from ludoteca.engine.game import Game
from ludoteca.engine.match import Match
from ludoteca.server.api import lobby, schemas
from ludoteca.server.api.auth import Credentials, token_of
from ludoteca.server.api.errors import ERROR_RESPONSES, ApiError, invalid, not_found
from ludoteca.server.hub import Hub
from ludoteca.server.live.access import Door
from ludoteca.server.live.explanations import Busy
from ludoteca.server.store.tokens import hash_token

STATIC = Path(__file__).parent.parent / "static" / "app"
LANGUAGES = ("en", "it")
# The client's own pages; each is its index.html, and the client reads the address.
PAGES = ("/", "/new/{game}", "/play/{match_id}", "/watch/{match_id}", "/rules/{game}",
         "/replay/{match_id}", "/join", "/session", "/session/{match_id}",
         "/projector/{match_id}", "/debrief/{match_id}", "/account")

MISSING = """<!doctype html><html lang="en"><meta charset="utf-8"><title>ludoteca</title>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>ludoteca</h1><p>The server is running, but the browser client has not been built.</p>
<p>Build it from the repository with <code>make web</code> (or <code>make run</code>, which
builds it and starts the server), then reload this page.</p>
<p>The lobby's API and its documentation: <a href="/docs">/docs</a>.</p></body></html>"""

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)
log = logging.getLogger("ludoteca.server")


def client_built() -> bool:
    return (STATIC / "index.html").is_file()


def mount(app: FastAPI) -> None:
    """Serve the client's files and pages, and the routes it needs."""
    app.include_router(router)
    if client_built():
        app.mount("/app", StaticFiles(directory=STATIC), name="app")
    else:
        # Said where `ludoteca serve` prints, so whoever starts the server reads it.
        log.warning("the browser client is not built, so its pages only say how to build it: "
                    "run `make web` in the repository (or `make run`, which builds it and "
                    "serves), then reload the page; the API at /api works without it")
    for path in PAGES:
        app.add_api_route(path, page, methods=["GET"], include_in_schema=False)


async def page() -> Any:
    if client_built():
        # The page changes with every build; its assets have hashed names and may be cached.
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})
    return HTMLResponse(MISSING, status_code=503)


# --- rules pages ---------------------------------------------------------------------------------
_markdown = MarkdownIt("commonmark", {"html": False}).enable("table")


def rules_file(game: Game[Any], lang: str) -> str | None:
    """The game's own rules page (rules.<lang>.md beside its code), or None."""
    module = inspect.getmodule(type(game))
    package = module.__package__ if module is not None else None
    if not package:
        return None
    page = resources.files(package) / f"rules.{lang}.md"
    return page.read_text(encoding="utf-8") if page.is_file() else None


@router.get("/games/{name}/rules/{lang}", summary="A game's rules page, as HTML")
async def rules(name: schemas.GameName, lang: schemas.Language, request: Request
                ) -> dict[str, str]:
    hub: Hub = request.app.state.hub
    try:
        game = hub.catalog.game(name)
    except ValueError:
        raise not_found(f"game {name!r}") from None
    if lang not in LANGUAGES:
        raise not_found(f"rules page in {lang!r}; the languages are {', '.join(LANGUAGES)}")
    text = rules_file(game, lang)
    if text is None:
        raise not_found(f"rules page of {name} in {lang!r}")
    # Raw HTML is off: the page is the repository's Markdown, rendered and nothing more.
    return {"game": game.name, "lang": lang, "html": _markdown.render(text)}


# --- replays -------------------------------------------------------------------------------
def replay_steps(game: Game[Any], record: dict[str, Any]) -> dict[str, Any]:
    """A saved match step by step, as a spectator saw it: the view after each step with the
    public events of that step and the round it was played in (step 0 is the set-up). A game
    that keeps secrets after its end (a secret ballot, a private message) tells no step's
    action, and who took a step only where a spectator was told it (an event naming its
    actor to everyone): who moved to depose a captain, who answered, stays secret [D-23]."""
    match = Match.from_json(game, record)
    timeline = match.fresh()
    secret = game.keeps_secrets_after_end
    steps: list[dict[str, Any]] = [
        {"step": 0, "seat": None, "action": None, "round": game.round_number(timeline.state),
         "view": game.view(timeline.state, None), "events": []}
    ]
    for stepped in timeline.play(match.log):  # undos replayed as they were played
        told = [e for e in stepped.events if e.visible(None)]
        named = not secret or any(e.actor_visible(None) for e in told)
        steps.append({
            "step": stepped.step,
            "seat": stepped.seat if named else None,
            "action": None if secret else game.encode_action(stepped.action),
            "round": stepped.round,
            "view": game.view(timeline.state, None),
            "events": [{"kind": e.kind, "data": dict(e.data)} for e in told],
        })
    state = timeline.state
    result = game.public_result(game.result(state)) if game.is_over(state) else None
    return {"game": game.name, "players": match.players, "steps": steps, "result": result}


@router.get("/matches/{match_id}/replay",
            summary="A finished match step by step, as a spectator saw it (whoever may watch)")
async def replay(match_id: schemas.MatchId, request: Request, credentials: Credentials
                 ) -> dict[str, Any]:
    hub: Hub = request.app.state.hub
    live = await lobby.live_match(hub, match_id)
    lobby.check_door(live, Door.REPLAY, token_of(credentials))
    record = await lobby.record(hub, live)
    return await asyncio.to_thread(replay_steps, live.game, record)


@router.get("/matches/{match_id}/replay/{step}/explain",
            summary="What a seat's search weighed after a step of a finished match "
                    "(whoever may watch its replay; in a game that keeps secrets after its "
                    "end, that seat and the host)")
async def replay_explain(match_id: schemas.MatchId, step: schemas.StepNumber,
                         seat: schemas.SeatAsked, request: Request, credentials: Credentials
                         ) -> dict[str, Any]:
    hub: Hub = request.app.state.hub
    live = await lobby.live_match(hub, match_id)
    # The search sees only what the seat knew (through determinize), and what the seat played
    # is told only where the replay tells it.
    token = token_of(credentials)
    lobby.check_door(live, Door.EXPLAIN, token, seat)
    address = request.client.host if request.client else ""
    caller = hash_token(token) if token else f"address {address}"
    bot = next((s.bot for s in live.info.seats if s.seat == seat), None)
    try:
        return await hub.explanations.answer(caller, (live.id, step, seat), live.game, bot,
                                             lambda: lobby.record(hub, live))
    except ValueError as exc:
        raise invalid(str(exc)) from None
    except Busy:
        raise ApiError(429, "one explanation at a time: the one you asked for before is still "
                            "being worked out; ask again once it has come",
                       "explain_busy", headers={"Retry-After": "1"}) from None
