"""What is due in a live match: its clocks' actions and its bots' moves, and when to look next.

The hub's driver (`ludoteca.server.hub.driver`) asks `due_now` under the match's lock, then
sends what is due through the same pipeline as a person's action. With several processes only
the one holding the match's lease drives it (see the hub's bus).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.server.live.match import LiveMatch
from ludoteca.server.live.seat_bots import Plan, SeatBots, controlled_seats, grace_seconds


@dataclass
class Due:
    seat: int
    action: Action
    source: str
    guard: Callable[[], bool]


@dataclass
class Agenda:
    """What to send now, when to look again (None: at the next change), whether who a bot
    stands in for changed (everybody's presence frame says it) and whether the gathering
    before a stretch of real-time play did (everybody's state frame says it)."""

    due: list[Due] = field(default_factory=list)
    wake: float | None = None
    stand_ins_changed: bool = False
    gathering_changed: bool = False


def due_now(live: LiveMatch) -> Agenda:
    """The clocks' actions and bots' moves due now. Call with the match's lock held."""
    bots = live.seat_bots
    # Every process follows the gathering (its own players are told of it); one drives. While
    # the table gathers, it looks every second for someone who stopped arriving.
    now = live.now()
    agenda = Agenda(gathering_changed=live.gather(now), wake=live.gathering.wake())
    if live.gathering.hold is not None and agenda.wake is None:
        agenda.wake = now + 1.0
    if not live.driving or live.state is None or live.info.status != "running":
        bots.forget_all_but(set())
        return agenda
    wakes: list[float] = []
    if live.gathering.hold is not None:
        # Nothing is due before the start, and no bot thinks: its reaction time runs from it.
        bots.forget_all_but(set())
        return agenda
    agenda.due = _due_deadlines(live, wakes) + _due_bot_moves(live, bots, wakes, agenda)
    agenda.wake = live.now() if agenda.due else (min(wakes) if wakes else None)
    return agenda


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


def _due_bot_moves(live: LiveMatch, bots: SeatBots, wakes: list[float], agenda: Agenda
                   ) -> list[Due]:
    now = live.now()
    controlled = controlled_seats(live, now)
    bots.forget_all_but(set(controlled))
    stand_ins = set(controlled) - {s.seat for s in live.info.seats if s.bot}
    if stand_ins != bots.stand_ins:  # everybody sees who is being played by a bot
        bots.stand_ins = stand_ins
        agenda.stand_ins_changed = True
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
        out.append(Due(seat, plan.action, "bot", _still_due(live, seat, plan)))
    return out


def _still_due(live: LiveMatch, seat: int, plan: Plan) -> Callable[[], bool]:
    """Checked when the move is applied: a bot still plays the seat, and (turn-based) the seat
    still sees what the bot saw (a real-time move is checked by the rules themselves)."""
    def check() -> bool:
        if not live.game.real_time and not live.seat_bots.holds(seat, plan):
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
