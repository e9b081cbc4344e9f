"""The Gymnasium environment: Gymnasium's own checker on every game, and what the environment
promises (bots in between, seeds that replay, an action outside the mask refused)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca.games import load_game
from ludoteca.rl.gym import SeatEnv
from ludoteca.rl.tests.helpers import learnable_names, short_options


def seat_env(name: str, **kwargs: Any) -> SeatEnv:
    return SeatEnv(name, options=short_options(load_game(name)), **kwargs)


def episode(env: SeatEnv, seed: int) -> tuple[list[np.ndarray], float, dict[str, Any]]:
    """A whole episode of masked random choices, seeded: the observations, the reward."""
    observation, info = env.reset(seed=seed)
    env.action_space.seed(seed)
    seen = [observation["observation"]]
    while True:
        action = env.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        seen.append(observation["observation"])
        if terminated or truncated:
            return seen, float(reward), info


@pytest.mark.parametrize("name", learnable_names())
def test_gymnasiums_env_checker_passes(name: str) -> None:
    check_env(seat_env(name, seat=1, bots="heuristic"), skip_render_check=True)


@pytest.mark.parametrize("name", learnable_names())
def test_an_episode_ends_with_the_seats_reward_and_replays_from_its_seed(name: str) -> None:
    env = seat_env(name, bots="random")
    seen, reward, _ = episode(env, seed=4)
    assert -1.0 <= reward <= 1.0 and len(seen) > 1
    again, same, _ = episode(seat_env(name, bots="random"), seed=4)
    assert same == reward and all(np.array_equal(a, b) for a, b in zip(seen, again, strict=True))


def test_the_seat_is_asked_only_when_it_has_a_choice() -> None:
    env = seat_env("castell", players=3, seat=2, bots="heuristic")
    observation, _ = env.reset(seed=1)
    for _ in range(30):
        assert observation["action_mask"].any()
        assert env.table is not None and env.seat in env.table.actors()
        observation, _, terminated, truncated, _ = env.step(
            env.action_space.sample(observation["action_mask"]))
        if terminated or truncated:
            break


def test_an_action_outside_the_mask_changes_nothing_and_says_so() -> None:
    env = seat_env("goofspiel", bots="heuristic")
    env.reset(seed=2)
    observation, *_ = env.step(0)  # bid the 1: from now on it is spent
    assert env.table is not None
    before = env.table.game.to_json(env.table.state)
    refused = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(refused)
    assert info["illegal_action"] and (reward, terminated, truncated) == (0.0, False, False)
    assert env.table.game.to_json(env.table.state) == before
    assert np.array_equal(after["observation"], observation["observation"])


def test_bots_are_dealt_to_the_other_seats_in_turn() -> None:
    env = SeatEnv("goofspiel", players=4, seat=1, bots="mcts:iterations=4,random")
    assert {s: spec.name for s, spec in env.bot_specs.items()} == {
        0: "mcts:iterations=4", 2: "random", 3: "mcts:iterations=4"}


def test_each_game_is_registered_with_gymnasium() -> None:
    env = gymnasium.make("ludoteca/goofspiel-v0", players=3, bots="random")
    observation, _ = env.reset(seed=1)
    assert observation["observation"].shape == (39 - 7,)  # 5 cards: 3 hands, 3 seats' figures
    env.close()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"seat": 2}, "seat: one of the players' seats, 0 to 1, not 2"),
    ({"bots": "nobody"}, "unknown bot 'nobody'"),
    ({"level": "lightning"}, "lightning"),
    ({"render_mode": "rgb_array"}, "render_mode is one of"),
])
def test_bad_settings_are_refused_clearly(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SeatEnv("goofspiel", players=2, **kwargs)


def test_in_real_time_a_submission_another_overtook_is_refused_and_chosen_again() -> None:
    env = SeatEnv("ligretto", players=4, bots="heuristic", options={"rounds": 1})
    refused = 0
    observation, info = env.reset(seed=1)
    env.action_space.seed(1)
    while True:
        observation, _, terminated, truncated, info = env.step(
            env.action_space.sample(observation["action_mask"]))
        if info.get("refused") and not terminated:
            refused += 1
            assert env.table is not None and env.seat in env.table.actors()  # chooses again
        if terminated or truncated:
            break
    assert refused > 0 and info["clock"] > 0
