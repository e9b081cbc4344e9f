"""Creation quotas: how many matches and sessions one creator may make an hour, and have not
finished at once. A guest is counted by their address (`ServerConfig.matches_per_hour`,
`unfinished_per_creator`), a person signed in by their account, on every device and address
(`person_matches_per_hour`, `person_unfinished`); None: no limit.

An address is the socket's, or the one the proxies the operator names forward; creators are
kept as hashes: the matches table never holds an address or an account's id. Past a quota the
answer is 429 with the quota in the sentence and when to try again.
"""

from __future__ import annotations

import asyncio
import hashlib

from fastapi import Request

from ludoteca.server.accounts.people import Person
from ludoteca.server.api.errors import ApiError
from ludoteca.server.api.guards import address_of
from ludoteca.server.hub import Hub

HOUR = 3600.0


def creator_of(request: Request, person: Person | None = None) -> str:
    """Who creates, as the quotas count it: a hash of the person's account, or of the
    request's address for a guest."""
    if person is not None:
        return hashlib.sha256(f"account {person.id}".encode()).hexdigest()[:32]
    address = address_of(request)
    return hashlib.sha256(f"address {address}".encode()).hexdigest()[:32]


async def check_quota(hub: Hub, creator: str, person: Person | None = None) -> None:
    """Refuse (429) a creation past the creator's quotas."""
    config = hub.config
    per_hour, at_once = ((config.person_matches_per_hour, config.person_unfinished)
                         if person is not None else
                         (config.matches_per_hour, config.unfinished_per_creator))
    if per_hour is None and at_once is None:
        return
    recent, unfinished = await asyncio.to_thread(hub.store.created, creator, hub.now() - HOUR)
    if per_hour is not None and recent >= per_hour:
        raise ApiError(429, f"you created {recent} matches and sessions in the last hour; this "
                            f"server allows {per_hour} an hour: try again later",
                       "quota_hour", {"most": per_hour}, headers={"Retry-After": "600"})
    if at_once is not None and unfinished >= at_once:
        raise ApiError(429, f"you have {unfinished} matches and sessions not finished; this "
                            f"server allows {at_once} at once: end one you no longer play, or "
                            f"wait for one to finish",
                       "quota_unfinished", {"most": at_once}, headers={"Retry-After": "60"})
