"""Scenario tests of Goofspiel's rules, one per rule of its rules page."""

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.refusals import italian
from ludoteca.games.goofspiel import GAME
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState


def game_with(prizes: list[int], players: int = 2) -> GoofspielState:
    state = GAME.setup(players, seed=1, options={"cards": len(prizes)})
    state.prizes = list(prizes)
    return state


def test_a_bid_must_be_a_card_of_your_hand() -> None:
    state = game_with([3, 1, 2])
    with pytest.raises(IllegalAction, match=r"bid one of your cards: \[1, 2, 3\]"):
        GAME.apply(state, 0, Bid(4))
    assert state.bids == [None, None]


def test_you_may_bid_any_card_of_your_hand_once() -> None:
    state = game_with([3, 1, 2])
    assert GAME.legal_actions(state, 0) == [Bid(1), Bid(2), Bid(3)]
    GAME.apply(state, 0, Bid(2))
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction, match="already bid"):
        GAME.apply(state, 0, Bid(3))


def test_the_highest_single_bid_takes_the_prize() -> None:
    state = game_with([3, 1, 2], players=3)
    GAME.apply(state, 0, Bid(1))
    GAME.apply(state, 1, Bid(3))
    events = GAME.apply(state, 2, Bid(2))
    assert events[-1].data == {"bids": [1, 3, 2], "prize": 3, "winner": 1}
    assert state.scores == [0, 3, 0] and state.hands[1] == [1, 2]


def test_a_tie_for_the_highest_bid_takes_nothing() -> None:
    state = game_with([3, 1, 2], players=3)
    for seat, card in enumerate([3, 3, 1]):
        events = GAME.apply(state, seat, Bid(card))
    assert events[-1].data["winner"] is None and state.scores == [0, 0, 0]


def test_the_most_points_wins() -> None:
    state = game_with([3, 1, 2])
    for bids in ([3, 1], [1, 2], [2, 3]):
        for seat, card in enumerate(bids):
            GAME.apply(state, seat, Bid(card))
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result.scores == (3, 3) and result.ranks == (1, 1)


def test_a_bid_is_told_to_its_bidder_and_only_its_placing_to_the_others() -> None:
    state = game_with([3, 1, 2])
    mine, placed = GAME.apply(state, 0, Bid(2))
    assert (mine.kind, dict(mine.data), mine.visible_to) == (
        "bid", {"seat": 0, "card": 2}, frozenset({0})
    )
    assert (placed.kind, dict(placed.data), placed.visible_to) == (
        "bid_placed", {"seat": 0}, None
    )
    *_, reveal = GAME.apply(state, 1, Bid(3))
    assert (reveal.kind, reveal.visible_to) == ("reveal", None)
    assert dict(reveal.data) == {"bids": [2, 3], "prize": 3, "winner": 1}


def test_every_refusal_says_its_reason_in_italian_too() -> None:
    state = game_with([3, 1, 2], players=2)
    refusals = []
    script = [(0, Bid(4)), (0, Bid(1)), (0, Bid(2)), (1, Bid(1)), (0, Bid(2)), (1, Bid(2)),
              (0, Bid(3)), (1, Bid(3)), (1, Bid(3))]
    for seat, action in script:
        try:
            GAME.apply(state, seat, action)
        except IllegalAction as refusal:
            refusals.append(refusal)
    assert [italian(r) for r in refusals] == [
        "offri una delle tue carte: [1, 2, 3]",
        "hai già offerto per questo premio",
        "la partita è finita",
    ]
