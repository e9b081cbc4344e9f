"""The encoding for learning agents (learning.py): observations of the right size in [0, 1],
read from the view alone, and an index in range for every legal action."""

from ludoteca.engine.testing import check_learning
from ludoteca.games.goofspiel import GAME


def test_observations_and_action_indices_keep_the_spec() -> None:
    assert check_learning(GAME, playouts=1, every=1) > 0
