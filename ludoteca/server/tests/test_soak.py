"""The soak: minutes of faults under two server processes that share matches.

Two `ludoteca serve` processes on one PostgreSQL and one Redis; matches of every game, bots on
every seat but one, which a scripted client plays through either process (it hops to the other
now and then, and moves when its process dies). Meanwhile the chaos loop kills a process with
SIGKILL at random moments (started again a moment later on its port), restarts Redis now and
then, and has the database refuse every write for a few seconds (a trigger that raises); a
match that ends is replaced by a new one of its game. Checked as it goes and at the end:

- nothing acknowledged is lost and nothing is invented: every step a client was told was
  accepted (`earlier` ones too) is in the log, with its seat and action;
- steps never go back: neither the logged step of a match nor the steps a connection is shown;
- no match stalls: every running match steps at least once every `STALL_SECONDS`, and again
  once the faults stop;
- every loaded state equals its replay: once every match is ended, each process shows a seat
  the replay's view at the log's last step, and the state loaded from the newest snapshot and
  the log equals the whole log replayed.

`make test-slow` runs it for `LUDOTECA_SOAK_SECONDS` (default 240) seconds of faults.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.server.live.match import load_state, replay_state
from ludoteca.server.store import Store
from ludoteca.server.tests.helpers import Client, ServerProcess, Turns, refuse_writes
from ludoteca.server.tests.services import Postgres, Redis
from ludoteca.server.tests.test_bus import until

pytestmark = pytest.mark.slow

SECONDS = float(os.environ.get("LUDOTECA_SOAK_SECONDS", "240"))
HEARTBEAT = 0.5
STALL_SECONDS = 30.0
GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("goofspiel", 3, {"cards": 13}),
    ("castell", 3, {}),
    ("ligretto", 2, {"rounds": 1}),
    ("ciurme", 8, {}),
]
BOT = "random"
FAULTS = ("kill", "redis", "refuse")  # a process killed, Redis restarted, the writes refused


@dataclass
class SoakMatch:
    id: str
    game: str
    host_token: str
    token: str  # seat 0's, played by a scripted client
    acknowledged: dict[int, Any] = field(default_factory=dict)  # step -> action
    over: bool = False
    replaced: bool = False  # by a new match of its game, once over
    client: str = ""  # where seat 0's client is and what it saw last (for a stall's report)


@dataclass
class Soak:
    servers: list[ServerProcess]
    redis: Redis
    store: Store
    rng: random.Random
    matches: dict[str, SoakMatch] = field(default_factory=dict)
    clients: list[asyncio.Task[None]] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    # The logged step of each match as last seen, and when it last changed.
    steps: dict[str, tuple[int, float]] = field(default_factory=dict)
    stopping: bool = False

    def base(self) -> str:
        """A process that is up (a random one)."""
        up = [s for s in self.servers if s.process is not None and s.process.poll() is None]
        return self.rng.choice(up).url

    async def post(self, path: str, body: Any = None, token: str | None = None
                   ) -> httpx.Response:
        """POST to a process that is up, to another if it dies meanwhile."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        for _ in range(10):
            try:
                async with httpx.AsyncClient(timeout=30) as http:
                    return await http.post(self.base() + path, json=body, headers=headers)
            except httpx.TransportError:
                await asyncio.sleep(0.5)
        raise AssertionError(f"no process answered POST {path}")

    def check_tasks(self, *tasks: asyncio.Task[Any]) -> None:
        """Raise what a watcher or a client task raised."""
        for task in [*tasks, *self.clients]:
            if task.done() and not task.cancelled() and task.exception() is not None:
                task.result()


def test_two_processes_through_kills_and_redis_restarts(
    tmp_path: Path, postgres: Postgres
) -> None:
    redis = Redis(tmp_path / "redis")
    redis.start()
    database = postgres.create_database("soak")
    args = ("--database-url", database, "--redis-url", redis.url, "--bot-pause", "0.05",
            "--heartbeat", str(HEARTBEAT),
            # one client makes every match, hundreds of them: no creation quota
            "--matches-per-hour", "0", "--unfinished-per-creator", "0")
    servers = [ServerProcess(tmp_path, *args).start(), ServerProcess(tmp_path, *args).start()]
    store = Store(database)
    soak = Soak(servers, redis, store, random.Random(20260311))
    try:
        asyncio.run(_soak(soak, tmp_path, args))
        _check_database(soak)
    finally:
        for server in soak.servers:
            server.stop()
        redis.stop()
        store.close()


async def _soak(soak: Soak, folder: Path, args: tuple[str, ...]) -> None:
    for game, players, options in GAMES:
        for _ in range(2):
            await _new_match(soak, game, players, options)
    watching = asyncio.create_task(_watch(soak))
    try:
        await _chaos(soak, folder, args, watching)
        await _quiet(soak)
        soak.check_tasks(watching)
        watching.cancel()
        await _end_all(soak)
        await asyncio.wait_for(asyncio.gather(*soak.clients), 60)
        for server in soak.servers:
            for match in soak.matches.values():
                await _check_view(server.url, match)
    finally:
        watching.cancel()
        for task in soak.clients:
            task.cancel()
    acknowledged = sum(len(m.acknowledged) for m in soak.matches.values())
    steps = sum(step for step, _ in soak.steps.values())
    print(f"soak: {SECONDS:.0f} s of faults ({', '.join(soak.faults)}), "
          f"{len(soak.matches)} matches, {steps} steps, {acknowledged} acknowledged to seat 0")
    assert set(FAULTS) <= set(soak.faults), soak.faults
    assert acknowledged > 50


# --- matches and their scripted seat ----------------------------------------------------------
async def _new_match(soak: Soak, game: str, players: int, options: dict[str, Any]) -> None:
    """A match of `game` with a bot on every seat but seat 0, started."""
    seed = soak.rng.randrange(10**6)
    rules = load_game(game)
    seats = rules.seats(rules.setup(players, seed, rules.options(options)))
    answer = await soak.post("/api/matches", {
        "game": game, "players": players, "options": options, "seed": seed,
        "bots": {str(seat): BOT for seat in seats if seat != 0}})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    answer = await soak.post(f"/api/matches/{made['id']}/start", token=made["host_token"])
    assert answer.status_code == 200, answer.text
    match = SoakMatch(made["id"], game, made["host_token"], made["seats"][0]["token"])
    soak.matches[match.id] = match
    soak.clients.append(asyncio.create_task(_scripted_seat(soak, match)))


async def _scripted_seat(soak: Soak, match: SoakMatch) -> None:
    """Seat 0: a random legal action on fresh states, one at a time, through a random process,
    hopping to another after a few actions and whenever its process goes."""
    rng = random.Random(match.id)
    while not match.over:
        try:
            client = await Client.connect(soak.base(), match.id, match.token)
        except (OSError, websockets.InvalidHandshake, websockets.ConnectionClosed, IndexError):
            await asyncio.sleep(0.2)
            continue
        try:
            await _play_a_while(client, match, rng, hops_after=rng.randint(5, 30))
        except (websockets.ConnectionClosed, OSError, TimeoutError) as exc:
            match.client += f" {exc!r}"
        finally:
            await client.close()


async def _play_a_while(client: Client, match: SoakMatch, rng: random.Random,
                        hops_after: int) -> None:
    """Seat 0 on one connection: a random legal action on fresh states, one at a time (see
    `Turns`), `hops_after` of them; what it is shown never goes back."""
    shown = -1  # the step of the last state shown on this connection
    events = -1  # the step of the last event
    sent: dict[str, Any] = {}
    connection = f"{rng.getrandbits(48):012x}"
    turns = Turns()
    where = client.ws.request.headers.get("Host")
    match.client = f"on {where}"
    while len(sent) < hops_after:
        frame = await client.next(30)
        turns.see(frame)
        kind = frame["type"]
        match.client = (f"on {where}, last frame {kind}, state step {shown}, {len(sent)} sent, "
                        f"waiting for an answer: {turns.waiting}")
        if kind == "state":
            assert frame["step"] >= shown, (match.id, "a state went back", shown, frame["step"])
            shown = frame["step"]
            gathering = frame.get("gathering")
            if gathering and frame["seat"] in gathering["waiting"]:
                await client.send({"type": "ready"})  # a round held until all are ready
        elif kind == "event":
            assert frame["step"] >= events, (match.id, "an event went back")
            events = frame["step"]
        elif kind == "accepted":
            match.acknowledged[frame["step"]] = sent[frame["ref"]]
        if turns.latest is not None and turns.latest["status"] in ("over", "ended"):
            match.over = True
            return
        state = turns.state()
        if state is not None and state["legal"] and state["status"] == "running":
            # A ref names one action across connections too: a ref used again on the next
            # connection would be answered with the step of the action it named before.
            ref = f"{connection}-{len(sent) + 1}"
            sent[ref] = rng.choice(state["legal"])
            turns.waiting = True
            await client.send({"type": "action", "ref": ref, "action": sent[ref]})


# --- faults -------------------------------------------------------------------------------------
async def _chaos(soak: Soak, folder: Path, args: tuple[str, ...],
                 watching: asyncio.Task[None]) -> None:
    """Faults at random moments until the time is up: a kill, a Redis restart and writes
    refused first, then any of them (kills twice as often)."""
    ends = time.monotonic() + SECONDS
    while time.monotonic() < ends:
        await asyncio.sleep(soak.rng.uniform(5, 15))
        soak.check_tasks(watching)
        number = len(soak.faults)
        kind = FAULTS[number] if number < len(FAULTS) else soak.rng.choice(
            ["kill", "kill", *FAULTS[1:]])
        soak.faults.append(kind)
        if kind == "refuse":
            await asyncio.to_thread(refuse_writes, soak.store, True)
            await asyncio.sleep(soak.rng.uniform(0.5, 3))
            await asyncio.to_thread(refuse_writes, soak.store, False)
            continue
        if kind == "kill":
            index = soak.rng.randrange(2)
            server = soak.servers[index]
            server.kill()
            await asyncio.sleep(soak.rng.uniform(0.5, 3))
            soak.servers[index] = await asyncio.to_thread(
                ServerProcess(folder, *args, port=server.port).start)
        else:
            soak.redis.stop()
            await asyncio.sleep(soak.rng.uniform(0.5, 3))
            soak.redis.start()


async def _watch(soak: Soak) -> None:
    """Every half second: no logged step went back, no running match stalled, a match that
    ended is replaced by a new one of its game."""
    while True:
        now = time.monotonic()
        stored = await asyncio.to_thread(soak.store.steps, list(soak.matches))
        for match_id, (step, status) in stored.items():
            before, since = soak.steps.get(match_id, (0, now))
            assert step >= before, (match_id, "the log went back", before, step)
            if step > before or match_id not in soak.steps:
                since = now
            soak.steps[match_id] = (step, since)
            if status == "running" and now - since >= STALL_SECONDS:
                raise AssertionError(
                    f"match {match_id} ({soak.matches[match_id].game}) stalled at step {step} "
                    f"for {now - since:.0f} s; faults so far: {soak.faults}; "
                    f"{await _diagnose(soak, match_id)}")
            match = soak.matches[match_id]
            if status == "over" and not soak.stopping and not match.replaced:
                match.replaced = True
                game, players, options = next(g for g in GAMES if g[0] == match.game)
                await _new_match(soak, game, players, options)
        await asyncio.sleep(0.5)


async def _diagnose(soak: Soak, match_id: str) -> str:
    """Who may act in a stalled match, and what each process and seat 0's client make of it."""
    info = soak.store.match(match_id)
    assert info is not None
    game = load_game(info.game)
    state, step = load_state(soak.store, game, info)
    lines = [f"at step {step} the actors are {sorted(game.actors(state))}; "
             f"seat 0's client: {soak.matches[match_id].client}"]
    async with httpx.AsyncClient(timeout=5) as http:
        for server in soak.servers:
            try:
                summary = (await http.get(f"{server.url}/api/matches/{match_id}")).json()
                health = (await http.get(f"{server.url}/healthz")).json()
            except httpx.HTTPError as exc:
                lines.append(f"{server.url}: {exc!r}")
                continue
            seats = [(s["seat"], s["connected"], s["bot"]) for s in summary["seats"]]
            lines.append(f"{server.url}: step {summary['step']}, {summary['status']}, "
                         f"seats {seats}; {health}")
    return "\n".join(lines)


async def _quiet(soak: Soak) -> None:
    """Faults over: both processes healthy, and every running match steps again."""
    for server in soak.servers:
        async def healthy(url: str = server.url) -> bool:
            async with httpx.AsyncClient() as http:
                return (await http.get(url + "/healthz")).status_code == 200

        await until(healthy, f"{server.url} stayed unhealthy after the faults", 60)
    soak.stopping = True
    after = {match_id: step for match_id, (step, _) in soak.steps.items()}

    async def all_stepped() -> bool:
        stored = await asyncio.to_thread(soak.store.steps, list(soak.matches))
        return all(status != "running" or step > after.get(match_id, 0)
                   for match_id, (step, status) in stored.items())

    await until(all_stepped, "a running match did not step once the faults stopped", 60)


async def _end_all(soak: Soak) -> None:
    for match in soak.matches.values():
        answer = await soak.post(f"/api/matches/{match.id}/end", token=match.host_token)
        assert answer.status_code in (200, 409), answer.text  # 409: over already


# --- the end ------------------------------------------------------------------------------------
async def _check_view(base: str, match: SoakMatch) -> None:
    """What this process shows seat 0 is the replay's view at the log's last step (polled: a
    process hears of the end within a heartbeat)."""
    async with httpx.AsyncClient(timeout=30) as http:
        record = (await http.get(base + f"/api/matches/{match.id}/record",
                                 headers={"Authorization": f"Bearer {match.host_token}"})).json()
    game = load_game(record["game"])
    replayed = Match.from_json(game, record)  # the whole log replays
    expected = json.loads(json.dumps(game.view(replayed.state, 0)))
    for step, action in match.acknowledged.items():
        assert record["log"][step - 1] == {"seat": 0, "action": action}, (match.id, step)

    async def shown() -> dict[str, Any] | None:
        client = await Client.connect(base, match.id, match.token)
        try:
            frame = await client.state()
        finally:
            await client.close()
        return frame if frame["step"] == len(record["log"]) else None

    frame = await until(shown, f"{base} did not show match {match.id} at its last step", 30)
    assert frame["view"] == expected, (base, match.id)


def _check_database(soak: Soak) -> None:
    for match_id in soak.matches:
        info = soak.store.match(match_id)
        assert info is not None
        game = load_game(info.game)
        loaded, step = load_state(soak.store, game, info)  # from the newest snapshot on
        replayed, replay_step = replay_state(soak.store, game, info)  # the whole log
        assert step == replay_step == info.step, (match_id, step, replay_step, info.step)
        assert game.to_json(loaded) == game.to_json(replayed), match_id
