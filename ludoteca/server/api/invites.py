"""Inviting again, from a person's profile: a new match with people they played with, each
of them seated and the seat kept on their account (their "Your matches" lists it on any
device). Only people one sat at a match with may be invited: an account's id is no address
anyone may write to."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import Field

from ludoteca.server.accounts import people
from ludoteca.server.api import lobby, quotas, schemas
from ludoteca.server.api.accounts import RESPONSES, Writer, config_of, keep
from ludoteca.server.api.errors import ApiError, invalid
from ludoteca.server.api.hubs import hub_of
from ludoteca.server.api.schemas import Strict

router = APIRouter(prefix="/api/accounts", responses=RESPONSES, tags=["accounts"])


def install(app: FastAPI) -> None:
    app.include_router(router)


class InviteAgain(Strict):
    game: Annotated[str, Field(max_length=40, description="a game name from GET /api/games")]
    people: list[Annotated[str, Field(min_length=1, max_length=16)]] = Field(
        min_length=1, max_length=99, description="the accounts to invite: people you played with")
    players: int | None = Field(None, ge=1, le=100, description="seats in all (default: you "
                                "and them); the seats beyond are open to anyone")
    options: dict[str, Any] | None = Field(None, description="the game's options by name")


@router.post("/me/invite", response_model=schemas.CreatedMatch, status_code=201,
             summary="A new match with people you played with: you take seat 0, each of them "
                     "the next seat, kept for them on their account")
async def invite_again(body: InviteAgain, person: Writer, request: Request
                       ) -> schemas.CreatedMatch:
    hub = hub_of(request)
    known = await asyncio.to_thread(people.fellows_of, hub.store, person.id)
    invited = list(dict.fromkeys(body.people))
    strangers = [someone for someone in invited if someone not in known]
    if strangers:
        raise ApiError(403, f"you may invite again only people you played with: "
                            f"{strangers[0]!r} is not one", "not_a_fellow")
    seated = 1 + len(invited)
    players = body.players if body.players is not None else seated
    if players < seated:
        raise invalid(f"players: {seated} people are invited with you; {players} seats are "
                      "too few")
    creator = quotas.creator_of(request, person)
    await quotas.check_quota(hub, creator, person)
    request_body = schemas.CreateMatch.model_validate({
        "game": body.game, "players": players, "options": body.options,
        "open_seats": list(range(seated, players))})
    configured = config_of(request).public_url
    base = (configured or str(request.base_url)).rstrip("/")
    created = await lobby.create_match(hub, request_body, base, creator)
    tokens = {seat.seat: seat.token for seat in created.seats if seat.token}
    await keep(request, person, created.id, seat=0, seat_token=tokens[0],
               host_token=created.host_token)
    now = hub.now()
    for seat, someone in enumerate(invited, start=1):
        await asyncio.to_thread(hub.store.claim_seat, created.id, seat, known[someone], None)
        await asyncio.to_thread(people.link_match, hub.store, someone, created.id, now,
                                seat=seat, seat_token=tokens[seat])
    await asyncio.to_thread(hub.store.claim_seat, created.id, 0, person.name, None)
    return created
