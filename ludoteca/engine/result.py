"""The outcome of a finished game."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """Final scores and ranks, one entry per player seat; `details` holds the game's breakdown
    (categories, objectives...), JSON-ready. Ranks use competition ranking: 1 is best, tied
    players share a rank and the next rank is skipped."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    def rewards(self) -> list[float]:
        """Each player's share of the other players it beat, in [0, 1]; a tie counts half."""
        players = len(self.ranks)
        if players == 1:
            return [1.0]
        return [
            (sum(1 for o in self.ranks if o > r) + 0.5 * (self.ranks.count(r) - 1)) / (players - 1)
            for r in self.ranks
        ]

    def to_json(self) -> dict[str, Any]:
        """The result as JSON data."""
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": self.winners,
            "details": dict(self.details),
        }


def competition_ranks(keys: Sequence[Any]) -> tuple[int, ...]:
    """Ranks from comparable keys, higher key is better; equal keys share a rank ("1224")."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def soft_rewards(standing: Sequence[float], scale: float) -> list[float]:
    """`Result.rewards` for an unfinished game: each player's mean chance of finishing ahead of
    each other player, a logistic of the difference in standing (`scale`: a difference that
    gives about 73%). Games' `evaluate` use it."""
    n = len(standing)
    return [
        sum(
            1 / (1 + math.exp((theirs - mine) / scale))
            for other, theirs in enumerate(standing)
            if other != seat
        )
        / max(1, n - 1)
        for seat, mine in enumerate(standing)
    ]


@dataclass(frozen=True)
class ReportSection:
    """A game's own section of a balance report: a title, where its numbers are in each match's
    `Result.details` (a key path, or a small function for numbers that must be combined), and
    how to plot them:

    - `hist`: every number found there, pooled over matches (a distribution);
    - `bars`: the numbers grouped by key (dict keys, or 1-based list positions), shown as means.

    A section that no match reports is left out of the report (and listed as such)."""

    title: str
    path: tuple[str, ...] = ()
    plot: str = "hist"
    note: str = ""
    # Numbers that a key path cannot reach (joins of two fields): details -> value or None.
    compute: Callable[[Mapping[str, Any]], Any] | None = None

    def value(self, details: Mapping[str, Any]) -> Any:
        """The raw value of one match, or None when the match does not report it."""
        if self.compute is not None:
            try:
                return self.compute(details)
            except (KeyError, IndexError, TypeError, ValueError):
                return None
        value: Any = details
        for key in self.path:
            if not isinstance(value, Mapping) or key not in value:
                return None
            value = value[key]
        return value


@dataclass(frozen=True)
class Measure:
    """A game's own figure that a balance search may aim at, next to its report sections: a
    name typed on the command line (`--objective measure:stuck-share`), what it is, whether a
    designer wants it low or high, and how to read it from one match's `Result.details` (None:
    the match does not report it). A search averages it over the matches of a candidate."""

    name: str
    help: str
    goal: str  # "low" or "high"
    value: Callable[[Mapping[str, Any]], float | None]
