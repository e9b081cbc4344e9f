"""The objectives at the end of the Assembly."""

from __future__ import annotations

from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.options import TieBreak
from ludoteca.games.ciurme.rules.objectives import objectives, owners
from ludoteca.games.ciurme.state import Stage
from ludoteca.games.ciurme.tests.helpers import (
    assembly,
    play_round,
)


def test_as_many_rounds_as_crews_then_objectives() -> None:
    # "un numero di giri pari al numero di ciurme"; "Vince chi ottiene gli obiettivi"
    state = assembly(prefs=(1, 2))
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 2})
    assert state.stage == Stage.OVER
    outcome = objectives(state)
    assert outcome[a]["command"] and outcome[b]["personal"] == "maximal"
    assert outcome[b]["power"] and not outcome[a]["power"]  # 2 ships against 1
    result = GAME.result(state)
    assert result.scores[state.crews[b].members[0]] == 2.0


def test_tied_ship_unassigned_or_to_the_better_phase1_rank() -> None:
    # [D-11], [D-12]
    state = assembly()
    a, b = state.ranking
    state.crews[a].points = [0, 3, 0, 0]
    state.crews[b].points = [0, 3, 0, 0]
    assert owners(state) == [None, None, None, None]
    assert all(not o["power"] for o in objectives(state))  # no ship, no power
    state.options = type(state.options)(ship_tie_break=TieBreak.PHASE1_RANK)
    assert owners(state)[1] == a
    state.crews[b].points = [0, 3, 3, 0]
    state.crews[a].points = [3, 0, 0, 3]
    state.options = type(state.options)()
    assert [o["power"] for o in objectives(state)] == [True, True]  # shared
