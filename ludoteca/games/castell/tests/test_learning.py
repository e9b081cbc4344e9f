"""The encoding for learning agents (learning.py): observations of the right size in [0, 1],
read from the view alone, and an index in range for every legal action, each its own."""

from ludoteca.engine.rng import Rng
from ludoteca.engine.testing import check_learning
from ludoteca.games.castell import GAME


def test_observations_and_action_indices_keep_the_spec() -> None:
    assert check_learning(GAME, playouts=1, every=6) > 0
    assert check_learning(GAME, players=[3], playouts=1, every=5,
                          options={"advanced": True, "train_any_known_skill": True}) > 0


def test_the_menus_actions_each_have_their_own_index() -> None:
    for players in (2, 4):
        spec = GAME.learning_spec(players)
        state = GAME.setup(players, 3)
        rng = Rng(8)
        while not GAME.is_over(state):
            for seat in range(players):
                legal = GAME.legal_actions(state, seat)
                assert len(GAME.indexed_actions(state, seat, spec)) == len(legal)
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
