"""What a screen at the table leans on: the match's events sent on connecting (replayed from the
log, as each seat may see them, a page at a time), taking back a move (logged, replayed alike
everywhere), and the gathering before a real-time round (nobody, bots included, plays before
everybody connected is ready and the countdown is over)."""

from __future__ import annotations

from typing import Any

from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.server.config import ServerConfig
from ludoteca.server.live import history
from ludoteca.server.live.match import load_state
from ludoteca.server.store import Store
from ludoteca.server.tests.helpers import Client, ServerThread, create, post, stored_record
from ludoteca.server.tests.test_live import eventually, run, started, until_looked


def told(frames: list[dict[str, Any]]) -> list[tuple[int, int, Any, dict[str, Any]]]:
    """Every event a client heard, from `history` and `event` frames alike, in order."""
    out = []
    for frame in frames:
        if frame["type"] == "history":
            out += [(e["step"], e["seat"], e["round"], e["event"]) for e in frame["events"]]
        elif frame["type"] == "event":
            out.append((frame["step"], frame["seat"], frame["round"], frame["event"]))
    return out


def test_a_seat_that_comes_back_hears_what_happened_as_it_heard_it_live(
        config: ServerConfig) -> None:
    """Two Goofspiel players bid for three prizes; one reloads (a new connection), a spectator
    comes: the newcomers are sent the events of the match so far, each as its seat may see
    them (a sealed bid only to its bidder), and they read as the live ones did."""
    async def scenario(base: str) -> dict[str, list[Any]]:
        made = await started(base, game="goofspiel", players=2, seed=4, options={"cards": 5})
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"])
        for n in range(3):
            for i, client in enumerate((ann, bea)):
                state = await client.until(lambda f: f["type"] == "state" and f["legal"])
                await client.act(state["legal"][0], f"{i}-{n}")
        await ann.until(lambda f: f["type"] == "event" and f["event"]["kind"] == "reveal"
                        and f["step"] == 6)
        again = await Client.connect(base, made["id"], made["seats"][0]["token"])
        watcher = await Client.connect(base, made["id"])
        for client in (again, watcher):
            await client.state()
        heard = {"live": told(ann.frames), "again": told(again.frames),
                 "watcher": told(watcher.frames), "first": [again.frames[0]["type"]]}
        for client in (ann, bea, again, watcher):
            await client.close()
        return heard

    with ServerThread(config) as server:
        heard = run(scenario(server.url))
    assert heard["first"] == ["history"]  # before the state
    # per prize: its own sealed bid, two bids placed and the reveal
    assert heard["again"] == heard["live"] and len(heard["live"]) == 3 * 4
    assert [e[3]["kind"] for e in heard["live"]].count("bid") == 3  # its own sealed bids
    assert "bid" not in [e[3]["kind"] for e in heard["watcher"]]
    reveals = [e for e in heard["watcher"] if e[3]["kind"] == "reveal"]
    assert [e[0] for e in reveals] == [2, 4, 6] and all(len(e[3]["data"]["bids"]) == 2
                                                        for e in reveals)


def test_a_long_history_comes_a_page_at_a_time(config: ServerConfig, monkeypatch: Any) -> None:
    """The newest page first, saying older events are left; a `history` frame asks for the
    events before a step, and the pages put together are the whole history."""
    monkeypatch.setattr(history, "PAGE", 4)

    async def scenario(base: str) -> list[dict[str, Any]]:
        made = await started(base, game="goofspiel", players=2, seed=4, options={"cards": 5},
                             bots={"1": "random"})
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        for n in range(5):
            state = await ann.until(lambda f: f["type"] == "state" and f["legal"]
                                    or f.get("status") == "over")
            if state["type"] == "state" and state["legal"]:
                await ann.act(state["legal"][0], f"a{n}")
        await ann.until(lambda f: f["type"] == "state" and f["status"] == "over")
        again = await Client.connect(base, made["id"], made["seats"][0]["token"])
        pages = [await again.until(lambda f: f["type"] == "history")]
        while pages[-1]["more"]:
            await again.send({"type": "history", "before": pages[-1]["events"][0]["step"]})
            pages.append(await again.until(lambda f: f["type"] == "history"))
        await again.send({"type": "history", "before": "soon"})
        pages.append(await again.until(lambda f: f["type"] == "error"))
        for client in (ann, again):
            await client.close()
        return pages

    with ServerThread(config) as server:
        pages = run(scenario(server.url))
    error = pages.pop()
    assert "events before a step" in error["error"]
    assert pages[0]["before"] is None and pages[0]["more"] and len(pages[0]["events"]) == 4
    whole = [e for page in reversed(pages) for e in page["events"]]
    steps = [e["step"] for e in whole]
    assert steps == sorted(steps) and steps[0] == 1 and steps[-1] == 10
    # five prizes: per prize two bids placed, the own bid and the reveal
    assert len(whole) == 5 * 4


def test_a_castell_move_taken_back_is_logged_and_replays_everywhere(
        config: ServerConfig) -> None:
    """The seat that moved is offered the undo, nobody else; taking the move back returns the
    table to before it, is an entry of the log, and the record, a reload from the database
    (snapshots or not) and the replay give the same state. A festival's declarations and an
    ended turn are final."""
    config.snapshot_every = 1

    async def scenario(base: str) -> dict[str, Any]:
        made = await started(base, game="castell", players=2, seed=2)  # seat 0 plays first
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"])
        first = await ann.until(lambda f: f["type"] == "state" and f["legal"])
        assert first["undo"] is False
        move = next(a for a in first["legal"] if a["kind"] == "move")
        assert (await ann.act(move, "m1"))["type"] == "accepted"
        moved = await ann.until(lambda f: f["type"] == "state" and f["step"] == 1)
        theirs = await bea.until(lambda f: f["type"] == "state" and f["step"] == 1)
        refused = await bea.act({"kind": "undo"}, "b-undo")
        undone = await ann.act({"kind": "undo"}, "u1")
        back = await ann.until(lambda f: f["type"] == "state" and f["step"] == 2)
        again = next(a for a in back["legal"] if a["kind"] == "move" and a != move)
        await ann.act(again, "m2")
        end = next(a for a in (await ann.until(
            lambda f: f["type"] == "state" and f["step"] == 3))["legal"]
            if a["kind"] == "end_turn")
        await ann.act(end, "e1")
        after_end = await ann.until(lambda f: f["type"] == "state" and f["step"] == 4)
        too_late = await ann.act({"kind": "undo"}, "u2")
        await bea.until(lambda f: f["type"] == "state" and f["step"] == 4)
        events = told(bea.frames)
        for client in (ann, bea):
            await client.close()
        record = stored_record(config.database_url, made["id"])  # running: no door opens it
        return {"first": first, "moved": moved, "theirs": theirs, "refused": refused,
                "undone": undone, "back": back, "after_end": after_end, "too_late": too_late,
                "events": events, "record": record, "id": made["id"]}

    with ServerThread(config) as server:
        seen = run(scenario(server.url))
    game = load_game("castell")
    assert seen["moved"]["undo"] is True and seen["theirs"]["undo"] is False
    assert seen["refused"]["type"] == "rejected" and "nothing of yours" in seen["refused"][
        "reason"]
    assert seen["undone"]["type"] == "accepted"
    assert seen["back"]["view"] == seen["first"]["view"]
    assert seen["back"]["legal"] == seen["first"]["legal"] and seen["back"]["undo"] is False
    assert seen["after_end"]["undo"] is False and seen["too_late"]["type"] == "rejected"
    assert ("undone", {"seat": 0, "step": 1}) in [(e[3]["kind"], e[3]["data"])
                                                   for e in seen["events"]]
    log = [entry["action"] for entry in seen["record"]["log"]]
    assert log[1] == {"kind": "undo"} and len(log) == 4
    replayed = Match.from_json(game, seen["record"])
    store = Store(config.database_url)
    try:
        info = store.match(seen["id"])
        assert info is not None
        loaded, step = load_state(store, game, info)  # from the newest snapshot on
    finally:
        store.close()
    assert step == 4 and game.to_json(loaded) == game.to_json(replayed.state)
    assert game.view(replayed.state, None) == seen["after_end"]["view"] | {"seat": None}


def test_a_ligretto_round_waits_for_everybody_connected_then_counts_down(
        config: ServerConfig) -> None:
    """Nobody plays before the start, the bot included: a person connected is awaited (a seat
    open to anyone that nobody took is not); once everybody connected is ready, the countdown,
    then play."""
    config.countdown_seconds = 0.3

    async def scenario(base: str, server: ServerThread) -> dict[str, Any]:
        made = await create(base, game="ligretto", players=3, seed=3, options={"rounds": 1},
                            bots={"2": "heuristic:level=expert"}, open_seats=[1])
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        held = await ann.until(lambda f: f["type"] == "state" and f["status"] == "running")
        live = server.hub.matches[made["id"]]
        await until_looked(live, server.nudge(made["id"]))  # the bot had its chance to move
        refused = await ann.act({"kind": "turn"}, "early")
        steps_before = live.step
        await ann.send({"type": "ready"})
        counting = await ann.until(lambda f: f["type"] == "state"
                                   and (f["gathering"] or {}).get("starts_in") is not None)
        go = await ann.until(lambda f: f["type"] == "state" and f["gathering"] is None)

        async def bot_played() -> bool:
            return bool(live.step > 0)

        await eventually(bot_played, "the bot's first move after the start")
        await ann.close()
        return {"held": held, "refused": refused, "steps_before": steps_before,
                "counting": counting, "go": go}

    with ServerThread(config) as server:
        seen = run(scenario(server.url, server))
    held = seen["held"]["gathering"]
    assert held["waiting"] == [0] and held["ready"] == [] and held["starts_in"] is None
    assert seen["held"]["legal"] == []  # nobody may act, seat 1 (nobody there) not awaited
    assert seen["refused"]["type"] == "rejected" and "ready" in seen["refused"]["reason"]
    assert seen["steps_before"] == 0  # the bot waited too
    assert seen["counting"]["gathering"]["ready"] == [0]
    assert seen["go"]["legal"]


def test_a_spectator_cannot_say_ready(config: ServerConfig) -> None:
    async def scenario(base: str) -> dict[str, Any]:
        made = await started(base, game="ligretto", players=2, seed=3, options={"rounds": 1})
        watcher = await Client.connect(base, made["id"])
        await watcher.state()
        await watcher.send({"type": "ready"})
        answer = await watcher.until(lambda f: f["type"] == "error")
        await watcher.close()
        return answer

    with ServerThread(config) as server:
        answer = run(scenario(server.url))
    assert "only players" in answer["error"]


def test_the_host_has_a_bot_play_an_away_seat_now_until_its_person_is_back(
        config: ServerConfig) -> None:
    """An away seat shows the grace it has left; the host may have a stand-in play it at once
    (not for a connected person); the seat stays its person's, who takes it back by coming."""
    async def scenario(base: str) -> dict[str, Any]:
        made = await started(base, game="goofspiel", players=2, seed=5, grace=600)
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"], name="Ann")
        bea = await Client.connect(base, made["id"], made["seats"][1]["token"], name="Bea")
        await ann.until(lambda f: f["type"] == "presence" and f["seats"][1]["name"] == "Bea"
                        and f["seats"][1]["connected"])
        busy = await post(base, f"/api/matches/{made['id']}/seats/1/stand_in",
                          made["host_token"])
        await bea.close()
        away = await ann.until(lambda f: f["type"] == "presence" and f["seats"][1]["name"]
                               and not f["seats"][1]["connected"])
        not_host = await post(base, f"/api/matches/{made['id']}/seats/1/stand_in",
                              made["seats"][0]["token"])
        handed = await post(base, f"/api/matches/{made['id']}/seats/1/stand_in",
                            made["host_token"])
        standing = await ann.until(lambda f: f["type"] == "presence"
                                   and f["seats"][1]["stand_in"])
        state = await ann.until(lambda f: f["type"] == "state" and f["legal"])
        await ann.act(state["legal"][0], "a1")
        revealed = await ann.until(lambda f: f["type"] == "event"
                                   and f["event"]["kind"] == "reveal")
        back = await Client.connect(base, made["id"], made["seats"][1]["token"])
        returned = await ann.until(lambda f: f["type"] == "presence"
                                   and f["seats"][1]["connected"])
        for client in (ann, back):
            await client.close()
        return {"busy": busy.status_code, "away": away, "not_host": not_host.status_code,
                "handed": handed.status_code, "standing": standing, "revealed": revealed,
                "returned": returned, "busy_text": busy.json()["error"]}

    with ServerThread(config) as server:
        seen = run(scenario(server.url))
    assert seen["busy"] == 409 and "at the table" in seen["busy_text"]
    assert 590 < seen["away"]["seats"][1]["grace_left"] <= 600
    assert seen["away"]["seats"][0]["grace_left"] is None  # here
    assert seen["not_host"] == 403 and seen["handed"] == 200
    assert seen["standing"]["seats"][1]["grace_left"] is None
    assert seen["revealed"]["event"]["data"]["prize"]  # the stand-in bid for Bea
    assert seen["returned"]["seats"][1]["stand_in"] is False
    assert seen["returned"]["seats"][1]["name"] == "Bea"


def test_an_invited_player_still_arriving_is_waited_for_a_few_seconds(
        config: ServerConfig, monkeypatch: Any) -> None:
    """A match started before its second player's page has loaded: the table waits for them a
    few seconds (`ARRIVING_SECONDS`), then for the ones connected only."""
    # Long enough for seat 0 to connect and say ready on a loaded machine: once the second
    # player is no longer awaited, the countdown starts and the gathering ends unseen.
    monkeypatch.setattr("ludoteca.server.live.match.ARRIVING_SECONDS", 3.0)
    config.countdown_seconds = 0.5

    async def scenario(base: str) -> list[dict[str, Any]]:
        made = await started(base, game="ligretto", players=2, seed=3, options={"rounds": 1})
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await ann.state()
        await ann.send({"type": "ready"})
        awaited = await ann.until(lambda f: f["type"] == "state" and f["gathering"]
                                  and f["gathering"]["ready"] == [0])
        counting = await ann.until(lambda f: f["type"] == "state" and f["gathering"]
                                   and f["gathering"]["starts_in"] is not None, 10)
        await ann.close()
        return [awaited, counting]

    with ServerThread(config) as server:
        awaited, counting = run(scenario(server.url))
    assert awaited["gathering"]["waiting"] == [1] and awaited["gathering"]["starts_in"] is None
    assert counting["gathering"]["waiting"] == []  # seat 1 stopped being awaited
