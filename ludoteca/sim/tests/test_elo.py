"""The tournament's ratings from hand-worked examples: who beats whom moves the ratings which
way, and by how much."""

from __future__ import annotations

import math

from ludoteca.sim.stats import elo_ratings
from ludoteca.sim.tournament import standings


def test_three_wins_in_four_rate_the_winner_200_log10_3_above_the_mean() -> None:
    # Worked by hand: with no prior games, Bradley-Terry's fit gives the winner of 3 games in 4
    # a strength three times the loser's (3 = 4 x s / (s + 1) at s = 3); Elo's logistic
    # (expected score 1 / (1 + 10^(-d/400)) = 3/4) puts them 400 log10 3 = 190.8 apart, each
    # half of it from the mean, the winner above.
    pairs = [(0, 1, 1.0)] * 3 + [(1, 0, 1.0)]
    winner, loser = elo_ratings(2, pairs, prior=0.0)
    half = 200 * math.log10(3)
    assert math.isclose(winner, 1500 + half, abs_tol=1e-6)
    assert math.isclose(loser, 1500 - half, abs_tol=1e-6)


def record(lineup: list[int], ranks: list[int]) -> dict[str, object]:
    """A two-seat match's record as the tournament stores it (one seat a team)."""
    return {"lineup": lineup, "teams": [[0], [1]], "scores": [float(-r) for r in ranks],
            "ranks": ranks}


def test_the_bot_that_finishes_first_gains_rating() -> None:
    # Rank 1 is first: bot 0 finishes first in three matches of four, seats swapped each time,
    # so its standing's rating is the winner's of three wins in four (worked above, here with
    # the tournament's prior of one drawn game each) and bot 1's the loser's.
    records = [
        record([0, 1], [1, 2]),
        record([1, 0], [2, 1]),
        record([0, 1], [1, 2]),
        record([1, 0], [1, 2]),
    ]
    table = standings(records, ["first", "second"])
    expected = elo_ratings(2, [(0, 1, 1.0)] * 3 + [(0, 1, 0.0)])
    assert all(math.isclose(s.elo, e, abs_tol=1e-6) for s, e in zip(table, expected, strict=True))
    assert table[0].elo > 1500 > table[1].elo
    assert [s.wins for s in table] == [3.0, 1.0]
