"""What one server process carries, and a plan for 100,000 people playing at once from it.

One `ludoteca serve` process on PostgreSQL and Redis (private instances, as the tests start
them; heartbeat 1 s), measured from outside (its /proc entry and its clients):

- **memory per loaded match**: its resident memory with no match loaded, then with `MATCHES`
  running Goofspiel matches (two people, nobody connected) loaded;
- **heartbeat cost per match**: its CPU time over `IDLE_SECONDS` idle with those matches loaded,
  less the same with none, per match and heartbeat;
- **actions a second and sockets**: `TABLES` matches with both people connected (two sockets
  each) acting on every state as fast as they can for `PLAY_SECONDS`; each answer's latency as
  its person saw it.

The plan below the figures divides 100,000 people (two-seat matches, a move every 5 s each: a
turn-based pace) by what one process carried here, and counts what PostgreSQL and Redis then
take: one logged step a move, one notice a step, one presence notice a match and heartbeat per
process serving it. Measured on a shared 2-core machine: a dedicated core does more.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ludoteca.server.tests.helpers import Client, ServerProcess, create, post
from ludoteca.server.tests.services import Postgres, Redis

sys.path.insert(0, str(Path(__file__).parent))  # the benches' own helpers, beside them
from pages import markdown_table, what_it_measures, write_page  # noqa: E402

MATCHES = 300
TABLES = 50
IDLE_SECONDS = 10.0
PLAY_SECONDS = 10.0
HEARTBEAT = 1.0
PEOPLE = 100_000
MOVE_EVERY = 5.0  # seconds between one person's moves, at a turn-based pace
CPU_TARGET = 0.6  # of a process's core spent on play, leaving room for bursts and drains
TICKS = 100  # clock ticks a second of /proc's CPU times (Linux's usual USER_HZ)


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def idle_cpu(pid: int) -> float:
    """The share of a core the process spends over IDLE_SECONDS with nobody playing."""
    before = cpu_seconds(pid)
    time.sleep(IDLE_SECONDS)
    return (cpu_seconds(pid) - before) / IDLE_SECONDS


async def started_matches(base: str, count: int) -> list[dict[str, Any]]:
    made = []
    for seed in range(count):
        match = await create(base, game="goofspiel", players=2, seed=seed, grace="never",
                             options={"cards": 13})
        answer = await post(base, f"/api/matches/{match['id']}/start", match["host_token"])
        assert answer.status_code == 200, answer.text
        made.append(match)
    return made


async def play(base: str, matches: list[dict[str, Any]]) -> tuple[int, list[float], int]:
    """(actions accepted, their answers' latencies in ms, sockets) over PLAY_SECONDS."""
    clients = [await Client.connect(base, m["id"], s["token"]) for m in matches
               for s in m["seats"]]
    latencies: list[float] = []
    accepted = 0
    until = time.monotonic() + PLAY_SECONDS

    async def person(client: Client) -> None:
        nonlocal accepted
        ref = 0
        while time.monotonic() < until:
            try:
                frame = await client.until(lambda f: f["type"] == "state", 5)
            except TimeoutError:
                continue
            if frame["status"] != "running":
                return
            if not frame["legal"]:
                continue
            ref += 1
            sent = time.perf_counter()
            answer = await client.act(frame["legal"][0], ref)
            latencies.append((time.perf_counter() - sent) * 1000)
            accepted += answer["type"] == "accepted"

    await asyncio.gather(*(person(c) for c in clients))
    for client in clients:
        await client.close()
    return accepted, latencies, len(clients)


def measure() -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="ludoteca-capacity-"))
    folder.chmod(0o755)
    postgres, redis = Postgres(folder / "pg"), Redis(folder / "redis")
    postgres.start()
    redis.start()
    server = ServerProcess(folder, "--database-url", postgres.create_database("capacity"),
                           "--redis-url", redis.url, "--heartbeat", str(HEARTBEAT),
                           "--idle-seconds", "3600", "--bot-pause", "0",
                           "--matches-per-hour", "0", "--unfinished-per-creator", "0",
                           "--rate-limit", "1000", "--sockets-per-client", "1000").start()
    try:
        assert server.process is not None
        pid = server.process.pid
        time.sleep(2 * HEARTBEAT)
        empty_mb, empty_cpu = rss_mb(pid), idle_cpu(pid)
        matches = asyncio.run(started_matches(server.url, MATCHES))
        loaded_mb, loaded_cpu = rss_mb(pid), idle_cpu(pid)
        before = cpu_seconds(pid)
        accepted, latencies, sockets = asyncio.run(play(server.url, matches[:TABLES]))
        play_cpu = cpu_seconds(pid) - before
    finally:
        server.stop()
        redis.stop()
        postgres.stop()
    latencies.sort()
    return {
        "memory_per_match_kb": (loaded_mb - empty_mb) * 1024 / MATCHES,
        "empty_mb": empty_mb,
        "heartbeat_ms_per_match": max(0.0, loaded_cpu - empty_cpu) * HEARTBEAT * 1000 / MATCHES,
        "idle_core_share_loaded": loaded_cpu,
        "actions_per_second": accepted / PLAY_SECONDS,
        "cpu_ms_per_action": play_cpu * 1000 / max(1, accepted),
        "ack_p50_ms": statistics.median(latencies) if latencies else math.nan,
        "ack_p99_ms": latencies[int(0.99 * (len(latencies) - 1))] if latencies else math.nan,
        "sockets": sockets,
    }


def plan(f: dict[str, float]) -> dict[str, float]:
    """100,000 people in two-seat matches, from one process's figures."""
    matches = PEOPLE / 2
    actions = PEOPLE / MOVE_EVERY
    per_process = CPU_TARGET * 1000 / f["cpu_ms_per_action"]  # its CPU bounds it first
    processes = math.ceil(actions / per_process)
    heartbeat_share = matches / processes * f["heartbeat_ms_per_match"] / (HEARTBEAT * 1000)
    return {
        "matches": matches, "actions_per_second": actions,
        "actions_per_process": per_process, "processes": processes,
        "hosts_of_8_cores": math.ceil(processes / 7),  # a core left to the system
        "matches_per_process": matches / processes,
        "sockets_per_process": PEOPLE / processes,
        "memory_per_process_mb": f["empty_mb"] + matches / processes
        * f["memory_per_match_kb"] / 1024,
        "heartbeat_core_share": heartbeat_share,
        "postgres_writes": actions,
        "postgres_connections": processes * 20,  # each process's pool: 10 and 10 overflow
        "redis_notices": actions + matches / HEARTBEAT,  # a step notice a move; presence
    }


def page(f: dict[str, float], p: dict[str, float]) -> None:
    figures = markdown_table(["figure", "one process"], [
        ["memory with no match loaded", f"{f['empty_mb']:.0f} MB"],
        ["memory per loaded match", f"{f['memory_per_match_kb']:.0f} kB"],
        ["heartbeat cost per loaded match", f"{f['heartbeat_ms_per_match']:.3f} ms a beat"],
        [f"idle, {MATCHES} matches loaded", f"{100 * f['idle_core_share_loaded']:.1f}% of a "
         "core"],
        ["sockets while playing", f"{f['sockets']:.0f}"],
        ["actions a second, flat out", f"{f['actions_per_second']:.0f}"],
        ["CPU per action", f"{f['cpu_ms_per_action']:.2f} ms"],
        ["acknowledgement p50 / p99", f"{f['ack_p50_ms']:.1f} / {f['ack_p99_ms']:.1f} ms"],
    ], f"Measured: one process, {MATCHES} matches loaded, {TABLES} played flat out")
    worked = markdown_table(["for 100,000 people", "figure"], [
        ["matches (two seats)", f"{p['matches']:,.0f}"],
        [f"actions a second (a move every {MOVE_EVERY:.0f} s each)",
         f"{p['actions_per_second']:,.0f}"],
        [f"actions a second one process takes at {100 * CPU_TARGET:.0f}% of a core",
         f"{p['actions_per_process']:,.0f}"],
        ["processes", f"{p['processes']:,}"],
        ["hosts of 8 cores (7 processes each)", f"{p['hosts_of_8_cores']:,}"],
        ["matches and sockets a process", f"{p['matches_per_process']:,.0f} and "
         f"{p['sockets_per_process']:,.0f}"],
        ["memory a process", f"{p['memory_per_process_mb']:,.0f} MB"],
        ["heartbeat's share of a process's core", f"{100 * p['heartbeat_core_share']:.1f}%"],
        ["PostgreSQL: steps logged a second (one transaction each)",
         f"{p['postgres_writes']:,.0f}"],
        ["PostgreSQL: connections (10 + 10 a process)", f"{p['postgres_connections']:,.0f}"],
        ["Redis: notices a second", f"{p['redis_notices']:,.0f}"],
    ], "Worked plan, from the figures above")
    write_page("capacity", "Capacity of one process, and 100,000 people",
               what_it_measures(__doc__), [figures, worked])


if __name__ == "__main__":
    # No options: the figures' sizes are the constants above. --help says what it measures.
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args()
    measured = measure()
    print(measured)
    planned = plan(measured)
    print(planned)
    page(measured, planned)
