"""The researcher's training example learns: its win rate against the heuristic rises."""

from __future__ import annotations

from ludoteca.rl.examples.linear_policy import train


def test_the_linear_policy_wins_more_after_training() -> None:
    curve = train(episodes=2000, every=1000, evaluation=200, seed=0)
    assert [point.episodes for point in curve] == [0, 1000, 2000]
    assert curve[-1].win_rate >= curve[0].win_rate + 0.05
    assert all(point.matches == 200 for point in curve)
