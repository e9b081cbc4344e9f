"""best_tower is exact: compared with brute force on small teams; every tile is achievable."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.games.castell.data import (
    EXHIBITION_TILES,
    LOCAL_TILE_IDS,
    SHAPE_TILES,
    SKILLS,
    local_tile_points,
)
from ludoteca.games.castell.performances import tile_problem, tower_for_tile
from ludoteca.games.castell.tests.brute import brute_best, brute_first_tower
from ludoteca.games.castell.towers import (
    any_tower,
    best_tower,
    check_tower,
    tower_fits_team,
    tower_score,
)

small_sizes = st.one_of(st.integers(1, 4), st.integers(1, 10))


@settings(max_examples=150, deadline=None)
@given(
    team=st.lists(small_sizes, min_size=1, max_size=6),
    ranks=st.fixed_dictionaries({s: st.integers(0, 3) for s in SKILLS}),
    sizes=st.lists(st.integers(1, 6), max_size=2, unique=True),
    min_levels=st.integers(1, 3),
    skills=st.lists(st.sampled_from(SKILLS), max_size=2, unique=True),
    shape=st.one_of(st.none(), st.lists(st.integers(1, 4), min_size=1, max_size=3)),
    favour=st.lists(st.integers(1, 6), max_size=1),
)
def test_best_tower_matches_brute_force(
    team: list[int],
    ranks: dict[str, int],
    sizes: list[int],
    min_levels: int,
    skills: list[str],
    shape: list[int] | None,
    favour: list[int],
) -> None:
    tower = best_tower(team, ranks, sizes, min_levels, shape, skills, favour=favour)
    brute = brute_best(team, ranks, sizes, min_levels, shape, skills, favour)
    expected, expected_tower = (None, None) if brute is None else brute
    if not sizes:  # any_tower finds a tower exactly when one exists
        found = any_tower(team, ranks, min_levels, shape, skills)
        assert (found is None) == (expected is None)
        assert found is None or check_tower(found, ranks, skills).legal
    if tower is None:
        assert expected is None
        return
    assert check_tower(tower, ranks, skills).legal
    assert tower_fits_team(tower, team)
    assert len(tower) >= min_levels
    assert shape is None or [len(level) for level in tower] == shape
    assert all(any(s in level for level in tower) for s in sizes)
    matches = sum(1 for level in tower for s in level if s in sizes)
    favoured = sum(1 for level in tower for s in level if s in favour)
    assert (tower_score(tower, sizes), favoured, matches) == expected
    if "width" not in skills and "base" not in skills:
        # One width limit: of the best towers, the search answers the first it meets, which
        # its bounds and floors must never skip; any_tower the first legal one.
        assert tower == expected_tower
        if not sizes:
            assert found == brute_first_tower(team, ranks, (), min_levels, shape, skills)


@pytest.mark.parametrize("tile", LOCAL_TILE_IDS)
def test_every_local_tile_is_achievable_with_ranks_up_to_3(tile: int) -> None:
    # [D-16] "Every tile must be achievable with ranks <= 3".
    team = [s for s in range(1, 11) for _ in range(6)]
    ranks = dict.fromkeys(SKILLS, 3)
    tower = tower_for_tile(team, ranks, tile)
    assert tower is not None
    assert tile_problem(tile, tower, ranks) is None


def test_best_tower_respects_festival_requirements() -> None:
    team = [9, 9, 8, 7, 7, 5, 3, 3, 3, 2]
    ranks = dict.fromkeys(SKILLS, 1)
    tower = best_tower(team, ranks, sizes=(3,), min_levels=4)
    assert tower is not None and len(tower) >= 4
    assert sum(level.count(3) for level in tower) == 3


def test_best_tower_none_when_impossible() -> None:
    assert best_tower([5, 4, 3], dict.fromkeys(SKILLS, 0), min_levels=4) is None
    assert best_tower([5, 4, 3, 2], dict.fromkeys(SKILLS, 0), sizes=(7,)) is None


@pytest.mark.parametrize("shape,points", SHAPE_TILES)
def test_d16_shape_points_are_levels_plus_fewest_uses_minus_one(
    shape: tuple[int, ...], points: int
) -> None:
    # [D-16] "points = levels + fewest skill uses the shape needs - 1": one size per level,
    # each smaller than the one below, so only Balance, Width and Base can be needed.
    tower = [[10 - number] * width for number, width in enumerate(shape)]
    check = check_tower(tower, dict.fromkeys(SKILLS, 3))
    assert check.legal
    assert points == len(shape) + sum(check.uses.values()) - 1


@pytest.mark.parametrize("levels,skills", EXHIBITION_TILES)
def test_d16_exhibition_points_are_its_levels(levels: int, skills: tuple[str, ...]) -> None:
    tile = LOCAL_TILE_IDS[len(SHAPE_TILES) + EXHIBITION_TILES.index((levels, skills))]
    assert local_tile_points(tile) == levels
