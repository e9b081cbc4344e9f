"""Accounts over HTTP, under /api/accounts: sign up, sign in and out, the person's matches,
profile and data, and deleting the account.

A device signed in holds a cookie (HttpOnly, SameSite=Lax, Secure over https) naming a
sign-in kept server-side. Every write that cookie authorises, here and when creating or
joining a match, must come from this server's own pages (its Origin) and carry the sign-in's
CSRF token in X-CSRF-Token, which only this server's pages can read: a page elsewhere can
make a browser send the cookie, never the header. Sign-in attempts are limited per account and
per address (429 with Retry-After).
"""

from __future__ import annotations

import asyncio
import hmac
import math
import time
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from ludoteca.server.accounts import people, profile
from ludoteca.server.accounts.passwords import (
    PASSWORD_MAX,
    PasswordRefused,
    check_password,
    hash_password,
    name_key,
    password_matches,
)
from ludoteca.server.accounts.people import Person
from ludoteca.server.api.errors import ERROR_RESPONSES, ApiError, ErrorBody, invalid
from ludoteca.server.api.guards import Guesses, address_of, origin_refusal
from ludoteca.server.api.hubs import hub_of
from ludoteca.server.api.schemas import Name, Strict
from ludoteca.server.config import ServerConfig
from ludoteca.server.store.tokens import token_matches

COOKIE = "ludoteca_sign_in"
CSRF_HEADER = "X-CSRF-Token"
# Wrong passwords: an account takes 5, then one a minute; an address 20, then one every 10 s
# (a room behind one router signs in together).
ACCOUNT_TRIES, ACCOUNT_EVERY = 5, 60.0
ADDRESS_TRIES, ADDRESS_EVERY = 20, 10.0

RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES,
    401: {"model": ErrorBody, "description": "Not signed in, or a wrong name or password"},
}
# What a route that may ask for an account documents.
SIGN_IN_FIRST: dict[int | str, dict[str, Any]] = {401: RESPONSES[401]}
router = APIRouter(prefix="/api/accounts", responses=RESPONSES, tags=["accounts"])


class SignInLimits:
    """Wrong passwords counted per account and per address (see Guesses)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.accounts = Guesses(burst=ACCOUNT_TRIES, per=ACCOUNT_EVERY, clock=clock)
        self.addresses = Guesses(burst=ADDRESS_TRIES, per=ADDRESS_EVERY, clock=clock)


def install(app: FastAPI) -> None:
    app.state.sign_in_limits = SignInLimits()
    app.state.finished_ranks = {}
    app.include_router(router)


# --- bodies -----------------------------------------------------------------------------------
Password = Annotated[str, Field(min_length=1, max_length=PASSWORD_MAX)]


class SignUp(Strict):
    name: Name = Field(description="the name everybody sees; one account per name, in any case")
    password: Password = Field(description="10 characters or more: a short sentence will do")


class SignIn(Strict):
    name: Annotated[str, Field(min_length=1, max_length=60)]
    password: Password


class ChangePassword(Strict):
    current: Password
    new: Password


class Confirm(Strict):
    password: Password = Field(description="your password, to be sure it is you")


class ClaimMatch(Strict):
    match_id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,16}$")]
    token: Annotated[str, Field(min_length=1, max_length=100,
                                description="a seat's, a session member's or the host's token")]


class Me(BaseModel):
    """Who this device is signed in as (nobody: `signed_in` false), and what accounts are on
    this server (off, optional, required to create matches and sessions)."""

    signed_in: bool
    id: str | None = None
    name: str | None = None
    csrf_token: str | None = Field(default=None, description=f"send it as {CSRF_HEADER} "
                                                             "with every write")
    accounts: Literal["off", "optional", "required"]


class SignedOut(BaseModel):
    ok: bool = True
    signed_out: int = Field(description="sign-ins ended")


class PersonMatchOut(BaseModel):
    id: str
    game: str
    status: str
    created_at: float
    finished_at: float | None
    seat: int | None
    token: str | None = Field(description="your seat's token: play from this device")
    host_token: str | None
    rated: bool


# --- who is asking ----------------------------------------------------------------------------
def config_of(request: Request) -> ServerConfig:
    config: ServerConfig = request.app.state.config
    return config


def check_accounts_on(request: Request) -> None:
    if config_of(request).accounts == "off":
        raise ApiError(404, "this server has no accounts: its operator turned them off; "
                            "play as a guest", "accounts_off")


async def person_of(request: Request) -> Person | None:
    """Who this device is signed in as, or None (no cookie, or one no longer valid)."""
    if config_of(request).accounts == "off":
        return None
    cookie = request.cookies.get(COOKIE)
    if not cookie or len(cookie) > 100:
        return None
    hub = hub_of(request)
    return await asyncio.to_thread(people.signed_in, hub.store, cookie, hub.now())


def write_refusal(request: Request, person: Person) -> str | None:
    """Why a write this person's cookie authorises is refused, or None."""
    origin = request.headers.get("origin")
    if origin is None:
        return ("a signed-in write comes from this server's pages, which name themselves in "
                "the Origin header: this request has none")
    if origin_refusal(origin, request.headers.get("host"),
                      config_of(request).public_url) is not None:
        return f"a signed-in write comes only from this server's pages, not from {origin[:60]}"
    sent = request.headers.get(CSRF_HEADER.lower(), "")
    if not hmac.compare_digest(sent.encode("utf-8", "replace"),
                               person.csrf_token.encode()):
        return (f"a signed-in write carries this device's {CSRF_HEADER} header "
                "(GET /api/accounts/me gives it): it is missing or wrong")
    return None


async def person_writing(request: Request) -> Person | None:
    """The person a write is made by (None: a guest), once the write is checked: their cookie
    alone never authorises it (see write_refusal)."""
    person = await person_of(request)
    if person is not None:
        refusal = write_refusal(request, person)
        if refusal is not None:
            raise ApiError(403, refusal, "write_refused")
    return person


async def signed_in(request: Request) -> Person:
    person = await person_of(request)
    if person is None:
        check_accounts_on(request)
        raise ApiError(401, "sign in first: this needs your account", "not_signed_in")
    return person


async def signed_in_writing(request: Request) -> Person:
    await signed_in(request)
    person = await person_writing(request)
    assert person is not None
    return person


Reader = Annotated[Person, Depends(signed_in)]
Writer = Annotated[Person, Depends(signed_in_writing)]


def check_page_origin(request: Request) -> None:
    """Signing up or in from a page elsewhere is refused (it would sign this browser in as
    somebody else); a client that is not a browser sends no Origin."""
    origin = request.headers.get("origin")
    if origin is not None and origin_refusal(origin, request.headers.get("host"),
                                             config_of(request).public_url) is not None:
        raise ApiError(403, f"signing in happens on this server's pages, not {origin[:60]}",
                       "write_refused")


def check_limits(request: Request, key: str) -> None:
    limits: SignInLimits = request.app.state.sign_in_limits
    wait = max(limits.accounts.wait(key), limits.addresses.wait(address_of(request)))
    if wait > 0:
        seconds = math.ceil(wait)
        raise ApiError(429, f"too many wrong passwords: try again in {seconds} s",
                       "too_many_tries", {"seconds": seconds},
                       headers={"Retry-After": str(seconds)})


def count_wrong(request: Request, key: str) -> None:
    limits: SignInLimits = request.app.state.sign_in_limits
    limits.accounts.wrong(key)
    limits.addresses.wrong(address_of(request))


def refuse_password(password: str, name: str) -> None:
    try:
        check_password(password, name)
    except PasswordRefused as exc:
        raise invalid(str(exc), exc.code, **exc.params) from None


def set_cookie(request: Request, response: Response, cookie: str) -> None:
    response.set_cookie(COOKIE, cookie, max_age=int(people.SIGN_IN_SECONDS), path="/",
                        httponly=True, samesite="lax", secure=request.url.scheme == "https")


def clear_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                           secure=request.url.scheme == "https")


def me(request: Request, person: Person | None) -> Me:
    mode = config_of(request).accounts
    accounts: Literal["off", "optional", "required"] = (
        "off" if mode == "off" else "required" if mode == "required" else "optional")
    if person is None:
        return Me(signed_in=False, accounts=accounts)
    return Me(signed_in=True, id=person.id, name=person.name, csrf_token=person.csrf_token,
              accounts=accounts)


async def open_sign_in(request: Request, response: Response, account_id: str, name: str
                       ) -> Me:
    hub = hub_of(request)
    cookie, csrf = await asyncio.to_thread(people.open_sign_in, hub.store, account_id,
                                           hub.now())
    set_cookie(request, response, cookie)
    return me(request, Person(account_id, name, csrf, people.cookie_hash(cookie)))


# --- signing up, in and out -------------------------------------------------------------------
@router.post("", response_model=Me, status_code=201,
             summary="Sign up with a name and a password; this device is signed in")
async def sign_up(body: SignUp, request: Request, response: Response) -> Me:
    check_accounts_on(request)
    check_page_origin(request)
    name = body.name  # trimmed and checked as a seat's name is (schemas.Name)
    refuse_password(body.password, name)
    # Each sign-up costs a password's hash: an address makes as many as it may guess.
    check_limits(request, "")
    count_wrong(request, "")
    hub = hub_of(request)
    hashed = await asyncio.to_thread(hash_password, body.password)
    try:
        account_id = await asyncio.to_thread(people.create_account, hub.store, name,
                                             name_key(name), hashed, hub.now())
    except people.NameTaken:
        raise ApiError(409, f"somebody already has the name {name!r}: choose another, or "
                            "sign in if it is yours", "name_taken") from None
    return await open_sign_in(request, response, account_id, name)


@router.post("/sign-in", response_model=Me,
             summary="Sign in with your name and password (wrong ones are limited per account "
                     "and per address: 429 with Retry-After)")
async def sign_in(body: SignIn, request: Request, response: Response) -> Me:
    check_accounts_on(request)
    check_page_origin(request)
    key = name_key(body.name.strip())
    check_limits(request, key)
    hub = hub_of(request)
    found = await asyncio.to_thread(people.password_hash_of, hub.store, key)
    right = await asyncio.to_thread(password_matches, body.password,
                                    found[1] if found else None)
    if found is None or not right:
        count_wrong(request, key)
        raise ApiError(401, "wrong name or password", "wrong_password")
    account_id, _ = found
    name = await asyncio.to_thread(people.name_of, hub.store, account_id)
    return await open_sign_in(request, response, account_id, name)


@router.get("/me", response_model=Me,
            summary="Who this device is signed in as (if anybody), and whether this server has "
                    "accounts")
async def who(request: Request) -> Me:
    return me(request, await person_of(request))


@router.post("/sign-out", response_model=SignedOut, summary="Sign this device out")
async def sign_out(person: Writer, request: Request, response: Response) -> SignedOut:
    await asyncio.to_thread(people.sign_out, hub_of(request).store, person.cookie_hash)
    clear_cookie(request, response)
    return SignedOut(signed_out=1)


@router.post("/sign-out-everywhere", response_model=SignedOut,
             summary="Sign out on every device, this one included")
async def sign_out_everywhere(person: Writer, request: Request, response: Response
                              ) -> SignedOut:
    ended = await asyncio.to_thread(people.sign_out_everywhere, hub_of(request).store,
                                    person.id)
    clear_cookie(request, response)
    return SignedOut(signed_out=ended)


@router.put("/me/password", response_model=SignedOut,
            summary="Change your password; every other device is signed out")
async def change_password(body: ChangePassword, person: Writer, request: Request
                          ) -> SignedOut:
    await confirm(request, person, body.current)
    refuse_password(body.new, person.name)
    hub = hub_of(request)
    await asyncio.to_thread(people.set_password, hub.store, person.id,
                            await asyncio.to_thread(hash_password, body.new))
    ended = await asyncio.to_thread(people.sign_out_everywhere, hub.store, person.id,
                                    person.cookie_hash)
    return SignedOut(signed_out=ended)


async def confirm(request: Request, person: Person, password: str) -> None:
    """A 401 unless `password` is the person's (limited as sign-ins are)."""
    key = name_key(person.name)
    check_limits(request, key)
    stored = await asyncio.to_thread(people.stored_password_hash, hub_of(request).store,
                                     person.id)
    if not await asyncio.to_thread(password_matches, password, stored):
        count_wrong(request, key)
        raise ApiError(401, "wrong password", "wrong_password")


# --- the person's matches ---------------------------------------------------------------------
@router.get("/me/matches", response_model=list[PersonMatchOut],
            summary="Your matches, newest first, with your tokens: go on on this device")
async def my_matches(person: Reader, request: Request) -> list[PersonMatchOut]:
    hub = hub_of(request)
    held = await asyncio.to_thread(people.matches_of, hub.store, person.id)
    return [PersonMatchOut(id=m.match_id, game=m.game, status=m.status,
                           created_at=m.created_at, finished_at=m.finished_at, seat=m.seat,
                           token=m.seat_token, host_token=m.host_token, rated=m.rated)
            for m in held]


@router.post("/me/matches", response_model=PersonMatchOut,
             summary="Keep a match you play or host as a guest on your account (its token)")
async def claim_match(body: ClaimMatch, person: Writer, request: Request) -> PersonMatchOut:
    hub = hub_of(request)
    live = await hub.get(body.match_id)
    if live is None:
        raise ApiError(404, f"there is no match {body.match_id!r}", "no_match")
    info = live.info
    seat = next((s.seat for s in info.seats if token_matches(body.token, s.token_hash)
                 and not token_matches(body.token, info.host_token_hash)), None)
    member = next((m for m in info.members
                   if not m.left and token_matches(body.token, m.token_hash)), None)
    host = token_matches(body.token, info.host_token_hash)
    if seat is None and member is None and not host:
        raise ApiError(403, "that token holds no seat of this match, nor its host's role",
                       "no_seat")
    if member is not None and seat is None:
        seat = member.seat
    await asyncio.to_thread(
        people.link_match, hub.store, person.id, info.id, hub.now(), seat=seat,
        seat_token=None if host and seat is None else body.token,
        host_token=body.token if host else None)
    return next(m for m in await my_matches(person, request) if m.id == info.id)


@router.get("/me/profile", response_model=profile.Profile,
            summary="Your matches played, with results, and your rating in each game")
async def my_profile(person: Reader, request: Request) -> profile.Profile:
    return await profile.profile(hub_of(request), request.app.state.finished_ranks,
                                 person.id)


@router.get("/me/data", response_model=dict[str, Any],
            summary="Everything kept about you, as a JSON file")
async def my_data(person: Reader, request: Request) -> JSONResponse:
    data = await asyncio.to_thread(people.data_of, hub_of(request).store, person.id)
    return JSONResponse(data, headers={
        "Content-Disposition": 'attachment; filename="ludoteca-my-data.json"'})


@router.delete("/me", response_model=SignedOut,
               summary="Delete your account: nothing of you is kept; your seats show "
                       "\"a former player\"")
async def delete_me(body: Confirm, person: Writer, request: Request, response: Response
                    ) -> SignedOut:
    await confirm(request, person, body.password)
    hub = hub_of(request)
    changed = await asyncio.to_thread(people.delete_account, hub.store, person.id)
    for match_id in changed:
        live = hub.matches.get(match_id)
        if live is not None:
            await hub.header_changed(live)  # the new names, to whoever is at the table
    clear_cookie(request, response)
    return SignedOut(signed_out=1)


# --- what creating and joining matches asks of the person -------------------------------------
async def creating(request: Request) -> Person | None:
    """Who creates a match or a session (None: a guest, where the server allows them)."""
    person = await person_writing(request)
    if person is None and config_of(request).accounts == "required":
        raise ApiError(401, "this server asks you to sign in (or sign up) to create matches "
                            "and sessions; joining one needs no account", "sign_in_to_create")
    return person


async def keep(request: Request, person: Person | None, match_id: str, *,
               seat: int | None = None, seat_token: str | None = None,
               host_token: str | None = None) -> None:
    """Keep the tokens of a match the person created or joined on their account."""
    if person is not None:
        hub = hub_of(request)
        await asyncio.to_thread(people.link_match, hub.store, person.id, match_id, hub.now(),
                                seat=seat, seat_token=seat_token, host_token=host_token)

