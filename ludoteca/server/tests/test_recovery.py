"""Nothing acknowledged is ever lost: `ludoteca serve` runs as a subprocess, scripted clients
play three matches over WebSockets, the server is killed with SIGKILL at random moments and
started again, the clients reconnect with the same links and play on. After a last restart every
acknowledged action is in the log at the step it was acknowledged with, the server's state
(loaded from a snapshot and the log) equals the replayed log, and what the server shows each
seat after the restart is the replay's view."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.server.live.match import load_state, replay_state
from ludoteca.server.store import Store
from ludoteca.server.tests.helpers import Client, ServerProcess, create, post, stored_record

MATCHES = [
    {"game": "goofspiel", "players": 3, "options": {"cards": 6}},  # ends on the way
    {"game": "castell", "players": 2},
    {"game": "ligretto", "players": 2, "options": {"rounds": 1}},
]
KILLS = 2
# Each kill comes after a random number of actions acknowledged since the restart, mid-flight.
ACTIONS_BEFORE_A_KILL = (5, 25)
FINAL_ACTIONS = 15  # played after the last restart, then the server stops and is checked
DEADLINE = 60.0  # seconds a session may take to reach its count: past them the test fails


@dataclass
class Seat:
    match_id: str
    seat: int
    token: str
    rng: random.Random
    acknowledged: dict[int, Any] = field(default_factory=dict)  # step -> action
    over: bool = False


async def play_until_cut(base: str, seat: Seat) -> None:
    """Play (a random legal action on each fresh state) until the match ends or the server
    goes away."""
    try:
        client = await Client.connect(base, seat.match_id, seat.token)
    except OSError:
        return
    refs = itertools.count(1)
    prefix = secrets.token_hex(4)  # a ref names one action, across connections too
    try:
        while True:
            state = await client.state(30)
            if state["status"] in ("over", "ended"):
                seat.over = True
                return
            if not state["legal"]:
                continue
            action = seat.rng.choice(state["legal"])
            answer = await client.act(action, f"{prefix}-{next(refs)}")
            if answer["type"] == "accepted":
                seat.acknowledged[answer["step"]] = action
    except (websockets.ConnectionClosed, OSError, TimeoutError):
        return
    finally:
        try:
            await client.close()
        except Exception:
            pass


def acknowledged(seats: list[Seat]) -> int:
    return sum(len(s.acknowledged) for s in seats)


async def session(server: ServerProcess, seats: list[Seat], actions: int, kill: bool
                  ) -> None:
    """Play until `actions` more are acknowledged (or every match is over), then kill the
    server (SIGKILL) or stop it."""
    target = acknowledged(seats) + actions
    tasks = [asyncio.create_task(play_until_cut(server.url, s)) for s in seats if not s.over]
    deadline = time.monotonic() + DEADLINE
    while acknowledged(seats) < target and not all(s.over for s in seats):
        if time.monotonic() > deadline:
            raise AssertionError(f"{acknowledged(seats)} actions acknowledged of {target} "
                                 f"after {DEADLINE} s")
        await asyncio.sleep(0.01)
    if kill:
        server.kill()  # SIGKILL, mid-flight
    else:
        server.stop()
    await asyncio.gather(*tasks)


def test_kill_9_loses_nothing_acknowledged(tmp_path: Path, database: str) -> None:
    args = ("--database-url", database, "--bot-pause", "0")
    server = ServerProcess(tmp_path, *args).start()
    rng = random.Random(20240612)
    try:
        seats = asyncio.run(_prepare(server.url, rng))
        for _ in range(KILLS):
            asyncio.run(session(server, seats, rng.randint(*ACTIONS_BEFORE_A_KILL), kill=True))
            server = ServerProcess(tmp_path, *args, port=server.port).start()
        asyncio.run(session(server, seats, FINAL_ACTIONS, kill=False))
        server = ServerProcess(tmp_path, *args, port=server.port).start()
        asyncio.run(_check_over_http(server.url, database, seats))
    finally:
        server.stop()
    _check_database(database, seats)
    assert acknowledged(seats) >= KILLS * ACTIONS_BEFORE_A_KILL[0] + FINAL_ACTIONS or all(
        s.over for s in seats)


async def _prepare(base: str, rng: random.Random) -> list[Seat]:
    seats = []
    for body in MATCHES:
        made = await create(base, seed=rng.randrange(1000), **body)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        seats += [Seat(made["id"], s["seat"], s["token"], random.Random(rng.random()))
                  for s in made["seats"]]
    return seats


async def _check_over_http(base: str, database: str, seats: list[Seat]) -> None:
    for match_id in {s.match_id for s in seats}:
        record = stored_record(database, match_id)  # a running match's: no door opens it
        game = load_game(record["game"])
        match = Match.from_json(game, record)  # the whole log replays
        log = record["log"]
        for seat in (s for s in seats if s.match_id == match_id):
            for step, action in seat.acknowledged.items():
                assert log[step - 1] == {"seat": seat.seat, "action": action}, (match_id, step)
            # What the restarted server shows this seat is the replay's view.
            client = await Client.connect(base, match_id, seat.token)
            state = await client.state()
            await client.close()
            assert state["step"] == len(log)
            assert state["view"] == _as_json(game.view(match.state, seat.seat))


def _check_database(database: str, seats: list[Seat]) -> None:
    store = Store(database)
    try:
        for match_id in {s.match_id for s in seats}:
            info = store.match(match_id)
            assert info is not None
            game = load_game(info.game)
            loaded, step = load_state(store, game, info)  # from the newest snapshot on
            replayed, replay_step = replay_state(store, game, info)  # the whole log
            assert step == replay_step == info.step
            assert game.to_json(loaded) == game.to_json(replayed)
            assert (info.status == "over") == game.is_over(replayed)
    finally:
        store.close()


def _as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))
