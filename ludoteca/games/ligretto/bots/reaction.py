"""How long a bot of each level takes to act in real time: the model behind
`Game.reaction_seconds`, which the real-time scheduler runs on a simulated clock in batches and
a server on the wall clock."""

from __future__ import annotations

import math

from ludoteca.engine.actions import Action
from ludoteca.engine.clock import DEFAULT_LEVEL
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.actions import Discard, EndRound, Place, Restart, TurnOver


def reaction_seconds(action: Action, level: str | None, rng: Rng) -> float:
    """Log-normal delay whose mean comes from data.REACTION_SECONDS[level] (None: the usual
    level): turning, spotting (a fit, or that there is none) and placing, plus a little per
    joker."""
    level = level or DEFAULT_LEVEL
    if level not in data.REACTION_SECONDS:
        raise ValueError(f"unknown bot level {level!r}; levels: {sorted(data.REACTION_SECONDS)}")
    times = data.REACTION_SECONDS[level]
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
