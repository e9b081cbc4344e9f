"""The other bidder's habits as the strong level's search reads them, beyond the solved tables.

Where no table holds the position (more cards than were solved) the strong level searches, and
an equilibrium-minded search wins little more than half the matches against a plain habit
(bid the prize's value, or one more): it mixes its bids as if the other might read it, and never
punishes a bidder who always bids the same way. So the search plays the other bidder as the bids
seen so far say it plays: the kinds of player of the tables' reading (`equilibrium.reading`: the
plain habits, each allowed a slip, and a player the habits do not explain), weighed Bayes's way
by every bid seen this match, one drawn each iteration. Where a habit is drawn, the other bids
by it through the tree and the playout; elsewhere it is searched by regret matching as usual.
A bidder the habits do not explain soon weighs little in them, and the search is the usual one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ludoteca.engine.game import PlainStrategy
from ludoteca.games.goofspiel.equilibrium import reading
from ludoteca.games.goofspiel.state import GoofspielState


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
            for kind in reading.kinds(habits, seen, seat) if kind.habit is not None]
