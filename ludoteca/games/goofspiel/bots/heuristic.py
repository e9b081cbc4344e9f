"""The heuristic bot: bid the card whose rank in the hand matches the prize's rank among the
prizes still to come (the highest card for the highest prize, the lowest for the lowest), the
way a casual player spreads a hand over a deck. It never looks at the other players' hands,
so it is easy to read: a strong player who notices outbids it by a card where it matters. Now
and then it bids the next card up or down instead, as people do."""

from __future__ import annotations

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState

WANDER = 0.3  # how often it bids a neighbouring card


def heuristic_action(state: GoofspielState, seat: int, rng: Rng) -> Action:
    hand = sorted(state.hands[seat])
    # The prizes still to come are the face-up one and the deck: which cards, not their order,
    # is public (every seat knows the cards 1..n and those already turned up).
    prizes = sorted(state.prizes)
    rank = prizes.index(state.prizes[0]) * len(hand) // len(prizes)
    if rng.random() < WANDER:
        rank = min(len(hand) - 1, max(0, rank + rng.choice((-1, 1))))
    return Bid(hand[rank])
