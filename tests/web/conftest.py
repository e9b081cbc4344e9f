"""Browser tests: a real `ludoteca serve` on a free local port, driven through Debian's
Chromium by Playwright. Every page a test opens is watched: a console error or a failed
request fails the test, and screenshots go under test-output/web/<test>/."""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

# The helpers beside this file are imported by the tests as top-level modules.
sys.path.insert(0, str(Path(__file__).parent))
import playwright.sync_api as playwright_sync  # noqa: E402  (after the path is set)
from web_browser import Table, Watched  # noqa: E402
from web_server import serving  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("LUDOTECA_CHROMIUM", "/usr/bin/chromium")
OUTPUT = ROOT / "test-output" / "web"
# As the machine's own checks start it: no sandbox (root), no GPU, no calls home.
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]
CLIENT = ROOT / "ludoteca" / "server" / "static" / "app" / "index.html"


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this checkout, with fast bots, on its own database."""
    if not CLIENT.is_file():
        pytest.fail("the browser client is not built: run `make web`")
    # the whole browser suite creates its matches from one address
    with serving(tmp_path_factory.mktemp("server"),
                 "--matches-per-hour", "0", "--unfinished-per-creator", "0") as url:
        yield url


# Per test: Playwright's event loop must not outlive the test, or a later test of the same
# worker that runs asyncio (the server's) finds a loop already running.
@pytest.fixture
def browser() -> Iterator[playwright_sync.Browser]:
    if not Path(CHROMIUM).exists():
        # As the server's services: `make test-services` installs it; where it cannot, the
        # browser tests are skipped saying why, except in CI, which always can.
        message = (f"SKIPPED: the browser tests need Chromium at {CHROMIUM} "
                   "(`make test-services` installs Debian's package as root)")
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    with playwright_sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=LAUNCH_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def watched() -> Iterator[Watched]:
    found = Watched()
    yield found
    assert found.problems == [], "\n".join(found.problems)


@pytest.fixture
def table(browser: playwright_sync.Browser, server: str, watched: Watched,
          request: pytest.FixtureRequest) -> Iterator[Table]:
    folder = OUTPUT / re.sub(r"[^\w.-]+", "_", request.node.name)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    t = Table(browser, server, watched, folder)
    yield t
    t.close(failed=request.node.stash.get(FAILED, False))


FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Marks a test whose call failed, for the table's pictures of its screens."""
    report = yield
    if report.when == "call" and report.failed:
        item.stash[FAILED] = True
    return report
