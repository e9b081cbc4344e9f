"""Bidding: every player secretly bids a card of their hand for the prize turned up; when all
have bid, the bids are revealed and the highest single bid takes the prize."""

from __future__ import annotations

from ludoteca.engine.errors import IllegalAction
from ludoteca.engine.events import Event, private, public
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState


def bids(state: GoofspielState, seat: int) -> list[Bid]:
    """Any card still in the hand."""
    return [Bid(card) for card in state.hands[seat]]


def check_bid(state: GoofspielState, seat: int, action: Bid) -> Bid:
    if action.card not in state.hands[seat]:
        raise IllegalAction(
            f"bid one of your cards: {state.hands[seat]}",
            it=f"offri una delle tue carte: {state.hands[seat]}",
        )
    return action


def do_bid(state: GoofspielState, seat: int, action: Bid) -> list[Event]:
    state.bids[seat] = action.card
    events = [
        private("bid", [seat], seat=seat, card=action.card),
        public("bid_placed", seat=seat),
    ]
    if all(bid is not None for bid in state.bids):
        events.append(reveal(state))
    return events


def reveal(state: GoofspielState) -> Event:
    """The prize goes to the highest bid; a tie for the highest: to nobody. Bids are spent."""
    placed = [b for b in state.bids if b is not None]
    prize = state.prizes.pop(0)
    top = max(placed)
    winner = placed.index(top) if placed.count(top) == 1 else None
    if winner is not None:
        state.scores[winner] += prize
    for seat, card in enumerate(placed):
        state.hands[seat].remove(card)
    state.bids = [None] * len(placed)
    return public("reveal", bids=placed, prize=prize, winner=winner)
