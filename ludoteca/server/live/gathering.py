"""Gathering the table before a stretch of real-time play (Ligretto's "Ligretto!" at the start
of each round): the game names the stretch (`Game.gathers`), the server holds it until every
person connected to a seat has said they are ready, then counts down and lets everybody go at
once, bots included. Who is connected is the server's presence: a seat nobody holds, a bot's
seat or a stand-in's is never waited for; a person who took a seat (or was invited to it) and
is not connected is waited for only a few seconds (`ARRIVING_SECONDS`: a page still loading,
a reload). The hold is the server's, not a step of the log: a
replay has no such pause, and after a restart the table gathers again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Seconds a person who took a seat but is not connected is still waited for: the page of a
# match just started is loading, a player reloads.
ARRIVING_SECONDS = 10.0


@dataclass
class Hold:
    """A stretch of play held: its key, the seats that said they are ready, and when it goes
    (None while the table is still gathering)."""

    key: str
    ready: set[int] = field(default_factory=set)
    go_at: float | None = None


@dataclass
class Gathering:
    """One match's gathering: the stretch held now, if any, and the last one let go."""

    countdown: float
    hold: Hold | None = None
    released: str | None = None

    def update(self, key: str | None, people: set[int], now: float) -> bool:
        """Follow the game's stretch `key` with `people` the seats a person is connected to:
        hold a new stretch, start the countdown once they are all ready, release it when the
        countdown is over. Whether anything a screen shows changed."""
        if key is None or key == self.released:
            changed = self.hold is not None
            self.hold = None
            return changed
        if self.hold is None or self.hold.key != key:
            self.hold = Hold(key)
            changed = True
        else:
            changed = False
        hold = self.hold
        if hold.go_at is None and people <= hold.ready:
            hold.go_at = now + self.countdown
            changed = True
        if hold.go_at is not None and now >= hold.go_at:
            self.released, self.hold = key, None
            changed = True
        return changed

    def ready(self, seat: int, key: str | None) -> bool:
        """`seat` says it is ready for the stretch `key`; whether that was news."""
        hold = self.hold
        if hold is None or hold.key != key or seat in hold.ready:
            return False
        hold.ready.add(seat)
        return True

    def wake(self) -> float | None:
        """When the countdown ends, for the driver to look again."""
        return None if self.hold is None else self.hold.go_at

    def refusal(self, now: float) -> str | None:
        """Why no action may be played now, while the stretch is held."""
        hold = self.hold
        if hold is None:
            return None
        if hold.go_at is None:
            return "wait for the start: everybody at the table says they are ready first"
        return f"wait for the start: it goes in {max(0.0, hold.go_at - now):.1f} s"

    def seen(self, people: set[int], now: float) -> dict[str, Any] | None:
        """What every screen shows of the hold: who is ready, who is awaited, and the seconds
        to the start once the countdown runs."""
        hold = self.hold
        if hold is None:
            return None
        return {
            "key": hold.key,
            "ready": sorted(hold.ready),
            "waiting": sorted(people - hold.ready),
            "starts_in": None if hold.go_at is None else round(max(0.0, hold.go_at - now), 1),
        }
