"""A way back for guests (api.guests): a session's person gets their seat back on another
device with their personal code, or from the facilitator without it; the facilitator merges two
entries of one person. The code is a credential: it is shown to its person alone."""

from __future__ import annotations

import asyncio
from typing import Any

import websockets

from ludoteca.server.config import ServerConfig
from ludoteca.server.live.access import SEAT_ELSEWHERE
from ludoteca.server.store.tokens import CODE_ALPHABET, PERSONAL_CODE_LENGTH
from ludoteca.server.tests.helpers import Client, ServerThread, create, get, post
from ludoteca.server.tests.test_sessions import call, join


async def started(base: str, names: list[str]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A Ciurme session of these people, started (bots in the spare seats)."""
    session = (await post(base, "/api/sessions", body={"bot_pause": 0.2, "grace": 60})).json()
    people = [await join(base, session["code"], name) for name in names]
    answer = await post(base, f"/api/matches/{session['id']}/start",
                        session["facilitator_token"], {"players": 8})
    assert answer.status_code == 200, answer.text
    return session, people


async def back(base: str, code: str, name: str, personal: str) -> Any:
    return await post(base, "/api/sessions/back",
                      body={"code": code, "name": name, "personal_code": personal})


def members(session: dict[str, Any], base: str) -> Any:
    return call(base, "GET", f"/api/sessions/{session['id']}", session["facilitator_token"])


def test_everybody_who_joins_is_given_a_personal_code(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={})).json()
        hugo = await join(base, session["code"], "Hugo")
        code = hugo["personal_code"]
        assert len(code) == PERSONAL_CODE_LENGTH and set(code) <= set(CODE_ALPHABET)
        late = await started(base, ["Ada"])
        newcomer = await join(base, late[0]["code"], "Nadia")
        assert newcomer["seat"] is not None and newcomer["personal_code"]

    with ServerThread(sqlite, games={}) as server:
        asyncio.run(scenario(server.url))


def test_the_code_gives_the_same_seat_on_another_device_and_closes_the_old_one(
        config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session, people = await started(base, ["Ada", "Hugo", "Carla"])
        sid, code = session["id"], session["code"]
        hugo = people[1]
        old_phone = await Client.connect(base, sid, hugo["token"])
        seat = (await old_phone.state())["seat"]
        # Another browser: the join code, the name as typed there, the personal code.
        answer = await back(base, code.lower(), " hugo ", hugo["personal_code"].lower())
        assert answer.status_code == 200, answer.text
        again = answer.json()
        assert (again["seat"], again["member"]) == (seat, hugo["member"])
        assert again["token"] != hugo["token"]
        closed = await old_phone.until(lambda f: f["type"] == "error")
        assert closed == {"type": "error", "error": SEAT_ELSEWHERE, "code": "seat_elsewhere"}
        try:
            await old_phone.pull(2)
            raise AssertionError("the old screen's connection is still open")
        except websockets.ConnectionClosed:
            pass
        # The old token opens nothing; a hello with it is told why.
        stale = await Client.connect(base, sid, hugo["token"])
        assert (await stale.next())["code"] == "seat_elsewhere"
        assert (await post(base, f"/api/matches/{sid}/leave", hugo["token"])).status_code == 403
        # The new device plays the same seat; the session still has one Hugo, at that seat.
        new_phone = await Client.connect(base, sid, again["token"])
        assert (await new_phone.state())["seat"] == seat
        listed = (await members(session, base)).json()["members"]
        assert [(m["name"], m["seat"]) for m in listed if m["name"] == "Hugo"] == [("Hugo", seat)]
        await new_phone.close()

    with ServerThread(config, games={}) as server:
        asyncio.run(scenario(server.url))


def test_a_wrong_code_is_refused_and_guessing_is_limited_per_address_and_per_session(
        sqlite: ServerConfig) -> None:
    async def scenario(server: ServerThread) -> None:
        base = server.url
        session, people = await started(base, ["Ada", "Hugo"])
        hugo = people[1]
        wrong = "AAAAA" if hugo["personal_code"] != "AAAAA" else "CCCCC"
        refused = await back(base, session["code"], "Hugo", wrong)
        assert refused.status_code == 403 and refused.json()["code"] == "wrong_personal_code"
        assert "ask the facilitator" in refused.json()["error"]
        # Ada's code is not Hugo's.
        mixed = await back(base, session["code"], "Hugo", people[0]["personal_code"])
        assert mixed.status_code == 403
        statuses = [(await back(base, session["code"], "Hugo", wrong)).status_code
                    for _ in range(4)]
        assert statuses[-1] == 429, statuses
        limited = await back(base, session["code"], "Hugo", hugo["personal_code"])
        assert limited.status_code == 429 and limited.json()["code"] == "too_many_codes"
        assert int(limited.headers["Retry-After"]) > 0
        # Other addresses (the address's bucket forgotten) soon meet the session's limit.
        per_address, per_session = server.app.state.code_guesses
        for _ in range(20):
            per_address.buckets.clear()
            if (await back(base, session["code"], "Hugo", wrong)).status_code == 429:
                break
        else:
            raise AssertionError("the session's limit never came")
        assert per_session.wait(session["id"]) > 0
        per_session.buckets.clear()
        per_address.buckets.clear()
        right = await back(base, session["code"], "Hugo", hugo["personal_code"])
        assert right.status_code == 200, right.text
        unknown = await post(base, "/api/sessions/back", body={
            "code": "ZZZZZZ" if session["code"] != "ZZZZZZ" else "YYYYYY", "name": "Hugo",
            "personal_code": hugo["personal_code"]})
        assert unknown.status_code == 404
        bad = await post(base, "/api/sessions/back", body={
            "code": session["code"], "name": "Hugo", "personal_code": "\u0000x"})
        assert bad.status_code == 422 and "personal code" in bad.text

    with ServerThread(sqlite, games={}) as server:
        asyncio.run(scenario(server))


def test_without_the_code_the_facilitator_gives_the_seat_back(config: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session, people = await started(base, ["Ada", "Hugo", "Carla"])
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        ada = await Client.connect(base, sid, people[0]["token"])
        hugo = await Client.connect(base, sid, people[1]["token"])
        seat = (await hugo.state())["seat"]
        await ada.state()
        # Ada is here: a second "Ada" is a new person with a new seat, not a claim.
        other_ada = await join(base, code, "Ada")
        assert other_ada["claim"] is None and other_ada["seat"] is not None
        await ada.close()
        await hugo.close()
        facilitator = await Client.connect(base, sid, host)
        await facilitator.until(lambda f: f["type"] == "presence"
                                and not f["seats"][seat]["connected"])
        asking = await join(base, code, "HUGO")
        assert asking["claim"] is not None and asking["seat"] is None
        status = await get(base, f"/api/sessions/{sid}/claim", asking["token"])
        assert status.json() == {"status": "waiting", "seat": None, "member": None}
        # The claim's token opens nothing of the session until the seat is given.
        refused = await Client.connect(base, sid, asking["token"])
        assert (await refused.next())["type"] == "error"
        impostor = await join(base, code, "Hugo")
        listed = (await call(base, "GET", f"/api/sessions/{sid}/claims", host)).json()
        assert [(c["name"], c["seat"], c["member"]) for c in listed] == [
            ("HUGO", seat, people[1]["member"]), ("Hugo", seat, people[1]["member"])]
        assert (await get(base, f"/api/sessions/{sid}/claims", asking["token"])
                ).status_code == 403
        given = await post(base, f"/api/sessions/{sid}/claims/{asking['claim']}/give", host)
        assert given.status_code == 200, given.text
        status = await get(base, f"/api/sessions/{sid}/claim", asking["token"])
        assert status.json() == {"status": "given", "seat": seat,
                                 "member": people[1]["member"]}
        # Every other claim on the seat is refused; a claim is answered once.
        late = await get(base, f"/api/sessions/{sid}/claim", impostor["token"])
        assert late.json()["status"] == "refused"
        twice = await post(base, f"/api/sessions/{sid}/claims/{impostor['claim']}/give", host)
        assert twice.status_code == 409
        phone = await Client.connect(base, sid, asking["token"])
        assert (await phone.state())["seat"] == seat
        # Hugo's old code is spent; the one his new screen showed takes the seat back.
        assert (await back(base, code, "Hugo", people[1]["personal_code"])).status_code == 403
        assert (await back(base, code, "Hugo", asking["personal_code"])).status_code == 200
        assert (await call(base, "GET", f"/api/sessions/{sid}/claims", host)).json() == []
        for client in (phone, facilitator, refused):
            await client.close()

    with ServerThread(config, games={}) as server:
        asyncio.run(scenario(server.url))


def test_a_merge_leaves_one_person_at_their_own_seat(sqlite: ServerConfig) -> None:
    """Hugo joined again as a latecomer before a way back existed: merged, his new phone plays
    his old seat, the newer seat goes to a bot under a bot's name, and the table, the results
    and the debrief name one Hugo."""
    async def scenario(base: str) -> None:
        session, people = await started(base, ["Ada", "Hugo", "Carla"])
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        old_seat = people[1]["seat"]
        if old_seat is None:
            old_seat = (await members(session, base)).json()["members"][1]["seat"]
        second = await join(base, code, "Hugo B")
        assert second["seat"] not in (None, old_seat)
        phone = await Client.connect(base, sid, second["token"])
        assert (await phone.state())["seat"] == second["seat"]
        merged = await post(base, f"/api/sessions/{sid}/merge", host,
                            {"member": second["member"], "into": people[1]["member"]})
        assert merged.status_code == 200, merged.text
        assert (await phone.until(lambda f: f["type"] == "state"
                                  and f["seat"] == old_seat))["seat"] == old_seat
        listed = (await members(session, base)).json()["members"]
        assert [m["name"] for m in listed].count("Hugo") == 1
        assert "Hugo B" not in [m["name"] for m in listed]
        summary = (await get(base, f"/api/matches/{sid}")).json()
        seats = {s["seat"]: s for s in summary["seats"]}
        assert seats[old_seat]["name"] == "Hugo" and not seats[old_seat]["bot"]
        assert seats[second["seat"]]["bot"]
        assert (await post(base, f"/api/sessions/{sid}/merge", host,
                           {"member": second["member"], "into": people[1]["member"]})
                ).status_code == 422
        assert (await post(base, f"/api/sessions/{sid}/merge", people[0]["token"],
                           {"member": 0, "into": 2})).status_code == 403
        # The newer code came with the device in use.
        assert (await back(base, code, "Hugo", second["personal_code"])).status_code == 200
        await post(base, f"/api/matches/{sid}/end", host)
        debrief = (await get(base, f"/api/matches/{sid}/debrief", host)).json()
        names = list(debrief["names"].values())
        assert names.count("Hugo") == 1 and "Hugo B" not in names
        await phone.close()

    with ServerThread(sqlite, games={}) as server:
        asyncio.run(scenario(server.url))


def test_a_merge_in_the_lobby_keeps_the_older_entry(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> None:
        session = (await post(base, "/api/sessions", body={})).json()
        sid, host = session["id"], session["facilitator_token"]
        first = await join(base, session["code"], "Hugo")
        again = await join(base, session["code"], "Hugo 2")
        merged = await post(base, f"/api/sessions/{sid}/merge", host,
                            {"member": again["member"], "into": first["member"]})
        assert merged.status_code == 200, merged.text
        listed = (await members(session, base)).json()["members"]
        assert [(m["member"], m["name"]) for m in listed] == [(first["member"], "Hugo")]
        phone = await Client.connect(base, sid, again["token"])
        lobby = await phone.until(lambda f: f["type"] == "lobby")
        assert [m["name"] for m in lobby["members"]] == ["Hugo"]
        await phone.close()
        stale = await Client.connect(base, sid, first["token"])
        assert (await stale.next())["code"] == "seat_elsewhere"

    with ServerThread(sqlite, games={}) as server:
        asyncio.run(scenario(server.url))


def test_a_matchs_seat_taken_by_name_comes_back_with_its_code(sqlite: ServerConfig) -> None:
    """A match's open seat taken by name gets a personal code too: with the name and the code
    its person plays the seat from another browser (the old screen is told and closed); the
    code is spent when the seat is left."""
    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, open_seats=[1], seed=3)
        mid = made["id"]
        taken = (await post(base, f"/api/matches/{mid}/join", body={"name": "Hugo"})).json()
        assert taken["seat"] == 1 and len(taken["personal_code"]) == PERSONAL_CODE_LENGTH
        old_phone = await Client.connect(base, mid, taken["token"])
        assert (await old_phone.state())["seat"] == 1
        wrong = await post(base, f"/api/matches/{mid}/back",
                           body={"name": "Hugo", "personal_code": "AAAAA" if taken[
                               "personal_code"] != "AAAAA" else "CCCCC"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "wrong_personal_code"
        answer = await post(base, f"/api/matches/{mid}/back",
                            body={"name": "hugo", "personal_code": taken["personal_code"]})
        assert answer.status_code == 200, answer.text
        again = answer.json()
        assert again["seat"] == 1 and again["token"] != taken["token"]
        assert (await old_phone.until(lambda f: f["type"] == "error"))["code"] == (
            "seat_elsewhere")
        new_phone = await Client.connect(base, mid, again["token"])
        assert (await new_phone.state())["seat"] == 1
        await new_phone.close()
        assert (await post(base, f"/api/matches/{mid}/leave", again["token"])).status_code == 200
        spent = await post(base, f"/api/matches/{mid}/back",
                           body={"name": "Hugo", "personal_code": taken["personal_code"]})
        assert spent.status_code == 403
        session = (await post(base, "/api/sessions", body={"game": "ciurme"})).json()
        elsewhere = await post(base, f"/api/matches/{session['id']}/back",
                               body={"name": "Hugo", "personal_code": "AAAAA"})
        assert elsewhere.status_code == 409 and "/api/sessions/back" in elsewhere.text

    with ServerThread(sqlite) as server:
        asyncio.run(scenario(server.url))


def test_the_facilitator_may_let_any_seated_name_be_asked_back(sqlite: ServerConfig) -> None:
    """With `claims: any`, a name whose person is still connected asks for the seat too (the
    facilitator tells the two apart in the room) instead of taking a new seat."""
    async def scenario(base: str) -> None:
        session, people = await started(base, ["Ada", "Hugo"])
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        hugo = await Client.connect(base, sid, people[1]["token"])
        await hugo.state()
        assert (await join(base, code, "Hugo"))["claim"] is None  # the default: away only
        changed = await call(base, "PATCH", f"/api/sessions/{sid}/settings", host,
                             {"claims": "any"})
        assert changed.status_code == 200 and changed.json()["claims"] == "any"
        asking = await join(base, code, "Hugo")
        assert asking["claim"] is not None and asking["seat"] is None
        await hugo.close()

    with ServerThread(sqlite, games={}) as server:
        asyncio.run(scenario(server.url))


def test_a_matchs_host_gives_a_seat_back_or_refuses_it(sqlite: ServerConfig) -> None:
    """At a started match, the name of a seated person who is away asks the host for that seat
    (a claim, not a new seat); its token opens nothing until the host gives it, then it plays
    the seat with the personal code it was given; a refusal leaves the seat as it was."""
    async def scenario(base: str) -> None:
        made = await create(base, game="goofspiel", players=2, open_seats=[0, 1], seed=3)
        mid, host = made["id"], made["host_token"]
        ada = (await post(base, f"/api/matches/{mid}/join", body={"name": "Ada"})).json()
        hugo = (await post(base, f"/api/matches/{mid}/join", body={"name": "Hugo"})).json()
        if (await get(base, f"/api/matches/{mid}")).json()["status"] != "running":
            assert (await post(base, f"/api/matches/{mid}/start", host)).status_code == 200
        ada_phone = await Client.connect(base, mid, ada["token"])
        await ada_phone.state()
        # Ada is here: her name asks for nothing (and the match has no seat left).
        here = await post(base, f"/api/matches/{mid}/join", body={"name": "Ada"})
        assert here.status_code == 409
        asking = (await post(base, f"/api/matches/{mid}/join", body={"name": "hugo"})).json()
        assert asking["claim"] is not None and asking["seat"] is None
        status = await get(base, f"/api/matches/{mid}/claim", asking["token"])
        assert status.json() == {"status": "waiting", "seat": None, "member": None}
        # The claim's token opens nothing of the match until the seat is given.
        shut = await Client.connect(base, mid, asking["token"])
        assert (await shut.next())["type"] == "error"
        assert (await get(base, f"/api/matches/{mid}/record", asking["token"])
                ).status_code == 403
        assert (await get(base, f"/api/matches/{mid}/claims", asking["token"])
                ).status_code == 403
        impostor = (await post(base, f"/api/matches/{mid}/join", body={"name": "Hugo"})).json()
        listed = (await get(base, f"/api/matches/{mid}/claims", host)).json()
        assert [(c["name"], c["seat"]) for c in listed] == [("hugo", 1), ("Hugo", 1)]
        refused = await post(base, f"/api/matches/{mid}/claims/{impostor['claim']}/refuse",
                             host)
        assert refused.status_code == 200, refused.text
        assert (await get(base, f"/api/matches/{mid}/claim", impostor["token"])
                ).json()["status"] == "refused"
        given = await post(base, f"/api/matches/{mid}/claims/{asking['claim']}/give", host)
        assert given.status_code == 200, given.text
        assert (await get(base, f"/api/matches/{mid}/claim", asking["token"])).json() == {
            "status": "given", "seat": 1, "member": None}
        twice = await post(base, f"/api/matches/{mid}/claims/{asking['claim']}/refuse", host)
        assert twice.status_code == 409
        phone = await Client.connect(base, mid, asking["token"])
        assert (await phone.state())["seat"] == 1
        # The old token and code are spent; the code the new screen showed takes it back.
        assert (await post(base, f"/api/matches/{mid}/leave", hugo["token"])).status_code == 403
        old = await post(base, f"/api/matches/{mid}/back",
                         body={"name": "Hugo", "personal_code": hugo["personal_code"]})
        assert old.status_code == 403
        new = await post(base, f"/api/matches/{mid}/back",
                         body={"name": "Hugo", "personal_code": asking["personal_code"]})
        assert new.status_code == 200, new.text
        assert (await get(base, f"/api/matches/{mid}/claims", host)).json() == []
        for client in (ada_phone, shut, phone):
            await client.close()

    with ServerThread(sqlite) as server:
        asyncio.run(scenario(server.url))
