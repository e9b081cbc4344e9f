"""Chance one draw at a time: how a game shows its random draws to exact solvers.

A match's randomness is the state's own seeded generator (`ludoteca.engine.rng`): the set-up
shuffles, the rules draw. That is what a server, a replay and the batch runner need, and the
learning adapters model it as one deal (the seed) followed by the game's own draws. Exact
solvers (OpenSpiel's CFR, best responses, exploitability) need more: every draw the seats see
as a chance node of its own, with its outcomes and their probabilities, so that a small game's
tree is small (a 3-card Goofspiel has 6 orders of its prizes, not 2**32 seeds).

A game whose draws can be told one at a time offers a `ChanceModel` (`Game.chance`, its
`chance.py` module):

- `bounds(players, options)`: the most outcomes one draw has and the most draws a match makes;
- `draw(state)`: the draw whose outcome the seats see next, or None; its `key` tells one draw
  from the next (the same key: the same draw, already settled or not);
- `settle(state, draw, outcome)`: make `outcome` that draw's result, in place, leaving a state
  the seeded rules could have dealt.

Between the draws a match is then a function of the outcomes settled and the seats' actions:
whatever the set-up's seed put where the draws were not yet made decides nothing any seat sees
or the rules read. The engine itself never calls these hooks: a seeded match, its saved record
and the fingerprints are what they were.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class ChanceBounds:
    """How large a game's chance is at one table: `outcomes`, the most outcomes one draw has
    (they are numbered from 0), and `draws`, the most draws one match makes."""

    outcomes: int
    draws: int


@dataclass(frozen=True)
class Draw:
    """A draw the seats are about to see: `key` names it; `outcomes` are (number, probability)
    pairs, the probabilities summing to 1; `labels` say each outcome in words, in the same
    order."""

    key: Hashable
    outcomes: tuple[tuple[int, float], ...]
    labels: tuple[str, ...]

    def label(self, outcome: int) -> str:
        """`outcome` in words (a ValueError for a number that is not one of the outcomes)."""
        for (number, _), label in zip(self.outcomes, self.labels, strict=True):
            if number == outcome:
                return label
        allowed = ", ".join(str(number) for number, _ in self.outcomes)
        raise ValueError(f"{outcome} is not an outcome of this draw; its outcomes: {allowed}")


class ChanceModel(Protocol):
    """A game's chance, one draw at a time (see the module's documentation)."""

    def bounds(self, players: int, options: Any) -> ChanceBounds:
        """The most draws a match makes and the most outcomes a draw has."""

    def draw(self, state: Any) -> Draw | None:
        """The draw the state waits for, or None when no chance is pending."""

    def settle(self, state: Any, draw: Draw, outcome: int) -> None:
        """Settles the pending draw with the given outcome, in place."""
