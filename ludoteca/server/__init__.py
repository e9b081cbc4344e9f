"""The multiplayer server: an ASGI app (FastAPI on uvicorn) for the lobby and live play.

Four layers, each a folder, each importing only the ones below it:

- `api`: the HTTP and WebSocket surface: the app and its lifespan, the lobby's routes,
  sessions, the client's pages, the live-play WebSocket, schemas and errors;
- `hub`: this process's live matches and their connections, the frames they are sent,
  presence, each match's driver, and the bus shared with other processes (Redis);
- `live`: one match's actor: the action pipeline, catch-up, snapshots, clocks, bot seats, the
  frames of its steps and who a token is (no sockets: it returns what it did);
- `store`: the database's tables and migrations, the header and the action log.

`config` (the settings) is read by every layer.
"""

from ludoteca.server.config import ServerConfig

__all__ = ["ServerConfig"]
