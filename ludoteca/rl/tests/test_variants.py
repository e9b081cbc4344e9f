"""A variant of a game's numbers (`ludoteca tune`'s), with the options, in every learning
interface; refused by name only by a game whose encoding cannot hold it."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.rl.gym import SeatEnv
from ludoteca.rl.openspiel import load
from ludoteca.rl.pettingzoo import env

HEAD_START = {"cards": 3, "variant": {"head_start": 1}}


def test_openspiel_takes_options_and_a_variant() -> None:
    game = load("goofspiel", 2, HEAD_START)
    assert '"head_start":1' in str(game)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.chance_outcomes()[0][0] if state.is_chance_node()
                           else state.legal_actions()[0])
    # prizes 1, 2, 3 in order, every bid tied: only the head start tells the seats apart
    assert state.returns() == [1.0, -1.0]


def test_gymnasium_and_pettingzoo_take_a_variant() -> None:
    seat = SeatEnv("goofspiel", players=2, options=HEAD_START)
    observation, _ = seat.reset(seed=1)
    assert seat.observation_space.contains(observation)
    aec = env("goofspiel", players=2, options=HEAD_START)
    aec.reset(seed=1)
    shown = aec.observe("player_0")
    assert aec.observation_space("player_0").contains(shown)
    assert np.all(shown["observation"] <= 1.0)


def test_a_variant_the_encoding_cannot_hold_is_refused_by_its_game() -> None:
    with pytest.raises(ValueError, match="published stamps' values.*'variant'"):
        load("ciurme", 8, {"variant": {"stamps": [0, 1, 2, 5]}})
    with pytest.raises(ValueError, match="'variant'"):
        SeatEnv("castell", players=2, options={"variant": {"special_tokens": 2}})
