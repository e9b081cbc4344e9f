"""Creation quotas: how many matches and sessions one creator may make an hour, and have not
finished at once (`ServerConfig.matches_per_hour`, `unfinished_per_creator`; None: no limit).

A creator is counted by its address (the socket's, or the one the proxies the operator names
forward), kept as a hash: the matches table never holds an address. Past a quota the answer is
429 with the quota in the sentence and when to try again.
"""

from __future__ import annotations

import asyncio
import hashlib

from fastapi import Request

from ludoteca.server.api.errors import ApiError
from ludoteca.server.hub import Hub

HOUR = 3600.0


def creator_of(request: Request) -> str:
    """Who creates, as the quotas count it: a hash of the request's address."""
    address = request.client.host if request.client else "unknown"
    return hashlib.sha256(f"address {address}".encode()).hexdigest()[:32]


async def check_quota(hub: Hub, creator: str) -> None:
    """Refuse (429) a creation past the creator's quotas."""
    config = hub.config
    if config.matches_per_hour is None and config.unfinished_per_creator is None:
        return
    recent, unfinished = await asyncio.to_thread(hub.store.created, creator, hub.now() - HOUR)
    most = config.matches_per_hour
    if most is not None and recent >= most:
        raise ApiError(429, f"you created {recent} matches and sessions in the last hour; this "
                            f"server allows {most} an hour: try again later",
                       "quota_hour", {"most": most}, headers={"Retry-After": "600"})
    most = config.unfinished_per_creator
    if most is not None and unfinished >= most:
        raise ApiError(429, f"you have {unfinished} matches and sessions not finished; this "
                            f"server allows {most} at once: end one you no longer play, or "
                            f"wait for one to finish",
                       "quota_unfinished", {"most": most}, headers={"Retry-After": "60"})
