"""Building scenarios: a fresh match, a chosen tile in hand, a board with only some squares free."""

from __future__ import annotations

from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.rules.rounds import end_round
from ludoteca.games.ligretto.state import FREE, NO_TILE, Ending, LigrettoState, Phase, square_key

W = 18
COVERED = square_key(3, 14)  # any tile of seat 3 lies there


def fresh(players: int = 3, seed: int = 1, **options: object) -> LigrettoState:
    return GAME.setup(players, seed, {"rounds": 2, **options})


def colour(state: LigrettoState, cell: int) -> int:
    return state.layout.colours[cell]


def give(state: LigrettoState, seat: int, a: int, b: int) -> int:
    """Put a tile of colours {a, b} of `seat` in its hand (taken from its stack or pile)."""
    player = state.players[seat]
    if player.hand != NO_TILE:
        player.stack.append(player.hand)
        player.hand = NO_TILE
    want = data.pair_key(a, b)
    for source in (player.stack, player.pile):
        for tile in source:
            if data.pair_key(*state.tiles()[tile]) == want:
                source.remove(tile)
                player.hand = tile
                return int(tile)
    raise AssertionError("no such tile left")


def give_for(state: LigrettoState, seat: int, near: int, far: int) -> int:
    return give(state, seat, colour(state, near), colour(state, far))


def give_mismatch(state: LigrettoState, seat: int, near: int, far: int) -> int:
    """Put a tile of `seat` in its hand whose colours are not those of squares near and far."""
    want = data.pair_key(colour(state, near), colour(state, far))
    other = next(t for t in state.tiles() if data.pair_key(*t) != want)
    return give(state, seat, *other)


def board(state: LigrettoState, free: set[int], pawns: list[int]) -> None:
    """Every square covered except `free`; pawns on the given squares."""
    state.cover = [FREE if c in free else COVERED for c in range(len(state.cover))]
    state.pawns = list(pawns)
    state.board_changed()


def region(top: int, left: int, rows: int, cols: int) -> set[int]:
    return {(top + r) * W + left + c for r in range(rows) for c in range(cols)}


def open_board(state: LigrettoState) -> None:
    state.cover = [FREE] * len(state.cover)
    state.board_changed()


def held(s: LigrettoState, counts: list[int]) -> None:
    for player, n in zip(s.players, counts, strict=True):
        tiles = [t for t in range(15) if t not in player.aside]
        player.stack, player.pile, player.hand = tiles[:n], [], NO_TILE


def finish_round_one(s: LigrettoState) -> None:
    end_round(s, Ending.HOST)
    while s.phase in (Phase.SET_ASIDE, Phase.TAKE_BACK):
        seat = min(GAME.actors(s))
        GAME.apply(s, seat, GAME.legal_actions(s, seat)[0])
