"""Recruit: one or two castellers from the pawn's region."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell.actions import Move, Recruit
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.tests.helpers import act, fresh


def test_recruit_up_to_two_from_the_pawns_region() -> None:
    # "reclutare fino a due Castelleri dalla regione in cui si trova la vostra pedina"
    state = fresh()
    seat = state.current
    with pytest.raises(IllegalAction, match="not on the board"):
        act(state, seat, Recruit((5,)))
    state.regions[Region.VALLS] = [9, 9, 2]
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match="1 or 2"):
        act(state, seat, Recruit((9, 9, 2)))
    with pytest.raises(IllegalAction, match="has no"):
        act(state, seat, Recruit((5,)))
    before = len(state.players[seat].team)
    act(state, seat, Recruit((9, 9)))
    assert state.regions[Region.VALLS] == [2] and len(state.players[seat].team) == before + 2

