"""Bots think in a pool of their own, within the server's caps: searches of many matches at once
never hold up the lobby, and a bot spec that asks more than the server allows is refused with
the cap in the sentence."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import httpx

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import Goofspiel
from ludoteca.games.goofspiel.state import GoofspielState
from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import TEST_GAMES, Client, ServerThread, create, get, post

MATCHES = 20
LOBBY_DEADLINE = 15.0  # far beyond a lobby's answer: only a lobby that waits for bots fails


class StallingGoofspiel(Goofspiel):
    """Goofspiel whose heuristic thinks until the test lets it go (a search that never ends,
    as a bot spec of an hour would be), counting the searches under way."""

    name = "stalling-goofspiel"
    release = threading.Event()
    thinking = 0
    counting = threading.Lock()

    def heuristic_action(self, state: GoofspielState, seat: int, rng: Rng) -> Action:
        with self.counting:
            type(self).thinking += 1
        try:
            self.release.wait(60)
        finally:
            with self.counting:
                type(self).thinking -= 1
        return super().heuristic_action(state, seat, rng)


async def until(check: Any, what: str, seconds: float = LOBBY_DEADLINE) -> None:
    deadline = time.monotonic() + seconds
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} within {seconds} s")
        await asyncio.sleep(0.05)


def test_the_lobby_answers_while_every_bot_of_twenty_matches_thinks(sqlite: ServerConfig
                                                                    ) -> None:
    game = StallingGoofspiel()
    games = {**TEST_GAMES, game.name: game}
    StallingGoofspiel.release.clear()

    async def scenario(base: str) -> None:
        for _ in range(MATCHES):
            made = await create(base, game=game.name, players=3,
                                bots={str(s): "heuristic" for s in range(3)})
            await post(base, f"/api/matches/{made['id']}/start", made["host_token"])

        async def pool_full() -> bool:
            return StallingGoofspiel.thinking >= sqlite.bot_threads

        await until(pool_full, "every bot thread busy")
        began = time.monotonic()
        made = await asyncio.wait_for(create(base, game="goofspiel", players=2),
                                      LOBBY_DEADLINE)
        summary = await asyncio.wait_for(get(base, f"/api/matches/{made['id']}"),
                                         LOBBY_DEADLINE)
        listed = await asyncio.wait_for(get(base, "/api/matches"), LOBBY_DEADLINE)
        assert summary.status_code == 200 and listed.status_code == 200
        waited = time.monotonic() - began
        # Sixty searches asked for, no more under way than the pool has threads.
        assert StallingGoofspiel.thinking == sqlite.bot_threads, waited
        StallingGoofspiel.release.set()

    try:
        with ServerThread(sqlite, games) as server:
            asyncio.run(scenario(server.url))
    finally:
        StallingGoofspiel.release.set()


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
