"""The server's settings, in one place: the command line builds them, tests set them directly."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

# The environment variable that hands the settings to uvicorn's worker processes.
CONFIG_ENV = "LUDOTECA_SERVER_CONFIG"
ACCOUNT_MODES = ("off", "optional", "required")


def default_database_url() -> str:
    """SQLite in one file under the user's data directory (created if missing)."""
    folder = Path(user_data_dir("ludoteca", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return sqlite_url(folder / "ludoteca.db")


def sqlite_url(path: Path | str) -> str:
    """The SQLAlchemy URL of a SQLite file."""
    return f"sqlite:///{Path(path).expanduser().resolve()}"


@dataclass
class ServerConfig:
    """The server's settings, from `ludoteca serve`'s options."""

    database_url: str = field(default_factory=default_database_url)
    redis_url: str | None = None
    # The address people use to reach the server, for invite links; None: the request's own.
    public_url: str | None = None
    # A snapshot of the state every this many actions makes loading a long match fast.
    snapshot_every: int = 50
    # Seconds a bot waits before its move in a turn-based game, so people can follow it.
    bot_pause: float = 1.0
    # Real-time bots wait the game's reaction time multiplied by this (tests and demos: < 1).
    reaction_scale: float = 1.0
    # Seconds of "3, 2, 1, go!" before a stretch of real-time play (a Ligretto round) starts,
    # once every person at the table is ready (see live/gathering.py).
    countdown_seconds: float = 3.0
    # The bot that stands in for an abandoned seat, or takes a seat its time bank ran out on.
    stand_in_bot: str = "heuristic"
    # Worker processes the bots' searches of every match run in, taking turns match by match
    # (see live/bot_pool.py), and what a bot spec may ask of one move: past these caps it is
    # refused, and every search stops at bot_max_seconds of CPU whatever iterations it asks.
    bot_threads: int = 2
    bot_max_seconds: float = 5.0
    bot_max_iterations: int = 20_000
    bot_max_horizon: int = 1_000
    # Per connection: frames a client may send each second (a burst of twice that is allowed),
    # and the largest frame in bytes.
    frames_per_second: float = 30.0
    max_frame_bytes: int = 16_384
    # The largest HTTP request body in bytes (a match's options, a session's crews).
    max_body_bytes: int = 65_536
    # Frames waiting for a slow client before the server drops the connection (it reconnects).
    send_queue_frames: int = 2_000
    # A bare WebSocket echo at /api/echo, the baseline of bench/server.py.
    echo_endpoint: bool = False
    # Seconds between the heartbeats that share presence and a match's driver between processes.
    heartbeat_seconds: float = 2.0
    # A match nobody is at leaves memory after this many seconds: a finished one, and a running
    # or paused one once nothing is due (no bot's move, clock or stand-in), parked so that no
    # process loads it again until someone comes back to it.
    match_idle_seconds: float = 60.0
    # Creation quotas per creator (an address): matches and sessions created in an hour, and
    # not finished at once. None: no limit.
    matches_per_hour: int | None = 120
    unfinished_per_creator: int | None = 30
    # Accounts: "off" (everybody a guest), "optional", or "required" to create matches and
    # sessions (joining one stays open to guests).
    accounts: str = "optional"
    # The creation quotas of a person signed in, counted by their account on every device and
    # address (a guest's are the address's, above). None: no limit.
    person_matches_per_hour: int | None = 120
    person_unfinished: int | None = 30
    # People a session's lobby takes beyond the game's most seats (some leave, some come
    # twice); past it a join is refused, so nobody can fill a lobby no game can seat.
    session_member_margin: int = 20
    # The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses or
    # networks, comma-separated ("127.0.0.1", "10.0.0.0/8"), "*" for any; None: no proxy, the
    # socket's own address is the client's (a header cannot dodge a limit per address).
    forwarded_allow_ips: str | None = None
    # Live-play sockets one address may hold open at once (a room of phones behind one
    # router needs a few dozen); past it a socket is closed with a sentence.
    sockets_per_client: int = 64
    # Seconds between two presence (and lobby) frames of one match: changes in between are
    # sent together, so a crowd arriving costs frames in proportion to the crowd.
    presence_interval: float = 0.25
    # After a SIGTERM: the most seconds a process drains (its matches handed over, its players
    # told to reconnect elsewhere) before it exits whatever is left (see api/drain.py).
    drain_seconds: float = 30.0

    @property
    def shared(self) -> bool:
        """Several processes share live matches (through Redis)."""
        return self.redis_url is not None

    def uvicorn_proxy(self) -> dict[str, Any]:
        """uvicorn's settings for forwarded headers: believed from the proxies named only
        (uvicorn's own default believes any process on this machine)."""
        if not self.forwarded_allow_ips:
            return {"proxy_headers": False}
        return {"proxy_headers": True, "forwarded_allow_ips": self.forwarded_allow_ips}

    def check(self) -> None:
        """Refuse settings that cannot work, with a sentence that says why."""
        if self.shared and self.database_url.startswith("sqlite"):
            raise ValueError(
                "--redis-url shares matches between processes, which needs PostgreSQL: add "
                "--database-url postgresql+psycopg://USER@HOST/DB"
            )
        if self.snapshot_every < 1:
            raise ValueError("snapshot_every must be 1 or more")
        if self.bot_threads < 1:
            raise ValueError("bot_threads must be 1 or more")
        if self.match_idle_seconds <= 0:
            raise ValueError("match_idle_seconds must be more than 0")
        if self.accounts not in ACCOUNT_MODES:
            raise ValueError(f"accounts is one of {', '.join(ACCOUNT_MODES)}, not "
                             f"{self.accounts!r}")
        for name in ("matches_per_hour", "unfinished_per_creator", "person_matches_per_hour",
                     "person_unfinished"):
            if (getattr(self, name) or 1) < 1:
                raise ValueError(f"{name} must be 1 or more (or none: no limit)")
        if self.session_member_margin < 0:
            raise ValueError("session_member_margin must be 0 or more")
        if self.drain_seconds < 0:
            raise ValueError("drain_seconds must be 0 or more")
        if self.sockets_per_client < 1:
            raise ValueError("sockets_per_client must be 1 or more")

    def to_env(self) -> str:
        """The settings as JSON, for the worker processes' environment."""
        return json.dumps(asdict(self))

    @classmethod
    def from_env(cls) -> ServerConfig:
        """The settings a parent process put in the environment, or the defaults."""
        raw = os.environ.get(CONFIG_ENV)
        return cls(**json.loads(raw)) if raw else cls()
