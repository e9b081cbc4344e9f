"""Lookup tables of a board's shape and colours, computed once per layout and colour preset, so
the placement search reads them instead of working them out again after every placement."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ludoteca.games.ligretto import data

# How far a placement search looks from a pawn: two jokers, then the tile's two squares [D-8].
SEARCH_STEPS = 4


@dataclass(frozen=True)
class Geometry:
    neighbours: tuple[tuple[int, ...], ...]  # side-adjacent squares per square
    # per square: (neighbour, colour pair key of the two) for each neighbour, so a tile's key
    # is read, not computed [D-7]
    steps: tuple[tuple[tuple[int, int], ...], ...]
    # colour pair key -> the side-adjacent pairs (a < b) of that key, in square order; a restart
    # looks at these only [D-9]
    pairs_by_key: dict[int, tuple[tuple[int, int], ...]]
    # per square: the squares a placement search from it may look at; a pawn's placements are
    # unchanged while none of these changes
    reach: tuple[frozenset[int], ...]


@cache
def geometry(players: int, colours: int) -> Geometry:
    layout = data.layout(players, colours)
    nb, col = layout.neighbours, layout.colours
    steps = tuple(tuple((b, data.pair_key(col[a], col[b])) for b in nb[a]) for a in range(len(nb)))
    pairs_by_key: dict[int, list[tuple[int, int]]] = {}
    for a in range(len(nb)):
        for b, key in steps[a]:
            if b > a:
                pairs_by_key.setdefault(key, []).append((a, b))
    reach = tuple(_within(nb, cell, SEARCH_STEPS) for cell in range(len(nb)))
    return Geometry(nb, steps, {k: tuple(v) for k, v in pairs_by_key.items()}, reach)


def _within(nb: tuple[tuple[int, ...], ...], start: int, steps: int) -> frozenset[int]:
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [b for a in frontier for b in nb[a] if b not in seen]
        seen.update(frontier)
    return frozenset(seen)


@cache
def tile_keys(colours: int) -> tuple[int, ...]:
    """The colour pair key of each tile number of a preset's tile set [D-4]."""
    return tuple(data.pair_key(a, b) for a, b in data.TILE_SETS[colours])
