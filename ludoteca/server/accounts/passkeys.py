"""Passkeys (WebAuthn, the `webauthn` package): a person signed in registers one, then signs in
with it alone (a discoverable credential: no name to type). A ceremony's challenge is kept here,
in this process, for a few minutes, and used once."""

from __future__ import annotations

import json
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from ludoteca.server.accounts.models import PasskeyRow
from ludoteca.server.store import Store

RP_NAME = "ludoteca"
CEREMONY_SECONDS = 300.0
CEREMONIES_KEPT = 10_000
Refused = (InvalidRegistrationResponse, InvalidAuthenticationResponse, ValueError, KeyError,
           TypeError)


@dataclass(frozen=True)
class Page:
    """The page a ceremony runs on: its origin, and the relying party's id (its host name)."""

    origin: str
    rp_id: str


@dataclass(frozen=True)
class Ceremony:
    challenge: bytes
    account_id: str | None  # registering: whose passkey it will be
    until: float


class Ceremonies:
    """Challenges handed out and not yet answered, each used once, forgotten after a few
    minutes (or past CEREMONIES_KEPT, the oldest first)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.pending: OrderedDict[str, Ceremony] = OrderedDict()

    def begin(self, challenge: bytes, account_id: str | None) -> str:
        ceremony = secrets.token_urlsafe(16)
        self.pending[ceremony] = Ceremony(challenge, account_id, self.clock() + CEREMONY_SECONDS)
        while len(self.pending) > CEREMONIES_KEPT:
            self.pending.popitem(last=False)
        return ceremony

    def take(self, ceremony: str) -> Ceremony | None:
        found = self.pending.pop(ceremony, None)
        return found if found is not None and found.until >= self.clock() else None


def registration_options(store: Store, page: Page, account_id: str, name: str
                         ) -> tuple[bytes, dict[str, Any]]:
    """The challenge and the options a browser's `navigator.credentials.create` takes."""
    with store.read() as session:
        held = session.scalars(select(PasskeyRow.credential_id)
                               .where(PasskeyRow.account_id == account_id)).all()
    options = generate_registration_options(
        rp_id=page.rp_id, rp_name=RP_NAME, user_id=account_id.encode(), user_name=name,
        user_display_name=name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED,
            user_verification=UserVerificationRequirement.PREFERRED),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(c)) for c in held],
    )
    return options.challenge, _json(options_to_json(options))


def register(store: Store, page: Page, ceremony: Ceremony, credential: dict[str, Any],
             now: float) -> str:
    """Keep the passkey the browser made; its id. ValueError (or webauthn's) if it does not
    answer the challenge on this page."""
    verified = verify_registration_response(
        credential=credential, expected_challenge=ceremony.challenge,
        expected_rp_id=page.rp_id, expected_origin=page.origin)
    credential_id = bytes_to_base64url(verified.credential_id)
    assert ceremony.account_id is not None
    with store.write() as session:
        session.add(PasskeyRow(credential_id=credential_id, account_id=ceremony.account_id,
                               public_key=verified.credential_public_key,
                               sign_count=verified.sign_count, created_at=now))
    return credential_id


def authentication_options(page: Page) -> tuple[bytes, dict[str, Any]]:
    options = generate_authentication_options(
        rp_id=page.rp_id, user_verification=UserVerificationRequirement.PREFERRED)
    return options.challenge, _json(options_to_json(options))


def authenticate(store: Store, page: Page, ceremony: Ceremony, credential: dict[str, Any]
                 ) -> str:
    """The account whose passkey answered the challenge; ValueError (or webauthn's) if none
    did."""
    credential_id = str(credential.get("rawId") or credential.get("id") or "")
    with store.read() as session:
        row = session.get(PasskeyRow, credential_id)
        if row is None:
            raise ValueError("no such passkey")
        account_id, public_key, count = row.account_id, row.public_key, row.sign_count
    verified = verify_authentication_response(
        credential=credential, expected_challenge=ceremony.challenge,
        expected_rp_id=page.rp_id, expected_origin=page.origin,
        credential_public_key=public_key, credential_current_sign_count=count)
    with store.write() as session:
        session.execute(update(PasskeyRow).where(PasskeyRow.credential_id == credential_id)
                        .values(sign_count=verified.new_sign_count))
    return account_id


def _json(text: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(text)
    return data
