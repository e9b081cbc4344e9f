"""`ludoteca matches`: an operator's look at the matches nobody plays any more, and their end.

A match nobody is at is parked by the server (no process keeps it in memory; see the hub);
one never started waits in its lobby. Either may be abandoned for good: these commands list
those idle longer than a given time, and end them (their record and replay stay), straight in
the database, which every server process reads again before it changes a match.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ludoteca.cli.common import fail

app = typer.Typer(help="The matches nobody plays any more: list them, end them.",
                  no_args_is_help=True)

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86_400}
IDLE = re.compile(r"(\d+(?:\.\d+)?)([smhd])")


def idle_seconds(text: str) -> float:
    """'90s', '30m', '12h', '7d' in seconds; `fail` says what is allowed."""
    found = IDLE.fullmatch(text.strip())
    if not found:
        fail(f"--idle {text!r}: a number and a unit, s, m, h or d (e.g. 30m, 12h, 7d)")
    return float(found[1]) * UNITS[found[2]]


def database(db: Path | None, database_url: str | None) -> str:
    from ludoteca.server.config import default_database_url, sqlite_url

    if db is not None and database_url is not None:
        fail("give --db or --database-url, not both")
    if database_url is not None:
        return database_url
    return sqlite_url(db) if db is not None else default_database_url()


DB = typer.Option(None, "--db", help="SQLite file (default: the server's, in your data folder).")
URL = typer.Option(None, "--database-url",
                   help="A database URL, e.g. postgresql+psycopg://user@host/db.")
IDLE_OPTION = typer.Option("7d", "--idle", help="Idle at least this long: 30m, 12h, 7d...")


@app.command("abandoned")
def abandoned(idle: str = IDLE_OPTION, db: Path | None = DB, database_url: str | None = URL
              ) -> None:
    """List the matches not finished that nobody has been at for --idle: parked ones, and
    those never started."""
    from ludoteca.server.store import Store

    since = time.time() - idle_seconds(idle)
    store = Store(database(db, database_url))
    try:
        store.migrate()
        found = store.abandoned(since)
    finally:
        store.close()
    table = Table(title=f"Matches nobody has been at for {idle} ({len(found)})")
    for column in ("match", "game", "status", "idle since (UTC)"):
        table.add_column(column)
    for match_id, game, status, at in found:
        table.add_row(match_id, game, status, time.strftime("%Y-%m-%d %H:%M", time.gmtime(at)))
    Console().print(table)


@app.command("end")
def end(
    match_ids: list[str] = typer.Argument(None, help="The matches to end (their ids)."),
    abandoned: bool = typer.Option(False, "--abandoned",
                                   help="End every match `abandoned` lists for --idle."),
    idle: str = IDLE_OPTION, db: Path | None = DB, database_url: str | None = URL,
) -> None:
    """End matches: those named, or with --abandoned every one nobody has been at for --idle.
    Their record and replay stay."""
    from ludoteca.server.store import Store

    if bool(match_ids) == abandoned:
        fail("name the matches to end, or give --abandoned (with --idle): one of the two")
    store = Store(database(db, database_url))
    try:
        store.migrate()
        if abandoned:
            match_ids = [m for m, *_ in store.abandoned(time.time() - idle_seconds(idle))]
        ended = store.end_matches(list(match_ids), time.time()) if match_ids else 0
    finally:
        store.close()
    typer.echo(f"ended {ended} of {len(match_ids)} matches"
               + (" (the others were finished already or do not exist)"
                  if ended < len(match_ids) else ""))
