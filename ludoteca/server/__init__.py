"""The multiplayer server: an ASGI app (FastAPI on uvicorn) for the lobby and live play.

Modules, one idea each: `app` (the app and its lifespan), `routes` (the HTTP lobby), `ws` (the
WebSocket of live play), `lobby` (creating, joining and running matches), `sessions` (a
facilitator's lobby before the start), `live` (one match's actor: the validation pipeline),
`hub` (the live matches of this process), `storage` and `models` (the database, with Alembic
`migrations`), `bus` (pub/sub between processes), `clocks` (deadlines and time banks), `bots`
(bot seats), `presence`, `ratelimit`, `tokens`, `frames`, `errors` and `config`.
"""

from ludoteca.server.config import ServerConfig

__all__ = ["ServerConfig"]
