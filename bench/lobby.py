"""The lobby while bots think: how long it takes to answer while the MCTS bots of many matches
search, as a ratio to the same lobby idle, in the same run.

`ludoteca serve` runs in its own process (SQLite in a temporary folder). This process asks the
lobby what a person opening the home page and creating a match asks (`POST /api/matches`, then
`GET /api/matches/{id}` and `GET /api/matches`), one request after another, first with nothing
else running, then while every seat of `--matches` Castell matches is played by a searching bot
(the bots think in the server's own bot threads, `--bot-threads`). Nothing asserts a time: it
prints p50 and p99 of each and their ratios, and writes the page docs/bench/lobby.md.

    .venv/bin/python bench/lobby.py [--matches 20] [--requests 60] [--bot mcts:seconds=1]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from pages import rich_markdown, write_page
from rich.console import Console
from rich.table import Table
from server import NO_QUOTAS

from ludoteca.server.loopback import free_port, wait_port

ABOUT = """
How long the lobby takes to answer while the bots of many matches search, against the same
lobby idle, measured in one run. A person's visit to the lobby is three requests in a row
(create a match, read it back, list the open matches); the server's bots search in worker
processes of their own (`--bot-threads`), at a lower priority than the server, with what a bot
may spend on a move capped by the server (`--bot-max-seconds`). The busy run starts every seat
of each Castell match with a searching bot and measures while they search; the ratio is the
busy p50 (p99) over the idle one.
"""



def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def visit(http: httpx.AsyncClient) -> float:
    """One visit to the lobby, in ms."""
    began = time.perf_counter()
    made = (await http.post("/api/matches", json={"game": "goofspiel", "players": 2})).json()
    await http.get(f"/api/matches/{made['id']}")
    await http.get("/api/matches")
    return (time.perf_counter() - began) * 1000


async def visits(base: str, count: int) -> list[float]:
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:
        return [await visit(http) for _ in range(count)]


async def start_bots(base: str, matches: int, bot: str) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(matches):
            made = (await http.post("/api/matches", json={
                "game": "castell", "players": 3, "bots": {str(s): bot for s in range(3)},
                "bot_pause": 0})).json()
            await http.post(f"/api/matches/{made['id']}/start",
                            headers={"Authorization": f"Bearer {made['host_token']}"})


def serve(folder: Path, threads: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [str(Path(sys.executable).parent / "ludoteca"), "serve", "--port", str(port),
               "--db", str(folder / "lobby.db"), "--bot-threads", str(threads),
               *NO_QUOTAS]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port, 60)
    return process, f"http://127.0.0.1:{port}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument("--requests", type=int, default=60, help="visits measured per run")
    parser.add_argument("--bot", default="mcts:seconds=1", help="the bot on every seat")
    parser.add_argument("--bot-threads", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, base = serve(Path(folder), args.bot_threads)
        try:
            asyncio.run(visits(base, 5))  # warm: imports, the database's first pages
            idle = asyncio.run(visits(base, args.requests))
            asyncio.run(start_bots(base, args.matches, args.bot))
            time.sleep(2.0)  # every bot thread busy
            busy = asyncio.run(visits(base, args.requests))
        finally:
            process.terminate()
            process.wait(30)
    table = Table(title=f"A lobby visit (3 requests), {args.matches} Castell matches of "
                        f"{args.bot} bots, {args.bot_threads} bot threads")
    for column in ("run", "visits", "p50 ms", "p99 ms", "p50 / idle", "p99 / idle"):
        table.add_column(column, justify="right" if column != "run" else "left")
    base50, base99 = percentile(idle, 0.5), percentile(idle, 0.99)
    for name, times in (("idle", idle), ("bots thinking", busy)):
        p50, p99 = percentile(times, 0.5), percentile(times, 0.99)
        table.add_row(name, str(len(times)), f"{p50:.1f}", f"{p99:.1f}",
                      f"{p50 / base50:.2f}x", f"{p99 / base99:.2f}x")
    Console().print(table)
    page = write_page("lobby", "The lobby while bots think", ABOUT, [rich_markdown(table)])
    print(f"wrote {page}")


if __name__ == "__main__":
    main()
