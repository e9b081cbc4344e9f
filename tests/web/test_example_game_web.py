"""The contributors' example game in the browser: a scratch copy of the package and of the web
client with Nim's browser side added as "Adding a game" lists it (tests/example_game.py), built
once, served, and a match against a bot played through the action menu, whose buttons say what
each take takes and whose log says who took what, in English and in Italian."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from example_game import example_package, example_web
from playwright.sync_api import Browser, Locator, Page
from web_browser import Table, Watched, until
from web_pages import create_match, seen
from web_server import serving

BIN = Path(sys.executable).parent
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "web" / "example_game"
TAKE = {"en-GB": re.compile(r"^Take \d from heap \d$"),
        "it-IT": re.compile(r"^Prendi \d dal mucchio \d$")}
TOOK = {"en-GB": re.compile(r"^(Ada|Bot 2) took \d from heap \d\.$"),
        "it-IT": re.compile(r"^(Ada|Bot 2) ha preso \d dal mucchio \d\.$")}


def build(web: Path) -> None:
    """The scratch client built with the checkout's Node (from the virtual environment)."""
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run([str(BIN / "npm"), "run", "build"], cwd=web, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]


@pytest.fixture(scope="module")
def nim_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of the scratch copy, Nim registered and in its built client, fast bots."""
    root = tmp_path_factory.mktemp("scratch")
    example_package(root)
    example_web(root)
    build(root / "web")
    with serving(root, env={**os.environ, "PYTHONPATH": str(root)}) as url:
        yield url


def play(page: Page, locale: str) -> None:
    """Take from the first heap offered until the match is over, each button read first."""
    def over() -> bool:
        return seen(page).status in ("over", "ended")
    buttons = page.locator('.menu [data-kind="take"] button')
    while not over():
        until(lambda: over() or buttons.count() > 0, 30, "Nim's take buttons or the end")
        if over():
            break
        labels = buttons.all_inner_texts()
        assert labels and all(TAKE[locale].match(label) for label in labels), labels
        taken(page, buttons.last, over)


def taken(page: Page, button: Locator, over: Callable[[], bool]) -> None:
    """`button` clicked, and its take accepted (or the match over)."""
    step = seen(page).step
    button.click()
    until(lambda: over() or seen(page).step > step, 30, "the take to be accepted")


# Both languages on one worker: one scratch build.
@pytest.mark.xdist_group("example_game_web")
@pytest.mark.parametrize("locale", ["en-GB", "it-IT"])
def test_the_example_game_plays_in_the_browser_from_a_scratch_copy(
        browser: Browser, nim_server: str, watched: Watched, locale: str) -> None:
    folder = OUTPUT / locale
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    table = Table(browser, nim_server, watched, folder)
    try:
        page = table.person(locale=locale, width=1280)
        page.goto("/")
        page.wait_for_selector('[data-game="nim"] svg')
        assert page.locator('[data-game="nim"] svg circle').count() == 12, "Nim's picture"
        assert page.locator('[data-game="nim"]').inner_text().startswith(
            "Nim"), page.locator('[data-game="nim"]').inner_text()
        table.shot(page, "home")
        create_match(page, "nim", ["me", "bot"])
        table.shot(page, "nim-start")
        play(page, locale)
        lines = page.locator('.log li[data-kind="took"]').all_inner_texts()
        assert lines and all(TOOK[locale].match(line) for line in lines), lines
        assert {line.split()[0] for line in lines} == {"Ada", "Bot"}, lines
        table.shot(page, "nim-over")
        page.set_viewport_size({"width": 360, "height": 800})
        table.shot(page, "nim-over-360")
    finally:
        table.close()
