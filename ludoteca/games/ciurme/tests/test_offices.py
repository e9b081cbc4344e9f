"""The captain, chosen by repairs."""

from __future__ import annotations

from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.actions import (
    ClosePhase1,
    FirstPlayer,
    StartPhase,
)
from ludoteca.games.ciurme.data import NEUTRAL
from ludoteca.games.ciurme.rules.offices import choose_captain
from ludoteca.games.ciurme.tests.helpers import (
    act,
    phase1,
)


def test_captain_at_seven_with_the_earlier_reached_tie_rule() -> None:
    # "massimo 7, se più di un giocatore ha aggiustato 7 volte, il primo che lo fa"
    state = phase1()
    crew = state.crews[0]
    crew.pieces = [(1, NEUTRAL, 1)] * 7 + [(2, NEUTRAL, 2)] * 7 + [(0, NEUTRAL, 0)]
    crew.reached_at = [5, 40, 30, 0]
    assert choose_captain(crew) == 2


def test_captain_with_no_repairs_is_the_earliest_in_turn_order() -> None:
    # [D-17]
    state = GAME.setup(8, 0)
    act(state, 8, FirstPlayer(0, 2))
    act(state, 8, StartPhase(1))
    act(state, 8, ClosePhase1())
    assert state.crews[0].captain == 2 and state.crews[1].captain == 4
