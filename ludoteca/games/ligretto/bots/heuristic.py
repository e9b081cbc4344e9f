"""The heuristic bot, and the moves a focused search compares.

The heuristic reads only what its seat knows (its turned tile, the board, public counts).
"""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import data
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
from ludoteca.games.ligretto.placement import fits, placements_with
from ludoteca.games.ligretto.rules.between_rounds import (
    pawn_squares,
    set_aside_choices,
    take_back_choices,
)
from ludoteca.games.ligretto.rules.restart import restarts
from ludoteca.games.ligretto.rules.round_end import host_may_end, stalled
from ludoteca.games.ligretto.rules.rounds import quarter
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState, Phase

# A joker is worth spending when few tiles remain ("è sempre consigliabile usare i jolly con
# parsimonia").
ONE_JOKER_WHEN_HELD = 8
TWO_JOKERS_WHEN_HELD = 4


def heuristic_action(state: LigrettoState, seat: int, rng: Rng) -> Action:
    if state.phase is Phase.SET_ASIDE:
        choices = set_aside_choices(state, seat)
        most = max(len(c) for c in choices)
        return SetAside(rng.choice([c for c in choices if len(c) == most]))  # at random
    if state.phase is Phase.TAKE_BACK:
        return TakeBack(rng.choice(take_back_choices(state, seat)))
    if state.phase is Phase.PAWNS:
        return PlacePawn(spread_square(state, rng))
    player = state.players[seat]
    if player.hand == NO_TILE:
        if seat == data.HOST_SEAT and host_may_end(state) and stalled_for_good(state):
            return EndRound()
        return TurnOver()
    return best_placement(state, seat, rng) or Discard()


def spread_square(state: LigrettoState, rng: Rng) -> int:
    """The host bot puts pawn k on a random square of the k-th quarter of the board, as the
    random spread does [D-5]."""
    width = state.layout.width
    rows, cols = quarter(state.layout, len(state.pawns))
    squares = pawn_squares(state)
    in_quarter = [cell for cell in squares if cell // width in rows and cell % width in cols]
    return rng.choice(in_quarter or squares)


def stalled_for_good(state: LigrettoState) -> bool:
    """The host bot ends a round only when every seat has gone through its whole stack twice
    since the last placement [D-16]."""
    return stalled(state, 2)


def best_placement(state: LigrettoState, seat: int, rng: Rng) -> Action | None:
    """Plain placements first, those that shut no pawn in preferred; jokers near the end.
    Placements stay plain tuples until one is chosen; restarts come first, as in the menu."""
    pool = candidates(state, seat, one_joker=state.players[seat].held() <= ONE_JOKER_WHEN_HELD)
    if not pool:
        return None
    safe = [move for move in pool if not shuts_in(state, move)]
    chosen = rng.choice(safe or pool)
    return chosen if isinstance(chosen, Restart) else Place(*chosen)


def candidates(state: LigrettoState, seat: int, one_joker: bool = True
               ) -> Sequence[Candidate | Restart]:
    """Restarts and plain placements; without any, placements with one joker (where
    `one_joker`), and with two when few tiles are left."""
    pool: Sequence[Candidate | Restart] = [*restarts(state, seat), *placements_with(state, seat, 0)]
    if not pool and one_joker:
        pool = placements_with(state, seat, 1)
    if not pool and state.players[seat].held() <= TWO_JOKERS_WHEN_HELD:
        pool = placements_with(state, seat, 2)
    return pool


def shuts_in(state: LigrettoState, move: Candidate | Restart) -> bool:
    """Whether the placement would leave some pawn in a dead end [D-9]."""
    if isinstance(move, Restart):
        return fits(state).shuts_in(move.pawn, move.onto, 1 << move.other)
    pawn, near, far, jokers = move
    return fits(state).shuts_in(pawn, far, bits(jokers) | 1 << near)

