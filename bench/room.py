"""A Ciurme workshop under load: 40 phones and a facilitator on one server, a whole session at
human pace, beside a bare WebSocket echo of the same app at the same pace (the baseline).

`ludoteca serve` runs in its own process (SQLite in a temporary folder); this process runs every
client. The 40 phones join by code over HTTP, the facilitator balances the crews (8 crews of 5)
and starts; then each phone thinks 0.5-2 s before every decision it has (a random legal action)
and now and then writes on a channel the rules give it; the facilitator names the first players,
starts each phase, settles ties, closes phase 1 after `--phase1` seconds (a workshop's clock)
and shortens every vote still open after 20 s. Reported: the session's length and whether it
ended, accepted actions, p50/p99 from sending an action to its `accepted`, the p99 as a ratio to
the echo's p99 at the same pace and number of clients, and the server's memory (RSS) before the
session, with everybody connected, and at the end. Nothing here asserts a time: it prints.

    .venv/bin/python bench/room.py [--phones 40] [--phase1 30] [--cap 600]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).parent))
from pages import markdown_table, what_it_measures, write_page  # noqa: E402
from server import HUMAN_THINK, Server, echo, ms, percentile  # noqa: E402

CHAT_EVERY = (15.0, 40.0)  # seconds between a phone's messages
VOTE_PATIENCE = 20  # seconds the facilitator lets a vote run before setting its timer


def cpu_seconds(server: Server) -> float:
    """The server process's CPU time so far (user and system), which the machine's other load
    does not inflate the way it inflates latencies."""
    fields = Path(f"/proc/{server.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Room:
    acks: list[float] = field(default_factory=list)
    rejected: int = 0
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (who, ref) -> time
    over: asyncio.Event = field(default_factory=asyncio.Event)


class Client:
    """One WebSocket client of the session: phone or facilitator."""

    def __init__(self, name: str, ws: Any, room: Room) -> None:
        self.name, self.ws, self.room = name, ws, room
        self.refs = 0
        self.latest: dict[str, Any] | None = None
        self.waiting = False

    async def send(self, action: dict[str, Any]) -> None:
        self.refs += 1
        self.waiting = True
        self.room.sent[(self.name, self.refs)] = time.perf_counter()
        await self.ws.send(json.dumps({"type": "action", "action": action, "ref": self.refs}))

    def take(self, frame: dict[str, Any]) -> None:
        kind = frame["type"]
        if kind in ("accepted", "rejected"):
            self.waiting = False
            start = self.room.sent.pop((self.name, frame["ref"]), None)
            if kind == "accepted" and start is not None:
                self.room.acks.append(time.perf_counter() - start)
            elif kind == "rejected":
                self.room.rejected += 1
        elif kind == "state":
            self.latest = frame
            if frame["status"] in ("over", "ended"):
                self.room.over.set()


async def listen(client: Client) -> None:
    try:
        async for text in client.ws:
            client.take(json.loads(text))
    except websockets.ConnectionClosed:
        return


async def phone(client: Client, rng: random.Random) -> None:
    next_chat = time.monotonic() + rng.uniform(*CHAT_EVERY)
    while not client.room.over.is_set():
        await asyncio.sleep(rng.uniform(*HUMAN_THINK))
        state = client.latest
        if state is None or client.waiting or state["status"] != "running":
            continue
        legal = [a for a in state["legal"] if a["kind"] != "post"]
        channels = state["view"].get("channels", [])
        if channels and time.monotonic() > next_chat:
            next_chat = time.monotonic() + rng.uniform(*CHAT_EVERY)
            await client.send({"kind": "post", "channel": rng.choice(channels),
                               "text": "Let's repair the hull first.", "to": None})
        elif legal:
            # People rarely move to depose their captain: one decision in ten at most.
            calm = [a for a in legal if a["kind"] != "depose"]
            await client.send(rng.choice(calm if calm and rng.random() < 0.9 else legal))


async def facilitator(client: Client, rng: random.Random, phase1: float) -> None:
    phase1_started: float | None = None
    vote_seen: dict[int, float] = {}
    while not client.room.over.is_set():
        await asyncio.sleep(rng.uniform(*HUMAN_THINK))
        state = client.latest
        if state is None or client.waiting or state["status"] != "running":
            continue
        view, now = state["view"], time.monotonic()
        if view["stage"] == "phase1":
            phase1_started = phase1_started or now
            if now - phase1_started > phase1:
                await client.send({"kind": "close_phase1"})
                continue
        late = [v["crew"] for v in view["votes"]
                if now - vote_seen.setdefault(v["crew"] * 1000 + len(v["voters"]), now)
                > VOTE_PATIENCE]
        if late:
            await client.send({"kind": "set_vote_timer", "crew": late[0], "seconds": 10})
            vote_seen.clear()
        elif state["legal"]:
            await client.send(state["legal"][0])


async def connect(url: str, match_id: str, token: str, name: str, room: Room) -> Client:
    ws = await websockets.connect(url.replace("http", "ws") + f"/api/matches/{match_id}/ws",
                                  max_size=1 << 22)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    return Client(name, ws, room)


async def session(server: Server, phones: int, phase1: float, cap: float) -> list[str]:
    """Play the session; print its figures and return them as the page's sections."""
    rng = random.Random(7)
    room = Room()
    async with httpx.AsyncClient(base_url=server.url, timeout=60) as http:
        created = (await http.post("/api/sessions", json={"game": "ciurme"})).json()
        sid, code, host = created["id"], created["code"], created["facilitator_token"]
        auth = {"Authorization": f"Bearer {host}"}
        joined = [(await http.post("/api/sessions/join",
                                   json={"code": code, "name": f"Phone {i}"})).json()
                  for i in range(phones)]
        rss_lobby = server.rss_mib()
        clients = [await connect(server.url, sid, j["token"], f"p{i}", room)
                   for i, j in enumerate(joined)]
        boss = await connect(server.url, sid, host, "facilitator", room)
        listeners = [asyncio.create_task(listen(c)) for c in [*clients, boss]]
        balanced = await http.post(f"/api/sessions/{sid}/crews/balance", headers=auth)
        crews = [len(c) for c in balanced.json()["crews"]]
        started = await http.post(f"/api/matches/{sid}/start", headers=auth)
        assert started.status_code == 200, started.text
    await asyncio.sleep(1.0)
    rss_connected = server.rss_mib()
    cpu_before = cpu_seconds(server)
    begun = time.monotonic()
    players = [asyncio.create_task(phone(c, random.Random(rng.random()))) for c in clients]
    players.append(asyncio.create_task(facilitator(boss, random.Random(rng.random()), phase1)))
    try:
        await asyncio.wait_for(room.over.wait(), cap)
        ended = True
    except TimeoutError:
        ended = False
    length = time.monotonic() - begun
    cpu = cpu_seconds(server) - cpu_before
    reached = boss.latest["view"] if boss.latest else {}
    if ended:
        reached = {**reached, "stage": "over"}
    for task in [*players, *listeners]:
        task.cancel()
    for c in [*clients, boss]:
        await c.ws.close()
    rss_end = server.rss_mib()

    echo_times = (await echo(server, phones + 1, "human", 15.0)).acks
    echo_p99 = percentile(echo_times, 0.99)
    p99 = percentile(room.acks, 0.99)
    heading = (f"Ciurme workshop: {phones} phones in crews of {crews} and a facilitator, "
               "human pace, one server process (SQLite)")
    figures = [
        ("session", f"{'ended' if ended else 'stopped at the cap'} after {length:.0f} s"),
        ("actions", f"{len(room.acks)} accepted, {room.rejected} refused (a decision gone by "
                    "the time it arrived)"),
        ("reached", f"{reached.get('stage')}, Assembly round {reached.get('round')} of "
                    f"{reached.get('rounds')}"),
        ("ack p50 / p99", f"{ms(percentile(room.acks, 0.5)).strip()} / {ms(p99).strip()} ms"),
        ("echo p50 / p99", f"{ms(percentile(echo_times, 0.5)).strip()} / "
                           f"{ms(echo_p99).strip()} ms"),
        ("ack p99 / echo p99", f"{p99 / echo_p99:.2f}"),
        ("server CPU", f"{cpu:.1f} s in all, {1000 * cpu / max(1, len(room.acks)):.1f} ms per "
                       f"accepted action (its {phones + 1} personal views, the log, the "
                       f"frames), {100 * cpu / length:.0f}% of one core on average"),
        ("server memory", f"{rss_lobby:.0f} MiB in the lobby, {rss_connected:.0f} MiB with "
                          f"everybody connected, {rss_end:.0f} MiB at the end"),
    ]
    print(heading)
    for label, value in figures:
        print(f"  {label:<20}{value}")
    return [heading + ".", markdown_table(["", "this run"], figures)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=40)
    parser.add_argument("--phase1", type=float, default=30.0,
                        help="seconds of phase 1 before the facilitator closes it")
    parser.add_argument("--cap", type=float, default=600.0,
                        help="seconds after which the run stops, ended or not")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder))
        try:
            sections = asyncio.run(session(server, args.phones, args.phase1, args.cap))
        finally:
            server.stop()
    write_page("room", "A Ciurme workshop under load", what_it_measures(__doc__), sections)


if __name__ == "__main__":
    main()
