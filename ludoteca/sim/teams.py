"""Who a bot plays for: a seat, or in Ciurme a whole crew.

A tournament puts one bot spec on each *team*. In most games a team is one player seat; in Ciurme
it is a crew (all its seats played by the same spec), and the facilitator seat, which is no
player, is always played by the heuristic.
"""

from __future__ import annotations

from typing import Any

from ludoteca.engine.game import Game


def teams(game: Game[Any], state: Any, players: int) -> list[list[int]]:
    """The teams of a fresh state, each a list of player seats, in a fixed order: a game whose
    state has `crews` (each with its `members`) plays by crews, any other by seats."""
    crews = getattr(state, "crews", None)
    if isinstance(crews, list) and crews and all(hasattr(c, "members") for c in crews):
        return [sorted(crew.members) for crew in crews]
    return [[seat] for seat in range(players)]


def team_outcome(
    team_seats: list[list[int]], scores: list[float], ranks: list[int]
) -> tuple[list[float], list[int]]:
    """Each team's score (the mean of its seats') and rank (its best seat's)."""
    team_scores = [sum(scores[s] for s in seats) / len(seats) for seats in team_seats]
    best = [min(ranks[s] for s in seats) for seats in team_seats]
    team_ranks = [1 + sum(1 for other in best if other < mine) for mine in best]
    return team_scores, team_ranks


def win_shares(ranks: list[int]) -> list[float]:
    """Each team's share of the win: when k teams tie for first, each gets 1/k of a win."""
    first = ranks.count(1)
    return [1 / first if rank == 1 else 0.0 for rank in ranks]
