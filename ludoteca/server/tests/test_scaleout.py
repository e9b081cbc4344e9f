"""Two `ludoteca serve` processes share live matches through one PostgreSQL and one Redis.

A match's clients are split across the two; each client sees every move, the other process's
included, in order. Then the process that drives the match (its bot) is killed: its clients
reconnect to the other, which takes the match over (bot included) after the lease runs out,
and nothing acknowledged is lost."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import httpx
import websockets

from ludoteca.server.tests.helpers import Client, ServerProcess, create, get, post
from ludoteca.server.tests.services import Postgres, Redis


async def player(servers: list[ServerProcess], index: int, match_id: str, seat: int,
                 token: str, seen: list[list[int]], acknowledged: dict[int, Any]) -> None:
    """Play seat `seat` on server `index`, moving to the other server when it dies. `seen`
    gets one list of event steps per connection."""
    rng = random.Random(seat)
    ref = 0
    while True:
        server = servers[index]
        try:
            client = await Client.connect(server.url, match_id, token, label=f"seat {seat}")
        except OSError:
            index = 1 - index
            continue
        steps: list[int] = []
        seen.append(steps)
        try:
            while True:
                frame = await client.next(60)
                if frame["type"] == "event" and (not steps or steps[-1] != frame["step"]):
                    steps.append(frame["step"])
                if frame["type"] == "accepted":
                    acknowledged[frame["step"]] = seat
                if frame["type"] != "state":
                    continue
                if frame["status"] == "over":
                    await client.close()
                    return
                if frame["legal"]:
                    ref += 1
                    await client.send({"type": "action", "action": rng.choice(frame["legal"]),
                                       "ref": ref})
        except (websockets.ConnectionClosed, OSError):
            index = 1 - index


def test_two_processes_share_a_match_and_survive_a_kill(
    tmp_path: Path, postgres: Postgres, redis: Redis
) -> None:
    on_two_processes(tmp_path, postgres.create_database("scaleout"), redis, _scenario,
                     "--heartbeat", "0.3")


def on_two_processes(tmp_path: Path, database: str, redis: Redis,
                     scenario: Callable[[list[ServerProcess]], Coroutine[Any, Any, None]],
                     *args: str) -> None:
    """Run `scenario` against two `ludoteca serve` processes sharing `database` and Redis, with
    fast bots and `args`; both are stopped after, whatever happened."""
    args = ("--database-url", database, "--redis-url", redis.url, "--bot-pause", "0.05", *args)
    servers = [ServerProcess(tmp_path, *args).start(), ServerProcess(tmp_path, *args).start()]
    try:
        asyncio.run(scenario(servers))
    finally:
        for server in servers:
            server.stop()


async def shared_goofspiel(base: str, seed: int) -> dict[str, Any]:
    """A match for seats 0-2 split across the processes: 4-seat Goofspiel of 13 cards (52
    steps), seat 3 a random bot, no seat ever handed to the stand-in bot."""
    return await create(base, game="goofspiel", players=4, seed=seed,
                        options={"cards": 13}, bots={"3": "random"}, grace="never")


async def _scenario(servers: list[ServerProcess]) -> None:
    made = await shared_goofspiel(servers[0].url, seed=3)
    match_id = made["id"]
    seen: dict[int, list[list[int]]] = {0: [], 1: [], 2: []}
    acknowledged: dict[int, Any] = {}
    tasks = [
        asyncio.create_task(player(servers, seat % 2, match_id, seat,
                                   made["seats"][seat]["token"], seen[seat], acknowledged))
        for seat in (0, 1, 2)
    ]
    await _until_connected(servers, match_id, {0, 1, 2})
    await post(servers[1].url, f"/api/matches/{match_id}/start", made["host_token"])
    await _until_step(servers[0].url, match_id, 16)
    driver = await _driving(servers)
    servers[driver].kill()
    await asyncio.wait_for(asyncio.gather(*tasks), 120)

    survivor = servers[1 - driver]
    record = (await get(survivor.url, f"/api/matches/{match_id}/record",
                        made["host_token"])).json()
    log = record["log"]
    assert len(log) == 52 and len(acknowledged) >= 30
    # The rest is the bot's, on both processes, but for an action logged just before the kill
    # whose acknowledgement died with the process (at most one in flight per player): it is
    # in the log, so nothing accepted was lost.
    unacknowledged = [entry["seat"] for step, entry in enumerate(log, 1)
                      if step not in acknowledged and entry["seat"] != 3]
    assert len(unacknowledged) <= 3 and len(set(unacknowledged)) == len(unacknowledged)
    for step, seat in acknowledged.items():
        assert log[step - 1]["seat"] == seat
    # Every connection saw the steps in order, without a gap (every Goofspiel step has a
    # public event); one that lived through the kill saw all of them.
    everything = list(range(1, 53))
    for seat, connections in seen.items():
        for steps in connections:
            assert steps == list(range(steps[0], steps[0] + len(steps))), (seat, steps)
        assert any(steps == everything for steps in connections) or len(connections) > 1
    assert any(steps == everything for c in seen.values() for steps in c)


async def _until_connected(servers: list[ServerProcess], match_id: str, seats: set[int]
                           ) -> None:
    """Until both processes show every one of `seats` connected (each process's presence is
    shared with the other), with a deadline that fails loudly."""
    deadline = time.monotonic() + 30
    for server in servers:
        while True:
            summary = (await get(server.url, f"/api/matches/{match_id}")).json()
            if seats <= {s["seat"] for s in summary["seats"] if s["connected"]}:
                break
            assert time.monotonic() < deadline, f"seats {seats} not all connected: {summary}"
            await asyncio.sleep(0.05)


async def _until_step(base: str, match_id: str, step: int) -> None:
    for _ in range(600):
        if (await get(base, f"/api/matches/{match_id}")).json()["step"] >= step:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the match did not move")


async def _driving(servers: list[ServerProcess]) -> int:
    async with httpx.AsyncClient() as http:
        for _ in range(100):
            for index, server in enumerate(servers):
                if (await http.get(server.url + "/healthz")).json()["matches_driven"]:
                    return index
            await asyncio.sleep(0.1)
    raise AssertionError("no process drives the match")
