"""Bot seats inside the server: which seats a bot plays now, and each one's next move.

A bot plays a seat for good when the host put one there, and stands in for a person while the
seat has been empty longer than the grace (the game's `abandoned_seat_grace`, or the match's
setting; None: never on its own) or while the seat's time bank is spent. A stand-in stops as
soon as the person is back.

A bot thinks in a worker thread on a copy of the state (it reads it only through
`determinize`, like every bot), so the event loop never waits for a search. Its move then
waits like a person would: in a real-time game the game's `reaction_seconds` for the bot's
level, on the wall clock; in a turn-based game a short pause so people can follow.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ludoteca.bots.base import Bot
from ludoteca.bots.spec import parse_bot
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.server.config import ServerConfig
from ludoteca.server.live.clocks import ClockBook
from ludoteca.server.live.presence import Presence
from ludoteca.server.store import MatchInfo

log = logging.getLogger("ludoteca.server")
NEVER = "never"


class LiveMatch(Protocol):
    """What the bot seats read of a live match (`ludoteca.server.live.match.LiveMatch`)."""

    info: MatchInfo
    game: Game[Any]
    state: Any
    step: int
    config: ServerConfig
    presence: Presence
    clocks: ClockBook
    changed: asyncio.Event
    now: Callable[[], float]

    @property
    def id(self) -> str: ...


def grace_seconds(live: LiveMatch) -> float | None:
    """Seconds an empty seat waits before a stand-in plays it; None: never on its own."""
    setting = live.info.settings.get("grace")
    if setting == NEVER:
        return None
    if setting is not None:
        return float(setting)
    return live.game.abandoned_seat_grace


def controlled_seats(live: LiveMatch, now: float) -> dict[int, str]:
    """Seat -> the bot spec playing it now."""
    if live.state is None or live.info.status != "running":
        return {}
    grace = grace_seconds(live)
    stand_in = live.config.stand_in_bot
    out: dict[int, str] = {}
    for seat in live.info.seats:
        if seat.bot:
            out[seat.seat] = seat.bot
        elif grace is not None and live.presence.empty_for(seat.seat, now) >= grace:
            out[seat.seat] = stand_in
        else:
            due = live.clocks.bank_due(seat.seat)
            if due is not None and due <= now:
                out[seat.seat] = stand_in
    return out


def stand_ins(live: LiveMatch, now: float) -> set[int]:
    """Seats a bot plays now in place of their person (not the seats bots hold for good)."""
    bots = {s.seat for s in live.info.seats if s.bot}
    return set(controlled_seats(live, now)) - bots


@dataclass
class Plan:
    spec: str
    step: int
    started: float
    action: Action | None = None
    fire_at: float | None = None
    ready: bool = False
    task: asyncio.Task[None] | None = None


class SeatBots:
    """The plans of one match's bot-played seats."""

    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        self.plans: dict[int, Plan] = {}
        self.stand_ins: set[int] = set()
        self.bots: dict[str, Bot] = {}
        self.rng = Rng(secrets.randbits(63))

    def bot(self, spec: str) -> Bot:
        if spec not in self.bots:
            self.bots[spec] = parse_bot(spec)
        return self.bots[spec]

    def pause(self) -> float:
        setting = self.live.info.settings.get("bot_pause")
        return float(setting) if setting is not None else self.live.config.bot_pause

    def current(self, seat: int, spec: str) -> Plan | None:
        """The seat's ready plan if it still fits the state; starts thinking otherwise.
        Call with the match's lock held."""
        plan = self.plans.get(seat)
        if plan is not None and (plan.spec != spec or not self._still_good(seat, plan)):
            self.forget(seat)
            plan = None
        if plan is None:
            self._think(seat, spec)
            return None
        return plan if plan.ready else None

    def _still_good(self, seat: int, plan: Plan) -> bool:
        live = self.live
        if not plan.ready:
            return plan.step == live.step or live.game.real_time
        if plan.action is None:
            return False
        if live.game.real_time:
            # Keep the plan (and its timing) while its move is still on the table.
            return plan.action in live.game.legal_actions(live.state, seat)
        return plan.step == live.step

    def _think(self, seat: int, spec: str) -> None:
        live = self.live
        plan = Plan(spec, live.step, live.now())
        snapshot = live.game.clone(live.state)
        plan.task = asyncio.create_task(self._choose(seat, plan, snapshot))
        self.plans[seat] = plan

    async def _choose(self, seat: int, plan: Plan, snapshot: Any) -> None:
        live = self.live
        bot = self.bot(plan.spec)
        rng = self.rng.fork()
        try:
            action = await asyncio.to_thread(bot.choose, live.game, snapshot, seat, rng)
            if live.game.real_time:
                delay = live.config.reaction_scale * live.game.reaction_seconds(
                    snapshot, seat, action, bot.level, rng
                )
            elif live.clocks.bank_due(seat) is not None and seat not in self._own_bot_seats():
                delay = 0.0  # a spent time bank: the move is overdue already
            else:
                delay = self.pause()
            plan.action, plan.fire_at = action, plan.started + delay
        except Exception:
            log.exception("the bot of seat %s in match %s failed to choose", seat, live.id)
            plan.action, plan.fire_at = None, live.now() + 5.0
        plan.ready = True
        live.changed.set()

    def _own_bot_seats(self) -> set[int]:
        return {s.seat for s in self.live.info.seats if s.bot}

    def forget(self, seat: int) -> None:
        plan = self.plans.pop(seat, None)
        if plan is not None and plan.task is not None and not plan.task.done():
            plan.task.cancel()

    def forget_all_but(self, seats: set[int]) -> None:
        for seat in list(self.plans):
            if seat not in seats:
                self.forget(seat)
