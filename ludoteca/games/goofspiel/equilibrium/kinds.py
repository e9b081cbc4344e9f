"""The other bidder's stochastic kinds: bots whose bid is drawn, read as bid distributions of
the Markov position, so the restricted response (`restricted.py`) can meet them beside the
plain habits.

The normal level (`heuristic`: the rank bid, now and then a card off) and the strong search the
levels played before (`OLD`, the bots bench's `OLD_STRONG`) look at nothing but the position:
the two hands, the prizes left, the prize turned up and the lead (the search reads the scores
only to know who wins). So each is a distribution of bids per position, estimated once by
asking the real bot `samples` times with as many seeds, and stored as counts beside the tables
(`kinds-N.json`, written by `python bench/goofspiel_kinds.py`: running the bots is the bench's
business, a game imports none): every position a match of that many cards reaches with a
choice left, seen by the kind, its own hand first (the tables' key). A bid seen in fewer than
`FLOOR` of the samples is left out of what the solver meets (the rest scaled up): such a bid
takes the match out of the kinds' tree, to the solved table, which a test bounds. Nothing here
runs at play time: the strong level reads only the response.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ludoteca.games.goofspiel.equilibrium import Position, decided, key, stored_table

OLD = "mcts:iterations=8:rollout=heuristic:horizon=10:bias=2:rivals=search"
# The kinds met, by name: the bot spec sampled and how many samples a position.
KINDS = {"heuristic": ("heuristic", 128), "old": (OLD, 32)}
FLOOR = 0.05  # a bid drawn less often than this is left out of the kind's distribution


def table_name(cards: int) -> str:
    return f"kinds-{cards}.json"


@cache
def read_table(cards: int) -> dict[str, Any] | None:
    return stored_table(table_name(cards))


def bids(cards: int, name: str, position: Position) -> dict[int, float]:
    """The kind's bid distribution at the position (seen by it, its hand first), the bids
    under `FLOOR` left out; its one card where one is left, its lowest where the match is
    decided (not sampled: any bid will do)."""
    hand = position[0]
    if len(hand) == 1 or decided(position[4], position[2]):
        return {hand[0]: 1.0}
    table = read_table(cards)
    if table is None:
        raise ValueError(f"no sampled kinds for {cards} cards: write them first "
                         "(python bench/goofspiel_kinds.py)")
    counts = table["kinds"][name]["counts"][key(*position)]
    total = sum(counts)
    kept = {card: n / total for card, n in zip(hand, counts, strict=True) if n / total >= FLOOR}
    scale = sum(kept.values())
    return {card: p / scale for card, p in kept.items()}
