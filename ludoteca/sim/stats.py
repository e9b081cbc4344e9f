"""The statistics of tournaments and balance studies: Wilson intervals and Elo ratings."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default); (0, 1) with no games.

    Shared wins arrive as fractions; the interval treats them as their expected count."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def elo_ratings(
    bots: int, pairs: Sequence[tuple[int, int, float]], mean: float = 1500.0, prior: float = 1.0
) -> list[float]:
    """Elo ratings that best explain the pairwise results (Bradley-Terry, fitted by the MM
    algorithm), so they do not depend on the order games were played in.

    `pairs` holds (bot a, bot b, score of a: 1 win, 0.5 tie, 0 loss). Every bot also gets `prior`
    drawn games against an average opponent, so a bot that won everything has a finite rating.
    The ratings average `mean`.
    """
    wins = [prior / 2] * bots
    games: dict[tuple[int, int], float] = {}
    for a, b, score in pairs:
        if a == b:
            continue
        wins[a] += score
        wins[b] += 1 - score
        key = (min(a, b), max(a, b))
        games[key] = games.get(key, 0.0) + 1
    strength = [1.0] * bots
    for _ in range(500):
        new = []
        for i in range(bots):
            denominator = prior / (strength[i] + 1.0)  # the average opponent has strength 1
            for (a, b), n in games.items():
                if i in (a, b):
                    denominator += n / (strength[a] + strength[b])
            new.append(wins[i] / denominator)
        geometric = math.exp(sum(math.log(s) for s in new) / bots)
        new = [s / geometric for s in new]
        done = max(abs(x - y) for x, y in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    return [mean + 400 * math.log10(s) for s in strength]
