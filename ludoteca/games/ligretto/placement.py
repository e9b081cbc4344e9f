"""Where tiles fit: placements at the pawns (with 0, 1 or 2 jokers), free pairs anywhere for
restarts, dead ends, and the exact "nobody can place any more" test [D-10].

Everything here is derived from the board and the pawns, so it is computed once per board
change and kept in `state.cache` (a `Fits`), shared by the rules, the views and the bots.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ludoteca.games.ligretto import data
from ludoteca.games.ligretto.state import FREE, NO_TILE, LigrettoState

# A placement at a pawn: (joker squares, near square, far square).
Path = tuple[tuple[int, ...], int, int]


@dataclass
class Fits:
    """Where a tile of each colour pair (data.pair_key) can go on the current board."""

    at_pawn: list[list[dict[int, list[Path]]]]  # [pawn][jokers used] -> pair key -> paths
    stuck: list[bool]  # per pawn: in a dead end [D-9]
    # a snapshot of the board (clones share this object, so it must not see later changes)
    players: int
    colours: int
    cover: tuple[int, ...]
    pawns: tuple[int, ...]
    _anywhere: dict[int, list[tuple[int, int]]] | None = None

    @property
    def anywhere(self) -> dict[int, list[tuple[int, int]]]:
        """Pair key -> free side-adjacent pairs (a < b) anywhere on the board (restarts);
        found on first use, as most boards never need it."""
        if self._anywhere is None:
            cover, pawns = self.cover, set(self.pawns)
            found: dict[int, list[tuple[int, int]]] = {}
            for a, b, key in keyed_edges(self.players, self.colours):
                if cover[a] == FREE and cover[b] == FREE and a not in pawns and b not in pawns:
                    found.setdefault(key, []).append((a, b))
            self._anywhere = found
        return self._anywhere

    def pawn_keys(self, pawn: int, jokers: int) -> set[int]:
        keys: set[int] = set()
        for depth in range(jokers + 1):
            keys.update(self.at_pawn[pawn][depth])
        return keys


def fits(state: LigrettoState) -> Fits:
    """The placements of the current board (cached until the board or a pawn changes)."""
    if state.cache is None:
        state.cache = _compute(state)
    result: Fits = state.cache
    return result


def _compute(state: LigrettoState) -> Fits:
    layout = state.layout
    nb, col, cover = layout.neighbours, layout.colours, state.cover
    pawn_cells = set(state.pawns)
    at_pawn = []
    for start in state.pawns:
        others = pawn_cells - {start}  # pawns never share a square
        at_pawn.append(_paths_from(start, nb, col, cover, others))
    stuck = [is_dead_end(state, cell) for cell in state.pawns]
    return Fits(
        at_pawn, stuck, len(state.players), state.colours, tuple(cover), tuple(state.pawns)
    )


@cache
def keyed_edges(players: int, colours: int) -> tuple[tuple[int, int, int], ...]:
    """Every side-adjacent pair of squares (a < b) of a board, with its colour pair key."""
    layout = data.layout(players, colours)
    col = layout.colours
    return tuple(
        (a, b, data.pair_key(col[a], col[b]))
        for a in range(len(col)) for b in layout.neighbours[a] if b > a
    )


def _paths_from(
    start: int,
    nb: tuple[tuple[int, ...], ...],
    col: tuple[int, ...],
    cover: list[int],
    others: set[int],
) -> list[dict[int, list[Path]]]:
    """Placements for the pawn on `start`. A joker covers a square and the pawn steps onto it,
    so the squares behind it are judged from there (its old square is free again if no tile
    lies under it) [D-8]."""
    by_depth: list[dict[int, list[Path]]] = [{}, {}, {}]

    def tiles_from(at: int, taken: tuple[int, ...], out: dict[int, list[Path]]) -> None:
        for near in nb[at]:
            if cover[near] != FREE or near in others or near == at or near in taken:
                continue
            cn = col[near]
            for far in nb[near]:
                if cover[far] != FREE or far in others or far == at or far in taken:
                    continue
                cf = col[far]
                key = cn * 8 + cf if cn < cf else cf * 8 + cn  # data.pair_key, inlined
                out.setdefault(key, []).append((taken, near, far))

    tiles_from(start, (), by_depth[0])
    for j1 in nb[start]:
        if cover[j1] != FREE or j1 in others:
            continue
        tiles_from(j1, (j1,), by_depth[1])
        for j2 in nb[j1]:
            if cover[j2] != FREE or j2 in others or j2 == j1:
                continue
            tiles_from(j2, (j1, j2), by_depth[2])
    return by_depth


def is_dead_end(state: LigrettoState, cell: int, extra: frozenset[int] = frozenset()) -> bool:
    """No two free side-adjacent squares touch `cell` [D-9]; `extra` squares count as taken."""
    nb, cover, pawns = state.layout.neighbours, state.cover, state.pawns
    for near in nb[cell]:
        if cover[near] != FREE or near in pawns or near in extra:
            continue
        for far in nb[near]:
            if far != cell and cover[far] == FREE and far not in pawns and far not in extra:
                return False
    return True


def holding_keys(state: LigrettoState, seat: int) -> set[int]:
    """The colour pairs of the tiles `seat` still holds (stack, pile, turned tile)."""
    tiles = state.tiles()
    return {data.pair_key(*tiles[t]) for t in state.players[seat].holding()}


def open_duties(state: LigrettoState) -> list[int]:
    """Pawns whose restart anybody may make: the player owing it has no tile that fits
    anywhere [D-9]."""
    anywhere = fits(state).anywhere
    out = []
    for seat, player in enumerate(state.players):
        if player.duties and not holding_keys(state, seat) & anywhere.keys():
            out.extend(player.duties)
    return out


def restart_pawns(state: LigrettoState, seat: int) -> list[int]:
    """Pawns `seat` may restart now: its own duties, then the open ones of others [D-9]."""
    own = state.players[seat].duties
    return list(own) + [p for p in open_duties(state) if p not in own]


def placeable_keys(state: LigrettoState, seat: int) -> set[int]:
    """The colour pairs `seat` could place now wherever it may place [D-9] [D-10]."""
    f = fits(state)
    player = state.players[seat]
    keys: set[int] = set()
    if restart_pawns(state, seat):
        keys.update(f.anywhere)
    if not player.duties:
        for pawn in range(len(state.pawns)):
            keys |= f.pawn_keys(pawn, player.jokers)
    return keys


def nobody_can_place(state: LigrettoState) -> bool:
    """[D-10]: no tile in any player's stack, pile or hand fits anywhere it may be placed,
    jokers included."""
    return not any(
        holding_keys(state, seat) & placeable_keys(state, seat)
        for seat in range(len(state.players))
    )


def tile_key(state: LigrettoState, tile: int) -> int:
    return data.pair_key(*state.tiles()[tile])


def hand_key(state: LigrettoState, seat: int) -> int | None:
    hand = state.players[seat].hand
    return None if hand == NO_TILE else tile_key(state, hand)


def pawn_paths(state: LigrettoState, seat: int, pawn: int) -> list[Path]:
    """Where the turned tile of `seat` fits at `pawn`, jokers included while it has them."""
    key = hand_key(state, seat)
    player = state.players[seat]
    if key is None or player.duties:
        return []
    f = fits(state)
    out: list[Path] = []
    for depth in range(player.jokers + 1):
        out.extend(f.at_pawn[pawn][depth].get(key, ()))
    return out


def restart_pairs(state: LigrettoState, seat: int) -> list[tuple[int, int]]:
    """Free matching pairs anywhere for the turned tile of `seat` (restarts) [D-9]."""
    key = hand_key(state, seat)
    if key is None:
        return []
    return fits(state).anywhere.get(key, [])
