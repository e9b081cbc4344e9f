"""Fixtures: a database URL for each engine (the same tests run on SQLite and PostgreSQL), and
the private PostgreSQL and Redis instances, started once per test worker that needs them."""

from __future__ import annotations

import secrets
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from ludoteca.server.config import ServerConfig, sqlite_url
from ludoteca.server.tests.services import Postgres, Redis

SERVICES = "services"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests that use PostgreSQL or Redis run on one worker, which starts them once."""
    for item in items:
        names = set(getattr(item, "fixturenames", ()))
        params = getattr(getattr(item, "callspec", None), "params", {})
        if names & {"postgres", "redis"} or params.get("database") == "postgresql":
            item.add_marker(pytest.mark.xdist_group(SERVICES))
            item.add_marker(pytest.mark.services)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    # Its own folder in /tmp: pytest's are private to root, and PostgreSQL runs as nobody.
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-postgres-"))
    server = Postgres(folder)
    try:
        server.start()
        yield server
    finally:
        server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    server = Redis(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path / "ludoteca.db")
    server: Postgres = request.getfixturevalue("postgres")
    return server.create_database("t" + secrets.token_hex(6))


@pytest.fixture
def config(database: str) -> ServerConfig:
    """Fast settings for tests: bots move at once, a snapshot every 7 actions, a round's
    countdown over at once."""
    return ServerConfig(database_url=database, bot_pause=0.0, snapshot_every=7,
                        heartbeat_seconds=0.5, countdown_seconds=0.0)


@pytest.fixture
def sqlite(tmp_path: Path) -> ServerConfig:
    """One engine is enough (what is tested does not touch the database's own behaviour)."""
    return ServerConfig(database_url=sqlite_url(tmp_path / "ludoteca.db"), bot_pause=0.0,
                        countdown_seconds=0.0)
