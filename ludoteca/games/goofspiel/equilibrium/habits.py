"""The strong level's play while the other's bids still fit a habit or a sampled bot: a
restricted Nash response, read from `habits-N.json` (written by `solve.py --habits`, see
`restricted.py`).

Its key is the match's whole public history (each prize with both bids, then the prize turned
up), seen from the seat that bids: while the other's every bid is one a plain strategy or a
sampled bot (`kinds.py`) may have made, what the history says about its kind is more than the
position (the hands, the prizes left, the lead) keeps. Once a bid fits no kind, the other is
known to play freely and what is left of the match is the plain game, whose solved table
(`cards-N.json`) is exact there: such histories are not stored. Nor are those the strategy
itself never reaches, nor those where the response is the table's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ludoteca.games.goofspiel.equilibrium import stored_table

# One prize of a match: the prize, the bidder's bid, the other's.
Round = tuple[int, int, int]


def table_name(cards: int) -> str:
    return f"habits-{cards}.json"


def history_key(rounds: Sequence[Round], prize: int) -> str:
    """The public history as a table's key: `prize:mine:theirs` of each prize played, then the
    prize turned up, all joined by `|`."""
    return "|".join([*(f"{p}:{mine}:{theirs}" for p, mine, theirs in rounds), str(prize)])


@cache
def read_table(cards: int) -> dict[str, Any] | None:
    """The restricted response of a match of that many cards as stored, or None."""
    return stored_table(table_name(cards))


def response(cards: int, rounds: Sequence[Round], prize: int) -> dict[int, float] | None:
    """The stored strategy after this history of a match of `cards` cards (card ->
    probability), None where the table holds none (no table, a bid that fits no habit)."""
    table = read_table(cards)
    if table is None:
        return None
    stored = table["strategy"].get(history_key(rounds, prize))
    if stored is None:
        return None
    if isinstance(stored, int):
        return {stored: 1.0}
    return {int(card): p for card, p in stored.items()}
