"""Passkeys over HTTP, under /api/accounts (see accounts.passkeys): a person signed in
registers one in two steps (options, then the browser's answer), and anyone signs in with one
in two steps. Only where the page is a secure context (https, or localhost): browsers offer
WebAuthn nowhere else, and the relying party is the page's host name."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request, Response
from pydantic import BaseModel, Field

from ludoteca.server.accounts import passkeys, people
from ludoteca.server.accounts.passkeys import Ceremonies, Page
from ludoteca.server.api.accounts import (
    RESPONSES,
    Me,
    Writer,
    check_accounts_on,
    check_limits,
    check_page_origin,
    config_of,
    count_wrong,
    open_sign_in,
)
from ludoteca.server.api.errors import ApiError
from ludoteca.server.api.guards import address_of
from ludoteca.server.api.hubs import hub_of
from ludoteca.server.api.schemas import Strict

router = APIRouter(prefix="/api/accounts", responses=RESPONSES, tags=["accounts"])


def install(app: FastAPI) -> None:
    app.state.passkey_ceremonies = Ceremonies()
    app.include_router(router)
# A credential as the browser's PublicKeyCredential.toJSON() writes it.
Credential = Annotated[dict[str, Any], Field(max_length=8)]
CeremonyId = Annotated[str, Field(min_length=1, max_length=40)]


class PasskeyOptions(BaseModel):
    ceremony: str = Field(description="send it back with the browser's answer")
    options: dict[str, Any] = Field(description="the publicKey options, as JSON")


class PasskeyAnswer(Strict):
    ceremony: CeremonyId
    credential: Credential


class PasskeyAdded(BaseModel):
    id: str


def ceremonies_of(request: Request) -> Ceremonies:
    found: Ceremonies = request.app.state.passkey_ceremonies
    return found


def page_of(request: Request) -> Page:
    """The page a ceremony runs on: the public address when the operator gave one, else the
    address the request was made to."""
    public = config_of(request).public_url
    if public:
        parts = urlsplit(public)
        return Page(f"{parts.scheme}://{parts.netloc}", parts.hostname or "")
    host = request.headers.get("host", "")
    return Page(f"{request.url.scheme}://{host}", urlsplit(f"//{host}").hostname or "")


def taken(request: Request, ceremony: str) -> passkeys.Ceremony:
    found = ceremonies_of(request).take(ceremony)
    if found is None:
        raise ApiError(409, "that passkey request is over (each is answered once, within 5 "
                            "minutes): start again", "passkey_expired")
    return found


@router.post("/me/passkeys/options", response_model=PasskeyOptions,
             summary="Start registering a passkey: the options for navigator.credentials.create")
async def passkey_options(person: Writer, request: Request) -> PasskeyOptions:
    hub = hub_of(request)
    challenge, options = await asyncio.to_thread(
        passkeys.registration_options, hub.store, page_of(request), person.id, person.name)
    return PasskeyOptions(ceremony=ceremonies_of(request).begin(challenge, person.id),
                          options=options)


@router.post("/me/passkeys", response_model=PasskeyAdded, status_code=201,
             summary="Keep the passkey the browser made")
async def add_passkey(body: PasskeyAnswer, person: Writer, request: Request) -> PasskeyAdded:
    ceremony = taken(request, body.ceremony)
    if ceremony.account_id != person.id:
        raise ApiError(403, "that passkey request was for another account", "write_refused")
    hub = hub_of(request)
    try:
        credential_id = await asyncio.to_thread(passkeys.register, hub.store, page_of(request),
                                                ceremony, body.credential, hub.now())
    except passkeys.Refused as exc:
        raise ApiError(422, f"the browser's passkey does not answer this page's request: {exc}",
                       "passkey_refused") from None
    return PasskeyAdded(id=credential_id)


@router.post("/passkey/options", response_model=PasskeyOptions,
             summary="Start signing in with a passkey: the options for "
                     "navigator.credentials.get")
async def sign_in_options(request: Request) -> PasskeyOptions:
    check_accounts_on(request)
    check_page_origin(request)
    challenge, options = passkeys.authentication_options(page_of(request))
    return PasskeyOptions(ceremony=ceremonies_of(request).begin(challenge, None),
                          options=options)


@router.post("/passkey/sign-in", response_model=Me,
             summary="Sign in with the passkey the browser chose")
async def passkey_sign_in(body: PasskeyAnswer, request: Request, response: Response) -> Me:
    check_accounts_on(request)
    check_page_origin(request)
    # Wrong passkeys count against the address alone: a passkey names no account until found.
    tries = f"passkey from {address_of(request)}"
    check_limits(request, tries)
    ceremony = taken(request, body.ceremony)
    hub = hub_of(request)
    try:
        account_id = await asyncio.to_thread(passkeys.authenticate, hub.store,
                                             page_of(request), ceremony, body.credential)
    except passkeys.Refused:
        count_wrong(request, tries)
        raise ApiError(401, "that passkey is not one of this server's accounts",
                       "wrong_passkey") from None
    name = await asyncio.to_thread(people.name_of, hub.store, account_id)
    return await open_sign_in(request, response, account_id, name)
