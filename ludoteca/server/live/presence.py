"""Who is connected to a match, across processes, and since when a seat has been empty.

Each process counts its own connections per seat and shares the counts through the bus (on a
change and with every heartbeat); a process that stops sending is forgotten after three
heartbeats, so a killed server's players show as gone and their seats can be stood in for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping


class Presence:
    def __init__(self, heartbeat: float, now: float) -> None:
        self.local: Counter[int] = Counter()
        self.local_spectators = 0
        # process -> (connections per seat, spectators, until when the report holds)
        self.remote: dict[str, tuple[dict[int, int], int, float]] = {}
        self.ttl = 3 * heartbeat
        # When each seat was last seen empty; a seat never seen connected is empty since start.
        self.empty_since: dict[int, float] = {}
        self.start = now
        # Seats the host handed to a stand-in before their grace ran out, until they are back.
        self.handed: set[int] = set()

    def connect(self, seat: int | None) -> None:
        if seat is None:
            self.local_spectators += 1
        else:
            self.local[seat] += 1
            self.handed.discard(seat)  # back: the stand-in steps aside

    def disconnect(self, seat: int | None, now: float) -> None:
        if seat is None:
            self.local_spectators = max(0, self.local_spectators - 1)
            return
        self.local[seat] -= 1
        if self.local[seat] <= 0:
            del self.local[seat]
        if not self.connected(seat, now):
            self.empty_since[seat] = now

    def update_remote(
        self, process: str, seats: Mapping[int, int], spectators: int, now: float
    ) -> None:
        self.remote[process] = (dict(seats), spectators, now + self.ttl)

    def hold_remote(self, now: float) -> None:
        """Keep what the other processes last reported for another `ttl` at least: this one
        cannot hear them now (cut off from the bus) or has just heard again, and a seat is not
        empty because the news of it stopped."""
        self.remote = {process: (seats, spectators, max(until, now + self.ttl))
                       for process, (seats, spectators, until) in self.remote.items()}

    def expire(self, now: float) -> bool:
        """Forget processes that stopped reporting; True when someone vanished."""
        gone = [p for p, (_, _, until) in self.remote.items() if until < now]
        for process in gone:
            seats = self.remote.pop(process)[0]
            for seat in seats:
                if not self.connected(seat, now):
                    self.empty_since[seat] = now
        return bool(gone)

    def counts(self, now: float) -> Counter[int]:
        total = Counter(self.local)
        for seats, _, until in self.remote.values():
            if until >= now:
                total.update(seats)
        return total

    def connected(self, seat: int, now: float) -> bool:
        return self.counts(now)[seat] > 0

    def spectators(self, now: float) -> int:
        return self.local_spectators + sum(
            n for _, n, until in self.remote.values() if until >= now
        )

    def empty_for(self, seat: int, now: float) -> float:
        """Seconds `seat` has had nobody connected (0 while someone is)."""
        if self.connected(seat, now):
            return 0.0
        return now - self.empty_since.get(seat, self.start)

    def hand_to_bot(self, seat: int) -> None:
        """The host has a stand-in play `seat` now, while nobody holds it (until its person
        is back: a stand-in, not a bot given the seat for good)."""
        self.handed.add(seat)

    def handed_over(self, seat: int, now: float) -> bool:
        if seat in self.handed and self.connected(seat, now):
            self.handed.discard(seat)  # back through another process
        return seat in self.handed

    def mark_empty(self, seat: int, now: float) -> None:
        """Restart a seat's grace (a seat just freed, a match just started or resumed)."""
        self.empty_since[seat] = now
