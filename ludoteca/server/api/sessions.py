"""Sessions: a game run by a facilitator, whose players join from their phones with a code.

Which games: those whose set-up has a role seat beyond the players (`Game.seats` lists more
seats than there are players); the facilitator takes that seat. Before the start, people join a
lobby; the facilitator arranges them into teams (`Game.teams`: Ciurme's crews), balanced or by
moving people, and starts. The plan (`live.crews`) finds the fewest seats from those wanted for
which the game's teams hold every crew, and the lobby shows it, bots included; at the start
the game is set up with the plan's team sizes in the lobby's order (so a crew keeps its number
and flag) and bots take the spare seats.

While it runs: a person whose phone has been away longer than the grace (45 s unless the
facilitator sets another) is played by a bot until the phone is back; a person who comes with
the code after the start takes a free seat, else a seat a bot plays that is nobody's (in the
crew the facilitator chose, else in the crew with the most bots), unless their name is that of
a person whose phone is away: then they ask the facilitator for that seat (api.guests, which
also gives everyone a personal code to come back with). Everybody is named by the
name they typed, bot or no bot, results and debrief included. At the end the debrief is the
facilitator's; the facilitator may publish the room's version, which keeps every secret.
"""

from __future__ import annotations

import asyncio
import copy
import secrets
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from ludoteca.engine.codec import encode
from ludoteca.engine.debrief import AUDIENCES, FACILITATOR, ROOM
from ludoteca.engine.game import Game
from ludoteca.engine.options import options_to_json
from ludoteca.server.api import guests, schemas
from ludoteca.server.api.errors import ApiError, conflict, forbidden, invalid, not_found
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
from ludoteca.server.live import LiveMatch, seating
from ludoteca.server.live.catalog import has_role_seats
from ludoteca.server.live.clocks import ClockBook
from ludoteca.server.live.match import time_bank
from ludoteca.server.live.seat_bots import NEVER
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

# Seconds a person's phone may be away before a bot plays the seat until it is back.
SESSION_GRACE = 45.0
# The latecomers' crew when the facilitator chose none: the one with the most bots.
MOST_BOTS = "most_bots"


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


async def create_session(hub: Hub, request: schemas.CreateSession, base: str,
                         creator: str | None = None) -> schemas.CreatedSession:
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
    grace = check_grace(request.grace) if request.grace is not None else SESSION_GRACE
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
        settings={**settings_from(request, game), "grace": grace,
                  **({"players": request.players} if request.players else {})},
        clocks={}, crews=None, creator=creator,
    )
    await asyncio.to_thread(hub.store.insert, row)
    invite, watch = links(base, match_id)
    return schemas.CreatedSession(
        id=match_id, code=code, facilitator_token=facilitator,
        spectator_url=watch + spectator, spectator_token=spectator,
        join_url=f"{base}/join#code={code}",
    )


def check_grace(grace: float | str) -> float | str:
    if grace != NEVER and not 0 <= float(grace) <= 86_400:
        raise invalid("grace: seconds from 0 to 86400, or never")
    return grace


async def session_by_code(hub: Hub, code: str) -> LiveMatch:
    info = await asyncio.to_thread(hub.store.match_by_code, normalise_code(code))
    live = None if info is None else await hub.get(info.id)
    if live is None:
        raise not_found(f"session with the code {normalise_code(code)!r}", "no_session",
                        session=normalise_code(code))
    return live


async def join_session(hub: Hub, request: schemas.JoinSession) -> schemas.Joined:
    """A new member with a personal code (see guests); after the start, a name whose person
    is away asks for that seat back instead of taking another."""
    live = await session_by_code(hub, request.code)
    info = live.info
    token = new_token()
    code, code_hash = guests.personal_code(info.id)
    if info.status == "lobby":
        member = await join_lobby(hub, live, request.name, hash_token(token), code_hash)
        return schemas.Joined(id=info.id, seat=None, member=member, token=token,
                              personal_code=code)
    if info.status in ("over", "ended"):
        raise conflict("this session is over", "session_over")
    away = guests.away_entry(live, request.name)
    if away is not None:
        return await guests.ask_back(hub, live, away.member, request.name)
    joined = await take_seat(hub, live, request.name, token, code_hash)
    return joined.model_copy(update={"personal_code": code})


def lobby_full(live: LiveMatch) -> ApiError:
    cap = seating.member_cap(live.game, live.config.session_member_margin)
    return conflict(f"this session's lobby is full: at most {cap} people may join (the game "
                    f"seats at most {live.game.max_players}); ask the facilitator to remove "
                    "someone who left", "lobby_full", most=cap)


async def join_lobby(hub: Hub, live: LiveMatch, name: str, token_hash: str,
                     code_hash: str | None = None) -> int:
    """A new member of the lobby, numbered after the others, unless the lobby is full
    (counted in the match's locked transaction: joins at once cannot pass the cap together)."""
    cap = seating.member_cap(live.game, live.config.session_member_margin)
    numbered: list[int] = []

    def write(session: Session, row: MatchRow) -> None:
        if row.status != "lobby":
            raise conflict("the session has just started: join again", "session_started")
        here = session.scalar(select(func.count()).select_from(MemberRow).where(
            MemberRow.match_id == live.id, MemberRow.left.is_(False)))
        if (here or 0) >= cap:
            raise lobby_full(live)
        last = session.scalar(
            select(func.max(MemberRow.member)).where(MemberRow.match_id == live.id))
        numbered.append(0 if last is None else last + 1)
        session.add(MemberRow(match_id=live.id, member=numbered[0], name=name,
                              token_hash=token_hash, seat=None, left=False,
                              code_hash=code_hash))

    await hub.change_header(live, write)
    return numbered[0]


def nobodys_seats(live: LiveMatch) -> list[int]:
    """Seats a latecomer may take: a free one (its person left), or one a bot plays that is
    no person's (a person's seat a bot plays for now waits for its person)."""
    info = live.info
    held = {m.seat for m in info.members if not m.left and m.seat is not None}
    roles = set(live.game.role_seats(live.state))
    return [s.seat for s in info.seats if s.seat not in roles
            and (s.joinable or (s.bot and s.seat not in held))]


def latecomer_seat(live: LiveMatch) -> int | None:
    """The seat a latecomer takes (see `nobodys_seats`): in the crew the facilitator chose for
    latecomers, else in the crew with the most such seats (the first, on a tie)."""
    candidates = nobodys_seats(live)
    teams = [[s for s in team if s in candidates] for team in live.game.teams(live.state)]
    chosen = live.info.settings.get("latecomers", MOST_BOTS)
    if isinstance(chosen, int) and 0 <= chosen < len(teams) and teams[chosen]:
        return teams[chosen][0]
    fullest = max(range(len(teams)), key=lambda i: (len(teams[i]), -i), default=None)
    return None if fullest is None or not teams[fullest] else teams[fullest][0]


async def take_seat(hub: Hub, live: LiveMatch, name: str, token: str,
                    code_hash: str | None = None) -> schemas.Joined:
    """A latecomer takes a seat nobody holds (see `latecomer_seat`): a bot playing it stops,
    the person plays from the next frame, and joins the session's people (named in the results
    and the debrief) in place of anyone who left that seat."""
    seat = latecomer_seat(live)
    if seat is None:
        raise conflict("the session has started and every seat is a person's", "session_full")
    token_hash = hash_token(token)

    def write(session: Session, row: MatchRow) -> None:
        if row.status not in ("running", "paused"):
            raise conflict(f"cannot join: the session is {row.status}", "session_over")
        taken = session.execute(
            update(SeatRow)
            .where(SeatRow.match_id == live.id, SeatRow.seat == seat,
                   SeatRow.bot.is_not(None) | SeatRow.name.is_(None))
            .values(name=name, token_hash=token_hash, bot=None)
        )
        if not getattr(taken, "rowcount", 0):
            raise conflict("someone took that seat first: try again", "seat_taken")
        session.execute(  # whoever left the seat is no longer its person
            update(MemberRow).where(MemberRow.match_id == live.id, MemberRow.seat == seat)
            .values(seat=None))
        last = session.scalar(
            select(func.max(MemberRow.member)).where(MemberRow.match_id == live.id))
        session.add(MemberRow(match_id=live.id, member=0 if last is None else last + 1,
                              name=name, token_hash=token_hash, seat=seat, left=False,
                              code_hash=code_hash))

    await hub.change_header(live, write)
    live.presence.mark_empty(seat, hub.now())
    member = next((m.member for m in live.info.members if m.seat == seat and not m.left), None)
    return schemas.Joined(id=live.id, seat=seat, token=token, member=member, late=True)


def session_out(live: LiveMatch) -> schemas.SessionOut:
    info = live.info
    assert info.join_code is not None
    return schemas.SessionOut(
        id=info.id, game=info.game, code=info.join_code, status=info.status,
        players=info.players,
        members=[schemas.MemberOut(member=m.member, name=m.name, seat=m.seat)
                 for m in info.members if not m.left],
        crews=info.crews or [],
        members_cap=seating.member_cap(live.game, live.config.session_member_margin),
        grace=info.settings.get("grace"),
        latecomers=info.settings.get("latecomers", MOST_BOTS),
        claims=info.settings.get("claims", "away"),
        debrief_published=bool(info.settings.get("debrief_published")),
    )


async def facilitated(hub: Hub, match_id: str, token: str | None) -> LiveMatch:
    live = await hub.get(match_id)
    if live is None or not live.info.is_session:
        raise not_found(f"session {match_id[:40]!r}")
    check_host(live, token)
    return live


def _in_lobby(live: LiveMatch) -> None:
    if live.info.status != "lobby":
        raise conflict("the session has started: crews are set", "session_started")


def _active(info: MatchInfo) -> list[int]:
    return [m.member for m in info.members if not m.left]


async def _store_crews(hub: Hub, live: LiveMatch, formed: list[list[int]],
                       players: int | None = None) -> None:
    """The crews (and, balanced for a number of seats, that number: the plan's and the
    start's)."""
    def write(session: Session, row: MatchRow) -> None:
        if row.status != "lobby":
            raise conflict("the session has started: crews are set", "session_started")
        row.crews = formed
        if players is not None:
            row.settings = {**row.settings, "players": players}

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


def plan_error(exc: seating.PlanError) -> ApiError:
    return conflict(str(exc), exc.code, **exc.params)


def session_plan(live: LiveMatch, players: int | None = None, balanced: bool = False
                 ) -> seating.Plan:
    """The seating of the people joined: in their crews, or balanced, for the fewest seats
    from those wanted that the game can set up (any head-count: bots take the spare seats)."""
    info, game = live.info, live.game
    try:
        options = game.options(info.options)
        wanted = players or info.settings.get("players") or 0
        if balanced:
            return seating.balanced(game, options, _active(info), wanted)
        return seating.plan(game, options, info.crews or [], _active(info), wanted)
    except seating.PlanError as exc:
        raise plan_error(exc) from None
    except ValueError as exc:
        raise invalid(str(exc)) from None


async def balance(hub: Hub, live: LiveMatch, players: int | None = None) -> schemas.SessionOut:
    """Everybody joined in the game's own teams for `players` seats (default: one each, or as
    few more as the game needs: 11 people make 12 seats, one a bot's)."""
    _in_lobby(live)
    made = session_plan(live, players, balanced=True)
    await _store_crews(hub, live, made.crews, made.players)
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
        _mark_left(session, live.id, member)
        if row.crews:
            row.crews = [[m for m in crew if m != member] for crew in row.crews]

    await hub.change_header(live, write)
    return session_out(live)


def _mark_left(session: Session, match_id: str, member: int) -> None:
    """The member is gone: their token opens nothing of the session any more."""
    session.execute(
        update(MemberRow)
        .where(MemberRow.match_id == match_id, MemberRow.member == member)
        .values(left=True)
    )


async def leave_session(hub: Hub, live: LiveMatch, token: str | None) -> schemas.Done:
    """A member leaves: before the start the lobby forgets them; after it the seat is free.
    Either way their token opens nothing after (not even the session as a watcher)."""
    members = [(m.token_hash, m.member) for m in live.info.members if not m.left]
    member = find_token(token, members)
    if live.info.status == "lobby":
        if not isinstance(member, int):
            raise forbidden("that token is no member of this session")
        await remove(hub, live, member)
        return schemas.Done(status=live.info.status)
    done = await leave(hub, live, token)
    if isinstance(member, int):
        gone = member
        await hub.change_header(live, lambda session, _: _mark_left(session, live.id, gone))
    return done


async def start_session(hub: Hub, live: LiveMatch, request: schemas.StartMatch) -> None:
    """The game set up with the plan's team sizes, in the lobby's order, each crew on its own
    team; bots (the request's, else the stand-in bot) take the spare seats."""
    info, game = live.info, live.game
    made = session_plan(live, request.players)
    try:
        options = game.options_for_teams(game.options(info.options), made.sizes)
        state = game.setup(made.players, info.seed, options)
    except ValueError as exc:
        raise invalid(f"{exc}: move people between crews") from None
    seats_of = seating.seats_of(made, game.teams(state))
    roles = game.role_seats(state)
    spec = check_bot(hub, request.bots or live.config.stand_in_bot, game, state)
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
        if seat not in roles:
            return SeatRow(match_id=info.id, seat=seat, name=bot_name(spec), token_hash=None,
                           bot=spec)
        # Empty: a latecomer with the code takes it.
        return SeatRow(match_id=info.id, seat=seat, name=None, token_hash=None, bot=None,
                       open=True)

    def write(session: Session, row: MatchRow) -> None:
        if row.status != "lobby":
            raise conflict(f"cannot start: the session is {row.status}", "session_started")
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
        bots = {seat for seat in game.seats(state) if seat not in people and seat not in roles}
        clocks.settle(now, sorted(game.actors(state) - bots), None, running=True)
        row.players, row.status, row.started_at, row.clocks = (
            made.players, "running", now, clocks.data)
        row.options = options_to_json(options)

    await hub.change_header(live, write)


async def change_settings(hub: Hub, live: LiveMatch, request: schemas.SessionSettings
                          ) -> schemas.SessionOut:
    """The facilitator's settings of a session: the grace before a bot plays for someone
    away, the crew latecomers join, and (before the start) the seats it is planned for, which
    the lobby's plan shows and the start makes."""
    changes: dict[str, Any] = {}
    if request.grace is not None:
        changes["grace"] = check_grace(request.grace)
    if request.latecomers is not None:
        changes["latecomers"] = request.latecomers
    if request.claims is not None:
        changes["claims"] = request.claims
    if request.players is not None:
        _in_lobby(live)
        session_plan(live, request.players)  # refused now, saying why, if nobody fits it
        changes["players"] = request.players

    def write(session: Session, row: MatchRow) -> None:
        if row.status in ("over", "ended"):
            raise conflict(f"the session is {row.status}", "session_over")
        if "players" in changes and row.status != "lobby":
            raise conflict("the session has started: crews are set", "session_started")
        row.settings = {**row.settings, **changes}

    await hub.change_header(live, write)
    now = hub.now()
    for seat in live.info.seats:  # a new grace counts from now for whoever is away
        if not live.presence.connected(seat.seat, now):
            live.presence.mark_empty(seat.seat, now)
    live.changed.set()
    return session_out(live)


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


def people_names(live: LiveMatch) -> dict[int, str]:
    """Each seat's name in the room: the person who joined with the code (whether a bot plays
    for them now or not), else "Bot 3" where a bot played (as the room's screens say)."""
    info = live.info
    names = {s.seat: f"Bot {s.seat + 1}" for s in info.seats if s.bot}
    names.update({s.seat: s.name for s in info.seats if s.name and not s.bot})
    names.update({m.seat: m.name for m in info.members if m.seat is not None and not m.left})
    return names


def debrief(live: LiveMatch, language: str = "en", audience: str = FACILITATOR
            ) -> dict[str, Any]:
    """The game's debrief of a finished session in `language` for `audience` (the
    facilitator's, or the room's), naming everybody as the room's screens do."""
    if live.state is None or live.info.status not in ("over", "ended"):
        raise conflict("the debrief opens when the session is over", "debrief_not_yet")
    if audience not in AUDIENCES:
        raise invalid(f"audience: {' or '.join(AUDIENCES)}")
    names = people_names(live)
    try:
        material = live.game.debrief(live.state, language, names, audience)
    except ValueError as exc:
        raise invalid(str(exc)) from exc
    if material is None:
        raise not_found(f"a debrief of {live.game.name}: the game has none")
    bots = [s.seat for s in live.info.seats if s.bot]
    return {"id": live.id, "game": live.game.name, "status": live.info.status,
            "language": language, "audience": audience,
            "names": {str(s): n for s, n in names.items()}, "bots": bots,
            "debrief": encode(material)}


def room_debrief(live: LiveMatch, language: str = "en") -> dict[str, Any]:
    """The room's debrief (the caller checked its door, see live.access)."""
    return debrief(live, language, ROOM)


async def publish_debrief(hub: Hub, live: LiveMatch) -> schemas.SessionOut:
    """The facilitator hands the room's debrief (every secret left out) to everybody."""
    def write(session: Session, row: MatchRow) -> None:
        if row.status not in ("over", "ended"):
            raise conflict("the debrief opens when the session is over", "debrief_not_yet")
        row.settings = {**row.settings, "debrief_published": True}

    await hub.change_header(live, write)
    return session_out(live)


async def lobby_session(hub: Hub, match_id: str, token: str | None) -> schemas.SessionOut:
    return session_out(await facilitated(hub, match_id, token))


__all__ = [
    "balance",
    "change_settings",
    "create_session",
    "debrief",
    "facilitated",
    "give_back",
    "join_session",
    "leave_session",
    "lobby_session",
    "move",
    "publish_debrief",
    "remove",
    "room_debrief",
    "set_crews",
    "start_session",
]
