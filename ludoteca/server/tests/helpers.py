"""What the server's tests share: a server on a loopback port, WebSocket clients, a game with
clocks, and a scripted player."""

from __future__ import annotations

import asyncio
import json
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets

from ludoteca.engine.clock import Deadline
from ludoteca.engine.game import Game
from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.games.goofspiel import Goofspiel
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState
from ludoteca.server.api.app import create_app
from ludoteca.server.config import ServerConfig
from ludoteca.server.loopback import free_port, wait_port
from ludoteca.server.store import Store

TIMEOUT = 20.0


class TimedGoofspiel(Goofspiel):
    """Goofspiel with a clock on every bid: when it ends, the seat bids its lowest card. Each
    seat is told only its own clock's time left."""

    name = "timed-goofspiel"
    title = "Timed Goofspiel"
    seconds = 0.4

    def deadlines(self, state: GoofspielState) -> list[Deadline]:
        if not state.prizes:
            return []
        return [
            Deadline(f"bid:{len(state.prizes)}:{seat}", self.seconds, seat,
                     Bid(min(state.hands[seat])), frozenset({seat}))
            for seat in sorted(self.actors(state))
        ]


class FacilitatedGoofspiel(Goofspiel):
    """Goofspiel with a referee's seat beyond the players, who never acts: a game run as a
    session, without naming one."""

    name = "refereed-goofspiel"

    def seats(self, state: GoofspielState) -> list[int]:
        return list(range(len(state.hands) + 1))

    def teams(self, state: GoofspielState) -> list[list[int]]:
        return [[seat] for seat in range(len(state.hands))]

    def seat_view(self, state: GoofspielState, seat: int | None) -> dict[str, Any]:
        referee = seat is not None and seat >= len(state.hands)
        return super().seat_view(state, None if referee else seat)


TEST_GAMES: dict[str, Game[Any]] = {
    TimedGoofspiel.name: TimedGoofspiel(),
    FacilitatedGoofspiel.name: FacilitatedGoofspiel(),
}


def threads(workers: int) -> Executor:
    """The bots' searches in threads of this process (`BotPool.workers`), where a test's
    patches and closures reach them (in the server's worker processes they would not)."""
    return ThreadPoolExecutor(workers)


class ServerThread:
    """The app on a free loopback port, served by uvicorn in a thread."""

    def __init__(self, config: ServerConfig, games: Mapping[str, Game[Any]] | None = None,
                 now: Callable[[], float] = time.time) -> None:
        self.app = create_app(config, games if games is not None else TEST_GAMES, now)
        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning",
            ws_max_size=1 << 20, ws_per_message_deflate=False, lifespan="on",
            **config.uvicorn_proxy(),
        ))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def nudge(self, match_id: str) -> int:
        """Have the match's driver look at what is due again (safely, from the test's thread
        into the server's loop); the number of looks it had taken before."""
        live = self.hub.matches[match_id]
        turns = int(live.driver_turns)
        self.hub.loop.call_soon_threadsafe(live.changed.set)
        return turns

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(30)


class ServerProcess:
    """`ludoteca serve` as a subprocess (for kill -9 and for two processes sharing matches)."""

    def __init__(self, folder: Path, *args: str, port: int | None = None) -> None:
        self.port = port or free_port()
        self.args = args
        self.log = folder / f"server-{self.port}.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ServerProcess:
        command = [str(Path(sys.executable).parent / "ludoteca"), "serve",
                   "--port", str(self.port), *self.args]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=log,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        wait_port(self.port, 60)
        return self

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """One WebSocket client that records every frame it receives."""

    def __init__(self, ws: Any, label: str = "") -> None:
        self.ws = ws
        self.label = label
        self.frames: list[dict[str, Any]] = []
        self.cursor = 0

    @classmethod
    async def connect(cls, base: str, match_id: str, token: str | None = None,
                      name: str | None = None, label: str = "") -> Client:
        ws = await websockets.connect(
            base.replace("http", "ws", 1) + f"/api/matches/{match_id}/ws", max_size=1 << 22
        )
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if name is not None:
            hello["name"] = name
        await ws.send(json.dumps(hello))
        return cls(ws, label)

    async def send(self, frame: dict[str, Any] | str) -> None:
        await self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    async def next(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        if self.cursor < len(self.frames):
            self.cursor += 1
            return self.frames[self.cursor - 1]
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        self.cursor += 1
        return frame

    async def pull(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Receive one more frame (without moving the cursor)."""
        frame = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        return dict(frame)

    async def until(self, check: Callable[[dict[str, Any]], bool],
                    timeout: float = TIMEOUT) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            frame = await self.next(max(0.01, deadline - time.monotonic()))
            if check(frame):
                return frame

    async def state(self, timeout: float = TIMEOUT) -> dict[str, Any]:
        return await self.until(lambda f: f["type"] == "state", timeout)

    async def act(self, action: Any, ref: Any) -> dict[str, Any]:
        """Send an action; the `accepted` or `rejected` answer with this ref."""
        await self.send({"type": "action", "action": action, "ref": ref})
        return await self.until(
            lambda f: f["type"] in ("accepted", "rejected") and f.get("ref") == ref
        )

    def latest_state(self) -> dict[str, Any] | None:
        states = [f for f in self.frames if f["type"] == "state"]
        return states[-1] if states else None

    async def drain(self, quiet: float = 0.2) -> None:
        """Read until nothing comes for `quiet` seconds."""
        try:
            while True:
                await self.next(quiet)
        except (TimeoutError, websockets.ConnectionClosed):
            return

    async def close(self) -> None:
        await self.ws.close()


def stored_record(database_url: str, match_id: str) -> dict[str, Any]:
    """The saved match (the record door's JSON) read from the database itself: how a test
    reads the log of a match still being played, which no door opens, its host's neither."""
    store = Store(database_url)
    try:
        info = store.match(match_id)
        assert info is not None and info.players is not None
        logged = store.actions(match_id)
    finally:
        store.close()
    game = TEST_GAMES.get(info.game) or load_game(info.game)
    return Match(game, info.players, info.seed, game.options(info.options),
                 [(a.seat, game.decode_action(a.action)) for a in logged]).to_json()


# A trigger that makes the database itself refuse to log a step, on each engine.
REFUSE_WRITES = {
    "sqlite": ["CREATE TRIGGER refuse BEFORE INSERT ON actions "
               "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END"],
    "postgresql": [
        "CREATE FUNCTION refuse() RETURNS trigger AS "
        "$$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$ LANGUAGE plpgsql",
        "CREATE TRIGGER refuse BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION refuse()",
    ],
}
ALLOW_WRITES = {"sqlite": ["DROP TRIGGER refuse"],
                "postgresql": ["DROP TRIGGER refuse ON actions", "DROP FUNCTION refuse()"]}


def refuse_writes(store: Store, refuse: bool) -> None:
    """Have the database refuse to log any step from now on (`refuse`), or log them again."""
    engine = "sqlite" if store.sqlite else "postgresql"
    with store.engine.begin() as connection:
        for statement in (REFUSE_WRITES if refuse else ALLOW_WRITES)[engine]:
            connection.exec_driver_sql(statement)


# httpx's own 5 s is short for a request that searches (a bot explaining its move) on a
# loaded 2-core machine: a request waits this long before failing the test.
REQUEST_SECONDS = 60


async def create(base: str, **body: Any) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_SECONDS) as http:
        response = await http.post("/api/matches", json=body)
        assert response.status_code == 201, response.text
        return dict(response.json())


async def post(base: str, path: str, token: str | None = None, body: Any = None
               ) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_SECONDS) as http:
        return await http.post(path, headers=headers, json=body)


async def get(base: str, path: str, token: str | None = None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_SECONDS) as http:
        return await http.get(path, headers=headers)


@dataclass
class Turns:
    """When a scripted client may act: on the newest state, one action at a time. A state that
    came before the answer to its action may not show that action yet (the step's frames
    follow the answer): after an acceptance it waits for a state of that step or later (one
    may have come first: the answer to an action resent after its process died, which the
    state read from the other process already showed); after a refusal the newest state
    stands (one sent meanwhile, else the one refused on)."""

    latest: dict[str, Any] | None = None
    waiting: bool = False  # for the answer to the action sent

    def see(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind == "state":
            self.latest = frame
        elif kind == "accepted":
            self.waiting = False
            if self.latest is not None and self.latest["step"] < frame["step"]:
                self.latest = None
        elif kind == "rejected":
            self.waiting = False

    def state(self) -> dict[str, Any] | None:
        """The state to act on now, if any."""
        return None if self.waiting else self.latest


@dataclass
class Player:
    """A scripted player: on every state frame where it may act, it sends its first legal
    action (or the one `choose` picks), until the match is over."""

    client: Client
    choose: Callable[[list[Any]], Any] = lambda legal: legal[0]
    acknowledged: int = 0

    async def play(self, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        handled = -1
        ref = 0
        prefix = secrets.token_hex(4)  # a ref names one action, across connections too
        while True:
            latest = max((i for i, f in enumerate(self.client.frames) if f["type"] == "state"),
                         default=-1)
            if latest <= handled:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"{self.client.label}: the match did not end in time")
                try:
                    await self.client.pull(min(2.0, left))
                except TimeoutError:
                    handled = -1  # nothing new: look at the latest state again
                continue
            handled = latest
            state = self.client.frames[latest]
            if state["status"] in ("over", "ended"):
                return
            gathering = state.get("gathering")
            if gathering and state["seat"] in gathering["waiting"]:
                await self.client.send({"type": "ready"})  # a round held until all are ready
                continue
            if state["legal"]:
                ref += 1
                answer = await self.client.act(self.choose(state["legal"]), f"{prefix}-{ref}")
                if answer["type"] == "accepted":
                    self.acknowledged += 1
