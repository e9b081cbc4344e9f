"""Matches shared out between processes: each drives no more than its share (the running
matches over the live processes, rounded up), hands the rest over when a process joins, and
keeps in memory only the matches it drives or its own clients are at."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path

from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import ServerThread, create, get, post
from ludoteca.server.tests.services import Postgres, Redis

MATCHES = 6


def driven(server: ServerThread) -> set[str]:
    return {m for m, live in list(server.hub.matches.items()) if live.driving}


async def eventually(check: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"not in {seconds} s: {what}"
        await asyncio.sleep(0.05)


def test_a_process_that_joins_takes_its_share(tmp_path: Path, postgres: Postgres,
                                               redis: Redis) -> None:
    database = postgres.create_database("shares")

    def config() -> ServerConfig:  # bots slow enough that every match outlives the test
        return ServerConfig(database_url=database, redis_url=redis.url, heartbeat_seconds=0.2,
                            match_idle_seconds=0.5, bot_pause=3.0, matches_per_hour=None,
                            unfinished_per_creator=None)

    with ServerThread(config()) as first:
        async def start_matches() -> list[str]:
            ids = []
            for seed in range(MATCHES):
                made = await create(first.url, game="goofspiel", players=2, seed=seed,
                                    options={"cards": 13},
                                    bots={"0": "random", "1": "random"})
                await post(first.url, f"/api/matches/{made['id']}/start", made["host_token"])
                ids.append(made["id"])
            return ids

        ids = asyncio.run(start_matches())
        asyncio.run(eventually(lambda: driven(first) == set(ids), "the first drives all"))
        with ServerThread(config()) as second:
            async def shared_out() -> None:
                await eventually(lambda: len(driven(first)) == len(driven(second)) == 3,
                                 "three matches each")
                assert driven(first) | driven(second) == set(ids)
                # What the first no longer drives, and nobody of it is at, leaves its memory.
                await eventually(lambda: set(first.hub.matches) == driven(first),
                                 "the first keeping only what it drives")
                assert set(second.hub.matches) == driven(second)
                assert first.hub.share == second.hub.share == 3
                steps = {m: (await get(first.url, f"/api/matches/{m}")).json()["step"]
                         for m in ids}

                async def all_moved() -> bool:
                    for m in ids:
                        if (await get(first.url, f"/api/matches/{m}")).json()["step"] <= (
                                steps[m]):
                            return False
                    return True

                deadline = time.monotonic() + 30
                while not await all_moved():  # every match's bots play on where they went
                    assert time.monotonic() < deadline, "a match stopped after the handover"
                    await asyncio.sleep(0.2)

            asyncio.run(shared_out())
