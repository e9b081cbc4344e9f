"""Scripted people at tables, through a proxy, for as long as they are told: the players' side
of the tests of several hosts (test_hosts.py runs this in the people's own network namespace).

Each table plays Goofspiel matches one after another: two people and a bot. A person acts on
every state where it may, a moment after it came; pings its server every second; and reconnects
(through the proxy, to whichever process it picks) when its socket closes or stays silent for
`SILENT_SECONDS`, without waiting for the closing handshake of a socket whose server is gone
(`CLOSE_SECONDS`). An action whose answer was lost is sent again with its ref. What each person
saw goes into a JSON file: the steps acknowledged to it, the refs it sent, and its longest wait
for the next step while its match was running.

    python -m ludoteca.server.tests.hosts_people BASE SECONDS TABLES OUT.json
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import websockets

THINK_SECONDS = 0.15
PING_SECONDS = 1.0
SILENT_SECONDS = 4.0
# A socket given up as silent is closed without waiting for the closing handshake: its server
# is gone, the proxy passes the close on to it and nothing answers, so websockets' default
# (10 s) added 10 s to every wait for a lost host.
CLOSE_SECONDS = 0.2
STALL_NOTED = 0.5  # a wait for the next step longer than this is noted with when it began
CARDS = 13


@dataclass
class Person:
    match: str
    seat: int
    token: str
    refs: list[str] = field(default_factory=list)
    acknowledged: dict[int, str] = field(default_factory=dict)  # step -> ref
    reconnections: int = 0
    longest_stall: float = 0.0
    stalls: list[list[float]] = field(default_factory=list)  # [when it began (epoch), seconds]
    last_step_at: float = 0.0
    step: int = 0

    def saw(self, step: int) -> None:
        now = time.monotonic()
        if step > self.step:
            if self.last_step_at:
                gap = now - self.last_step_at
                self.longest_stall = max(self.longest_stall, gap)
                if gap > STALL_NOTED:
                    self.stalls.append([time.time() - gap, gap])
            self.step, self.last_step_at = step, now

    async def play(self, base: str) -> None:
        rng = random.Random(f"{self.match}-{self.seat}")
        unanswered: dict[str, Any] = {}
        url = base.replace("http", "ws", 1) + f"/api/matches/{self.match}/ws"
        while True:
            try:
                async with websockets.connect(url, open_timeout=5, close_timeout=CLOSE_SECONDS,
                                              max_size=1 << 22) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": self.token}))
                    for frame in unanswered.values():  # answers lost with a connection
                        await ws.send(json.dumps(frame))
                    if await self._session(ws, rng, unanswered):
                        return
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            self.reconnections += 1
            await asyncio.sleep(0.05)

    async def _session(self, ws: Any, rng: random.Random, unanswered: dict[str, Any]) -> bool:
        """True once the match is over."""
        pinger = asyncio.create_task(self._ping(ws))
        try:
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), SILENT_SECONDS))
                kind = frame["type"]
                if kind == "event":
                    self.saw(frame["step"])
                elif kind == "history":
                    for event in frame["events"]:
                        self.saw(event["step"])
                elif kind == "accepted" and frame.get("ref") in unanswered:
                    unanswered.pop(frame["ref"])
                    self.acknowledged[frame["step"]] = frame["ref"]
                elif kind == "rejected" and frame.get("ref") in unanswered:
                    unanswered.pop(frame["ref"])
                elif kind == "state":
                    self.saw(frame["step"])
                    if frame["status"] in ("over", "ended"):
                        return True
                    if frame["legal"] and not unanswered:
                        await asyncio.sleep(THINK_SECONDS)
                        ref = f"{self.match}-{self.seat}-{len(self.refs) + 1}"
                        self.refs.append(ref)
                        unanswered[ref] = {"type": "action", "ref": ref,
                                           "action": rng.choice(frame["legal"])}
                        await ws.send(json.dumps(unanswered[ref]))
        finally:
            pinger.cancel()

    @staticmethod
    async def _ping(ws: Any) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            await ws.send(json.dumps({"type": "ping"}))


async def table(base: str, until: float, seed: int, people: list[Person],
                hosts: dict[str, str]) -> None:
    """Matches one after another until `until` (monotonic)."""
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < until:
            try:
                made = (await http.post("/api/matches", json={
                    "game": "goofspiel", "players": 3, "seed": seed, "grace": "never",
                    "options": {"cards": CARDS}, "bots": {"2": "random"}})).json()
                players = [Person(made["id"], s, made["seats"][s]["token"]) for s in (0, 1)]
            except (httpx.HTTPError, KeyError, ValueError):
                await asyncio.sleep(0.2)  # the lobby's answer lost in a fault: another try
                continue
            hosts[made["id"]] = made["host_token"]
            people.extend(players)
            tasks = [asyncio.create_task(p.play(base)) for p in players]
            try:
                started = await http.post(f"/api/matches/{made['id']}/start", headers={
                    "Authorization": f"Bearer {made['host_token']}"})
                started.raise_for_status()
                await asyncio.wait_for(asyncio.gather(*tasks), 300)
            except (httpx.HTTPError, TimeoutError):
                for task in tasks:  # the start lost in a fault: a new match
                    task.cancel()
                del hosts[made["id"]]
                for person in players:
                    people.remove(person)
            seed += 1


async def main(base: str, seconds: float, tables: int, out: str) -> None:
    people: list[Person] = []
    hosts: dict[str, str] = {}
    until = time.monotonic() + seconds
    await asyncio.gather(*(table(base, until, 100 * t, people, hosts) for t in range(tables)))
    records = {}
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for match, token in hosts.items():
            answer = await http.get(f"/api/matches/{match}/record",
                                    headers={"Authorization": f"Bearer {token}"})
            if answer.status_code == 200:
                records[match] = [entry["seat"] for entry in answer.json()["log"]]
    with open(out, "w") as file:
        json.dump({"people": [vars(p) for p in people], "logs": records}, file)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]))
