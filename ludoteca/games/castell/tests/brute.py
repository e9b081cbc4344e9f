"""Brute force over every tower of a small team, to prove the tower search exact."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from itertools import product
from typing import Any

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


def qualifying(
    team: Sequence[int],
    ranks: Mapping[str, int],
    sizes: Sequence[int] = (),
    min_levels: int = 1,
    shape: Sequence[int] | None = None,
    skills: Sequence[str] = (),
    favour: Sequence[int] = (),
) -> Iterator[tuple[tuple[int, int, int], Tower]]:
    """Every legal tower meeting the goal, with its (festival score, castellers of a favoured
    size, matching castellers)."""
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
        yield (tower_score(tower, sizes), favoured, matches), tower


def search_order(tower: Tower) -> tuple[tuple[int, bool, int, int], ...]:
    """Where the search meets the tower: level by level from the bottom, the biggest smallest
    size first, then a level of one size before a Mix level, the widest first, and the Mix
    level with fewer of its smaller size first; a tower before the same with more levels."""
    return tuple(
        (-level[-1], level[0] != level[-1], -len(level), level.count(level[-1]))
        for level in tower
    )


def brute_best(*goal: Any) -> tuple[tuple[int, int, int], Tower] | None:
    """The best (festival score, castellers of a favoured size, matching castellers) over every
    legal tower, and the tower the search must answer: of that value, the first it meets (for
    goals that need no Width or Base use, which the search tries one width limit at a time);
    None if no tower meets the goal."""
    found = list(qualifying(*goal))
    if not found:
        return None
    best = max(value for value, _ in found)
    return best, min((t for value, t in found if value == best), key=search_order)


def brute_first_tower(*goal: Any) -> Tower | None:
    """The tower `any_tower` must answer: the first legal one the search meets."""
    found = [t for _, t in qualifying(*goal)]
    return min(found, key=search_order, default=None)
