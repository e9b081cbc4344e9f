"""Castell under the conformance harness: random play, the heuristic bot, a mix of both, and
the options. The default run plays one game of each kind (every step round-trips the state
through the codec many times, which is what most of the time goes to); `make test-slow` plays
more."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from ludoteca.engine.actions import Action
from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.testing import check_game
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import Train
from ludoteca.games.castell.data import SPECIAL_TILE


def heuristic(game: Game[Any], state: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
    return game.heuristic_action(game.determinize(state, seat, rng), seat, rng)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    check_game(GAME, players=(players,), playouts=1, seed=players)


def test_conformance_with_the_heuristic_bot() -> None:
    check_game(GAME, players=(2,), playouts=1, policy=heuristic, view_every=3)


def test_conformance_with_a_mix_of_heuristic_and_random_play() -> None:
    # Random play seldom reaches a festival with a qualifying tower; the heuristic always
    # declares. A coin between them covers festivals (declaring and abstaining), local
    # performances, every special action and the Special tile's free one under the harness.
    played: Counter[str] = Counter()

    def mixed(game: Game[Any], state: Any, seat: int, actions: list[Action], rng: Rng) -> Action:
        if rng.random() < 0.5:
            action = heuristic(game, state, seat, actions, rng)
        else:
            action = rng.choice(actions)
        played[action.kind] += 1
        if isinstance(action, Train) and action.skill == SPECIAL_TILE:
            played["free_special"] += 1
        return action

    check_game(GAME, players=(2, 3, 4), playouts=1, seed=11, policy=mixed, view_every=3)
    wanted = {"declare", "abstain", "perform", "special_move", "special_recruit", "free_special"}
    assert wanted <= set(played)


def test_options_keep_the_contract() -> None:
    check_game(GAME, players=(2,), playouts=1, seed=5,
               options={"advanced": True, "train_any_known_skill": True})


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_many_games_keep_the_contract(players: int) -> None:
    check_game(GAME, players=(players,), playouts=4, seed=100 + players)
    check_game(GAME, players=(players,), playouts=2, seed=200 + players, policy=heuristic,
               view_every=3, options={"advanced": True, "train_any_known_skill": True})
