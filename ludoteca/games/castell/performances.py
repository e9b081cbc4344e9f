"""Local performances: which towers meet a tile [D-16] [D-22], and the best tower for one."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from ludoteca.games.castell.data import EXHIBITION_TILES, SHAPE_TILES, SKILLS
from ludoteca.games.castell.towers import (
    Ranks,
    Tower,
    check_tower,
    first_tower,
    normalize_skills,
    team_counts,
)

# Answers kept: a few games' worth of teams, bounded so that long studies do not grow.
TILE_CACHE_SIZE = 8192


def tile_goal(tile: int) -> tuple[tuple[int, ...] | None, int | None, tuple[str, ...]]:
    """(shape, exact levels, skills) a tower must meet for the tile."""
    if tile < len(SHAPE_TILES):
        return SHAPE_TILES[tile][0], None, ()
    levels, skills = EXHIBITION_TILES[tile - len(SHAPE_TILES)]
    return None, levels, skills


def tile_skills(tile: int) -> tuple[str, ...]:
    """The skills a tile asks a tower to use (none for a tower shape)."""
    return tile_goal(tile)[2]


def tile_problem(tile: int, tower: Tower, ranks: Ranks) -> str | None:
    """Why the (well-formed) tower does not meet the tile, or None if it does. A tower shape
    wants exactly its widths; a skill exhibition exactly its levels and, in one legal
    assignment, every skill shown [D-22]."""
    shape, levels, skills = tile_goal(tile)
    if shape is not None:
        widths = tuple(len(level) for level in tower)
        if widths != shape:
            return (f"this tile wants the shape {'-'.join(map(str, shape))}, "
                    f"your tower is {'-'.join(map(str, widths))}")
    elif len(tower) != levels:
        return f"this tile wants exactly {levels} levels, your tower has {len(tower)}"
    check = check_tower(tower, ranks, skills)
    if not check.legal:
        return f"the tower does not work: {check.reason}"
    return None


def tower_for_tile(team: Sequence[int], ranks: Ranks, tile: int) -> Tower | None:
    """A tower from the team meeting the tile, or None; every such tower earns the same.
    Cached on all it depends on, the team's castellers, the ranks and the tile: a team changes
    a few times a game, and the menu asks at every step."""
    return _tower_for_tile(tuple(team), tuple(ranks.get(skill, 0) for skill in SKILLS), tile)


@lru_cache(maxsize=TILE_CACHE_SIZE)
def _tower_for_tile(team: tuple[int, ...], ranks: tuple[int, ...], tile: int) -> Tower | None:
    shape, levels, skills = search_goal(tile)
    min_levels = 1 if levels is None else levels
    return first_tower(team_counts(team), ranks, min_levels, shape, skills, levels)


@cache
def search_goal(tile: int) -> tuple[tuple[int, ...] | None, int | None, tuple[str, ...]]:
    """The tile's goal as the tower search takes it: (shape, exact levels, sorted skills)."""
    shape, levels, skills = tile_goal(tile)
    return shape, levels, tuple(sorted(normalize_skills(skills)))
