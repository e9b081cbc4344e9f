"""A token bucket per connection: a steady rate of frames with a burst of twice that, and a
count of the frames refused that tells a flood from a burst."""

from __future__ import annotations

import time
from collections.abc import Callable

# Refused frames are forgotten at this share of the allowed rate. Forgotten at the whole rate,
# a client sending just under twice the rate (59 frames a second at 30) was refused as many as
# were forgotten and never closed; at a quarter, whoever sends a quarter more than allowed,
# for long, piles refusals up.
FORGET_SHARE = 0.25


class RateLimit:
    def __init__(self, per_second: float, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_second
        self.capacity = burst if burst is not None else 2 * per_second
        self.tokens = self.capacity
        self.clock = clock  # a test's own, so the boundary is tested without waiting
        self.stamp = clock()
        # Frames refused, forgotten at a share of the allowed rate: a burst leaves a few that
        # fade, a client that keeps sending faster than allowed piles them up (and is
        # disconnected), though a frame now and then still gets through.
        self.flooding = 0.0
        self.dropped = 0  # frames refused in all

    def allow(self) -> bool:
        now = self.clock()
        elapsed = now - self.stamp
        self.tokens = min(self.capacity, self.tokens + elapsed * self.rate)
        self.flooding = max(0.0, self.flooding - elapsed * self.rate * FORGET_SHARE)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.flooding += 1
        self.dropped += 1
        return False

    def message(self) -> str:
        return (
            f"too many messages: at most {self.rate:g} a second; this one was dropped, "
            "wait a moment before sending more"
        )

    def closing(self) -> str:
        return (f"still sending more than {self.rate:g} messages a second: the connection is "
                "closed")
