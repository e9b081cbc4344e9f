"""The heuristic bot and the bots' reaction times.

The heuristic reads only what its seat knows (its turned tile, the board, public counts), so the
simulator may hand it the real state without determinizing it first.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data, rounds
from ludoteca.games.ligretto.actions import (
    Discard,
    EndRound,
    Place,
    PlacePawn,
    Restart,
    SetAside,
    TakeBack,
    TurnOver,
)
from ludoteca.games.ligretto.geometry import Candidate, bits
from ludoteca.games.ligretto.placement import fits, placements_with, restarts
from ludoteca.games.ligretto.state import ASIDE, NO_TILE, PAWNS, PLAY, TAKE_BACK, LigrettoState

if TYPE_CHECKING:
    from ludoteca.games.ligretto.game import Ligretto

# A joker is worth spending when few tiles remain ("è sempre consigliabile usare i jolly con
# parsimonia").
ONE_JOKER_WHEN_HELD = 8
TWO_JOKERS_WHEN_HELD = 4


def heuristic_action(game: Ligretto, state: LigrettoState, seat: int, rng: Rng) -> Action:
    if state.phase == ASIDE:
        choices = rounds.set_aside_choices(state, seat)
        most = max(len(c) for c in choices)
        return SetAside(rng.choice([c for c in choices if len(c) == most]))  # at random
    if state.phase == TAKE_BACK:
        return TakeBack(rng.choice(rounds.take_back_choices(state, seat)))
    if state.phase == PAWNS:
        return PlacePawn(spread_square(state, rng))
    if state.phase != PLAY:
        return rng.choice(game.legal_actions(state, seat))
    player = state.players[seat]
    if player.hand == NO_TILE:
        if seat == data.HOST_SEAT and rounds.host_may_end(state) and stalled_for_good(state):
            return EndRound()
        return TurnOver()
    return best_placement(game, state, seat, rng) or Discard()


def spread_square(state: LigrettoState, rng: Rng) -> int:
    """The host bot puts pawn k on a random square of the k-th quarter of the board, as the
    random spread does [D-5]."""
    width = state.layout.width
    rows, cols = rounds.quarter(state.layout, len(state.pawns))
    squares = rounds.pawn_squares(state)
    quarter = [cell for cell in squares if cell // width in rows and cell % width in cols]
    return rng.choice(quarter or squares)


def stalled_for_good(state: LigrettoState) -> bool:
    """The host bot ends a round only after two full cycles of turn-overs without a placement."""
    return state.stall_turns >= 2 * rounds.stall_threshold(state)


def best_placement(game: Ligretto, state: LigrettoState, seat: int, rng: Rng) -> Action | None:
    """Plain placements first, those that shut no pawn in preferred; jokers near the end.
    Placements stay plain tuples until one is chosen; restarts come first, as in the game's
    `placements`."""
    pool: Sequence[Candidate | Restart] = [*restarts(state, seat), *placements_with(state, seat, 0)]
    held = state.players[seat].held()
    if not pool and held <= ONE_JOKER_WHEN_HELD:
        pool = placements_with(state, seat, 1)
    if not pool and held <= TWO_JOKERS_WHEN_HELD:
        pool = placements_with(state, seat, 2)
    if not pool:
        return None
    safe = [move for move in pool if not shuts_in(state, move)]
    chosen = rng.choice(safe or pool)
    return chosen if isinstance(chosen, Restart) else Place(*chosen)


def shuts_in(state: LigrettoState, move: Candidate | Restart) -> bool:
    """Whether the placement would leave some pawn in a dead end [D-9]."""
    if isinstance(move, Restart):
        return fits(state).shuts_in(move.pawn, move.onto, 1 << move.other)
    pawn, near, far, jokers = move
    return fits(state).shuts_in(pawn, far, bits(jokers) | 1 << near)


def reaction_seconds(
    state: LigrettoState, seat: int, action: Action, level: str, rng: Rng
) -> float:
    """Log-normal delay whose mean comes from data.REACTION_SECONDS[level]: turning, spotting
    (a fit, or that there is none) and placing, plus a little per joker."""
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
