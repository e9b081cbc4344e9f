"""Goofspiel as numbers for learning agents: what a seat sees, and one index per card to bid.

Observation (n = the `cards` option; seats in the order the seat sees them: itself first, then
the others in seat order after it):

| segment | size | meaning |
|---|---|---|
| `hands` | n per seat | the cards each seat still holds (1: held), card c at c - 1 |
| `prize` | n | the prize turned up, one-hot (all 0 once the prizes are gone) |
| `prizes_left` | 1 | prizes still in the deck, over n |
| `bid_placed` | 1 per seat | who has bid for this prize |
| `my_bid` | n | the card this seat has bid, one-hot |
| `scores` | 1 per seat | prize points, over n(n+1)/2 (all the prizes) + the head start |

Actions: index c - 1 bids the card c.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.actions import Action
from ludoteca.engine.learning import LearningSpec, many_hot, one_hot, scaled, seat_order, spec_of
from ludoteca.games.goofspiel.actions import Bid
from ludoteca.games.goofspiel.options import GoofspielOptions


def learning_spec(players: int, options: GoofspielOptions) -> LearningSpec:
    n = options.cards
    return spec_of(
        players,
        options,
        [
            ("hands", n * players, "cards held, per seat from this one"),
            ("prize", n, "the prize turned up, one-hot"),
            ("prizes_left", 1, "prizes left in the deck / cards"),
            ("bid_placed", players, "has bid for this prize, per seat from this one"),
            ("my_bid", n, "this seat's bid, one-hot"),
            ("scores", players, "prize points / (all the prizes' points + the head start), "
             "per seat from this one"),
        ],
        [("bid", n, "bid the card index + 1")],
        seat_decisions=n,  # one bid per prize
    )


def observe(view: Mapping[str, Any], seat: int, spec: LearningSpec) -> list[float]:
    n = spec.options.cards
    order = seat_order(seat, spec.players)
    all_points = n * (n + 1) // 2 + spec.options.variant.head_start  # the most a seat can hold
    return spec.pack(
        {
            "hands": [x for s in order for x in many_hot((c - 1 for c in view["hands"][s]), n)],
            "prize": one_hot(None if view["prize"] is None else view["prize"] - 1, n),
            "prizes_left": [scaled(view["prizes_left"], n)],
            "bid_placed": [float(view["bid_placed"][s]) for s in order],
            "my_bid": one_hot(None if view["my_bid"] is None else view["my_bid"] - 1, n),
            "scores": [scaled(view["scores"][s], all_points) for s in order],
        }
    )


def action_index(view: Mapping[str, Any], seat: int, action: Action, spec: LearningSpec) -> int:
    assert isinstance(action, Bid)
    return action.card - 1
