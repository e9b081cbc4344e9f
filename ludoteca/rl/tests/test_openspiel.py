"""OpenSpiel's own tests and bots on every game, and what the registered games promise."""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from ludoteca.games import load_game
from ludoteca.rl import openspiel
from ludoteca.rl.spiel_bots import OnInformation, ismcts_resampler, play_match
from ludoteca.rl.tests.helpers import (
    learnable,
    learnable_names,
    short_options,
    whole_match_tables,
)


def spiel_game(name: str, players: int | None = None) -> Any:
    return openspiel.load(name, players, short_options(load_game(name)))


def chance(state: Any, rng: np.random.RandomState) -> int:
    """A chance node's outcome, drawn with its probability."""
    outcomes, chances = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(outcomes, p=chances))


def dealt(game: Any, seed: int = 0) -> Any:
    """A state past the deal (or the first draw)."""
    state = game.new_initial_state()
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        state.apply_action(chance(state, rng))
    return state


def dealt_again(state: Any, seed: int = 0) -> Any:
    """`state` past any draw it is at."""
    rng = np.random.RandomState(seed)
    while state.is_chance_node():
        state.apply_action(chance(state, rng))
    return state


def test_every_learnable_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {openspiel.short_name(game) for game in learnable()} <= names


@pytest.mark.parametrize(("game", "players"), whole_match_tables())
def test_random_sim_test_passes_with_serialisation(game: str, players: int) -> None:
    """A whole random match, the game and state serialised and restored at every step."""
    pyspiel.random_sim_test(spiel_game(game, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", learnable_names())
def test_openspiels_mcts_and_ismcts_bots_play_a_whole_match(name: str) -> None:
    """MCTSBot on worlds drawn from its seat's information (`OnInformation`), ISMCTSBot with
    the adapter's resampling: a small budget, the test is that they play through the
    adapter."""
    game = spiel_game(name)
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1), max_length=4)
    searcher = ismcts.ISMCTSBot(game, rollouts, 2.0, 2, random_state=np.random.RandomState(3))
    searcher.set_resampler(ismcts_resampler(4))
    searchers = [
        OnInformation(mcts.MCTSBot(game, 2.0, 2, rollouts, random_state=np.random.RandomState(2)),
                      seed=6),
        searcher,
    ]
    returns = play_match(game, [searchers[seat % 2] for seat in range(game.num_players())], 5)
    assert sum(returns) == pytest.approx(0.0)  # a whole match, to its end


def test_openspiels_own_evaluation_takes_a_bot_on_information() -> None:
    game = spiel_game("goofspiel")
    rollouts = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bots = [
        OnInformation(mcts.MCTSBot(game, 2.0, 8, rollouts, random_state=np.random.RandomState(2))),
        pyspiel.make_uniform_random_bot(1, 3),
    ]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 4)
    assert sum(returns) == pytest.approx(0.0)


def test_openspiels_example_scripts_find_the_games_through_the_wrapper() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ludoteca.rl", "open_spiel.python.examples.discounted_cfr",
         "--game", 'python_ludoteca_goofspiel(options={"cards":3})', "--iterations", "2",
         "--print_freq", "1"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Iteration 1 exploitability" in run.stdout
    missing = subprocess.run([sys.executable, "-m", "ludoteca.rl", "no_such.module"],
                             capture_output=True, text=True, timeout=60, check=False)
    assert missing.returncode == 2 and "there is no module no_such.module" in missing.stderr


def test_games_and_states_pickle_and_serialise() -> None:
    for name in learnable_names():
        game = spiel_game(name)
        state = dealt(game)
        state.apply_action(state.legal_actions()[0])
        again = pickle.loads(pickle.dumps(state))
        assert str(again) == str(state)
        assert again.information_state_string(0) == state.information_state_string(0)
        text = pyspiel.serialize_game_and_state(game, state)
        _, restored = pyspiel.deserialize_game_and_state(text)
        assert str(restored) == str(state)
        assert str(pickle.loads(pickle.dumps(game))) == str(game)


@pytest.mark.parametrize("name", learnable_names())
def test_observations_are_the_games_encoding_of_the_view(name: str) -> None:
    state = dealt(spiel_game(name))
    table = state.table
    for seat in table.agents:
        view = table.game.view(table.state, seat)
        expected = table.game.observe(view, seat, table.spec)
        assert state.observation_tensor(seat) == pytest.approx(expected)
        assert json.loads(state.observation_string(seat)) == json.loads(json.dumps(view))
        assert state.observation_string(seat) in state.information_state_string(seat)


@pytest.mark.parametrize("name", learnable_names())
def test_resampling_keeps_what_the_seat_knows(name: str) -> None:
    state = dealt(spiel_game(name), seed=7)
    for _ in range(3):
        state.apply_action(state.legal_actions()[-1])
        state = dealt_again(state)
    seat = state.current_player()
    before = str(state)
    sampler = pyspiel.UniformProbabilitySampler(11, 0.0, 1.0)
    for _ in range(3):
        world = state.resample_from_infostate(seat, sampler)
        assert world.current_player() == seat
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    assert str(state) == before


@pytest.mark.parametrize("name", learnable_names())
def test_the_information_state_holds_the_view(name: str) -> None:
    """So two states a seat tells apart never share an information state (that it also keeps
    what the view forgets is proved on Goofspiel in tests/test_rl_secrets.py)."""
    game = spiel_game(name)
    for seed in range(3):
        state = dealt(game, seed)
        rng = np.random.RandomState(seed)
        for _ in range(2 * game.num_players()):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(chance(state, rng))
                continue
            seat = state.current_player()
            view = state.observation_string(seat)
            assert state.information_state_string(seat).startswith(
                f"seat {seat} | {view} | recall ")
            state.apply_action(int(rng.choice(state.legal_actions())))


def test_a_games_string_loads_the_same_game_with_several_options_and_levels() -> None:
    """OpenSpiel splits a game's string at commas: the game writes its own without any."""
    game = openspiel.load("ligretto", 2, {"rounds": 1, "colours": 4}, levels="beginner,expert")
    assert str(game) == (
        'python_ludoteca_ligretto(levels=beginner;expert,options={"colours":4;"rounds":1},'
        "players=2,recall=1,role_bot=heuristic)"
    )
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.spec.options == game.spec.options and again.levels == game.levels
    with pytest.raises(ValueError, match="options: a JSON object"):
        pyspiel.load_game(openspiel.short_name("ligretto"), {"options": "[1]"})
