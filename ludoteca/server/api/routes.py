"""The HTTP lobby under /api (the documented surface, plus the host's and facilitator's
controls). Routes are thin: they authenticate and hand over to `lobby` and `sessions`.
Tokens travel as `Authorization: Bearer <token>`, never in an address (addresses get logged).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from ludoteca.server.accounts.people import Person
from ludoteca.server.api import accounts, guests, lobby, schemas, sessions
from ludoteca.server.api.auth import Credentials, token_of
from ludoteca.server.api.errors import ERROR_RESPONSES, ApiError
from ludoteca.server.api.guards import Guesses, address_of
from ludoteca.server.api.hubs import HubDep
from ludoteca.server.api.quotas import check_quota, creator_of
from ludoteca.server.api.schemas import MatchId, MemberNumber, SeatNumber
from ludoteca.server.hub import Hub
from ludoteca.server.live.access import Door

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)


def base_url(request: Request) -> str:
    configured = request.app.state.config.public_url
    return (configured or str(request.base_url)).rstrip("/")


@router.get("/games", response_model=list[schemas.GameOut], summary="The games and their options")
async def games(hub: HubDep) -> list[dict[str, Any]]:
    return [hub.catalog.describe(name) for name in hub.catalog.names()]


async def _creator(request: Request, hub: Hub) -> tuple[Person | None, str]:
    """Who creates a match or a session (their account, or None for a guest) and how the
    quotas count them, once within those quotas."""
    person = await accounts.creating(request)
    creator = creator_of(request, person)
    await check_quota(hub, creator, person)
    return person, creator


@router.post("/matches", response_model=schemas.CreatedMatch, status_code=201,
             responses=accounts.SIGN_IN_FIRST,
             summary="Create a match: one invite link per seat, a spectator link, a host token")
async def create_match(body: schemas.CreateMatch, request: Request, hub: HubDep
                       ) -> schemas.CreatedMatch:
    person, creator = await _creator(request, hub)
    created = await lobby.create_match(hub, body, base_url(request), creator)
    await accounts.keep(request, person, created.id, host_token=created.host_token)
    return created


@router.get("/matches", response_model=list[schemas.MatchSummary],
            summary="Open matches: not over, with a free seat, newest first")
async def list_matches(hub: HubDep, limit: Annotated[int, Query(ge=1, le=200)] = 50
                       ) -> list[schemas.MatchSummary]:
    return await lobby.open_matches(hub, limit)


@router.get("/matches/{match_id}", response_model=schemas.MatchSummary,
            summary="A match's public summary")
async def get_match(match_id: MatchId, hub: HubDep) -> schemas.MatchSummary:
    return lobby.summary(hub, await lobby.live_match(hub, match_id))


@router.post("/matches/{match_id}/join", response_model=schemas.Joined,
             summary="Take a free seat with a display name")
async def join_match(match_id: MatchId, body: schemas.JoinMatch, request: Request,
                     hub: HubDep) -> schemas.Joined:
    person = await accounts.person_writing(request)
    live = await lobby.live_match(hub, match_id)
    # After the start, the name of a seated person who is away asks the host for that seat.
    away = guests.away_seat(live, body.name) if body.seat is None else None
    if away is not None:
        return await guests.ask_back(hub, live, away, body.name)
    joined = await lobby.join(hub, live, body)
    await accounts.keep(request, person, joined.id, seat=joined.seat, seat_token=joined.token)
    return joined


@router.post("/matches/{match_id}/leave", response_model=schemas.Done,
             summary="Leave your seat (seat token)")
async def leave_match(match_id: MatchId, hub: HubDep, credentials: Credentials) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    if live.info.is_session:
        return await sessions.leave_session(hub, live, token_of(credentials))
    return await lobby.leave(hub, live, token_of(credentials))


@router.post("/matches/{match_id}/start", response_model=schemas.Done,
             summary="Start (host; a session: the facilitator)")
async def start_match(match_id: MatchId, hub: HubDep, credentials: Credentials,
                      body: schemas.StartMatch | None = None) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    lobby.check_host(live, token_of(credentials))
    if live.info.is_session and live.info.status == "lobby":
        await sessions.start_session(hub, live, body or schemas.StartMatch.model_validate({}))
        return lobby.started(hub, live)
    return await lobby.start(hub, live, body)


@router.post("/matches/{match_id}/pause", response_model=schemas.Done, summary="Pause (host)")
async def pause_match(match_id: MatchId, hub: HubDep, credentials: Credentials) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    lobby.check_host(live, token_of(credentials))
    return await lobby.pause(hub, live)


@router.post("/matches/{match_id}/resume", response_model=schemas.Done, summary="Resume (host)")
async def resume_match(match_id: MatchId, hub: HubDep, credentials: Credentials) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    lobby.check_host(live, token_of(credentials))
    return await lobby.resume(hub, live)


@router.post("/matches/{match_id}/end", response_model=schemas.Done, summary="End now (host)")
async def end_match(match_id: MatchId, hub: HubDep, credentials: Credentials) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    lobby.check_host(live, token_of(credentials))
    return await lobby.end(hub, live)


@router.post("/matches/{match_id}/seats/{seat}/bot", response_model=schemas.Done,
             summary="Give a seat to a bot for good (host)")
async def bot_seat(match_id: MatchId, seat: SeatNumber, body: schemas.SetBot, hub: HubDep,
                   credentials: Credentials) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    lobby.check_host(live, token_of(credentials))
    return await lobby.set_bot(hub, live, seat, body)


@router.post("/matches/{match_id}/seats/{seat}/stand_in", response_model=schemas.Done,
             summary="A bot plays the seat of a person who is away, now, until they are back "
                     "(host)")
async def stand_in_seat(match_id: MatchId, seat: SeatNumber, hub: HubDep,
                        credentials: Credentials) -> schemas.Done:
    live = await lobby.live_match(hub, match_id)
    lobby.check_host(live, token_of(credentials))
    return await lobby.stand_in(hub, live, seat)


@router.get("/matches/{match_id}/record", response_model=dict[str, Any],
            summary="The saved match (header and log) that `ludoteca replay` reads (the host; "
                    "once it is over, whoever may watch, unless the game keeps secrets)")
async def match_record(match_id: MatchId, hub: HubDep, credentials: Credentials
                       ) -> dict[str, Any]:
    live = await lobby.live_match(hub, match_id)
    lobby.check_door(live, Door.RECORD, token_of(credentials))
    return await lobby.record(hub, live)


# --- sessions ---------------------------------------------------------------------------------
@router.post("/sessions", response_model=schemas.CreatedSession, status_code=201,
             responses=accounts.SIGN_IN_FIRST,
             summary="Create a session: a facilitator token and a 6-character join code")
async def create_session(body: schemas.CreateSession, request: Request, hub: HubDep
                         ) -> schemas.CreatedSession:
    person, creator = await _creator(request, hub)
    created = await sessions.create_session(hub, body, base_url(request), creator)
    await accounts.keep(request, person, created.id, host_token=created.facilitator_token)
    return created


@router.post("/sessions/join", response_model=schemas.Joined,
             summary="Join a session with its code and your name (wrong codes are limited "
                     "per address: 429 with Retry-After)")
async def join_session(body: schemas.JoinSession, request: Request, hub: HubDep
                       ) -> schemas.Joined:
    guesses: Guesses = request.app.state.guesses
    address = address_of(request)
    guests.check_join_guesses(guesses, address)
    person = await accounts.person_writing(request)
    try:
        joined = await sessions.join_session(hub, body)
    except ApiError as exc:
        if exc.status == 404:
            guesses.wrong(address)
        raise
    await accounts.keep(request, person, joined.id, seat=joined.seat, seat_token=joined.token)
    return joined


@router.get("/sessions/{match_id}", response_model=schemas.SessionOut,
            summary="The session's lobby (facilitator)")
async def get_session(match_id: MatchId, hub: HubDep, credentials: Credentials
                      ) -> schemas.SessionOut:
    return await sessions.lobby_session(hub, match_id, token_of(credentials))


@router.put("/sessions/{match_id}/crews", response_model=schemas.SessionOut,
            summary="Set the crews: lists of member numbers (facilitator)")
async def set_crews(match_id: MatchId, body: schemas.SetCrews, hub: HubDep,
                    credentials: Credentials) -> schemas.SessionOut:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.set_crews(hub, live, body.crews)


@router.post("/sessions/{match_id}/crews/balance", response_model=schemas.SessionOut,
             summary="Balanced crews of everybody joined (facilitator)")
async def balance_crews(match_id: MatchId, hub: HubDep, credentials: Credentials,
                        body: schemas.Balance | None = None) -> schemas.SessionOut:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.balance(hub, live, body.players if body else None)


@router.post("/sessions/{match_id}/move", response_model=schemas.SessionOut,
             summary="Move one person to another crew (facilitator)")
async def move_member(match_id: MatchId, body: schemas.MoveMember, hub: HubDep,
                      credentials: Credentials) -> schemas.SessionOut:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.move(hub, live, body)


@router.delete("/sessions/{match_id}/members/{member}", response_model=schemas.SessionOut,
               summary="Remove someone who left before the start (facilitator)")
async def remove_member(match_id: MatchId, member: MemberNumber, hub: HubDep,
                        credentials: Credentials) -> schemas.SessionOut:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.remove(hub, live, member)


@router.patch("/sessions/{match_id}/settings", response_model=schemas.SessionOut,
              summary="The grace before a bot plays for someone away; the latecomers' crew "
                      "(facilitator)")
async def session_settings(match_id: MatchId, body: schemas.SessionSettings, hub: HubDep,
                           credentials: Credentials) -> schemas.SessionOut:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.change_settings(hub, live, body)


@router.post("/matches/{match_id}/debrief/publish", response_model=schemas.SessionOut,
             summary="Publish the room's debrief, every secret left out (facilitator)")
async def publish_debrief(match_id: MatchId, hub: HubDep, credentials: Credentials
                          ) -> schemas.SessionOut:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.publish_debrief(hub, live)


@router.get("/matches/{match_id}/debrief/room", response_model=dict[str, Any],
            summary="The room's debrief: no ballot, no private talk (anyone, once published)")
async def room_debrief(match_id: MatchId, hub: HubDep, credentials: Credentials,
                       lang: schemas.Language = "en") -> dict[str, Any]:
    live = await lobby.live_match(hub, match_id)
    lobby.check_door(live, Door.ROOM_DEBRIEF, token_of(credentials))
    return sessions.room_debrief(live, lang)


@router.post("/sessions/{match_id}/seats/{seat}/back", response_model=schemas.Done,
             summary="Give a seat a bot played back to its person (facilitator)")
async def give_seat_back(match_id: MatchId, seat: SeatNumber, hub: HubDep,
                         credentials: Credentials) -> schemas.Done:
    live = await sessions.facilitated(hub, match_id, token_of(credentials))
    return await sessions.give_back(hub, live, seat)


@router.get("/matches/{match_id}/debrief", response_model=dict[str, Any],
            summary="A finished session's debrief (tables and pictures in players' words; "
                    "the facilitator)")
async def match_debrief(match_id: MatchId, hub: HubDep, credentials: Credentials,
                        lang: schemas.Language = "en") -> dict[str, Any]:
    """`lang`: the language the game writes it in (en, it for Ciurme)."""
    live = await lobby.live_match(hub, match_id)
    lobby.check_door(live, Door.DEBRIEF, token_of(credentials))
    return sessions.debrief(live, lang)
