"""OpenSpiel's own consistency checks (its integration tests' `api_test`) on every game, the whole
tree of a small Goofspiel checked for perfect recall, exact solvers on it, and what the
information-state tensor remembers."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.integration_tests import api_test
from open_spiel.python import policy, rl_environment
from open_spiel.python.algorithms import cfr, exploitability, get_all_states

from ludoteca.games import load_game
from ludoteca.rl import openspiel
from ludoteca.rl.tests.helpers import learnable_names, short_options

SMALL = openspiel.load("goofspiel", 2, {"cards": 3})
SMALL_NAME = "ludoteca_goofspiel_3_cards"
# The counts OpenSpiel's full-tree checks compare with, pinned as it pins its own games':
# (chance nodes, decision nodes, terminal states), and the (information state, player) pairs
# its perfect-recall walk meets. 3! orders of the prizes and 3! x 2! x 1 bids of each seat.
api_test.TOTAL_NUM_STATES[SMALL_NAME] = (244, 606, 216)
api_test.PERFECT_RECALL_NUM_STATES[SMALL_NAME] = 546


class TestSmallGoofspielWholeTree(api_test.EnforceAPIOnFullTreeBase):  # type: ignore[misc]
    """Perfect recall of the information-state strings and tensors, no information state
    shared by two players, zero-sum returns, errors at chance nodes, the tree's size."""

    game_name = SMALL_NAME
    game = SMALL


def _partial_tree_case(name: str) -> type:
    game = openspiel.load(name, None, short_options(load_game(name)))
    return type(f"TestSampledStates_{name}", (api_test.EnforceAPIOnPartialTreeBase,),
                {"game_name": name, "game": game})


# On 400 states sampled from random matches of every game: history lengths within the game's
# bounds, tensors of the declared sizes, errors for a player that does not exist, no legal
# actions for a player not to move.
for _name in learnable_names():
    globals()[f"TestSampledStates_{_name}"] = _partial_tree_case(_name)


# --- what the tensor remembers ----------------------------------------------------------------
def _chance(state: Any, rng: np.random.RandomState) -> int:
    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=chances))


def hidden_moves(game: Any, seed: int, looked_for: int = 3) -> list[tuple[Any, Any, int]]:
    """Pairs of states that differ only by a move some seat did not see (two actions of the
    seat to move, from the same state), and that seat: found along a random match."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    found: list[tuple[Any, Any, int]] = []
    while not state.is_terminal() and len(found) < looked_for:
        if state.is_chance_node():
            state.apply_action(_chance(state, rng))
            continue
        mover = state.current_player()
        for one, other in itertools.combinations(state.legal_actions()[:4], 2):
            a, b = state.child(one), state.child(other)
            found += [
                (a, b, seat) for seat in range(game.num_players())
                if seat != mover and not a.is_chance_node() and not b.is_chance_node()
                and a.information_state_string(seat) == b.information_state_string(seat)
            ]
        state.apply_action(int(rng.choice(state.legal_actions())))
    return found


@pytest.mark.parametrize("name", learnable_names())
def test_two_histories_a_seat_cannot_tell_apart_give_it_equal_tensors(name: str) -> None:
    """A sealed bid, a secret declaration or ballot, a submission on the clock: the seat that
    did not see it has one information state, string and tensor, whichever it was."""
    game = openspiel.load(name, None, short_options(load_game(name)))
    pairs = [pair for seed in range(4) for pair in hidden_moves(game, seed)]
    assert pairs, f"{name}: no move hidden from a seat was found"
    for a, b, seat in pairs:
        assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
        assert a.history() != b.history()


def test_the_small_goofspiels_tensors_tell_apart_what_its_strings_tell_apart() -> None:
    """Every decision of every seat in the whole tree: in Goofspiel the views at a seat's
    decisions hold everything it saw, so the tensor is exactly as fine as the string."""
    states = get_all_states.get_all_states(SMALL, -1, False, False,
                                           to_string=lambda s: s.history_str())
    by_string: dict[tuple[int, str], tuple[float, ...]] = {}
    by_tensor: dict[tuple[int, tuple[float, ...]], str] = {}
    for state in states.values():
        for seat in range(SMALL.num_players()):
            text = state.information_state_string(seat)
            tensor = tuple(state.information_state_tensor(seat))
            assert by_string.setdefault((seat, text), tensor) == tensor
            assert by_tensor.setdefault((seat, tensor), text) == text
    assert len(by_string) > 546  # every seat's, not only the seat to move's


def test_the_tensor_holds_the_seats_past_decisions_as_documented() -> None:
    state = SMALL.new_initial_state()
    state.apply_action(1)  # the prize 2 turned up
    first_view = state.observation_tensor(0)
    state.apply_action(2)  # seat 0 bids 3
    state.apply_action(0)  # seat 1 bids 1
    state.apply_action(0)  # the prize 1 turned up
    tensor = np.asarray(state.information_state_tensor(0))
    layout = SMALL.layout
    assert layout.slots == 3  # every bid of a 3-card match
    pieces = layout.pieces(tensor, SMALL.spec)
    assert list(pieces["decision_made"]) == [1.0, 0.0, 0.0]
    assert pieces["decision_observation"][0] == pytest.approx(first_view)
    assert list(pieces["decision_action"][0]) == [0.0, 0.0, 1.0]
    assert tensor[: SMALL.spec.size] == pytest.approx(state.observation_tensor(0))


def test_recall_sets_how_many_decisions_the_tensor_keeps() -> None:
    none = openspiel.load("goofspiel", 2, {"cards": 3}, recall=0)
    assert none.information_state_tensor_size() == none.observation_tensor_size()
    one = openspiel.load("goofspiel", 2, {"cards": 5}, recall=1)
    spec = one.spec
    assert one.information_state_tensor_size() == spec.size + 1 + spec.size + spec.actions
    state = one.new_initial_state()
    for action in (0, 4, 0, 1, 3, 3):  # prize, bids, prize, bids
        state.apply_action(action)
    pieces = one.layout.pieces(np.asarray(state.information_state_tensor(0)), spec)
    assert list(pieces["decision_action"][0]) == [0, 0, 0, 1, 0]  # the latest: bid 4
    assert "recall=1" in str(one)
    with pytest.raises(ValueError, match="recall: how many past decisions to keep"):
        openspiel.load("goofspiel", 2, recall=-2)


def test_openspiels_rl_environment_trains_on_the_information_state() -> None:
    env = rl_environment.Environment(SMALL)
    step = env.reset()
    assert len(step.observations["info_state"][0]) == SMALL.information_state_tensor_size()
    assert SMALL.information_state_tensor_size() > SMALL.observation_tensor_size()


# --- chance and exact solvers -------------------------------------------------------------------
def test_goofspiel_turns_its_prizes_as_chance_nodes() -> None:
    state = SMALL.new_initial_state()
    assert state.chance_outcomes() == [(0, pytest.approx(1 / 3)), (1, pytest.approx(1 / 3)),
                                       (2, pytest.approx(1 / 3))]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 1) == "the prize 2 turned up"
    state.apply_action(1)
    state.apply_action(0)
    state.apply_action(0)  # a tie for the 2
    assert state.is_chance_node()
    assert [o for o, _ in state.chance_outcomes()] == [0, 2]  # the 1 or the 3 next
    assert SMALL.max_chance_outcomes() == 3 and SMALL.max_chance_nodes_in_history() == 3


def test_cfr_converges_on_the_small_goofspiel() -> None:
    uniform = exploitability.exploitability(SMALL, policy.UniformRandomPolicy(SMALL))
    solver = cfr.CFRPlusSolver(SMALL)
    for _ in range(8):
        solver.evaluate_and_update_policy()
    found = exploitability.exploitability(SMALL, solver.average_policy())
    assert found < uniform / 4 and found < 0.1


def test_cfr_on_the_small_goofspiel_goes_as_on_openspiels_own() -> None:
    """OpenSpiel's C++ Goofspiel with the same rules (prizes in random order, bids in turns and
    revealed, win-loss returns) is the same game: CFR+ reaches the same exploitability at each
    iteration (OpenSpiel's plays the last, forced round itself; ours asks for it)."""
    theirs = pyspiel.load_game(
        "turn_based_simultaneous_game(game=goofspiel(imp_info=False,num_cards=3,players=2,"
        "points_order=random,returns_type=win_loss))")
    solvers = [cfr.CFRPlusSolver(SMALL), cfr.CFRPlusSolver(theirs)]
    for _ in range(4):
        found = []
        for game, solver in zip((SMALL, theirs), solvers, strict=True):
            solver.evaluate_and_update_policy()
            found.append(exploitability.exploitability(game, solver.average_policy()))
        assert found[0] == pytest.approx(found[1], abs=1e-9)


@pytest.mark.parametrize("name", learnable_names())
def test_decisions_kept_as_the_match_goes_equal_those_replayed(name: str) -> None:
    """A state asked for its tensor from the start keeps its decisions as it goes; one asked
    only at the end replays its history: the same tensors."""
    game = openspiel.load(name, None, short_options(load_game(name)))
    rng = np.random.RandomState(3)
    kept, replayed = game.new_initial_state(), game.new_initial_state()
    for step in range(40):
        if kept.is_terminal():
            break
        action = (_chance(kept, rng) if kept.is_chance_node()
                  else int(rng.choice(kept.legal_actions())))
        if step and not kept.is_chance_node():
            kept.information_state_tensor(kept.current_player())  # keeps them from here on
        kept.apply_action(action)
        replayed.apply_action(action)
    assert kept._match.decisions is not None and replayed._match.decisions is None
    for seat in range(game.num_players()):
        assert kept.information_state_tensor(seat) == replayed.information_state_tensor(seat)
        assert kept.decisions(seat)  # every seat decided something
