"""A token bucket per connection: a steady rate of frames with a burst of twice that."""

from __future__ import annotations

import time


class RateLimit:
    def __init__(self, per_second: float, burst: float | None = None) -> None:
        self.rate = per_second
        self.capacity = burst if burst is not None else 2 * per_second
        self.tokens = self.capacity
        self.stamp = time.monotonic()
        # Frames refused in a row: a client that keeps flooding is disconnected.
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False

    def message(self) -> str:
        return (
            f"too many messages: at most {self.rate:g} a second; this one was dropped, "
            "wait a moment before sending more"
        )
