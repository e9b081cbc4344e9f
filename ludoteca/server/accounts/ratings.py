"""A rating per game, Elo as Board Game Arena counts it for several players: a match of n
players is n - 1 two-player games for each of them, one against each other player, won by
whoever placed better (a shared place is a draw). Each duel moves a rating by K times the
score minus the expected score; K is shared among a match's duels, so a match moves a rating
as much as one two-player game at most.

Counted: finished matches of people only (no bot seat) on a deal nobody chose (a match with a
chosen seed is `rated: false`). Everybody starts at START; a guest (no account) counts at
START in each match and keeps no rating.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

START = 1500.0
K = 32.0
METHOD = (
    "Elo as Board Game Arena counts it for several players: a match of n players is n - 1 "
    "duels for each, one against each other player, won by whoever placed better (a shared "
    "place is a draw); each duel moves the rating by 32/(n - 1) times the score minus the "
    "score expected from the two ratings. Everybody starts at 1500; a guest counts as 1500. "
    "Matches with a bot seat or a chosen seed are not counted."
)


def expected(rating: float, opponent: float) -> float:
    """The share of a duel `rating` is expected to win against `opponent`."""
    return 1.0 / (1.0 + float(10.0 ** ((opponent - rating) / 400.0)))


def duel_score(rank: int, other: int) -> float:
    """Ranks: 1 is best."""
    return 1.0 if rank < other else 0.5 if rank == other else 0.0


def changes(ratings: Sequence[float], ranks: Sequence[int]) -> list[float]:
    """Each player's change of rating after one match (players in seat order)."""
    players = len(ratings)
    if players < 2:
        return [0.0] * players
    share = K / (players - 1)
    return [
        share * sum(duel_score(ranks[me], ranks[other])
                    - expected(ratings[me], ratings[other])
                    for other in range(players) if other != me)
        for me in range(players)
    ]


@dataclass(frozen=True)
class Placed:
    """A finished rated match: who sat at each seat (None: a guest) and each seat's rank."""

    game: str
    people: Sequence[Hashable | None]
    ranks: Sequence[int]


@dataclass
class Rating:
    rating: float = START
    matches: int = 0


def ratings(matches: Iterable[Placed]) -> dict[str, dict[Hashable, Rating]]:
    """Every person's rating in every game, the matches taken in the order given (the order
    they finished)."""
    table: dict[str, dict[Hashable, Rating]] = {}
    for match in matches:
        book = table.setdefault(match.game, {})
        now = [book[p].rating if p is not None and p in book else START
               for p in match.people]
        for person, change in zip(match.people, changes(now, match.ranks), strict=True):
            if person is not None:
                held = book.setdefault(person, Rating())
                held.rating += change
                held.matches += 1
    return table


def level_against(person: float, levels: Mapping[str, float]) -> list[tuple[str, float, float]]:
    """The bot levels' ladder read against a rating: each level, its Elo, and the share of
    duels the person is expected to win against it."""
    return [(name, elo, expected(person, elo))
            for name, elo in sorted(levels.items(), key=lambda item: item[1])]
