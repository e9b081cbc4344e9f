"""The browser client: its weight and how fast a game screen appears, with a baseline from the
same run (a bare page of the same server in the same browser).

- JavaScript and CSS shipped, gzipped (target: under 200 KB of JavaScript);
- first render of a game screen: from opening a seat's link to Castell's map, and to
  Ligretto's board, drawn and filled (target: under 1 s), median of several loads, and as a
  ratio to loading the server's health page;
- real time at 4 players: Ligretto against three expert-speed bots, from a click on
  "Turn over" to the tile shown in the hand, median and 95th percentile.

    python bench/web.py        (needs `make web` and Debian's Chromium)
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import markdown_table, what_it_measures, write_page  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "ludoteca" / "server" / "static" / "app" / "assets"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
LOADS = 7
LAG_SAMPLES = 25
JS_TARGET_KB = 200
RENDER_TARGET_S = 1.0


def bundle() -> dict[str, float]:
    sizes = {"js": 0.0, "css": 0.0}
    for path in ASSETS.iterdir():
        kind = path.suffix.lstrip(".")
        if kind in sizes:
            sizes[kind] += len(gzip.compress(path.read_bytes(), 9)) / 1024
    return sizes


def post(url: str, body: dict[str, Any], token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def seat_link(base: str, game: str, players: int, options: dict[str, Any]) -> str:
    """A started match with bots on every seat but the first: the first seat's invite link."""
    bots = {str(s): "heuristic:level=expert" for s in range(1, players)}
    created = post(base + "/api/matches",
                   {"game": game, "players": players, "bots": bots, "options": options})
    post(base + f"/api/matches/{created['id']}/start", {}, created["host_token"])
    return str(created["seats"][0]["invite_url"])


def timed_load(page: Page, url: str, ready: str) -> float:
    start = time.perf_counter()
    page.goto(url)
    take_seat(page, ready)
    page.wait_for_selector(ready, state="visible")
    return time.perf_counter() - start


def take_seat(page: Page, ready: str) -> None:
    """An invite link opened for the first time asks its guest's name: a bench player gives
    one at once."""
    page.wait_for_selector(f"[data-invite-name] input, {ready}", state="visible")
    if page.locator("[data-invite-name] input").count():
        page.fill("[data-invite-name] input", "Bench")
        page.locator("[data-invite-name] button").click()


def render_times(browser: Any, base: str) -> dict[str, float]:
    out: dict[str, list[float]] = {"baseline": [], "castell": [], "ligretto": []}
    for _ in range(LOADS):
        # A new profile each time: nothing cached, as for a friend opening an invite.
        context = browser.new_context(viewport={"width": 1440, "height": 1000})
        page = context.new_page()
        out["baseline"].append(timed_load(page, base + "/healthz", "body"))
        out["castell"].append(timed_load(page, seat_link(base, "castell", 2, {}),
                                         ".castell svg.map .region"))
        out["ligretto"].append(timed_load(page, seat_link(base, "ligretto", 4, {"rounds": 1}),
                                          ".ligretto svg.board g.square"))
        context.close()
    return {name: statistics.median(values) for name, values in out.items()}


IN_PAGE_LAG = """async () => {
  const start = performance.now();
  document.querySelector('.hand button.primary').click();
  while (!document.querySelector('.hand .turned svg.tile')) {
    await new Promise((next) => requestAnimationFrame(next));
  }
  return performance.now() - start;
}"""


def realtime_lag(browser: Any, base: str) -> list[float]:
    """Click "Turn over", wait for the tile in hand, discard it; bots play all the while."""
    context = browser.new_context(viewport={"width": 1440, "height": 1000})
    page = context.new_page()
    page.goto(seat_link(base, "ligretto", 4, {"rounds": 1}))
    take_seat(page, ".ligretto .hand")
    page.wait_for_selector(".ligretto .hand")
    # The round starts once this player is ready and the countdown is over.
    page.locator("[data-gathering] button.ready").click()
    page.wait_for_selector("[data-gathering]", state="detached", timeout=15_000)
    lags: list[float] = []
    for _ in range(LAG_SAMPLES):
        if page.locator(".ligretto").get_attribute("data-phase") != "play":
            break  # a bot went out: the round is over
        turn = page.locator(".hand button.primary")
        turn.wait_for(timeout=5000)
        if not turn.is_enabled():
            break
        time.sleep(0.2)  # a person's pause; bots play meanwhile
        # Timed in the page, from the click to the frame that shows the tile.
        lags.append(page.evaluate(IN_PAGE_LAG) / 1000)
        page.locator(".hand button:not(.primary)").first.click()
        page.wait_for_function(
            "() => !document.querySelector('.hand .turned svg.tile')"
            " || document.querySelector('.ligretto').dataset.phase !== 'play'")
    context.close()
    return lags


def serve(folder: Path, port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        [sys.executable, "-c", "from ludoteca.cli import app; app()", "serve", "--port",
         str(port), "--db", str(folder / "bench.db"), "--bot-pause", "0.05"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    for _ in range(150):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1)
            return process
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("the server did not start")


def main() -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()  # no options
    if not (ASSETS.parent / "index.html").is_file():
        raise SystemExit("the browser client is not built: run `make web`")
    sizes = bundle()
    figures = [("bundle", f"{sizes['js']:.1f} KB of JavaScript gzipped (target < "
                          f"{JS_TARGET_KB} KB, {sizes['js'] / JS_TARGET_KB:.2f} of it), "
                          f"{sizes['css']:.1f} KB of CSS")]
    print(f"{figures[0][0]}: {figures[0][1]}")
    port = 8765
    with tempfile.TemporaryDirectory() as folder:
        server = serve(Path(folder), port)
        base = f"http://127.0.0.1:{port}"
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
                times = render_times(browser, base)
                lags = realtime_lag(browser, base)
                browser.close()
        finally:
            server.terminate()
            server.wait(10)
    base_s = times["baseline"]
    for game in ("castell", "ligretto"):
        figures.append((f"first render of {game}",
                        f"{times[game] * 1000:.0f} ms median of {LOADS} (target < "
                        f"{RENDER_TARGET_S * 1000:.0f} ms; {times[game] / base_s:.1f}x the "
                        f"health page's {base_s * 1000:.0f} ms)"))
    if lags:
        lags.sort()
        p95 = lags[min(len(lags) - 1, round(0.95 * (len(lags) - 1)))]
        figures.append(("Ligretto at 4 players, click to tile in hand",
                        f"median {statistics.median(lags) * 1000:.0f} ms, 95th percentile "
                        f"{p95 * 1000:.0f} ms over {len(lags)} turns "
                        f"({statistics.median(lags) / base_s:.1f}x the health page)"))
    for label, value in figures[1:]:
        print(f"{label}: {value}")
    write_page("web", "The browser client", what_it_measures(__doc__),
               [markdown_table(["", "this run"], figures)])


if __name__ == "__main__":
    main()
