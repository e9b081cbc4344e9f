"""One client, or one crowd, against everybody else (issue 40, points 6 and 8): a session's lobby
is capped and stays small, every member can be removed, sockets per address are capped,
presence reaches a crowd batched, and a flood past the rate is closed. Every test here failed on
the server as it was before."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx
import pytest
import websockets

from ludoteca.server.api.ratelimit import RateLimit
from ludoteca.server.api.ws import FLOOD_CLOSE
from ludoteca.server.config import ServerConfig
from ludoteca.server.store.models import MemberRow
from ludoteca.server.tests.helpers import Client, ServerThread, create, post

CIURME_MOST = 40  # Ciurme seats at most 40 players


def run(coro: Any) -> Any:
    return asyncio.run(coro)


async def call(base: str, method: str, path: str, token: str) -> httpx.Response:
    async with httpx.AsyncClient(base_url=base) as http:
        return await http.request(method, path, headers={"authorization": f"Bearer {token}"})


async def keep_reading(client: Client) -> None:
    with contextlib.suppress(websockets.ConnectionClosed):
        while True:
            await client.pull(60)


# --- point 6: one participant cannot make a session impossible to start ----------------------
def test_a_lobby_is_capped_and_its_frames_stay_small(sqlite: ServerConfig) -> None:
    """1,010 people joined with the right code, and start failed for good; the projector's
    lobby frames grew with the square of the members (2.8 MB while 400 joined). Now the lobby
    takes the game's most and a margin, says so, and a frame grows with the members."""
    sqlite.session_member_margin = 5
    cap = CIURME_MOST + 5

    async def scenario(base: str) -> tuple[list[httpx.Response], Client, dict[str, Any]]:
        session = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
        projector = await Client.connect(base, session["id"], session["spectator_token"])
        await projector.until(lambda f: f["type"] == "lobby")
        reading = asyncio.create_task(keep_reading(projector))  # a projector reads as it goes
        answers = [await post(base, "/api/sessions/join",
                              body={"code": session["code"], "name": f"Person {n}"})
                   for n in range(cap + 30)]
        await asyncio.sleep(0.6)  # the last batch
        reading.cancel()
        await projector.close()
        lobby = (await call(base, "GET", f"/api/sessions/{session['id']}",
                            session["facilitator_token"])).json()
        return answers, projector, lobby

    with ServerThread(sqlite) as server:
        answers, projector, lobby = run(scenario(server.url))
    assert [a.status_code for a in answers] == [200] * cap + [409] * 30
    refusal = answers[-1].json()
    assert f"at most {cap} people" in refusal["error"]
    assert refusal["code"] == "lobby_full" and refusal["params"] == {"most": cap}
    assert lobby["members_cap"] == cap and len(lobby["members"]) == cap
    lobbies = [f for f in projector.frames if f["type"] == "lobby"]
    assert lobbies[-1]["members_cap"] == cap and len(lobbies[-1]["members"]) == cap
    for frame in lobbies:  # a frame grows with its members, by a small constant each
        assert len(json.dumps(frame)) <= 400 + 40 * len(frame["members"])
    # Today's server sent 75 lobby frames (and as many presence frames) to the projector, 150
    # KB in all while 75 joined; the cap and the batches keep it well under.
    sent = sum(len(json.dumps(f)) for f in projector.frames)
    assert sent <= 100_000, sent


def test_every_member_can_be_removed(sqlite: ServerConfig) -> None:
    """The remove route took members 0 to 1000 only: a member numbered past it (numbers go on
    growing as people leave and join again) could never be removed."""
    async def scenario(base: str, server: ServerThread) -> list[httpx.Response]:
        session = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
        sid, host = session["id"], session["facilitator_token"]
        with server.hub.store.write() as db:  # the lobby before anyone asked for it
            db.add(MemberRow(match_id=sid, member=1500, name="Far", token_hash="x" * 64,
                             seat=None, left=False))
        return [await call(base, "DELETE", f"/api/sessions/{sid}/members/1500", host),
                await call(base, "DELETE", f"/api/sessions/{sid}/members/1501", host),
                await call(base, "DELETE", f"/api/sessions/{sid}/members/{2**40}", host)]

    with ServerThread(sqlite) as server:
        removed, missing, huge = run(scenario(server.url, server))
    assert removed.status_code == 200, removed.text
    assert removed.json()["members"] == []
    assert missing.status_code == 422 and "no member 1501" in missing.json()["error"]
    assert huge.status_code == 422 and "member" in huge.json()["error"]


# --- point 8: sockets per client, presence batched, floods ------------------------------------
def test_sockets_per_address_are_capped(sqlite: ServerConfig) -> None:
    sqlite.sockets_per_client = 3

    async def scenario(base: str) -> tuple[list[str], Any, int | None, str | None, str]:
        made = await create(base, game="goofspiel", players=2)
        clients = [await Client.connect(base, made["id"]) for _ in range(3)]
        firsts = [(await c.next())["type"] for c in clients]
        url = base.replace("http", "ws", 1) + f"/api/matches/{made['id']}/ws"
        async with websockets.connect(url) as extra:  # refused before its hello
            refusal = json.loads(await extra.recv())
            with pytest.raises(websockets.ConnectionClosed):
                await extra.recv()
        code, reason = extra.close_code, extra.close_reason
        await clients[0].close()
        await asyncio.sleep(0.2)
        again = await Client.connect(base, made["id"])
        after = (await again.next())["type"]
        for client in (*clients[1:], again):
            await client.close()
        return firsts, refusal, code, reason, after

    with ServerThread(sqlite) as server:
        firsts, refusal, code, reason, after = run(scenario(server.url))
    assert firsts == ["history"] * 3
    assert refusal["type"] == "error" and "at most 3 at once" in refusal["error"]
    assert code == 1008 and reason is not None and "at most 3" in reason
    assert after == "history"  # a socket closed gives its place back


def test_presence_reaches_a_crowd_batched(sqlite: ServerConfig) -> None:
    """Each spectator arriving sent a presence frame to everyone already there: N arrivals
    cost N(N+1)/2 frames (600 sockets: 181,500). Batched, they cost about N for each
    interval the crowd takes to arrive, and the last frame still counts everybody."""
    crowd = 80
    sqlite.sockets_per_client = crowd + 5
    sqlite.presence_interval = 1.0

    async def scenario(base: str) -> list[Client]:
        made = await create(base, game="goofspiel", players=2)
        clients = []
        for _ in range(crowd):
            clients.append(await Client.connect(base, made["id"]))
        await asyncio.gather(*(c.drain(1.5) for c in clients))
        for client in clients:
            await client.close()
        return clients

    with ServerThread(sqlite) as server:
        clients = run(scenario(server.url))
    presences = [[f for f in c.frames if f["type"] == "presence"] for c in clients]
    sent = sum(len(p) for p in presences)
    assert sent <= 8 * crowd, sent  # today: 3,240
    assert all(p and p[-1]["spectators"] == crowd for p in presences)


def test_a_flood_just_under_twice_the_rate_is_closed() -> None:
    """59 frames a second against 30 allowed was never closed: the refusals were forgotten at
    the allowed rate, as fast as they came."""
    now = [0.0]

    def flood(per_second: float, seconds: float, burst: int = 0) -> RateLimit:
        limit = RateLimit(30, clock=lambda: now[0])
        for _ in range(burst):
            limit.allow()
        for _ in range(int(per_second * seconds)):
            now[0] += 1 / per_second
            limit.allow()
        return limit

    assert flood(59, 20).flooding >= FLOOD_CLOSE
    assert flood(45, 40).flooding >= FLOOD_CLOSE  # half as much again as allowed, for long
    assert flood(30, 60).flooding == 0 and flood(30, 60).dropped == 0
    assert flood(5, 10, burst=150).flooding < FLOOD_CLOSE  # a burst, then calm: kept
    assert "30 messages a second" in flood(59, 20).closing()
