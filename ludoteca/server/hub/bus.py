"""Messages between the processes that share live matches, and who drives each match.

With one process (`LocalBus`) there is nobody to tell and this process drives every match.
With Redis (`RedisBus`): a process that changed a match publishes a short notice on the match's
channel ("step n is logged", "the header changed", "these seats are connected here"); the other
processes read what changed from the database, which stays the single truth, and tell their own
clients. Notices carry no secret: every process computes each seat's frames itself.

One process at a time *drives* a match: runs its bots, clocks and stand-ins. It holds a lease
in Redis that it renews every heartbeat; when it dies the lease runs out and another process
that has the match live takes over, reading the clocks' starts from the database.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("ludoteca.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]
CHANNEL_PREFIX = "ludoteca:match:"
LEASE_PREFIX = "ludoteca:driver:"

# Renew a lease only if this process still holds it (atomic in Redis).
RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""


class LocalBus:
    """One process: nothing to share."""

    def __init__(self) -> None:
        self.process = "local"

    async def start(self, handler: Handler) -> None:
        pass

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        pass

    async def hold_lease(self, match_id: str) -> bool:
        return True

    async def release_lease(self, match_id: str) -> None:
        pass

    async def close(self) -> None:
        pass


class RedisBus:
    def __init__(self, url: str, lease_seconds: float) -> None:
        import redis.asyncio as redis

        self.client = redis.from_url(url, decode_responses=True)
        self.process = secrets.token_hex(6)
        self.lease_ms = int(lease_seconds * 1000)
        self.renew = self.client.register_script(RENEW)
        self.reader: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        pubsub = self.client.pubsub()
        await pubsub.psubscribe(CHANNEL_PREFIX + "*")
        self.reader = asyncio.create_task(self._read(pubsub, handler))

    async def _read(self, pubsub: Any, handler: Handler) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "pmessage":
                continue
            try:
                data = json.loads(message["data"])
            except (TypeError, ValueError):
                continue
            if data.get("process") == self.process:
                continue
            try:
                await handler(data)
            except Exception:  # one bad notice must not stop the reader
                log.exception("handling a notice from another process failed")

    async def publish(self, match_id: str, message: dict[str, Any]) -> None:
        payload = json.dumps({**message, "match": match_id, "process": self.process})
        await self.client.publish(CHANNEL_PREFIX + match_id, payload)

    async def hold_lease(self, match_id: str) -> bool:
        """Take the match's lease, or renew it if this process holds it."""
        key = LEASE_PREFIX + match_id
        if await self.client.set(key, self.process, nx=True, px=self.lease_ms):
            return True
        return bool(await self.renew(keys=[key], args=[self.process, self.lease_ms]))

    async def release_lease(self, match_id: str) -> None:
        key = LEASE_PREFIX + match_id
        if await self.client.get(key) == self.process:
            await self.client.delete(key)

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        await self.client.aclose()
