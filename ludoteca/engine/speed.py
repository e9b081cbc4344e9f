"""Throughput measurements shared by the benchmarks: random playouts and clones per second.

Benchmarks report ratios against a baseline measured in the same process (the reference game),
so the figures mean the same on any machine. Rates are timed by `cpu_clock`, the process's CPU
time: another process taking the core for a while stops that clock too, where the wall clock
would charge its time to whichever row was running (rows of one run measured on the wall clock
moved by up to 40% on a shared machine, and the ratio of two rows with them).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng

cpu_clock = time.process_time


@dataclass(frozen=True)
class Throughput:
    """Random-playout actions and clones a second, and the playouts they were measured on."""

    actions_per_second: float
    clones_per_second: float
    playouts: int


def random_playout(
    game: Game[Any], players: int, seed: int, options: Any = None
) -> tuple[Any, int, Any]:
    """Play one game with uniformly random actions: the final state, its action count, and a
    copy of a state from the second half of the game (kept at powers of two). Each action is
    drawn from the seat's `legal_actions` of the very state it goes to, so it goes in by
    `Game.play`, unchecked, as OpenSpiel's tic-tac-toe applies what its legal-action list
    offered."""
    rng = Rng(seed)
    state = game.setup(players, seed, options)
    middle = game.clone(state)
    actions = 0
    while not game.is_over(state):
        seat = random_actor(game.actors(state), rng)
        game.play(state, seat, rng.choice(game.legal_actions(state, seat)))
        actions += 1
        if actions & (actions - 1) == 0:
            middle = game.clone(state)
    return state, actions, middle


def random_actor(actors: frozenset[int], rng: Rng) -> int:
    """One of the seats that may act, uniformly: the only one without a draw (a game of turns,
    as tic-tac-toe, whose driver draws no seat at all), else one of them sorted."""
    if len(actors) == 1:
        for seat in actors:
            return seat
    return rng.choice(sorted(actors))


@dataclass(frozen=True)
class PlayoutRate:
    """Random-playout actions and playouts a second, with a mid-game state of each playout."""

    actions_per_second: float
    playouts_per_second: float
    playouts: int
    samples: list[Any]  # one mid-game state per playout, for timing clones


def playout_rate(
    game: Game[Any], players: int, seconds: float = 1.0, options: Any = None, first_seed: int = 0
) -> PlayoutRate:
    """Random playouts for about `seconds` of CPU time (at least one), seeded from `first_seed`
    on (a repeated measurement takes new seeds, so that no cache of the game's has seen them)."""
    samples: list[Any] = []
    actions = playouts = 0
    start = cpu_clock()
    while cpu_clock() - start < seconds or playouts == 0:
        seed = first_seed + playouts
        _, count, middle = random_playout(game, players, seed=seed, options=options)
        actions += count
        playouts += 1
        samples.append(middle)
    elapsed = cpu_clock() - start
    return PlayoutRate(actions / elapsed, playouts / elapsed, playouts, samples)


def measure(
    game: Game[Any], players: int, seconds: float = 1.0, options: Any = None, first_seed: int = 0
) -> Throughput:
    """Random playouts for about `seconds`, then clones of mid-game states for as long."""
    rate = playout_rate(game, players, seconds, options, first_seed)
    clones = 0
    start = cpu_clock()
    while cpu_clock() - start < seconds:
        for sample in rate.samples:
            game.clone(sample)
        clones += len(rate.samples)
    clones_per_second = clones / (cpu_clock() - start)
    return Throughput(rate.actions_per_second, clones_per_second, rate.playouts)
