"""What each seat sees: everything but the bag's order and hidden declarations."""

from __future__ import annotations

from ludoteca.engine.rng import Rng
from ludoteca.games.castell import GAME
from ludoteca.games.castell.tests.helpers import fresh


def test_bag_order_is_the_only_other_secret() -> None:
    state = fresh(3)
    hidden = GAME.hidden(state, 0)
    assert sorted(hidden["bag_order"]) == sorted(state.bag)
    variant = GAME.determinize(state, 0, Rng(5))
    assert variant.bag != state.bag and sorted(variant.bag) == sorted(state.bag)
    assert GAME.view(variant, 0) == GAME.view(state, 0)

