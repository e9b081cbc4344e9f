"""The encoding for learning agents (learning.py): observations of the right size in [0, 1],
read from the view alone, and an index in range for every legal action of a player, each its
own, at tables of two crews of 4, of 4 and 5, and of eight crews of 5."""

from ludoteca.bots.simple import HeuristicBot
from ludoteca.engine.rng import Rng
from ludoteca.engine.testing import check_learning
from ludoteca.games.ciurme import GAME


def test_observations_and_action_indices_keep_the_spec() -> None:
    assert check_learning(GAME, players=[8, 9], playouts=1, every=4) > 0


def test_every_listed_action_of_a_player_has_its_own_index() -> None:
    """Heuristic play goes through every stage (random play seldom reaches the Assembly)."""
    for players in (8, 9, 40):
        spec = GAME.learning_spec(players)
        state = GAME.setup(players, players)
        rng = Rng(4)
        bot = HeuristicBot()
        steps = 0
        while not GAME.is_over(state):
            if steps % 3 == 0:
                for seat in sorted(GAME.actors(state) - {players}):
                    legal = GAME.legal_actions(state, seat)
                    assert len(GAME.indexed_actions(state, seat, spec)) == len(legal)
                    view = GAME.view(state, seat)
                    assert len(GAME.observe(view, seat, spec)) == spec.size
            seat = rng.choice(sorted(GAME.actors(state)))
            GAME.apply(state, seat, bot.choose(GAME, state, seat, rng))
            steps += 1
