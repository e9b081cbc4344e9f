"""Live play over the WebSocket: the first frames, bad input of every kind, reconnection,
presence, bots standing in for absent players, time banks, and the game's clocks (whose start
survives a restart)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import websockets

from ludoteca.server.config import ServerConfig
from ludoteca.server.live.match import replay_state
from ludoteca.server.live.seat_bots import controlled_seats
from ludoteca.server.tests.helpers import (
    Client,
    Player,
    ServerThread,
    create,
    get,
    post,
    stored_record,
)


async def eventually(check: Callable[[], Awaitable[bool]], what: str, seconds: float = 10.0,
                     pause: float = 0.05) -> None:
    """Ask `check` until it says yes; past the deadline the test fails, naming what it waited
    for (no test waits on the clock to prove something happened)."""
    deadline = time.monotonic() + seconds
    while not await check():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what} after {seconds} s")
        await asyncio.sleep(pause)


async def until_looked(live: Any, turns: int) -> None:
    """Until the match's driver has looked at what is due since it had taken `turns` looks:
    what it did not do then was not due."""
    async def looked() -> bool:
        return bool(live.driver_turns > turns)

    await eventually(looked, "the driver's look at the match")

def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def started(base: str, **body: Any) -> dict[str, Any]:
    made = await create(base, **body)
    response = await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
    assert response.status_code == 200, response.text
    return made


def not_presence(frame: dict[str, Any]) -> bool:
    return bool(frame["type"] != "presence")


def test_bad_frames_get_clear_errors_and_change_nothing(config: ServerConfig) -> None:
    config.max_frame_bytes = 2000

    async def scenario(base: str) -> None:
        made = await started(base, game="goofspiel", players=2, seed=2)
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        first = await ann.state()
        assert first["seat"] == 0 and first["legal"] and first["step"] == 0
        bad: list[tuple[Any, str]] = [
            ("{not json", "not valid JSON"),
            ("[1, 2]", "a JSON object with a 'type'"),
            ({"type": "dance"}, "unknown message type 'dance'"),
            ({"type": "hello", "token": "x"}, "already said hello"),
            ({"type": "action", "action": {"kind": "bid", "card": 1}, "pad": "x" * 3000},
             "the limit is 2000"),
        ]
        for frame, words in bad:
            await ann.send(frame)
            answer = await ann.until(not_presence)
            assert answer["type"] == "error" and words in answer["error"], answer
        await ann.ws.send(b"\x00\x01")
        assert "binary" in (await ann.until(not_presence))["error"]
        rejected = [
            ({"type": "action", "action": {"kind": "fly"}, "ref": 1}, "unknown action kind"),
            ({"type": "action", "action": {"kind": "bid", "card": 9}, "ref": 2},
             "bid one of your cards"),
            ({"type": "action", "action": {"kind": "bid", "card": 1}, "seat": 1, "ref": 3},
             "you cannot act for seat 1"),
            ({"type": "action", "ref": 4}, "carries the game's action"),
            ({"type": "action", "action": "bid", "ref": 5}, "an object with a 'kind'"),
            ({"type": "action", "action": {"kind": "bid", "card": [1]}, "ref": 6},
             "expected a whole number, got [1]"),
        ]
        for frame, words in rejected:
            await ann.send(frame)
            answer = await ann.until(not_presence)
            assert answer["type"] == "rejected" and answer["ref"] == frame["ref"], answer
            assert words in answer["reason"], answer
            # Only the game's own reason comes in Italian too; the server's are English alone.
            if frame["ref"] == 2:
                assert answer["reasons"]["it"].startswith("offri una delle tue carte: ["), answer
            else:
                assert "reasons" not in answer, answer
        # Still connected, nothing changed: the first legal action is still accepted at step 1.
        assert (await ann.act(first["legal"][0], "ok")) == {"type": "accepted", "ref": "ok",
                                                             "step": 1}
        watcher = await Client.connect(base, made["id"])
        assert (await watcher.state())["seat"] is None
        refused = await watcher.act({"kind": "bid", "card": 1}, 7)
        assert "spectators cannot act" in refused["reason"]
        await ann.close()
        await watcher.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_floods_are_limited_with_a_message(config: ServerConfig) -> None:
    config.frames_per_second = 5

    async def scenario(base: str) -> None:
        made = await started(base, game="goofspiel", players=2)
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        for _ in range(40):
            await ann.send({"type": "ping"})
        await ann.drain()
        errors = [f for f in ann.frames if f["type"] == "error"]
        pongs = [f for f in ann.frames if f["type"] == "pong"]
        assert errors and "too many messages: at most 5 a second" in errors[0]["error"]
        assert 5 <= len(pongs) < 40
        # Once the window has passed, a ping is answered again (asked until it is, with a
        # deadline that fails loudly).
        async def answered() -> bool:
            await ann.send({"type": "ping", "ref": "again"})
            frame = await ann.until(lambda f: f["type"] in ("pong", "error"))
            return bool(frame["type"] == "pong")

        await eventually(answered, "a ping answered after the flood", pause=0.2)
        await ann.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_hello_is_required_and_tokens_checked(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="castell", players=2, spectators="link")
        url = base.replace("http", "ws") + f"/api/matches/{made['id']}/ws"
        for first in ({"type": "action"}, {"type": "hello", "token": "wrong"},
                      {"type": "hello"}):
            async with websockets.connect(url) as ws:
                await ws.send(json.dumps(first))
                answer = json.loads(await ws.recv())
                assert answer["type"] == "error", answer
                try:
                    await asyncio.wait_for(ws.recv(), 5)
                    raise AssertionError("the connection should be closed")
                except websockets.ConnectionClosed as closed:
                    assert closed.rcvd is not None and closed.rcvd.code == 1008
        watcher = await Client.connect(base, made["id"], made["spectator_token"])
        assert (await watcher.state())["seat"] is None
        # A match that does not exist is refused at once, before any hello: a hello sent then
        # may meet the closed connection (it did once), so none is sent.
        async with websockets.connect(base.replace("http", "ws") + "/api/matches/nope/ws") as ws:
            assert "no match" in json.loads(await ws.recv())["error"]
        await watcher.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_reconnect_gives_the_full_view_and_presence_is_shared(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await started(base, game="goofspiel", players=2, seed=4, grace="never")
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"], name="Ann")
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"], name="Bea")
        await ann.state()
        presence = await ann.until(lambda f: f["type"] == "presence" and all(
            s["connected"] and s["name"] for s in f["seats"]))
        assert [s["name"] for s in presence["seats"]] == ["Ann", "Bea"]
        assert (await ann.act({"kind": "bid", "card": 3}, 1))["type"] == "accepted"
        await bea.close()
        gone = await ann.until(lambda f: f["type"] == "presence" and not f["seats"][1][
            "connected"])
        assert gone["seats"][1]["stand_in"] is False  # grace: never
        again = await Client.connect(base, made["id"], made["seats"][1]["token"])
        state = await again.state()
        assert state["step"] == 1 and state["view"]["bid_placed"] == [True, False]
        assert state["view"]["my_bid"] is None and state["legal"]
        await ann.until(lambda f: f["type"] == "presence" and f["seats"][1]["connected"])
        await ann.close()
        await again.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_bot_stands_in_after_the_grace_until_the_player_returns(config: ServerConfig) -> None:
    async def scenario(base: str, server: ServerThread) -> None:
        made = await started(base, game="goofspiel", players=2, seed=4, grace=0.3,
                             options={"cards": 8}, bot_pause=0.5)
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        # Seat 1 never connected: after the grace a stand-in bids for it.
        await ann.act({"kind": "bid", "card": 1}, 1)
        await ann.until(lambda f: f["type"] == "event" and f["event"]["kind"] == "reveal")
        presence = [f for f in ann.frames if f["type"] == "presence"
                    and f["seats"][1]["stand_in"]]
        assert presence and presence[0]["seats"][1]["connected"] is False
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"])
        back = await ann.until(lambda f: f["type"] == "presence" and f["seats"][1]["connected"])
        assert back["seats"][1]["stand_in"] is False
        await bea.state()
        await ann.act({"kind": "bid", "card": 2}, 2)
        live = server.hub.matches[made["id"]]
        await until_looked(live, server.nudge(made["id"]))
        # The driver looked after Ann's bid: the stand-in is gone, nobody thinks for Bea.
        assert 1 not in controlled_seats(live, live.now()) and 1 not in live.seat_bots.plans
        summary = (await get(base, f"/api/matches/{made['id']}")).json()
        assert summary["step"] == 3
        await ann.close()
        await bea.close()

    with ServerThread(config) as server:
        run(scenario(server.url, server))


def test_a_spent_time_bank_lets_a_bot_move(config: ServerConfig) -> None:
    async def scenario(base: str, server: ServerThread) -> None:
        made = await started(base, game="goofspiel", players=2, seed=4, grace="never",
                             time_bank={"seconds": 0.5, "per_move": 30})
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"])
        await ann.state()
        presence = await ann.until(lambda f: f["type"] == "presence" and "time_banks" in f)
        assert set(presence["time_banks"]) <= {"0", "1"}
        await ann.act({"kind": "bid", "card": 5}, 1)
        # Bea is connected but does not bid: her bank runs out and a bot bids for her.
        reveal = await ann.until(lambda f: f["type"] == "event"
                                 and f["event"]["kind"] == "reveal", 20)  # loaded CI
        assert reveal["step"] == 2
        live = server.hub.matches[made["id"]]
        await until_looked(live, server.nudge(made["id"]))
        # The bank starts again from 30 s: no second bot move is due or being thought of.
        assert 1 not in controlled_seats(live, live.now()) and 1 not in live.seat_bots.plans
        assert (live.clocks.bank_due(1) or 0) > live.now() + 25
        record = stored_record(config.database_url, made["id"])
        assert [entry["seat"] for entry in record["log"]] == [0, 1]
        await ann.close()
        await bea.close()

    with ServerThread(config) as server:
        run(scenario(server.url, server))


def test_deadlines_apply_the_games_action_and_survive_a_restart(config: ServerConfig) -> None:
    clock = [1000.0]

    def now() -> float:
        return clock[0]

    async def first_run(base: str) -> str:
        made = await started(base, game="timed-goofspiel", players=2, seed=3, grace="never")
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        clock[0] += 0.1  # the clocks started at 1000; the server stops at 1000.1
        # A frame says the time left on the server's clock, of the clocks its seat may know.
        again = await Client.connect(base, made["id"], made["seats"][0]["token"])
        [(key, left)] = (await again.state())["clocks"].items()
        assert key.endswith(":0") and left == 0.3
        watcher = await Client.connect(base, made["id"])
        assert (await watcher.state())["clocks"] == {}
        await again.close()
        await watcher.close()
        await ann.close()
        hub_info["bea"] = made["seats"][1]["token"]
        hub_info["host"] = made["host_token"]
        return str(made["id"])

    hub_info: dict[str, Any] = {}
    with ServerThread(config, now=now) as server:
        match_id = run(first_run(server.url))

    async def second_run(base: str, server: ServerThread) -> None:
        clock[0] += 0.2  # 1000.3: not yet due (0.4 s)
        await until_looked(server.hub.matches[match_id], server.nudge(match_id))
        assert (await get(base, f"/api/matches/{match_id}")).json()["step"] == 0
        # A reload after the restart is told the time left, not a clock started afresh.
        bea = await Client.connect(base, match_id, hub_info["bea"])
        [(key, left)] = (await bea.state())["clocks"].items()
        assert key.endswith(":1") and left == 0.1
        await bea.close()
        clock[0] += 0.15  # 1000.45: both bids are due
        server.nudge(match_id)

        async def both_bid() -> bool:
            return bool((await get(base, f"/api/matches/{match_id}")).json()["step"] == 2)

        await eventually(both_bid, "both clocks' bids")
        record = stored_record(config.database_url, match_id)
        assert [(e["seat"], e["action"]) for e in record["log"]] == [
            (0, {"kind": "bid", "card": 1}), (1, {"kind": "bid", "card": 1})]
        live = server.hub.matches[match_id]
        hub_info["state"] = live.game.to_json(live.state)
        hub_info["replayed"] = live.game.to_json(replay_state(live.store, live.game,
                                                               live.info)[0])

    with ServerThread(config, now=now) as server:
        run(second_run(server.url, server))
    assert hub_info["state"] == hub_info["replayed"]


def test_bots_play_a_whole_real_time_match(config: ServerConfig) -> None:
    config.reaction_scale = 0.002

    async def scenario(base: str) -> None:
        made = await started(base, game="ligretto", players=2, seed=8,
                             bots={"0": "heuristic:level=expert", "1": "random:level=expert"})
        watcher = await Client.connect(base, made["id"])
        await watcher.until(lambda f: f["type"] == "state" and f["status"] == "over", 120)
        summary = (await get(base, f"/api/matches/{made['id']}")).json()
        assert summary["status"] == "over" and summary["step"] > 20
        await watcher.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_people_play_castell_to_the_end(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await started(base, game="castell", players=2, seed=11)
        clients = [await Client.connect(base, made["id"], s["token"]) for s in made["seats"]]
        # end_turn as soon as it is offered keeps the match short.
        players = [Player(c, choose=lambda legal: next(
            (a for a in legal if a["kind"] == "end_turn"), legal[0])) for c in clients]
        await asyncio.gather(*(p.play(120) for p in players))
        summary = (await get(base, f"/api/matches/{made['id']}")).json()
        assert summary["status"] == "over"
        assert sum(p.acknowledged for p in players) == summary["step"]
        for client in clients:
            await client.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_steps_frames_go_out_through_the_wire_under_uvicorn(config: ServerConfig) -> None:
    """Under uvicorn (as `ludoteca serve` runs), each connection writes its waiting frames
    together through wire.py: a uvicorn that no longer offers what wire.py reads would fall
    back to frame-by-frame sends silently, so this says so."""

    async def scenario(base: str, hub: Any) -> None:
        made = await started(base, game="goofspiel", players=2, seed=3)
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        connections = hub.rooms[made["id"]].connections
        assert connections and all(c.wire is not None for c in connections)
        await ann.close()

    with ServerThread(config) as server:
        run(scenario(server.url, server.hub))
