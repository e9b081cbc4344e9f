"""The learning adapters never read the true hidden state, and OpenSpiel's information states
remember what a seat saw.

A Goofspiel whose hidden parts (the prize deck under the face-up card, seat 0's sealed bid) are
poison, as in test_bots_poisoned.py: comparing, hashing or counting with them raises. Seat 1's
observation, action mask, observation string and information state are built from its view and
must never touch them.
"""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME as GOOFSPIEL
from ludoteca.games.goofspiel.state import GoofspielState
from ludoteca.rl import openspiel
from ludoteca.rl.pettingzoo import raw_env
from ludoteca.rl.spiel_bots import OnInformation

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


class Poison:
    """A hidden value nobody may look at."""

    def _touched(self, *args: Any) -> Any:
        raise AssertionError("an adapter read the true hidden state")

    __eq__ = __lt__ = __le__ = __gt__ = __ge__ = __hash__ = __index__ = __int__ = _touched
    __add__ = __radd__ = __bool__ = __float__ = __repr__ = __str__ = _touched


def poisoned(state: GoofspielState) -> GoofspielState:
    """`state` (seat 0 has bid, seat 1 has not) with the deck and seat 0's bid poisoned."""
    return GoofspielState(
        [list(hand) for hand in state.hands],
        [state.prizes[0]] + [Poison() for _ in state.prizes[1:]],  # type: ignore[misc]
        [Poison(), None],  # type: ignore[list-item]
        list(state.scores),
        state.rng,
    )


def test_the_poison_works() -> None:
    honest = GOOFSPIEL.setup(2, 3)
    GOOFSPIEL.apply(honest, 0, GOOFSPIEL.legal_actions(honest, 0)[0])
    with pytest.raises(AssertionError, match="true hidden state"):
        GOOFSPIEL.apply(poisoned(honest), 1, GOOFSPIEL.legal_actions(honest, 1)[0])


def test_pettingzoo_observes_and_masks_from_the_view_only() -> None:
    env = raw_env("goofspiel", 2)
    env.reset(seed=5)
    env.step(int(np.flatnonzero(env.observe("player_0")["action_mask"])[0]))  # seat 0 bids
    table = env.table
    honest = GOOFSPIEL.observe(table.view(1), 1, table.spec)
    table.state = poisoned(table.state)
    table.changed()
    seen = env.observe("player_1")
    assert seen["observation"].tolist() == pytest.approx(honest)
    assert seen["action_mask"].sum() == len(GOOFSPIEL.legal_actions(table.state, 1))


def test_openspiel_observes_from_the_view_only() -> None:
    game = openspiel.load("goofspiel", 2)
    state = game.new_initial_state()
    state.apply_action(2)  # the prize 3 turned up
    state.apply_action(state.legal_actions()[0])  # seat 0 bids
    assert state.current_player() == 1
    honest = (
        state.observation_tensor(1),
        state.observation_string(1),
        state.information_state_string(1),
        state.legal_actions(),
    )
    state.table.state = poisoned(state.table.state)
    state.table.changed()
    seen = (
        state.observation_tensor(1),
        state.observation_string(1),
        state.information_state_string(1),
        state.legal_actions(),
    )
    assert seen == honest


def after_a_tie(first: int, second: int) -> Any:
    """Both seats bid 1 for the prize `first` (a tie: nobody scores); `second` is up next."""
    state = openspiel.load("goofspiel", 2).new_initial_state()
    state.apply_action(first - 1)  # the prize `first` turned up
    state.apply_action(0)  # seat 0 bids 1
    state.apply_action(0)  # seat 1 bids 1
    state.apply_action(second - 1)  # the prize `second` turned up
    return state


def test_the_information_state_remembers_what_the_view_forgets() -> None:
    """After a tie the view shows the same hands, scores and prize whichever prize was tied;
    the seat saw which, so its information state, string and tensor, differs (perfect
    recall)."""
    one, other = after_a_tie(2, 4), after_a_tie(3, 4)
    assert one.current_player() == other.current_player() == 0
    assert one.observation_string(0) == other.observation_string(0)
    assert one.observation_tensor(0) == other.observation_tensor(0)
    assert one.information_state_string(0) != other.information_state_string(0)
    assert one.information_state_tensor(0) != other.information_state_tensor(0)


def test_ismcts_samples_worlds_from_the_information_state() -> None:
    state = after_a_tie(2, 4)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    decks = set()
    for _ in range(20):
        world = state.resample_from_infostate(0, sampler)
        assert world.information_state_string(0) == state.information_state_string(0)
        decks.add(tuple(world.table.state.prizes))
    assert len(decks) > 1  # the hidden deck really is resampled
    assert all(deck[0] == 4 for deck in decks)  # the prize turned up is known


def test_a_table_pickles_without_its_caches() -> None:
    env = raw_env("goofspiel", 3)
    env.reset(seed=8)
    table = env.table
    table.view(0)
    again = pickle.loads(pickle.dumps(table))
    assert GOOFSPIEL.to_json(again.state) == GOOFSPIEL.to_json(table.state)
    assert again.observe(1) == table.observe(1)
    assert isinstance(again.role_rng, Rng)


def test_mctsbot_on_the_true_state_reads_a_sealed_bid_and_on_information_it_does_not() -> None:
    """OpenSpiel's MCTSBot stepped on the adapter's true state searches seat 0's sealed bid
    (the poison raises); stepped through `OnInformation` it searches worlds drawn from what
    seat 1 knows, where that bid is redrawn."""
    game = openspiel.load("goofspiel", 2, {"cards": 4})
    state = game.new_initial_state()
    state.apply_action(3)  # the prize 4 turned up
    state.apply_action(0)  # seat 0 bids 1
    state.table.state.bids[0] = Poison()
    randomness = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, randomness),
                       random_state=randomness)
    with pytest.raises(AssertionError, match="true hidden state"):
        bot.step(state)
    assert OnInformation(bot, seed=1).step(state) in state.legal_actions()
