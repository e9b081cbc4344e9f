"""OpenSpiel's public and all-players observers, registration on `import ludoteca.rl`, the
information-state tensor's length as a parameter, and terminal observations (their empty
mask, and vectorised environments with autoreset)."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

from ludoteca.rl.examples.vector_env import masked_sample, play
from ludoteca.rl.gym import SeatEnv
from ludoteca.rl.openspiel import load
from ludoteca.rl.recall import RECALL_NUMBERS

PUBLIC = pyspiel.IIGObservationType(perfect_recall=False,
                                    private_info=pyspiel.PrivateInfoType.NONE)
ALL_PLAYERS = pyspiel.IIGObservationType(perfect_recall=False,
                                         private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)


def bid_once(game: pyspiel.Game) -> pyspiel.State:
    """A Goofspiel state after the prize and the first seat's sealed bid."""
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[-1])
    return state


def test_the_public_observer_shows_what_a_spectator_sees() -> None:
    game = load("goofspiel", 2, {"cards": 3})
    observation = make_observation(game, PUBLIC)
    state = bid_once(game)
    strings = {observation.string_from(state, seat) for seat in range(2)}
    assert len(strings) == 1  # the same for every player
    public = json.loads(strings.pop())
    # the sealed bid is placed, and hidden from the public: only its seat sees it
    assert public["bid_placed"] == [True, False] and public["my_bid"] is None
    assert json.loads(state.observation_string(0))["my_bid"] == 3
    observation.set_from(state, 0)
    assert observation.tensor.size == 0
    assert load("goofspiel", 2).make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=True,
                                   private_info=pyspiel.PrivateInfoType.NONE)) is None


@pytest.mark.parametrize(("name", "players"), [("goofspiel", 2), ("castell", 2)])
def test_the_all_players_observer_holds_every_seats_observation(name: str,
                                                                  players: int) -> None:
    game = load(name, players)
    observation = make_observation(game, ALL_PLAYERS)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    observation.set_from(state, 0)
    single = make_observation(game)
    for seat in range(players):
        single.set_from(state, seat)
        np.testing.assert_array_equal(observation.dict[f"seat_{seat}"], single.tensor)
    views = json.loads(observation.string_from(state, 1))
    assert len(views) == players


def test_games_are_registered_by_importing_ludoteca_rl() -> None:
    code = ("import pyspiel, ludoteca.rl; "
            "names = [n for n in pyspiel.registered_names() if n.startswith('python_ludoteca_')]; "
            "print(sorted(names)); pyspiel.load_game('python_ludoteca_goofspiel')")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, timeout=120).stdout
    assert "python_ludoteca_goofspiel" in shown and "python_ludoteca_castell" in shown


def test_the_information_state_tensors_length_is_a_parameter() -> None:
    default = load("ligretto", 2)
    assert default.information_state_tensor_size() <= RECALL_NUMBERS
    longer = load("ligretto", 2, recall=8)
    spec_size = default.observation_tensor_size()
    per_decision = (longer.information_state_tensor_size() - spec_size) // 8
    assert longer.information_state_tensor_size() == spec_size + 8 * per_decision
    assert "recall=8" in str(longer)


def test_a_terminal_step_has_an_empty_mask() -> None:
    env = SeatEnv("goofspiel", players=2, options={"cards": 3})
    observation, _ = env.reset(seed=3)
    terminated = False
    while not terminated:
        assert observation["action_mask"].any()
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, _, terminated, _, _ = env.step(action)
    assert not observation["action_mask"].any()


def test_vectorised_environments_with_autoreset_and_a_masked_sampler() -> None:
    assert play(envs=3, steps=60, seed=1) > 0
    picked = masked_sample(np.array([[0, 1, 1], [0, 0, 0]], np.int8), np.random.default_rng(0))
    assert picked[0] in (1, 2) and picked[1] == 0
