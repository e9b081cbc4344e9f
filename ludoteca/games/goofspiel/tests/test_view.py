"""What each seat sees of Goofspiel: everything but the prize deck's order and the other
players' sealed bids of the prize turned up; what a search tells apart."""

from __future__ import annotations

from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.tests.test_bidding import game_with


def test_a_seat_sees_the_prize_the_hands_and_whose_bid_is_in_but_only_its_own_bid() -> None:
    state = game_with([3, 1, 2], players=3)
    GAME.apply(state, 1, Bid(2))
    assert GAME.view(state, 1) == {
        "hands": [[1, 2, 3], [1, 2, 3], [1, 2, 3]],
        "prize": 3,
        "prizes_left": 3,
        "bid_placed": [False, True, False],
        "my_bid": 2,
        "scores": [0, 0, 0],
    }
    assert GAME.view(state, 0)["my_bid"] is None
    assert GAME.view(state, None)["my_bid"] is None


def test_once_every_prize_is_taken_none_is_turned_up() -> None:
    state = game_with([3, 2, 1])
    for bids in ([3, 1], [1, 2], [2, 3]):
        for seat, card in enumerate(bids):
            GAME.apply(state, seat, Bid(card))
    view = GAME.view(state, 0)
    assert view["prize"] is None and view["prizes_left"] == 0
    assert view["scores"] == [3, 3] and view["hands"] == [[], []]
    assert GAME.search_key(state, 0) == (None, ((), ()), (3, 3), None)


def test_hidden_is_the_deck_under_the_prize_and_the_other_seats_bids() -> None:
    state = game_with([3, 1, 2], players=3)
    GAME.apply(state, 0, Bid(1))
    GAME.apply(state, 2, Bid(3))
    assert GAME.hidden(state, 0) == {"deck": [1, 2], "bids": [None, 3]}
    assert GAME.hidden(state, 1) == {"deck": [1, 2], "bids": [1, 3]}
    assert GAME.hidden(state, None) == {"deck": [1, 2], "bids": [1, None, 3]}


def test_the_search_key_holds_the_prize_hands_scores_and_the_seats_own_bid() -> None:
    state = game_with([3, 1, 2])
    GAME.apply(state, 1, Bid(2))
    hands = ((1, 2, 3), (1, 2, 3))
    assert GAME.search_key(state, 0) == (3, hands, (0, 0), None)
    assert GAME.search_key(state, 1) == (3, hands, (0, 0), 2)
