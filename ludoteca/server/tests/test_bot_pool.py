"""Bots think in a pool of their own, within the server's caps: searches of many matches at once
never hold up the lobby, and a bot spec that asks more than the server allows is refused with
the cap in the sentence."""

from __future__ import annotations

import asyncio
import os
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludoteca.bots.mcts import MctsBot
from ludoteca.bots.simple import HeuristicBot
from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import Goofspiel
from ludoteca.games.goofspiel.state import GoofspielState
from ludoteca.server.config import ServerConfig
from ludoteca.server.live import explanations
from ludoteca.server.live.bot_pool import BotPool
from ludoteca.server.live.explanations import Busy, Explanations
from ludoteca.server.tests.helpers import (
    TEST_GAMES,
    Client,
    ServerThread,
    create,
    get,
    post,
    threads,
)

MATCHES = 20
LOBBY_DEADLINE = 15.0  # far beyond a lobby's answer: only a lobby that waits for bots fails
SEARCH = "mcts:iterations=2:bias=1:focus=0"
GAME = Goofspiel()


class StallingGoofspiel(Goofspiel):
    """Goofspiel whose heuristic thinks until the test lets it go (a search that never ends,
    as a bot spec of an hour would be). Searches run in worker processes, so they say they
    think, and wait to be let go, through files in `folder`."""

    name = "stalling-goofspiel"

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @property
    def thinking(self) -> int:
        return len(list(self.folder.glob("thinking-*")))

    def release(self) -> None:
        (self.folder / "release").touch()

    def heuristic_action(self, state: GoofspielState, seat: int, rng: Rng) -> Action:
        mark = self.folder / f"thinking-{os.getpid()}-{threading.get_ident()}"
        mark.touch()
        try:
            deadline = time.monotonic() + 60
            while not (self.folder / "release").exists() and time.monotonic() < deadline:
                time.sleep(0.02)
        finally:
            mark.unlink()
        return super().heuristic_action(state, seat, rng)


async def until(check: Any, what: str, seconds: float = LOBBY_DEADLINE) -> None:
    deadline = time.monotonic() + seconds
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        await asyncio.sleep(0.05)


def test_the_lobby_answers_while_every_bot_of_twenty_matches_thinks(sqlite: ServerConfig,
                                                                    tmp_path: Path) -> None:
    game = StallingGoofspiel(tmp_path)
    games = {**TEST_GAMES, game.name: game}

    async def scenario(base: str) -> None:
        for _ in range(MATCHES):
            # searches whose first step (the heuristic's favourite, bias=1) never ends
            made = await create(base, game=game.name, players=3,
                                bots={str(s): SEARCH for s in range(3)})
            await post(base, f"/api/matches/{made['id']}/start", made["host_token"])

        async def pool_full() -> bool:
            return game.thinking >= sqlite.bot_threads

        await until(pool_full, "every search worker busy", 120)  # the workers start first
        began = time.monotonic()
        made = await asyncio.wait_for(create(base, game="goofspiel", players=2),
                                      LOBBY_DEADLINE)
        summary = await asyncio.wait_for(get(base, f"/api/matches/{made['id']}"),
                                         LOBBY_DEADLINE)
        listed = await asyncio.wait_for(get(base, "/api/matches"), LOBBY_DEADLINE)
        assert summary.status_code == 200 and listed.status_code == 200
        waited = time.monotonic() - began
        # Sixty searches asked for, no more under way than the pool has threads.
        assert game.thinking == sqlite.bot_threads, waited
        game.release()

    try:
        with ServerThread(sqlite, games) as server:
            asyncio.run(scenario(server.url))
    finally:
        game.release()


def test_a_bot_spec_past_the_servers_caps_is_refused_with_the_cap(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> list[tuple[int, str]]:
        answers = []
        for spec in ("mcts:seconds=3600", "mcts:iterations=1000000", "mcts:horizon=100000"):
            answer = await post(base, "/api/matches", body={
                "game": "goofspiel", "players": 2, "bots": {"1": spec}})
            answers.append((answer.status_code, answer.json()["error"]))
        within = await post(base, "/api/matches", body={
            "game": "goofspiel", "players": 2, "bots": {"1": "mcts:seconds=2:horizon=20"}})
        answers.append((within.status_code, ""))
        return answers

    with ServerThread(sqlite) as server:
        answers = asyncio.run(scenario(server.url))
    assert [status for status, _ in answers] == [422, 422, 422, 201]
    assert "at most 5 seconds of thinking a move (seconds=5)" in answers[0][1]
    assert "at most 20000 iterations" in answers[1][1]
    assert "at most 1000 steps" in answers[2][1]


PAUSE = 1.0  # a bot's pause before a turn-based move
BUSY = 8.0  # seconds the room is watched
BUSY_PACE = 0.3  # seconds between a person's turn and their move


def test_bots_play_on_while_another_crew_acts_every_moment(sqlite: ServerConfig) -> None:
    """A Ciurme room: one crew of people acts every 0.3 s, the other crew is all bots. A bot's
    move waits only for its pause: what another crew does changes nothing its seat sees or may
    do, so its plan holds (it used to start again at every step anywhere, and never moved)."""
    async def scenario(base: str) -> list[float]:
        session = (await post(base, "/api/sessions", body={"bot_pause": PAUSE})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        people = [(await post(base, "/api/sessions/join",
                              body={"code": code, "name": f"P{i}"})).json() for i in range(4)]
        async with httpx.AsyncClient(base_url=base) as http:
            put = await http.put(f"/api/sessions/{sid}/crews",
                                 json={"crews": [[p["member"] for p in people]]},
                                 headers={"Authorization": f"Bearer {host}"})
            assert put.status_code == 200, put.text
        started = await post(base, f"/api/matches/{sid}/start", host,
                             {"players": 8, "bots": "heuristic"})
        assert started.status_code == 200, started.text
        seats = (await get(base, f"/api/matches/{sid}")).json()["seats"]
        bots = {s["seat"] for s in seats if s["bot"]}
        facilitator = await Client.connect(base, sid, host)
        await facilitator.state()
        crew = [await Client.connect(base, sid, p["token"]) for p in people]
        start = await facilitator.act({"kind": "start_phase", "phase": 1}, "go")
        assert start["type"] == "accepted", start
        began = time.monotonic()
        bot_moves: list[float] = []

        async def act_every_moment(person: Client) -> None:
            ref = 0
            while time.monotonic() - began < BUSY:
                state = await person.state()
                if state["legal"]:
                    await asyncio.sleep(BUSY_PACE)
                    ref += 1
                    await person.send({"type": "action", "ref": ref,
                                       "action": state["legal"][0]})

        async def watch() -> None:
            while time.monotonic() - began < BUSY:
                try:
                    frame = await facilitator.next(0.5)
                except TimeoutError:
                    continue
                if frame["type"] == "event" and frame["seat"] in bots and (
                        not bot_moves or frame["step"] != bot_moves[-1]):
                    bot_moves.append(time.monotonic() - began)

        tasks = [asyncio.create_task(act_every_moment(person)) for person in crew]
        await watch()
        for task in tasks:
            task.cancel()
        for client in [*crew, facilitator]:
            await client.close()
        return bot_moves

    with ServerThread(sqlite, games={}) as server:
        moves = asyncio.run(scenario(server.url))
    assert len(moves) >= 3, moves
    gaps = [later - earlier for earlier, later in zip([0.0, *moves], moves, strict=False)]
    assert max(gaps) <= PAUSE + 2.0, gaps


# --- the pool's turns, its caps and the explanations it runs -----------------------------------
class Held:
    """Searches that run until the test lets them go, recording the order they started in."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.gates: dict[str, threading.Event] = {}

    def work(self, name: str) -> Any:
        gate = self.gates[name] = threading.Event()

        def run() -> str:
            self.started.append(name)
            gate.wait(30)
            return name
        return run

    async def let_go(self, name: str) -> None:
        while name not in self.gates or name not in self.started:
            await asyncio.sleep(0.01)
        self.gates[name].set()


def test_searches_take_turns_between_matches() -> None:
    """One thread; a match queues three searches, then another one: the other match's search
    runs second, not fourth (a first-come queue would have it wait behind all three)."""
    async def scenario() -> list[str]:
        pool, held = BotPool(1, workers=threads), Held()
        waiting = [asyncio.create_task(pool.search("a", held.work(f"a{i}"))) for i in range(3)]
        await asyncio.sleep(0.05)
        waiting.append(asyncio.create_task(pool.search("b", held.work("b0"))))
        for name in ("a0", "b0", "a1", "a2"):
            await held.let_go(name)
        await asyncio.gather(*waiting)
        pool.close()
        return held.started

    assert asyncio.run(scenario()) == ["a0", "b0", "a1", "a2"]


def test_a_bot_that_does_not_search_never_waits_for_a_search() -> None:
    """Every search thread busy: a heuristic bot's move still comes."""
    async def scenario() -> Action:
        pool, held = BotPool(1, workers=threads), Held()
        busy = asyncio.create_task(pool.search("a", held.work("a0")))
        await asyncio.sleep(0.05)
        game = Goofspiel()
        state = game.setup(2, 1)
        move = await asyncio.wait_for(
            pool.choose(HeuristicBot(), game, state, 0, Rng(1), "b"), 20)
        await held.let_go("a0")
        await busy
        pool.close()
        return move

    assert isinstance(asyncio.run(scenario()), Action)


def test_a_search_stops_at_the_servers_seconds_of_cpu_whatever_iterations_it_asks() -> None:
    """The caps are one budget: a spec of a million iterations is cut at the pool's bound."""
    async def scenario() -> MctsBot:
        pool = BotPool(1, cpu_seconds=0.05, workers=threads)
        bot = MctsBot(iterations=1_000_000, horizon=1000)
        game = Goofspiel()
        await pool.choose(bot, game, game.setup(2, 1), 0, Rng(1), "a")
        pool.close()
        return bot

    bot = asyncio.run(scenario())
    assert bot.cpu_seconds == 0.05 and 0 < bot.last_iterations < 1_000_000


def test_an_explanation_is_one_at_a_time_per_caller_and_kept(monkeypatch: Any) -> None:
    held = Held()
    calls: list[tuple[int, int]] = []

    def explain(game: Any, record: Any, step: int, seat: int, spec: Any,
                cpu_seconds: Any) -> Any:
        calls.append((step, seat))
        held.work(f"{step}")()
        return type("Found", (), {"to_json": lambda self: {"step": step, "seat": seat}})()

    monkeypatch.setattr(explanations, "explain", explain)

    async def record() -> dict[str, Any]:
        return {}

    async def scenario() -> list[Any]:
        pool = BotPool(2, workers=threads)
        asked = Explanations(pool)
        first = asyncio.create_task(asked.answer("ann", ("m", 3, 0), GAME, None, record))
        await asyncio.sleep(0.05)
        with pytest.raises(Busy):  # Ann waits for one already
            await asked.answer("ann", ("m", 4, 0), GAME, None, record)
        other = asyncio.create_task(asked.answer("bea", ("m", 4, 0), GAME, None, record))
        await held.let_go("3")
        await held.let_go("4")
        answers = [await first, await other]
        answers.append(await asked.answer("cid", ("m", 3, 0), GAME, None, record))  # kept
        pool.close()
        return answers

    answers = asyncio.run(scenario())
    assert answers == [{"step": 3, "seat": 0}, {"step": 4, "seat": 0}, {"step": 3, "seat": 0}]
    assert calls == [(3, 0), (4, 0)]  # the third answer was kept, not searched again


ORPHANED = """
import os
from ludoteca.server.live.bot_pool import search_processes
pool = search_processes(2)
print(*{pool.submit(os.getpid).result() for _ in range(8)}, flush=True)
os._exit(0)  # a server killed outright: its pool is never told to stop
"""


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_the_search_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    """A server killed outright (kill -9) left its workers behind for good, each holding its
    memory: they now see their server gone and end within a second or so."""
    import subprocess
    import sys

    # Its workers hold the pipes too while they live: read the line, not to the pipe's end.
    with subprocess.Popen([sys.executable, "-c", ORPHANED], stdout=subprocess.PIPE,
                          text=True, cwd=tmp_path) as server:
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert server.wait(60) == 0 and workers
    deadline = time.monotonic() + 30
    while alive := [pid for pid in workers if Path(f"/proc/{pid}").exists()]:
        assert time.monotonic() < deadline, f"workers {alive} outlived their server"
        time.sleep(0.1)
