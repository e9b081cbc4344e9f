"""Browser tests: a real `ludoteca serve` on a free local port, driven through Debian's
Chromium by Playwright. Every page a test opens is watched: a console error or a failed
request fails the test, and screenshots go under test-output/web/<test>/."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

playwright_sync = pytest.importorskip("playwright.sync_api")
# The client is served by the server's web module (ludoteca/server/web.py).
pytest.importorskip("ludoteca.server.web", reason="the server with its web module is needed")

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("LUDOTECA_CHROMIUM", "/usr/bin/chromium")
OUTPUT = ROOT / "test-output" / "web"
# As the machine's own checks start it: no sandbox (root), no GPU, no calls home.
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
CLIENT = ROOT / "ludoteca" / "server" / "static" / "app" / "index.html"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this checkout, with fast bots, on its own database."""
    if not CLIENT.is_file():
        pytest.fail("the browser client is not built: run `make web`")
    port = free_port()
    folder = tmp_path_factory.mktemp("server")
    log = (folder / "serve.log").open("w")
    process = subprocess.Popen(
        [sys.executable, "-c", "from ludoteca.cli import app; app()", "serve",
         "--port", str(port), "--db", str(folder / "test.db"), "--bot-pause", "0.05"],
        stdout=log, stderr=subprocess.STDOUT, cwd=folder,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1):
                break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError((folder / "serve.log").read_text()) from None
            time.sleep(0.2)
    yield url
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
    log.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[playwright_sync.Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is needed at {CHROMIUM} (Debian: apt-get install chromium)")
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@dataclass
class Watched:
    """What went wrong on the pages of one test."""

    problems: list[str] = field(default_factory=list)

    def watch(self, page: playwright_sync.Page) -> playwright_sync.Page:
        page.on("console", lambda m: m.type == "error" and self.problems.append(
            f"console error on {page.url}: {m.text}"))
        page.on("pageerror", lambda e: self.problems.append(f"page error on {page.url}: {e}"))
        page.on("requestfailed", lambda r: self.problems.append(
            f"request failed: {r.method} {r.url} ({r.failure})"))
        page.on("response", lambda r: r.status >= 400 and self.problems.append(
            f"HTTP {r.status}: {r.request.method} {r.url}"))
        return page


@pytest.fixture
def watched() -> Iterator[Watched]:
    found = Watched()
    yield found
    assert found.problems == [], "\n".join(found.problems)


@dataclass
class Table:
    """Browser contexts (one per person) and screenshots of one test."""

    browser: playwright_sync.Browser
    server: str
    watched: Watched
    folder: Path
    contexts: list[playwright_sync.BrowserContext] = field(default_factory=list)
    shots: int = 0

    def person(self, locale: str = "en-GB", width: int = 1440, height: int = 1000
               ) -> playwright_sync.Page:
        """A new person: a fresh browser profile with one page."""
        context = self.browser.new_context(
            locale=locale, viewport={"width": width, "height": height}, base_url=self.server,
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return self.watched.watch(context.new_page())

    def tab(self, like: playwright_sync.Page) -> playwright_sync.Page:
        """Another tab of the same person (same local storage)."""
        return self.watched.watch(like.context.new_page())

    def shot(self, page: playwright_sync.Page, name: str, full_page: bool = True) -> Path:
        self.shots += 1
        path = self.folder / f"{self.shots:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@pytest.fixture
def table(browser: playwright_sync.Browser, server: str, watched: Watched,
          request: pytest.FixtureRequest) -> Iterator[Table]:
    folder = OUTPUT / re.sub(r"[^\w.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    t = Table(browser, server, watched, folder)
    yield t
    t.close()


WaitFor = Callable[[], bool]


def until(check: WaitFor, seconds: float = 20.0, what: str = "a condition") -> None:
    """Poll `check` until it holds."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
