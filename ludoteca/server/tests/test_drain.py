"""A process drained by SIGTERM (see api/drain.py) under two `ludoteca serve` processes sharing
a match: its players are told to reconnect (close code 1012) and move to the other process, the
other process drives the match (its bot) at once rather than after a lease's length, the
drained process exits, and nothing acknowledged is lost nor any player kept waiting long."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from pathlib import Path

import httpx
import websockets

from ludoteca.server.tests.helpers import Client, ServerProcess, get, post
from ludoteca.server.tests.services import Postgres, Redis
from ludoteca.server.tests.test_scaleout import (
    _driving,
    _until_connected,
    _until_step,
    on_two_processes,
    shared_goofspiel,
)

SERVICE_RESTART = 1012
HEARTBEAT = 2.0  # a lease lasts 6 s: a handover only once it ran out would stall that long
STALL_GOAL = 3.0  # seconds: the longest a player may wait for the next step across a drain


class Seat:
    """One scripted player, moving to the other process when its socket closes; what it saw."""

    def __init__(self, seat: int, token: str, index: int) -> None:
        self.seat, self.token, self.index = seat, token, index
        self.close_codes: list[int | None] = []
        self.steps: list[int] = []
        self.step_times: list[float] = []
        self.acknowledged: dict[int, int] = {}

    async def play(self, servers: list[ServerProcess], match_id: str) -> None:
        rng = random.Random(self.seat)
        ref = 0
        while True:
            try:
                client = await Client.connect(servers[self.index].url, match_id, self.token)
            except OSError:
                self.index = 1 - self.index
                continue
            try:
                while True:
                    frame = await client.next(60)
                    if frame["type"] == "event":
                        self.see(frame["step"])
                    if frame["type"] == "history":  # the steps missed while reconnecting
                        for event in frame["events"]:
                            self.see(event["step"])
                    if frame["type"] == "accepted":
                        self.acknowledged[frame["step"]] = self.seat
                    if frame["type"] != "state":
                        continue
                    if frame["status"] == "over":
                        await client.close()
                        return
                    if frame["legal"]:
                        ref += 1
                        await client.send({"type": "action", "ref": f"{self.seat}-{ref}",
                                           "action": rng.choice(frame["legal"])})
            except websockets.ConnectionClosed as closed:
                self.close_codes.append(closed.rcvd.code if closed.rcvd else None)
                self.index = 1 - self.index

    def see(self, step: int) -> None:
        if not self.steps or self.steps[-1] < step:
            self.steps.append(step)
            self.step_times.append(time.monotonic())

    def longest_stall(self) -> float:
        gaps = [b - a for a, b in zip(self.step_times, self.step_times[1:], strict=False)]
        return max(gaps, default=0.0)


def test_a_drained_process_hands_its_players_and_its_match_over(
    tmp_path: Path, postgres: Postgres, redis: Redis
) -> None:
    on_two_processes(tmp_path, postgres.create_database("drain"), redis, _scenario,
                     "--heartbeat", str(HEARTBEAT), "--drain-seconds", "10")


async def _scenario(servers: list[ServerProcess]) -> None:
    made = await shared_goofspiel(servers[0].url, seed=5)
    match_id = made["id"]
    seats = [Seat(seat, made["seats"][seat]["token"], seat % 2) for seat in (0, 1, 2)]
    tasks = [asyncio.create_task(seat.play(servers, match_id)) for seat in seats]
    await _until_connected(servers, match_id, {0, 1, 2})
    await post(servers[0].url, f"/api/matches/{match_id}/start", made["host_token"])
    await _until_step(servers[0].url, match_id, 12)
    driver = await _driving(servers)
    drained = servers[driver]
    assert drained.process is not None
    began = time.monotonic()
    drained.process.send_signal(signal.SIGTERM)
    drained.process.wait(15)  # it exits once its players left, well before --drain-seconds
    exited = time.monotonic() - began
    await asyncio.wait_for(asyncio.gather(*tasks), 120)

    survivor = servers[1 - driver]
    async with httpx.AsyncClient() as http:
        health = (await http.get(survivor.url + "/healthz")).json()
    assert health["ok"]
    record = (await get(survivor.url, f"/api/matches/{match_id}/record",
                        made["host_token"])).json()
    log = record["log"]
    assert len(log) == 52
    for seat in seats:
        for step, who in seat.acknowledged.items():
            assert log[step - 1]["seat"] == who  # nothing acknowledged lost or changed
        assert seat.steps == list(range(seat.steps[0], 53))  # every step, in order
    moved = [seat for seat in seats if seat.close_codes]
    assert moved and all(seat.close_codes == [SERVICE_RESTART] for seat in moved)
    stalls = {seat.seat: round(seat.longest_stall(), 2) for seat in seats}
    assert max(stalls.values()) < STALL_GOAL, stalls
    assert exited < 10, f"the drained process took {exited:.1f} s to exit"
    assert "drained in" in drained.log.read_text()
