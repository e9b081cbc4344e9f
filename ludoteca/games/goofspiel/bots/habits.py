"""The other bidder's habits as the strong level's search reads them, beyond the solved tables.

Where no table holds the position (more cards than were solved) the strong level searches, and
an equilibrium-minded search wins little more than half the matches against a plain habit
(bid the prize's value, or one more): it mixes its bids as if the other might read it, and never
punishes a bidder who always bids the same way. So the search plays the other bidder as the bids
seen so far say it plays: the kinds of player it may be (the
plain habits, each allowed a slip, and a player the habits do not explain), weighed Bayes's way
by every bid seen this match, one drawn each iteration. Where a habit is drawn, the other bids
by it through the tree and the playout; elsewhere it is searched by regret matching as usual.
A bidder the habits do not explain soon weighs little in them, and the search is the usual one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.game import PlainStrategy
from ludoteca.engine.rng import Rng
from ludoteca.games.goofspiel.equilibrium import policy, reading
from ludoteca.games.goofspiel.state import GoofspielState

PRIOR_EQUILIBRIUM = 0.5  # the prior weight of a player of the equilibrium; the rest: habits
SLIP = 0.05  # the chance a player of a habit bids otherwise
FLOOR = 1e-3  # a kind of player this unlikely is dropped


class Kind:
    """A kind of player the other may be: its weight, and (for a habit) the notes its player
    keeps over the match (a copier's: the hands it saw last)."""

    def __init__(self, habit: PlainStrategy | None, weight: float,
                 notes: dict[str, Any] | None = None) -> None:
        self.habit, self.weight = habit, weight
        self.notes: dict[str, Any] = notes if notes is not None else {}

    def bids(self, state: GoofspielState, other: int) -> tuple[dict[int, float], Kind]:
        """What this kind bids here, and the kind as it goes on after bidding (its notes)."""
        hand = state.hands[other]
        if self.habit is None:
            solved = policy(state, other)
            return (solved or {c: 1 / len(hand) for c in hand}), self
        notes = dict(self.notes)  # a plain strategy replaces what it notes, never changes it
        chosen = self.habit(None, state, other, Rng(0), notes)
        card = getattr(chosen, "card", None)
        if len(hand) == 1:
            return {hand[0]: 1.0}, Kind(self.habit, self.weight, notes)
        slip = SLIP / (len(hand) - 1)
        return ({c: 1 - SLIP if c == card else slip for c in hand},
                Kind(self.habit, self.weight, notes))


def kinds(habits: Mapping[str, PlainStrategy], seen: list[reading.Seen], seat: int) -> list[Kind]:
    """The kinds of player the other may be, weighed by the bids seen."""
    share = (1 - PRIOR_EQUILIBRIUM) / max(1, len(habits))
    found = [Kind(None, PRIOR_EQUILIBRIUM)] + [Kind(habit, share) for habit in habits.values()]
    for state, bid in seen:
        going_on = []
        for kind in found:
            bids, after = kind.bids(state, 1 - seat)
            after.weight = kind.weight * bids.get(bid, 0.0)
            going_on.append(after)
        found = going_on
    return normalised(found)


def normalised(found: list[Kind]) -> list[Kind]:
    """The kinds still possible, their weights summing to 1."""
    total = sum(k.weight for k in found)
    kept = [k for k in found if total > 0 and k.weight / total >= FLOOR]
    total = sum(k.weight for k in kept)
    return [Kind(k.habit, k.weight / total, k.notes) for k in kept]


def habits_seen(notes: dict[str, Any], state: GoofspielState, seat: int,
                habits: Mapping[str, PlainStrategy]
                ) -> list[tuple[float, PlainStrategy, dict[str, Any]]]:
    """Each habit the other bidder may bid by, with its weight and the notes a bidder of the
    habit keeps, from the bids seen this match (the notes' record, kept by the solved
    strategy's reading); none with more than two players, or before a bid was seen."""
    if len(state.hands) != 2:
        return []
    seen: list[reading.Seen] = notes.get("seen", [])
    if not seen:
        return []
    return [(kind.weight, kind.habit, kind.notes)
            for kind in kinds(habits, seen, seat) if kind.habit is not None]
