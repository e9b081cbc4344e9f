"""Nothing anonymous is kept for ever: a match nobody is at, with nothing due, is parked (it
leaves every process's memory, no start or sweep loads it again) and comes back on demand; a
creator has quotas; an operator lists and ends the abandoned matches."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path
from typing import Any

from ludoteca.server.config import ServerConfig
from ludoteca.server.store import Store
from ludoteca.server.tests.helpers import Client, ServerThread, create, get, post
from ludoteca.server.tests.test_live import eventually


def parked(config: ServerConfig, match_id: str) -> float | None:
    store = Store(config.database_url)
    try:
        info = store.match(match_id)
        assert info is not None
        return info.parked_at
    finally:
        store.close()


def test_a_match_nobody_is_at_is_parked_and_comes_back_when_someone_does(
        config: ServerConfig) -> None:
    """A running Goofspiel whose players left (no grace: nothing will happen without them) and
    a paused one leave memory once idle, parked; a restarted server loads neither; Ann's link
    brings hers back, unparked, and she plays on."""
    config.match_idle_seconds = 0.5
    matches: dict[str, Any] = {}

    async def first_run(base: str, server: ServerThread) -> None:
        for name in ("left", "paused"):
            made = matches[name] = await create(base, game="goofspiel", players=2, seed=3,
                                                grace="never")
            await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
            ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
            await ann.act((await ann.state())["legal"][0], "a1")
            await ann.close()
        await post(base, f"/api/matches/{matches['paused']['id']}/pause",
                   matches["paused"]["host_token"])

        async def gone() -> bool:
            return not set(server.hub.matches) & {m["id"] for m in matches.values()}

        await eventually(gone, "both matches leaving memory")

    with ServerThread(config) as server:
        asyncio.run(first_run(server.url, server))
    assert all(parked(config, m["id"]) is not None for m in matches.values())

    async def second_run(base: str, server: ServerThread) -> dict[str, Any]:
        loaded_at_start = set(server.hub.matches)
        made = matches["left"]
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        state = await ann.state()
        assert made["id"] in server.hub.matches
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"])
        answer = await bea.act((await bea.state())["legal"][0], "b1")
        await ann.close()
        await bea.close()
        return {"loaded": loaded_at_start, "state": state, "answer": answer}

    with ServerThread(config) as server:
        seen = asyncio.run(second_run(server.url, server))
    assert seen["loaded"] == set()  # neither parked match came back at the start
    assert seen["state"]["step"] == 1 and seen["answer"]["type"] == "accepted"
    assert parked(config, matches["left"]["id"]) is None  # Ann came back: unparked
    assert parked(config, matches["paused"]["id"]) is not None


def test_a_match_its_bots_play_is_never_parked(config: ServerConfig) -> None:
    """Nobody watches an all-bot match, but its bots have moves due: it plays to its end."""
    config.match_idle_seconds = 0.2

    async def scenario(base: str) -> dict[str, Any]:
        made = await create(base, game="goofspiel", players=2, seed=4,
                            bots={"0": "random", "1": "random"}, bot_pause=0.3)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])

        async def over() -> bool:
            summary = (await get(base, f"/api/matches/{made['id']}")).json()
            return bool(summary["status"] == "over")

        await eventually(over, "the bots' match ending", 60)
        return dict(made)

    with ServerThread(config) as server:
        made = asyncio.run(scenario(server.url))
    assert parked(config, made["id"]) is None


def test_a_creator_has_quotas_an_hour_and_at_once(sqlite: ServerConfig) -> None:
    sqlite.matches_per_hour, sqlite.unfinished_per_creator = 3, 2

    async def scenario(base: str) -> list[Any]:
        made = [await create(base, game="goofspiel", players=2) for _ in range(2)]
        third = await post(base, "/api/matches", body={"game": "goofspiel", "players": 2})
        session = await post(base, "/api/sessions", body={"game": "ciurme"})
        await post(base, f"/api/matches/{made[0]['id']}/end", made[0]["host_token"])
        fourth = await post(base, "/api/matches", body={"game": "goofspiel", "players": 2})
        await post(base, f"/api/matches/{made[1]['id']}/end", made[1]["host_token"])
        fifth = await post(base, "/api/sessions", body={"game": "ciurme"})
        return [third, session, fourth, fifth]

    with ServerThread(sqlite) as server:
        third, session, fourth, fifth = asyncio.run(scenario(server.url))
    assert third.status_code == session.status_code == 429
    assert third.json()["error"] == (
        "you have 2 matches and sessions not finished; this server allows 2 at once: end one "
        "you no longer play, or wait for one to finish")
    assert third.json()["code"] == "quota_unfinished" and third.headers["Retry-After"]
    assert fourth.status_code == 201  # one ended: room for another
    assert fifth.status_code == 429 and fifth.json()["error"] == (
        "you created 3 matches and sessions in the last hour; this server allows 3 an hour: "
        "try again later")


def test_an_operator_lists_and_ends_the_abandoned_matches(tmp_path: Path) -> None:
    database = tmp_path / "ludoteca.db"
    store = Store(f"sqlite:///{database}")
    store.migrate()
    store.close()
    config = ServerConfig(database_url=f"sqlite:///{database}", match_idle_seconds=0.3,
                          bot_pause=0.0)

    async def scenario(base: str, server: ServerThread) -> list[str]:
        made = [await create(base, game="goofspiel", players=2, grace="never")
                for _ in range(2)]
        await post(base, f"/api/matches/{made[0]['id']}/start", made[0]["host_token"])

        async def gone() -> bool:
            return not set(server.hub.matches) & {m["id"] for m in made}

        await eventually(gone, "both matches leaving memory")
        return [m["id"] for m in made]

    with ServerThread(config) as server:
        ids = asyncio.run(scenario(server.url, server))
    ludoteca = [sys.executable, "-c", "from ludoteca.cli import app; app()", "matches"]
    listed = subprocess.run([*ludoteca, "abandoned", "--idle", "0s", "--db", str(database)],
                            capture_output=True, text=True, check=True).stdout
    assert all(match_id in listed for match_id in ids) and "(2)" in listed
    ended = subprocess.run([*ludoteca, "end", "--abandoned", "--idle", "0s", "--db",
                            str(database)], capture_output=True, text=True, check=True).stdout
    assert ended.strip() == "ended 2 of 2 matches"
    refused = subprocess.run([*ludoteca, "end", "--idle", "soon", "--db", str(database),
                              "--abandoned"], capture_output=True, text=True)
    assert refused.returncode == 2 and "a number and a unit, s, m, h or d" in refused.stderr
    store = Store(f"sqlite:///{database}")
    try:
        assert [store.match(i).status for i in ids] == ["ended", "ended"]  # type: ignore[union-attr]
    finally:
        store.close()


def test_listing_the_open_matches_loads_none(sqlite: ServerConfig) -> None:
    sqlite.match_idle_seconds = 0.2

    async def scenario(base: str, server: ServerThread) -> tuple[int, set[str]]:
        made = [await create(base, game="goofspiel", players=2, open_seats=[1])
                for _ in range(3)]

        async def gone() -> bool:
            return not set(server.hub.matches) & {m["id"] for m in made}

        await eventually(gone, "the open matches leaving memory")
        listed = (await get(base, "/api/matches")).json()
        return len(listed), set(server.hub.matches)

    with ServerThread(sqlite) as server:
        listed, loaded = asyncio.run(scenario(server.url, server))
    assert listed == 3 and loaded == set()
