"""The HTTP lobby, on SQLite and PostgreSQL: creating, listing, joining, leaving, the host's
controls, errors as sentences, tokens, and the record that `ludoteca replay` reads."""

from __future__ import annotations

import asyncio
from typing import Any

from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import (
    Client,
    Player,
    ServerThread,
    create,
    get,
    post,
    stored_record,
)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_create_validates_with_the_games_own_sentences(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        cases = [
            ({"game": "chess", "players": 2}, "unknown game 'chess'"),
            ({"game": "castell", "players": 9}, "Castell is for 2 to 4 players, not 9"),
            ({"game": "ligretto", "players": 2, "options": {"colours": 9}},
             "option 'colours' cannot be 9; allowed: 4, 5, 6"),
            ({"game": "ligretto", "players": 2, "options": {"speed": 1}}, "unknown option(s)"),
            ({"game": "castell", "players": 2, "bots": {"5": "random"}},
             "seat '5' does not exist"),
            ({"game": "castell", "players": 2, "bots": {"1": "genius"}}, "unknown bot 'genius'"),
            ({"game": "castell", "players": 2, "bots": {"1": "heuristic:level=god"}},
             "unknown bot level 'god'"),
            ({"game": "ligretto", "players": 2, "time_bank": {"seconds": 60}},
             "time banks are for turn-based games"),
            ({"game": "castell", "players": "two"}, "players"),
            ({"game": "castell"}, "players"),
        ]
        for body, words in cases:
            response = await post(base, "/api/matches", body=body)
            assert response.status_code == 422, (body, response.text)
            assert set(response.json()) == {"error"}
            assert words in response.json()["error"], (words, response.text)
        response = await post(base, "/api/matches", body="[not json")
        assert response.status_code == 422 and "error" in response.json()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_match_from_creation_to_record(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=3, seed=5, open_seats=[1],
                            bots={"2": "heuristic:level=expert"})
        assert [s["seat"] for s in made["seats"]] == [0, 1, 2]
        assert made["seats"][2]["token"] is None and made["seats"][2]["bot"]
        assert made["seats"][1]["token"] is None and made["seats"][1]["invite_url"] is None
        assert made["seats"][0]["invite_url"].endswith("#token=" + made["seats"][0]["token"])
        assert len({made["host_token"], made["spectator_token"], made["seats"][0]["token"]}) == 3
        listed = (await get(base, "/api/matches")).json()
        assert made["id"] in [m["id"] for m in listed]
        summary = (await get(base, f"/api/matches/{made['id']}")).json()
        assert summary["status"] == "open" and summary["free_seats"] == 1
        assert [s["open"] for s in summary["seats"]] == [False, True, False]

        # Seat 0 is kept for its invite link; the open seat 1 is taken from the lobby.
        kept = await post(base, f"/api/matches/{made['id']}/join", body={"seat": 0,
                                                                          "name": "Cy"})
        assert kept.status_code == 409 and "invited" in kept.json()["error"]
        joined = (await post(base, f"/api/matches/{made['id']}/join",
                             body={"name": "Bea"})).json()
        assert joined["seat"] == 1
        again = await post(base, f"/api/matches/{made['id']}/join", body={"seat": 1,
                                                                           "name": "Cy"})
        assert again.status_code == 409 and "taken" in again.json()["error"]
        full = await post(base, f"/api/matches/{made['id']}/join", body={"name": "Cy"})
        assert full.status_code == 409 and "invite link" in full.json()["error"]

        ann = await Client.connect(base, made["id"], made["seats"][0]["token"], name="Ann")
        bea = await Client.connect(base, made["id"], joined["token"])
        assert (await ann.state())["status"] == "open"
        # Only the host starts, pauses, resumes and ends.
        for path in ("start", "pause", "end"):
            refused = await post(base, f"/api/matches/{made['id']}/{path}",
                                 made["seats"][0]["token"])
            assert refused.status_code == 403 and "host" in refused.json()["error"]
        assert (await post(base, f"/api/matches/{made['id']}/start",
                           made["host_token"])).json()["status"] == "running"
        twice = await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        assert twice.status_code == 409
        await asyncio.gather(Player(ann).play(), Player(bea).play())
        summary = (await get(base, f"/api/matches/{made['id']}")).json()
        assert summary["status"] == "over" and summary["result"]["ranks"]
        names = [s["name"] for s in summary["seats"]]
        assert names[:2] == ["Ann", "Bea"]

        record = (await get(base, f"/api/matches/{made['id']}/record", made["host_token"])).json()
        game = load_game("goofspiel")
        replayed = Match.from_json(game, record)
        assert replayed.is_over and len(record["log"]) == summary["step"] == 15
        assert game.result(replayed.state).to_json() == summary["result"]
        await ann.close()
        await bea.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_wrong_tokens_get_403_and_change_nothing(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="castell", players=2)
        match = f"/api/matches/{made['id']}"
        before = (await get(base, match)).json()
        for path, body in [("/start", None), ("/pause", None), ("/resume", None),
                           ("/end", None), ("/seats/1/bot", {"bot": "random"}),
                           ("/leave", None)]:
            for token in (None, "nope", made["spectator_token"]):
                response = await post(base, match + path, token, body)
                assert response.status_code == 403, (path, response.text)
                # The sentence, and a code the client says in the player's language.
                assert response.json()["code"] in ("no_seat", "host_only"), response.text
                assert set(response.json()) == {"error", "code", "params"}
        assert (await get(base, match)).json() == before
        assert (await get(base, "/api/matches/nothing-here")).status_code == 404
        assert (await get(base, "/api/sessions/" + made["id"])).status_code == 404

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_host_controls_pause_bot_and_end(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, seed=1)
        host = made["host_token"]
        match = f"/api/matches/{made['id']}"
        ann = await Client.connect(base, made["id"], made["seats"][0]["token"])
        await post(base, match + "/start", host)
        await ann.until(lambda f: f["type"] == "state" and f["status"] == "running")
        assert (await post(base, match + "/pause", host)).json()["status"] == "paused"
        await ann.until(lambda f: f["type"] == "state" and f["status"] == "paused")
        answer = await ann.act({"kind": "bid", "card": 1}, "p")
        assert answer == {"type": "rejected", "ref": "p", "reason": "the match is paused",
                          "code": "status_paused"}
        assert (await post(base, match + "/resume", host)).json()["status"] == "running"
        # The host gives seat 1 to a bot: it bids as soon as it may.
        assert (await post(base, match + "/seats/1/bot", host,
                           {"bot": "random"})).status_code == 200
        assert (await ann.act({"kind": "bid", "card": 1}, "q"))["type"] == "accepted"
        await ann.until(lambda f: f["type"] == "event" and f["event"]["kind"] == "reveal")
        assert (await post(base, match + "/end", host)).json()["status"] == "ended"
        await ann.until(lambda f: f["type"] == "state" and f["status"] == "ended")
        late = await ann.act({"kind": "bid", "card": 2}, "r")
        assert late["type"] == "rejected" and "ended" in late["reason"]
        assert (await post(base, match + "/seats/1/bot", host,
                           {"bot": "random"})).status_code == 409
        await ann.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_leave_frees_the_seat_for_someone_else(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        made = await create(base, game="castell", players=2)
        match = f"/api/matches/{made['id']}"
        left = await post(base, match + "/leave", made["seats"][1]["token"])
        assert left.status_code == 200
        assert (await post(base, match + "/leave", made["seats"][1]["token"])).status_code == 403
        joined = (await post(base, match + "/join", body={"name": "Dee"})).json()
        assert joined["seat"] in (0, 1)

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_match_with_tuned_numbers_keeps_them_in_its_record(config: ServerConfig) -> None:
    """A variant from a balance search (`ludoteca tune`) is an option like any other: checked,
    played, saved in the record and replayed."""

    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, seed=5,
                            options={"variant": {"head_start": 3}},
                            bots={"0": "random", "1": "random"})
        record = stored_record(config.database_url, made["id"])
        assert record["options"]["variant"] == {"head_start": 3}
        replayed = Match.from_json(load_game("goofspiel"), record)
        assert replayed.replay(0).scores == [3, 0]
        refused = await post(base, "/api/matches", body={
            "game": "goofspiel", "players": 2, "options": {"variant": {"head_start": 99}}})
        assert refused.status_code == 422
        assert "head_start: 99 is out of range; allowed: 0 to 10" in refused.json()["error"]

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_match_whose_seed_its_host_chose_is_not_rated(sqlite: ServerConfig) -> None:
    """A host who picks the seed knows the deal: the match says it counts for no rating."""
    async def scenario(base: str) -> list[bool]:
        chosen = await create(base, game="goofspiel", players=2, seed=7)
        drawn = await create(base, game="goofspiel", players=2)
        session = (await post(base, "/api/sessions", body={"game": "ciurme", "seed": 3})).json()
        return [(await get(base, f"/api/matches/{made['id']}")).json()["rated"]
                for made in (chosen, drawn, session)]

    with ServerThread(sqlite) as server:
        assert asyncio.run(scenario(server.url)) == [False, True, False]
