"""The server under load: N WebSocket clients playing, beside a bare echo of the same app.

`ludoteca serve` runs in its own process (SQLite in a temporary folder, the echo endpoint on);
this process runs every client. For N = 50 and 200 clients it measures:
- Castell (4-player matches) and Ciurme (8 players and a facilitator) at human speed: a
  client that may act thinks 0.5-2 s, then sends a random legal action;
- Ligretto (2-player matches) flat out: a client sends a random legal action on every state
  frame where it has one;
- beside each, the baseline: a bare WebSocket echo at the same N and pace, at human speed
  (each client sends every 0.5-2 s) or flat out (each client sends again as soon as its
  answer comes). The game and its echo take turns in slices of a few seconds
  (`SLICE_SECONDS`) until each has had `SECONDS`, their sockets and matches kept open from
  slice to slice (a match that ends is replaced): the machine's speed drifts within seconds,
  and runs half a minute apart compared the drift as much as the game and the echo.
  At human speed each has a minute, some 2,000 actions at 200 clients, enough for a p99.
For each: accepted actions per second, p50/p99 latency from sending an action to the acting
client's `accepted`, and to the first frame of that step at the other clients of the match,
with the p99 as a ratio to its echo's p99 (also in blocks of 10 s of their slices), and the
server process's CPU time per accepted action (which the machine's other load hardly moves,
unlike latencies). Then the server's memory per live match. Nothing here asserts a time: it
prints.

    .venv/bin/python bench/server.py [--seconds S] [--slice S] [--clients 50,200]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

from ludoteca.server.loopback import free_port, wait_port

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import fenced, markdown_table, what_it_measures, write_page  # noqa: E402

HUMAN_THINK = (0.5, 2.0)
SECONDS = {  # each game's time and its echo's, by pace: a p99 wants a thousand answers or more
    "human": 60.0,  # 200 clients at human speed make about 37 actions a second
    "flat": 20.0,  # flat out, thousands of actions a second
}
SLICE_SECONDS = {"human": 2.5, "flat": 2.0}  # they take turns in slices this long
BLOCK_SECONDS = 10.0  # the slices compared in blocks this long (see by_block)
SETTLE_SECONDS = 0.3  # a slice ends once a client has read no frame for this long
LATE_SECONDS = 5.0  # or, with its action unanswered, for this long
SEEDS = itertools.count()  # each match's seed
EXTRA: list[str] = []  # more `ludoteca serve` options (--compression)
REFS = itertools.count(1)  # each action's ref, unique in the run (--stalls joins on it)
STALLS: list[Path] = []  # where the server's probes write (--stalls; see bench/stalls.py)
GAMES = {  # game -> (players, clients per match, pace)
    "castell": (4, 4, "human"),
    "ciurme": (8, 9, "human"),
    "ligretto": (2, 2, "flat"),
}

# One client makes every match of a bench: the creation quotas would stop it.
NO_QUOTAS = ["--matches-per-hour", "0", "--unfinished-per-creator", "0"]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Measure:
    """One kind's slices (a game's, or its echo's) together."""

    acks: list[float] = field(default_factory=list)
    others: list[float] = field(default_factory=list)
    sent: dict[tuple[str, Any], float] = field(default_factory=dict)  # (match, ref) -> time
    step_sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrivals: list[tuple[str, int, float]] = field(default_factory=list)
    seconds: float = 0.0  # the slices' length, summed (what actions per second count over)
    wall: float = 0.0  # the slices' time, with each one's settling
    cpu: float = 0.0  # the server's CPU seconds meanwhile
    client_cpu: float = 0.0  # this process's (every client's) CPU seconds meanwhile
    lags: list[float] = field(default_factory=list)  # see loop_lag
    traced: list[tuple[str, Any, float, float]] = field(default_factory=list)  # --stalls
    ends: list[int] = field(default_factory=list)  # len(acks) at the end of each slice

    def slices(self) -> list[list[float]]:
        """Each slice's acks."""
        return [self.acks[start:end] for start, end in itertools.pairwise([0, *self.ends])]


class Server:
    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        serve = [str(Path(sys.executable).parent / "ludoteca")]
        if STALLS:
            serve = [sys.executable, str(Path(__file__).parent / "stalls.py"), str(STALLS[0])]
        command = [*serve, "serve", "--port",
                   str(self.port), "--db", str(folder / "bench.db"), "--echo",
                   "--rate-limit", "100000", "--countdown", "0", *NO_QUOTAS, *EXTRA]
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
class EchoClient:
    """One socket to the bare echo, kept open from slice to slice."""

    def __init__(self, ws: Any, pace: str) -> None:
        self.ws, self.pace = ws, pace
        self.rng = random.Random()
        self.payload = json.dumps({"type": "action", "action": {"kind": "x" * 40}, "ref": 1})

    @classmethod
    async def open(cls, url: str, pace: str) -> EchoClient:
        return cls(await websockets.connect(url.replace("http", "ws") + "/api/echo"), pace)

    async def play(self, until: float, measure: Measure) -> None:
        """Send (after a think at human pace) until `until`; every round trip is an `ack`."""
        while True:
            if self.pace == "human":
                await asyncio.sleep(self.rng.uniform(*HUMAN_THINK))
            if time.monotonic() >= until:
                return
            start = time.perf_counter()
            await self.ws.send(self.payload)
            await self.ws.recv()
            measure.acks.append(time.perf_counter() - start)


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
        for _ in range(count):
            response = await http.post("/api/matches", json={"game": game, "players": players,
                                                             "seed": next(SEEDS),
                                                             "grace": "never"})
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


class GameClient:
    """One seat's socket, kept open from slice to slice with what it last saw."""

    def __init__(self, ws: Any, match_id: str, pace: str) -> None:
        self.ws, self.match_id, self.pace = ws, match_id, pace
        self.rng = random.Random()
        self.legal = "[]"  # the latest state's legal actions, as JSON text
        self.fresh = False  # the latest state has not been acted on yet
        self.waiting = False  # an action is out, not yet answered
        self.over = False  # the match has ended
        self.gathering = False  # a round is held until this seat says it is ready
        self.seen_steps: set[int] = set()

    async def play(self, until: float, measure: Measure) -> None:
        """Act until `until`, then read on until this client's action is answered and its
        match's frames are in (SETTLE_SECONDS without a frame), so that nothing of this slice
        is read, and timed, in the next."""
        think: asyncio.Task[None] | None = None

        async def act_soon() -> None:
            if self.pace == "human":
                await asyncio.sleep(self.rng.uniform(*HUMAN_THINK))
            if time.monotonic() >= until or self.legal == "[]":
                return
            ref = next(REFS)
            self.waiting, self.fresh = True, False
            # Timed from its send, as the echo is: choosing the action (decoding a legal list
            # of up to hundreds) is the client's thinking, not the server's latency.
            payload = json.dumps({"type": "action", "ref": ref,
                                  "action": self.rng.choice(json.loads(self.legal))})
            measure.sent[(self.match_id, ref)] = time.perf_counter()
            await self.ws.send(payload)

        try:
            while not self.over:
                if self.gathering:  # a Ligretto round waits for everybody's "ready"
                    self.gathering = False
                    await self.ws.send('{"type": "ready"}')
                if (self.legal != "[]" and self.fresh and not self.waiting
                        and (think is None or think.done()) and time.monotonic() < until):
                    think = asyncio.create_task(act_soon())
                settling = time.monotonic() >= until
                wait = (until - time.monotonic() if not settling
                        else LATE_SECONDS if self.waiting else SETTLE_SECONDS)
                try:
                    async with asyncio.timeout(wait):
                        text = await self.ws.recv()
                except TimeoutError:
                    if settling:
                        return
                    continue
                self.take(text, time.perf_counter(), measure)
        finally:
            if think is not None:
                think.cancel()

    def take(self, text: str, now: float, measure: Measure) -> None:
        if text.startswith('{"type": "state"'):
            kind = "state"
            step, status, self.legal = read_state(text)
            self.gathering = not text.endswith('"gathering": null}')
            self.fresh = True
            self.over = status != "running"
        else:
            frame = json.loads(text)
            kind, step = frame["type"], frame.get("step")
        if kind in ("event", "state") and step not in self.seen_steps:
            self.seen_steps.add(step)
            measure.arrivals.append((self.match_id, step, now))
        if kind in ("accepted", "rejected"):
            self.waiting = False
            start = measure.sent.pop((self.match_id, frame["ref"]), None)
            if kind == "accepted" and start is not None:
                measure.acks.append(now - start)
                measure.traced.append((self.match_id, frame["ref"], start, now))
                measure.step_sent[(self.match_id, step)] = start


class Tables:
    """A game's live matches at N clients, a client on every seat; a match that has ended is
    replaced by a fresh one before the next slice (flat out, a Ligretto match lasts some 500
    actions)."""

    def __init__(self, url: str, game: str, clients: int) -> None:
        self.url, self.game = url, game
        _, self.per_match, self.pace = GAMES[game]
        self.count = max(1, clients // self.per_match)
        self.clients: list[GameClient] = []

    async def fill(self) -> None:
        for client in self.clients:
            if client.over:
                await client.ws.close()
        self.clients = [client for client in self.clients if not client.over]
        matches = await make_matches(self.url, self.game,
                                     self.count - len(self.clients) // self.per_match)
        if not matches:
            return
        for match in matches:
            self.clients += [GameClient(await connect(self.url, match["id"], seat["token"]),
                                        match["id"], self.pace) for seat in match["seats"]]
        await asyncio.sleep(1.0)  # everyone's presence frames are out
        await start_matches(self.url, matches)

    async def close(self) -> None:
        for client in self.clients:
            await client.ws.close()


async def measured(server: Server, measure: Measure, until: float,
                   clients: list[Any]) -> None:
    """One slice: every client plays until `until`; the server's CPU, the clients' share of a
    core and their own loop's lags meanwhile go to `measure`."""
    cpu, client_cpu, began = server.cpu_seconds(), time.process_time(), time.monotonic()
    await asyncio.gather(loop_lag(until, measure.lags),
                         *(client.play(until, measure) for client in clients))
    measure.seconds += until - began
    measure.cpu += server.cpu_seconds() - cpu
    measure.client_cpu += time.process_time() - client_cpu
    measure.wall += time.monotonic() - began
    measure.ends.append(len(measure.acks))


@contextlib.asynccontextmanager
async def echo_clients(server: Server, clients: int, pace: str
                       ) -> AsyncIterator[list[EchoClient]]:
    echoes = [await EchoClient.open(server.url, pace) for _ in range(clients)]
    try:
        yield echoes
    finally:
        for client in echoes:
            await client.ws.close()


async def echo(server: Server, clients: int, pace: str, seconds: float) -> Measure:
    """The echo alone for `seconds` (bench/room.py's baseline)."""
    measure = Measure()
    async with echo_clients(server, clients, pace) as echoes:
        await measured(server, measure, time.monotonic() + seconds, echoes)
    return measure


async def paired(server: Server, game: str, clients: int, seconds: float, slice_seconds: float
                 ) -> tuple[Measure, Measure]:
    """The game and its echo, at `clients` and the game's pace, in alternate slices of
    `slice_seconds`, turn about, until each has had `seconds`: the machine's speed drifts
    within seconds, and the two meet it alike only measured together (a moment of the machine's
    other load, a few seconds long, is met by both)."""
    pace = GAMES[game][2]
    baseline, played = Measure(), Measure()
    tables = Tables(server.url, game, clients)
    async with echo_clients(server, clients, pace) as echoes:
        try:
            for _ in range(max(1, round(seconds / slice_seconds))):
                await tables.fill()
                for name, measure, players in ((f"echo, {pace}", baseline, echoes),
                                               (f"{game}, {pace}", played, tables.clients)):
                    began = time.time()
                    await measured(server, measure, time.monotonic() + slice_seconds, players)
                    mark(name, clients, began, measure.traced)
                    measure.traced = []
        finally:
            await tables.close()
    # Latency to the others: each step's first frame at a client that did not send it.
    for match_id, step, arrived in played.arrivals:
        start = played.step_sent.get((match_id, step))
        if start is not None and arrived - start > 0:
            played.others.append(arrived - start)
    return baseline, played


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


def per_pace(seconds: dict[str, float]) -> str:
    return ", ".join(f"{length:g} s at {pace} pace" for pace, length in seconds.items())


COLUMNS = (("run", 22), ("clients", 8), ("actions/s", 10), ("ack p50", 9), ("ack p99", 9),
           ("others p50", 11), ("others p99", 11), ("p99/echo", 9), ("CPU/action", 11),
           ("lag p99", 8), ("clients' CPU", 13))


def cells(name: str, clients: int, measure: Measure, ratio: float) -> list[str]:
    """One run's row: what the terminal prints and the page's table shows."""
    others = [ms(percentile(measure.others, q)) if measure.others else "" for q in (0.5, 0.99)]
    return [name, str(clients), f"{len(measure.acks) / measure.seconds:.0f}",
            ms(percentile(measure.acks, 0.5)), ms(percentile(measure.acks, 0.99)), *others,
            f"{ratio:.2f}", ms(measure.cpu / max(1, len(measure.acks))),
            ms(percentile(measure.lags, 0.99)), f"{measure.client_cpu / measure.wall:.0%}"]


def row(values: list[str]) -> str:
    """A row as the terminal shows it: the first column to the left, the others to the right."""
    (_, first), *rest = COLUMNS
    return f"{values[0]:<{first}}" + "".join(
        f"{value.strip():>{width}}" for value, (_, width) in zip(values[1:], rest, strict=True))


def by_block(baseline: Measure, played: Measure, slice_seconds: float) -> str:
    """The game's p99 over the echo's in blocks of BLOCK_SECONDS of slices each: how much a
    noisy moment moves the ratio."""
    size = max(1, round(BLOCK_SECONDS / slice_seconds))

    def blocks(measure: Measure) -> list[list[float]]:
        slices = measure.slices()
        return [sum(slices[k:k + size], []) for k in range(0, len(slices), size)]

    ratios = sorted(percentile(mine, 0.99) / percentile(theirs, 0.99)
                    for mine, theirs in zip(blocks(played), blocks(baseline), strict=True)
                    if mine and theirs)
    if not ratios:
        return ""
    return (f"p99/echo in blocks of {size * slice_seconds:g} s: median "
            f"{ratios[len(ratios) // 2]:.2f}, {ratios[0]:.2f} to {ratios[-1]:.2f} "
            f"({len(ratios)} blocks)")


LEGEND = ("latencies in ms; each game's row follows its echo, measured in alternate slices with "
          "it (the same clients and pace); p99/echo: the action's ack p99 over the echo's p99; "
          "CPU/action: the server's CPU (user and system) over the slices, in ms per accepted "
          "action (per message for the echo); lag p99: how late the clients' own event loop "
          "woke (it delays every answer they time); clients' CPU: the share of a core the "
          "clients' process used")


async def main(seconds: float | None, slice_seconds: float | None, sizes: list[int],
               games: list[str]) -> None:
    rows: list[list[str]] = []
    blocks: list[str] = []
    probed = ""
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            lengths = per_pace({pace: seconds or length for pace, length in SECONDS.items()})
            cuts = per_pace({pace: slice_seconds or cut for pace, cut in SLICE_SECONDS.items()})
            heading = (f"ludoteca server under load (each game and its echo {lengths}, in "
                       f"slices of {cuts}; one server process, SQLite)")
            print(row([name for name, _ in COLUMNS]))
            for clients in sizes:
                for game in games:
                    pace = GAMES[game][2]
                    cut = slice_seconds or SLICE_SECONDS[pace]
                    baseline, played = await paired(server, game, clients,
                                                seconds or SECONDS[pace], cut)
                    ratio = percentile(played.acks, 0.99) / percentile(baseline.acks, 0.99)
                    rows += [cells(f"echo, {pace}", clients, baseline, 1.0),
                             cells(f"{game}, {pace}", clients, played, ratio)]
                    print(row(rows[-2]))
                    print(row(rows[-1]))
                    blocks.append(by_block(baseline, played, cut))
                    print(f"{'':<22}{blocks[-1]}", flush=True)
            print(LEGEND)
        finally:
            server.stop()
    if STALLS:
        from stalls import summary

        probed = summary(STALLS[0])
        print(probed)
        STALLS.clear()  # the memory's servers run bare
    memory = {game: await memory_per_match(game) for game in games}
    memory_line = ("memory per live match (a fresh server's RSS growth over 40 matches, a client "
                   "on every seat): " + ", ".join(f"{game} {kib:.0f} KiB"
                                                 for game, kib in memory.items()))
    print(memory_line)
    games_blocks = [f"- {r[0]} at {r[1]} clients: {block}"
                    for r, block in zip(rows[1::2], blocks, strict=True) if block]
    write_page("server", "The server under load", what_it_measures(__doc__), [
        heading + ".",
        markdown_table([name for name, _ in COLUMNS], rows),
        LEGEND[0].upper() + LEGEND[1:] + ".",
        "Each game's p99 over its echo's in blocks of its slices (how far one noisy moment "
        "moves the ratio):\n\n" + "\n".join(games_blocks),
        memory_line[0].upper() + memory_line[1:] + ".",
        *(["Where the server's event loop stalled (`--stalls`, bench/stalls.py's probes):\n\n"
           + fenced(probed)] if probed else []),
    ])


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, help="each game's time, and its echo's, at "
                        f"each N (default: {per_pace(SECONDS)})")
    parser.add_argument("--slice", type=float, help="the slices they alternate in (default: "
                        f"{per_pace(SLICE_SECONDS)})")
    parser.add_argument("--clients", default="50,200")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--stalls", type=Path, help="run the server with bench/stalls.py's "
                        "probes writing to this file, and print where its event loop stalled")
    arguments = parser.parse_args()
    if arguments.stalls:
        STALLS.append(arguments.stalls)
    asyncio.run(main(arguments.seconds, arguments.slice,
                     [int(n) for n in arguments.clients.split(",")], arguments.games.split(",")))
