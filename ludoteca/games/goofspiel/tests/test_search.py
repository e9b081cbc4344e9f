"""What a search tells apart in Goofspiel: what the seat has seen, never another's sealed bid."""

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid


def test_the_search_key_tells_prizes_apart_but_not_sealed_bids() -> None:
    state = GAME.setup(2, seed=3)
    GAME.apply(state, 1, Bid(state.hands[1][0]))  # seat 1's bid is sealed
    keys = {GAME.search_key(GAME.determinize(state, 0, Rng(n)), 0) for n in range(20)}
    assert len(keys) == 1  # the worlds differ in seat 1's bid and the deck's order only
    other = GAME.clone(state)
    other.prizes[0] = other.prizes[1]
    assert GAME.search_key(other, 0) != GAME.search_key(state, 0)

