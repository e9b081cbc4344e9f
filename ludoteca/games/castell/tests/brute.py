"""Brute force over every tower of a small team, to prove the tower search exact."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import product

from ludoteca.games.castell.towers import Tower, check_tower, tower_score


def sub_multisets(counts: Counter[int]) -> Iterator[tuple[int, ...]]:
    sizes = sorted(counts)
    for picks in product(*(range(counts[s] + 1) for s in sizes)):
        level = tuple(s for s, n in zip(sizes, picks, strict=True) for _ in range(n))
        if level:
            yield tuple(sorted(level, reverse=True))


def all_towers(team: Sequence[int]) -> Iterator[Tower]:
    """Every sequence of disjoint non-empty levels of the team (bottom first)."""

    def grow(left: Counter[int], built: Tower) -> Iterator[Tower]:
        if built:
            yield built
        for level in sub_multisets(left):
            rest = left.copy()
            rest.subtract(level)
            yield from grow(+rest, (*built, level))

    yield from grow(Counter(team), ())


def brute_best(
    team: Sequence[int],
    ranks: Mapping[str, int],
    sizes: Sequence[int] = (),
    min_levels: int = 1,
    shape: Sequence[int] | None = None,
    skills: Sequence[str] = (),
    favour: Sequence[int] = (),
) -> tuple[int, int, int] | None:
    """The best (festival score, castellers of a favoured size, matching castellers) over every
    legal tower, or None."""
    best = None
    for tower in all_towers(team):
        if len(tower) < min_levels:
            continue
        if shape is not None and [len(level) for level in tower] != list(shape):
            continue
        flat = [s for level in tower for s in level]
        if any(s not in flat for s in sizes):
            continue
        if not check_tower(tower, ranks, skills).legal:
            continue
        matches = sum(1 for s in flat if s in set(sizes))
        favoured = sum(1 for s in flat if s in set(favour))
        value = (tower_score(tower, sizes), favoured, matches)
        if best is None or value > best:
            best = value
    return best
