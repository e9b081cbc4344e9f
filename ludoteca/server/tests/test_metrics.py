"""The Prometheus endpoint: every figure the operators' page names is there with its type, and
the figures move when a match is played (actions, acknowledgements, sockets, a bot's think
time), when a match is parked, and when Redis goes away (`ludoteca_redis_up` is what the
example alert watches)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from ludoteca.server.config import ServerConfig
from ludoteca.server.logs import PLAIN_ID
from ludoteca.server.tests.helpers import (
    Client,
    Player,
    ServerProcess,
    ServerThread,
    create,
    get,
    post,
)
from ludoteca.server.tests.services import Postgres, Redis

# Name (as Prometheus's parser gives it: a counter's without `_total`) -> type.
ALWAYS = {
    "ludoteca_actions": "counter",
    "ludoteca_ack_seconds": "histogram",
    "ludoteca_bot_think_seconds": "histogram",
    "ludoteca_parks": "counter",
    "ludoteca_matches_loaded": "gauge",
    "ludoteca_matches_driven": "gauge",
    "ludoteca_matches_parked": "gauge",
    "ludoteca_sockets": "gauge",
    "ludoteca_bot_queue": "gauge",
    "ludoteca_bot_searching": "gauge",
    "ludoteca_draining": "gauge",
    "ludoteca_database_probe_seconds": "histogram",
    "ludoteca_database_up": "gauge",
}
SHARED = {
    "ludoteca_redis_probe_seconds": "histogram",
    "ludoteca_redis_up": "gauge",
    "ludoteca_processes_live": "gauge",
    "ludoteca_driver_share": "gauge",
}


async def scrape(base: str) -> dict[str, float]:
    """Every sample by its name and labels (`name{label=value}`), with the families' types
    checked."""
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.get(base + "/metrics", headers={"host": "10.9.8.7:8000"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    samples: dict[str, float] = {}
    for family in text_string_to_metric_families(response.text):
        if family.name.startswith("ludoteca_"):
            samples[f"type:{family.name}"] = 0.0
            assert family.type == (ALWAYS | SHARED)[family.name], family.name
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()) if k != "le")
            if "le" not in sample.labels:
                samples[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return samples


def families(samples: dict[str, float]) -> set[str]:
    return {key.removeprefix("type:") for key in samples if key.startswith("type:")}


def test_figures_move_when_a_match_is_played(sqlite: ServerConfig) -> None:
    sqlite.match_idle_seconds = 0.3
    sqlite.heartbeat_seconds = 0.1

    async def scenario(base: str) -> None:
        before = await scrape(base)
        assert families(before) == set(ALWAYS)  # one process: nothing of Redis
        assert before["ludoteca_database_up"] == 1 and before["ludoteca_sockets"] == 0
        made = await create(base, game="goofspiel", players=2, seed=4, options={"cards": 5},
                            bots={"1": "random"})
        client = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        await client.until(lambda f: f["type"] == "state")
        during = await scrape(base)
        assert during["ludoteca_sockets"] == 1 and during["ludoteca_matches_loaded"] == 1
        assert during["ludoteca_matches_driven"] == 1
        player = Player(client)
        await player.play()
        after = await scrape(base)
        step = (await get(base, f"/api/matches/{made['id']}")).json()["step"]
        humans = after["ludoteca_actions_total{source=human}"]
        assert humans == player.acknowledged > 0
        assert humans + after["ludoteca_actions_total{source=bot}"] == step
        # Every answer is counted: the acceptances and any refusal of a stale move.
        assert after["ludoteca_ack_seconds_count"] >= humans
        assert 0 < after["ludoteca_ack_seconds_sum"] < 5 * 10
        assert after["ludoteca_bot_think_seconds_count"] >= 5
        assert after["ludoteca_database_probe_seconds_count"] == 3
        await client.close()
        # Nobody at it and over: it leaves memory.
        deadline = time.monotonic() + 20
        while (await scrape(base))["ludoteca_matches_loaded"]:
            assert time.monotonic() < deadline, "the finished match stayed loaded"
            await asyncio.sleep(0.1)
        assert (await scrape(base))["ludoteca_sockets"] == 0

    with ServerThread(sqlite) as server:
        asyncio.run(scenario(server.url))


def test_a_parked_match_is_counted(sqlite: ServerConfig) -> None:
    sqlite.match_idle_seconds = 0.3
    sqlite.heartbeat_seconds = 0.1

    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, seed=4, options={"cards": 5},
                            grace="never")
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        deadline = time.monotonic() + 20
        while (samples := await scrape(base))["ludoteca_matches_parked"] != 1:
            assert time.monotonic() < deadline, "the match nobody is at was not parked"
            await asyncio.sleep(0.1)
        assert samples["ludoteca_parks_total"] == 1

    with ServerThread(sqlite) as server:
        asyncio.run(scenario(server.url))


def test_redis_up_falls_to_zero_when_redis_goes(tmp_path: Path, postgres: Postgres) -> None:
    own = Redis(tmp_path / "redis")  # stopped here: not the one the other tests share
    own.start()
    config = ServerConfig(database_url=postgres.create_database("metrics"), redis_url=own.url,
                          heartbeat_seconds=0.2, bot_pause=0.0)

    async def scenario(base: str) -> None:
        samples = await scrape(base)
        assert families(samples) == set(ALWAYS) | set(SHARED)
        assert samples["ludoteca_redis_up"] == 1
        assert samples["ludoteca_redis_probe_seconds_count"] == 1
        own.stop()
        deadline = time.monotonic() + 20
        while (await scrape(base))["ludoteca_redis_up"] != 0:
            assert time.monotonic() < deadline, "the process did not see Redis go"
            await asyncio.sleep(0.1)
        assert (await scrape(base))["ludoteca_database_up"] == 1
        own.start()
        while (await scrape(base))["ludoteca_redis_up"] != 1:
            assert time.monotonic() < deadline + 20, "the process did not see Redis back"
            await asyncio.sleep(0.1)

    try:
        with ServerThread(config) as server:
            asyncio.run(scenario(server.url))
    finally:
        own.stop()


def test_json_logs_name_the_match_and_the_request(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, "--db", str(tmp_path / "ludoteca.db"), "--log-format",
                           "json").start()

    async def scenario() -> str:
        async with httpx.AsyncClient(timeout=30) as http:
            answer = await http.get(server.url + "/healthz",
                                    headers={"x-request-id": "from-the-proxy-1"})
            assert answer.headers["x-request-id"] == "from-the-proxy-1"
            made = await create(server.url, game="goofspiel", players=2)
            answer = await http.get(server.url + f"/api/matches/{made['id']}",
                                    headers={"x-request-id": "bad id; with spaces"})
            assert PLAIN_ID.fullmatch(answer.headers["x-request-id"])
        client = await Client.connect(server.url, made["id"], made["seats"][0]["token"])
        await client.until(lambda f: f["type"] == "lobby" or f["type"] == "state")
        await client.close()
        return str(made["id"])

    try:
        match = asyncio.run(scenario())
    finally:
        server.stop()
    lines = [json.loads(line) for line in server.log.read_text().splitlines()]
    assert lines and all({"time", "level", "logger", "message", "match", "request"} <= set(line)
                         for line in lines)
    assert any(line["request"] == "from-the-proxy-1" and "/healthz" in line["message"]
               for line in lines)
    assert any(line["match"] == match and "WebSocket" in line["message"] for line in lines)
    assert not any("bad id" in str(line["request"]) for line in lines)


def test_an_unknown_log_format_is_refused(tmp_path: Path) -> None:
    ludoteca = [sys.executable, "-c", "from ludoteca.cli import app; app()", "serve"]
    refused = subprocess.run([*ludoteca, "--log-format", "xml", "--db",
                              str(tmp_path / "x.db")], capture_output=True, text=True)
    assert refused.returncode != 0 and "--log-format is text or json, not 'xml'" in (
        refused.stderr)
