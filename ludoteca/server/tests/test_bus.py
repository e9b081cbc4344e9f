"""The process bus heals: Redis restarted under the processes that share matches through it.

The reader notices, says so (`/healthz` answers 503 with a sentence), reconnects and subscribes
again (`PUBSUB NUMPAT`, `CLIENT LIST`); the leases a restart forgot go back to their holders;
the moves made while the processes could not hear each other reach every player, in order, from
the database; and a notice that arrives while a match is being loaded is not lost."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis as redis_client

from ludoteca.games import load_game
from ludoteca.server.config import ServerConfig
from ludoteca.server.hub import hub as hub_module
from ludoteca.server.hub.bus import LEASE_PREFIX, RedisBus
from ludoteca.server.hub.hub import Hub
from ludoteca.server.live.catalog import Catalog
from ludoteca.server.live.match import load_timeline, replay_state
from ludoteca.server.store import Store
from ludoteca.server.tests.helpers import (
    TIMEOUT,
    Client,
    ServerProcess,
    Turns,
    create,
    get,
    post,
)
from ludoteca.server.tests.services import Postgres, Redis

HEARTBEAT = 0.3
CUT_OFF = "cut off from Redis"


async def until(check: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> Any:
    """Poll `check` (a function or a coroutine function) until it gives something true; fail
    saying `what` did not happen."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if asyncio.iscoroutine(found):
            found = await found
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"after {timeout:.0f} s: {what}")
        await asyncio.sleep(0.05)


def subscribers(redis: Redis) -> tuple[int, int]:
    """`PUBSUB NUMPAT`, and the connections subscribed to a pattern (`CLIENT LIST`)."""
    with redis_client.Redis.from_url(redis.url, decode_responses=True) as client:
        numpat = int(client.execute_command("PUBSUB", "NUMPAT"))
        return numpat, sum(1 for c in client.client_list() if int(c["psub"]) > 0)


@pytest.fixture
def own_redis(tmp_path: Path) -> Any:
    """A Redis of this test's own, restarted by it (the session's serves other tests)."""
    server = Redis(tmp_path / "redis")
    server.start()
    yield server
    server.stop()


# --- the bus alone ----------------------------------------------------------------------------
def test_the_reader_subscribes_again_after_a_redis_restart(own_redis: Redis) -> None:
    asyncio.run(_resubscribe(own_redis))


async def _resubscribe(redis: Redis) -> None:
    heard: list[dict[str, Any]] = []
    subscriptions: list[int] = []

    async def on_notice(notice: dict[str, Any]) -> None:
        heard.append(notice)

    async def on_connected() -> None:
        subscriptions.append(1)

    async def nothing() -> None:
        pass

    bus, other = RedisBus(redis.url, HEARTBEAT), RedisBus(redis.url, HEARTBEAT)
    await bus.start(on_notice, on_connected)
    await other.start(on_notice, nothing)
    try:
        assert bus.cut_off is None and subscriptions == [1]
        assert subscribers(redis) == (1, 2)
        redis.stop()
        sentence = await until(lambda: bus.cut_off, "the bus did not see Redis go")
        assert CUT_OFF in sentence and "reconnecting" in sentence
        assert not await bus.publish("m", {"kind": "step", "step": 1})  # nothing sent
        redis.start()
        await until(lambda: bus.cut_off is None and other.cut_off is None,
                    "the buses did not subscribe again")
        assert subscriptions == [1, 1]  # the hub was told, and caught up
        assert subscribers(redis) == (1, 2)
        assert await other.publish("m", {"kind": "step", "step": 2})
        await until(lambda: heard, "a notice after the restart was not heard")
        assert heard == [{"kind": "step", "step": 2, "match": "m", "process": other.process}]
    finally:
        await bus.close()
        await other.close()


def test_a_lease_forgotten_by_a_restart_goes_back_to_its_holder(own_redis: Redis) -> None:
    asyncio.run(_leases(own_redis))


async def _leases(redis: Redis) -> None:
    async def nothing(*_: Any) -> None:
        pass

    # Long heartbeats: a lease renewed during this test is still held while Redis is away.
    holder, other = RedisBus(redis.url, 5.0), RedisBus(redis.url, 5.0)
    for bus in (holder, other):
        await bus.start(nothing, nothing)
    try:
        assert await holder.hold_lease("m") and not await other.hold_lease("m")
        redis.stop()
        await until(lambda: holder.cut_off and other.cut_off, "Redis's going went unseen")
        # The holder drives on (its lease cannot run out before it would know); the other not.
        assert await holder.hold_lease("m") and not await other.hold_lease("m")
        redis.start()
        await until(lambda: holder.cut_off is None and other.cut_off is None,
                    "the buses did not subscribe again")
        # The restarted Redis forgot the lease: the other, though first to ask, leaves it to
        # its holder for a lease's length.
        assert not await other.hold_lease("m")
        assert await holder.hold_lease("m") and not await other.hold_lease("m")
        with redis_client.Redis.from_url(redis.url, decode_responses=True) as client:
            assert client.get(LEASE_PREFIX + "m") == holder.process
    finally:
        await holder.close()
        await other.close()


# --- two server processes, Redis restarted mid-match ------------------------------------------
@dataclass
class Gate:
    """Players act only on states before step `limit`: the test holds the match at a step."""

    limit: int


@dataclass
class Seat:
    seat: int
    token: str
    steps: list[int] = field(default_factory=list)  # the steps of the events seen, in order
    acknowledged: dict[int, Any] = field(default_factory=dict)
    stand_ins: list[dict[str, Any]] = field(default_factory=list)  # presence frames with any
    everyone_here: bool = False
    done: bool = False


async def play_gated(base: str, match_id: str, seat: Seat, gate: Gate, seats: int) -> None:
    """Play a random legal action on fresh states before the gate's step, one at a time (see
    `Turns`); record every event's step, every acknowledgement and every presence frame that
    shows a stand-in."""
    rng = random.Random(seat.seat)
    client = await Client.connect(base, match_id, seat.token, label=f"seat {seat.seat}")
    turns = Turns()
    ref = 0
    try:
        while True:
            try:
                frame = await client.next(0.1)
            except TimeoutError:
                frame = {"type": "nothing"}
            turns.see(frame)
            kind = frame["type"]
            if kind == "event" and (not seat.steps or seat.steps[-1] != frame["step"]):
                seat.steps.append(frame["step"])
            elif kind == "accepted":
                seat.acknowledged[frame["step"]] = frame["ref"]
            elif kind == "presence":
                seat.everyone_here |= sum(s["connected"] for s in frame["seats"]) == seats
                if any(s["stand_in"] for s in frame["seats"]):
                    seat.stand_ins.append(frame)
            if turns.latest is not None and turns.latest["status"] == "over":
                return
            state = turns.state()
            if state is not None and state["legal"] and state["step"] < gate.limit:
                ref += 1
                turns.waiting = True
                await client.send({"type": "action", "ref": ref,
                                   "action": rng.choice(state["legal"])})
    finally:
        seat.done = True
        await client.close()


async def health(server: ServerProcess) -> httpx.Response:
    async with httpx.AsyncClient() as http:
        return await http.get(server.url + "/healthz")


def test_a_redis_restart_mid_match_loses_no_move_on_either_process(
    tmp_path: Path, postgres: Postgres, own_redis: Redis
) -> None:
    database = postgres.create_database("restart")
    args = ("--database-url", database, "--redis-url", own_redis.url,
            "--heartbeat", str(HEARTBEAT))
    servers = [ServerProcess(tmp_path, *args).start(), ServerProcess(tmp_path, *args).start()]
    try:
        asyncio.run(_restart_mid_match(servers, own_redis))
    finally:
        for server in servers:
            server.stop()


async def _restart_mid_match(servers: list[ServerProcess], redis: Redis) -> None:
    made = await create(servers[0].url, game="goofspiel", players=4, seed=5,
                        options={"cards": 13}, grace=1)  # an empty seat gets a bot after 1 s
    match_id = made["id"]
    gate = Gate(limit=12)
    seats = [Seat(s["seat"], s["token"]) for s in made["seats"]]
    players = [asyncio.create_task(play_gated(servers[s.seat % 2].url, match_id, s, gate, 4))
               for s in seats]
    await until(lambda: all(s.everyone_here for s in seats),
                "the players were not all seen connected on both processes")
    await post(servers[1].url, f"/api/matches/{match_id}/start", made["host_token"])

    async def step_on_both(step: int) -> bool:
        steps = [(await get(s.url, f"/api/matches/{match_id}")).json()["step"] for s in servers]
        return steps == [step, step]

    await until(lambda: step_on_both(12), "the match did not reach step 12 on both processes")
    driven: list[int] = []

    async def driver() -> list[int] | None:
        """[the index of the process that drives the match] when exactly one does."""
        counts = [(await health(s)).json()["matches_driven"] for s in servers]
        driven.append(sum(counts))
        return [counts.index(1)] if sum(counts) == 1 else None

    before = await until(driver, "no single process drove the match")

    redis.stop()
    for server in servers:
        answer = await until(partial(_cut_off, server), "/healthz said nothing of the cut")
        assert CUT_OFF in answer["error"] and answer["ok"] is False
    # Cut off, the processes still share the moves: through the database, once a heartbeat.
    gate.limit = 28
    await until(lambda: step_on_both(28), "while Redis was away the match did not reach step "
                "28 on both processes")

    redis.start()
    for server in servers:
        await until(partial(_healthy, server), "/healthz stayed unhealthy after the restart")
    assert subscribers(redis) == (1, 2)  # both processes subscribed again
    assert await until(driver, "no single process drove the match after the restart") == before
    gate.limit = 10**6
    await asyncio.wait_for(asyncio.gather(*players), 120)

    log = (await get(servers[0].url, f"/api/matches/{match_id}/record")).json()["log"]
    assert len(log) == 52
    everything = list(range(1, 53))
    for seat in seats:
        assert seat.steps == everything, (seat.seat, seat.steps)  # every move, in order
        assert not seat.stand_ins, seat.stand_ins[0]  # nobody seemed gone for the grace
        for step in seat.acknowledged:
            assert log[step - 1]["seat"] == seat.seat
    assert sum(len(s.acknowledged) for s in seats) == 52
    assert max(driven) == 1  # never driven by both


async def _cut_off(server: ServerProcess) -> dict[str, Any] | None:
    answer = await health(server)
    return dict(answer.json()) if answer.status_code == 503 else None


async def _healthy(server: ServerProcess) -> bool:
    answer = await health(server)
    return answer.status_code == 200 and answer.json()["ok"] and "error" not in answer.json()


# --- a match loaded while a notice arrives ----------------------------------------------------
def test_a_notice_heard_while_a_match_loads_is_not_lost(
    tmp_path: Path, postgres: Postgres, redis: Redis, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = postgres.create_database("loading")
    server = ServerProcess(tmp_path, "--database-url", database, "--redis-url", redis.url,
                           "--heartbeat", str(HEARTBEAT)).start()
    try:
        asyncio.run(_load_while_noticed(server, database, redis, monkeypatch))
    finally:
        server.stop()


async def _load_while_noticed(server: ServerProcess, database: str, redis: Redis,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    made = await create(server.url, game="goofspiel", players=2, seed=4, options={"cards": 6})
    match_id = made["id"]
    await post(server.url, f"/api/matches/{match_id}/start", made["host_token"])
    clients = [await Client.connect(server.url, match_id, s["token"]) for s in made["seats"]]
    for client in clients:  # one round: step 2
        assert (await client.act((await client.state())["legal"][0], 1))["step"] >= 1

    # This process loads the match, held after reading the log until the other has logged step
    # 3 and its notice has been handled here. No heartbeat: only the loading may catch up.
    loaded, release = threading.Event(), threading.Event()

    def held_load(*args: Any) -> Any:
        found = load_timeline(*args)
        loaded.set()
        if not release.wait(TIMEOUT):
            raise AssertionError("the load was never released")
        return found

    monkeypatch.setattr(hub_module, "load_timeline", held_load)
    store = Store(database)
    hub = Hub(ServerConfig(database_url=database, redis_url=redis.url, heartbeat_seconds=600),
              store, Catalog())
    noticed = asyncio.Event()
    handle = hub.on_notice

    async def on_notice(notice: dict[str, Any]) -> None:
        await handle(notice)
        if notice.get("match") == match_id and notice.get("step") == 3:
            noticed.set()

    hub.on_notice = on_notice  # type: ignore[method-assign]
    async def start_and_load() -> None:  # a client of the running match comes
        await hub.start()
        await hub.get(match_id)

    starting = asyncio.create_task(start_and_load())  # loads the running match
    try:
        assert await asyncio.to_thread(loaded.wait, TIMEOUT), "the match was never loaded"
        legal = (await clients[0].until(lambda f: f["type"] == "state" and f["legal"]))["legal"]
        assert (await clients[0].act(legal[0], 2))["step"] == 3
        await asyncio.wait_for(noticed.wait(), TIMEOUT)
        release.set()
        await asyncio.wait_for(starting, TIMEOUT)
        live = hub.matches[match_id]
        assert live.step == 3
        assert live.info.step == 3  # the summary's step does not lag the state
        info = store.match(match_id)
        assert info is not None
        game = load_game("goofspiel")
        assert game.to_json(live.state) == game.to_json(replay_state(store, game, info)[0])
    finally:
        release.set()
        if not starting.done():
            await asyncio.wait_for(starting, TIMEOUT)
        await asyncio.wait_for(hub.stop(), TIMEOUT)
        store.close()
        for client in clients:
            await client.close()
