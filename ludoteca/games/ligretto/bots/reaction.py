"""How long a bot of each level takes to act in real time: the model behind
`Game.reaction_seconds`, which the real-time scheduler runs on a simulated clock in batches and
a server on the wall clock."""

from __future__ import annotations

import math

from ludoteca.engine.actions import Action
from ludoteca.engine.clock import DEFAULT_LEVEL, speed_factor
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Discard, EndRound, Place, Restart, TurnOver


def level_times(level: str | None) -> dict[str, float]:
    """The mean seconds of each step for a level: one of data.REACTION_SECONDS (None: the usual
    level), or a speed factor applied to the usual level's times (2: twice as fast)."""
    name = level or DEFAULT_LEVEL
    if name in data.REACTION_SECONDS:
        return data.REACTION_SECONDS[name]
    factor = speed_factor(name, data.REACTION_SECONDS)
    return {step: mean / factor for step, mean in data.REACTION_SECONDS[DEFAULT_LEVEL].items()}


def reaction_seconds(action: Action, level: str | None, rng: Rng) -> float:
    """Log-normal delay whose mean comes from the level's times: turning, spotting (a fit, or
    that there is none) and placing, plus a little per joker."""
    times = level_times(level)
    if isinstance(action, TurnOver | EndRound):
        mean = times["turn"]
    elif isinstance(action, Discard):
        mean = times["give_up"]
    elif isinstance(action, Place):
        mean = times["spot"] + times["place"] + times["joker"] * len(action.jokers)
    elif isinstance(action, Restart):
        mean = 2 * times["spot"] + times["place"]  # looking over the whole board
    else:
        mean = data.BETWEEN_ROUNDS_SECONDS
    sigma = data.REACTION_SPREAD
    return mean * math.exp(rng.gauss(0.0, sigma) - sigma * sigma / 2)
