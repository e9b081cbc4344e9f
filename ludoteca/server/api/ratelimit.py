"""A token bucket per connection: a steady rate of frames with a burst of twice that, and a
count of the frames refused that tells a flood from a burst."""

from __future__ import annotations

import time
from collections.abc import Callable


class RateLimit:
    def __init__(self, per_second: float, burst: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = per_second
        self.capacity = burst if burst is not None else 2 * per_second
        self.tokens = self.capacity
        self.clock = clock  # a test's own, so the boundary is tested without waiting
        self.stamp = clock()
        # Frames refused, forgotten at the allowed rate: a burst leaves a few that fade, a
        # client that keeps sending faster than allowed piles them up (and is disconnected),
        # though a frame now and then still gets through.
        self.flooding = 0.0
        self.dropped = 0  # frames refused in all

    def allow(self) -> bool:
        now = self.clock()
        elapsed = now - self.stamp
        self.tokens = min(self.capacity, self.tokens + elapsed * self.rate)
        self.flooding = max(0.0, self.flooding - elapsed * self.rate)
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
