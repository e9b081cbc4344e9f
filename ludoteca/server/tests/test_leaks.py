"""No frame or door gives a seat what the rules keep from it, judged by the rules themselves.

`test_secrecy` proves each frame is the game's own view and events; this test does not trust
the game's views: it reads the rules. A whole Ciurme session is played through the server over
WebSockets by scripted phones on every seat (random legal moves, chat on every channel they
may use, the facilitator's words to the room, a crew and a person), with the projector's link
and a phone's second window watching; every frame each of them received is then checked
against what that seat may know at that step (the state replayed from the record): no ballot
but a show of hands at one's own board, no stamp's value before the reveal but one's own, no
other crew's board, meeples, talk or votes, nobody told who raised a motion to depose or
answered it, nobody told who acted on another crew's board. The other games' hidden tiles are
checked the same way. Then the doors of the finished session: the room's debrief is closed
until the facilitator publishes it and keeps every secret when open; the record, the replay
and the facilitator's debrief answer the facilitator alone.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pytest

from ludoteca.engine.match import Match
from ludoteca.games import load_game
from ludoteca.games.ciurme.state import CiurmeState, Stage, Topic
from ludoteca.server.config import ServerConfig, sqlite_url
from ludoteca.server.store.tokens import hash_personal_code
from ludoteca.server.tests.helpers import Client, Player, ServerThread, get, post
from ludoteca.server.tests.tables import plain_games
from ludoteca.server.tests.test_secrecy import play_and_record

CIURME = load_game("ciurme")


class Watcher(Protocol):
    """Whatever recorded the frames a seat received (a test's client, a browser's page)."""

    frames: list[dict[str, Any]]


Check = Callable[[int | None, dict[str, Any]], None]
# Events of a crew's inner life: another crew never hears of them (Visibility, [D-23]).
CREW_EVENTS = {
    "meeple", "moved", "produced", "nothing_produced", "crossing", "steered", "steer_proposed",
    "steer_vote", "repaired", "ballot", "election_opened", "runoff", "awaiting_facilitator",
    "preference", "deposition_proposed", "deposition_failed", "vote_closed", "vote_timer",
}
# Their data names no crew: whose they are is the acting seat's crew.
UNNAMED = {"moved", "produced", "nothing_produced", "crossing", "steered", "repaired"}


# --- playing a session ----------------------------------------------------------------------------
def chatty(client: Client, seat: int, facilitator: int, rng: random.Random
           ) -> Callable[[list[Any]], Any]:
    """A phone's choices: a random legal move, and now and then a message on a channel the
    rules open to it (the facilitator: to the room, a crew or a person), each text unique."""
    said = [0]

    def choose(legal: list[Any]) -> Any:
        latest = client.latest_state()
        view = latest["view"] if latest else {}
        if rng.random() < 0.08:
            said[0] += 1
            text = f"seat {seat} says {said[0]}"
            if seat == facilitator:
                channel, to = rng.choice([("all", None), ("crew", rng.randrange(2)),
                                          ("direct", rng.randrange(facilitator))])
                return {"kind": "post", "channel": channel, "text": text, "to": to}
            if view.get("channels"):
                return {"kind": "post", "channel": rng.choice(view["channels"]), "text": text,
                        "to": None}
        return rng.choice(legal)

    return choose


async def join(base: str, code: str, name: str) -> dict[str, Any]:
    joined = await post(base, "/api/sessions/join", body={"code": code, "name": name})
    assert joined.status_code == 200, joined.text
    return dict(joined.json())


async def play_session(base: str, people: int) -> tuple[dict[str, Any], dict[str, Any],
                                                         list[tuple[Client, int | None]]]:
    """A session of `people` phones to its end: the session's tokens, its record, and every
    client with the seat it watched."""
    session = (await post(base, "/api/sessions", body={"game": "ciurme", "bot_pause": 0,
                                                       "seed": 5})).json()
    sid, code, host = session["id"], session["code"], session["facilitator_token"]
    joined = [await join(base, code, f"P{i}") for i in range(people)]
    assert (await post(base, f"/api/matches/{sid}/start", host)).status_code == 200
    clients: list[tuple[Client, int | None]] = []
    for person in joined:
        client = await Client.connect(base, sid, person["token"], label=person["token"][:6])
        clients.append((client, (await client.state())["seat"]))
    facilitator = await Client.connect(base, sid, host, label="facilitator")
    clients.append((facilitator, people))
    projector = await Client.connect(base, sid, session["spectator_token"], label="projector")
    second = await Client.connect(base, sid, joined[0]["token"], label="second window")
    clients += [(projector, None), (second, clients[0][1])]
    rng = random.Random(11)
    players = [Player(c, chatty(c, seat, people, random.Random(rng.random())))
               for c, seat in clients if seat is not None and c is not second]
    await asyncio.gather(*(p.play(300) for p in players),
                         projector.until(lambda f: f["type"] == "state"
                                         and f["status"] == "over", 300))
    for client, _ in clients:
        await client.drain(0.3)
        await client.close()
    record = (await get(base, f"/api/matches/{sid}/record", host)).json()
    return {**session, "people": joined}, record, clients


def said(message: Any) -> tuple[int, int, str]:
    return message.author, message.period, message.text


def replayed(name: str, record: dict[str, Any]) -> tuple[list[Any], list[tuple[int, Any]]]:
    """The state after each step (0: the set-up) and each step's (seat, action)."""
    game = load_game(name)
    match = Match.from_json(game, record)
    state = game.setup(match.players, match.seed, match.options)
    states = [game.clone(state)]
    for seat, action in match.log:
        game.apply(state, seat, action)
        states.append(game.clone(state))
    return states, match.log


# --- what a Ciurme seat may know, from the rules -----------------------------------------------
def may_read(state: CiurmeState, seat: int | None, message: dict[str, Any]) -> bool:
    """[D-20] [D-22] Who reads a message (`state`: when it was posted), from its channel: the
    room's projector only what the facilitator says to all; a crew its own talk; the deck its
    captain and quartermaster; the table the captains."""
    channel, author, to = message["channel"], message["author"], message.get("to")
    if channel == "all":
        return True
    if seat is None:
        return False
    if author == seat:
        return True
    mine = state.crew_of(seat)
    if author == state.facilitator:
        return to == (seat if channel == "direct" else mine)
    crew = state.crews[mine] if mine is not None else None
    if crew is None or author not in crew.members:
        return channel == "table" and any(c.captain == seat for c in state.crews)
    return channel == "crew" or (channel == "deck" and seat in (crew.captain,
                                                                 crew.quartermaster))


def deposing(before: CiurmeState, seat: int, action: Any) -> bool:
    """Whether a step raised or answered a motion to depose [D-23]."""
    index = before.crew_of(seat) if seat != before.facilitator else None
    vote = before.crews[index].vote if index is not None else None
    return action.kind == "depose" or (
        action.kind == "agree" and vote is not None and vote.topic == Topic.DEPOSITION)


def check_ciurme_view(state: CiurmeState, seat: int | None, view: dict[str, Any],
                      posted: dict[tuple[int, int, str], CiurmeState]) -> None:
    """`posted`: each message (author, period, text) -> the state it was posted in (roles
    change: a deposed captain still read what was said to them)."""
    if seat == state.facilitator:
        return
    mine = state.crew_of(seat) if seat is not None else None
    over = state.stage == Stage.OVER
    captain = mine is not None and state.crews[mine].captain == seat
    for vote in view["votes"]:
        assert vote["crew"] == mine, "another crew's vote"
        if "ballots" in vote:  # a show of hands at one's own board
            assert vote["topic"] == Topic.LIFEBOAT, "a secret ballot"
        if vote["topic"] == Topic.DEPOSITION:
            assert not captain, "a motion to depose shown to its captain"
            assert "proposer" not in vote and "cast" not in vote, "who moved to depose"
        if "my_ballot" in vote:
            assert seat in vote["voters"]
    for record in view["votes_closed"]:
        assert record["crew"] == mine and "ballots" not in record, "a closed vote's ballots"
    for k, stamp in enumerate(view["stamps"]):
        if stamp["value"] is not None:
            assert state.stamps[k][3] == seat, "a stamp's value before the reveal [D-19]"
    assert set(view["hands"]) <= ({str(mine)} if captain else set()), "another's stamps"
    if not over:
        assert set(view["boards"]) <= {str(mine)}, "another crew's board"
        assert set(view["preferences"]) <= {str(mine)}, "another crew's wishes [D-8]"
    for message in view["messages"]:
        when = posted[(message["author"], message["period"], message["text"])]
        assert may_read(when, seat, message), f"not for this seat: {message}"


def check_ciurme_event(before: CiurmeState, after: CiurmeState, actor: int, action: Any,
                       seat: int | None, frame: dict[str, Any]) -> None:
    if seat == before.facilitator:
        return
    kind, data = frame["event"]["kind"], frame["event"]["data"]
    mine = before.crew_of(seat) if seat is not None else None
    theirs = before.crew_of(actor) if actor != before.facilitator else None
    if frame["seat"] is not None and actor != before.facilitator:
        assert theirs == mine and not deposing(before, actor, action), (
            f"told who acted: {kind} by seat {actor}")
    if kind in CREW_EVENTS:
        crew = theirs if kind in UNNAMED else data.get("crew")
        assert crew is None or crew == mine, f"another crew's {kind}"
    assert "by" not in data or kind != "deposition_proposed", "who moved to depose"
    assert not (kind == "ballot" and data.get("topic") == Topic.DEPOSITION
                and "voter" in data), "who answered a motion to depose"
    if kind == "stamp_value":
        assert seat == actor, "a stamp's value before the reveal"
    if kind == "message":
        assert may_read(before, seat, data), f"a message not for this seat: {data}"


# --- the other games' hidden tiles -------------------------------------------------------------
def check_goofspiel(state: Any, seat: int | None, view: dict[str, Any], _: Any) -> None:
    assert view["my_bid"] == (state.bids[seat] if seat is not None else None)
    assert "bids" not in view, "another player's sealed bid"


def check_ligretto(state: Any, seat: int | None, view: dict[str, Any], _: Any) -> None:
    for player in view["players"]:
        assert isinstance(player["stack"], int) and isinstance(player["pile"], int)
    if seat is not None:  # only one's own pile under its top [D-15]
        assert view["pile"] == list(state.players[seat].pile)


def check_castell(state: Any, seat: int | None, view: dict[str, Any], _: Any) -> None:
    # the bag's contents by size are public, its order is not
    assert "bag_order" not in view and all(isinstance(n, int) for n in view["bag"].values())
    festival = view["festival"] or {}
    assert "declarations" not in festival, "another player's declaration"
    if "my_declaration" in festival:
        assert seat in state.declarations


VIEW_CHECKS: dict[str, Callable[[Any, int | None, dict[str, Any], Any], None]] = {
    "goofspiel": check_goofspiel, "ligretto": check_ligretto, "castell": check_castell,
    "ciurme": check_ciurme_view,
}


def no_check(state: Any, seat: int | None, view: dict[str, Any], _: Any) -> None:
    """The check of a game with no secret-specific check of its own."""


def check_frames(name: str, record: dict[str, Any],
                 clients: Sequence[tuple[Watcher, int | None]]) -> int:
    """Every state and event frame of every client against the rules; how many were seen."""
    states, log = replayed(name, record)
    posted = {said(states[step + 1].messages[-1]): states[step]
              for step, (_, action) in enumerate(log) if action.kind == "post"}
    seen = 0
    for client, seat in clients:
        for frame in client.frames:
            if frame["type"] == "state":
                # A game with no check of its own here is checked by test_secrecy's comparison
                # of every view with the game's own view of the true state.
                VIEW_CHECKS.get(name, no_check)(states[frame["step"]], seat, frame["view"],
                                                posted)
            elif frame["type"] == "event" and name == "ciurme":
                step = frame["step"]
                actor, action = log[step - 1]
                check_ciurme_event(states[step - 1], states[step], actor, action, seat, frame)
            else:
                continue
            seen += 1
    return seen


# --- the tests ----------------------------------------------------------------------------------
Played = tuple[ServerThread, dict[str, Any], dict[str, Any], list[tuple[Client, int | None]]]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    config = ServerConfig(database_url=sqlite_url(tmp_path_factory.mktemp("leaks") / "db"),
                          bot_pause=0.0, frames_per_second=1000)
    with ServerThread(config) as running:
        yield running


@pytest.fixture(scope="module")
def played(server: ServerThread) -> Played:
    """One whole session of nine phones, shared by the tests below (the doors are tried
    after the frames are checked)."""
    return (server, *asyncio.run(play_session(server.url, 9)))


def test_no_frame_of_a_whole_session_tells_a_seat_what_the_rules_keep_from_it(
        played: Played) -> None:
    _, _, record, clients = played
    assert check_frames("ciurme", record, clients) > 1000
    final = replayed("ciurme", record)[0][-1]
    assert final.stage == Stage.OVER
    # the session had secrets to keep: secret ballots, talk on private channels, stamps
    assert any(r.topic == Topic.QUARTERMASTER for r in final.votes_log)
    assert {m.channel for m in final.messages} >= {"all", "crew"}
    assert final.history


# Every registered game played as a plain match (Ciurme's session has its own test above),
# Goofspiel at 3 players where two bids can tie.
PLAIN = [(name, 3 if name == "goofspiel" else players, options)
         for name, players, options in plain_games()]


@pytest.mark.parametrize(("name", "players", "options"), PLAIN, ids=[g[0] for g in PLAIN])
def test_no_frame_shows_another_players_hidden_tiles(server: ServerThread, name: str,
                                                     players: int, options: dict[str, Any]
                                                     ) -> None:
    record, clients = asyncio.run(play_and_record(server.url, name, players, options))
    seats = [(c, next(f["seat"] for f in c.frames if f["type"] == "state")) for c in clients]
    assert check_frames(name, record, seats) > 10


def secrets_of(record: dict[str, Any]) -> list[str]:
    """What the room's debrief may never hold: the private talk's texts."""
    states, _ = replayed("ciurme", record)
    return [m.text for m in states[-1].messages if m.channel != "all"]


def tokens_of(session: dict[str, Any]) -> dict[str, str | None]:
    return {"nobody": None, "a phone": session["people"][0]["token"],
            "the projector": session["spectator_token"]}


async def doors(base: str, session: dict[str, Any], record: dict[str, Any]) -> None:
    sid, host = session["id"], session["facilitator_token"]
    tokens = {**tokens_of(session), "the facilitator": host}
    for who, token in tokens.items():
        shut = await get(base, f"/api/matches/{sid}/debrief/room", token)
        assert shut.status_code == (200 if token == host else 403), (who, shut.text)
    refused = await Client.connect(base, sid)  # no token: a session is watched by its link
    assert (await refused.next())["type"] == "error"
    assert (await post(base, f"/api/matches/{sid}/debrief/publish",
                       session["people"][0]["token"])).status_code == 403
    assert (await post(base, f"/api/matches/{sid}/debrief/publish", host)).status_code == 200
    private = secrets_of(record)
    assert private, "the session had private talk to keep"
    for who, token in tokens.items():
        for lang in ("en", "it"):
            room = await get(base, f"/api/matches/{sid}/debrief/room?lang={lang}", token)
            assert room.status_code == 200, (who, room.text)
            text = json.dumps(room.json())
            assert '"ballots"' not in text and not [t for t in private if t in text], who


def test_the_rooms_debrief_opens_when_published_and_keeps_every_secret(played: Played) -> None:
    server, session, record, _ = played
    asyncio.run(doors(server.url, session, record))


def test_the_record_and_debrief_of_a_session_open_to_the_facilitator_alone(
        played: Played) -> None:
    """The replay (the projector's view after each step, no action told) is the room's once
    the session ends; the record and the debrief stay the facilitator's."""
    server, session, _, _ = played

    async def knock(base: str) -> None:
        sid, host = session["id"], session["facilitator_token"]
        for door in ("record", "replay", "debrief"):
            assert (await get(base, f"/api/matches/{sid}/{door}", host)).status_code == 200
            for who, token in tokens_of(session).items():
                answer = await get(base, f"/api/matches/{sid}/{door}", token)
                if door == "replay" and answer.status_code == 200:
                    assert all(s["action"] is None for s in answer.json()["steps"]), who
                    continue
                assert answer.status_code in (403, 404), (door, who, answer.status_code)

    asyncio.run(knock(server.url))


def test_the_replay_and_explanations_keep_who_moved_to_depose(played: Played) -> None:
    """[D-23] After the end too: the replay names no seat of a step that raised or answered a
    motion to depose, and what a seat's search weighed there (from what that seat knew) is
    told to that seat and the facilitator alone."""
    server, session, record, clients = played
    states, log = replayed("ciurme", record)
    secret_steps = [(number, seat) for number, (seat, action) in enumerate(log, 1)
                    if deposing(states[number - 1], seat, action)]
    assert secret_steps, "the session had motions to depose to keep secret"
    seat_of = {c.label: seat for c, seat in clients}
    token_of = {seat_of[p["token"][:6]]: p["token"] for p in session["people"]}

    async def knock(base: str) -> None:
        sid, host = session["id"], session["facilitator_token"]
        replay = (await get(base, f"/api/matches/{sid}/replay", session["spectator_token"]))
        steps = replay.json()["steps"]
        assert [steps[n]["seat"] for n, _ in secret_steps] == [None] * len(secret_steps)
        number, seat = secret_steps[0]
        path = f"/api/matches/{sid}/replay/{number - 1}/explain?seat={seat}"
        others = [t for s, t in token_of.items() if s != seat]
        assert (await get(base, path)).status_code == 403  # a session is watched by its link
        for token in [session["spectator_token"], *others]:
            refused = await get(base, path, token)
            assert refused.status_code == 403, refused.text
            assert "keeps what each seat knew secret after its end" in refused.json()["error"]
        for token in (token_of[seat], host):
            answer = await get(base, path, token)
            assert answer.status_code == 200, answer.text
            assert answer.json()["seat"] == seat and answer.json()["played"] is None

    asyncio.run(knock(server.url))


async def whole_history(client: Client) -> list[dict[str, Any]]:
    """Every event the history frames tell a client that comes back: the page sent on its
    hello, then the older pages it asks for, oldest first."""
    page = await client.until(lambda f: f["type"] == "history")
    told = list(page["events"])
    while page["more"]:
        await client.send({"type": "history", "before": told[0]["step"]})
        page = await client.until(lambda f: f["type"] == "history")
        told = page["events"] + told
    return told


def test_the_history_sent_on_reconnect_names_an_actor_only_where_the_game_says(
        played: Played) -> None:
    """[D-23] Every phone, the facilitator and the projector come back to the finished session:
    the history they are sent names who acted in each event only where the game's own
    `Event.actor_visible` lets that seat know it (never who moved to depose a captain or
    answered the motion, even within the crew), shows only the events `Event.visible` lets it
    see, and passes the rules' own checks of the live events."""
    server, session, record, clients = played
    states, log = replayed("ciurme", record)
    game = load_game("ciurme")
    events: list[list[Any]] = [[]] + [game.apply(game.clone(states[n]), seat, action)
                     for n, (seat, action) in enumerate(log)]
    seat_of = {c.label: seat for c, seat in clients}
    tokens = [(p["token"], seat_of[p["token"][:6]]) for p in session["people"]]
    tokens += [(session["facilitator_token"], states[0].facilitator),
               (session["spectator_token"], None)]

    async def come_back(base: str) -> list[tuple[int | None, list[dict[str, Any]]]]:
        heard = []
        for token, seat in tokens:
            client = await Client.connect(base, session["id"], token)
            heard.append((seat, await whole_history(client)))
            await client.close()
        return heard

    hidden_from_a_crewmate = 0
    for seat, told in asyncio.run(come_back(server.url)):
        wanted = [(step, e) for step in range(1, len(events)) for e in events[step]
                  if e.visible(seat)]
        assert [(t["step"], t["event"]["kind"]) for t in told] == [
            (step, e.kind) for step, e in wanted], seat
        for t, (step, event) in zip(told, wanted, strict=True):
            actor, action = log[step - 1]
            named = actor if event.actor_visible(seat) else None
            assert t["seat"] == named, (seat, step, event.kind, t["seat"])
            check_ciurme_event(states[step - 1], states[step], actor, action, seat, t)
            before = states[step - 1]
            if (named is None and seat is not None and seat != before.facilitator
                    and actor != before.facilitator
                    and before.crew_of(seat) == before.crew_of(actor)):
                hidden_from_a_crewmate += 1
    assert hidden_from_a_crewmate, "the session had an actor to keep from a crewmate"


def test_no_frame_or_door_holds_a_persons_personal_code(played: Played) -> None:
    """A personal code (api.guests) is its person's credential: it is in the answer to their
    join and nowhere else, neither typed nor hashed: no frame any screen received, not the
    record, the replay, the debriefs, the summary or the facilitator's lobby."""
    server, session, record, clients = played
    sid, host = session["id"], session["facilitator_token"]
    codes = [p["personal_code"] for p in session["people"]]
    assert all(codes)
    secret = [*codes, *(hash_personal_code(sid, c) for c in codes)]
    told = re.compile(r"(?<![A-Za-z0-9])(" + "|".join(secret) + r")(?![A-Za-z0-9])")

    async def doors(base: str) -> list[str]:
        paths = ["record", "replay", "debrief", "debrief/room", "debrief?lang=it"]
        answers = [await get(base, f"/api/matches/{sid}/{p}", host) for p in paths]
        answers += [await get(base, f"/api/matches/{sid}"),
                    await get(base, f"/api/sessions/{sid}", host),
                    await get(base, f"/api/sessions/{sid}/claims", host)]
        assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
        return [a.text for a in answers]

    texts = [json.dumps(f) for c, _ in clients for f in c.frames]
    texts += [json.dumps(record), *asyncio.run(doors(server.url))]
    assert len(texts) > 1000
    assert [t for t in texts if told.search(t)] == []
