"""What the browser client gets from the server: its pages (or how to build it), every game's
rules page in both languages, a finished match step by step, and live frames that follow the
protocol its TypeScript types are generated from."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from ludoteca import game_names
from ludoteca.bots.levels import level_spec
from ludoteca.games import load_game
from ludoteca.games.goofspiel.game import Goofspiel
from ludoteca.server.api import pages
from ludoteca.server.api.protocol import check_server_frame
from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import Client, Player, ServerThread, create, get, post, threads


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_every_frame_of_a_match_follows_the_protocol(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, seed=3,
                            bots={"1": "heuristic"})
        watcher = await Client.connect(base, made["id"])
        player = await Client.connect(base, made["id"], made["seats"][0]["token"], name="Ada")
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        await player.send({"type": "action", "action": {"kind": "bid", "card": 99}, "ref": 1})
        await player.send({"type": "ping", "ref": "p"})
        await player.send({"type": "dance"})
        await Player(player).play()
        await watcher.until(lambda f: f["type"] == "state" and f["status"] == "over")
        await player.drain()
        await watcher.drain()
        kinds = set()
        for frame in player.frames + watcher.frames:
            check_server_frame(frame)
            kinds.add(frame["type"])
        assert {"state", "event", "presence", "accepted", "rejected", "error", "pong"} <= kinds

    with ServerThread(sqlite) as server:
        run(scenario(server.url))


def test_the_lobby_frame_of_a_session_follows_the_protocol(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        async with __import__("httpx").AsyncClient(base_url=base) as http:
            session = (await http.post("/api/sessions", json={"game": "refereed-goofspiel"}))
            made = session.json()
            joined = (await http.post("/api/sessions/join",
                                      json={"code": made["code"], "name": "Ada"})).json()
        member = await Client.connect(base, made["id"], joined["token"])
        lobby = await member.until(lambda f: f["type"] == "lobby")
        check_server_frame(lobby)

    with ServerThread(sqlite) as server:
        run(scenario(server.url))


def test_pages_are_the_client_or_how_to_build_it(sqlite: ServerConfig, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    built = tmp_path / "app"
    (built / "assets").mkdir(parents=True)
    (built / "index.html").write_text("<!doctype html><title>client</title>")
    (built / "assets" / "index.js").write_text("console.log(1)")
    monkeypatch.setattr(pages, "STATIC", built)
    with ServerThread(sqlite) as server:
        for path in ("/", "/play/abc", "/watch/abc", "/new/castell", "/rules/ligretto",
                     "/replay/abc"):
            page = run(get(server.url, path))
            assert page.status_code == 200 and "<title>client</title>" in page.text, path
        assert run(get(server.url, "/app/assets/index.js")).text == "console.log(1)"
    monkeypatch.setattr(pages, "STATIC", tmp_path / "missing")
    with ServerThread(sqlite) as server:
        page = run(get(server.url, "/play/abc"))
        assert page.status_code == 503 and "make web" in page.text


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_its_rules_page_in_both_languages(sqlite: ServerConfig,
                                                         game: str) -> None:
    with ServerThread(sqlite) as server:
        pages = {}
        for lang in ("en", "it"):
            answer = run(get(server.url, f"/api/games/{game}/rules/{lang}"))
            assert answer.status_code == 200, answer.text
            pages[lang] = answer.json()["html"]
            assert pages[lang].startswith("<h1>")
        assert pages["en"] != pages["it"]
        # Players read the rules, not the index from each rule to its code and test.
        assert ".py</code>" not in pages["en"] + pages["it"]
        # ...nor the code's names of options (`vote_seconds`, `automaton_load=0`) or decisions.
        for html in pages.values():
            assert not re.search(r"<code>[^<]*[_=][^<]*</code>|\[D-\d+\]", html), html
        french = run(get(server.url, f"/api/games/{game}/rules/fr"))
        assert french.status_code == 422 and "'en' or 'it'" in french.json()["error"]
        assert run(get(server.url, "/api/games/nothing/rules/en")).status_code == 404


def test_a_finished_match_replays_step_by_step(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, seed=5,
                            bots={"0": "heuristic", "1": "random"})
        early = await get(base, f"/api/matches/{made['id']}/replay")
        assert early.status_code == 409
        watcher = await Client.connect(base, made["id"])
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        await watcher.until(lambda f: f["type"] == "state" and f["status"] == "over")
        replay = (await get(base, f"/api/matches/{made['id']}/replay")).json()
        record = (await get(base, f"/api/matches/{made['id']}/record", made["host_token"])).json()
        assert len(replay["steps"]) == len(record["log"]) + 1
        assert replay["steps"][-1]["view"] == watcher.latest_state()["view"]  # type: ignore[index]
        assert replay["result"]["winners"] is not None

    with ServerThread(sqlite) as server:
        run(scenario(server.url))


def test_bots_explain_their_moves_through_the_replays_door(sqlite: ServerConfig,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Refused while the match runs and to whoever the replay refuses; then the seat's search
    weighs its moves from worlds drawn as that seat knew them (determinize), never another's."""
    worlds: list[int] = []
    determinize = Goofspiel.determinize

    def watched(game: Goofspiel, state: Any, seat: int, rng: Any) -> Any:
        worlds.append(seat)
        return determinize(game, state, seat, rng)

    monkeypatch.setattr(Goofspiel, "determinize", watched)

    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, seed=5, spectators="link",
                            bots={"0": "mcts:iterations=40"})
        match, spectator = made["id"], made["spectator_token"]
        explain = f"/api/matches/{match}/replay/0/explain?seat=0"
        await post(base, f"/api/matches/{match}/start", made["host_token"])
        person = await Client.connect(base, match, made["seats"][1]["token"])
        await person.until(lambda f: f["type"] == "state" and f["status"] == "running")
        running = await get(base, explain, made["host_token"])
        assert running.status_code == 409 and "when the match is over" in running.json()["error"]
        await Player(person).play()
        for stranger in (None, "not-a-token"):  # the replay is watched with the link's token
            assert (await get(base, explain, stranger)).status_code == 403
        record = (await get(base, f"/api/matches/{match}/record", spectator)).json()
        worlds.clear()
        found = (await get(base, explain, spectator)).json()
        assert found["spec"] == "mcts:iterations=40" and found["seat"] == 0
        assert sum(move["visits"] for move in found["moves"]) == 40
        assert found["played"] in [move["action"] for move in found["moves"]]
        assert len(worlds) >= 40 and set(worlds) == {0}  # seat 0's worlds, one an iteration
        assert found == (await get(base, explain, spectator)).json()  # seeded: the same again
        # The person's seat is explained by the game's strong level, from its own worlds.
        worlds.clear()
        other = (await get(base, f"/api/matches/{match}/replay/0/explain?seat=1",
                           spectator)).json()
        assert other["spec"] == level_spec(load_game("goofspiel"), "strong")
        assert set(worlds) == {1}
        last = len(record["log"])
        wrong = await get(base, f"/api/matches/{match}/replay/{last}/explain?seat=0", spectator)
        assert wrong.status_code == 422 and "its steps are 0 to" in wrong.json()["error"]
        nobody = await get(base, f"/api/matches/{match}/replay/0/explain?seat=7", spectator)
        assert nobody.status_code == 422 and "the seats are 0 to 1" in nobody.json()["error"]

    with ServerThread(sqlite) as server:
        server.hub.bot_pool.workers = threads  # the searches in this process: watched
        run(scenario(server.url))
