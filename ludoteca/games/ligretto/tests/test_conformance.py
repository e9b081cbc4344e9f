"""The engine's conformance harness on Ligretto, for 2, 3 and 4 players."""

import pytest

from ludoteca.engine.testing import check_game
from ludoteca.games.ligretto import GAME


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_one_round(players: int) -> None:
    check_game(GAME, players=(players,), playouts=2, options={"rounds": 1}, view_every=3)


def test_conformance_two_rounds_with_individual_boards() -> None:
    check_game(GAME, players=(2, 3, 4), playouts=1, seed=10, options={"rounds": 2},
               view_every=5)


def test_conformance_with_the_heuristic_bot() -> None:
    def policy(game, state, seat, actions, rng):  # type: ignore[no-untyped-def]
        return game.heuristic_action(game.determinize(state, seat, rng), seat, rng)

    check_game(GAME, players=(3,), playouts=1, seed=20, options={"rounds": 2, "colours": 4},
               view_every=5, policy=policy)


def test_conformance_with_the_host_placing_pawns_d5() -> None:
    check_game(GAME, players=(2, 4), playouts=1, seed=30, options={"rounds": 2, "pawns": "host"},
               view_every=5)
