"""`Game.play`, the trusted way in for searches, playouts and benches: for every registered game,
a random playout applied by `play` goes through the very states of the same playout applied by
`apply` (compared by the state codec at every step), and the benches' driver, which plays by
`play`, still plays the playout it played by `apply`."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.engine.game import Game
from ludoteca.engine.rng import Rng
from ludoteca.engine.speed import random_actor, random_playout
from ludoteca.games import game_names, load_game

SEEDS = (0, 1, 2)
STEPS = 100_000  # more than any playout: every one is played to its end


def tables() -> list[tuple[str, int]]:
    """Every game at its smallest table, one more, and its largest (at most 15 players)."""
    out = []
    for name in game_names():
        game = load_game(name)
        largest = min(game.max_players, 15)
        for players in sorted({game.min_players, game.min_players + 1, largest}):
            out.append((name, players))
    return out


@pytest.mark.parametrize(("name", "players"), tables())
def test_play_leaves_the_state_apply_leaves_at_every_step(name: str, players: int) -> None:
    game = load_game(name)
    for seed in SEEDS:
        applied = game.setup(players, seed)
        played = game.setup(players, seed)
        rng = Rng(seed)
        for _ in range(STEPS):
            if game.is_over(applied):
                break
            seat = random_actor(game.actors(applied), rng)
            legal = game.legal_actions(applied, seat)
            assert game.legal_actions(played, seat) == legal
            action = rng.choice(legal)
            game.apply(applied, seat, action)
            game.play(played, seat, action)
            assert game.to_json(played) == game.to_json(applied), (seed, action)
        assert game.is_over(played) == game.is_over(applied)
        assert sorted(game.actors(played)) == sorted(game.actors(applied))


def playout_by_apply(game: Game[Any], players: int, seed: int) -> tuple[Any, int]:
    """The benches' random playout as it was before `play`: every action through `apply`."""
    rng = Rng(seed)
    state = game.setup(players, seed)
    actions = 0
    while not game.is_over(state):
        seat = random_actor(game.actors(state), rng)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        actions += 1
    return state, actions


@pytest.mark.parametrize("name", game_names())
def test_the_benches_driver_plays_the_playout_it_played_by_apply(name: str) -> None:
    game = load_game(name)
    state, actions = playout_by_apply(game, game.min_players, 5)
    played, count, _ = random_playout(game, game.min_players, 5)
    assert count == actions
    assert game.to_json(played) == game.to_json(state)
