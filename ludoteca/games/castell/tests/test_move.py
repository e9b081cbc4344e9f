"""Move: anywhere at first, then to an adjacent region."""

from __future__ import annotations

import pytest

from ludoteca.engine.errors import IllegalAction
from ludoteca.games.castell import GAME
from ludoteca.games.castell.actions import EndTurn, Move
from ludoteca.games.castell.data import REGIONS, Region
from ludoteca.games.castell.tests.helpers import act, fresh


def test_move_first_anywhere_then_adjacent_only() -> None:
    # "Alla prima mossa, si aggiunge la pedina al tabellone di gioco in una regione a scelta."
    # "spostare la pedina in un'altra regione adiacente a quella attuale"
    state = fresh()
    seat = state.current
    moves = {a.region for a in GAME.legal_actions(state, seat) if isinstance(a, Move)}
    assert moves == set(REGIONS)
    act(state, seat, Move(Region.TARRAGONA))
    act(state, seat, EndTurn())
    while state.current != seat:
        act(state, state.current, EndTurn())
    moves = {a.region for a in GAME.legal_actions(state, seat) if isinstance(a, Move)}
    assert moves == {"Valls", "Vilanova"}
    with pytest.raises(IllegalAction, match="you may move to"):
        act(state, seat, Move(Region.GIRONA))

