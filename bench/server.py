"""The server under load: N WebSocket clients playing, beside a bare echo of the same app.

`ludoteca serve` runs in its own process (SQLite in a temporary folder, the echo endpoint on);
this process runs every client. For N = 50 and 200 clients it measures:
- Castell (4-player matches) and Ciurme (8 players and a facilitator) at human speed: a
  client that may act thinks 0.5-2 s, then sends a random legal action;
- Ligretto (2-player matches) flat out: a client sends a random legal action on every state
  frame where it has one;
- just before each of those runs, the baseline: a bare WebSocket echo at the same N and pace,
  at human speed (each client sends every 0.5-2 s) or flat out (each client sends again as
  soon as its answer comes). Each pair is run `--rounds` times and their latencies pooled, so
  that a game and its baseline meet the machine's other load alike. A run at human speed lasts
  30 s (`RUN_SECONDS`): 200 clients make some 37 actions a second there, and the p99 of the
  few hundred a 10-s run made moved by half from one run to the next.
For each: accepted actions per second, p50/p99 latency from sending an action to the acting
client's `accepted`, and to the first frame of that step at the other clients of the match,
with the p99 as a ratio to its echo's p99, and the server process's CPU time per accepted
action (which the machine's other load hardly moves, unlike latencies). Then the server's
memory per live match. Nothing here asserts a time: it prints.

    .venv/bin/python bench/server.py [--seconds S] [--clients 50,200] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from ludoteca.server.loopback import free_port, wait_port

HUMAN_THINK = (0.5, 2.0)
RUN_SECONDS = {  # a run's length by pace: its p99 wants a thousand answers or more
    "human": 30.0,  # 200 clients at human speed make about 37 actions a second
    "flat": 10.0,  # flat out, thousands of actions a second
}
EXTRA: list[str] = []  # more `ludoteca serve` options (--compression)
REFS = itertools.count(1)  # each action's ref, unique in the run (--stalls joins on it)
STALLS: list[Path] = []  # where the server's probes write (--stalls; see bench/stalls.py)
GAMES = {  # game -> (players, clients per match, pace)
    "castell": (4, 4, "human"),
    "ciurme": (8, 9, "human"),
    "ligretto": (2, 2, "flat"),
}


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Measure:
    acks: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)
    accepted: int = 0
    sent: dict[tuple[str, Any], float] = field(default_factory=dict)  # (match, ref) -> time
    step_sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrivals: list[tuple[str, int, float]] = field(default_factory=list)
    cpu: float = 0.0  # the server's CPU seconds while the clients played
    began: float = 0.0  # time.time() when they started
    client_cpu: float = 0.0  # share of a core this process (every client) used meanwhile
    lags: list[float] = field(default_factory=list)  # see loop_lag
    traced: list[tuple[str, Any, float, float]] = field(default_factory=list)  # --stalls


class Server:
    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        serve = [str(Path(sys.executable).parent / "ludoteca")]
        if STALLS:
            serve = [sys.executable, str(Path(__file__).parent / "stalls.py"), str(STALLS[0])]
        command = [*serve, "serve", "--port",
                   str(self.port), "--db", str(folder / "bench.db"), "--echo",
                   "--rate-limit", "100000", *EXTRA]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        wait_port(self.port, 60)
        self.url = f"http://127.0.0.1:{self.port}"

    def cpu_seconds(self) -> float:
        """User and system CPU the server process has used (not inflated by the machine's
        other load, unlike latencies)."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mib(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


# --- the echo baseline ----------------------------------------------------------------------------
async def echo_client(url: str, pace: str, until: float, times: list[float]) -> None:
    rng = random.Random()
    async with websockets.connect(url.replace("http", "ws") + "/api/echo") as ws:
        payload = json.dumps({"type": "action", "action": {"kind": "x" * 40}, "ref": 1})
        while time.monotonic() < until:
            if pace == "human":
                await asyncio.sleep(rng.uniform(*HUMAN_THINK))
            start = time.perf_counter()
            await ws.send(payload)
            await ws.recv()
            times.append(time.perf_counter() - start)


async def echo(url: str, clients: int, pace: str, seconds: float
               ) -> tuple[list[float], list[float]]:
    """The echo's round trips, and the clients' own event loop's lags meanwhile."""
    times: list[float] = []
    lags: list[float] = []
    until = time.monotonic() + seconds
    await asyncio.gather(loop_lag(until, lags),
                         *(echo_client(url, pace, until, times) for _ in range(clients)))
    return times, lags


async def loop_lag(until: float, lags: list[float], every: float = 0.005) -> None:
    """How late this process's event loop wakes a sleeper: an answer that arrives while the
    clients are busy (decoding other matches' frames) is measured that much later."""
    while time.monotonic() < until:
        start = time.perf_counter()
        await asyncio.sleep(every)
        lags.append(time.perf_counter() - start - every)


# --- games ----------------------------------------------------------------------------------------
async def make_matches(url: str, game: str, count: int) -> list[dict[str, Any]]:
    players = GAMES[game][0]
    made = []
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for i in range(count):
            response = await http.post("/api/matches", json={"game": game, "players": players,
                                                             "seed": i, "grace": "never"})
            made.append(response.json())
    return made


async def start_matches(url: str, matches: list[dict[str, Any]]) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as http:
        for match in matches:
            await http.post(f"/api/matches/{match['id']}/start",
                            headers={"Authorization": f"Bearer {match['host_token']}"})


async def connect(url: str, match_id: str, token: str) -> Any:
    """A client that said hello and got its first frames (so connecting is not measured)."""
    ws = await websockets.connect(url.replace("http", "ws") + f"/api/matches/{match_id}/ws",
                                  max_size=1 << 22)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    await ws.recv()
    return ws


STATE_TAIL = re.compile(r', "step": (\d+), "status": "(\w+)", "clocks": ')


def read_state(text: str) -> tuple[int, str, str]:
    """A `state` frame's step, status and legal list (as JSON text), read from its end
    (frames.state_text's order), without decoding its view: a phone decodes its own frames,
    but here one process plays every client, and decoding every view it is sent (most of
    what the server sends) would delay the answers it measures."""
    at = text.rindex(', "step": ')
    tail = STATE_TAIL.match(text, at)
    if tail is None:
        raise ValueError(f"not a state frame's end: {text[at:at + 80]!r}")
    legal = text[text.rindex(', "legal": ', 0, at) + len(', "legal": '):at]
    return int(tail[1]), tail[2], legal


async def game_client(ws: Any, match_id: str, pace: str, until: float, measure: Measure
                      ) -> None:
    rng = random.Random()
    ref = 0
    waiting = False  # an action is out, not yet answered
    fresh = False  # the latest state has not been acted on yet
    think: asyncio.Task[None] | None = None
    legal = "[]"  # the latest state's legal actions, as JSON text
    seen_steps: set[int] = set()

    async def send_soon() -> None:
        nonlocal ref, waiting, fresh
        if pace == "human":
            await asyncio.sleep(rng.uniform(*HUMAN_THINK))
            if legal == "[]":
                return
        ref = next(REFS)
        waiting, fresh = True, False
        # Timed from its send, as the echo is: choosing the action (decoding a legal list
        # of up to hundreds) is the client's thinking, not the server's latency.
        payload = json.dumps({"type": "action", "action": rng.choice(json.loads(legal)),
                              "ref": ref})
        measure.sent[(match_id, ref)] = time.perf_counter()
        await ws.send(payload)

    try:
        async with asyncio.timeout(max(0.01, until - time.monotonic())):
            while True:
                text = await ws.recv()
                now = time.perf_counter()
                if text.startswith('{"type": "state"'):
                    kind = "state"
                    step, status, legal = read_state(text)
                    fresh = True
                else:
                    frame = json.loads(text)
                    kind, step = frame["type"], frame.get("step")
                if kind in ("event", "state") and step not in seen_steps:
                    seen_steps.add(step)
                    measure.arrivals.append((match_id, step, now))
                if kind in ("accepted", "rejected"):
                    waiting = False
                    start = measure.sent.pop((match_id, frame["ref"]), None)
                    if kind == "accepted" and start is not None:
                        measure.accepted += 1
                        measure.acks.append(now - start)
                        measure.traced.append((match_id, frame["ref"], start, now))
                        measure.step_sent[(match_id, step)] = start
                if kind == "state" and status != "running":
                    break
                if legal != "[]" and fresh and not waiting and (think is None or think.done()):
                    think = asyncio.create_task(send_soon())
    except TimeoutError:
        pass
    finally:
        if think is not None:
            think.cancel()
        await ws.close()


async def play(server: Server, game: str, clients: int, seconds: float) -> Measure:
    url = server.url
    _, per_match, pace = GAMES[game]
    count = max(1, clients // per_match)
    matches = await make_matches(url, game, count)
    sockets = [(match["id"], await connect(url, match["id"], seat["token"]))
               for match in matches for seat in match["seats"]]
    await asyncio.sleep(1.0)  # everyone's presence frames are out
    await start_matches(url, matches)
    measure = Measure()
    cpu, client_cpu = server.cpu_seconds(), time.process_time()
    started = time.monotonic()
    measure.began = time.time()
    until = started + seconds
    await asyncio.gather(loop_lag(until, measure.lags),
                         *(game_client(ws, match_id, pace, until, measure)
                           for match_id, ws in sockets))
    elapsed = time.monotonic() - started
    measure.cpu = server.cpu_seconds() - cpu
    measure.client_cpu = (time.process_time() - client_cpu) / elapsed
    # Latency to the others: each step's first frame at a client that did not send it.
    for match_id, step, arrived in measure.arrivals:
        start = measure.step_sent.get((match_id, step))
        if start is not None and arrived - start > 0:
            measure.others.append(arrived - start)
    measure.accepted = int(measure.accepted / elapsed)
    return measure


async def memory_per_match(game: str, count: int = 40) -> float:
    """KiB a live match adds to a fresh server: `count` matches started, a client on every
    seat of each (so every match is loaded, its state and frames built)."""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            async with httpx.AsyncClient(base_url=server.url) as http:
                await http.get("/api/games")
            before = server.rss_mib()
            matches = await make_matches(server.url, game, count)
            await start_matches(server.url, matches)
            sockets = [await connect(server.url, match["id"], seat["token"])
                       for match in matches for seat in match["seats"]]
            after = server.rss_mib()
            for ws in sockets:
                await ws.close()
            return (after - before) * 1024 / count
        finally:
            server.stop()


def mark(run: str, clients: int, begun: float,
         traced: list[tuple[str, Any, float, float]] | None = None) -> None:
    """With --stalls: which run the server's probes saw when, and the clients' side of each
    acknowledgement."""
    if STALLS:
        from stalls import client_acks
        from stalls import mark as write_mark

        write_mark(STALLS[0], f"{run}, {clients} clients", begun, time.time())
        if traced:
            client_acks(STALLS[0], traced)


def ms(value: float) -> str:
    return f"{value * 1000:7.1f}"


async def echo_run(server: Server, clients: int, pace: str, seconds: float) -> Measure:
    """The echo's round trips as a Measure (each message an `ack`), at `clients` and `pace`."""
    measure = Measure()
    cpu, client_cpu = server.cpu_seconds(), time.process_time()
    measure.began = time.time()
    measure.acks, measure.lags = await echo(server.url, clients, pace, seconds)
    measure.client_cpu = (time.process_time() - client_cpu) / (time.time() - measure.began)
    measure.cpu = server.cpu_seconds() - cpu
    measure.accepted = int(len(measure.acks) / seconds)
    mark(f"echo, {pace}", clients, measure.began)
    return measure


def pooled(runs: list[Measure]) -> Measure:
    """The runs of one kind (a game, or the echo measured next to it) over the rounds: their
    latencies together, actions a second and the clients' share of a core on average, the
    server's CPU summed (divided by every acknowledged action)."""
    out = Measure()
    for run in runs:
        out.acks += run.acks
        out.others += run.others
        out.lags += run.lags
        out.cpu += run.cpu
    out.accepted = round(sum(run.accepted for run in runs) / len(runs))
    out.client_cpu = sum(run.client_cpu for run in runs) / len(runs)
    return out


def row(name: str, clients: int, measure: Measure, ratio: float) -> str:
    others = [ms(percentile(measure.others, q)) if measure.others else "" for q in (0.5, 0.99)]
    return (f"{name:<22}{clients:>8}{measure.accepted:>10}"
            f"{ms(percentile(measure.acks, 0.5)):>9}{ms(percentile(measure.acks, 0.99)):>9}"
            f"{others[0]:>11}{others[1]:>11}"
            f"{ratio:>9.2f}{ms(measure.cpu / max(1, len(measure.acks))):>11}"
            f"{ms(percentile(measure.lags, 0.99)):>8}{measure.client_cpu:>8.0%}")


async def main(seconds: float | None, sizes: list[int], games: list[str], rounds: int
               ) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            lengths = (f"{seconds:g} s" if seconds else
                       ", ".join(f"{length:g} s at {pace} pace"
                                 for pace, length in RUN_SECONDS.items()))
            print(f"ludoteca server under load ({lengths} per run, {rounds} round(s), one "
                  "server process, SQLite)")
            print(f"{'run':<22}{'clients':>8}{'actions/s':>10}{'ack p50':>9}{'ack p99':>9}"
                  f"{'others p50':>11}{'others p99':>11}{'p99/echo':>9}{'CPU/action':>11}"
                  f"{'lag p99':>8}{'clients':>8}")
            for clients in sizes:
                # Each game's runs beside the echo's at the same clients and pace, measured just
                # before each of them (the machine's other load moves from minute to minute),
                # and each pair repeated `rounds` times, so that one noisy moment does not
                # decide a ratio.
                echoes: dict[str, list[Measure]] = {game: [] for game in games}
                played: dict[str, list[Measure]] = {game: [] for game in games}
                for _ in range(rounds):
                    for game in games:
                        pace = GAMES[game][2]
                        length = seconds or RUN_SECONDS[pace]
                        echoes[game].append(await echo_run(server, clients, pace, length))
                        measure = await play(server, game, clients, length)
                        mark(f"{game}, {pace}", clients, measure.began, measure.traced)
                        played[game].append(measure)
                for game in games:
                    pace = GAMES[game][2]
                    echo_runs, game_runs = pooled(echoes[game]), pooled(played[game])
                    ratio = percentile(game_runs.acks, 0.99) / percentile(echo_runs.acks, 0.99)
                    print(row(f"echo, {pace}", clients, echo_runs, 1.0))
                    print(row(f"{game}, {pace}", clients, game_runs, ratio))
            print("latencies in ms; each game's row follows the echo measured beside it (the "
                  "same clients and pace, just before each of its runs); p99/echo: the action's "
                  "ack p99 over that echo's p99; CPU/action: the server's CPU (user and system) "
                  "over the runs, in ms per accepted action (per message for the echo); lag "
                  "p99: how late the clients' own event loop woke (it delays every answer they "
                  "time); clients: the share of a core the clients' process used")
        finally:
            server.stop()
    if STALLS:
        from stalls import summary

        print(summary(STALLS[0]))
        STALLS.clear()  # the memory's servers run bare
    memory = {game: await memory_per_match(game) for game in games}
    print("memory per live match (a fresh server's RSS growth over 40 matches, a client on "
          "every seat): " + ", ".join(f"{game} {kib:.0f} KiB" for game, kib in memory.items()))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, help="every run's length (default: "
                        + ", ".join(f"{length:g} s at {pace} pace"
                                    for pace, length in RUN_SECONDS.items()) + ")")
    parser.add_argument("--clients", default="50,200")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--rounds", type=int, default=2, help="each game's run and its "
                        "echo's, this many times over, their latencies pooled")
    parser.add_argument("--stalls", type=Path, help="run the server with bench/stalls.py's "
                        "probes writing to this file, and print where its event loop stalled")
    arguments = parser.parse_args()
    if arguments.stalls:
        STALLS.append(arguments.stalls)
    asyncio.run(main(arguments.seconds, [int(n) for n in arguments.clients.split(",")],
                     arguments.games.split(","), arguments.rounds))
