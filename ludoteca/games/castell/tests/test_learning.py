"""The encoding for learning agents (learning.py): observations of the right size in [0, 1],
read from the view alone, and an index in range for every legal action, each its own."""

from ludoteca.engine.testing import check_learning, check_own_indices
from ludoteca.games.castell import GAME


def test_observations_and_action_indices_keep_the_spec() -> None:
    assert check_learning(GAME, playouts=1, every=6) > 0
    assert check_learning(GAME, players=[3], playouts=1, every=5,
                          options={"advanced": True, "train_any_known_skill": True}) > 0


def test_the_menus_actions_each_have_their_own_index() -> None:
    for players in (2, 4):
        assert check_own_indices(GAME, players, seed=3) > 0
