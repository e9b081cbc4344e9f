"""Messages between the processes that share live matches, and who drives each match.

With one process (`LocalBus`) there is nobody to tell and this process drives every match.
With Redis (`RedisBus`): a process that changed a match publishes a short notice on the match's
channel ("step n is logged", "the header changed", "these seats are connected here"); the other
processes read what changed from the database, which stays the single truth, and tell their own
clients. Notices carry no secret: every process computes each seat's frames itself.

One process at a time *drives* a match: runs its bots, clocks and stand-ins. It holds a lease
in Redis that it renews every heartbeat; when it dies the lease runs out and another process
that has the match live takes over, reading the clocks' starts from the database.

Redis may go away (a restart, a broken connection, a Redis that stops answering). The reader
notices at once when the connection drops, or after three heartbeats without an answer to its
pings; until it has subscribed again the process is *cut off* (`cut_off`, which `/healthz`
reports). It reconnects by itself, a little later after each failure (a heartbeat at most), and
once subscribed again calls `on_connected`: the hub reads from the database what the notices it
missed would have told. Pub/sub keeps nothing for a reader that was away, and a restarted Redis
has forgotten every lease:

- a lease this process renewed less than a lease's length (less a heartbeat) ago is still its
  own while it cannot reach Redis: nobody else can take it before it runs out;
- after a reconnection a process takes no lease it did not hold for a lease's length, so a
  lease that a restart forgot goes back to its holder, not to whoever comes back first; if the
  holder died meanwhile, another takes over as when a lease runs out.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("ludoteca.server")

Handler = Callable[[dict[str, Any]], Awaitable[None]]
Connected = Callable[[], Awaitable[None]]
CHANNEL_PREFIX = "ludoteca:match:"
LEASE_PREFIX = "ludoteca:driver:"
# The live processes: each one's id, scored by the time of its last heartbeat; one silent for a
# lease's length is gone.
PROCESSES = "ludoteca:processes"
FIRST_PAUSE = 0.05  # seconds before reconnecting after a failure; doubled up to a heartbeat
SILENT_READS = 3  # heartbeats without a word from Redis (a ping sent after the first): cut off
LEASE_HEARTBEATS = 3  # a lease lasts this many heartbeats

# Renew a lease only if this process still holds it (atomic in Redis).
RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""


class LocalBus:
    """One process: nothing to share, never cut off."""

    cut_off: str | None = None

    def __init__(self) -> None:
        self.process = "local"

    async def start(self, handler: Handler, on_connected: Connected) -> None:
        pass

    async def publish(self, match_id: str, message: dict[str, Any]) -> bool:
        return True

    async def hold_lease(self, match_id: str) -> bool:
        return True

    async def unleased(self, match_ids: list[str]) -> list[str]:
        return list(match_ids)  # one process: nobody else holds a lease

    async def release_lease(self, match_id: str) -> None:
        pass

    async def ping(self) -> None:
        pass

    async def beat(self) -> int:
        return 1

    async def leave(self) -> None:
        pass

    async def close(self) -> None:
        pass


class RedisBus:
    def __init__(self, url: str, heartbeat_seconds: float) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.heartbeat = heartbeat_seconds
        self.lease_seconds = LEASE_HEARTBEATS * heartbeat_seconds
        self.lease_ms = int(self.lease_seconds * 1000)
        timeout = max(1.0, heartbeat_seconds)  # a Redis that does not answer holds nothing up
        # Notices out and leases: one retry at once, for a pooled connection a restart broke.
        self.client = redis.from_url(url, decode_responses=True, retry=Retry(NoBackoff(), 1),
                                     socket_timeout=timeout, socket_connect_timeout=timeout)
        # The reader: no retries of its own, so that it knows when it was cut off (`_read`).
        self.listener = redis.from_url(url, decode_responses=True, retry=Retry(NoBackoff(), 0),
                                       socket_timeout=timeout, socket_connect_timeout=timeout)
        self.process = secrets.token_hex(6)
        self.renew = self.client.register_script(RENEW)
        self.reader: asyncio.Task[None] | None = None
        self.subscribed = asyncio.Event()
        # Since when (monotonic) the reader has not been subscribed, and why; None: subscribed.
        self.cut_since: float | None = time.monotonic()
        self.cut_reason = "not connected yet"
        self.rejoined_at: float | None = None  # the last subscription after the first
        self.held: dict[str, float] = {}  # match -> when its lease was last taken or renewed

    # --- the reader -----------------------------------------------------------------------------
    async def start(self, handler: Handler, on_connected: Connected) -> None:
        """Start reading notices; wait (a lease's length at most) for the first subscription.
        A process that starts while Redis is away starts cut off and reconnects later."""
        self.reader = asyncio.create_task(self._read(handler, on_connected))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.subscribed.wait(), self.lease_seconds)

    async def _read(self, handler: Handler, on_connected: Connected) -> None:
        """Subscribe, catch up, read notices until Redis goes away; again, for ever."""
        pause = FIRST_PAUSE
        first = True
        while True:
            pubsub: Any = self.listener.pubsub()
            try:
                await self._subscribe(pubsub)
                self._connected(first)
                first, pause = False, FIRST_PAUSE
                try:
                    await on_connected()
                except Exception:  # the database, not Redis: the heartbeat catches up later
                    log.exception("catching up after subscribing to Redis failed")
                await self._listen(pubsub, handler)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                self._cut(exc)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(pause)
            pause = min(2 * pause, self.heartbeat)

    async def _subscribe(self, pubsub: Any) -> None:
        """Subscribe to every match's channel; return once Redis confirmed it (a notice
        published after that reaches this process)."""
        await pubsub.psubscribe(CHANNEL_PREFIX + "*")
        while True:
            message = await pubsub.get_message(timeout=SILENT_READS * self.heartbeat)
            if message is None:
                raise ConnectionError("Redis did not confirm the subscription")
            if message["type"] == "psubscribe":
                return

    async def _listen(self, pubsub: Any, handler: Handler) -> None:
        """Hand every other process's notice to `handler`. A heartbeat without a word from
        Redis sends a ping; `SILENT_READS` heartbeats without one mean Redis is gone."""
        silent = 0
        while True:
            message = await pubsub.get_message(timeout=self.heartbeat)
            if message is None:
                silent += 1
                if silent >= SILENT_READS:
                    raise ConnectionError(f"Redis did not answer for {silent} heartbeats")
                if silent == 1:
                    await pubsub.ping()
                continue
            silent = 0
            if message["type"] == "pmessage":
                await self._deliver(message, handler)

    async def _deliver(self, message: dict[str, Any], handler: Handler) -> None:
        try:
            data = json.loads(message["data"])
        except (TypeError, ValueError):
            return
        if not isinstance(data, dict) or data.get("process") == self.process:
            return
        try:
            await handler(data)
        except Exception:  # one bad notice must not stop the reader
            log.exception("handling a notice from another process failed")

    def _connected(self, first: bool) -> None:
        if self.cut_since is not None and not first:
            log.warning("subscribed to Redis again after %.1f s cut off; catching up from the "
                        "database", time.monotonic() - self.cut_since)
        self.cut_since = None
        if not first:
            self.rejoined_at = time.monotonic()
        self.subscribed.set()

    def _cut(self, exc: Exception) -> None:
        if self.cut_since is None:
            self.cut_since = time.monotonic()
            log.warning("cut off from Redis (%s: %s); reconnecting", type(exc).__name__, exc)
        # The class only: the message may name Redis's address, and /healthz is public.
        self.cut_reason = type(exc).__name__

    @property
    def cut_off(self) -> str | None:
        """Why this process hears nothing from the others now (a sentence), or None."""
        if self.cut_since is None:
            return None
        return (f"this process has been cut off from Redis for "
                f"{time.monotonic() - self.cut_since:.0f} s ({self.cut_reason}): it hears no "
                "notice from the other processes (its players see their moves once a "
                "heartbeat, from the database) and is reconnecting")

    # --- notices out ----------------------------------------------------------------------------
    async def publish(self, match_id: str, message: dict[str, Any]) -> bool:
        """Send a notice; False, sending nothing, while cut off."""
        if self.cut_since is not None:
            return False
        payload = json.dumps({**message, "match": match_id, "process": self.process})
        await self.client.publish(CHANNEL_PREFIX + match_id, payload)
        return True

    # --- leases ---------------------------------------------------------------------------------
    async def hold_lease(self, match_id: str) -> bool:
        """Take the match's lease, or renew it if this process holds it. While Redis cannot be
        reached, a lease renewed a moment ago is still held (see the module's docstring)."""
        now = time.monotonic()
        if self.cut_since is None:
            with contextlib.suppress(Exception):  # gone since the reader last heard it
                return await self._hold(match_id, now)
        renewed = self.held.get(match_id)
        return renewed is not None and now - renewed < self.lease_seconds - self.heartbeat

    async def _hold(self, match_id: str, now: float) -> bool:
        key = LEASE_PREFIX + match_id
        if match_id in self.held:
            if await self.renew(keys=[key], args=[self.process, self.lease_ms]):
                self.held[match_id] = now
                return True
            # Forgotten by a restarted Redis (then taken back below), or run out and taken.
        elif self.rejoined_at is not None and now - self.rejoined_at < self.lease_seconds:
            return False  # a lease a restart forgot is still its holder's
        if await self.client.set(key, self.process, nx=True, px=self.lease_ms):
            self.held[match_id] = now
            return True
        self.held.pop(match_id, None)
        return False

    async def unleased(self, match_ids: list[str]) -> list[str]:
        """Those of `match_ids` whose lease nobody holds (none while Redis is away)."""
        if not match_ids or self.cut_since is not None:
            return []
        holders = await self.client.mget([LEASE_PREFIX + m for m in match_ids])
        return [m for m, holder in zip(match_ids, holders, strict=True) if holder is None]

    async def release_lease(self, match_id: str) -> None:
        self.held.pop(match_id, None)
        key = LEASE_PREFIX + match_id
        if await self.client.get(key) == self.process:
            await self.client.delete(key)

    async def ping(self) -> None:
        """One round trip to Redis (the metrics' probe); raises if it cannot answer."""
        await self.client.ping()

    # --- the live processes -------------------------------------------------------------------
    async def beat(self) -> int:
        """Say this process is alive; how many are, this one included (one while cut off:
        its share is then every match it already drives, see Hub)."""
        if self.cut_since is not None:
            return 1
        now = time.time()
        async with self.client.pipeline(transaction=False) as pipe:
            pipe.zadd(PROCESSES, {self.process: now})
            pipe.zremrangebyscore(PROCESSES, 0, now - self.lease_seconds)
            pipe.zcard(PROCESSES)
            answers = await pipe.execute()
        return max(1, int(answers[-1]))

    async def leave(self) -> None:
        """This process stops (draining): the others' shares grow at their next heartbeat."""
        await self.client.zrem(PROCESSES, self.process)

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.reader
        await self.client.aclose()
        await self.listener.aclose()
