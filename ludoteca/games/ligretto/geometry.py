"""Lookup tables of a board's shape and colours, computed once per layout and colour preset, so
the placement search reads them instead of working them out again after every placement.

Sets of squares are Python ints used as bit sets (bit n = square n): whether a placement's
squares are all free is one `&` with the taken squares.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from ludoteca.games.ligretto import data

# How far a placement search looks from a pawn: two jokers, then the tile's two squares [D-8].
SEARCH_STEPS = 4

# A placement at a pawn: (near square, far square, joker squares), as in a Place.
Path = tuple[int, int, tuple[int, ...]]
# A placement at some pawn: (pawn, near square, far square, joker squares), the fields of a Place.
Candidate = tuple[int, int, int, tuple[int, ...]]
# A placement as a search reads it: the squares it needs free (as bits), its tile's (near,
# far) squares, and the placement.
Step = tuple[int, tuple[int, int], Path]
# Placements of one colour pair from one square, by jokers used (0-2).
Reachable = tuple[list[Step], list[Step], list[Step]]


@dataclass(frozen=True)
class Geometry:
    neighbours: tuple[tuple[int, ...], ...]  # side-adjacent squares per square
    # colour pair key -> the side-adjacent pairs (a < b) of that key with their bit set, in
    # square order; a restart looks at these only [D-9]
    pairs_by_key: dict[int, tuple[tuple[int, int, int], ...]]
    # per square: the bit sets of the free pairs that would keep a pawn there out of a dead
    # end (a neighbour and a neighbour of it, not the square itself) [D-9]
    ways_out: tuple[tuple[int, ...], ...]
    # per square: the squares a placement search from it may look at (as bits); a pawn's
    # placements are unchanged while none of these changes
    reach: tuple[int, ...]
    # per square: the squares within two steps (as bits), all that decides a dead end there
    around: tuple[int, ...]
    steps: tuple[tuple[tuple[int, int], ...], ...]  # per square: (neighbour, colour pair key)
    # per square: (squares as bits, colour pair key, placement) of each tile laid next to a
    # pawn there without jokers, in the search order of the rules
    plain_tiles: tuple[tuple[tuple[int, int, Path], ...], ...]
    _from: dict[int, dict[int, Reachable]] = field(default_factory=dict)
    # (pawn, square) -> `plain_tiles` of that square with the pawn's Place action of each,
    # made on first use by `placement.plain_steps`
    by_pawn: dict[tuple[int, int], Any] = field(default_factory=dict)

    def placements_from(self, start: int) -> dict[int, Reachable]:
        """Colour pair key -> every placement from a pawn standing on `start` on an empty board,
        in the search order of the rules (jokers, near square, far square); built on first
        use."""
        found = self._from.get(start)
        if found is None:
            found = self._from[start] = _placements_from(self, start)
        return found


def geometry(players: int, colours: int) -> Geometry:
    """The tables of the board for a player count and a colour preset [D-1] [D-3]."""
    return _geometry(data.layout_name(players), colours)


@cache
def _geometry(layout_name: str, colours: int) -> Geometry:
    """One per board: 3 and 4 players share theirs."""
    players = 2 if layout_name == data.layout_name(2) else 4
    layout = data.layout(players, colours)
    nb, col = layout.neighbours, layout.colours
    steps = tuple(tuple((b, data.pair_key(col[a], col[b])) for b in nb[a]) for a in range(len(nb)))
    pairs_by_key: dict[int, list[tuple[int, int, int]]] = {}
    for a in range(len(nb)):
        for b, key in steps[a]:
            if b > a:
                pairs_by_key.setdefault(key, []).append((a, b, 1 << a | 1 << b))
    ways_out = tuple(
        tuple(1 << near | 1 << far for near in nb[cell] for far in nb[near] if far != cell)
        for cell in range(len(nb))
    )
    reach = tuple(bits(list(_within(nb, cell, SEARCH_STEPS))) for cell in range(len(nb)))
    around = tuple(bits(list(_within(nb, cell, 2))) for cell in range(len(nb)))
    plain_tiles = tuple(
        tuple((1 << near | 1 << far, key, (near, far, ())) for near in nb[cell]
              for far, key in steps[near] if far != cell)
        for cell in range(len(nb))
    )
    return Geometry(
        nb, {k: tuple(v) for k, v in pairs_by_key.items()}, ways_out, reach, around, steps,
        plain_tiles,
    )


def _within(nb: tuple[tuple[int, ...], ...], start: int, steps: int) -> frozenset[int]:
    seen = {start}
    frontier = [start]
    for _ in range(steps):
        frontier = [b for a in frontier for b in nb[a] if b not in seen]
        seen.update(frontier)
    return frozenset(seen)


def _placements_from(geo: Geometry, start: int) -> dict[int, Reachable]:
    """The tile's near square shares a side with the pawn's ("deve avere sempre almeno un lato
    in comune con la casella su cui si trova la pedina"; a corner does not count). A joker
    covers a square and the pawn steps onto it, so the tile is laid from there; neither the
    tile nor a second joker goes back onto a joker, and the tile does not cover the pawn's own
    square unless a joker moved the pawn off it [D-8]."""
    nb, steps = geo.neighbours, geo.steps
    table: dict[int, Reachable] = {}

    def tiles_from(at: int, jokers: tuple[int, ...]) -> None:
        passed = jokers or (at,)
        used = sum(1 << j for j in jokers)
        level = len(jokers)
        for near in nb[at]:
            if near in passed:
                continue
            with_near = used | 1 << near
            for far, key in steps[near]:
                if far not in passed:
                    found = table.get(key)
                    if found is None:  # (not setdefault: its default would be made every time)
                        found = table[key] = ([], [], [])
                    found[level].append((with_near | 1 << far, (near, far), (near, far, jokers)))

    tiles_from(start, ())
    for j1 in nb[start]:
        tiles_from(j1, (j1,))
        for j2 in nb[j1]:
            tiles_from(j2, (j1, j2))
    return table


@cache
def tile_keys(colours: int) -> tuple[int, ...]:
    """The colour pair key of each tile number of a preset's tile set [D-4]."""
    return tuple(data.pair_key(a, b) for a, b in data.TILE_SETS[colours])


def bits(squares: tuple[int, ...] | list[int]) -> int:
    out = 0
    for square in squares:
        out |= 1 << square
    return out
