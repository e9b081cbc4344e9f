"""No placement offered, jokers included, ever covers another pawn's square, over many seeded
rounds.

"Non è consentito posizionare una tessera sopra una tessera già presente o sopra una pedina", and
a joker goes on "a free square side-adjacent to a pawn" [D-8]. Rounds 2+ matter most: their
pawns are spread at random [D-5] and may stand near each other on free squares, where joker
paths cross them (the first round's marked squares lie far apart).
"""

from __future__ import annotations

import random

import pytest

from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Place
from ludoteca.games.ligretto.rules.rounds import end_round
from ludoteca.games.ligretto.state import FREE, Ending, LigrettoState, Phase

SEEDS = range(30)
STEPS = 400  # actions played in each round 2 (most rounds end sooner)


def offered_over_a_pawn(state: LigrettoState, seat: int) -> list[Place]:
    """The placements offered to `seat` whose jokers or tile cover a square that is not free,
    or the square of a pawn other than the one that moves (its own square it leaves [D-8])."""
    wrong = []
    for action in GAME.legal_actions(state, seat):
        if not isinstance(action, Place):
            continue
        squares = (*action.jokers, action.near, action.far)
        others = {cell for pawn, cell in enumerate(state.pawns) if pawn != action.pawn}
        mover = state.pawns[action.pawn]
        if others.intersection(squares) or any(
            state.cover[cell] != FREE for cell in squares if cell != mover
        ):
            wrong.append(action)
    return wrong


def into_round_two(players: int, seed: int) -> LigrettoState:
    """A match whose first round the host ended, the choices between rounds made: round 2's
    pawns stand where the seed spread them [D-5]."""
    state = GAME.setup(players, seed, {"rounds": 3})
    end_round(state, Ending.HOST)
    while state.phase is not Phase.PLAY:
        seat = min(GAME.actors(state))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_placement_covers_another_pawn_in_rounds_two_and_on(players: int) -> None:
    joker_offers = 0
    for seed in SEEDS:
        state = into_round_two(players, seed)
        pick = random.Random(seed)
        for _ in range(STEPS):
            if state.round != 2 or state.phase is not Phase.PLAY or GAME.is_over(state):
                break
            actors = sorted(GAME.actors(state))
            for seat in actors:
                assert offered_over_a_pawn(state, seat) == [], (seed, seat, state.pawns)
                joker_offers += sum(
                    1
                    for a in GAME.legal_actions(state, seat)
                    if isinstance(a, Place) and a.jokers
                )
            seat = pick.choice(actors)
            legal = GAME.legal_actions(state, seat)
            places = [a for a in legal if isinstance(a, Place)]
            # Place when it can, half the time: the board fills and pawns meet.
            chosen = pick.choice(places if places and pick.random() < 0.5 else legal)
            GAME.apply(state, seat, chosen)
    assert joker_offers > 0  # the check looked at joker placements, not only plain ones
