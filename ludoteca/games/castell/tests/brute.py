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
    found = qualifying(team, ranks, sizes, min_levels, shape, skills, favour)
    return max((value for value, _ in found), default=None)


def search_order(tower: Tower) -> tuple[tuple[int, bool, int, int], ...]:
    """Where the search meets the tower: level by level from the bottom, the biggest smallest
    size first, then a level of one size before a Mix level, the widest first, and the Mix
    level with fewer of its smaller size first; a tower before the same with more levels."""
    return tuple(
        (-level[-1], level[0] != level[-1], -len(level), level.count(level[-1]))
        for level in tower
    )


def brute_best_tower(
    team: Sequence[int],
    ranks: Mapping[str, int],
    sizes: Sequence[int] = (),
    min_levels: int = 1,
    shape: Sequence[int] | None = None,
    skills: Sequence[str] = (),
    favour: Sequence[int] = (),
) -> Tower | None:
    """The tower the search must answer: of the best value, the first it meets (for goals that
    need no Width or Base use, which the search tries one width limit at a time)."""
    found = list(qualifying(team, ranks, sizes, min_levels, shape, skills, favour))
    if not found:
        return None
    best = max(value for value, _ in found)
    return min((t for value, t in found if value == best), key=search_order)


def brute_first_tower(
    team: Sequence[int],
    ranks: Mapping[str, int],
    min_levels: int = 1,
    shape: Sequence[int] | None = None,
    skills: Sequence[str] = (),
) -> Tower | None:
    """The tower `any_tower` must answer: the first legal one the search meets."""
    found = [t for _, t in qualifying(team, ranks, (), min_levels, shape, skills)]
    return min(found, key=search_order, default=None)
