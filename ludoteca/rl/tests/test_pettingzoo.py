"""PettingZoo's own tests on every game at every table, and what the environments promise."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.test.seed_test import parallel_seed_test
from pettingzoo.test.state_test import state_test

from ludoteca.games import load_game
from ludoteca.rl.pettingzoo import (
    env,
    environment_module,
    parallel_env,
    raw_env,
    seat_of,
)
from ludoteca.rl.tests.helpers import (
    API_CYCLES,
    SEED_CYCLES,
    cycles,
    every_table,
    learnable_names,
    short_options,
)


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # PettingZoo warns that dict observations are not arrays: dicts with an action mask are
    # what its own board games use.
    warnings.filterwarnings("ignore", category=UserWarning, module="pettingzoo")


@pytest.mark.parametrize(("game", "players"), every_table())
def test_pettingzoo_api_tests_pass(game: str, players: int) -> None:
    """At every table the game supports (helpers.ROOM_CYCLES says why a room game's tables get
    fewer cycles)."""
    found = load_game(game)
    options = short_options(found)
    api_test(env(game, players, options=options), num_cycles=cycles(found, API_CYCLES))
    parallel_api_test(
        parallel_env(game, players, options=options), num_cycles=cycles(found, API_CYCLES)
    )


@pytest.mark.parametrize(("game", "players"), every_table())
def test_pettingzoo_seed_and_max_cycles_tests_pass(game: str, players: int) -> None:
    found = load_game(game)
    seed_test(lambda: env(game, players), num_cycles=cycles(found, SEED_CYCLES))
    parallel_seed_test(lambda: parallel_env(game, players), num_cycles=cycles(found, SEED_CYCLES))
    max_cycles_test(environment_module(game, players))


def random_episode(game: str, players: int, seed: int) -> tuple[dict[str, float], int]:
    """A whole episode of masked random agents with the usual AEC loop."""
    aec = env(game, players, options=short_options(load_game(game)))
    aec.reset(seed=seed)
    for number, agent in enumerate(aec.possible_agents):
        aec.action_space(agent).seed(seed + number)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    steps = 0
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        mask = observation["action_mask"]
        aec.step(None if terminated or truncated else aec.action_space(agent).sample(mask))
        steps += 1
    return totals, steps


@pytest.mark.parametrize("game", learnable_names())
def test_a_random_episode_ends_with_zero_sum_rewards(game: str) -> None:
    players = load_game(game).min_players
    totals, steps = random_episode(game, players, seed=3)
    assert steps > players
    assert sum(totals.values()) == pytest.approx(0.0)
    assert all(-1.0 <= r <= 1.0 for r in totals.values()) and any(totals.values())
    assert random_episode(game, players, seed=3) == (totals, steps)


@pytest.mark.parametrize("game", learnable_names())
def test_the_observation_is_the_games_encoding_of_the_view(game: str) -> None:
    made = raw_env(game)
    made.reset(seed=1)
    table = made.table
    for seat in table.agents:
        seen = made.match.observation(table, f"player_{seat}")
        expected = table.game.observe(table.game.view(table.state, seat), seat, table.spec)
        assert np.array_equal(seen["observation"], np.asarray(expected, np.float32))
        legal = table.game.indexed_actions(table.state, seat, table.spec)
        assert set(np.flatnonzero(seen["action_mask"])) == (set(legal) or {table.spec.actions})


def test_an_action_outside_the_mask_changes_nothing_and_says_so() -> None:
    turn_based = next(g for g, _ in every_table() if not load_game(g).real_time)
    made = raw_env(turn_based)
    made.reset(seed=2)
    agent = made.agent_selection
    mask = made.observe(agent)["action_mask"]
    before = made.table.game.to_json(made.table.state)
    refused = int(np.flatnonzero(mask == 0)[0])
    made.step(refused)
    assert made.infos[agent] == {"illegal_action": True}
    assert made.table.game.to_json(made.table.state) == before


def test_real_time_steps_fire_one_action_each_in_reaction_time_order() -> None:
    real_time = next((g for g, _ in every_table() if load_game(g).real_time), None)
    if real_time is None:
        pytest.skip("no real-time game is registered")
    par = parallel_env(real_time, options=short_options(load_game(real_time)))
    observations, infos = par.reset(seed=4)
    clock = 0.0
    fired = 0
    rng = np.random.default_rng(0)
    while par.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
            for a in par.agents
        }
        observations, _, _, _, infos = par.step(actions)
        now = next(iter(infos.values()))["clock"]
        assert now >= clock  # the simulated clock never goes back
        clock = now
        fired += 1
    assert clock > 0 and fired > 10


def test_a_variant_of_the_games_numbers_is_refused_by_name() -> None:
    # The encodings are sized on the published numbers; a balance search's variant is not read.
    with pytest.raises(ValueError, match="'variant'"):
        env("ciurme", players=8, options={"variant": {"stamps": [0, 1, 2, 5]}})


@pytest.mark.parametrize("game", learnable_names())
def test_pettingzoo_state_test_passes(game: str) -> None:
    """`state()` and `state_space`, for centralised critics, by PettingZoo's own test."""
    found = load_game(game)
    options = short_options(found)
    state_test(env(game, options=options), parallel_env(game, options=options),
               num_cycles=cycles(found, SEED_CYCLES))


@pytest.mark.parametrize("game", learnable_names())
def test_the_state_is_every_agents_observation_in_seat_order(game: str) -> None:
    made = raw_env(game)
    made.reset(seed=3)
    table = made.table
    expected = np.concatenate(
        [made.match.observation(table, agent)["observation"] for agent in made.possible_agents]
    )
    assert np.array_equal(made.state(), expected)
    assert made.state_space.shape == expected.shape


def test_a_real_time_submission_overtaken_by_another_is_refused_and_chosen_again() -> None:
    """Ligretto: two seats race for the same squares; the submission that finds them taken is
    refused (`infos[agent]["refused"]`), and its agent has choices again at once."""
    real_time = next((g for g, _ in every_table() if load_game(g).real_time), None)
    if real_time is None:
        pytest.skip("no real-time game is registered")
    par = parallel_env(real_time, 4, options=short_options(load_game(real_time)))
    observations, _ = par.reset(seed=1)
    rng = np.random.default_rng(2)
    refused = 0
    while par.agents and refused < 3:
        actions = {
            a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
            for a in par.agents
        }
        observations, _, _, _, infos = par.step(actions)
        for agent, info in infos.items():
            if info.get("refused"):
                refused += 1
                assert seat_of(agent) not in par.table.submissions  # off the clock: it chooses
    assert refused >= 3
