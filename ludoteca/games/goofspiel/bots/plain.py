"""Goofspiel's plain strategies: the habits people bid by, the panel the strong level must beat.

- `value`: bid the card equal to the prize, else the next one up, else the lowest left: a
  newcomer's first idea, and one an unwary search loses to.
- `value-plus-one`: the same, one card higher (outbids the `value` bidder).
- `rank`: the card whose rank in the hand is the prize's rank among the prizes left (the
  highest card on the highest prize, the lowest on the lowest), never wandering.
- `copy`: bid what the other bid last (the highest other bid with more players), the nearest
  card left to it; the prize's value on the first prize.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.state import GoofspielState


def at_least(hand: list[int], card: int) -> Bid:
    """The card `card` or the next one up in the hand, else the lowest left."""
    above = [c for c in hand if c >= card]
    return Bid(min(above) if above else min(hand))


def nearest(hand: list[int], card: int) -> Bid:
    """The card of the hand nearest `card`, the higher of two as near."""
    return Bid(min(hand, key=lambda c: (abs(c - card), -c)))


def value(game: Any, state: GoofspielState, seat: int, rng: Rng,
          notes: dict[str, Any]) -> Action:
    return at_least(state.hands[seat], state.prizes[0])


def value_plus_one(game: Any, state: GoofspielState, seat: int, rng: Rng,
          notes: dict[str, Any]) -> Action:
    return at_least(state.hands[seat], state.prizes[0] + 1)


def rank(game: Any, state: GoofspielState, seat: int, rng: Rng,
          notes: dict[str, Any]) -> Action:
    hand = sorted(state.hands[seat])
    prizes = sorted(state.prizes)  # which prizes are left is public, not their order
    return Bid(hand[prizes.index(state.prizes[0]) * len(hand) // len(prizes)])


def copy(game: Any, state: GoofspielState, seat: int, rng: Rng,
          notes: dict[str, Any]) -> Action:
    """The others' last bids are the cards gone from their hands since this seat last bid (the
    hands are public, the bids revealed): the notes keep the hands it saw then."""
    hands = [set(h) for h in state.hands]
    seen = notes.get("hands")
    if seen is not None and len(seen[seat]) == len(hands[seat]):
        seen = notes.get("before")  # the same prize asked again (a server's bot thinks anew)
    else:
        notes["before"], notes["hands"] = seen, hands
    if seen is None or len(seen[seat]) != len(hands[seat]) + 1:  # a new match
        return value(game, state, seat, rng, notes)
    last = [card for other, hand in enumerate(hands) if other != seat
            for card in seen[other] - hand]
    return nearest(state.hands[seat], max(last)) if last else value(game, state, seat, rng, notes)


STRATEGIES = {"value": value, "value-plus-one": value_plus_one, "rank": rank, "copy": copy}
