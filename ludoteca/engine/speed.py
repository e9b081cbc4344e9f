"""Throughput measurements shared by the benchmarks: random playouts and clones per second.

Benchmarks report ratios against a baseline measured in the same process (the reference game),
so the figures mean the same on any machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng


@dataclass(frozen=True)
class Throughput:
    actions_per_second: float
    clones_per_second: float
    playouts: int


def random_playout(
    game: Game[Any], players: int, seed: int, options: Any = None
) -> tuple[Any, int, Any]:
    """Play one game with uniformly random actions: the final state, its action count, and a
    copy of a state from the second half of the game (kept at powers of two)."""
    rng = Rng(seed)
    state = game.setup(players, seed, options)
    middle = game.clone(state)
    actions = 0
    while not game.is_over(state):
        seat = rng.choice(sorted(game.actors(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        actions += 1
        if actions & (actions - 1) == 0:
            middle = game.clone(state)
    return state, actions, middle


def measure(game: Game[Any], players: int, seconds: float = 1.0, options: Any = None) -> Throughput:
    """Random playouts for about `seconds`, then clones of mid-game states for as long."""
    samples: list[Any] = []
    actions = playouts = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or playouts == 0:
        _, count, middle = random_playout(game, players, seed=playouts, options=options)
        actions += count
        playouts += 1
        samples.append(middle)
    elapsed = time.perf_counter() - start
    clones = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for sample in samples:
            game.clone(sample)
        clones += len(samples)
    return Throughput(actions / elapsed, clones / (time.perf_counter() - start), playouts)
