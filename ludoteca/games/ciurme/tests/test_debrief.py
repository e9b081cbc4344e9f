"""The facilitator's debrief and the result's details."""

from __future__ import annotations

from ludoteca.games.ciurme import GAME
from ludoteca.games.ciurme.data import Wood
from ludoteca.games.ciurme.debrief import debrief
from ludoteca.games.ciurme.tests.helpers import (
    assembly,
    phase1,
    play_round,
)


def test_debrief_tables_and_result_details() -> None:
    import json

    state = assembly()
    a, b = state.ranking
    play_round(state, ships={a: 0, b: 1})
    play_round(state, ships={a: 0, b: 1})
    report = debrief(state)
    json.dumps(report)
    crew = report["crews"][0]
    assert set(crew) >= {"wood", "help", "turns_per_place", "votes", "depositions", "objectives"}
    assert len(report["rounds"]) == 2 and report["rounds"][0]["points"]
    details = GAME.result(state).details
    assert details["crews"] == {"0": [0, 1, 2, 3], "1": [4, 5, 6, 7]}
    per = details["per_crew"][0]
    assert set(per) >= {"phase1_turns_to_restore", "phase1_rank", "repairs_by_captain",
                        "objectives_won", "stamp_values_per_round", "points_per_ship"}


def test_debrief_is_the_games_debrief_hook() -> None:
    state = phase1()
    assert GAME.debrief(state)["crews"][0]["members"] == {
        "0": Wood.YELLOW, "1": Wood.PURPLE, "2": Wood.GREEN, "3": Wood.ORANGE
    }
