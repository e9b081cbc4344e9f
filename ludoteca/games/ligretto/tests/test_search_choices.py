"""The placements the search compares: legal, ranked by the seconds they save, the board they
leave read as the rules would read it, a joker rather than a discard, rival's pawns avoided."""

from __future__ import annotations

import pytest

from ludoteca.engine.rng import Rng
from ludoteca.games.ligretto import GAME, data
from ludoteca.games.ligretto.actions import Discard, Place, Restart
from ludoteca.games.ligretto.bots import choices
from ludoteca.games.ligretto.placement import fits, placements_with
from ludoteca.games.ligretto.state import NO_TILE, LigrettoState, Phase
from ludoteca.games.ligretto.tests.helpers import board, colour, fresh, give_for


def placing_states(players: int, seed: int) -> list[LigrettoState]:
    """Copies of a heuristic match at each moment a seat holds a turned tile."""
    state = GAME.setup(players, seed, {"rounds": 2})
    rng = Rng(seed)
    found: list[LigrettoState] = []
    while not GAME.is_over(state) and len(found) < 60:
        seat = rng.choice(sorted(GAME.actors(state)))
        if state.phase is Phase.PLAY and state.players[seat].hand != NO_TILE:
            found.append(state.clone())
        GAME.apply(state, seat, GAME.heuristic_action(state, seat, rng))
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_choices_are_legal_and_ranked_best_first(players: int) -> None:
    for state in placing_states(players, 3):
        for seat, player in enumerate(state.players):
            if player.hand == NO_TILE:
                continue
            moves = choices.search_choices(state, seat, Rng(0))
            legal = GAME.legal_actions(state, seat)
            assert moves and len(moves) <= choices.SEARCHED
            assert all(move in legal for move in moves)
            placed = [m for m in moves if isinstance(m, Place | Restart)]
            worth = [choices.seconds_saved(state, seat, as_candidate(m)) for m in placed]
            assert worth == sorted(worth, reverse=True)


def as_candidate(move: Place | Restart) -> tuple[int, int, int, tuple[int, ...]] | Restart:
    return move if isinstance(move, Restart) else (move.pawn, move.near, move.far, move.jokers)


def test_the_board_a_placement_leaves_is_read_as_the_rules_read_it() -> None:
    """plain_keys_after, worked out without playing the move, against the fits of the board
    after it is played."""
    checked = 0
    for state in placing_states(2, 5):
        for seat in range(2):
            for candidate in placements_with(state, seat, 0) + placements_with(state, seat, 1):
                after = state.clone()
                GAME.apply(after, seat, Place(*candidate))
                if after.phase is not Phase.PLAY:
                    continue
                pawn, near, far, jokers = candidate
                pawns = list(state.pawns)
                pawns[pawn] = far
                covered = sum(1 << cell for cell in (*jokers, near, far))
                assert choices.plain_keys_after(state, pawns, covered) == fits(after).plain_keys()
                checked += 1
    assert checked > 100


def test_a_tile_that_fits_only_with_a_joker_is_placed_with_one_rather_than_discarded() -> None:
    s = fresh(players=2)
    w = 18
    pawn = next(  # a square whose row goes on with a pair of other colours one square away
        2 * w + c for c in range(1, w - 4)
        if pair(s, 2 * w + c + 1, 2 * w + c + 2) != pair(s, 2 * w + c + 2, 2 * w + c + 3)
    )
    board(s, {pawn + 1, pawn + 2, pawn + 3}, [pawn])  # three free squares right of the pawn
    give_for(s, 0, pawn + 2, pawn + 3)  # fits one square away from the pawn: one joker
    assert s.players[0].held() > 8  # the heuristic would discard it this early
    assert GAME.heuristic_action(s, 0, Rng(0)) == Discard()
    moves = choices.search_choices(s, 0, Rng(0))
    assert moves and all(isinstance(m, Place) and len(m.jokers) == 1 for m in moves)


def pair(s: LigrettoState, a: int, b: int) -> int:
    return data.pair_key(colour(s, a), colour(s, b))


def test_a_pawn_the_rival_gets_to_first_is_avoided_one_it_gets_to_later_is_taken() -> None:
    s = fresh(players=2)
    w = 18
    a = 2 * w + 1
    b = next(  # another pawn, whose one free pair has other colours
        r * w + 10 for r in range(6, 11) if pair(s, r * w + 11, r * w + 12) != pair(s, a + 1, a + 2)
    )
    board(s, {a + 1, a + 2, b + 1, b + 2}, [a, b])
    give_for(s, 1, a + 1, a + 2)  # the rival's tile fits next to pawn 0 only
    assert choices.contest(s, 1, 0) == pytest.approx(2 * choices.RIVAL_FIRST_HOLDING - 1)
    assert choices.contest(s, 1, 1) == 0
    s.players[1].stack.append(s.players[1].hand)  # the same tile, still to be turned over
    s.players[1].stack[:-1] = []
    s.players[1].pile = []
    s.players[1].hand = NO_TILE
    assert choices.contest(s, 1, 0) == pytest.approx(2 * choices.RIVAL_FIRST_LATER - 1)
    assert choices.contest(s, 1, 0) < 0
