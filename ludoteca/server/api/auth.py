"""The token a request presents: `Authorization: Bearer <token>`, never in an address
(addresses get logged). Who it is in a match, and what it opens, is `live.access`'s to say."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

bearer = HTTPBearer(auto_error=False,
                    description="a seat, spectator, host or facilitator token")
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None
