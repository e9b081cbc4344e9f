"""Real-time play on a simulated clock (`Game.real_time`: every seat acts at once, no turns).

Each seat's bot plans its next action and how long a person would take to make it (its reaction
time); the earliest plan fires and is applied; then every other plan is checked against the new
state, and a plan that is no longer legal (another seat got there first) is dropped and
re-planned from the current time. The clock is simulated, so thousands of rounds take seconds;
a server runs the same bots on the wall clock.

The reaction time comes from the game's `reaction_seconds(state, seat, action, level, rng)`, a
contract hook whose default is a human spread around the level's mean.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.engine.actions import Action
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng


@dataclass
class Plan:
    """A bot's next action and the simulated time it fires at."""

    action: Action
    fire_at: float


class RealTimeScheduler:
    """Plays a real-time game to the end with one bot per seat on a simulated clock."""

    def __init__(
        self, game: Game[Any], state: Any, bots: Mapping[int, Bot], rngs: Mapping[int, Rng]
    ) -> None:
        self.game = game
        self.state = state
        self.bots = bots
        self.rngs = rngs
        self.now = 0.0
        self.plans: dict[int, Plan] = {}
        self.actions = 0

    def _plan(self, seat: int) -> None:
        bot, rng = self.bots[seat], self.rngs[seat]
        action = bot.choose(self.game, self.state, seat, rng)
        delay = self.game.reaction_seconds(self.state, seat, action, bot.level, rng)
        self.plans[seat] = Plan(action, self.now + delay)

    def _drop_stale(self) -> None:
        """Forget the plans the last action made illegal; their seats will re-plan."""
        for seat in list(self.plans):
            if self.plans[seat].action not in self.game.legal_actions(self.state, seat):
                del self.plans[seat]

    def step(self) -> bool:
        """Fire the earliest plan; False when the game is over."""
        actors = self.game.actors(self.state)
        if not actors:
            return False
        for seat in list(self.plans):
            if seat not in actors:
                del self.plans[seat]
        for seat in sorted(actors - set(self.plans)):
            self._plan(seat)
        seat = min(self.plans, key=lambda s: (self.plans[s].fire_at, s))
        plan = self.plans.pop(seat)
        self.now = plan.fire_at
        try:
            self.game.apply(self.state, seat, plan.action)
        except IllegalAction:
            return True  # the seat re-plans at the next step
        self.actions += 1
        self._drop_stale()
        return True

    def run(self) -> None:
        """Fires the planned actions in time order until the match ends or nobody has one."""
        while self.step():
            pass
