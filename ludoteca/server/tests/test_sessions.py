"""Sessions: a facilitator's lobby with a join code, crews formed before the start, late
joiners and leavers, bots for empty seats, and the facilitator's seat after the start."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from ludoteca.server.config import ServerConfig
from ludoteca.server.store.tokens import CODE_ALPHABET, CODE_LENGTH, new_join_code
from ludoteca.server.tests.helpers import Client, ServerThread, get, post


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_join_codes_are_short_and_unambiguous() -> None:
    for _ in range(200):
        code = new_join_code()
        assert len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
    assert not set("01OILZ2S5B8UV") & set(CODE_ALPHABET)


async def join(base: str, code: str, name: str) -> dict[str, Any]:
    response = await post(base, "/api/sessions/join", body={"code": code, "name": name})
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_a_ciurme_session_from_lobby_to_play(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        created = await post(base, "/api/sessions", body={"bot_pause": 0})
        assert created.status_code == 201, created.text
        session = created.json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        members = [await join(base, code.lower(), f"P{i}") for i in range(9)]
        assert [m["member"] for m in members] == list(range(9))
        assert all(m["seat"] is None for m in members)
        # A phone in the lobby sees who is there.
        phone = await Client.connect(base, sid, members[0]["token"])
        lobby = await phone.next()
        assert lobby["type"] == "lobby" and lobby["code"] == code and len(lobby["members"]) == 9
        # Someone leaves before the start; the facilitator removes another.
        assert (await post(base, f"/api/matches/{sid}/leave", members[8]["token"])).json()[
            "status"] == "lobby"
        removed = await call(base, "DELETE", f"/api/sessions/{sid}/members/7", host)
        assert [m["member"] for m in removed.json()["members"]] == list(range(7))
        late = await join(base, code, "Late")
        balanced = (await post(base, f"/api/sessions/{sid}/crews/balance", host)).json()
        assert sorted(len(c) for c in balanced["crews"]) == [4, 4]
        # Moving one person makes crews of 3 and 5, which Ciurme does not have.
        moved = (await post(base, f"/api/sessions/{sid}/move", host,
                            {"member": balanced["crews"][0][0], "crew": 1})).json()
        assert sorted(len(c) for c in moved["crews"]) == [3, 5]
        refused = await post(base, f"/api/matches/{sid}/start", host)
        assert refused.status_code == 422 and "move people" in refused.json()["error"]
        assert "4 or 5 players" in refused.json()["error"]
        assert (await post(base, f"/api/matches/{sid}/start",
                           members[0]["token"])).status_code == 403
        crews = [[0, 1, 2, 3], [4, 5, 6, late["member"]]]
        put_crews = await call(base, "PUT", f"/api/sessions/{sid}/crews", host,
                               {"crews": crews})
        assert put_crews.status_code == 200, put_crews.text
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200

        summary = (await get(base, f"/api/matches/{sid}")).json()
        names = {s["seat"]: s["name"] for s in summary["seats"]}
        assert summary["players"] == 8 and names[8] == "facilitator"
        assert sorted(n for s, n in names.items() if s < 8) == sorted(
            ["P0", "P1", "P2", "P3", "P4", "P5", "P6", "Late"])
        state = await phone.state()
        assert state["seat"] == 0 and state["status"] == "running"
        facilitator = await Client.connect(base, sid, host)
        assert (await facilitator.state())["seat"] == 8
        # The captains' table, opened live by the facilitator [D-20], once, by nobody else.
        sailor = await phone.act({"kind": "open_table"}, "p1")
        assert sailor["type"] == "rejected" and "only the facilitator" in sailor["reason"]
        assert (await facilitator.act({"kind": "open_table"}, "t1"))["type"] == "accepted"
        await phone.until(lambda f: f["type"] == "state" and f["view"]["captains_table"])
        again = await facilitator.act({"kind": "open_table"}, "t2")
        assert again["type"] == "rejected" and again["reason"] == (
            "the captains' table is already open")
        too_late = await post(base, "/api/sessions/join", body={"code": code, "name": "X"})
        assert too_late.status_code == 409
        await phone.close()
        await facilitator.close()

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))


def test_a_session_started_with_empty_seats_takes_bots_later(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"game": "ciurme",
                                                          "bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        for i in range(6):
            await join(base, code, f"P{i}")
        short = await post(base, f"/api/matches/{sid}/start", host)
        assert short.status_code == 422 and "6 people have joined" in short.json()["error"]
        assert (await post(base, f"/api/matches/{sid}/start", host,
                           {"players": 8})).status_code == 200
        summary = (await get(base, f"/api/matches/{sid}")).json()
        assert summary["free_seats"] == 2
        late = await join(base, code, "Late")
        assert late["seat"] is not None
        free = [s["seat"] for s in (await get(base, f"/api/matches/{sid}")).json()["seats"]
                if not s["taken"]]
        assert len(free) == 1
        given = await post(base, f"/api/matches/{sid}/seats/{free[0]}/bot", host,
                           {"bot": "heuristic"})
        assert given.status_code == 200
        facilitator_seat = await post(base, f"/api/matches/{sid}/seats/8/bot", host,
                                      {"bot": "heuristic"})
        assert facilitator_seat.status_code == 409

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_facilitated_game_is_found_without_naming_it(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        ambiguous = await post(base, "/api/sessions", body={})
        assert ambiguous.status_code == 422 and "say which game" in ambiguous.json()["error"]
        plain = await post(base, "/api/sessions", body={"game": "castell"})
        assert plain.status_code == 422 and "no facilitator" in plain.json()["error"]
        session = (await post(base, "/api/sessions",
                              body={"game": "refereed-goofspiel"})).json()
        people = [await join(base, session["code"], n) for n in ("A", "B")]
        assert (await post(base, f"/api/matches/{session['id']}/start",
                           session["facilitator_token"])).status_code == 200
        summary = (await get(base, f"/api/matches/{session['id']}")).json()
        assert [s["name"] for s in summary["seats"]] == ["A", "B", "facilitator"]
        del people

    with ServerThread(config) as server:
        run(scenario(server.url))


async def call(base: str, method: str, path: str, token: str, body: Any = None) -> Any:
    async with httpx.AsyncClient(base_url=base) as http:
        return await http.request(method, path, headers={"Authorization": f"Bearer {token}"},
                                  json=body)


def test_crews_formed_by_the_facilitator_are_the_games_crews(config: ServerConfig) -> None:
    """Nine people in crews of 4 and 5 as the facilitator formed them (the game's own options
    for those sizes); a seat given to a bot goes back to its person; the debrief at the end."""
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        people = [await join(base, code, f"P{i}") for i in range(9)]
        crews = [[8, 0, 2, 4, 6], [1, 3, 5, 7]]
        assert (await call(base, "PUT", f"/api/sessions/{sid}/crews", host,
                           {"crews": crews})).status_code == 200
        early = await get(base, f"/api/matches/{sid}/debrief", host)
        assert early.status_code == 409
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
        record = (await get(base, f"/api/matches/{sid}/record", host)).json()
        assert record["options"]["crews"] == [5, 4]
        summary = (await get(base, f"/api/matches/{sid}")).json()
        names = {s["seat"]: s["name"] for s in summary["seats"]}
        assert [names[s] for s in range(5)] == ["P8", "P0", "P2", "P4", "P6"]
        assert (await post(base, f"/api/matches/{sid}/seats/3/bot", host,
                           {"bot": "heuristic"})).status_code == 200
        phone = await Client.connect(base, sid, people[4]["token"])
        assert (await phone.state())["seat"] is None  # the bot plays the seat meanwhile
        back = await post(base, f"/api/sessions/{sid}/seats/3/back", host)
        assert back.status_code == 200, back.text
        assert (await phone.state())["seat"] == 3
        nobody = await post(base, f"/api/sessions/{sid}/seats/9/back", host)
        assert nobody.status_code == 409 and "not the seat of anyone" in nobody.json()["error"]
        assert (await post(base, f"/api/matches/{sid}/end", host)).status_code == 200
        debrief = (await get(base, f"/api/matches/{sid}/debrief", host)).json()
        assert debrief["names"]["0"] == "P8" and debrief["debrief"]["parts"]
        assert debrief["bots"] == [] and "3" in debrief["names"]
        # In the page's language, people by their names, crews as the room numbers them.
        parts = debrief["debrief"]["parts"]
        assert parts[0]["title"] == "Crew 1: P8, P0, P2, P4 and P6"
        italian = (await get(base, f"/api/matches/{sid}/debrief?lang=it", host)).json()
        assert italian["language"] == "it"
        assert italian["debrief"]["parts"][0]["title"] == "Ciurma 1: P8, P0, P2, P4 e P6"
        assert italian["debrief"]["title"] == "Ciurme: il debriefing"
        klingon = await get(base, f"/api/matches/{sid}/debrief?lang=tlh", host)
        assert klingon.status_code == 422
        assert "lang" in klingon.json()["error"] and "'en' or 'it'" in klingon.json()["error"]
        await phone.close()

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))


def test_crews_that_are_not_the_games_are_refused_in_its_words(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        for i in range(9):
            await join(base, code, f"P{i}")
        await call(base, "PUT", f"/api/sessions/{sid}/crews", host,
                   {"crews": [[0, 1, 2], [3, 4, 5], [6, 7, 8]]})
        refused = await post(base, f"/api/matches/{sid}/start", host)
        assert refused.status_code == 422 and "4 or 5 players" in refused.json()["error"]

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))
