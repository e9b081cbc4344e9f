"""Events: what an applied action did, who may see it, and who may know who did it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, init=False)
class Event:
    """One thing that happened. `visible_to` is None for a public event, else the seats that may
    see it (the facilitator, where a game has one, is a seat like the others). `actor_seen_by`
    is None where whoever sees the event may know which seat's action it followed, else the
    seats that may (a crew's repair is public progress, but who made it is the crew's)."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[int] | None = None
    actor_seen_by: frozenset[int] | None = None

    def __init__(self, kind: str, data: Mapping[str, Any] | None = None,
                 visible_to: frozenset[int] | None = None,
                 actor_seen_by: frozenset[int] | None = None) -> None:
        # Every action makes a few events: the fields are set at once in the instance's dict,
        # where the frozen dataclass's own __init__ guards each (a third of an event's cost).
        self.__dict__.update(kind=kind, data={} if data is None else data,
                             visible_to=visible_to, actor_seen_by=actor_seen_by)

    def visible(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator) may see this event."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    def actor_visible(self, seat: int | None) -> bool:
        """Whether `seat` (None: a spectator), seeing this event, may know who acted."""
        if self.actor_seen_by is None:
            return True
        return seat is not None and seat in self.actor_seen_by

    def to_json(self) -> dict[str, Any]:
        """The event as JSON data."""
        out: dict[str, Any] = {"kind": self.kind, "data": dict(self.data)}
        if self.visible_to is not None:
            out["visible_to"] = sorted(self.visible_to)
        if self.actor_seen_by is not None:
            out["actor_seen_by"] = sorted(self.actor_seen_by)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Event:
        """The event that `to_json` wrote."""
        seats = data.get("visible_to")
        actor = data.get("actor_seen_by")
        return cls(
            kind=str(data["kind"]),
            data=dict(data.get("data", {})),
            visible_to=None if seats is None else frozenset(int(s) for s in seats),
            actor_seen_by=None if actor is None else frozenset(int(s) for s in actor),
        )


def public(kind: str, **data: Any) -> Event:
    """An event everybody sees."""
    return Event(kind, data)


def private(kind: str, seats: Iterable[int], **data: Any) -> Event:
    """An event only `seats` see."""
    return Event(kind, data, frozenset(seats))


def visible_events(events: Iterable[Event], seat: int | None) -> list[Event]:
    """The events `seat` may see, in order."""
    return [e for e in events if e.visible(seat)]
