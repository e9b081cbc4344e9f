"""Bot seats inside the server: which seats a bot plays now, and each one's next move.

A bot plays a seat for good when the host put one there, and stands in for a person while the
seat has been empty longer than the grace (the game's `abandoned_seat_grace`, or the match's
setting; None: never on its own), since the host handed the empty seat to it ("a bot plays
now"), or while the seat's time bank is spent. A stand-in stops as soon as the person is back.

A bot thinks on a copy of the state (it reads it only through `determinize`, like every bot)
in the server's bot pool (bot_pool.py), which shares its threads fairly between matches. What
a bot may spend on a move is capped by the server (`check_budget`, and the pool's bound on
seconds of CPU a search). Its move then waits like a person
would: in a real-time game the game's `reaction_seconds` for the bot's level, on the wall
clock; in a turn-based game a short pause so people can follow.

Each seat keeps one bot for the match while its spec stays the same, so a bot that reads the
others' habits (Goofspiel's strong level, the copy strategy) remembers what it saw: its notes
come back from the worker process that chose with a copy of it (bot_pool.py). A bot made for a
match already under way (loaded again after a restart or a park, or a seat given to another
bot) first recalls the seat's earlier moves, replayed from the match's log.

A plan (a move chosen, waiting to be played) holds while its seat's view and legal actions stay
what they were when it was chosen: in a busy room (a Ciurme session, where other crews act and
talk every moment) a bot would otherwise start again at every step anywhere and never move.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Protocol

from ludoteca.bots.base import Bot
from ludoteca.bots.spec import BotSpec, parse_spec
from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.timeline import Timeline
from ludoteca.server.config import ServerConfig
from ludoteca.server.live.bot_pool import BotPool
from ludoteca.server.live.clocks import ClockBook
from ludoteca.server.live.presence import Presence
from ludoteca.server.store import MatchInfo, Store

log = logging.getLogger("ludoteca.server")
NEVER = "never"


class LiveMatch(Protocol):
    """What the bot seats read of a live match (`ludoteca.server.live.match.LiveMatch`)."""

    info: MatchInfo
    game: Game[Any]
    step: int
    config: ServerConfig
    presence: Presence
    clocks: ClockBook
    changed: asyncio.Event
    now: Callable[[], float]
    bot_pool: BotPool
    store: Store

    @property
    def id(self) -> str: ...

    @property
    def state(self) -> Any: ...


# What one move may cost at most, whoever asks: a bot spec past it is refused with the cap.
BUDGET_CAPS = (
    ("seconds", "bot_max_seconds", "seconds of thinking a move"),
    ("iterations", "bot_max_iterations", "iterations of search a move"),
    ("horizon", "bot_max_horizon", "steps in a search's playout"),
)


@cache
def bot_spec(spec: str) -> BotSpec:
    return parse_spec(spec)


def check_budget(spec: BotSpec, config: ServerConfig) -> None:
    """Refuse (ValueError) a spec that asks more of a move than this server allows."""
    params = dict(spec.params)
    for name, setting, what in BUDGET_CAPS:
        cap = getattr(config, setting)
        if name in params and params[name] > cap:
            raise ValueError(f"this server lets a bot spend at most {cap:g} {what} "
                             f"({name}={cap:g}), not {params[name]:g}")


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
        elif live.presence.handed_over(seat.seat, now):
            out[seat.seat] = stand_in  # the host's "a bot plays now"
        elif grace is not None and live.presence.empty_for(seat.seat, now) >= grace:
            out[seat.seat] = stand_in
        else:
            due = live.clocks.bank_due(seat.seat)
            if due is not None and due <= now:
                out[seat.seat] = stand_in
    return out


def grace_left(live: LiveMatch, seat: int, now: float, standing_in: set[int]) -> float | None:
    """Seconds before a stand-in takes `seat`, whose person is away (None: someone is there,
    a bot plays it, nobody took it yet, or no grace runs). `standing_in`: `stand_ins(live,
    now)`, worked out once for all the seats."""
    grace = grace_seconds(live)
    if (grace is None or live.state is None or live.info.status != "running"
            or seat in standing_in or not has_person(live, seat)
            or live.presence.connected(seat, now)):
        return None
    return round(max(0.0, grace - live.presence.empty_for(seat, now)), 1)


def has_person(live: LiveMatch, seat: int) -> bool:
    """Whether a person holds `seat`: one who took it by name, or a session's member."""
    held = next((s for s in live.info.seats if s.seat == seat), None)
    if held is None or held.bot:
        return False
    return held.name is not None or any(
        m.seat == seat and not m.left for m in live.info.members)


def stand_ins(live: LiveMatch, now: float) -> set[int]:
    """Seats a bot plays now in place of their person (not the seats bots hold for good)."""
    bots = {s.seat for s in live.info.seats if s.bot}
    return set(controlled_seats(live, now)) - bots


def earlier_moves(store: Store, game: Game[Any], info: MatchInfo, seat: int) -> list[Any]:
    """The states in which `seat` made each of its moves logged so far, in order (the whole
    log replayed from the set-up; a move taken back later counts as seen)."""
    assert info.players is not None
    timeline = Timeline.new(game, info.players, info.seed, info.options)
    states = []
    for logged in store.actions(info.id):
        if logged.seat == seat:
            states.append(game.clone(timeline.state))
        timeline.apply(logged.seat, game.decode_action(logged.action))
    return states


def recalled(bot: Bot, store: Store, game: Game[Any], info: MatchInfo, seat: int,
             rng: Rng) -> Bot:
    """`bot`, having recalled the seat's earlier moves from the log."""
    bot.recall(game, earlier_moves(store, game, info, seat), seat, rng)
    return bot


@dataclass
class Plan:
    spec: str
    started: float
    # What the seat saw and could do when the bot started to think: the plan holds while
    # they are the same (see `seat_outlook`).
    outlook: Any
    action: Action | None = None
    fire_at: float | None = None
    ready: bool = False
    task: asyncio.Task[None] | None = None


def seat_outlook(live: LiveMatch, seat: int) -> Any:
    """What a bot's choice for `seat` rests on: the seat's view and its legal actions. Call
    with the match's lock held."""
    game, state = live.game, live.state
    return game.view(state, seat), game.legal_actions(state, seat)


class SeatBots:
    """The plans of one match's bot-played seats."""

    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        self.plans: dict[int, Plan] = {}
        self.bots: dict[int, tuple[str, Bot]] = {}  # seat -> its spec and its bot, kept
        self.stand_ins: set[int] = set()
        self.rng = Rng(secrets.randbits(63))

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
        if plan.ready and plan.action is None:
            return False
        if live.game.real_time:
            # Keep the plan (and its timing) while its move is still on the table.
            return not plan.ready or plan.action in live.game.legal_actions(live.state, seat)
        return self.holds(seat, plan)

    def holds(self, seat: int, plan: Plan) -> bool:
        """Whether the seat still sees and may do what it did when `plan` was made."""
        return bool(plan.outlook == seat_outlook(self.live, seat))

    def _think(self, seat: int, spec: str) -> None:
        live = self.live
        outlook = None if live.game.real_time else seat_outlook(live, seat)
        plan = Plan(spec, live.now(), outlook)
        snapshot = live.game.clone(live.state)
        plan.task = asyncio.create_task(self._choose(seat, plan, snapshot))
        self.plans[seat] = plan

    async def _choose(self, seat: int, plan: Plan, snapshot: Any) -> None:
        live = self.live
        rng = self.rng.fork()
        try:
            bot = await self.bot(seat, plan.spec)
            action = await live.bot_pool.choose(bot, live.game, snapshot, seat, rng,
                                                 live.id)
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

    async def bot(self, seat: int, spec: str) -> Bot:
        """The seat's bot for the match: the one kept while its spec is the same, else a new
        one that first recalls the seat's earlier moves if it keeps notes."""
        kept = self.bots.get(seat)
        if kept is not None and kept[0] == spec:
            return kept[1]
        live = self.live
        bot = bot_spec(spec).build()
        if live.step and bot.remembers(live.game):
            bot = await asyncio.to_thread(recalled, bot, live.store, live.game, live.info, seat,
                                          self.rng.fork())
        self.bots[seat] = (spec, bot)
        return bot

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
