"""Teams' outcomes: a tournament puts one bot spec on each team of `Game.teams` (one player
seat, or several seats playing as one side); a seat beyond the players (a facilitator role) is
always played by the heuristic.
"""

from __future__ import annotations


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
