"""The benches' random driver: a playout is the same for a seed, and a lone actor is taken
without a draw (tic-tac-toe's driver draws no seat either), several by one draw among them."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.engine.speed import random_actor, random_playout
from ludoteca.games import load_game


def test_a_lone_actor_is_taken_without_a_draw() -> None:
    rng = Rng(7)
    assert random_actor(frozenset({3}), rng) == 3
    assert rng == Rng(7)


def test_one_of_several_actors_is_drawn_among_them_sorted() -> None:
    actors = frozenset({4, 0, 2})
    for seed in range(20):
        rng, twin = Rng(seed), Rng(seed)
        assert random_actor(actors, rng) == twin.choice([0, 2, 4])
        assert rng == twin


def test_a_random_playout_is_the_same_for_a_seed() -> None:
    game = load_game("goofspiel")  # simultaneous bids: several actors at most steps
    first, again = random_playout(game, 3, 11), random_playout(game, 3, 11)
    assert first[1] == again[1] == game.max_actions(3)
    assert game.to_json(first[0]) == game.to_json(again[0])
    assert game.to_json(first[2]) == game.to_json(again[2])
