"""A way back for guests: a session's person comes back from any device as themselves.

Everyone who joins a session is given a personal code (5 characters, the join code's alphabet),
shown on their own screen only; the database keeps its hash beside the member's token hash, and
no frame, record, replay or debrief ever holds it. Three ways back:

- with the join code, their name and their personal code (`seat_back`): a new token for the
  same member and seat; the old token opens nothing any more and a screen still holding it is
  told "this seat was opened on another device" and closed. Wrong codes are counted per
  session and per address, and past a few the answer is 429 with the seconds to wait. A
  match's seat taken by name comes back the same way (`match_seat_back`).
- without the code (`ask_back`): a person who joins after the start with the name of someone
  whose phone is away asks for that seat instead of taking a new one; the facilitator sees
  "Hugo wants his seat back" and gives it (the claim's token becomes the member's, with a new
  personal code) or refuses; the claimant's screen waits, asking `claim_status`. A match's
  host is asked the same on the table for a seat taken by name whose person is away
  (`away_seat`); a match has no members, so its claims name the seat.
- the facilitator merges two entries of one person (`merge`), the newer into the older: the
  device in use (the newer entry's token and code) moves to the older entry's seat; before the
  start the newer entry leaves the lobby, after it the newer seat is played for good by the
  stand-in bot under a bot's name, so every table, the results and the debrief name the
  person once, at their own seat (the trainers' page says so).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from ludoteca.server.api import schemas
from ludoteca.server.api.auth import Credentials, token_of
from ludoteca.server.api.errors import ERROR_RESPONSES, ApiError, conflict, forbidden, invalid
from ludoteca.server.api.guards import Guesses, address_of
from ludoteca.server.api.hubs import HubDep
from ludoteca.server.api.lobby import bot_name, check_bot, check_host, live_match
from ludoteca.server.api.schemas import MatchId, MemberNumber
from ludoteca.server.hub import Hub
from ludoteca.server.live import LiveMatch
from ludoteca.server.store import MemberInfo
from ludoteca.server.store.models import ClaimRow, MemberRow, SeatRow
from ludoteca.server.store.tokens import (
    find_hash,
    find_token,
    hash_personal_code,
    hash_token,
    new_personal_code,
    new_token,
    normalise_code,
)

# Wrong personal codes: a few in a row, then one every so many seconds (burst, seconds), per
# address and per session or match (many addresses at one session are slowed down together).
PER_ADDRESS = (5, 12.0)
PER_SESSION = (15, 4.0)
# Claims waiting at once in one session: more is someone playing with the door.
WAITING_MOST = 30

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES)


def install(app: FastAPI) -> None:
    app.state.code_guesses = (Guesses(*PER_ADDRESS), Guesses(*PER_SESSION))
    app.include_router(router)


def same_name(a: str, b: str) -> bool:
    return " ".join(a.split()).casefold() == " ".join(b.split()).casefold()


def personal_code(match_id: str) -> tuple[str, str]:
    """A new personal code and its hash, as the member's row keeps it."""
    code = new_personal_code()
    return code, hash_personal_code(match_id, code)


def _present(live: LiveMatch, member: int) -> MemberInfo:
    found = next((m for m in live.info.members if m.member == member and m.present), None)
    if found is None:
        raise invalid(f"member: there is no member {member} in this session")
    return found


def _member_row(session: Session, match_id: str, member: int) -> MemberRow:
    row = session.get(MemberRow, (match_id, member))
    if row is None or row.left or row.merged_into is not None:
        raise conflict(f"member {member} has just left the session", "member_gone")
    return row


def _hand_over(session: Session, match_id: str, row: MemberRow, token_hash: str,
               code_hash: str | None) -> None:
    """The member's entry is opened by `token_hash` from now on (and its seat, unless a bot
    plays it for good); the token it replaces is kept to tell its screen why it closed."""
    old = row.token_hash
    row.token_hash, row.replaced_hash = token_hash, old
    if code_hash is not None:
        row.code_hash = code_hash
    if row.seat is not None:
        session.execute(update(SeatRow).where(
            SeatRow.match_id == match_id, SeatRow.seat == row.seat, SeatRow.token_hash == old
        ).values(token_hash=token_hash))


async def _session(hub: Hub, code: str) -> LiveMatch:
    info = await asyncio.to_thread(hub.store.match_by_code, normalise_code(code))
    live = None if info is None else await hub.get(info.id)
    if live is None:
        raise ApiError(404, f"there is no session with the code {normalise_code(code)!r}",
                       "no_session", {"session": normalise_code(code)})
    return live


# --- with the personal code -------------------------------------------------------------------
async def seat_back(hub: Hub, live: LiveMatch, request: schemas.SeatBack) -> schemas.Joined:
    """The person named, if the personal code is theirs, gets a new token for their entry."""
    if live.info.status in ("over", "ended"):
        raise conflict("this session is over", "session_over")
    presented = hash_personal_code(live.id, request.personal_code)
    named = [(m.code_hash, m.member) for m in live.info.members
             if m.present and same_name(m.name, request.name)]
    member = find_hash(presented, named)
    if not isinstance(member, int):
        raise forbidden("that name and personal code are nobody's in this session: type the "
                        "name you joined with and the code your first screen showed, or join "
                        "with your name and ask the facilitator for your seat",
                        "wrong_personal_code")
    token = new_token()

    def write(session: Session, _: Any) -> None:
        _hand_over(session, live.id, _member_row(session, live.id, member), hash_token(token),
                   None)

    await hub.change_header(live, write)
    entry = _present(live, member)
    return schemas.Joined(id=live.id, seat=entry.seat, member=member, token=token,
                          personal_code=normalise_code(request.personal_code))


def check_join_guesses(joins: Guesses, address: str) -> None:
    """429 with the seconds to wait while `address` has guessed too many wrong join codes
    (joining a session, or coming back to one with a personal code)."""
    wait = joins.wait(address)
    if wait > 0:
        seconds = math.ceil(wait)
        raise ApiError(429, f"too many wrong codes from your address: try again in {seconds} s",
                       "too_many_guesses", {"seconds": seconds},
                       headers={"Retry-After": str(seconds)})


def _wait_for(guesses: tuple[Guesses, Guesses], address: str, session: str) -> None:
    wait = max(guesses[0].wait(address), guesses[1].wait(session))
    if wait > 0:
        seconds = math.ceil(wait)
        raise ApiError(429, f"too many wrong personal codes: try again in {seconds} s, or join "
                            "with your name and ask the facilitator for your seat",
                       "too_many_codes", {"seconds": seconds},
                       headers={"Retry-After": str(seconds)})


async def _counting_wrong_codes(request: Request, scope: str,
                                attempt: Callable[[], Awaitable[schemas.Joined]]
                                ) -> schemas.Joined:
    """A way back tried while the address and the session or match (`scope`) may still guess;
    a wrong personal code counts against both."""
    guesses: tuple[Guesses, Guesses] = request.app.state.code_guesses
    address = address_of(request)
    _wait_for(guesses, address, scope)
    try:
        return await attempt()
    except ApiError as exc:
        if exc.code == "wrong_personal_code":
            guesses[0].wrong(address)
            guesses[1].wrong(scope)
        raise


@router.post("/sessions/back", response_model=schemas.Joined,
             summary="Your own seat back on this device: the join code, your name and your "
                     "personal code (wrong codes are limited per address and per session)")
async def seat_back_route(body: schemas.SeatBack, request: Request, hub: HubDep
                          ) -> schemas.Joined:
    joins: Guesses = request.app.state.guesses
    address = address_of(request)
    check_join_guesses(joins, address)
    try:
        live = await _session(hub, body.code)
    except ApiError:
        joins.wrong(address)
        raise
    return await _counting_wrong_codes(request, live.id, lambda: seat_back(hub, live, body))


async def match_seat_back(hub: Hub, live: LiveMatch, request: schemas.MatchBack
                          ) -> schemas.Joined:
    """A match's seat taken by name, back on this device: as `seat_back`, for the seat."""
    info = live.info
    if info.is_session:
        raise conflict("come back to a session with its code: POST /api/sessions/back")
    if info.status in ("over", "ended"):
        raise conflict("the match is over", "match_over")
    presented = hash_personal_code(live.id, request.personal_code)
    named = [(s.code_hash, s.seat) for s in info.seats
             if s.name and not s.bot and same_name(s.name, request.name)]
    seat = find_hash(presented, named)
    if not isinstance(seat, int):
        raise forbidden("that name and personal code are nobody's at this match: type the "
                        "name you joined with and the code your first screen showed",
                        "wrong_personal_code")
    token = new_token()

    def write(session: Session, _: Any) -> None:
        row = session.get(SeatRow, (live.id, seat))
        if row is None or row.bot or row.code_hash != presented:
            raise conflict("that seat has just changed hands", "seat_taken")
        row.token_hash, row.replaced_hash = hash_token(token), row.token_hash

    await hub.change_header(live, write)
    return schemas.Joined(id=live.id, seat=seat, token=token,
                          personal_code=normalise_code(request.personal_code))


@router.post("/matches/{match_id}/back", response_model=schemas.Joined,
             summary="Your seat back on this device: your name and your personal code (wrong "
                     "codes are limited per address and per match)")
async def match_back_route(match_id: MatchId, body: schemas.MatchBack, request: Request,
                           hub: HubDep) -> schemas.Joined:
    live = await live_match(hub, match_id)
    return await _counting_wrong_codes(request, live.id,
                                       lambda: match_seat_back(hub, live, body))


# --- without it: the facilitator gives the seat back -----------------------------------------
def away_entry(live: LiveMatch, name: str) -> MemberInfo | None:
    """The seated person of that name whose screen is away (or, where the facilitator set
    `claims` to any, who is seated at all), if any (after the start)."""
    now = live.now()
    anyone = live.info.settings.get("claims") == "any"
    return next((m for m in live.info.members if m.present and m.seat is not None
                 and same_name(m.name, name)
                 and (anyone or not live.presence.connected(m.seat, now))), None)


def away_seat(live: LiveMatch, name: str) -> int | None:
    """A started match's seat taken by that name whose screen is away, if any."""
    if live.info.status not in ("running", "paused"):
        return None
    now = live.now()
    return next((s.seat for s in live.info.seats if s.name and not s.bot and s.token_hash
                 and same_name(s.name, name) and not live.presence.connected(s.seat, now)),
                None)


async def ask_back(hub: Hub, live: LiveMatch, asked: int, name: str) -> schemas.Joined:
    """A claim on a session member's seat (or a match's seat, `asked`), waiting for the
    facilitator or host; its token opens nothing but the claim's answer until it is given."""
    token = new_token()
    code, code_hash = personal_code(live.id)
    numbered: list[int] = []

    def write(session: Session, _: Any) -> None:
        waiting = session.scalar(select(func.count()).select_from(ClaimRow).where(
            ClaimRow.match_id == live.id, ClaimRow.status == "waiting"))
        if (waiting or 0) >= WAITING_MOST:
            raise conflict("too many people are waiting for a seat back: ask the facilitator",
                           "too_many_claims")
        last = session.scalar(select(func.max(ClaimRow.claim)).where(
            ClaimRow.match_id == live.id))
        numbered.append(0 if last is None else last + 1)
        session.add(ClaimRow(match_id=live.id, claim=numbered[0], member=asked,
                             name=name, token_hash=hash_token(token), code_hash=code_hash,
                             status="waiting", at=hub.now()))

    await hub.change_header(live, write)
    return schemas.Joined(id=live.id, seat=None, member=None, token=token,
                          personal_code=code, claim=numbered[0])


def claims(hub: Hub, match_id: str) -> list[ClaimRow]:
    with hub.store.read() as session:
        rows = session.scalars(select(ClaimRow).where(ClaimRow.match_id == match_id)
                               .order_by(ClaimRow.claim)).all()
        session.expunge_all()
        return list(rows)


async def waiting_claims(hub: Hub, live: LiveMatch) -> list[schemas.ClaimOut]:
    rows = await asyncio.to_thread(claims, hub, live.id)
    seats = ({m.member: m.seat for m in live.info.members if m.present} if live.info.is_session
             else {s.seat: s.seat for s in live.info.seats if s.name and not s.bot})
    return [schemas.ClaimOut(claim=c.claim, name=c.name, member=c.member,
                             seat=seats.get(c.member), at=c.at)
            for c in rows if c.status == "waiting" and c.member in seats]


async def claim_status(hub: Hub, live: LiveMatch, token: str | None) -> schemas.ClaimStatus:
    rows = await asyncio.to_thread(claims, hub, live.id)
    found = find_token(token, [(c.token_hash, c) for c in rows])
    if not isinstance(found, ClaimRow):
        raise forbidden("that token asks for no seat here", "no_claim")
    if found.status != "given":
        return schemas.ClaimStatus(status="refused" if found.status == "refused" else "waiting")
    if not live.info.is_session:
        return schemas.ClaimStatus(status="given", seat=found.member)
    entry = next((m for m in live.info.members if m.member == found.member), None)
    return schemas.ClaimStatus(status="given", member=found.member,
                               seat=entry.seat if entry else None)


async def answer_claim(hub: Hub, live: LiveMatch, claim: int, give: bool) -> schemas.Done:
    """The facilitator gives the seat (the claim's token and code become the member's; other
    claims on it are refused) or refuses it."""
    def write(session: Session, _: Any) -> None:
        row = session.get(ClaimRow, (live.id, claim))
        if row is None or row.status != "waiting":
            raise conflict(f"claim {claim} is not waiting: it was answered, or never made",
                           "claim_answered")
        if not give:
            row.status = "refused"
            return
        if live.info.is_session:
            member = _member_row(session, live.id, row.member)
            _hand_over(session, live.id, member, row.token_hash, row.code_hash)
        else:
            _hand_seat_over(session, live.id, row.member, row.token_hash, row.code_hash)
        session.execute(update(ClaimRow).where(
            ClaimRow.match_id == live.id, ClaimRow.member == row.member,
            ClaimRow.status == "waiting").values(status="refused"))
        row.status = "given"

    await hub.change_header(live, write)
    return schemas.Done(status=live.info.status)


def _hand_seat_over(session: Session, match_id: str, seat: int, token_hash: str,
                    code_hash: str) -> None:
    """A match's seat taken by name is opened by `token_hash` from now on (as `_hand_over`)."""
    row = session.get(SeatRow, (match_id, seat))
    if row is None or row.bot or not row.name or row.token_hash is None:
        raise conflict(f"seat {seat} has just changed hands", "seat_taken")
    row.token_hash, row.replaced_hash, row.code_hash = token_hash, row.token_hash, code_hash


# --- merging two entries of one person -------------------------------------------------------
async def merge(hub: Hub, live: LiveMatch, request: schemas.MergeMembers) -> schemas.Done:
    """`member` (the newer entry) into `into` (the one kept): see the module."""
    if request.member == request.into:
        raise invalid("member and into: two different entries of the same person")
    newer, kept = _present(live, request.member), _present(live, request.into)
    started = live.info.status != "lobby"
    if live.info.status in ("over", "ended"):
        raise conflict("the session is over: merge the entries before its end", "session_over")
    if started and kept.seat is None:
        raise conflict(f"{kept.name} (member {kept.member}) has no seat to keep: merge the "
                       "other way round", "no_seat_to_keep")
    spec = (check_bot(hub, live.config.stand_in_bot, live.game, live.state)
            if started and newer.seat is not None else None)

    def write(session: Session, row: Any) -> None:
        if (row.status != "lobby") != started or row.status in ("over", "ended"):
            raise conflict("the session changed meanwhile: try again", "session_changed")
        gone = _member_row(session, live.id, newer.member)
        kept_row = _member_row(session, live.id, kept.member)
        _hand_over(session, live.id, kept_row, gone.token_hash, gone.code_hash)
        if kept_row.seat is not None:  # the person plays their own seat again, even a bot's
            session.execute(update(SeatRow).where(
                SeatRow.match_id == live.id, SeatRow.seat == kept_row.seat
            ).values(name=kept_row.name, token_hash=gone.token_hash, bot=None))
        if spec is not None and gone.seat is not None:
            session.execute(update(SeatRow).where(
                SeatRow.match_id == live.id, SeatRow.seat == gone.seat
            ).values(name=bot_name(spec), token_hash=None, bot=spec))
        gone.left, gone.merged_into, gone.token_hash, gone.code_hash = True, kept.member, "", None
        if row.crews:
            row.crews = [[m for m in crew if m != gone.member] for crew in row.crews]

    await hub.change_header(live, write)
    return schemas.Done(status=live.info.status)


# --- the routes -------------------------------------------------------------------------------
async def facilitated(hub: Hub, match_id: str, token: str | None) -> LiveMatch:
    live = await live_match(hub, match_id)
    if not live.info.is_session:
        raise ApiError(404, f"there is no session {match_id[:40]!r}")
    check_host(live, token)
    return live


async def hosted(hub: Hub, match_id: str, token: str | None) -> LiveMatch:
    live = await live_match(hub, match_id)
    if live.info.is_session:
        raise ApiError(404, f"{match_id[:40]!r} is a session: its claims are under "
                            "/api/sessions/{id}/claims")
    check_host(live, token)
    return live


Owner = Callable[[Hub, str, str | None], Awaitable[LiveMatch]]


def claims_routes(kind: str, owner: Owner, who: str, named: str) -> None:
    """The claims routes of one kind of table, `/api/{kind}/{id}/claims...`: a session's are
    answered by its facilitator, a match's by its host, the same way (`owner` checks who).
    `named` keeps each route's name, and so its OpenAPI operation id, as it was."""
    path = f"/{kind}/{{match_id}}"

    @router.get(f"{path}/claims", response_model=list[schemas.ClaimOut], name=f"list_{named}claims",
                summary=f"People asking for their seat back without their code ({who})")
    async def list_claims(match_id: MatchId, hub: HubDep, credentials: Credentials
                          ) -> list[schemas.ClaimOut]:
        live = await owner(hub, match_id, token_of(credentials))
        return await waiting_claims(hub, live)

    @router.post(f"{path}/claims/{{claim}}/give", response_model=schemas.Done,
                 name=f"give_{named}claim",
                 summary=f"Give the seat asked for back to the person asking ({who})")
    async def give_claim(match_id: MatchId, claim: MemberNumber, hub: HubDep,
                         credentials: Credentials) -> schemas.Done:
        live = await owner(hub, match_id, token_of(credentials))
        return await answer_claim(hub, live, claim, give=True)

    @router.post(f"{path}/claims/{{claim}}/refuse", response_model=schemas.Done,
                 name=f"refuse_{named}claim", summary=f"Refuse a seat asked for ({who})")
    async def refuse_claim(match_id: MatchId, claim: MemberNumber, hub: HubDep,
                           credentials: Credentials) -> schemas.Done:
        live = await owner(hub, match_id, token_of(credentials))
        return await answer_claim(hub, live, claim, give=False)

    @router.get(f"{path}/claim", response_model=schemas.ClaimStatus, name=f"get_{named}claim",
                summary="Whether the seat you asked for was given (the claim's token)")
    async def get_claim(match_id: MatchId, hub: HubDep, credentials: Credentials
                        ) -> schemas.ClaimStatus:
        return await claim_status(hub, await live_match(hub, match_id), token_of(credentials))


claims_routes("sessions", facilitated, "facilitator", named="")
claims_routes("matches", hosted, "host", named="match_")


@router.post("/sessions/{match_id}/merge", response_model=schemas.Done,
             summary="Merge two entries of one person, the newer into the older (facilitator)")
async def merge_route(match_id: MatchId, body: schemas.MergeMembers, hub: HubDep,
                      credentials: Credentials) -> schemas.Done:
    live = await facilitated(hub, match_id, token_of(credentials))
    return await merge(hub, live, body)
