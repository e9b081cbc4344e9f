"""`ludoteca serve`: the multiplayer server (lobby over HTTP, live play over WebSockets)."""

from __future__ import annotations

import os
from pathlib import Path

import typer

from ludoteca.cli.common import fail


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    db: Path | None = typer.Option(
        None, "--db", help="SQLite file (default: ludoteca.db in your data folder)."
    ),
    database_url: str | None = typer.Option(
        None, "--database-url", help="A database URL, e.g. postgresql+psycopg://user@host/db."
    ),
    redis_url: str | None = typer.Option(
        None, "--redis-url", help="Share live matches with other processes through Redis."
    ),
    workers: int = typer.Option(1, "--workers", min=1, help="Server processes (needs Redis)."),
    public_url: str | None = typer.Option(
        None, "--public-url", help="The address people use, for invite links; requests naming "
        "another host are refused (without it: loopback names only when --host is loopback)."
    ),
    forwarded_allow_ips: str | None = typer.Option(
        None, "--forwarded-allow-ips", envvar="FORWARDED_ALLOW_IPS",
        help="The proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses "
        "or networks, comma-separated (127.0.0.1 for a proxy on this machine; * for any). "
        "Default: none, a client's address is its socket's."
    ),
    session_member_margin: int = typer.Option(
        20, "--session-member-margin", min=0, help="People a session's lobby takes beyond the "
        "game's most seats; past it a join is refused."
    ),
    sockets_per_client: int = typer.Option(
        64, "--sockets-per-client", min=1, help="Live-play WebSockets one address may hold "
        "open at once (behind a proxy: name it with --forwarded-allow-ips)."
    ),
    bot_pause: float = typer.Option(
        1.0, "--bot-pause", min=0, help="Seconds a bot waits before a turn-based move."
    ),
    countdown: float = typer.Option(
        3.0, "--countdown", min=0, help="Seconds of \"3, 2, 1, go!\" before a real-time round "
        "starts, once everybody at the table is ready."
    ),
    bot_threads: int = typer.Option(
        2, "--bot-threads", min=1, help="Worker processes the bots' searches run in, taking "
        "turns match by match (bots that do not search have a thread of their own)."
    ),
    bot_max_seconds: float = typer.Option(
        5.0, "--bot-max-seconds", min=0.01, help="The most a bot may think about one move: a "
        "bot spec asking more is refused."
    ),
    rate_limit: float = typer.Option(
        30.0, "--rate-limit", min=0.1, help="Frames a client may send each second."
    ),
    echo: bool = typer.Option(
        False, "--echo", help="Also serve a bare WebSocket echo at /api/echo (bench/server.py)."
    ),
    compression: bool = typer.Option(
        False, "--compression/--no-compression",
        help="Compress WebSocket frames (fewer bytes for more CPU).",
    ),
    drain_seconds: float = typer.Option(
        30.0, "--drain-seconds", min=0, help="After a SIGTERM: the most seconds the process "
        "drains (hands its matches over, tells its players to reconnect elsewhere) before it "
        "exits whatever is left."
    ),
    log_format: str = typer.Option(
        "text", "--log-format", help="text: uvicorn's lines; json: one JSON object a line, "
        "each with the match and the request it is about (for a log collector)."
    ),
    heartbeat: float = typer.Option(
        2.0, "--heartbeat", min=0.1, help="Seconds between the processes' heartbeats (with "
        "--redis-url): a killed process's matches move to another after three."
    ),
    idle_seconds: float = typer.Option(
        60.0, "--idle-seconds", min=1, help="A match nobody is at leaves memory after this "
        "long (a running one once nothing is due: parked until someone comes back)."
    ),
    matches_per_hour: int = typer.Option(
        120, "--matches-per-hour", min=0, help="Matches and sessions one address may create "
        "in an hour (0: no limit)."
    ),
    unfinished_per_creator: int = typer.Option(
        30, "--unfinished-per-creator", min=0, help="Matches and sessions not finished one "
        "address may have at once (0: no limit)."
    ),
    accounts: str = typer.Option(
        "optional", "--accounts", help="Accounts: off (everybody plays as a guest), optional, "
        "or required to create matches and sessions (guests still join them)."
    ),
    person_matches_per_hour: int = typer.Option(
        120, "--person-matches-per-hour", min=0, help="Matches and sessions one person signed "
        "in may create in an hour, on every device and address (0: no limit)."
    ),
    person_unfinished: int = typer.Option(
        30, "--person-unfinished", min=0, help="Matches and sessions not finished one person "
        "signed in may have at once (0: no limit)."
    ),
) -> None:
    """Serve the games room: the lobby at /api (docs at /docs) and live play over WebSockets."""
    import uvicorn

    from ludoteca.server.config import CONFIG_ENV, ServerConfig, sqlite_url
    from ludoteca.server.logs import FORMATS, uvicorn_log_config

    if db is not None and database_url is not None:
        fail("give --db or --database-url, not both")
    config = ServerConfig(bot_pause=bot_pause, redis_url=redis_url, public_url=public_url,
                          heartbeat_seconds=heartbeat, frames_per_second=rate_limit,
                          echo_endpoint=echo, bot_threads=bot_threads,
                          bot_max_seconds=bot_max_seconds, countdown_seconds=countdown,
                          match_idle_seconds=idle_seconds,
                          matches_per_hour=matches_per_hour or None,
                          unfinished_per_creator=unfinished_per_creator or None,
                          accounts=accounts,
                          person_matches_per_hour=person_matches_per_hour or None,
                          person_unfinished=person_unfinished or None,
                          forwarded_allow_ips=forwarded_allow_ips,
                          sockets_per_client=sockets_per_client,
                          session_member_margin=session_member_margin,
                          drain_seconds=drain_seconds)
    if database_url is not None:
        config.database_url = database_url
    elif db is not None:
        config.database_url = sqlite_url(db)
    if log_format not in FORMATS:
        fail(f"--log-format is text or json, not {log_format!r}")
    if workers > 1 and redis_url is None:
        fail("several --workers share live matches through Redis: add --redis-url")
    try:
        config.check()
    except ValueError as exc:
        fail(str(exc))
    os.environ[CONFIG_ENV] = config.to_env()
    where = config.database_url.split("@")[-1] if "@" in config.database_url else (
        config.database_url
    )
    if log_format == "text":  # in JSON, uvicorn's first lines say where it listens
        typer.echo(f"ludoteca serving on http://{host}:{port} (database: {where}); "
                   "Ctrl-C stops it")
    uvicorn.run(
        "ludoteca.server.api.app:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        ws_max_size=1 << 20,
        ws_per_message_deflate=compression,
        log_level="info",
        log_config=uvicorn_log_config(log_format),
        # What is left once drained (see api/drain.py): the requests still in flight.
        timeout_graceful_shutdown=max(1, round(drain_seconds)),
        **config.uvicorn_proxy(),
    )
