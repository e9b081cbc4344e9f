"""A last tile that also blocks every pawn: the round ends "Ligretto stop!", not stuck. The
fingerprints change when this goes wrong; this test says what broke."""

from __future__ import annotations

from ludoteca.games.ligretto import GAME
from ludoteca.games.ligretto.actions import Place
from ludoteca.games.ligretto.state import Ending
from ludoteca.games.ligretto.tests.helpers import board, fresh, give_for


def test_the_last_tile_ends_the_round_ligretto_stop_even_when_it_blocks_every_pawn() -> None:
    # "The round ends at once when a player has placed all their tiles ("Ligretto stop!")";
    # the round ends stuck [D-10] only when nobody went out: seat 1 places its last tile on the
    # last free pair, so both hold, and the one who went out wins alone, though seat 2 placed
    # as many tiles this round (a stuck round's count [D-14] would make them both winners)
    s = fresh(players=3)
    board(s, {41, 42}, [40, 100, 200, 300])
    s.players[1].placed = 4
    s.players[2].placed = 5
    give_for(s, 1, 41, 42)
    s.players[1].stack, s.players[1].pile = [], []
    assert s.players[1].held() == 1
    after = GAME.clone(s)
    after.players[1].stack = [after.players[2].stack[0]]  # had it not been the last tile
    GAME.apply(after, 1, Place(0, 41, 42))
    assert after.history[-1].ending == Ending.STUCK  # the placement blocks every pawn
    GAME.apply(s, 1, Place(0, 41, 42))
    record = s.history[-1]
    assert record.ending == Ending.LIGRETTO
    assert record.winners == [1] and record.points[1] == 2 and record.points[2] != 2
