"""A player in the browser loses nothing when the process serving them is drained: two
processes share PostgreSQL and Redis behind nginx (routing by match, as the operators'
example); the process holding the player's socket gets a SIGTERM mid-match; the page reconnects
by itself, through the proxy, to the other process, and the player plays on to the end."""

from __future__ import annotations

import shutil
import signal
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page
from web_browser import Table, Watched, until
from web_pages import create_match, seen, wait_turn_or_end

from ludoteca.server.tests.helpers import ServerProcess
from ludoteca.server.tests.proxy import Nginx
from ludoteca.server.tests.services import Postgres, Redis

CARDS = 13


def sockets(server: ServerProcess) -> float:
    with urllib.request.urlopen(server.url + "/metrics", timeout=10) as answer:
        text = answer.read().decode()
    line = next(line for line in text.splitlines() if line.startswith("ludoteca_sockets "))
    return float(line.split()[1])


def bid(page: Page) -> None:
    """The first card of the hand, once its step is past (accepted, and the bot's bid too or
    the match over)."""
    step = seen(page).step
    page.locator(".goofspiel .hand button").first.click()
    until(lambda: seen(page).step > step or seen(page).status == "over", 20, "the bid accepted")


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[Nginx, list[ServerProcess]]]:
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-drain-"))  # PostgreSQL runs as nobody
    postgres, redis = Postgres(folder), Redis(tmp_path / "redis")
    postgres.start()
    redis.start()
    servers: list[ServerProcess] = []
    nginx: Nginx | None = None
    try:
        args = ("--database-url", postgres.create_database("drain"), "--redis-url", redis.url,
                "--bot-pause", "0.3", "--heartbeat", "1", "--drain-seconds", "10",
                "--forwarded-allow-ips", "127.0.0.1")
        servers = [ServerProcess(tmp_path, *args).start(), ServerProcess(tmp_path, *args).start()]
        nginx = Nginx(tmp_path / "nginx", [s.url.removeprefix("http://") for s in servers])
        yield nginx.start(), servers
    finally:
        if nginx is not None:
            nginx.stop()
        for server in servers:
            server.stop()
        redis.stop()
        postgres.stop()
        shutil.rmtree(folder, ignore_errors=True)


def test_a_drained_process_loses_no_player(browser: Browser, watched: Watched,
                                           room: tuple[Nginx, list[ServerProcess]],
                                           tmp_path: Path) -> None:
    nginx, servers = room
    table = Table(browser, nginx.url, watched, tmp_path)
    try:
        page = table.person(width=1280)
        create_match(page, "goofspiel", ["me", "bot"], options={"cards": str(CARDS)})
        page.wait_for_selector(".goofspiel")
        for _ in range(3):  # a few prizes through the first process
            assert wait_turn_or_end([page], 30) is page
            bid(page)
        (holding,) = [s for s in servers if sockets(s) == 1]
        (other,) = [s for s in servers if s is not holding]
        assert holding.process is not None
        holding.process.send_signal(signal.SIGTERM)
        began = time.monotonic()
        until(lambda: sockets(other) == 1, 10, "the page reconnected to the other process")
        moved = time.monotonic() - began
        holding.process.wait(15)
        while (mine := wait_turn_or_end([page], 30)) is not None:
            bid(mine)
        page.wait_for_selector(".result")
        assert page.locator(".history tbody tr").count() == CARDS
        assert seen(page).step == 2 * CARDS
        assert moved < 3, f"the page took {moved:.1f} s to move to the other process"
        table.shot(page, "drained-and-finished")
    finally:
        table.close()
