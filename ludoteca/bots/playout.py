"""Playing one match to the end with one bot per seat.

Turn-based and simultaneous games: all current actors choose from the same state (so a seat never
sees what another chose in the same step), then their actions are applied in a seeded random order
(like arrivals at a server: no seat is always first, so parallel teams race fairly); an action that
an earlier one made illegal is simply chosen again at the next step. Real-time games run on
the simulated clock of `ludoteca.bots.realtime`.

Actions go in by `apply`, not by the unchecked `Game.play`: a bot's move is not known to be one
of the listed legal actions (Castell's bots build towers the menu does not list, which the
rule's check normalises), an action after the first of a step may have been made illegal by
it, and a bot that chose wrongly must be caught here rather than leave a state no game allows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ludoteca.bots.base import Bot
from ludoteca.bots.realtime import RealTimeScheduler
from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng


@dataclass(frozen=True)
class Playout:
    """How a match went: the number of actions, and the simulated seconds (real time only)."""

    actions: int
    seconds: float = 0.0


def seat_rngs(seats: list[int], seed: int) -> dict[int, Rng]:
    """One independent generator per seat, derived from the match seed."""
    master = Rng(seed ^ 0x5EED_B075)
    return {seat: master.fork() for seat in seats}


def play_out(game: Game[Any], state: Any, bots: Mapping[int, Bot], seed: int) -> Playout:
    """Play `state` to the end in place; `bots` maps every seat that may act to its bot."""
    rngs = seat_rngs(game.seats(state), seed)
    arrivals = Rng(seed ^ 0xA771_0A15)
    if game.real_time:
        scheduler = RealTimeScheduler(game, state, bots, rngs)
        scheduler.run()
        return Playout(scheduler.actions, scheduler.now)
    actions = 0
    while True:
        actors = sorted(game.actors(state))
        if not actors:
            return Playout(actions)
        chosen = [(seat, bots[seat].choose(game, state, seat, rngs[seat])) for seat in actors]
        arrivals.shuffle(chosen)
        for number, (seat, action) in enumerate(chosen):
            try:
                game.apply(state, seat, action)
            except IllegalAction:
                if number == 0:
                    raise  # chosen from this very state: the bot (or the game) is wrong
                continue
            actions += 1
