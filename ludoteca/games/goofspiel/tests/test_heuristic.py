"""The heuristic bids the card whose rank in its hand matches the prize's rank among the prizes
to come, now and then a neighbouring card, and beats random bids."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.bots import heuristic
from ludoteca.sim.tournament import run_tournament


class Steady(Rng):
    """A generator that never wanders."""

    def random(self) -> float:
        return 1.0


def test_rank_for_rank() -> None:
    state = GAME.setup(2, 3)
    state.prizes = [5, 1, 2, 3, 4]
    assert heuristic.heuristic_action(state, 0, Steady(0)) == Bid(5)
    state.prizes = [1, 2, 3, 4, 5]
    state.hands[0] = [2, 4, 5, 9, 11]
    assert heuristic.heuristic_action(state, 0, Steady(0)) == Bid(2)
    state.prizes = [3, 1, 5]
    state.hands[0] = [4, 7, 9]
    assert heuristic.heuristic_action(state, 0, Steady(0)) == Bid(7)


def test_it_now_and_then_bids_a_neighbouring_card() -> None:
    state = GAME.setup(2, 3)
    state.prizes = [3, 1, 2, 4, 5]
    bids = {heuristic.heuristic_action(state, 0, Rng(seed)) for seed in range(60)}
    assert bids == {Bid(2), Bid(3), Bid(4)}


def test_it_beats_random_bids() -> None:
    result = run_tournament(GAME, 2, ["heuristic", "random"], 40, seed=1)
    assert result.bots[0].win_rate > 0.75
