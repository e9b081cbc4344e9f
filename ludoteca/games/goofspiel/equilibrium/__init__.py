"""Equilibrium play for two-player Goofspiel with few cards: strategies solved beforehand
(`solve.py`, the command that writes `cards-N.json` here, each with its exploitability), read
at play time.

With two players every bid is revealed once both are in (the hands are public), so what is
left of a match depends only on the two hands, the prizes left (which ones; their order is
chance), the prize turned up and the difference of the scores: matches that reach the same
five share one equilibrium of what is left, however they got there. A table's key is those five
seen by the seat that bids, its own hand first; a difference that no prize left can overturn is
decided, and is not stored (any bid will do). The same key in a table of more cards means the
same position, so the tables of 3, 4 and 5 cards serve every game that reaches one of their
positions. Beside them, `habits-N.json` holds what the strong level plays instead while the
other's bids still fit a plain habit, keyed by the match's history (`habits.py`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.games.goofspiel.state import GoofspielState

SOLVED_CARDS = (3, 4, 5)  # the card counts solved (the tables here)
# A position: the bidder's hand, the other's, the prizes left, the prize turned up, the lead.
Position = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]


def table_name(cards: int) -> str:
    return f"cards-{cards}.json"


def key(mine: Iterable[int], theirs: Iterable[int], prizes: Iterable[int], prize: int,
        lead: int) -> str:
    """A position as a table's key: the bidder's hand, the other's, the prizes left (the one
    turned up among them), the prize turned up and the bidder's lead in points."""
    def cards(c: Iterable[int]) -> str:
        return ",".join(map(str, sorted(c)))
    return f"{cards(mine)}|{cards(theirs)}|{cards(prizes)}|{prize}|{lead}"


def decided(lead: int, prizes: Iterable[int]) -> bool:
    """Whether the prizes left can no longer change who wins (a tie still may be undone)."""
    return abs(lead) > sum(prizes)


KEEP = 1e-3  # a bid played less often than this is left out of a stored table


def compact(hand: tuple[int, ...], row: Any) -> int | dict[str, float]:
    """A position's strategy as stored: the card alone where it is (almost) always bid, else
    each card bid with its probability (those under `KEEP` left out)."""
    kept = {card: p for card, p in zip(hand, row, strict=True) if p >= KEEP}
    if len(kept) == 1:
        return int(next(iter(kept)))
    total = sum(kept.values())
    return {str(card): round(float(p / total), 4) for card, p in kept.items()}


def stored_table(name: str) -> dict[str, Any] | None:
    """A table stored beside this package, by its file's name, or None where there is none."""
    path = resources.files(__package__) / name
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@cache
def read_table(cards: int) -> dict[str, Any] | None:
    """The solved table of that many cards as stored, or None where there is none."""
    return stored_table(table_name(cards))


def policy(state: GoofspielState, seat: int) -> dict[int, float] | None:
    """The solved strategy of `seat` here, card -> probability (its lowest card where the
    match is decided); None where no table holds the position (more than two players, more
    cards than were solved)."""
    if len(state.hands) != 2 or not state.prizes:
        return None
    other = 1 - seat
    lead = state.scores[seat] - state.scores[other]
    if decided(lead, state.prizes):
        return {min(state.hands[seat]): 1.0}  # any bid will do
    return solved_strategy(at(state, seat))


def solved_strategy(position: Position) -> dict[int, float] | None:
    """The solved strategy of an undecided position, None where no table holds it."""
    found = key(*position)
    for cards in SOLVED_CARDS:
        table = read_table(cards)
        if table is not None and found in table["strategy"]:
            return read_strategy(table["strategy"][found])
    return None


def after(position: Position, mine: int, theirs: int) -> tuple[Position, ...] | float:
    """The positions the bids lead to (one per next prize), or the bidder's reward when the
    match ends with them."""
    hand, other, prizes, prize, lead = position
    lead += prize if mine > theirs else -prize if theirs > mine else 0
    left = tuple(p for p in prizes if p != prize)
    if not left:
        return 1.0 if lead > 0 else 0.0 if lead < 0 else 0.5
    hand = tuple(c for c in hand if c != mine)
    other = tuple(c for c in other if c != theirs)
    return tuple((hand, other, left, p, lead) for p in left)


def at(state: GoofspielState, seat: int) -> Position:
    """The position `seat` bids in."""
    other = 1 - seat
    return (tuple(sorted(state.hands[seat])), tuple(sorted(state.hands[other])),
            tuple(sorted(state.prizes)), state.prizes[0],
            state.scores[seat] - state.scores[other])


def value(position: Position) -> float | None:
    """The bidder's chance of winning (ties half) with both playing the solved strategies;
    None where no table holds the position."""
    hand, other, prizes, prize, lead = position
    if decided(lead, prizes):
        return 1.0 if lead > 0 else 0.0
    if len(hand) == 1:
        return worth(position, hand[0], other[0])
    for cards in SOLVED_CARDS:
        table = read_table(cards)
        found = None if table is None else table["value"].get(key(*position))
        if found is not None:
            return float(found)
    return None


def worth(position: Position, mine: int, theirs: int) -> float | None:
    """The bidder's value after these bids, the next prize still to draw."""
    follow = after(position, mine, theirs)
    if isinstance(follow, float):
        return follow
    values = [value(p) for p in follow]
    return None if None in values else sum(values) / len(values)  # type: ignore[arg-type]


def read_strategy(stored: int | dict[str, float]) -> dict[int, float]:
    """A stored strategy as card -> probability: a card alone is always bid."""
    if isinstance(stored, int):
        return {stored: 1.0}
    return {int(card): p for card, p in stored.items()}
