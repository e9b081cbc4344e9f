"""The cached placement search (lookup tables, bit sets, pawns and menus of Place actions kept
between placements) against a plain search of the board written straight from [D-8] and
[D-9], after every placement of seeded bot rounds (whether a placement would shut a pawn in
included); and clones never see each other's board through the shared cache."""

from __future__ import annotations

from itertools import product

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import Place, Restart
from ludoteca.games.ligretto.geometry import bits
from ludoteca.games.ligretto.placement import Fits, count_placements, fits
from ludoteca.games.ligretto.state import FREE, NO_TILE, LigrettoState, Phase


def plain_paths(state: LigrettoState, pawn: int) -> dict[tuple[int, int], list[tuple]]:  # type: ignore[type-arg]
    """(key, jokers) -> [(near, far, jokers)] at `pawn`, by walking the board [D-8]: jokers on
    free squares stepping away from the pawn, then a tile whose near square touches the last
    one; no square under another pawn, no square covered twice, the tile not on the pawn's
    own square unless a joker moved it off; and no joker where fewer jokers lay the tile on
    the same squares."""
    nb, col = state.layout.neighbours, state.layout.colours
    start = state.pawns[pawn]
    others = set(state.pawns) - {start}

    def usable(cell: int) -> bool:
        return state.cover[cell] == FREE and cell not in others

    out: dict[tuple[int, int], list[tuple]] = {}  # type: ignore[type-arg]
    walks: list[tuple[int, ...]] = [()]
    walks += [(j1,) for j1 in nb[start] if usable(j1)]
    walks += [(j1, j2) for (j1,) in walks[1:] for j2 in nb[j1] if usable(j2)]
    for jokers in sorted(walks, key=len):
        at = jokers[-1] if jokers else start
        passed = jokers or (start,)
        for near in nb[at]:
            for far in nb[near]:
                if usable(near) and usable(far) and near not in passed and far not in passed:
                    key = data.pair_key(col[near], col[far])
                    fewer = [
                        (n, f) for j in range(len(jokers)) for n, f, _ in out.get((key, j), [])
                    ]
                    if (near, far) not in fewer:  # no joker spent for nothing
                        out.setdefault((key, len(jokers)), []).append((near, far, jokers))
    return out


def plain_dead_end(state: LigrettoState, cell: int) -> bool:
    """[D-9]: no two free side-adjacent squares touch the pawn's square."""
    nb = state.layout.neighbours
    free = [c for c in range(len(state.cover))
            if state.cover[c] == FREE and c not in state.pawns]
    return not any(far != cell and far in free for near in nb[cell] if near in free
                   for far in nb[near])


def plain_shuts_in(state: LigrettoState, pawn: int, to: int, covered: list[int]) -> bool:
    """[D-9]: after covering `covered` and moving `pawn` to `to`, some pawn is in a dead end."""
    after = state.clone()
    for cell in covered:
        after.cover[cell] = 0  # any tile
    after.pawns[pawn] = to
    return any(plain_dead_end(after, cell) for cell in after.pawns)


def assert_fits_match(state: LigrettoState) -> None:
    cached = fits(state)
    keys = {data.pair_key(a, b) for a, b in data.TILE_SETS[state.colours]}
    expected = [plain_paths(state, pawn) for pawn in range(len(state.pawns))]
    for pawn, key, jokers in product(range(len(state.pawns)), keys, range(3)):
        assert cached.at_pawn(pawn, key, jokers) == expected[pawn].get((key, jokers), [])
    for key, jokers in product(keys, range(3)):  # the menus, kept between placements too
        assert cached.places(key, jokers) == [
            Place(pawn, *path)
            for pawn in range(len(state.pawns))
            for used in range(jokers + 1)
            for path in expected[pawn].get((key, used), [])
        ]
    assert cached.stuck == [plain_dead_end(state, cell) for cell in state.pawns]
    assert cached.plain_keys() == {
        key for paths in expected for (key, jokers) in paths if jokers == 0
    }
    for pawn, key, jokers in product(range(len(state.pawns)), keys, (0, 1)):
        for near, far, used in cached.at_pawn(pawn, key, jokers):
            assert cached.shuts_in(pawn, far, bits([near, *used])) == plain_shuts_in(
                state, pawn, far, [near, far, *used]
            )
    fresh = Fits(state)
    for key in keys:
        assert cached.free_pairs(key) == fresh.free_pairs(key)
        pairs = fresh.free_pairs(key)
        for pawn in range(len(state.pawns)):
            assert cached.restarts(pawn, key) == [
                Restart(pawn, *squares) for a, b in pairs for squares in ((a, b), (b, a))
            ]
        assert all(state.cover[a] == state.cover[b] == FREE for a, b in pairs)
        assert not {c for pair in pairs for c in pair} & set(state.pawns)


@pytest.mark.parametrize(("players", "colours"), [(2, 4), (3, 5), (4, 6)])
def test_cached_fits_match_a_plain_search_after_every_placement(
    players: int, colours: int
) -> None:
    rng = Rng(players * 10 + colours)
    state = GAME.setup(players, colours, {"rounds": 1, "colours": colours})
    checked = 0
    while state.phase is Phase.PLAY and checked < 40:
        seat = rng.choice(sorted(GAME.actors(state)))
        action = GAME.heuristic_action(state, seat, rng)
        GAME.apply(state, seat, action)
        if isinstance(action, Place | Restart) and state.phase is Phase.PLAY:
            assert_fits_match(state)
            checked += 1
    assert checked >= 20


def test_a_clone_keeps_its_own_fits() -> None:
    """The cache is shared by clones but never changed in place: a placement on the clone
    leaves the original's placements as they were."""
    rng = Rng(5)
    state = GAME.setup(4, 5, {"rounds": 1})
    for _ in range(60):
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.apply(state, seat, GAME.heuristic_action(state, seat, rng))
    assert state.phase is Phase.PLAY
    before = [list(GAME.legal_actions(state, s)) for s in range(4)]
    copy = GAME.clone(state)
    placed = 0
    for _ in range(200):
        seat = rng.choice(sorted(GAME.actors(copy)))
        action = GAME.heuristic_action(copy, seat, rng)
        GAME.apply(copy, seat, action)
        placed += isinstance(action, Place | Restart)
        if placed >= 3 or copy.phase is not Phase.PLAY:
            break
    assert placed
    assert [GAME.legal_actions(state, s) for s in range(4)] == before
    assert_fits_match(state)


@pytest.mark.parametrize(("players", "seed"), [(2, 2), (2, 12), (3, 3), (3, 13), (4, 4), (4, 14)])
def test_menus_kept_between_placements_match_a_fresh_look_in_random_games(
    players: int, seed: int
) -> None:
    """Random playouts: every seat's menu (placements and restarts, kept per pawn between
    placements, jokers included) and its count of fits are those of the same board looked at
    afresh."""
    rng = Rng(seed)
    state = GAME.setup(players, seed, {"rounds": 2})
    seats = range(players)
    with_jokers = 0
    for _ in range(700):
        if GAME.is_over(state):
            break
        if state.phase is Phase.PLAY:
            fresh = GAME.clone(state)
            fresh.cache = None  # the clone alone forgets what was found
            assert [GAME.legal_actions(fresh, s) for s in seats] == [
                GAME.legal_actions(state, s) for s in seats
            ]
            assert [count_placements(fresh, s) for s in seats] == [
                count_placements(state, s) for s in seats
            ]
            with_jokers += any(p.jokers and p.hand != NO_TILE for p in state.players)
        seat = rng.choice(sorted(GAME.actors(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert with_jokers >= 5  # menus with jokers compared too
