"""Sessions: a game run by a facilitator, whose players join from their phones with a code.

Which games: those whose set-up has a role seat beyond the players (`Game.seats` lists more
seats than there are players); the facilitator takes that seat. Before the start, people join a
lobby; the facilitator arranges them into teams (`Game.teams`: Ciurme's crews), balanced or by
moving people, and starts. At the start the server counts the players, sets the game up, and
seats each team's people on the seats of one of the game's own teams, matched by size. Teams
are always the game's: to get other team sizes the facilitator sets the game's own options
when creating the session (the server never names an option).
"""

from __future__ import annotations

import asyncio
import copy
import secrets
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from ludoteca.engine.codec import encode
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.server.api import schemas
from ludoteca.server.api.errors import conflict, forbidden, invalid, not_found
from ludoteca.server.api.lobby import (
    MAX_SEED,
    bot_name,
    check_bot,
    check_host,
    leave,
    links,
    settings_from,
)
from ludoteca.server.hub import Hub
from ludoteca.server.live import LiveMatch
from ludoteca.server.live.catalog import has_role_seats
from ludoteca.server.live.clocks import ClockBook
from ludoteca.server.live.match import time_bank
from ludoteca.server.store import MatchInfo
from ludoteca.server.store.models import MatchRow, MemberRow, SeatRow
from ludoteca.server.store.tokens import (
    find_token,
    hash_token,
    new_join_code,
    new_match_id,
    new_token,
    normalise_code,
)


def session_game(hub: Hub, name: str | None) -> Game[Any]:
    try:
        if name is not None:
            game = hub.catalog.game(name)
            if not has_role_seats(game):
                raise invalid(f"{name} has no facilitator's seat: create a match instead")
            return game
    except ValueError as exc:
        raise invalid(str(exc)) from None
    facilitated = hub.catalog.facilitated()
    if len(facilitated) != 1:
        raise invalid(f"say which game: the games run with a facilitator are {facilitated}")
    return hub.catalog.game(facilitated[0])


async def create_session(hub: Hub, request: schemas.CreateSession, base: str
                         ) -> schemas.CreatedSession:
    game = session_game(hub, request.game)
    try:
        options = game.options(request.options)
        if request.players is not None:
            game.check_players(request.players)
            game.setup(request.players, 0, options)
    except ValueError as exc:
        raise invalid(str(exc)) from None
    facilitator, spectator = new_token(), new_token()
    match_id = new_match_id()
    for _ in range(20):  # a code already in use is drawn again
        code = new_join_code()
        if await asyncio.to_thread(hub.store.match_by_code, code) is None:
            break
    row = MatchRow(
        id=match_id, game=game.name, players=None,
        seed=request.seed if request.seed is not None else secrets.randbelow(MAX_SEED),
        options=options_to_json(options), status="lobby", created_at=hub.now(),
        started_at=None, finished_at=None, step=0, host_token_hash=hash_token(facilitator),
        spectator_token_hash=hash_token(spectator), public_spectators=False, join_code=code,
        settings={**settings_from(request, game),
                  **({"players": request.players} if request.players else {})},
        clocks={}, crews=None,
    )
    await asyncio.to_thread(hub.store.insert, row)
    invite, watch = links(base, match_id)
    return schemas.CreatedSession(
        id=match_id, code=code, facilitator_token=facilitator,
        spectator_url=watch + spectator, spectator_token=spectator,
        join_url=f"{base}/join#code={code}",
    )


async def session_by_code(hub: Hub, code: str) -> LiveMatch:
    info = await asyncio.to_thread(hub.store.match_by_code, normalise_code(code))
    live = None if info is None else await hub.get(info.id)
    if live is None:
        raise not_found(f"session with the code {normalise_code(code)!r}")
    return live


async def join_session(hub: Hub, request: schemas.JoinSession) -> schemas.Joined:
    live = await session_by_code(hub, request.code)
    info = live.info
    token = new_token()
    if info.status == "lobby":
        member = await asyncio.to_thread(hub.store.add_member, info.id, request.name,
                                         hash_token(token))
        await hub.header_changed(live)
        return schemas.Joined(id=info.id, seat=None, member=member, token=token)
    if info.status in ("over", "ended"):
        raise conflict("this session is over")
    roles = set(live.game.role_seats(live.state))
    for seat in [s.seat for s in info.seats if s.joinable and s.seat not in roles]:
        if await asyncio.to_thread(hub.store.claim_seat, info.id, seat, request.name,
                                   hash_token(token)):
            live.presence.mark_empty(seat, hub.now())
            await hub.header_changed(live)
            return schemas.Joined(id=info.id, seat=seat, token=token)
    raise conflict("the session has started and every seat is taken")


def session_out(live: LiveMatch) -> schemas.SessionOut:
    info = live.info
    assert info.join_code is not None
    return schemas.SessionOut(
        id=info.id, game=info.game, code=info.join_code, status=info.status,
        players=info.players,
        members=[schemas.MemberOut(member=m.member, name=m.name, seat=m.seat)
                 for m in info.members if not m.left],
        crews=info.crews or [],
    )


async def facilitated(hub: Hub, match_id: str, token: str | None) -> LiveMatch:
    live = await hub.get(match_id)
    if live is None or not live.info.is_session:
        raise not_found(f"session {match_id[:40]!r}")
    check_host(live, token)
    return live


def _in_lobby(live: LiveMatch) -> None:
    if live.info.status != "lobby":
        raise conflict("the session has started: crews are set")


def _active(info: MatchInfo) -> list[int]:
    return [m.member for m in info.members if not m.left]


async def _store_crews(hub: Hub, live: LiveMatch, crews: list[list[int]]) -> None:
    def write(session: Session, row: MatchRow) -> None:
        if row.status != "lobby":
            raise conflict("the session has started: crews are set")
        row.crews = crews

    await hub.change_header(live, write)


async def set_crews(hub: Hub, live: LiveMatch, crews: list[list[int]]) -> schemas.SessionOut:
    _in_lobby(live)
    active = set(_active(live.info))
    listed = [m for crew in crews for m in crew]
    unknown = sorted(set(listed) - active)
    if unknown:
        raise invalid(f"crews: no member {unknown} in this session; members: {sorted(active)}")
    if len(listed) != len(set(listed)):
        raise invalid("crews: a member is listed twice")
    await _store_crews(hub, live, [list(c) for c in crews if c])
    return session_out(live)


def game_teams(live: LiveMatch, players: int) -> list[list[int]]:
    """The game's own teams for this many players, or a 422 with the game's sentence."""
    game, info = live.game, live.info
    try:
        game.check_players(players)
        return game.teams(game.setup(players, info.seed, info.options))
    except ValueError as exc:
        raise invalid(str(exc)) from None


def players_wanted(info: MatchInfo, requested: int | None = None) -> int:
    return max(requested or info.settings.get("players") or 0, len(_active(info)))


async def balance(hub: Hub, live: LiveMatch, players: int | None = None) -> schemas.SessionOut:
    """Everybody joined in the game's own teams for `players` seats (default: one each)."""
    _in_lobby(live)
    teams = game_teams(live, players_wanted(live.info, players))
    crews: list[list[int]] = [[] for _ in teams]
    for member in _active(live.info):
        fullest = max(range(len(teams)), key=lambda i: (len(teams[i]) - len(crews[i]), -i))
        crews[fullest].append(member)
    await _store_crews(hub, live, crews)
    return session_out(live)


async def move(hub: Hub, live: LiveMatch, request: schemas.MoveMember) -> schemas.SessionOut:
    _in_lobby(live)
    if request.member not in _active(live.info):
        raise invalid(f"member: there is no member {request.member} in this session")
    crews = [[m for m in crew if m != request.member] for crew in live.info.crews or []]
    if request.crew > len(crews):
        raise invalid(f"crew: choose 0 to {len(crews)} (that one makes a new crew)")
    if request.crew == len(crews):
        crews.append([])
    crews[request.crew].append(request.member)
    await _store_crews(hub, live, [c for c in crews if c])
    return session_out(live)


async def remove(hub: Hub, live: LiveMatch, member: int) -> schemas.SessionOut:
    """A member who left before the start (said by the facilitator, or by the member)."""
    _in_lobby(live)
    if member not in _active(live.info):
        raise invalid(f"member: there is no member {member} in this session")

    def write(session: Session, row: MatchRow) -> None:
        if row.status != "lobby":
            raise conflict("the session has started: leave the seat instead")
        session.execute(
            update(MemberRow)
            .where(MemberRow.match_id == live.id, MemberRow.member == member)
            .values(left=True)
        )
        if row.crews:
            row.crews = [[m for m in crew if m != member] for crew in row.crews]

    await hub.change_header(live, write)
    return session_out(live)


async def leave_session(hub: Hub, live: LiveMatch, token: str | None) -> schemas.Done:
    """A member leaves: before the start the lobby forgets them; after it the seat is free."""
    if live.info.status == "lobby":
        members = [(m.token_hash, m.member) for m in live.info.members if not m.left]
        member = find_token(token, members)
        if not isinstance(member, int):
            raise forbidden("that token is no member of this session")
        await remove(hub, live, member)
        return schemas.Done(status=live.info.status)
    return await leave(hub, live, token)


def seat_people(teams: list[list[int]], crews: list[list[int]], members: list[int]
                ) -> dict[int, int]:
    """Member -> seat: each crew onto one of the game's teams (largest onto largest), then
    whoever is in no crew onto the team with the most free seats."""
    crews = [c for c in crews if c]
    if len(crews) > len(teams):
        raise conflict(f"there are {len(crews)} crews but the game makes {len(teams)} for "
                       f"this many players: move people so there are {len(teams)}")
    by_size_teams = sorted(range(len(teams)), key=lambda i: -len(teams[i]))
    by_size_crews = sorted(range(len(crews)), key=lambda i: -len(crews[i]))
    free = [list(team) for team in teams]
    seats: dict[int, int] = {}
    for team_index, crew_index in zip(by_size_teams, by_size_crews, strict=False):
        crew = crews[crew_index]
        if len(crew) > len(teams[team_index]):
            sizes = sorted((len(t) for t in teams), reverse=True)
            wanted = sorted((len(c) for c in crews), reverse=True)
            raise conflict(f"crews of {wanted} people do not fit the game's crews of {sizes} "
                           "for this many players: move people between crews")
        for member in crew:
            seats[member] = free[team_index].pop(0)
    for member in members:
        if member not in seats:
            roomiest = max(range(len(free)), key=lambda i: (len(free[i]), -i))
            if not free[roomiest]:
                raise conflict("there are more people than seats")
            seats[member] = free[roomiest].pop(0)
    return seats


def formed_teams(info: MatchInfo, players: int) -> list[int] | None:
    """The sizes of the crews the facilitator formed, when they seat everybody and fill every
    seat (then the game is set up with exactly those crews); None: the game forms its own."""
    crews = [c for c in info.crews or [] if c]
    seated = {m for crew in crews for m in crew}
    if not crews or seated != set(_active(info)) or len(seated) != players:
        return None
    return [len(crew) for crew in crews]


async def start_session(hub: Hub, live: LiveMatch, request: schemas.StartMatch) -> None:
    info, game = live.info, live.game
    players = players_wanted(info, request.players)
    sizes = formed_teams(info, players)
    try:
        options = game.options(info.options)
        if sizes is not None:
            options = game.options_for_teams(options, sizes)
    except ValueError as exc:
        raise invalid(f"{exc}: move people between crews") from None
    try:
        game.check_players(players)
        state = game.setup(players, info.seed, options)
    except ValueError as exc:
        raise invalid(f"{exc} ({len(_active(info))} people have joined; set players to leave "
                      "seats empty for latecomers or bots)") from None
    teams = game.teams(state)
    seats_of = seat_people(teams, info.crews or [], _active(info))
    roles = game.role_seats(state)
    spec = check_bot(hub, request.bots, game, state) if request.bots else None
    members = {m.member: m for m in info.members}
    people = {seat: members[member] for member, seat in seats_of.items()}

    def seat_row(seat: int) -> SeatRow:
        if seat in people:
            person = people[seat]
            return SeatRow(match_id=info.id, seat=seat, name=person.name,
                           token_hash=person.token_hash, bot=None)
        if roles and seat == roles[0]:
            return SeatRow(match_id=info.id, seat=seat, name="facilitator",
                           token_hash=info.host_token_hash, bot=None)
        if spec is not None and seat not in roles:
            return SeatRow(match_id=info.id, seat=seat, name=bot_name(spec), token_hash=None,
                           bot=spec)
        # Empty: a latecomer with the code takes it.
        return SeatRow(match_id=info.id, seat=seat, name=None, token_hash=None, bot=None,
                       open=True)

    def write(session: Session, row: MatchRow) -> None:
        if row.status != "lobby":
            raise conflict(f"cannot start: the session is {row.status}")
        now = hub.now()
        session.add_all(seat_row(seat) for seat in game.seats(state))
        for member, seat in seats_of.items():
            session.execute(
                update(MemberRow)
                .where(MemberRow.match_id == info.id, MemberRow.member == member)
                .values(seat=seat)
            )
        clocks = ClockBook(copy.deepcopy(row.clocks), time_bank(row.settings))
        clocks.track(game.deadlines(state), now, running=True)
        bots = {seat for seat in game.seats(state) if spec is not None and seat not in people
                and seat not in roles}
        clocks.settle(now, sorted(game.actors(state) - bots), None, running=True)
        row.players, row.status, row.started_at, row.clocks = players, "running", now, clocks.data
        row.options = options_to_json(options)

    await hub.change_header(live, write)


async def give_back(hub: Hub, live: LiveMatch, seat: int) -> schemas.Done:
    """The seat a bot played while its person was away goes back to that person (who joined
    with the code): their phone plays it again from the next frame."""
    person = next((m for m in live.info.members if m.seat == seat and not m.left), None)
    if person is None:
        raise conflict(f"seat {seat} is not the seat of anyone who joined with the code: "
                       "give it to a bot, or leave it for a latecomer")

    def write(session: Session, row: MatchRow) -> None:
        if row.status not in ("running", "paused"):
            raise conflict(f"cannot give a seat back: the session is {row.status}")
        session.execute(
            update(SeatRow)
            .where(SeatRow.match_id == live.id, SeatRow.seat == seat)
            .values(name=person.name, token_hash=person.token_hash, bot=None)
        )

    await hub.change_header(live, write)
    return schemas.Done(status=live.info.status)


def debrief(live: LiveMatch, language: str = "en") -> dict[str, Any]:
    """The game's debrief of a finished session in `language`, naming people by the names they
    chose and the seats bots played "Bot 3" (as the room's screens do)."""
    if live.state is None or live.info.status not in ("over", "ended"):
        raise conflict("the debrief opens when the session is over")
    names = {s.seat: s.name for s in live.info.seats if s.name and not s.bot}
    bots = [s.seat for s in live.info.seats if s.bot]
    try:
        material = live.game.debrief(live.state, language,
                                     {**names, **{seat: f"Bot {seat + 1}" for seat in bots}})
    except ValueError as exc:
        raise invalid(str(exc)) from exc
    if material is None:
        raise not_found(f"a debrief of {live.game.name}: the game has none")
    return {"id": live.id, "game": live.game.name, "status": live.info.status,
            "language": language, "names": {str(s): n for s, n in names.items()},
            "bots": bots, "debrief": encode(material)}


async def lobby_session(hub: Hub, match_id: str, token: str | None) -> schemas.SessionOut:
    return session_out(await facilitated(hub, match_id, token))


__all__ = [
    "balance",
    "create_session",
    "debrief",
    "facilitated",
    "give_back",
    "join_session",
    "leave_session",
    "lobby_session",
    "move",
    "remove",
    "set_crews",
    "start_session",
]
