"""The pictures of the README and the documentation site, taken from the running app: a fresh
`ludoteca serve` on a free local port, driven through Debian's Chromium by Playwright, every
other seat a bot. Each picture is scaled down and reduced to a palette, so that all of them
weigh a few hundred KB in the repository; look at each one after a run.

    make screenshots        (or .venv/bin/python tools/screenshots.py [--only home,castell])

Pictures: the home page; a Castell, a Ligretto and a Ciurme (quick try) match; a Ciurme
workshop's projector while people join, then its control room and a phone in phase 1.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from PIL import Image
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from ludoteca.server.loopback import free_port, wait_port

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from web_browser import click_first, until  # noqa: E402  (the browser tests' helpers)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images"
CLIENT = ROOT / "ludoteca" / "server" / "static" / "app" / "index.html"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LAPTOP: ViewportSize = {"width": 1280, "height": 860}
PHONE: ViewportSize = {"width": 360, "height": 740}
WIDTH = 960  # a laptop's picture is scaled to this many pixels across
COLOURS = 64  # and reduced to a palette of this many: screens are flat colours and text
PUBLIC = "http://192.168.1.20:8000"  # the address invites and the projector show, as on a laptop


def serve(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    process = subprocess.Popen(
        [str(Path(sys.executable).parent / "ludoteca"), "serve", "--port", str(port),
         "--db", str(folder / "shots.db"), "--bot-pause", "0.3", "--public-url", PUBLIC],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port, 60)
    return process, f"http://127.0.0.1:{port}"


def post(base: str, path: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers,
                                     method="POST")
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def seat_link(base: str, game: str, players: int, options: dict[str, Any], bot: str) -> str:
    """A started match, seed 7, bots on every seat but the first: the first seat's link."""
    bots = {str(seat): bot for seat in range(1, players)}
    created = post(base, "/api/matches", {"game": game, "players": players, "bots": bots,
                                          "options": options, "seed": 7})
    post(base, f"/api/matches/{created['id']}/start", {}, created["host_token"])
    return here(str(created["seats"][0]["invite_url"]))


def here(link: str) -> str:
    """A link the server made for its public address, as a path on this server."""
    parts = urllib.parse.urlsplit(link)
    return parts.path + (f"#{parts.fragment}" if parts.fragment else "")


def save(page: Page, name: str, full_page: bool = False) -> Path:
    """The page's picture, scaled (a phone's kept as it is) and reduced to a palette."""
    page.evaluate("window.scrollTo(0, 0)")
    picture = Image.open(io.BytesIO(page.screenshot(full_page=full_page))).convert("RGB")
    if picture.width > WIDTH:
        height = round(picture.height * WIDTH / picture.width)
        picture = picture.resize((WIDTH, height), Image.Resampling.LANCZOS)
    picture = picture.quantize(COLOURS, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    path = OUT / f"{name}.png"
    picture.save(path, optimize=True)
    print(f"{path.relative_to(ROOT)}: {picture.width}x{picture.height}, "
          f"{path.stat().st_size // 1024} KB")
    return path


def page_of(browser: Browser, base: str, size: ViewportSize = LAPTOP) -> Page:
    context = browser.new_context(viewport=size, base_url=base, locale="en-GB")
    context.set_default_timeout(20_000)
    return context.new_page()


def home(browser: Browser, base: str) -> None:
    page = page_of(browser, base)
    page.goto("/")
    page.wait_for_selector('a[href="/new/castell"]')
    save(page, "home")


def castell(browser: Browser, base: str) -> None:
    page = page_of(browser, base)
    page.goto(seat_link(base, "castell", 3, {}, "heuristic"))
    page.wait_for_selector(".castell svg.map .region")
    # A first turn (a move, then its end), and the bots' turns after it.
    page.locator('button[data-kind="move"]').first.click()
    page.get_by_role("button", name=re.compile("End your turn")).click()
    until(lambda: page.locator(".log li").count() >= 4, 30, "the bots' turns")
    save(page, "castell")


def ligretto(browser: Browser, base: str) -> None:
    page = page_of(browser, base)
    page.goto(seat_link(base, "ligretto", 4, {"rounds": 1}, "heuristic:level=casual"))
    page.wait_for_selector(".ligretto svg.board g.square")
    page.locator(".hand button.primary").click()  # turn a tile over: its places light up
    time.sleep(6)  # the bots place tiles meanwhile
    save(page, "ligretto")


def ciurme(browser: Browser, base: str) -> None:
    page = page_of(browser, base)
    page.goto(seat_link(base, "ciurme", 8, {}, "heuristic"))
    page.wait_for_selector(".ciurme")
    time.sleep(3)
    save(page, "ciurme")


def join(browser: Browser, base: str, code: str, name: str) -> Page:
    phone = page_of(browser, base, PHONE)
    phone.goto(f"/join#code={code}")
    phone.fill("input[name=name]", name)
    phone.locator("form button[type=submit]").click()
    phone.wait_for_url(re.compile(r".*/play/[\w-]+$"))
    phone.wait_for_selector("[data-lobby]")
    return phone


def stage(page: Page, selector: str) -> str:
    found = page.locator(f"{selector}[data-stage]")
    return (found.first.get_attribute("data-stage") or "") if found.count() else ""


def workshop(browser: Browser, base: str) -> None:
    """A session of eight seats: two phones, bots on the rest, to a few turns of phase 1."""
    facilitator = page_of(browser, base)
    facilitator.goto("/session")
    facilitator.locator("form button[type=submit]").click()
    facilitator.wait_for_url(re.compile(r".*/session/[\w-]+$"))
    code = facilitator.locator(".lobby [data-code]").inner_text().strip()
    wall = page_of(browser, base, ViewportSize(width=1600, height=900))
    wall.goto(here(facilitator.locator("a[data-projector]").get_attribute("href") or ""))
    wall.wait_for_selector(".wall [data-code]")
    phones = [join(browser, base, code, name) for name in ("Ada", "Bruno")]
    until(lambda: facilitator.locator(".lobby li[data-member]").count() == 2, 20,
          "both phones in the lobby")
    until(lambda: "Bruno" in wall.inner_text(".wall"), 20, "the names on the projector")
    save(wall, "workshop-projector")
    facilitator.fill("input[name=seats]", "8")
    facilitator.locator("[data-balance]").click()
    until(lambda: facilitator.locator('.crew[data-crew="1"] li[data-member]').count() == 1, 20,
          "the crews balanced")
    facilitator.locator("[data-start]").click()
    facilitator.wait_for_selector(".control")
    deadline = time.monotonic() + 60
    while stage(facilitator, ".control") == "briefing":
        if time.monotonic() > deadline:
            raise SystemExit("no picture: the briefing did not end within 60 s")
        for phone in phones:
            click_first(phone, '.group[data-kind="pick_colour"] button')
        if not click_first(facilitator, '.group[data-kind="first_player"] button'):
            click_first(facilitator, '.group[data-kind="start_phase"] button')
        time.sleep(0.3)
    for _ in range(8):  # a few turns of phase 1 on the phones
        for phone in phones:
            click_first(phone, ".choices button") or click_first(phone, ".menu .group button")
        time.sleep(0.5)
    save(facilitator, "workshop-control")
    save(phones[0], "workshop-phone")


SHOTS = {"home": home, "castell": castell, "ligretto": ligretto, "ciurme": ciurme,
         "workshop": workshop}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(SHOTS), help="pictures to take, "
                        f"comma-separated, of: {', '.join(SHOTS)}")
    args = parser.parse_args()
    if not CLIENT.is_file():
        raise SystemExit("the browser client is not built: run `make web`")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        process, base = serve(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                     args=ARGS)
                for name in args.only.split(","):
                    SHOTS[name](browser, base)
                browser.close()
        finally:
            process.terminate()
            process.wait(30)


if __name__ == "__main__":
    main()
