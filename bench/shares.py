"""A process's fair shares: what matches nobody is at cost it, and how long a plain bot waits
while the bots of other matches search at the server's caps.

Parked matches: `ludoteca serve` as one of several processes (PostgreSQL and Redis, private
instances on loopback) sits idle with no match, then with `--parked` Goofspiel matches that were
started and left at once (no grace: nothing is due without their people), once the server has
parked them, then with as many matches kept loaded (an idle time longer than the run, as every
process kept them before parking). For each: the server process's CPU (user and system) per
second of wall time, and the Redis commands a second (its `total_commands_processed`), each as
a ratio to no match.

Starvation: `ludoteca serve` (SQLite, bots moving at once) runs Castell matches of two
heuristic bots, watched, one after another. First with
nothing else running, then while `--searching` all-bot Castell matches search at the caps
(`mcts:iterations=20000:rollout=heuristic:horizon=1000`, about 9.5 s of a core a move without
the server's bound of seconds of CPU a move). A match's mean seconds a move is its answer
time (a mean over the match: frames built late carry several steps); the busy median over the
idle one is the ratio (goal: at most 3x). Nothing here asserts a time: it prints.

Run: .venv/bin/python bench/shares.py [--parked 1000] [--searching 10] [--seconds 20]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import redis
import websockets
from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pages import rich_markdown, what_it_measures, write_page  # noqa: E402
from server import NO_QUOTAS  # noqa: E402

from ludoteca.server.loopback import free_port, wait_port  # noqa: E402
from ludoteca.server.tests.services import Postgres, Redis  # noqa: E402

AT_THE_CAPS = "mcts:iterations=20000:rollout=heuristic:horizon=1000"
IDLE_SECONDS = 3.0  # the parked run's --idle-seconds: matches park soon after they are left


def serve(*args: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [str(Path(sys.executable).parent / "ludoteca"), "serve", "--port", str(port),
               *NO_QUOTAS, *args]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_port(port, 60)
    return process, f"http://127.0.0.1:{port}"


def cpu_seconds(process: subprocess.Popen[bytes]) -> float:
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle_cost(process: subprocess.Popen[bytes], client: redis.Redis, seconds: float
              ) -> tuple[float, float]:
    """The process's CPU share and Redis's commands a second over `seconds` of idling."""
    cpu, commands = cpu_seconds(process), int(client.info("stats")["total_commands_processed"])
    began = time.monotonic()
    time.sleep(seconds)
    wall = time.monotonic() - began
    done = int(client.info("stats")["total_commands_processed"]) - commands - 1
    return (cpu_seconds(process) - cpu) / wall, done / wall


async def leave_matches(base: str, count: int) -> None:
    """`count` Goofspiel matches started and left (no grace)."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(count):
            made = (await http.post("/api/matches", json={
                "game": "goofspiel", "players": 2, "grace": "never"})).json()
            await http.post(f"/api/matches/{made['id']}/start",
                            headers={"Authorization": f"Bearer {made['host_token']}"})


def parked_count(url: str) -> int:
    import psycopg

    with psycopg.connect(url.replace("+psycopg", "")) as connection:
        row = connection.execute(
            "SELECT count(*) FROM matches WHERE parked_at IS NOT NULL").fetchone()
        return int(row[0]) if row else 0


def parked_run(matches: int, seconds: float) -> list[tuple[str, float, float]]:
    rows: list[tuple[str, float, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o755)  # PostgreSQL runs as nobody when this runs as root
        postgres, cache = Postgres(Path(folder) / "pg"), Redis(Path(folder) / "redis")
        postgres.start()
        cache.start()
        try:
            for name, idle in (("no match", None), (f"{matches} parked", IDLE_SECONDS),
                               (f"{matches} loaded (never parked)", 1e9)):
                url = postgres.create_database(f"b{len(rows)}")
                shared = ["--database-url", url, "--redis-url", cache.url]
                process, base = serve(*shared, "--idle-seconds", str(idle or 60))
                try:
                    if idle is not None:
                        asyncio.run(leave_matches(base, matches))
                    if idle == IDLE_SECONDS:
                        deadline = time.monotonic() + 600
                        while parked_count(url) < matches and time.monotonic() < deadline:
                            time.sleep(1)
                    time.sleep(3)  # the last loads and leases settle
                    client = redis.Redis.from_url(cache.url)
                    cpu, commands = idle_cost(process, client, seconds)
                    rows.append((name, cpu, commands))
                finally:
                    process.terminate()
                    process.wait(30)
        finally:
            cache.stop()
            postgres.stop()
    return rows


async def seconds_a_move(base: str, steps: int) -> float:
    """A heuristic Castell match started and watched: the mean seconds its first `steps`
    steps took each (each a heuristic bot's answer, the server's work around it included). A
    mean over the run, not the gaps between frames: frames built late carry several steps."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        made = (await http.post("/api/matches", json={
            "game": "castell", "players": 2, "bots": {"0": "heuristic", "1": "heuristic"},
            "bot_pause": 0})).json()
        async with websockets.connect(base.replace("http", "ws", 1)
                                      + f"/api/matches/{made['id']}/ws", max_size=1 << 24) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            await http.post(f"/api/matches/{made['id']}/start",
                            headers={"Authorization": f"Bearer {made['host_token']}"})
            began, step = time.monotonic(), 0
            while step < steps:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 120))
                if frame["type"] == "state":
                    step = frame["step"]
                    if frame["status"] != "running":
                        break
    return (time.monotonic() - began) / max(1, step)


async def start_searches(base: str, matches: int) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for _ in range(matches):
            made = (await http.post("/api/matches", json={
                "game": "castell", "players": 2, "bot_pause": 0,
                "bots": {"0": AT_THE_CAPS, "1": AT_THE_CAPS}})).json()
            await http.post(f"/api/matches/{made['id']}/start",
                            headers={"Authorization": f"Bearer {made['host_token']}"})


def starvation_run(searching: int, steps: int, rounds: int) -> tuple[list[float], list[float]]:
    """The mean seconds a move of `rounds` heuristic matches, idle, then while `searching`
    matches search at the caps."""
    with tempfile.TemporaryDirectory() as folder:
        process, base = serve("--db", str(Path(folder) / "bench.db"), "--bot-pause", "0")
        try:
            asyncio.run(seconds_a_move(base, 5))  # warm: imports, the first pages
            idle = [asyncio.run(seconds_a_move(base, steps)) for _ in range(rounds)]
            asyncio.run(start_searches(base, searching))
            time.sleep(2.0)  # every search worker busy
            busy = [asyncio.run(seconds_a_move(base, steps)) for _ in range(rounds)]
        finally:
            process.terminate()
            process.wait(30)
    return idle, busy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parked", type=int, default=1000, help="matches left to park")
    parser.add_argument("--seconds", type=float, default=20.0, help="idling measured")
    parser.add_argument("--searching", type=int, default=10,
                        help="all-bot matches searching at the caps")
    parser.add_argument("--steps", type=int, default=40, help="moves of a heuristic match")
    parser.add_argument("--rounds", type=int, default=5, help="heuristic matches timed")
    args = parser.parse_args()
    console = Console()

    parked = parked_run(args.parked, args.seconds)
    table = Table(title=f"An idle process (one of several: PostgreSQL and Redis) with "
                        f"matches nobody is at, {args.seconds:g} s each")
    for column in ("matches", "process CPU", "CPU / none", "Redis commands/s",
                   "commands / none"):
        table.add_column(column, justify="left" if column == "matches" else "right")
    base_cpu, base_commands = parked[0][1], parked[0][2]
    for name, cpu, commands in parked:
        table.add_row(name, f"{cpu:.2%}", f"{cpu / base_cpu:.1f}x" if base_cpu else "-",
                      f"{commands:.1f}",
                      f"{commands / base_commands:.1f}x" if base_commands else "-")
    console.print(table)

    idle, busy = starvation_run(args.searching, args.steps, args.rounds)
    starving = Table(title=f"A heuristic bot's answer (mean s a move of a match of two, "
                           f"{args.steps} moves, {args.rounds} matches) while "
                           f"{args.searching} all-bot matches search at the caps")
    for column in ("run", "matches", "median s a move", "slowest match", "median / idle",
                   "goal", "met"):
        starving.add_column(column, justify="left" if column == "run" else "right")
    idle_median = statistics.median(idle)
    for name, means in (("idle", idle), ("searches at the caps", busy)):
        median = statistics.median(means)
        ratio = median / idle_median
        busy_run = name != "idle"
        starving.add_row(name, str(len(means)), f"{median:.4f}", f"{max(means):.4f}",
                         f"{ratio:.2f}x", "<= 3x" if busy_run else "",
                         ("yes" if ratio <= 3 else "no") if busy_run else "")
    console.print(starving)
    write_page("shares", "A process's fair shares", what_it_measures(__doc__),
               [rich_markdown(table), rich_markdown(starving)])


if __name__ == "__main__":
    main()
