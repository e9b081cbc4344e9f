"""Where tiles fit: placements at the pawns (with 0, 1 or 2 jokers), free pairs anywhere for
restarts, dead ends, and the exact "nobody can place any more" test [D-10].

Everything here is derived from the board and the pawns and kept in `state.cache` (a `Fits`),
shared by the rules, the views and the bots. A `Fits` is a snapshot: it is never changed after
the board moves on (clones share it), only replaced. After a placement the new one reuses the
placements of every pawn the placement could not affect.
"""

from __future__ import annotations

from collections.abc import Iterable

from ludoteca.games.ligretto.geometry import Geometry, geometry, tile_keys
from ludoteca.games.ligretto.state import FREE, NO_TILE, LigrettoState

# A placement at a pawn: (joker squares, near square, far square).
Path = tuple[tuple[int, ...], int, int]
# Per pawn, per number of jokers used (0-2): colour pair key -> placements.
PawnPaths = tuple[dict[int, list[Path]], dict[int, list[Path]], dict[int, list[Path]]]


class Fits:
    """Where a tile of each colour pair (data.pair_key) can go on one board; each part is
    searched on first use, as many are never asked for."""

    def __init__(
        self, state: LigrettoState, before: Fits | None = None, covered: Iterable[int] = ()
    ) -> None:
        self.geometry: Geometry = geometry(len(state.players), state.colours)
        self.cover = tuple(state.cover)
        self.pawns = tuple(state.pawns)
        self._paths: list[PawnPaths | None] = [None] * len(self.pawns)
        self._free_pairs: dict[int, list[tuple[int, int]]] = {}
        self.stuck = [False] * len(self.pawns)  # per pawn: in a dead end [D-9]
        kept = self._keep_unaffected(before, covered) if before is not None else set()
        for pawn, cell in enumerate(self.pawns):
            if pawn not in kept:
                self.stuck[pawn] = is_dead_end(self.geometry, self.cover, self.pawns, cell)

    def _keep_unaffected(self, before: Fits, covered: Iterable[int]) -> set[int]:
        """Take over from `before` the placements and dead ends of every pawn that stayed put
        and has no changed square within its reach: they cannot have changed."""
        changed = set(covered) | (set(before.pawns) ^ set(self.pawns))
        kept = set()
        for pawn, cell in enumerate(self.pawns):
            if before.pawns[pawn] == cell and self.geometry.reach[cell].isdisjoint(changed):
                self._paths[pawn] = before._paths[pawn]
                self.stuck[pawn] = before.stuck[pawn]
                kept.add(pawn)
        return kept

    def at_pawn(self, pawn: int) -> PawnPaths:
        found = self._paths[pawn]
        if found is None:
            found = self._paths[pawn] = search_from_pawn(self, pawn)
        return found

    def free_pairs(self, key: int) -> list[tuple[int, int]]:
        """Free side-adjacent pairs (a < b) of colour pair `key` anywhere on the board, for
        restarts [D-9]; a square under a pawn is not free."""
        found = self._free_pairs.get(key)
        if found is None:
            cover, pawns = self.cover, self.pawns
            found = self._free_pairs[key] = [
                (a, b) for a, b in self.geometry.pairs_by_key.get(key, ())
                if cover[a] == FREE and cover[b] == FREE and a not in pawns and b not in pawns
            ]
        return found

    def fits_at_pawns(self, key: int, jokers: int) -> bool:
        """Whether a tile of `key` fits next to some pawn using at most `jokers` jokers."""
        return any(
            key in self.at_pawn(pawn)[depth]
            for depth in range(jokers + 1) for pawn in range(len(self.pawns))
        )


def fits(state: LigrettoState) -> Fits:
    """The placements of the current board (cached until the board or a pawn changes)."""
    if state.cache is None:
        state.cache = Fits(state)
    result: Fits = state.cache
    return result


def squares_covered(state: LigrettoState, squares: Iterable[int]) -> None:
    """Use instead of `state.board_changed()` right after a placement covered `squares` (and
    moved a pawn): the cached fits are those of the board just before it."""
    before = state.cache
    state.cache = None if before is None else Fits(state, before, squares)


def search_from_pawn(fits: Fits, pawn: int) -> PawnPaths:
    """Placements for a pawn. A joker covers a square and the pawn steps onto it, so the
    squares behind it are judged from there (its old square is free again if no tile lies
    under it) [D-8]."""
    nb, steps, cover = fits.geometry.neighbours, fits.geometry.steps, fits.cover
    start = fits.pawns[pawn]
    others = set(fits.pawns) - {start}  # pawns never share a square
    by_depth: PawnPaths = ({}, {}, {})

    def tiles_from(at: int, taken: tuple[int, ...], out: dict[int, list[Path]]) -> None:
        passed = taken or (at,)  # squares the tile may not cover: the jokers, or the pawn's
        for near in nb[at]:
            if cover[near] != FREE or near in others or near in passed:
                continue
            for far, key in steps[near]:
                if cover[far] != FREE or far in others or far in passed:
                    continue
                found = out.get(key)
                if found is None:
                    out[key] = [(taken, near, far)]
                else:
                    found.append((taken, near, far))

    tiles_from(start, (), by_depth[0])
    for j1 in nb[start]:
        if cover[j1] != FREE or j1 in others:
            continue
        tiles_from(j1, (j1,), by_depth[1])
        for j2 in nb[j1]:
            if cover[j2] != FREE or j2 in others:
                continue
            tiles_from(j2, (j1, j2), by_depth[2])
    return by_depth


def is_dead_end(
    geo: Geometry, cover: tuple[int, ...] | list[int], pawns: Iterable[int], cell: int,
    extra: Iterable[int] = (),
) -> bool:
    """No two free side-adjacent squares touch `cell` [D-9]; squares under `pawns` or in
    `extra` count as taken."""
    for near in geo.neighbours[cell]:
        if cover[near] != FREE or near in pawns or near in extra:
            continue
        for far in geo.neighbours[near]:
            if far != cell and cover[far] == FREE and far not in pawns and far not in extra:
                return False
    return True


def holding_keys(state: LigrettoState, seat: int) -> set[int]:
    """The colour pairs of the tiles `seat` still holds (stack, pile, turned tile)."""
    keys = tile_keys(state.colours)
    return {keys[t] for t in state.players[seat].holding()}


def open_duties(state: LigrettoState) -> list[int]:
    """Pawns whose restart anybody may make: the player owing it has no tile that fits
    anywhere [D-9]."""
    out = []
    for seat, player in enumerate(state.players):
        if player.duties:
            free_pairs = fits(state).free_pairs
            if not any(free_pairs(key) for key in holding_keys(state, seat)):
                out.extend(player.duties)
    return out


def restart_pawns(state: LigrettoState, seat: int) -> list[int]:
    """Pawns `seat` may restart now: its own duties, then the open ones of others [D-9]."""
    own = state.players[seat].duties
    return list(own) + [p for p in open_duties(state) if p not in own]


def nobody_can_place(state: LigrettoState) -> bool:
    """[D-10]: no tile in any player's stack, pile or hand fits anywhere it may be placed,
    jokers included."""
    f = fits(state)
    restarts_open = bool(open_duties(state))
    for seat, player in enumerate(state.players):
        keys = holding_keys(state, seat)
        if (player.duties or restarts_open) and any(f.free_pairs(k) for k in keys):
            return False
        if not player.duties and any(f.fits_at_pawns(k, player.jokers) for k in keys):
            return False
    return True


def hand_key(state: LigrettoState, seat: int) -> int | None:
    hand = state.players[seat].hand
    return None if hand == NO_TILE else tile_keys(state.colours)[hand]


def pawn_paths(state: LigrettoState, seat: int, pawn: int, most_jokers: int = 2) -> list[Path]:
    """Where the turned tile of `seat` fits at `pawn`, with up to `most_jokers` jokers while it
    has them."""
    key = hand_key(state, seat)
    player = state.players[seat]
    if key is None or player.duties:
        return []
    by_depth = fits(state).at_pawn(pawn)
    out: list[Path] = []
    for depth in range(min(player.jokers, most_jokers) + 1):
        out.extend(by_depth[depth].get(key, ()))
    return out


def restart_pairs(state: LigrettoState, seat: int) -> list[tuple[int, int]]:
    """Free matching pairs anywhere for the turned tile of `seat` (restarts) [D-9]."""
    key = hand_key(state, seat)
    if key is None:
        return []
    return fits(state).free_pairs(key)


def count_placements(state: LigrettoState, seat: int) -> int:
    """How many placements the turned tile of `seat` has (the length of the game's
    `placements`, without listing them)."""
    key = hand_key(state, seat)
    if key is None:
        return 0
    pawns = restart_pawns(state, seat)
    count = 2 * len(pawns) * len(fits(state).free_pairs(key)) if pawns else 0
    player = state.players[seat]
    if not player.duties:
        for pawn in range(len(state.pawns)):
            by_depth = fits(state).at_pawn(pawn)
            count += sum(len(by_depth[d].get(key, ())) for d in range(player.jokers + 1))
    return count
