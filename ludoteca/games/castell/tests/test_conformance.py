"""Castell under the conformance harness: random play, the heuristic bot, a mix of both, and
the options."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoteca.engine.testing import check_game
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import (
    Train,
)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players: int) -> None:
    check_game(GAME, players=(players,), playouts=2, seed=players)


def test_conformance_with_the_heuristic_bot() -> None:
    def bot(game, state, seat, actions, rng):  # type: ignore[no-untyped-def]
        return game.heuristic_action(game.determinize(state, seat, rng), seat, rng)

    check_game(GAME, players=(3,), playouts=1, policy=bot, view_every=3)


def test_conformance_with_a_mix_of_heuristic_and_random_play() -> None:
    # Random play seldom reaches a festival with a qualifying tower; the heuristic always
    # declares. A coin between them covers festivals (declaring and abstaining), local
    # performances, every special action and the Special tile's free one under the harness.
    played: Counter[str] = Counter()

    def mixed(game, state, seat, actions, rng):  # type: ignore[no-untyped-def]
        if rng.random() < 0.5:
            action = game.heuristic_action(game.determinize(state, seat, rng), seat, rng)
        else:
            action = rng.choice(actions)
        played[action.kind] += 1
        if isinstance(action, Train) and action.skill == "special":
            played["free_special"] += 1
        return action

    check_game(GAME, players=(2, 3, 4), playouts=1, seed=11, policy=mixed, view_every=3)
    wanted = {"declare", "abstain", "perform", "special_move", "special_recruit", "free_special"}
    assert wanted <= set(played)


def test_options_keep_the_contract() -> None:
    check_game(GAME, players=(3,), playouts=1, seed=5,
               options={"advanced": True, "train_any_known_skill": True})

