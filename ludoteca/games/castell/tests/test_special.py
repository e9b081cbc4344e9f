"""The special action: a token, one more recruit or one more step."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell.actions import (
    EndTurn,
    Move,
    Recruit,
    SpecialMove,
    SpecialRecruit,
)
from ludoteca.games.castell.data import Region
from ludoteca.games.castell.tests.helpers import (
    act,
    fresh,
)


def test_special_action_needs_a_token_and_d19_d20() -> None:
    # "dovete avere a disposizione un gettone azione speciale" ... "posizionare la pedina
    # azione speciale nell'area delle prestazioni locali ... corrispondente alla regione della
    # vostra pedina."
    state = fresh()
    seat = state.current
    act(state, seat, Move(Region.VALLS))
    with pytest.raises(IllegalAction, match="you may move to"):
        act(state, seat, SpecialMove(Region.GIRONA))  # [D-19] one step more, to an adjacent region
    act(state, seat, SpecialMove(Region.TARRAGONA))
    assert state.players[seat].tokens == 6
    assert state.row_tokens[Region.TARRAGONA] == [seat]  # [D-20] where the pawn now stands
    with pytest.raises(IllegalAction, match="already used your special"):
        act(state, seat, SpecialMove(Region.VILANOVA))
    act(state, seat, EndTurn())
    other = state.current
    state.players[other].tokens = 0
    state.players[other].pawn = Region.VALLS
    with pytest.raises(IllegalAction, match="no special action token"):
        act(state, other, SpecialMove(Region.LLEIDA))


def test_special_recruit_one_more() -> None:
    state = fresh()
    seat = state.current
    state.regions[Region.VALLS] = [8, 7, 6]
    act(state, seat, Move(Region.VALLS))
    act(state, seat, Recruit((8, 7)))
    act(state, seat, SpecialRecruit(6))
    assert 6 in state.players[seat].team and state.regions[Region.VALLS] == []

