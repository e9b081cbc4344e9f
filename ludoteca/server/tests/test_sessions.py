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
        # Moving one person makes crews of 3 and 5: the lobby plans a bot in the crew of 3.
        moved = (await post(base, f"/api/sessions/{sid}/move", host,
                            {"member": balanced["crews"][0][0], "crew": 1})).json()
        assert [len(c) for c in moved["crews"]] == [3, 5]
        plan = (await phone.until(lambda f: f["type"] == "lobby" and f["crews"] == moved[
            "crews"]))["plan"]
        assert plan == {"players": 9, "sizes": [4, 5], "bots": [1, 0],
                        "flags": ["black", "white"]}
        # Six in a crew fit no crew of Ciurme: the facilitator is told so, with a code.
        six = [*moved["crews"][1], moved["crews"][0][0]]
        await call(base, "PUT", f"/api/sessions/{sid}/crews", host,
                   {"crews": [moved["crews"][0][1:], six]})
        refused = await post(base, f"/api/matches/{sid}/start", host)
        assert refused.status_code == 409 and "move people" in refused.json()["error"]
        assert refused.json()["code"] == "crews_do_not_fit"
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
        assert too_late.status_code == 409 and too_late.json()["code"] == "session_full"
        await phone.close()
        await facilitator.close()

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))


def test_spare_seats_take_bots_and_latecomers_take_theirs(config: ServerConfig) -> None:
    """Six people make two crews of four with a bot each; latecomers take the bots' seats (the
    crew the facilitator chose first, then the one with the most bots), never a person's."""
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"game": "ciurme",
                                                          "bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        people = [await join(base, code, f"P{i}") for i in range(6)]
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
        summary = (await get(base, f"/api/matches/{sid}")).json()
        assert summary["players"] == 8 and summary["free_seats"] == 0
        bots = [s["seat"] for s in summary["seats"] if s["bot"]]
        assert bots == [3, 7]
        # P0's seat, given to a bot, stays P0's: no latecomer takes it.
        assert (await post(base, f"/api/matches/{sid}/seats/0/bot", host,
                           {"bot": "heuristic"})).status_code == 200
        chose = await call(base, "PATCH", f"/api/sessions/{sid}/settings", host,
                           {"latecomers": 1})
        assert chose.status_code == 200 and chose.json()["latecomers"] == 1
        first = await join(base, code, "Late")
        assert first["seat"] == 7 and first["late"] and first["member"] == 6
        second = await join(base, code, "Later")
        assert second["seat"] == 3
        full = await post(base, "/api/sessions/join", body={"code": code, "name": "X"})
        assert full.status_code == 409 and full.json()["code"] == "session_full"
        # P1 leaves for good: the next latecomer takes the seat and is its person
        left = (await call(base, "GET", f"/api/sessions/{sid}", host)).json()["members"]
        p1_seat = next(m["seat"] for m in left if m["name"] == "P1")
        p1 = next(p for p in people if p["member"] == 1)
        assert (await post(base, f"/api/matches/{sid}/leave", p1["token"])).status_code == 200
        again = await join(base, code, "Again")
        assert again["seat"] == p1_seat and again["late"]
        phone = await Client.connect(base, sid, first["token"])
        assert (await phone.state())["seat"] == 7
        people = (await call(base, "GET", f"/api/sessions/{sid}", host)).json()["members"]
        assert {m["name"]: m["seat"] for m in people}["Late"] == 7
        presence = await phone.until(lambda f: f["type"] == "presence")
        seats = {s["seat"]: s for s in presence["seats"]}
        assert seats[7]["person"] == "Late" and not seats[7]["covered"]
        assert seats[0]["person"] == "P0" and seats[0]["covered"]  # named, a bot plays
        assert seats[p1_seat]["person"] == "Again"
        assert presence["grace"] == 45.0
        facilitator_seat = await post(base, f"/api/matches/{sid}/seats/8/bot", host,
                                      {"bot": "heuristic"})
        assert facilitator_seat.status_code == 409
        await phone.close()

    with ServerThread(config) as server:
        run(scenario(server.url))


def test_a_phone_away_past_the_grace_is_played_by_a_bot_until_it_is_back(
        config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0.2,
                                                          "grace": 30})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        people = [await join(base, code, f"P{i}") for i in range(8)]
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
        phones = [await Client.connect(base, sid, p["token"]) for p in people]
        facilitator = await Client.connect(base, sid, host)
        away = await facilitator.until(lambda f: f["type"] == "presence" and all(
            s["connected"] for s in f["seats"][:8]))
        assert all(s.get("grace_left") is None for s in away["seats"])
        seat = (await phones[2].state())["seat"]
        await phones[2].close()
        gone = await facilitator.until(lambda f: f["type"] == "presence" and not f["seats"][
            seat]["connected"])
        assert 29 <= gone["seats"][seat]["grace_left"] <= 30  # its countdown, on the server
        short = await call(base, "PATCH", f"/api/sessions/{sid}/settings", host, {"grace": 0.3})
        assert short.json()["grace"] == 0.3
        covered = await facilitator.until(lambda f: f["type"] == "presence" and f["seats"][
            seat]["stand_in"], 10)
        assert covered["seats"][seat]["covered"] and covered["seats"][seat]["person"] == "P2"
        back = await Client.connect(base, sid, people[2]["token"])
        assert (await back.state())["seat"] == seat
        await facilitator.until(lambda f: f["type"] == "presence" and not f["seats"][seat][
            "stand_in"], 10)
        for client in [*phones, back, facilitator]:
            await client.close()

    with ServerThread(config, games={}) as server:
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


def test_crews_of_any_size_are_filled_with_bots_and_keep_their_numbers(
        config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        for i in range(9):
            await join(base, code, f"P{i}")
        crews = [[0, 1], [2, 3, 4], [5, 6, 7, 8]]
        await call(base, "PUT", f"/api/sessions/{sid}/crews", host, {"crews": crews})
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
        record = (await get(base, f"/api/matches/{sid}/record", host)).json()
        assert record["players"] == 12 and record["options"]["crews"] == [4, 4, 4]
        names = {s["seat"]: s["name"] for s in (await get(base, f"/api/matches/{sid}")).json()[
            "seats"]}
        # lobby crew 3 is the game's crew 3 (seats 8 to 11), not renumbered by size
        assert [names[s] for s in range(8, 12)] == ["P5", "P6", "P7", "P8"]
        assert [names[s] for s in range(4)] == ["P0", "P1", "bot (heuristic)",
                                                "bot (heuristic)"]

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))


def test_balance_works_for_any_head_count(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        for i in range(11):
            await join(base, code, f"P{i}")
        balanced = await post(base, f"/api/sessions/{sid}/crews/balance", host)
        assert balanced.status_code == 200, balanced.text
        assert [len(c) for c in balanced.json()["crews"]] == [4, 4, 3]
        phone = await Client.connect(base, sid, host)
        lobby = await phone.until(lambda f: f["type"] == "lobby")
        assert lobby["plan"]["players"] == 12 and lobby["plan"]["bots"] == [0, 0, 1]
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
        assert (await get(base, f"/api/matches/{sid}")).json()["players"] == 12
        await phone.close()

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))


def test_join_errors_carry_a_code(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        wrong = await post(base, "/api/sessions/join", body={"code": "ZZZZZZ", "name": "A"})
        assert wrong.status_code == 404
        assert wrong.json() == {"error": "there is no session with the code 'ZZZZZZ'",
                                "code": "no_session", "params": {"session": "ZZZZZZ"}}

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))


def test_the_plan_follows_the_seats_typed_and_the_start_makes_the_plan(
        config: ServerConfig) -> None:
    """Balanced for 12, then 16 seats typed: the lobby's plan says 16 seats and shows the crew
    of bots they add, and the start makes exactly that plan."""
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        for i in range(11):
            await join(base, code, f"P{i}")
        assert (await post(base, f"/api/sessions/{sid}/crews/balance", host)).status_code == 200
        typed = await call(base, "PATCH", f"/api/sessions/{sid}/settings", host, {"players": 16})
        assert typed.status_code == 200, typed.text
        phone = await Client.connect(base, sid, host)
        lobby = await phone.until(lambda f: f["type"] == "lobby")
        assert lobby["plan"]["players"] == 16
        assert sum(lobby["plan"]["sizes"]) == 16 and sum(lobby["plan"]["bots"]) == 5
        assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
        record = (await get(base, f"/api/matches/{sid}/record", host)).json()
        assert record["players"] == 16 and record["options"]["crews"] == lobby["plan"]["sizes"]
        late = await call(base, "PATCH", f"/api/sessions/{sid}/settings", host, {"players": 20})
        assert late.status_code == 409 and late.json()["code"] == "session_started"
        await phone.close()

    with ServerThread(config, games={}) as server:
        run(scenario(server.url))
