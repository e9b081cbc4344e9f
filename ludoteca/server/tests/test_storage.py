"""The database: migrations build exactly the models' tables (on SQLite and PostgreSQL), run
twice harmlessly, and ship inside the package; a loaded match equals its replayed log."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from ludoteca.engine.game import Game
from ludoteca.server.config import ServerConfig
from ludoteca.server.live.match import load_state, replay_state
from ludoteca.server.store.database import MIGRATIONS, Store
from ludoteca.server.store.models import Base
from ludoteca.server.tests.helpers import (
    Client,
    Player,
    ServerThread,
    create,
    post,
    refuse_writes,
)


def test_migrations_make_the_models_tables(database: str) -> None:
    store = Store(database)
    try:
        store.migrate()
        store.migrate()  # a second run finds nothing to do
        with store.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection),
                                           Base.metadata)
        assert differences == []
    finally:
        store.close()
    assert (MIGRATIONS / "env.py").exists() and (MIGRATIONS / "script.py.mako").exists()
    assert Path(MIGRATIONS).is_relative_to(Path(__file__).parents[1])


def play_goofspiel(config: ServerConfig, cards: int) -> tuple[str, Game[Any], int]:
    """A whole two-player Goofspiel match played over WebSockets: its id, its game and the
    actions acknowledged."""

    async def scenario(base: str) -> tuple[str, int]:
        made = await create(base, game="goofspiel", players=2, seed=9, options={"cards": cards})
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        clients = [await Client.connect(base, made["id"], s["token"]) for s in made["seats"]]
        players = [Player(c) for c in clients]
        await asyncio.gather(*(p.play() for p in players))
        for client in clients:
            await client.close()
        return str(made["id"]), sum(p.acknowledged for p in players)

    with ServerThread(config) as server:
        match_id, acknowledged = asyncio.run(scenario(server.url))
        return match_id, server.hub.matches[match_id].game, acknowledged


def check_stored(config: ServerConfig, match_id: str, game: Game[Any], steps: int,
                 snapshot: int) -> None:
    """The match is stored with all its `steps`, its newest snapshot after step `snapshot`,
    and loads (from that snapshot and the log) as its whole log replays."""
    store = Store(config.database_url)
    try:
        info = store.match(match_id)
        assert info is not None and info.status == "over" and info.step == steps
        newest = store.latest_snapshot(match_id)
        assert newest is not None and newest[0] == snapshot
        loaded, step = load_state(store, game, info)
        replayed, _ = replay_state(store, game, info)
        assert step == steps and game.to_json(loaded) == game.to_json(replayed)
    finally:
        store.close()


def test_a_match_loaded_from_snapshots_equals_its_replay(config: ServerConfig) -> None:
    config.snapshot_every = 5
    match_id, game, _ = play_goofspiel(config, cards=13)
    check_stored(config, match_id, game, steps=26, snapshot=26)


def test_a_snapshot_that_cannot_be_saved_loses_no_action(config: ServerConfig,
                                                          monkeypatch: Any) -> None:
    """Snapshots are saved apart from their steps, after the answers: one that fails leaves
    every acknowledged action logged, the match playing on, and its loading a replay."""
    config.snapshot_every = 3
    saved: list[int] = []
    save = Store.save_snapshot

    async def save_some(store: Store, match_id: str, step: int, state_json: str) -> None:
        if step == 6:
            raise RuntimeError("the disk is full")
        saved.append(step)
        await save(store, match_id, step, state_json)

    monkeypatch.setattr(Store, "save_snapshot", save_some)
    match_id, game, acknowledged = play_goofspiel(config, cards=5)
    assert acknowledged == 10
    assert saved == [3, 9, 10]  # every third step and the last; the sixth failed
    check_stored(config, match_id, game, steps=10, snapshot=10)


def test_no_client_hears_accepted_for_a_step_that_was_not_stored(config: ServerConfig) -> None:
    """The log is written before the answer: when the write fails, the sender is told so, and
    neither it nor anyone else hears of the step (an answer sent before the write would have
    said "accepted" for a step no database holds)."""
    async def scenario(base: str, server: ServerThread) -> tuple[dict[str, Any], int, list[Any]]:
        made = await create(base, game="goofspiel", players=2, seed=2)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"])
        state = await ann.state()
        await bea.state()
        store = server.hub.store
        written = store.log_step

        async def failing_log_step(rows: Any) -> None:
            raise OSError("the disk is full")

        store.log_step = failing_log_step
        try:
            answer = await ann.act(state["legal"][0], "unstored")
        finally:
            store.log_step = written
        # Bea bids: the first step the database holds is hers, and Ann heard of no other.
        await bea.act((await bea.state())["legal"][0], "b1")
        await ann.until(lambda f: f["type"] == "event")
        logged = store.actions(made["id"])
        heard = [f for f in ann.frames if f["type"] in ("accepted", "event")]
        await ann.close()
        await bea.close()
        return answer, len(logged), heard

    with ServerThread(config) as server:
        answer, logged, heard = asyncio.run(scenario(server.url, server))
    assert answer["type"] == "rejected" and "could not save" in answer["reason"]
    assert logged == 1
    assert [f["step"] for f in heard] == [1] and heard[0]["seat"] == 1


def test_a_resend_after_a_refused_write_is_tried_afresh(config: ServerConfig) -> None:
    """The database refuses to log steps for a while: every action sent meanwhile is rejected,
    its resends (same ref) too, never "accepted ... earlier" for a step the log does not hold;
    once writes work again the same ref is applied as a new action, once."""
    async def scenario(base: str, server: ServerThread) -> tuple[list[dict[str, Any]], Any]:
        made = await create(base, game="goofspiel", players=2, seed=2)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        bid = (await ann.state())["legal"][0]
        store = server.hub.store
        refuse_writes(store, True)
        answers = [await ann.act(bid, "r1"), await ann.act(bid, "r1")]
        refused_log = store.actions(made["id"])
        refuse_writes(store, False)
        answers += [await ann.act(bid, "r1"), await ann.act(bid, "r1")]
        logged = store.actions(made["id"])
        await ann.close()
        return answers, (refused_log, logged)

    with ServerThread(config) as server:
        answers, (refused_log, logged) = asyncio.run(scenario(server.url, server))
    assert [a["type"] for a in answers[:2]] == ["rejected", "rejected"]
    assert all(a["code"] == "not_saved" for a in answers[:2])
    assert refused_log == []
    assert answers[2] == {"type": "accepted", "ref": "r1", "step": 1}
    assert answers[3] == {"type": "accepted", "ref": "r1", "step": 1, "earlier": True}
    assert [(a.step, a.ref) for a in logged] == [(1, "r1")]


def test_a_ref_the_database_cannot_hold_is_refused_before_it(sqlite: ServerConfig) -> None:
    """Refs are checked before they reach storage: a 100-digit number, a NUL, a lone surrogate,
    a bool, 101 characters are each refused with the sentence that says what a ref may be,
    without a reload (no state frame forced on the table) and without a step."""
    bad = [10**99, "a\x00b", "\ud800", True, "x" * 101, "", 1.5, ["r"]]

    async def scenario(base: str, server: ServerThread) -> tuple[list[dict[str, Any]], int,
                                                                 list[Any]]:
        made = await create(base, game="goofspiel", players=2, seed=2)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        bid = (await ann.state())["legal"][0]
        answers = []
        for ref in bad:
            await ann.send(json.dumps({"type": "action", "action": bid, "ref": ref},
                                      ensure_ascii=True))
            answers.append(await ann.until(lambda f: f["type"] == "rejected"))
        await ann.act(bid, 2**53 - 1)
        await ann.drain()
        states = sum(f["type"] == "state" for f in ann.frames)
        logged = server.hub.store.actions(made["id"])
        await ann.close()
        return answers, states, logged

    with ServerThread(sqlite) as server:
        answers, states, logged = asyncio.run(scenario(server.url, server))
    for answer in answers:
        assert answer["code"] == "bad_ref" and answer["ref"] is None
        assert answer["reason"] == ("that ref cannot be used: a ref is text of 1 to 100 visible "
                                    "characters or a whole number from -9007199254740991 to "
                                    "9007199254740991")
    assert [(a.step, a.ref) for a in logged] == [(1, "9007199254740991")]
    assert states == 2  # the first, and the one after the accepted bid: none forced
