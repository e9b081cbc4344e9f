"""A live match's driver: the one task that runs its bots, its clocks and its stand-ins.

It sleeps until the earliest thing due (a deadline, a bot's move, a grace or a time bank
running out) or until something changes, looks at the state under the match's lock, and then
sends what is due through the same pipeline as a person's action. With several processes only
the one holding the match's lease drives it (see bus.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ludoteca.engine.actions import Action
from ludoteca.server.bots import SeatBots, controlled_seats, grace_seconds

if TYPE_CHECKING:
    from ludoteca.server.live import LiveMatch

log = logging.getLogger("ludoteca.server")


@dataclass
class Due:
    seat: int
    action: Action
    source: str
    guard: Callable[[], bool]


async def drive(live: LiveMatch) -> None:
    bots = SeatBots(live)
    live.seat_bots = bots
    while True:
        live.changed.clear()
        try:
            wake = await _turn(live, bots)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the driver of match %s failed; retrying", live.id)
            wake = live.now() + 1.0
        timeout = None if wake is None else max(0.0, wake - live.now())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(live.changed.wait(), timeout)


async def _turn(live: LiveMatch, bots: SeatBots) -> float | None:
    """Fire what is due; the time of the next thing due (None: wait for a change)."""
    async with live.lock:
        if not live.driving or live.state is None or live.info.status != "running":
            bots.forget_all_but(set())
            return None
        wakes: list[float] = []
        due = _due_deadlines(live, wakes) + _due_bot_moves(live, bots, wakes)
    for item in due:
        await live.submit(item.seat, item.action, source=item.source, guard=item.guard)
    if due:
        return live.now()
    return min(wakes) if wakes else None


def _due_deadlines(live: LiveMatch, wakes: list[float]) -> list[Due]:
    out = []
    now = live.now()
    for deadline in live.game.deadlines(live.state):
        ends = live.clocks.deadline_due(deadline)
        if ends is None:
            continue
        if ends > now:
            wakes.append(ends)
            continue
        key = deadline.key

        def still_due(key: str = key) -> bool:
            listed = {d.key: d for d in live.game.deadlines(live.state)}
            ends = live.clocks.deadline_due(listed[key]) if key in listed else None
            return ends is not None and ends <= live.now()

        out.append(Due(deadline.seat, deadline.action, "clock", still_due))
    return out


def _due_bot_moves(live: LiveMatch, bots: SeatBots, wakes: list[float]) -> list[Due]:
    now = live.now()
    controlled = controlled_seats(live, now)
    bots.forget_all_but(set(controlled))
    stand_ins = set(controlled) - {s.seat for s in live.info.seats if s.bot}
    if stand_ins != bots.stand_ins:  # everybody sees who is being played by a bot
        bots.stand_ins = stand_ins
        live.broadcast_presence()
    _wake_for_stand_ins(live, controlled, now, wakes)
    actors = live.game.actors(live.state)
    out = []
    for seat, spec in sorted(controlled.items()):
        if seat not in actors:
            bots.forget(seat)
            continue
        plan = bots.current(seat, spec)
        if plan is None or plan.fire_at is None:
            continue
        if plan.fire_at > now:
            wakes.append(plan.fire_at)
            continue
        bots.forget(seat)
        if plan.action is None:
            continue  # the bot failed; it thinks again next time
        out.append(Due(seat, plan.action, "bot", _still_controlled(live, seat, plan.step)))
    return out


def _still_controlled(live: LiveMatch, seat: int, step: int) -> Callable[[], bool]:
    def check() -> bool:
        if not live.game.real_time and live.step != step:
            return False
        return seat in controlled_seats(live, live.now())

    return check


def _wake_for_stand_ins(
    live: LiveMatch, controlled: dict[int, Any], now: float, wakes: list[float]
) -> None:
    """Wake when a grace or a time bank runs out, so the stand-in starts on time."""
    grace = grace_seconds(live)
    for seat in live.info.seats:
        if seat.seat in controlled:
            continue
        if grace is not None and not live.presence.connected(seat.seat, now):
            wakes.append(now + grace - live.presence.empty_for(seat.seat, now))
        bank = live.clocks.bank_due(seat.seat)
        if bank is not None:
            wakes.append(bank)
