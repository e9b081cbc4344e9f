"""What the browser tests share besides their fixtures: watched pages, a person's browser
profiles with screenshots, waiting for a condition and clicking what may have moved (the
screenshots tool, tools/screenshots.py, drives the app with them too)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Page,
    Request,
    Response,
)
from playwright.sync_api import Error as PlaywrightError
from web_audit import axe_problems, language_problems


@dataclass
class Watched:
    """What went wrong on the pages of one test."""

    problems: list[str] = field(default_factory=list)

    def watch(self, page: Page) -> Page:
        page.on("console", lambda m: self.console(page, m))
        page.on("pageerror", lambda e: self.problems.append(f"page error on {page.url}: {e}"))
        page.on("requestfailed", self.request_failed)
        page.on("response", lambda r: self.response(r))
        return page

    def request_failed(self, request: Request) -> None:
        # A page left for another cancels what it was still fetching (net::ERR_ABORTED): the
        # test moved on, nothing failed.
        if request.failure != "net::ERR_ABORTED":
            self.problems.append(f"request failed: {request.method} {request.url} "
                                 f"({request.failure})")

    def console(self, page: Page, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.problems.append(f"console error on {page.url}: {message.text}")

    def response(self, answer: Response) -> None:
        if answer.status >= 400:
            self.problems.append(f"HTTP {answer.status}: {answer.request.method} {answer.url}")


@dataclass
class Table:
    """Browser contexts (one per person) and screenshots of one test."""

    browser: Browser
    server: str
    watched: Watched
    folder: Path
    contexts: list[BrowserContext] = field(default_factory=list)
    shots: int = 0

    def person(self, locale: str = "en-GB", width: int = 1440, height: int = 1000,
               touch: bool = False) -> Page:
        """A new person: a fresh browser profile with one page (`touch`: a phone's touch
        screen, tapped with a finger)."""
        context = self.browser.new_context(
            locale=locale, viewport={"width": width, "height": height}, base_url=self.server,
            has_touch=touch, is_mobile=touch,
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        return self.watched.watch(context.new_page())

    def tab(self, like: Page) -> Page:
        """Another tab of the same person (same local storage)."""
        return self.watched.watch(like.context.new_page())

    def shot(self, page: Page, name: str, full_page: bool = True) -> Path:
        """A picture of the screen, which is audited as it is taken: its words and its
        accessibility (web_audit); what is wrong fails the test at its end, named by the shot."""
        self.shots += 1
        path = self.folder / f"{self.shots:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        self.audit(page, name)
        return path

    def audit(self, page: Page, name: str) -> None:
        width = page.viewport_size["width"] if page.viewport_size else 0
        found = language_problems(page) + axe_problems(page)
        self.watched.problems += [f"{name} at {width} px ({page.url}): {p}" for p in found]

    def close(self, failed: bool = False) -> None:
        """Close every person's browser; after a failure, first a picture of each open page
        (`failed-<n>.png`), the screens as they were when the test gave up; else each open
        page's last screen is audited like a photographed one."""
        for context in self.contexts:
            for page in [] if failed else context.pages:
                try:
                    self.audit(page, "the last screen")
                except PlaywrightError:
                    pass  # a page that cannot be read any more (closing, navigating away)
            for page in context.pages if failed else []:
                self.shots += 1
                try:
                    page.screenshot(path=str(self.folder / f"{self.shots:02d}-failed.png"),
                                    timeout=5_000)
                except PlaywrightError:
                    pass  # a page that cannot be drawn any more: the others still are
            context.close()


WaitFor = Callable[[], bool]


def until(check: WaitFor, seconds: float = 20.0, what: str = "a condition") -> None:
    """Poll `check` until it holds."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def click_first(page: Page, selector: str) -> bool:
    """Click the first visible button matching `selector`; False when there is none."""
    buttons = page.locator(selector)
    if buttons.count() == 0:
        return False
    try:
        buttons.first.click(timeout=2_000)
    except Exception:  # the screen changed under the click: the next round tries again
        return False
    return True
