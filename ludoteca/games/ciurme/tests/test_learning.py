"""The encoding for learning agents (learning.py): observations of the right size in [0, 1],
read from the view alone, and an index in range for every legal action of a player, each its
own, at tables of two crews of 4, of 4 and 5, and of eight crews of 5."""

from ludoteca.bots.simple import HeuristicBot
from ludoteca.engine.testing import check_learning, check_own_indices
from ludoteca.games.ciurme import GAME


def test_observations_and_action_indices_keep_the_spec() -> None:
    assert check_learning(GAME, players=[8, 9], playouts=1, every=4) > 0


def test_every_listed_action_of_a_player_has_its_own_index() -> None:
    """Heuristic play goes through every stage (random play seldom reaches the Assembly)."""
    for players in (8, 9, 40):
        assert check_own_indices(GAME, players, seed=4, choose=HeuristicBot().choose, every=3) > 0
