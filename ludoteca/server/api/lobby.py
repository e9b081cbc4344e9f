"""The lobby: creating matches, joining and leaving seats, and the host's controls.

Everything a game decides (players, options, seats) is asked of the game through the engine
contract; a `ValueError` from it becomes a 422 whose sentence is the game's own.
"""

from __future__ import annotations

import asyncio
import copy
import secrets
from collections.abc import Mapping
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from ludoteca.bots.spec import parse_spec
from ludoteca.engine.clock import default_reaction_seconds
from ludoteca.engine.game import Game
from ludoteca.engine.match import Match
from ludoteca.engine.options import options_to_json
from ludoteca.engine.rng import Rng
from ludoteca.server.api import schemas
from ludoteca.server.api.errors import ApiError, conflict, forbidden, invalid, not_found
from ludoteca.server.hub import Hub
from ludoteca.server.live import LiveMatch
from ludoteca.server.live.access import Door, door_refusal
from ludoteca.server.live.clocks import ClockBook
from ludoteca.server.live.match import time_bank
from ludoteca.server.live.seat_bots import NEVER, check_budget
from ludoteca.server.store import MatchInfo
from ludoteca.server.store.models import MatchRow, SeatRow
from ludoteca.server.store.tokens import (
    find_token,
    hash_personal_code,
    hash_token,
    new_match_id,
    new_personal_code,
    new_token,
    token_matches,
)

MAX_SEED = 2**31


def bot_name(spec: str) -> str:
    return f"bot ({spec})"


def check_bot(hub: Hub, spec: str, game: Game[Any], state: Any) -> str:
    """The spec tidied, or a 422 that says what is allowed (levels included: a real-time game
    is asked for a reaction time at its level; budgets within the server's caps)."""
    try:
        parsed = parse_spec(spec)
        check_budget(parsed, hub.config)
        bot = parsed.build()
        default_reaction_seconds(bot.level, Rng(0))
        if game.real_time:
            for seat in sorted(game.actors(state)):
                for action in game.legal_actions(state, seat)[:1]:
                    game.reaction_seconds(state, seat, action, bot.level, Rng(0))
    except ValueError as exc:
        raise invalid(f"bot {spec!r}: {exc}") from None
    return bot.name


def settings_from(request: schemas.CreateMatch | schemas.CreateSession, game: Game[Any]
                  ) -> dict[str, Any]:
    settings: dict[str, Any] = {}
    if request.seed is not None:  # a deal its host knows: the match is not rated
        settings["seed_chosen"] = True
    if request.bot_pause is not None:
        settings["bot_pause"] = request.bot_pause
    if isinstance(request, schemas.CreateMatch):
        if request.grace is not None:
            if request.grace != NEVER and not 0 <= float(request.grace) <= 86_400:
                raise invalid("grace: seconds from 0 to 86400, or never")
            settings["grace"] = request.grace
        if request.time_bank is not None:
            if game.real_time:
                raise invalid(
                    "time_bank: time banks are for turn-based games; in a real-time game "
                    "everybody plays at once"
                )
            settings["time_bank"] = request.time_bank.model_dump()
    return settings


def setup_checked(game: Game[Any], players: int, seed: int, options: Any) -> tuple[Any, Any]:
    """The parsed options and a set-up state, or a 422 with the game's sentence."""
    try:
        game.check_players(players)
        parsed = game.options(options)
        return parsed, game.setup(players, seed, parsed)
    except ValueError as exc:
        raise invalid(str(exc)) from None


def links(base: str, match_id: str) -> tuple[str, str]:
    """The invite and watch addresses; the token goes after '#', which browsers never send to
    a server, so it stays out of every access log."""
    return f"{base}/play/{match_id}#token=", f"{base}/watch/{match_id}#token="


# --- creating and reading -------------------------------------------------------------------------
async def create_match(hub: Hub, request: schemas.CreateMatch, base: str,
                       creator: str | None = None) -> schemas.CreatedMatch:
    try:
        game = hub.catalog.game(request.game)
    except ValueError as exc:
        raise invalid(str(exc)) from None
    seed = request.seed if request.seed is not None else secrets.randbelow(MAX_SEED)
    options, state = setup_checked(game, request.players, seed, request.options)
    seats = game.seats(state)
    bots: dict[int, str] = {}
    for key, spec in (request.bots or {}).items():
        if not (key.isdigit() and len(key) <= 3) or int(key) not in seats:
            raise invalid(f"bots: seat {key!r} does not exist; the seats are {seats}")
        bots[int(key)] = check_bot(hub, spec, game, state)
    open_seats = set(request.open_seats or [])
    wrong = sorted(open_seats - set(seats)) or sorted(open_seats & set(bots))
    if wrong:
        raise invalid(f"open_seats: seat {wrong[0]} is not a seat left for a person; the seats "
                      f"are {seats}, bots play {sorted(bots) or 'none'}")
    settings = settings_from(request, game)
    host, spectator = new_token(), new_token()
    # An invite link for every seat a person plays but the open ones, which anyone may take.
    tokens = {seat: new_token() for seat in seats if seat not in bots and seat not in open_seats}
    match_id = new_match_id()
    row = MatchRow(
        id=match_id, game=game.name, players=request.players, seed=seed,
        options=options_to_json(options), status="open", created_at=hub.now(),
        started_at=None, finished_at=None, step=0, host_token_hash=hash_token(host),
        spectator_token_hash=hash_token(spectator),
        public_spectators=request.spectators == "anyone", join_code=None,
        settings=settings, clocks={}, crews=None, creator=creator,
    )
    seat_rows = [
        SeatRow(match_id=match_id, seat=seat,
                name=bot_name(bots[seat]) if seat in bots else None,
                token_hash=hash_token(tokens[seat]) if seat in tokens else None,
                bot=bots.get(seat), open=seat in open_seats)
        for seat in seats
    ]
    await asyncio.to_thread(hub.store.insert, row, *seat_rows)
    invite, watch = links(base, match_id)
    return schemas.CreatedMatch(
        id=match_id, game=game.name, status="open",
        seats=[
            schemas.SeatOut(seat=seat, token=tokens.get(seat),
                            invite_url=invite + tokens[seat] if seat in tokens else None,
                            bot=bots.get(seat))
            for seat in seats
        ],
        spectator_url=watch + spectator, spectator_token=spectator, host_token=host,
    )


async def live_match(hub: Hub, match_id: str) -> LiveMatch:
    live = await hub.get(match_id)
    if live is None:
        raise not_found(f"match {match_id[:40]!r}", "no_match")
    return live


def summary(hub: Hub, live: LiveMatch) -> schemas.MatchSummary:
    result = None
    if live.state is not None and live.game.is_over(live.state):
        result = live.game.public_result(live.game.result(live.state))
    return summary_of(live.info, live.game, live.presence.counts(hub.now()), result)


def summary_of(info: MatchInfo, game: Game[Any], connected: Mapping[int, int],
               result: dict[str, Any] | None = None) -> schemas.MatchSummary:
    """A match's public summary from its header (`connected`: people at each seat)."""
    return schemas.MatchSummary(
        id=info.id, game=info.game, title=game.title or game.name,
        status=info.status, players=info.players, created_at=info.created_at,
        started_at=info.started_at, finished_at=info.finished_at, step=info.step,
        seats=[
            schemas.SeatSummary(seat=s.seat, name=s.name, taken=not s.free, bot=s.bot,
                                connected=connected.get(s.seat, 0) > 0, open=s.joinable)
            for s in info.seats
        ],
        free_seats=sum(1 for s in info.seats if s.joinable),
        session=info.is_session,
        rated=not info.settings.get("seed_chosen"),
        result=result,
    )


async def open_matches(hub: Hub, limit: int) -> list[schemas.MatchSummary]:
    """The open matches' summaries from their headers: listing them loads none (a thousand
    open matches nobody is at would all have been loaded by every visit of the home page)."""
    infos = await asyncio.to_thread(hub.store.open_matches, limit)
    out = []
    now = hub.now()
    for info in infos:
        if info.is_session:
            continue  # a session is joined with the code said in the room
        live = hub.matches.get(info.id)
        connected = live.presence.counts(now) if live is not None else {}
        out.append(summary_of(info, hub.catalog.game(info.game), connected))
    return out


def check_door(live: LiveMatch, door: Door, token: str | None, seat: int | None = None
               ) -> None:
    """A 403 or 409 with the reason unless `token` may go through `door` now (see access)."""
    refusal = door_refusal(door, live.info, live.game, token, seat)
    if refusal is not None:
        raise ApiError(refusal.status, refusal.reason, refusal.code)


async def record(hub: Hub, live: LiveMatch) -> dict[str, Any]:
    """The saved-match JSON that `ludoteca replay` and `ludoteca debrief` read (the caller
    checked the door)."""
    info = live.info
    if info.players is None:
        raise conflict("the session has not started: there is nothing to record yet")
    logged = await asyncio.to_thread(hub.store.actions, info.id)
    game = live.game
    match = Match(game, info.players, info.seed, game.options(info.options),
                  [(a.seat, game.decode_action(a.action)) for a in logged])
    return match.to_json()


# --- seats ----------------------------------------------------------------------------------------
async def join(hub: Hub, live: LiveMatch, request: schemas.JoinMatch) -> schemas.Joined:
    info = live.info
    if info.is_session:
        raise conflict("join this session with its code: POST /api/sessions/join")
    if info.status in ("over", "ended"):
        raise conflict("the match is over: there is no seat to take", "match_over")
    free = [s.seat for s in info.seats if s.joinable]
    if request.seat is not None:
        asked = next((s for s in info.seats if s.seat == request.seat), None)
        if asked is None:
            raise invalid(f"seat {request.seat} does not exist; the seats are "
                          f"{[s.seat for s in info.seats]}")
        if asked.free and not asked.open:
            raise conflict(f"seat {request.seat} is kept for the person the host invited: "
                           f"open seats: {free or 'none'}", "seat_invited")
        if request.seat not in free:
            raise conflict(f"seat {request.seat} is taken; open seats: {free or 'none'}",
                           "seat_taken")
        wanted = [request.seat]
    elif free:
        wanted = free
    elif any(s.free for s in info.seats):
        raise conflict("the seats left are kept for the people the host invited: ask the host "
                       "for your invite link", "seats_invited")
    else:
        wanted = []
    token = new_token()
    code = new_personal_code()  # to take the seat back on another device (api.guests)
    for seat in wanted:
        if await asyncio.to_thread(hub.store.claim_seat, info.id, seat, request.name,
                                   hash_token(token), hash_personal_code(info.id, code)):
            live.presence.mark_empty(seat, hub.now())
            await hub.header_changed(live)
            return schemas.Joined(id=info.id, seat=seat, token=token, personal_code=code)
    raise conflict("every seat is taken", "match_full")


async def claim_invite(hub: Hub, live: LiveMatch, seat: int, name: str | None) -> None:
    """A seat's invite link is used for the first time: the seat is now taken."""
    if await asyncio.to_thread(hub.store.claim_seat, live.id, seat,
                               name or f"Player {seat + 1}", None):
        await hub.header_changed(live)


def seat_of(live: LiveMatch, token: str | None) -> int:
    seat = find_token(token, [(s.token_hash, s.seat) for s in live.info.seats])
    if not isinstance(seat, int):
        raise forbidden("that token holds no seat of this match", "no_seat")
    return seat


async def leave(hub: Hub, live: LiveMatch, token: str | None) -> schemas.Done:
    seat = seat_of(live, token)
    if seat in role_seats_held_by_host(live.info):
        raise conflict("the facilitator runs the session: end it instead of leaving",
                       "facilitator_stays")

    def write(session: Session, row: MatchRow) -> None:
        # Its invite link is spent: the seat is anyone's now.
        _set_seat(session, live.id, seat, name=None, token_hash=None, bot=None, open=True,
                  code_hash=None)

    await hub.change_header(live, write)
    live.presence.mark_empty(seat, hub.now())
    return schemas.Done(status=live.info.status)


def role_seats_held_by_host(info: MatchInfo) -> set[int]:
    return {s.seat for s in info.seats if s.token_hash and s.token_hash == info.host_token_hash}


def _set_seat(session: Session, match_id: str, seat: int, **values: Any) -> None:
    session.execute(
        update(SeatRow).where(SeatRow.match_id == match_id, SeatRow.seat == seat).values(**values)
    )


# --- the host's controls ---------------------------------------------------------------------
def check_host(live: LiveMatch, token: str | None) -> None:
    if not token_matches(token, live.info.host_token_hash):
        raise forbidden("only the host (the facilitator of a session) may do this: send the "
                        "host token as 'Authorization: Bearer <token>'", "host_only")


def _status_is(row: MatchRow, allowed: tuple[str, ...], doing: str) -> None:
    if row.status not in allowed:
        raise conflict(f"cannot {doing}: the match is {row.status}", "not_now",
                       status=row.status)


def _timed(live: LiveMatch, bots: set[int]) -> list[int]:
    return sorted(s for s in live.game.actors(live.state) if s not in bots)


async def start(hub: Hub, live: LiveMatch, request: schemas.StartMatch | None) -> schemas.Done:
    """Start a match (a session in its lobby starts through `sessions.start_session`)."""
    if request is not None and (request.players is not None or request.bots is not None):
        raise invalid("players and bots are set when a session starts; a match has them "
                      "from its creation")

    def write(session: Session, row: MatchRow) -> None:
        _status_is(row, ("open",), "start")
        now = hub.now()
        clocks = ClockBook(copy.deepcopy(row.clocks), time_bank(row.settings))
        clocks.track(live.game.deadlines(live.state), now, running=True)
        bots = {s.seat for s in live.info.seats if s.bot}
        clocks.settle(now, _timed(live, bots), None, running=True)
        row.status, row.started_at, row.clocks = "running", now, clocks.data

    await hub.change_header(live, write)
    return started(hub, live)


def started(hub: Hub, live: LiveMatch) -> schemas.Done:
    """Every seat's grace starts now (nobody could be away before the start)."""
    for seat in live.info.seats:
        live.presence.mark_empty(seat.seat, hub.now())
    live.changed.set()
    return schemas.Done(status=live.info.status)


async def pause(hub: Hub, live: LiveMatch) -> schemas.Done:
    def write(session: Session, row: MatchRow) -> None:
        _status_is(row, ("running",), "pause")
        clocks = ClockBook(copy.deepcopy(row.clocks), time_bank(row.settings))
        clocks.pause(hub.now())
        row.status, row.clocks = "paused", clocks.data

    await hub.change_header(live, write)
    return schemas.Done(status=live.info.status)


async def resume(hub: Hub, live: LiveMatch) -> schemas.Done:
    def write(session: Session, row: MatchRow) -> None:
        _status_is(row, ("paused",), "resume")
        clocks = ClockBook(copy.deepcopy(row.clocks), time_bank(row.settings))
        clocks.resume(hub.now())
        row.status, row.clocks = "running", clocks.data

    await hub.change_header(live, write)
    now = hub.now()
    for seat in live.info.seats:  # a pause is no absence: the grace starts again
        if not live.presence.connected(seat.seat, now):
            live.presence.mark_empty(seat.seat, now)
    return schemas.Done(status=live.info.status)


async def end(hub: Hub, live: LiveMatch) -> schemas.Done:
    def write(session: Session, row: MatchRow) -> None:
        _status_is(row, ("lobby", "open", "running", "paused"), "end the match")
        row.status, row.finished_at = "ended", hub.now()

    await hub.change_header(live, write)
    return schemas.Done(status=live.info.status)


async def stand_in(hub: Hub, live: LiveMatch, seat: int) -> schemas.Done:
    """A bot plays the seat of a person who is away, now rather than when the grace runs out,
    until the person is back (the seat stays theirs: see `set_bot` to give it away)."""
    if live.state is None or live.info.status not in ("running", "paused"):
        raise conflict(f"a bot stands in while the match is played: it is {live.info.status}")
    held = next((s for s in live.info.seats if s.seat == seat), None)
    if held is None:
        raise invalid(f"seat {seat} does not exist; the seats are "
                      f"{[s.seat for s in live.info.seats]}")
    if held.bot:
        raise conflict(f"a bot plays seat {seat} already")
    if held.name is None:
        raise conflict(f"nobody took seat {seat} yet: give it to a bot instead")
    if live.presence.connected(seat, hub.now()):
        raise conflict(f"{held.name} is at the table: a bot stands in only for someone away")
    await hub.stand_in(live, seat)
    return schemas.Done(status=live.info.status)


async def set_bot(hub: Hub, live: LiveMatch, seat: int, request: schemas.SetBot) -> schemas.Done:
    if live.state is None:
        raise conflict("the session has not started: seats exist once it starts")
    seats = live.game.seats(live.state)
    if seat not in seats:
        raise invalid(f"seat {seat} does not exist; the seats are {seats}")
    if seat in role_seats_held_by_host(live.info):
        raise conflict("that is the facilitator's own seat", "facilitator_seat")
    spec = check_bot(hub, request.bot, live.game, live.state)

    def write(session: Session, row: MatchRow) -> None:
        _status_is(row, ("open", "running", "paused"), "give a seat to a bot")
        _set_seat(session, live.id, seat, name=bot_name(spec), token_hash=None, bot=spec,
                  code_hash=None)

    await hub.change_header(live, write)
    return schemas.Done(status=live.info.status)
