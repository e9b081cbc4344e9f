"""Every door of a match that cannot ask the game's view, tried with every kind of token and
none, for every game, while the match waits, runs and after it ends: the record (the seed and
every action), the replay and the debrief.

What each caller may read is written out here from the rules of the room (DESIGN.md, "Secrets
by construction"), not from the server's code: the record of a match still to be played or
being played is nobody's (it tells the deal, a sealed bid), not even its host's, who may hold a
seat, but a session's facilitator's, who plays none and sees everything; once the
match is over whoever may watch it may read it, except a Ciurme session's, whose ballots and
crews' channels stay secret ([D-23]); the replay (a spectator's views) opens to watchers when
the match ends; the debrief is the facilitator's."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from ludoteca.server.config import ServerConfig
from ludoteca.server.tests.helpers import Client, ServerThread, create, get, post
from ludoteca.server.tests.tables import plain_games

DOORS = ("record", "replay", "debrief")  # and "explain" where the match has seats to ask of
# Callers: who presents which token. "foreign" is the host token of another match.
CALLERS = ("host", "seat", "spectator", "foreign", "garbage", "none")
# Every registered game played as a plain match (a session's doors are checked below), at
# its fewest players but Castell's three.
MATCHES = {name: {"game": name, "players": 3 if name == "castell" else players, "seed": 11,
                  **({"options": options} if options else {})}
           for name, players, options in plain_games()}


def expected(door: str, caller: str, phase: str, *, public: bool, session: bool,
             has_debrief: bool) -> int:
    """The status a caller gets at a door in a phase (waiting, running, finished)."""
    watcher = caller in ("host", "seat", "spectator") or (caller == "none" and public)
    if door == "record":
        if caller == "host" and session:  # a session in its lobby has no game to record yet
            return 409 if phase == "waiting" else 200
        if caller == "host":  # a host who plays is a player: the record opens at the end
            return 200 if phase == "finished" else 403
        if phase != "finished" or session:
            return 403
        return 200 if watcher else 403
    if phase != "finished":
        return 409
    if door in ("replay", "explain"):
        return 200 if watcher else 403
    if caller != "host":
        return 403
    return 200 if has_debrief else 404


# A door and where it is; a seat's explanation (seat 0 after the first step) opens with the
# replay where the game keeps no secret after its end.
PATHS = {"record": "record", "replay": "replay", "debrief": "debrief",
         "explain": "replay/0/explain?seat=0"}


async def knock(base: str, match_id: str, door: str, token: str | None) -> int:
    status = (await get(base, f"/api/matches/{match_id}/{PATHS[door]}", token)).status_code
    # 422: the door opened, and said seat 0 had nothing to choose there
    return 200 if door == "explain" and status == 422 else status


async def try_every_door(base: str, match_id: str, tokens: dict[str, str | None], phase: str,
                         kind: dict[str, bool], doors: tuple[str, ...] = DOORS) -> list[str]:
    wrong = []
    for door in doors:
        for caller in CALLERS:
            want = expected(door, caller, phase, **kind)
            got = await knock(base, match_id, door, tokens[caller])
            if got != want:
                wrong.append(f"{phase} {door} by {caller}: {got}, expected {want}")
    return wrong


async def other_host(base: str) -> str:
    other = await create(base, game="goofspiel", players=2)
    return str(other["host_token"])


@pytest.mark.parametrize("spectators", ["anyone", "link"])
@pytest.mark.parametrize("game", sorted(MATCHES))
def test_a_matchs_doors_open_to_whom_they_may(sqlite: ServerConfig, game: str,
                                              spectators: str) -> None:
    async def scenario(base: str) -> list[str]:
        made = await create(base, spectators=spectators, bots={"1": "random"},
                            **MATCHES[game])
        tokens: dict[str, str | None] = {
            "host": made["host_token"], "seat": made["seats"][0]["token"],
            "spectator": made["spectator_token"], "foreign": await other_host(base),
            "garbage": "not-a-token", "none": None,
        }
        kind = {"public": spectators == "anyone", "session": False, "has_debrief": False}
        doors = (*DOORS, "explain")
        wrong = await try_every_door(base, made["id"], tokens, "waiting", kind, doors)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        player = await Client.connect(base, made["id"], tokens["seat"])
        state = await player.state()
        if state["legal"]:  # one step played, so the log holds something to hide
            await player.act(state["legal"][0], 1)
        wrong += await try_every_door(base, made["id"], tokens, "running", kind, doors)
        await post(base, f"/api/matches/{made['id']}/end", made["host_token"])
        await player.close()
        wrong += await try_every_door(base, made["id"], tokens, "finished", kind, doors)
        return wrong

    with ServerThread(sqlite) as server:
        assert asyncio.run(scenario(server.url)) == []


def test_a_goofspiel_played_to_its_end_opens_its_record_to_watchers(sqlite: ServerConfig
                                                                    ) -> None:
    """Over (not ended by its host): the same doors as an ended match."""
    async def scenario(base: str) -> list[str]:
        made = await create(base, game="goofspiel", players=2, seed=4, spectators="link",
                            bots={"0": "random", "1": "random"})
        watcher = await Client.connect(base, made["id"], made["spectator_token"])
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        await watcher.until(lambda f: f["type"] == "state" and f["status"] == "over")
        await watcher.close()
        tokens: dict[str, str | None] = {
            "host": made["host_token"], "seat": made["spectator_token"],
            "spectator": made["spectator_token"], "foreign": await other_host(base),
            "garbage": "x" * 30, "none": None,
        }
        return await try_every_door(base, made["id"], tokens, "finished",
                                    {"public": False, "session": False, "has_debrief": False})

    with ServerThread(sqlite) as server:
        assert asyncio.run(scenario(server.url)) == []


def test_a_sessions_record_and_debrief_stay_the_facilitators(sqlite: ServerConfig) -> None:
    """A Ciurme session: its members' tokens, the projector's link and strangers are refused
    the record and the debrief at every stage; the replay opens to its watchers at the end
    and tells no action (a ballot, a message)."""
    async def scenario(base: str) -> list[str]:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]
        member = (await post(base, "/api/sessions/join",
                             body={"code": code, "name": "Nadia"})).json()
        tokens: dict[str, str | None] = {
            "host": host, "seat": member["token"], "spectator": session["spectator_token"],
            "foreign": await other_host(base), "garbage": "nope", "none": None,
        }
        kind = {"public": False, "session": True, "has_debrief": True}
        wrong = await try_every_door(base, sid, tokens, "waiting", kind)
        started = await post(base, f"/api/matches/{sid}/start", host,
                             {"players": 8, "bots": "random"})
        assert started.status_code == 200, started.text
        wrong += await try_every_door(base, sid, tokens, "running", kind)
        await post(base, f"/api/matches/{sid}/end", host)
        wrong += await try_every_door(base, sid, tokens, "finished", kind)
        replay = (await get(base, f"/api/matches/{sid}/replay", member["token"])).json()
        wrong += [f"the replay tells step {s['step']}'s action" for s in replay["steps"]
                  if s["action"] is not None]
        return wrong

    with ServerThread(sqlite, games={}) as server:
        assert asyncio.run(scenario(server.url)) == []


def test_a_refusal_says_what_to_send(sqlite: ServerConfig) -> None:
    async def scenario(base: str) -> dict[str, Any]:
        made = await create(base, game="goofspiel", players=2)
        await post(base, f"/api/matches/{made['id']}/start", made["host_token"])
        answer = await get(base, f"/api/matches/{made['id']}/record",
                           made["seats"][0]["token"])
        return {"status": answer.status_code, **answer.json()}

    with ServerThread(sqlite) as server:
        answer = asyncio.run(scenario(server.url))
    assert answer["status"] == 403
    assert answer["error"] == ("the record of a match still being played would tell what is "
                               "hidden from its players, its host's seat too: it opens when "
                               "the match is over")
    assert "seed" not in answer


# --- tokens that no longer hold a seat ---------------------------------------------------------
async def what_opens(base: str, match_id: str, token: str | None) -> dict[str, Any]:
    """What a token opens: every door (the explanation's too), leaving, and the WebSocket's
    hello (the first frame's type, and whether a second ever comes)."""
    opened: dict[str, Any] = {door: await knock(base, match_id, door, token)
                              for door in (*DOORS, "explain")}
    opened["leave"] = (await post(base, f"/api/matches/{match_id}/leave", token)).status_code
    client = await Client.connect(base, match_id, token)
    first = await client.next()
    opened["hello"] = (first["type"], first.get("seat"))
    await client.drain(0.3)
    opened["more frames"] = len(client.frames) > 1
    await client.close()
    return opened


async def same_as_garbage(base: str, match_id: str, old: dict[str, str], phase: str
                          ) -> list[str]:
    """Where a spent token opens more than a token nobody was ever given."""
    nobody = await what_opens(base, match_id, "never-given")
    assert nobody["hello"][0] == "error", nobody
    wrong = []
    for who, token in old.items():
        opened = await what_opens(base, match_id, token)
        wrong += [f"{phase}: {who}'s old token at {door}: {got}, a stranger's {nobody[door]}"
                  for door, got in opened.items() if got != nobody[door]]
    return wrong


def test_a_member_who_left_a_session_opens_nothing_with_the_old_token(sqlite: ServerConfig
                                                                      ) -> None:
    """One member leaves in the lobby, another after the start: each old token then opens no
    door, cannot leave again, and its hello is refused, like a token never given, while the
    session waits, runs and after its end."""
    async def scenario(base: str) -> list[str]:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]

        async def member(name: str) -> str:
            joined = await post(base, "/api/sessions/join", body={"code": code, "name": name})
            return str(joined.json()["token"])

        early, late = await member("Nadia"), await member("Omar")
        assert (await post(base, f"/api/matches/{sid}/leave", early)).status_code == 200
        old = {"Nadia": early}
        wrong = await same_as_garbage(base, sid, old, "waiting")
        started = await post(base, f"/api/matches/{sid}/start", host,
                             {"players": 8, "bots": "random"})
        assert started.status_code == 200, started.text
        assert (await post(base, f"/api/matches/{sid}/leave", late)).status_code == 200
        old["Omar"] = late
        wrong += await same_as_garbage(base, sid, old, "running")
        await post(base, f"/api/matches/{sid}/end", host)
        wrong += await same_as_garbage(base, sid, old, "finished")
        return wrong

    with ServerThread(sqlite, games={}) as server:
        wrong = asyncio.run(scenario(server.url))
        assert wrong == [], "\n".join(wrong)


def test_a_seat_left_or_taken_back_opens_nothing_with_the_old_token(sqlite: ServerConfig
                                                                    ) -> None:
    """A match's seat 0 is given to a bot for good by its host, seat 1's player leaves: their
    links' tokens open nothing after, as the match waits, runs and after its end."""
    async def scenario(base: str) -> list[str]:
        made = await create(base, game="goofspiel", players=3, seed=11, spectators="link")
        mid, host = made["id"], made["host_token"]
        old = {"seat 0": made["seats"][0]["token"], "seat 1": made["seats"][1]["token"]}
        taken = await post(base, f"/api/matches/{mid}/seats/0/bot", host, {"bot": "random"})
        assert taken.status_code == 200, taken.text
        assert (await post(base, f"/api/matches/{mid}/leave", old["seat 1"])).status_code == 200
        wrong = await same_as_garbage(base, mid, old, "waiting")
        await post(base, f"/api/matches/{mid}/seats/1/bot", host, {"bot": "random"})
        started = await post(base, f"/api/matches/{mid}/start", host)
        assert started.status_code == 200, started.text
        wrong += await same_as_garbage(base, mid, old, "running")
        await post(base, f"/api/matches/{mid}/end", host)
        wrong += await same_as_garbage(base, mid, old, "finished")
        return wrong

    with ServerThread(sqlite) as server:
        wrong = asyncio.run(scenario(server.url))
        assert wrong == [], "\n".join(wrong)


def test_a_token_replaced_by_a_way_back_opens_nothing(sqlite: ServerConfig) -> None:
    """A person takes their seat back with their personal code, another is given theirs by the
    facilitator, a third entry is merged into its person's older one (api.guests): each token
    they held before opens no door, cannot leave, and its hello is refused, like a token never
    given, while the session runs and after its end."""
    async def scenario(base: str) -> list[str]:
        session = (await post(base, "/api/sessions", body={"bot_pause": 0})).json()
        sid, code, host = session["id"], session["code"], session["facilitator_token"]

        async def member(name: str) -> dict[str, Any]:
            return dict((await post(base, "/api/sessions/join",
                                    body={"code": code, "name": name})).json())

        people = [await member(name) for name in ("Ada", "Hugo", "Carla")]
        started = await post(base, f"/api/matches/{sid}/start", host,
                             {"players": 8, "bots": "random"})
        assert started.status_code == 200, started.text
        came_back = await post(base, "/api/sessions/back", body={
            "code": code, "name": "Ada", "personal_code": people[0]["personal_code"]})
        assert came_back.status_code == 200, came_back.text
        claim = await member("Hugo")  # Hugo's phone is away: he asks for his seat
        assert (await post(base, f"/api/sessions/{sid}/claims/{claim['claim']}/give",
                           host)).status_code == 200
        again = await member("Carla B")
        assert (await post(base, f"/api/sessions/{sid}/merge", host,
                           {"member": again["member"], "into": people[2]["member"]})
                ).status_code == 200
        old = {"Ada": people[0]["token"], "Hugo": people[1]["token"],
               "Carla": people[2]["token"]}
        wrong = await same_as_garbage(base, sid, old, "running")
        await post(base, f"/api/matches/{sid}/end", host)
        wrong += await same_as_garbage(base, sid, old, "finished")
        # A match's seat taken by name and taken back with its personal code.
        made = await create(base, game="goofspiel", players=2, open_seats=[1], seed=11)
        mid = made["id"]
        seat = (await post(base, f"/api/matches/{mid}/join", body={"name": "Ida"})).json()
        assert (await post(base, f"/api/matches/{mid}/back", body={
            "name": "Ida", "personal_code": seat["personal_code"]})).status_code == 200
        wrong += await same_as_garbage(base, mid, {"Ida": seat["token"]}, "waiting")
        return wrong

    with ServerThread(sqlite, games={}) as server:
        wrong = asyncio.run(scenario(server.url))
        assert wrong == [], "\n".join(wrong)
