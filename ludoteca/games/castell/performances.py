"""Local performances: which towers meet a tile [D-16] [D-22], and the best tower for one."""

from __future__ import annotations

from collections.abc import Sequence

from ludoteca.games.castell.data import EXHIBITION_TILES, SHAPE_TILES
from ludoteca.games.castell.towers import Ranks, Tower, any_tower, check_tower


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
    """A tower from the team meeting the tile, or None; every such tower earns the same."""
    shape, levels, skills = tile_goal(tile)
    if shape is not None:
        return any_tower(team, ranks, shape=shape)
    assert levels is not None
    return any_tower(team, ranks, min_levels=levels, max_levels=levels, skills=skills)
