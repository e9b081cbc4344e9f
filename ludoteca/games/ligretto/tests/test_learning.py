"""The encoding for learning agents (learning.py): observations of the right size in [0, 1],
read from the view alone, and an index in range for every legal action."""

from ludoteca.engine.testing import check_learning, check_own_indices
from ludoteca.games.ligretto import GAME


def test_observations_and_action_indices_keep_the_spec() -> None:
    assert check_learning(GAME, playouts=1, every=10, options={"rounds": 2}) > 0


def test_the_host_placing_pawns_has_an_index_per_square() -> None:
    assert check_learning(GAME, players=[3], playouts=1, every=10,
                          options={"rounds": 2, "pawns": "host", "colours": 6}) > 0


def test_every_legal_action_has_its_own_index() -> None:
    for players in (2, 4):
        assert check_own_indices(GAME, players, seed=11, options={"rounds": 2}) > 0
