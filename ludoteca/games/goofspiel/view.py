"""What each seat sees of a game of Goofspiel: everything but the prize deck's order and the
other players' bids of this prize."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.state import GoofspielState


def seat_view(state: GoofspielState, seat: int | None) -> dict[str, Any]:
    return {
        "hands": [list(h) for h in state.hands],
        "prize": state.prizes[0] if state.prizes else None,
        "prizes_left": len(state.prizes),
        "bid_placed": [b is not None for b in state.bids],
        "my_bid": state.bids[seat] if seat is not None else None,
        "scores": list(state.scores),
    }


def search_key(state: GoofspielState, seat: int) -> Hashable:
    """What the seat has seen that its search tells apart: the prize turned up, the hands (the
    bids revealed so far) and the scores; the other players' sealed bids are left out."""
    prize = state.prizes[0] if state.prizes else None
    return prize, tuple(map(tuple, state.hands)), tuple(state.scores), state.bids[seat]


def hidden(state: GoofspielState, seat: int | None) -> Any:
    others = [b for s, b in enumerate(state.bids) if s != seat]
    return {"deck": state.prizes[1:], "bids": others}


def determinize(state: GoofspielState, seat: int | None, rng: Rng) -> GoofspielState:
    """The deck under the face-up prize reshuffled; other seats' bids redrawn from their
    hands."""
    copy = state.clone()
    rest = copy.prizes[1:]
    rng.shuffle(rest)
    copy.prizes[1:] = rest
    for other, bid in enumerate(copy.bids):
        if other != seat and bid is not None:
            copy.bids[other] = rng.choice(copy.hands[other])
    return copy
